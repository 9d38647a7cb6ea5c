"""Battle odds: who is likely to hold the zone after a battle, and what each side loses.

A battle is played through the engine's own battle rules (the theme's battle steps, its
force modifiers, B5-B7 casualties and retreat), from a position where the two sides
stand in one zone. Every choice in the battle (battle cards, casualties, the retreat)
is taken at random among the legal ones, each equally likely. When the tree of those
choices is small the odds are exact: every branch is followed and weighed. Otherwise,
or when chance enters (dice, cards dealt, hidden units drawn), many seeded battles are
played and counted::

    >>> from warp_empires.odds import cli_battle
    >>> game, zone = cli_battle("doctor_who", ("daleks", ["monitors", "scouts"]), ("cybermen", ["patrols"]))
    >>> odds = battle_odds(game, zone, 0, 1)
    >>> odds.how(), odds.attacker_wins, odds.defender_losses
    ('exact (2 outcomes weighed)', 1.0, 1.0)

"Wins" means holding the zone afterwards: the side has units there and the other has
none. Both sides may fall (a winner that cannot pay its losses loses everything, B6),
so the two chances may add up to less than 1.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from .engine import Game

#: Branches followed at most before exact counting gives way to simulated battles.
EXACT_LIMIT = 4000

#: Battles played when the odds are simulated.
SIMULATIONS = 2000

#: After this many simulated battles that all ended alike, no more are played.
SAME_EVERY_TIME = 100

#: Events that mean chance entered the battle: its branches can no longer be counted.
CHANCE = frozenset({"die_rolled", "deck_reshuffled"})


@attrs.frozen
class Odds:
    """The odds of one battle. Losses are in units; ``battles`` counts the outcomes
    weighed (exact) or the battles played (simulated)."""

    method: str  # "exact" or "simulated"
    battles: int
    attacker_wins: float
    defender_wins: float
    attacker_losses: float
    defender_losses: float
    note: str = ""

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def margin(self, p: float) -> float:
        """Two standard errors of a simulated chance ``p`` (0 when exact)."""
        return 0.0 if self.exact else 2 * math.sqrt(max(p * (1 - p), 0.0) / self.battles)

    def how(self) -> str:
        """The method in words, e.g. ``exact (12 outcomes)`` or ``2000 simulated battles``."""
        if self.exact:
            return f"exact ({self.battles} outcome{'s' if self.battles != 1 else ''} weighed)"
        return f"{self.battles} simulated battles" + (f", {self.note}" if self.note else "")

    def short(self) -> str:
        """One cell for a table: ``win 75% · lose 0.5 / 2.0``."""
        approx = "" if self.exact else "~"
        return f"win {approx}{self.attacker_wins:.0%} · losses {self.attacker_losses:.1f} / {self.defender_losses:.1f}"

    def as_dict(self) -> dict[str, Any]:
        """The figures, chances and losses to 4 decimals."""
        return {k: round(v, 4) if isinstance(v, float) else v for k, v in attrs.asdict(self).items()}


# ---------------------------------------------------------------------- playing one battle


def battle_position(game: Game, zone: int, attacker: int, defender: int, copy: bool = True) -> Game:
    """A copy of ``game`` (``game`` itself if not ``copy``) about to fight the battle in
    ``zone``, and nothing after it.

    The copy's rule stack holds only the theme's battle steps, so running it to the end
    plays exactly one battle, as the battle phase would (B5)."""
    twin = game.clone() if copy else game
    twin._stack = []  # a battle on its own, outside any turn
    twin.pending = None
    twin.state.battle = None
    twin.state.active = attacker
    twin.state.phase = "battle"
    twin.push(*twin.hook.warp_battle_steps(game=twin, zone=zone, attacker=attacker, defender=defender))
    twin._run_rules(lambda: None)
    return twin


def _counts(game: Game, seats: Sequence[int], zone: int) -> list[tuple[int, ...]]:
    """The units each of ``seats`` has in ``zone``: the ones the battle may cost them."""
    return [tuple(game.state.stack(zone, s)) for s in seats]


def _outcome(game: Game, zone: int, attacker: int, defender: int, before: Sequence[Sequence[int]]) -> tuple[int, int, int, int]:
    """(attacker holds, defender holds, attacker's losses, defender's losses) of a finished
    battle; a unit is lost when it is no longer its side's unit on the board (a retreat is no loss)."""
    s = game.state
    a_in, d_in = s.occupies(attacker, zone), s.occupies(defender, zone)
    lost = [sum(1 for u in ids if s.units[u].owner != seat or s.units[u].zone < 0) for seat, ids in zip((attacker, defender), before)]
    return int(a_in and not d_in), int(d_in and not a_in), lost[0], lost[1]


