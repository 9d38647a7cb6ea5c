"""Helpers of the contract tests: fixture themes, their maps, arranged openings. Positions
and game drivers come from :mod:`warp_empires.testing`.

The fixture themes live in ``tests/fixtures/contract/<folder>``; each is a package with
``__init__.py`` and ``data/*.toml``, loaded exactly as a ``--module-path`` folder is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from warp_empires import Decision, Game, GameSetup, Seat, ZoneMap, hookimpl
from warp_empires import testing
from warp_empires.plugins import ModuleEntry, discover, make_manager
from warp_empires.testing import Position, events, option_ids, play_random, play_until  # noqa: F401  (some are re-exported for older tests)

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CONTRACT = FIXTURES / "contract"


@functools.cache
def fixture_entry(folder: str) -> ModuleEntry:
    """The fixture theme in ``tests/fixtures/contract/<folder>``, loaded like a module path."""
    path = CONTRACT / folder
    found = discover(module_paths=[path])
    assert folder not in found.failures, found.failures[folder]
    (entry,) = [e for e in found.modules.values() if e.origin == str(path)]
    return entry


def fixture_plugin(folder: str) -> Any:
    return fixture_entry(folder).plugin


class Scenario:
    """An extra plugin whose setup replaces the theme's: ``arrange(game)`` builds the position.

    ``tryfirst`` puts its first-result answer ahead of the theme's and the generic one.
    """

    def __init__(self, arrange: Callable[[Game], None]):
        self.arrange = arrange

    @hookimpl(tryfirst=True)
    def warp_setup(self, game):
        self.arrange(game)
        return True


def new_game(
    folder: str,
    zone_map: ZoneMap,
    factions: Iterable[str],
    *,
    seed: int = 1,
    turn_limit: int | None = None,
    arrange: Callable[[Game], None] | None = None,
    extras: Iterable[Any] = (),
) -> Game:
    """A game of a fixture theme with a fresh plugin manager (and an arranged position)."""
    entry = fixture_entry(folder)
    plugins = list(extras) + ([Scenario(arrange)] if arrange is not None else [])
    pm = make_manager(entry.plugin, extras=plugins)
    seats = [Seat(f"P{i}", f, "ai:random") for i, f in enumerate(factions)]
    return Game(GameSetup(entry.name, seats, zone_map, seed, turn_limit), plugins=pm)


def place(game: Game, seat: int, type_id: str, zone: int) -> int:
    """Take a unit of ``type_id`` from its pool and put it on the board for ``seat``."""
    return Position.of(game, empty=False).place(seat, zone, type_id)[0]


def give_card(game: Game, seat: int, card_type: str) -> int:
    """Move a card of ``card_type`` from the deck into ``seat``'s hand."""
    return Position.of(game, empty=False).give(seat, card_type)[0]


# --------------------------------------------------------------------------- maps for random games

SKIRMISH_MAP = ZoneMap.build(
    [
        ("Stonegate", "fort", 2), ("Fen", "bog", 0), ("Meadow", "field", 1), ("Crag", "cliff", 0), ("Ashford", "field", 1),
        ("Hollow", "bog", 0), ("Kingsfort", "fort", 2), ("Barrow", "field", 1), ("Redwall", "fort", 2),
    ],
    [(0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4), (4, 5), (4, 6), (5, 6), (2, 7), (7, 8), (8, 6), (3, 8)],
    starts=[0, 6],
)

ORBITAL_MAP = ZoneMap.build(
    [
        ("Orkworld", "homeworld", 5), ("Void A", "deep_space", 0), ("Gorka", "poor_planet", 1), ("Void B", "deep_space", 0),
        ("Piscina", "rich_planet", 3), ("Void C", "deep_space", 0), ("Armageddon", "rich_planet", 3),
        ("Void D", "deep_space", 0), ("Terra", "homeworld", 5), ("Dust", "poor_planet", 1),
    ],
    [(0, 1), (1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (3, 5), (5, 6), (6, 7), (7, 8), (5, 9), (9, 7), (2, 9)],
    starts=[0, 8],
)

#: What a player who does nothing optional answers, in the fixture themes too.
PASSIVE: Mapping[str, Any] = {
    **testing.PASSIVE,
    "diplomacy": "pass",
    "bombard": "all",  # every ship in orbit joins the ground battle (W7 makes it a choice)
    "buy_baggage": "baggage:0",
    "declare_attack": "done",
}


def _passive_answer(game: Game, answers: Mapping[str, Any]) -> Any:
    decision = game.pending
    if decision.kind == "discard_to_limit":
        return list(range(decision.count))  # over the hand limit: the first cards go
    assert decision.kind in answers, f"unexpected question {decision.kind!r}: {decision.prompt}"
    return answers[decision.kind]


def advance(game: Game, until: Collection[str], answers: Mapping[str, Any] = PASSIVE) -> Decision | None:
    """Answer every optional question passively until a decision of a kind in ``until``
    is pending (or the game is over); any other question fails the test."""
    return play_until(game, *until, answers=answers)


def end_turn(game: Game, answers: Mapping[str, Any] = PASSIVE) -> Decision | None:
    """Answer passively until the next player's turn has begun (or the game is over)."""
    seat = game.state.active
    while game.pending is not None and game.state.active == seat:
        game.decide(_passive_answer(game, answers))
    return game.pending


def phases_of_turns(game: Game) -> list[list[str]]:
    """The phases every turn ran, from the ``phase_started`` events."""
    turns: list[list[str]] = []
    for e in game.events:
        if e.kind == "turn_started":
            turns.append([])
        elif e.kind == "phase_started":
            turns[-1].append(e.data["phase"])
    return turns
