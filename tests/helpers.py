"""Scenario building and game driving for the engine's tests of the ``basic`` fixture theme,
on top of :mod:`warp_empires.testing` (what is here is only what these tests share).

A scenario is a normal game of the ``basic`` fixture theme (tests/fixtures/basic) on a
small hand-made map, set up by the engine as usual and then rearranged into an exact
position::

    game = build(
        "Home:city Field:plain Hills:plain", "Home-Field Field-Hills",
        units={"Field": {0: ["guard", "guard"], 1: ["infantry"]}},
        hands={0: ["ambush"]},
    )
    start(game, "battle")           # run the active player's battle phase
    drive(game, "card:7", "pass")   # answer decisions in order

``build`` clears the board, hands, control markers and treasuries, then puts exactly
what it is given in place; nothing runs until ``start`` (one or more phases of the
active player) or ``start_turn`` (whole turns from the active player on). When the
started phases are over, ``game.pending`` is ``None``.

Maps are written as ``"Name:type ..."`` and ``"A-B B-C ..."``; a zone's revenue is its
type's. ``ids``/``cards`` look up unit and card ids for option ids such as
``f"unit:{id}"``; ``opts`` lists the pending option ids.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from warp_empires import Game, GameSetup, Seat, ZoneMap, make_manager
from warp_empires.agents import RandomAgent
from warp_empires.model.state import CAPTURED, POOL
from warp_empires.testing import Position, answer, events, option_ids, play_until, quick_map  # noqa: F401  (some are re-exported for older tests)

FIXTURE_DIR = Path(__file__).parent / "fixtures" / "basic"


def _load_fixture():
    name = "warp_test_fixture_basic"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, FIXTURE_DIR / "__init__.py", submodule_search_locations=[str(FIXTURE_DIR)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


BASIC = _load_fixture().plugin


def theme_plugin(name: str) -> Any:
    """The plugin of a theme: the fixture (``basic``) or an installed module."""
    if name == "basic":
        return BASIC
    from warp_empires.plugins import find_module

    return find_module(name).plugin

#: The map most scenarios use::
#:
#:     Westhold(city) - Meadow(plain) - Crossing(plain) - Eastport(city)
#:          |              |                |
#:     Barrens(waste)   Peak(mountains)   Hamlet(plain)          Reserve(waste, no borders)
DEFAULT_ZONES = "Westhold:city Meadow:plain Crossing:plain Eastport:city Barrens:waste Peak:mountains Hamlet:plain Reserve:waste"
DEFAULT_EDGES = "Westhold-Meadow Meadow-Crossing Crossing-Eastport Westhold-Barrens Meadow-Peak Crossing-Hamlet"


def make_map(zones: str, edges: str = "", starts: Sequence[str] = (), plugin: Any = BASIC) -> ZoneMap:
    """A map from ``"Name:type ..."`` and ``"A-B ..."``; revenue comes from the zone type."""
    return quick_map(plugin, zones, edges, starts)


def new_game(zone_map: ZoneMap | None = None, factions: Sequence[str] = ("commoners", "commoners"), *, seed: int = 0,
             turn_limit: int | None = None, plugin: Any = BASIC, module: str = "basic", extras: Iterable[Any] = ()) -> Game:
    """A game set up by the engine exactly as a player would start it."""
    zone_map = zone_map or make_map(DEFAULT_ZONES, DEFAULT_EDGES)
    seats = [Seat(f"P{i}", f) for i, f in enumerate(factions)]
    return Game(GameSetup(module, seats, zone_map, seed=seed, turn_limit=turn_limit), plugins=make_manager(plugin, extras))


def _card_ids(game: Game, type_ids: Iterable[str], free: list[int]) -> list[int]:
    out = []
    for type_id in type_ids:
        match = next((c for c in free if game.rules.cards[c].id == type_id), None)
        if match is None:
            raise ValueError(f"no free copy of card {type_id!r} left")
        free.remove(match)
        out.append(match)
    return out


def build(
    zones: str | ZoneMap = DEFAULT_ZONES,
    edges: str = DEFAULT_EDGES,
    *,
    units: Mapping[str, Mapping[int, Sequence[str]]] = {},
    hands: Mapping[int, Sequence[str]] = {},
    treasury: Mapping[int, int] = {},
    control: Mapping[str, int] = {},
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    pool: Sequence[str] | None = None,
    park: tuple[str, int] | None = None,
    active: int = 0,
    turn: int | None = None,
    factions: Sequence[str] = ("commoners", "commoners"),
    seed: int = 0,
    turn_limit: int | None = None,
    extras: Iterable[Any] = (),
    theme: str = "basic",
) -> Game:
    """A game in an exact position (see the module docstring): the engine's opening,
    emptied by :class:`warp_empires.testing.Position`, then filled.

    ``units``: zone name -> seat -> unit type ids. ``hands``: seat -> card type ids.
    ``deck``: the exact deck, top card first (default: every card not in a hand or the
    discard, in the game's shuffled order); cards in no hand, deck or discard are out of
    play. ``pool``: the exact common pool (unit type ids); every other unplaced unit is
    parked on the board at ``park = (zone name, seat)``. ``turn`` defaults to the active
    player's turn of round 1. ``theme`` names another theme to play (zone, unit, card and
    faction ids are then that theme's).
    """
    plugin = theme_plugin(theme)
    zone_map = zones if isinstance(zones, ZoneMap) else make_map(zones, edges, plugin=plugin)
    pos = Position.of(new_game(zone_map, factions, seed=seed, turn_limit=turn_limit, extras=extras, plugin=plugin, module=theme))
    game, s = pos.game, pos.game.state
    # The deck keeps the opening's order, which the exact tests of draws rely on.
    free = list(s.deck)
    for seat, types in hands.items():
        s.players[seat].hand.extend(_card_ids(game, types, free))
    s.discard = _card_ids(game, discard, free)
    s.deck = list(reversed(_card_ids(game, deck, free))) if deck is not None else free
    for zone_name, by_seat in units.items():
        for seat, types in by_seat.items():
            pos.place(seat, zone_name, *types)
    if pool is not None:
        # Parked rather than set aside, so that the pool keeps its order for the recruit draws.
        keep = []
        for type_id in pool:
            unit = next((u for u in s.pools["common"] if s.units[u].type.id == type_id and u not in keep), None)
            if unit is None:
                raise ValueError(f"no {type_id!r} left for the pool")
            keep.append(unit)
        rest = [u for u in s.pools["common"] if u not in keep]
        if rest and park is None:
            raise ValueError("give park=(zone, seat) for the units left out of the pool")
        for u in rest:
            s.put_on_board(u, park[1], pos.zone(park[0]))
    for seat, amount in treasury.items():
        pos.set_treasury(seat, amount)
    for zone_name, seat in control.items():
        pos.set_control(seat, zone_name)
    s.active = active
    s.turn = active + 1 if turn is None else turn
    return game


# ---------------------------------------------------------------------- running


def start(game: Game, *phases: str) -> Game:
    """Run the named phases of the active player's turn, in order (no end of turn)."""
    return Position.of(game, empty=False).start(game.state.active, *phases, turn=game.state.turn)


def start_turn(game: Game) -> Game:
    """Play whole turns from the active player on, as the game normally does."""
    return Position.of(game, empty=False).start_turn(game.state.active, turn=game.state.turn)


def run_steps(game: Game, *steps) -> Game:
    """Run arbitrary rule steps (e.g. a single battle) from the current position."""
    return Position.of(game, empty=False).run(*steps)


def drive(game: Game, *choices: Any):
    """Answer the pending decisions with ``choices`` in order; returns the next pending one."""
    return answer(game, *choices)


def play_out(game: Game, limit: int = 1000, **answers: Any) -> Game:
    """Answer each pending decision by its kind (``buy="done"``, ``play_card="pass"``...;
    a callable gets the game) until none is pending; an unexpected kind fails the test."""
    assert play_until(game, answers=answers, limit=limit) is None
    return game


def run_random(game: Game, seed: int, max_decisions: int = 20000) -> list[Any]:
    """Play to the end with a seeded random agent at every seat; returns the choices made."""
    agent = RandomAgent(seed)
    made = []
    while game.pending is not None:
        assert len(made) < max_decisions, "the game did not end"
        choice = agent.choose(game)
        made.append(choice)
        game.decide(choice)
    return made


# ---------------------------------------------------------------------- looking things up


def zone_id(game: Game, name: str) -> int:
    return Position.of(game, empty=False).zone(name)


def ids(game: Game, zone: str, seat: int, type_id: str | None = None) -> list[int]:
    """Ids of ``seat``'s units now in ``zone`` (of one type if given)."""
    s = game.state
    return [u for u in s.stack(zone_id(game, zone), seat) if type_id is None or s.units[u].type.id == type_id]


def types_in(game: Game, zone: str, seat: int) -> list[str]:
    """Sorted type ids of ``seat``'s units in ``zone``."""
    return sorted(game.state.units[u].type.id for u in ids(game, zone, seat))


def cards(game: Game, seat: int, type_id: str | None = None) -> list[int]:
    """Card ids in ``seat``'s hand (of one card type if given)."""
    return [c for c in game.state.players[seat].hand if type_id is None or game.rules.cards[c].id == type_id]


def hand_types(game: Game, seat: int) -> list[str]:
    return sorted(game.rules.cards[c].id for c in game.state.players[seat].hand)


def card_types(game: Game, card_ids: Iterable[int]) -> list[str]:
    return [game.rules.cards[c].id for c in card_ids]


opts = option_ids  # the name older tests use


def pool_types(game: Game) -> list[str]:
    s = game.state
    return sorted(s.units[u].type.id for u in s.pools["common"])


def captured_by(game: Game, seat: int) -> list[str]:
    return sorted(u.type.id for u in game.state.units if u.place == CAPTURED and u.owner == seat)


def in_pool(game: Game, unit: int) -> bool:
    return game.state.units[unit].place == POOL and unit in game.state.pools[game.state.units[unit].pool]


def unit(u: int) -> str:
    """The option id of a unit."""
    return f"unit:{u}"


def card(c: int) -> str:
    """The option id of a card."""
    return f"card:{c}"
