"""A theme played many times at random, to find what its author cannot see by reading it.

``warp-empires module check`` runs this after the theme has loaded cleanly: seeded games
between random players on generated maps, the engine's invariants checked after every
decision, a check now and then that playing on a copy of the game leaves the game itself as
it was (the computer players look ahead on copies), and a tally of what never happened (a
card nobody could ever play, a unit type never bought, a zone type no map ever held, no
game ever won outright).

>>> report = run("doctor_who", games=2, turn_limit=3)
>>> report.games, report.problems
(2, [])
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from . import fingerprint, invariants
from .agents import RandomAgent
from .blame import ThemeError, theme_error
from .engine import Game, GameSetup, Seat
from .model.data import CardType
from .model.state import BOARD, POOL
from .plugins import make_manager
from .rulebook import Rulebook

#: Decisions at which a card is played (not discarded or looked at).
PLAY_KINDS = frozenset({"play_card", "battle_card", "reaction"})
#: A game that asks this many questions without ending is reported as never ending.
MAX_DECISIONS = 200_000
#: Every this many decisions a copy of the game is played on, ...
COPY_EVERY = 50
#: ... for this many decisions, and the game itself must come out of it unchanged.
COPY_DEPTH = 20


@attrs.frozen
class Report:
    """What the games showed. ``problems`` are errors (a broken invariant, a game that never
    ends); the ``never_...`` lists are for the author to look at."""

    games: int
    failed: int  # games cut short by an error in the theme's code: what never happened in them is unknown
    victories: int
    decisions: int
    problems: list[str]
    never_playable: list[str]
    never_bought: list[str]
    zone_types_unseen: list[str]


def run(
    module: str, games: int = 20, seed: int = 0, players: int = 2, zones: int = 30, turn_limit: int = 20,
    module_paths: Iterable[str | Path] = (),
) -> Report:
    """Play ``games`` seeded games of ``module`` and report (see :class:`Report`)."""
    from .mapgen import generate_for_theme

    paths = tuple(module_paths)
    pm = make_manager(module, module_paths=paths)
    book = Rulebook.from_plugins(pm)
    rng = random.Random(seed)
    played: set[str] = set()
    bought: set[str] = set()
    seen_zones: set[str] = set()
    problems: list[str] = []
    fought: set[str] = set()  # the kinds of battle fought (a theme's own, e.g. "space")
    victories = decisions = failed = 0
    errors: dict[Any, list[int]] = {}  # an error in the theme's code (where, and what kind) -> [its problem's index, games it cut short after]
    factions = list(book.factions)
    for number in range(1, games + 1):
        game_seed = rng.randrange(2**31)
        picks = rng.sample(factions, players) if players <= len(factions) else [rng.choice(factions) for _ in range(players)]
        zone_map = generate_for_theme(pm, zones=zones, players=players, seed=game_seed)
        seen_zones.update(z.type for z in zone_map.zones)
        game = Game(GameSetup(module, [Seat(f"P{i + 1}", f, "ai:random") for i, f in enumerate(picks)], zone_map, game_seed, turn_limit), plugins=pm)
        agents = [RandomAgent(game_seed + i) for i in range(players)]
        where = f"game {number} (seed {game_seed})"
        before = len(problems)
        try:
            while game.pending is not None and game.decisions < MAX_DECISIONS:
                decision = game.pending
                if decision.kind in PLAY_KINDS:
                    played.update(game.rules.cards[o.value].id for o in decision.options if o.id.startswith("card:"))
                if game.decisions % COPY_EVERY == 0:
                    changed = copy_leaks(game, game_seed + game.decisions)
                    if changed:
                        problems.append(f"{where}, decision {game.decisions + 1}: {changed}")
                        break
                    ask_the_computer_players_hooks(game)
                game.decide(agents[decision.player].choose(game))
                found = invariants.problems(game)
                if found:
                    problems.append(f"{where}, decision {game.decisions}: {found[0]}")
                    break
        except Exception as exc:  # a theme's code failing mid-game is what this run looks for
            what = failure(pm, module, exc)
            # Told once, with how many more games it cut short: the same line of the theme's
            # code failing on other values is the same error.
            place, _, error = what.partition("; ")
            key = (place, error.partition(":")[0]) if ", line " in place else what
            if key in errors:
                errors[key][1] += 1
            else:
                errors[key] = [len(problems), 0]
                problems.append(f"{where}, decision {game.decisions + 1}: {what}")
            failed += 1
            decisions += game.decisions
            continue
        if game.pending is not None and len(problems) == before:
            problems.append(f"{where} had not ended after {MAX_DECISIONS:,} decisions")
        decisions += game.decisions
        victories += any(e.kind == "game_over" and e.data.get("reason") == "victory" for e in game.events)
        bought.update(e.revealed().data["unit"] for e in game.events if e.kind == "unit_bought")
        fought.update(e.data["battle_kind"] for e in game.events if e.kind == "battle_started")
    for index, more in errors.values():
        if more:
            problems[index] += f" (and in {more} more game{'s' if more > 1 else ''})"
    return Report(
        games=games,
        failed=failed,
        victories=victories,
        decisions=decisions,
        problems=problems,
        never_playable=sorted(_why_never(ct, fought) for ct in book.card_types.values() if ct.id not in played),
        # A unit that costs nothing is not for sale: the theme's own rules bring it into play
        # (the city states' Leaders come with the experience roll).
        never_bought=sorted(ut.name for ut in book.unit_types.values() if ut.name not in bought and ut.cost > 0),
        zone_types_unseen=sorted(zt.name for zt in book.zone_types.values() if zt.id not in seen_zones),
    )


def ask_the_computer_players_hooks(game: Game) -> None:
    """Ask the hooks only the computer players ask (``warp_evaluate``, ``warp_hidden_limits``),
    for every seat, so that a theme's mistake there shows here, not in someone's game."""
    from .agents.determinize import hidden_limits
    from .agents.evaluate import scores

    scores(game)
    for seat in range(len(game.state.players)):
        hidden_limits(game, seat)


def failure(pm: Any, module: str, exc: BaseException) -> str:
    """An error in one line: where in the theme's code it was raised, if it was, and what."""
    blamed = exc if isinstance(exc, ThemeError) else theme_error(pm, exc, module)
    if blamed is None:
        return f"{type(exc).__name__}: {exc}"
    return "; ".join(line.strip() for line in str(blamed).splitlines()[1:])