def _branches(decision: Any) -> list[Any]:
    n, k = len(decision.options), decision.count
    return list(range(n)) if k == 1 else [list(c) for c in itertools.combinations(range(n), k)]


def enumerate_battle(start: Game, zone: int, attacker: int, defender: int, before: Sequence[int],
                     limit: int = EXACT_LIMIT) -> Odds | None:
    """Exact odds by following every branch of the battle's choices from ``start`` (a
    started battle; ``before``: both sides' units in the zone before it); ``None`` if there are
    more than ``limit`` branches or chance enters the battle."""
    if any(e.kind in CHANCE for e in start.events):
        return None
    totals = [Fraction(0)] * 4  # weighed as fractions: a certain outcome comes out as exactly 1
    outcomes = 0
    todo: list[tuple[Game, Fraction]] = [(start, Fraction(1))]
    visited = 0
    while todo:
        game, weight = todo.pop()
        decision = game.pending
        if decision is None:
            outcomes += 1
            for i, value in enumerate(_outcome(game, zone, attacker, defender, before)):
                totals[i] += weight * value
            continue
        branches = _branches(decision)
        visited += len(branches)
        if visited > limit:
            return None
        share = weight / len(branches)
        for choice in branches:
            twin = game.clone()
            twin.decide(choice)
            if any(e.kind in CHANCE for e in twin.events):
                return None
            todo.append((twin, share))
    return Odds("exact", outcomes, *(float(x) for x in totals))


def simulate_battle(make_start: Callable[[random.Random], tuple[Game, Sequence[int]]], zone: int, attacker: int,
                    defender: int, battles: int = SIMULATIONS, seed: int = 0, note: str = "") -> Odds:
    """Odds from ``battles`` battles, each from ``make_start(rng)`` (a started battle, which
    may itself be drawn at random, and both sides' units in the zone before it) and played with
    choices at random, all seeded from ``seed``."""
    rng = random.Random(seed)
    totals = [0, 0, 0, 0]
    seen: set[tuple[int, ...]] = set()
    played = 0
    while played < battles:
        game, before = make_start(rng)
        while (decision := game.pending) is not None:
            n = len(decision.options)
            game.decide(rng.randrange(n) if decision.count == 1 else rng.sample(range(n), decision.count))
        outcome = _outcome(game, zone, attacker, defender, before)
        for i, value in enumerate(outcome):
            totals[i] += value
        played += 1
        seen.add(outcome)
        if played == SAME_EVERY_TIME and len(seen) == 1:
            break  # every battle so far ended alike: more of them would tell nothing new
    return Odds("simulated", played, *(t / played for t in totals), note=note)


def battle_odds(game: Game, zone: int, attacker: int, defender: int, *, limit: int = EXACT_LIMIT,
                battles: int = SIMULATIONS, seed: int = 0) -> Odds:
    """The odds of the battle in ``zone`` with every unit and hand as ``game`` holds them:
    exact when the tree is small, else ``battles`` seeded simulated battles."""
    before = _counts(game, (attacker, defender), zone)
    odds = enumerate_battle(battle_position(game, zone, attacker, defender), zone, attacker, defender, before, limit)
    if odds is not None:
        return odds
    return simulate_battle(lambda rng: started_battle(game, zone, attacker, defender, rng), zone, attacker, defender, battles, seed)


def started_battle(game: Game, zone: int, attacker: int, defender: int, rng: random.Random) -> tuple[Game, list[int]]:
    """A started battle whose own dice come from ``rng`` (set before the battle starts,
    as its first steps may already roll)."""
    twin = game.clone()
    twin.rng = random.Random(rng.getrandbits(64))
    return battle_position(twin, zone, attacker, defender, copy=False), _counts(game, (attacker, defender), zone)


# ---------------------------------------------------------------------- positions


def empty_hands(game: Game) -> None:
    """Put every hand back into the deck: the odds count units, not the cards held."""
    s = game.state
    for p in s.players:
        s.deck.extend(p.hand)
        p.hand = []


def deal(game: Game, count: int, rng: random.Random, seats: Sequence[int]) -> None:
    """Deal ``count`` cards at random from the deck to each of ``seats``."""
    s = game.state
    for seat in seats:
        picked = rng.sample(range(len(s.deck)), min(count, len(s.deck)))
        for i in sorted(picked, reverse=True):
            s.players[seat].hand.append(s.deck.pop(i))


