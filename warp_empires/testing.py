"""Exact positions for tests: a real game of any theme, set up by the engine and then
arranged into the position a test needs, and a few ways to drive it from there.

A :class:`Position` starts from an ordinary game, then empties it: every unit back in
its pool, every card in the deck, no treasuries, no control markers, nothing running.
(The theme's opening, ``warp_setup``, does not run; :meth:`Position.of` empties a game
that has played it.) Put back exactly what the test is about, start the rules where it matters, and answer
the decisions::

    >>> from warp_empires.testing import Position, answer, events, option_ids
    >>> pos = Position("doctor_who", ["daleks", "cybermen"],
    ...                "Skaro:rich Void:void Earth:nexus", "Skaro-Void Void-Earth")
    >>> fleet = pos.place(0, "Earth", "war_fleet")
    >>> scouts = pos.place(1, "Earth", "scouts")
    >>> pos.set_treasury(0, 5)
    >>> pos.set_control(1, "Earth")
    >>> card, = pos.give(1, "mind_control")
    >>> game = pos.start(0, "battle")          # seat 0's battle phase, and nothing else
    >>> game.pending.player, game.pending.kind, option_ids(game)
    (1, 'battle_card', ['pass', 'card:43'])
    >>> answer(game, "pass") is None           # the phase is over
    True
    >>> events(game, "battle")[0]["winner"]
    0
    >>> [e["unit"] for e in events(game, "unit_lost")]   # B6: the winner loses half too
    ['Scouts', 'War Fleet']

``pending`` is ``None`` once the started phases are over; ``start_turn`` plays whole
turns on, as a game does. Zones are named (``"Earth"``, or its code) or given by id;
units and cards by their type ids from the theme's TOML files. Every unit or card a
method returns is its id, for option ids such as ``f"unit:{id}"`` and ``f"card:{id}"``.

The theme is a module name, the folder of a theme (a ``Path``, or text with a slash in
it; loaded as ``--module-path`` loads it), or a theme's plugin object. The map is ``"Name:type ..."`` and ``"A-B ..."`` (each
zone earns its type's revenue), a :class:`~warp_empires.zonemap.ZoneMap`, or left out
for a small map generated for the theme.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .agents import RandomAgent
from .decisions import Decision
from .engine import Game, GameSetup, Seat
from .hookspecs import hookimpl
from .model.state import BOARD, CAPTURED, POOL
from .plugins import discover, find_module, make_manager
from .rules.turn import EndTurn, PhaseStep, TurnStep
from .step import Step
from .zonemap import ZoneMap

__all__ = [
    "PASSIVE", "Position", "answer", "events", "new_game", "option_ids", "play_random", "play_until", "quick_map",
    "units_in",
]

#: What a player who does nothing optional answers, by decision kind (``play_until``).
PASSIVE: Mapping[str, Any] = {
    "discard": "done",
    "play_card": "pass",
    "battle_card": "pass",
    "reaction": "pass",
    "choose_stack": "stop",
    "buy": "done",
}


@functools.cache
def _folder_plugin(folder: str) -> Any:
    found = discover(module_paths=[folder])
    if found.failures:
        raise ValueError(f"the theme in {folder} does not load: {next(iter(found.failures.values()))}")
    (entry,) = [e for e in found.modules.values() if e.origin == folder]
    return entry.plugin


def _plugin(theme: str | Path | Any) -> Any:
    # A folder given as text (`"themes/pirates"`) is a folder too: no module name holds a
    # slash, and taking it for one answered "unknown module".
    if isinstance(theme, str) and ("/" in theme or "\\" in theme or theme in (".", "..")):
        theme = Path(theme)
    if isinstance(theme, Path):
        return _folder_plugin(str(theme.resolve()))
    if isinstance(theme, str):
        return find_module(theme).plugin
    return theme


def quick_map(theme: str | Path | Any, zones: str, edges: str = "", starts: Sequence[str] = ()) -> ZoneMap:
    """A map from ``"Name:type ..."`` and ``"A-B ..."``, each zone earning its type's
    revenue in ``theme``; ``starts`` names the start zones. An underscore in a name is a
    space (``Saronic_Gulf:sea``).

    >>> quick_map("doctor_who", "Skaro:rich Void:void", "Skaro-Void").zones[0].revenue
    3
    """
    pm = make_manager(_plugin(theme))
    revenue = {t.id: t.revenue for answer in pm.hook.warp_zone_types() for t in answer}
    rows = []
    for token in zones.split():
        name, _, type_id = token.rpartition(":")
        if type_id not in revenue:
            raise ValueError(f"zone {name!r}: no zone type {type_id!r}; the theme's are {', '.join(revenue)}")
        rows.append((name.replace("_", " "), type_id, revenue[type_id]))
    index = {row[0]: i for i, row in enumerate(rows)}
    pairs = [tuple(index[n.replace("_", " ")] for n in edge.split("-")) for edge in edges.split()]
    return ZoneMap.build(rows, pairs, starts=[index[s] for s in starts])


class _LoadedDice(random.Random):
    """The game's generator, with the next die rolls fixed; once they are used up (or for
    anything but a die roll) it carries on as seeded."""

    def __init__(self, faces: Sequence[int], state: tuple):
        super().__init__()
        self.setstate(state)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
            if not a <= face <= b:
                raise ValueError(f"a fixed die roll of {face} on a die of {a} to {b}")
            return face
        return super().randint(a, b)


def new_game(
    theme: str | Path | Any, factions: Sequence[str], zones: str | ZoneMap | None = None, edges: str = "", *,
    starts: Sequence[str] = (), seed: int = 0, turn_limit: int | None = None, extras: Iterable[Any] = (),
) -> Game:
    """A game of ``theme`` set up as players start one (the theme's opening included), the
    seats called P0, P1... playing ``factions``; the map as for :class:`Position`.

    >>> game = new_game("doctor_who", ["daleks", "cybermen"], seed=3, turn_limit=2)
    >>> play_random(game, seed=3).is_over
    True
    """
    plugin = _plugin(theme)
    pm = make_manager(plugin, extras=extras)
    if zones is None:
        from .mapgen import generate_for_theme

        zone_map = generate_for_theme(pm, zones=6 * len(factions) + 4, players=len(factions), seed=seed)
    elif isinstance(zones, str):
        zone_map = quick_map(plugin, zones, edges, starts)
    else:
        zone_map = zones
    seats = [Seat(f"P{i}", faction) for i, faction in enumerate(factions)]
    return Game(GameSetup(pm.hook.warp_module_info().name, seats, zone_map, seed=seed, turn_limit=turn_limit), plugins=pm)


class _NoOpening:
    """Skips the theme's opening (start zones, units, hands): the test sets the position."""

    @hookimpl(tryfirst=True)
    def warp_setup(self, game):
        return True


class Position:
    """A game of ``theme`` with the seats playing ``factions``, emptied and ready to be
    arranged (see the module docstring). ``game`` is the game itself.

    ``extras`` are further plugins (a listener, a variant) as ``make_manager`` takes them.
    """

    def __init__(
        self, theme: str | Path | Any, factions: Sequence[str], zones: str | ZoneMap | None = None, edges: str = "", *,
        starts: Sequence[str] = (), seed: int = 0, turn_limit: int | None = None, extras: Iterable[Any] = (),
    ):
        self._empty(new_game(theme, factions, zones, edges, starts=starts, seed=seed, turn_limit=turn_limit,
                             extras=[*extras, _NoOpening()]))

    @classmethod
    def of(cls, game: Game, empty: bool = True) -> Position:
        """An existing game, emptied as a new position is (the deck keeps the order its
        opening left), or with ``empty=False`` as it stands, to arrange further."""
        pos = cls.__new__(cls)
        if empty:
            pos._empty(game)
        else:
            pos.game = game
        return pos

    def _empty(self, game: Game) -> None:
        self.game = game
        game._stack.clear()  # nothing of the normal opening runs: the test decides what does
        game.pending = None
        game.events.clear()
        s = game.state
        for unit in s.units:
            if unit.place in (BOARD, CAPTURED):
                s.return_to_pool(unit.id)  # which clears ``moved`` too
            elif unit.moved:
                unit.moved = False
        for player in s.players:
            s.deck.extend(player.hand)
            player.hand.clear()
            player.treasury = player.revenue = 0
        s.deck.extend(s.discard)
        s.discard.clear()
        s.control.clear()
        s.lasting.clear()
        s.negated.clear()
        s.destroyed_this_turn.clear()
        s.rolls.clear()
        s.placed.clear()
        s.last_owner.clear()
        s.themes.clear()  # a theme's own values are part of its opening too
        s.starts = ()
        s.battle = None
        s.active = 0
        s.turn = 1
        s.phase = "setup"

    # ------------------------------------------------------------------ arranging

    def zone(self, zone: str | int) -> int:
        """The id of a zone named by its name or code (an id is returned as it is)."""
        if isinstance(zone, int):
            return zone
        found = self.game.board.find(zone)
        if found is None:
            raise KeyError(f"no zone {zone!r} on the map; zones: {', '.join(self.game.board.names)}")
        return found

    def _from_pool(self, type_id: str, taken: Collection[int] = ()) -> int:
        s = self.game.state
        for unit in s.units:  # the lowest id first: positions are the same every run
            if unit.type.id == type_id and unit.place == POOL and unit.id not in taken and unit.id in s.pools.get(unit.pool, ()):
                return unit.id
        known = sorted({u.type.id for u in s.units})
        hint = "" if type_id in known else f"; the theme's unit types are {', '.join(known)}"
        raise ValueError(f"no unit {type_id!r} left in a pool{hint}")

    def _free_card(self, type_id: str) -> int:
        s, cards = self.game.state, self.game.rules.cards
        loose = set(s.deck) | set(s.discard)
        for card in range(len(cards)):
            if cards[card].id == type_id and card in loose:
                return card
        known = sorted({c.id for c in cards})
        hint = "" if type_id in known else f"; the theme's cards are {', '.join(known)}"
        raise ValueError(f"no card {type_id!r} left in the deck or the discard pile{hint}")

    def _take_card(self, type_id: str) -> int:
        s = self.game.state
        card = self._free_card(type_id)
        (s.deck if card in s.deck else s.discard).remove(card)
        return card

    def place(self, seat: int, zone: str | int, *unit_types: str) -> list[int]:
        """Put one unit of each type, from its pool, in ``zone`` for ``seat``: their ids.

        >>> pos = Position("doctor_who", ["daleks", "cybermen"], "Skaro:rich", "")
        >>> [pos.game.unit_label(u) for u in pos.place(0, "Skaro", "war_fleet", "scouts")]
        ['War Fleet (F6)', 'Scouts (F1)']
        """
        zone_id = self.zone(zone)
        placed = []
        for type_id in unit_types:
            unit = self._from_pool(type_id)
            self.game.state.put_on_board(unit, seat, zone_id)
            placed.append(unit)
        return placed

    def give(self, seat: int, *card_types: str) -> list[int]:
        """Put one card of each type, from the deck or the discard pile, in ``seat``'s hand: their ids.

        >>> pos = Position("doctor_who", ["daleks", "cybermen"], "Skaro:rich", "")
        >>> [pos.game.card_name(c) for c in pos.give(1, "mind_control")]
        ['Mind Control']
        """
        cards = [self._take_card(t) for t in card_types]
        self.game.state.players[seat].hand.extend(cards)
        return cards

    def set_deck(self, *card_types: str) -> list[int]:
        """Make the deck exactly these cards, the first drawn first: their ids (every other
        card not in a hand or the discard pile is out of play)."""
        cards = [self._take_card(t) for t in card_types]
        self.game.state.deck = cards[::-1]  # cards are drawn from the end
        return cards

    def set_discard(self, *card_types: str) -> list[int]:
        """Move these cards from the deck to the discard pile (the last one on top): their ids."""
        cards = [self._take_card(t) for t in card_types]
        self.game.state.discard.extend(cards)
        return cards

    def set_pool(self, *unit_types: str, pool: str = "common") -> list[int]:
        """Make ``pool`` hold exactly these units (the rest of it is set aside): their ids."""
        s = self.game.state
        chosen: list[int] = []
        for type_id in unit_types:
            chosen.append(self._from_pool(type_id, taken=chosen))
        s.pools[pool] = chosen[:]
        return chosen

    def set_treasury(self, seat: int, amount: int) -> None:
        """``seat`` has ``amount`` in its treasury."""
        self.game.state.players[seat].treasury = amount

    def set_control(self, seat: int, *zones: str | int) -> None:
        """``seat``'s control markers go on ``zones``."""
        for zone in zones:
            self.game.state.control[self.zone(zone)] = seat

    def fix_dice(self, *faces: int) -> None:
        """The next die rolls come up ``faces``, in order; later ones are seeded as usual.

        >>> pos = Position("doctor_who", ["daleks", "cybermen"], "Skaro:rich", "")
        >>> pos.fix_dice(6, 1)
        >>> [pos.game.rng.randint(1, 6) for _ in range(2)]
        [6, 1]
        """
        self.game.rng = _LoadedDice(faces, self.game.rng.getstate())

    # ------------------------------------------------------------------ starting the rules

    def run(self, *steps: Step) -> Game:
        """Run rule steps (a battle, a card's effect...) from the position as it is, up to
        the first decision: the game."""
        game = self.game
        game._stack.clear()
        game.pending = None
        game.push(*steps)
        game._run_rules(lambda: None)
        return game

    def start(self, seat: int, *phases: str, turn: int | None = None, end_turn: bool = False) -> Game:
        """Run the named phases of ``seat``'s turn (by default its first), then stop;
        ``end_turn`` adds the end of the turn (victory, turn limit) and play goes on: the game."""
        s = self.game.state
        s.active = seat
        s.turn = seat + 1 if turn is None else turn
        return self.run(*(PhaseStep(name, seat) for name in phases), *([EndTurn(seat)] if end_turn else []))

    def start_turn(self, seat: int, turn: int | None = None) -> Game:
        """Start ``seat``'s whole turn (by default its first), and play on from there: the game."""
        self.game.state.turn = seat + 1 if turn is None else turn
        return self.run(TurnStep(seat))


# ---------------------------------------------------------------------- driving a game


def answer(game: Game, *choices: Any) -> Decision | None:
    """Make ``choices`` in order (option ids, indices, lists for several): the next decision."""
    for choice in choices:
        if game.pending is None:
            raise AssertionError(f"no decision is pending for {choice!r}")
        game.decide(choice)
    return game.pending


def option_ids(game: Game) -> list[str]:
    """The option ids of the pending decision."""
    if game.pending is None:
        raise AssertionError("no decision is pending")
    return [o.id for o in game.pending.options]


def play_until(game: Game, *kinds: str, answers: Mapping[str, Any] = PASSIVE, limit: int = 10_000) -> Decision | None:
    """Answer every question by its kind from ``answers`` (:data:`PASSIVE` by default: pass,
    keep, buy nothing) until one of ``kinds`` is pending or the game is over: that decision.
    A question of another kind fails the test; an answer may be a function of the game.
    Discarding down to the hand limit discards the first cards."""
    for _ in range(limit):
        decision = game.pending
        if decision is None or decision.kind in kinds:
            return decision
        if decision.kind in answers:
            choice = answers[decision.kind]
            game.decide(choice(game) if callable(choice) else choice)
        elif decision.kind == "discard_to_limit":
            game.decide(list(range(decision.count)))
        else:
            raise AssertionError(f"unexpected question {decision.kind!r} for seat {decision.player}: {decision.prompt}")
    raise AssertionError(f"still deciding after {limit} decisions")


def play_random(game: Game, seed: int, limit: int = 100_000) -> Game:
    """Play to the end with one seeded random player per seat: the game."""
    agents = [RandomAgent(seed * 101 + i) for i in range(len(game.state.players))]
    for _ in range(limit):
        if game.pending is None:
            return game
        game.decide(agents[game.pending.player].choose(game))
    raise AssertionError(f"the game had not ended after {limit} decisions")


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    """The details of every ``kind`` event so far, secrets included (what the rules did,
    not what any one player saw)."""
    return [e.revealed().data for e in game.events if e.kind == kind]


def units_in(game: Game, zone: int, seat: int) -> list[str]:
    """The type ids of ``seat``'s units in ``zone``, sorted."""
    return sorted(game.state.units[u].type.id for u in game.state.stack(zone, seat))
