"""City States scenarios: a real game on a small hand-made map of the Saronic Gulf,
cleared and rearranged into an exact position.

    game = scenario("athens", "corinth")       # Athens is seat 0 (Ann), Corinth seat 1 (Bob)
    place(game, 0, ATTICA, "army", "army")     # units from the pool
    run_phases(game, 0, "first_move")          # seat 0's first move phase, then stop

The map::

    Thebes(home) - Parnes(hill) - Cithaeron(forest) - Attica(plain) - Athens(home)
                                                    /      |              |
                                    Eleusis(farmland) - Megara(city)   Saronic(sea) - Aegina(city)
                                                           |        /      |         /
                                                       Corinth(home) -----+    Myrtoan(sea)
                                                           |                       |
                                                       Argos(home) ------- Nauplia(fishing village)

Thebes and Argos are home cities nobody plays here, so the game makes them minor cities.
"""

from __future__ import annotations

from warp_empires import Game, GameSetup, Seat, ZoneMap
from warp_empires.model.state import POOL
from warp_empires.rules.turn import PhaseStep

from warp_modules.classical_city_states import ledger


(ATHENS, ATTICA, MEGARA, CORINTH, SARONIC, MYRTOAN, AEGINA, CITHAERON, PARNES, THEBES, ELEUSIS, ARGOS,
 NAUPLIA) = range(13)

ZONES = [
    ("Athens", "home_city", 7, "ATH"),
    ("Attica", "plain", 0, "ATT"),
    ("Megara", "city", 0, "MEG"),
    ("Corinth", "home_city", 7, "COR"),
    ("Saronic Gulf", "sea", 0, "SAR"),
    ("Myrtoan Sea", "sea", 0, "MYR"),
    ("Aegina", "city", 0, "AEG"),
    ("Cithaeron", "forest", 0, "CIT"),
    ("Parnes", "hill", 0, "PAR"),
    ("Thebes", "home_city", 7, "THE"),
    ("Eleusis", "farmland", 0, "ELE"),
    ("Argos", "home_city", 7, "ARG"),
    ("Nauplia", "fishing_village", 0, "NAU"),
]
EDGES = [
    (0, 1), (1, 2), (2, 3), (0, 4), (3, 4), (4, 5), (4, 6), (5, 6), (1, 7), (7, 8), (8, 9), (1, 10), (10, 2),
    (5, 12), (12, 11), (3, 11),
]
STARTS = (ATHENS, CORINTH, THEBES, ARGOS)
NAMES = ("Ann", "Bob", "Cy")


def saronic_map() -> ZoneMap:
    return ZoneMap.build(ZONES, EDGES, STARTS)


def new_game(*factions: str, seed: int = 1, turn_limit: int | None = None) -> Game:
    seats = [Seat(NAMES[i], f) for i, f in enumerate(factions)]
    return Game(GameSetup("classical_city_states", seats, saronic_map(), seed=seed, turn_limit=turn_limit))


def scenario(*factions: str, seed: int = 1) -> Game:
    """A game as set up (home cities, minor city incomes), then cleared: no units on the map,
    empty hands and treasuries, only the home cities controlled, no counters, and a deck of
    cards nobody can play out of turn (so a refill never brings a surprise)."""
    game = new_game(*factions, seed=seed)
    s = game.state
    for u in s.units:
        if u.place != POOL:
            s.return_to_pool(u.id)
    for p in s.players:
        p.hand.clear()
        p.treasury = p.revenue = 0
    quiet = {"envoys", "proxenos", "silver_of_laurium", "council_of_elders", "augury", "informers"}
    s.deck = [c for c, ct in enumerate(game.rules.cards) if ct.id in quiet]
    s.discard.clear()
    s.lasting.clear()
    homes = dict(ledger.of(game).home)
    s.themes.clear()  # every counter and trait won
    s.rolls.clear()  # and every die in flight
    s.control.clear()
    for seat, zone in homes.items():
        ledger.of(game).home[seat] = zone
        s.control[zone] = seat
    return game


def place(game: Game, seat: int, zone: int, *unit_types: str) -> list[int]:
    """Put one chit of each named unit type from the pool into ``zone`` for ``seat``."""
    s = game.state
    ids = []
    for type_id in unit_types:
        unit = next(u.id for u in s.units if u.type.id == type_id and u.place == POOL and u.id in s.pools[u.pool])
        s.put_on_board(unit, seat, zone)
        ids.append(unit)
    return ids


def _restart(game: Game, steps: list) -> None:
    """Replace whatever the rules were about to do with ``steps`` and run them (tests
    rearrange a position and then start the rules at a chosen point)."""
    game._stack = []
    game.pending = None
    game.push(*steps)
    game._advance()


def run_steps(game: Game, seat: int, *steps) -> None:
    """Run theme steps in ``seat``'s first turn on the position as it is, then stop."""
    game.state.turn, game.state.active = seat + 1, seat
    _restart(game, list(steps))


def give(game: Game, seat: int, *card_types: str) -> list[int]:
    """Put one card of each named type into ``seat``'s hand (taken from wherever it is)."""
    s = game.state
    ids = []
    for type_id in card_types:
        card = next(c for c, ct in enumerate(game.rules.cards) if ct.id == type_id)
        for pile in (s.deck, s.discard):
            if card in pile:
                pile.remove(card)
        s.players[seat].hand.append(card)
        ids.append(card)
    return ids


def option_ids(game: Game) -> list[str]:
    return [o.id for o in game.pending.options]


def run_phases(game: Game, seat: int, *phases: str) -> None:
    """Run the named phases of ``seat``'s first turn on the position as it is, then stop."""
    s = game.state
    s.turn = seat + 1
    s.active = seat
    _restart(game, [PhaseStep(name, seat) for name in phases])


def start_moving(game: Game, seat: int = 0) -> None:
    """Start ``seat``'s first move phase and pass on playing cards (asked when there is one
    to play or a mixed stack to arrange)."""
    run_phases(game, seat, "first_move")
    if game.pending.kind == "play_card":
        game.decide("pass")


def kinds(game: Game, zone: int, seat: int) -> list[str]:
    """Type ids of ``seat``'s units in ``zone``, sorted."""
    return sorted(game.state.units[u].type.id for u in game.state.stack(zone, seat))


def events(game: Game, kind: str) -> list[dict]:
    return [e.data for e in game.events if e.kind == kind]