def _why_never(card: CardType, fought: set[str]) -> str:
    """The card's name, and the kind of battle it waits for when no game fought one."""
    kind = card.params.get("battle")
    if kind and kind not in fought:
        return f"{card.name} (no {kind} battle in any game)"
    return card.name


def copy_leaks(game: Game, seed: int) -> str | None:
    """Play a copy of ``game`` on at random for :data:`COPY_DEPTH` decisions; say what of
    ``game`` itself changed meanwhile, or ``None`` when nothing did.

    A copy shares what no rule changes in place (the pooled chits, the zone types, the rules
    data) and copies the rest, theme state included. A theme that changes a shared thing in
    place, or keeps in its state a value the copy does not copy (a ``Counter``, an object
    of its own), changes every game the computer players look ahead from.
    """
    before = fingerprint.parts(game)
    twin = game.clone()
    agent = RandomAgent(seed)
    for _ in range(COPY_DEPTH):
        if twin.pending is None:
            break
        twin.decide(agent.choose(twin))
    after = fingerprint.parts(game)
    if after == before:
        return None
    what = []
    for name in before:
        if before[name] == after[name]:
            continue
        if name == "units":
            changed = next(i for i, (a, b) in enumerate(zip(before[name], after[name])) if a != b)
            unit = game.state.units[changed]
            where = "in a pool" if unit.place == POOL else "on the board" if unit.place == BOARD else "set aside"
            what.append(f"unit {changed} ({unit.type.name}, {where})")
        elif name == "themes":
            what.append("the theme's own state")
        else:
            what.append(name.replace("_", " "))
    return (
        f"playing on a copy of the game changed the game itself ({', '.join(what)}); change pooled chits "
        "only through the state's methods or state.own_unit, and keep only plain values in theme state (docs/authoring.md)"
    )