def move_odds(game: Game, viewer: int, units: Sequence[int], zone: int, *, attacker: int | None = None,
              battles: int = 300, limit: int = 1000) -> Odds | None:
    """The odds of the battle in ``zone`` once ``units`` of ``viewer`` have moved in
    (``None`` if no enemy stands there), from what ``viewer`` may see (B14).

    ``viewer`` attacks unless ``attacker`` names another seat (the player whose battle
    phase it is); an attacker fights the first opponent in seat order, as the battle
    phase does. The cards in hand are not counted. The enemy's units under its top unit
    are hidden: each simulated battle deals every hidden thing again from the viewer's
    view (:func:`~warp_empires.agents.determinize.determinize`), so the figures tell
    nothing the screen does not.
    """
    s = game.state
    n = len(s.players)
    if attacker is None or attacker == viewer:
        attacker, owners = viewer, s.owners_in(zone) - {viewer}
        if not owners:
            return None
        defender = enemy = next((viewer + i) % n for i in range(1, n) if (viewer + i) % n in owners)
    else:
        if not (s.occupies(attacker, zone) and (units or s.occupies(viewer, zone))):
            return None
        defender, enemy = viewer, attacker
    base = game.clone()
    bs = base.state
    for u in units:
        bs.move_unit(u, zone)
    empty_hands(base)
    hidden = bs.stack(zone, enemy)[1:]
    if not hidden:
        return battle_odds(base, zone, attacker, defender, limit=limit, battles=battles, seed=game.setup.seed + zone)

    def make_start(rng: random.Random) -> tuple[Game, list[tuple[int, ...]]]:
        # Every unit hidden from the viewer, here and elsewhere, dealt again from what the
        # viewer sees, so the figures tell nothing the screen does not (B14).
        from .agents.determinize import determinize

        twin = determinize(base, viewer, rng)
        twin.rng = random.Random(rng.getrandbits(64))
        before = _counts(twin, (attacker, defender), zone)
        return battle_position(twin, zone, attacker, defender, copy=False), before

    note = f"the {len(hidden)} hidden unit(s) dealt again from what {s.players[enemy].faction.name} could have"
    return simulate_battle(make_start, zone, attacker, defender, battles, seed=game.setup.seed * 31 + zone, note=note)


def cli_battle(module: str, attacker: tuple[str, Sequence[str]], defender: tuple[str, Sequence[str]],
               zone_type: str | None = None, *, paths: Sequence[str] = (), seed: int = 1) -> tuple[Game, int]:
    """A two-player game of ``module`` with only the given units on the board, facing each
    other in one zone of ``zone_type``: ``(game, zone)``, the attacker seat 0.

    Sides are ``(faction id, [unit type id, ...])``. In a zone of the defender's home
    type (a Home City, a Homeworld) the defender fights at home."""
    from .engine import Game, GameSetup, Seat
    from .mapgen import generate_for_theme
    from .plugins import make_manager
    from .rulebook import Rulebook, SetupError

    pm = make_manager(module, module_paths=paths)
    book = Rulebook.from_plugins(pm)
    zone_map = generate_for_theme(pm, zones=12, players=2, seed=seed)
    game = Game(GameSetup(module, (Seat("Attacker", attacker[0]), Seat("Defender", defender[0])), zone_map, seed), plugins=pm)
    s = game.state
    for u in s.units:
        if u.owner >= 0 and u.zone >= 0:
            s.return_to_pool(u.id)
    empty_hands(game)
    zone = _battle_zone(game, book, zone_type)
    for seat, (_faction, types) in enumerate((attacker, defender)):
        for type_id in types:
            unit_type = book.unit_types[type_id]
            pool = s.pools.get(book.pool_of(unit_type), [])
            free = [u for u in pool if s.units[u].type.id == type_id]
            if not free:
                have = sum(1 for u in s.units if u.type.id == type_id)
                raise SetupError(f"{book.factions[(attacker, defender)[seat][0]].name}: there are only {have} {unit_type.name} unit(s) in {book.info.name}")
            s.put_on_board(free[0], seat, zone)
    return game, zone


def _battle_zone(game: Game, book: Any, zone_type: str | None) -> int:
    """A zone of ``zone_type`` with a border to retreat over: the defender's start zone
    when it is of that type, else another zone, given that type if none has it."""
    s, board = game.state, game.board
    starts = game.setup.zone_map.starts
    if zone_type is None:
        zone_type = next(t.id for t in book.zone_types.values() if t.passable and t.generates_revenue)
    if len(starts) > 1 and s.zone_types[starts[1]].id == zone_type:
        return starts[1]
    others = [z for z in range(len(board)) if z not in starts and board.adjacency[z]]
    for z in others:
        if s.zone_types[z].id == zone_type:
            return z
    s.set_zone_type(others[0], book.zone_types[zone_type])
    return others[0]
