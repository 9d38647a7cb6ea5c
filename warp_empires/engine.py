"""The game: state, the step stack that runs the rules, and the one decision door.

A game is driven through one door::

    game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen")], zone_map, seed=3))
    game.pending.options[0]   # Option(id='done', label='Keep the rest of my hand', value=None)
    game.decide("done")

The rules are a stack of small :class:`Step` objects. The engine pops the top step
and runs it; a step does its work, may push further steps, and may return a
:class:`~warp_empires.decisions.Decision`. Then the game waits in ``pending`` until
:meth:`Game.decide` hands the choice back to that step's ``resume``. Steps are values
that never change, so copying a game is copying its state and the list of steps.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from .blame import theme_error
from .board import Board
from .decisions import Decision, IllegalChoice, Option
from .events import Event
from .hooks import RuleHooks
from .rulebook import Rulebook, SetupError
from .step import Step
from .zonemap import ZoneMap


# Events and decisions built without the named tuples' keyword handling: several a decision.
_new_event = _new_decision = tuple.__new__
_NOBODY: frozenset[int] = frozenset()
_ONLY: dict[int, frozenset[int]] = {}  # seat -> the set of that seat alone (sets are never changed)


@attrs.frozen
class Seat:
    """Who sits at a seat: a name, a faction id and who makes the choices
    (``human`` or an agent spec such as ``ai:random``)."""

    name: str
    faction: str
    agent: str = "human"


@attrs.frozen
class GameSetup:
    """Everything that, with the list of choices, reproduces a game exactly."""

    module: str
    seats: tuple[Seat, ...] = attrs.field(converter=tuple)
    zone_map: ZoneMap
    seed: int = 0
    turn_limit: int | None = None
    options: Mapping[str, Any] = attrs.field(factory=dict)


class Game:
    """A game in progress. Drive it with :attr:`pending` and :meth:`decide`.

    ``pending`` is the decision the game waits for, or ``None`` once the game is over
    (read it; only :meth:`decide` moves the game on). It is a plain attribute, not a
    property: every driver reads it at every decision, some of them three times.
    """

    def __init__(self, setup: GameSetup, *, plugins: Any = None, module_paths: Iterable[str] = ()):
        from .plugins import make_manager
        from .rules.turn import TurnStep

        self.setup = setup
        self.pm = plugins if plugins is not None else make_manager(setup.module, module_paths=module_paths)
        self.hook = RuleHooks(self.pm)
        self.rules = Rulebook.from_plugins(self.pm, setup)
        self.board = Board.of(setup.zone_map)
        self._rng: random.Random | None = random.Random(setup.seed)
        self._rng_state: tuple | None = None
        self.state = self.rules.new_state(setup, self.rng)
        self.events: list[Event] = []
        self.choices: list[Any] = []
        self._stack: list[Step] = []
        self.pending: Decision | None = None
        self._waiting: Step | None = None  # the step that asked ``pending``, which takes the answer
        self._notify = bool(self.pm.hook.warp_game_event.get_hookimpls())
        self._run_rules(self._start, TurnStep(0))

    def _start(self, first_turn: Step) -> None:
        self.hook.warp_setup(game=self)
        self.emit("game_started", seats=[s.name for s in self.setup.seats])
        self._stack.append(first_turn)

    # ------------------------------------------------------------------ the door

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def decisions(self) -> int:
        """How many decisions have been made: one choice recorded for each."""
        return len(self.choices)

    @property
    def winner(self) -> int | None:
        """The winning seat, ``-1`` for a draw, ``None`` while the game runs."""
        return self.state.winner

    def decide(self, choice: Any) -> None:
        """Apply a legal choice for :attr:`pending` and run the rules to the next decision.

        ``choice`` is an option index, an option id, an :class:`Option` or, when the
        decision asks for several, a list of them. An illegal choice raises
        :class:`~warp_empires.decisions.IllegalChoice` and changes nothing. An error
        raised in a theme's own code comes out as a :class:`~warp_empires.blame.ThemeError`
        naming the theme's file and line; the game is then broken, but ``choices`` (less
        the last) replays it to just before.
        """
        decision = self.pending
        if decision is None:
            raise IllegalChoice("the game is over; there is nothing to decide")
        step = self._waiting
        options = decision.options
        if type(choice) is int and decision.count == 1 and 0 <= choice < len(options):
            picked: tuple[int, ...] = (choice,)  # the usual answer of agents, checked first
            self.choices.append(options[choice].id)
        else:
            picked = decision.resolve(choice)
            self.choices.append(options[picked[0]].id if decision.count == 1 else [options[i].id for i in picked])
        self.pending = None
        try:  # _run_rules written out: this is the door every decision goes through
            step.resume(self, decision, picked)
            self._advance()
        except SetupError:
            raise
        except Exception as exc:
            self._blame(exc)

    def _run_rules(self, first: Callable[..., None], *args: Any) -> None:
        """Do ``first(*args)``, then run the rules to the next decision; an error raised in
        a theme's own code comes out as a ThemeError naming its file and line."""
        try:
            first(*args)
            self._advance()
        except SetupError:
            raise  # a setup that cannot be played (a map too small for the table), whoever noticed
        except Exception as exc:
            self._blame(exc)

    def _blame(self, exc: Exception) -> None:
        blamed = theme_error(self.pm, exc, self.setup.module)
        if blamed is None:
            raise exc
        raise blamed from exc

    def _advance(self) -> None:
        stack, state = self._stack, self.state  # rules change the state, never replace it
        pop = stack.pop
        while stack and not state.over:
            step = pop()
            decision = step.run(self)
            if decision is None:
                continue
            n = len(decision.options)
            if n <= decision.count:
                # Nothing to choose: take the only answer (or nothing) without asking.
                step.resume(self, decision, tuple(range(n)))
                continue
            self.pending, self._waiting = decision, step
            return
        self.pending = None

    # ------------------------------------------------------------------ helpers for rules

    def push(self, *steps: Step) -> None:
        """Schedule steps to run next, in the order given."""
        if len(steps) == 1:
            self._stack.append(steps[0])  # most pushes are of one step: no reversed iterator
        else:
            self._stack.extend(reversed(steps))

    def emit(self, kind: str, /, **data: Any) -> Event:
        """Announce what happened: ``emit(kind, visible_to=None, secret=None, knows=None, **data)``.

        ``data`` is public to everyone who sees the event (everyone, or only the seats
        ``visible_to`` names); the ``secret`` details (a mapping) are for the seats ``knows``
        names alone (by default the event's ``player``), e.g. which units were placed (B14).

        The three are taken out of ``data`` rather than named parameters: Python matches
        each keyword of a call against a function's named parameters, and a keyword that
        matches none (every detail of an event) is compared with each of them by value,
        a few times an event at every decision.
        """
        if "visible_to" in data or "secret" in data or "knows" in data:
            event = self._private_event(kind, data)
        else:  # most events: public to all, made here without a further call
            state = self.state
            event = _new_event(Event, (kind, state.turn, state.active, data, None, None, _NOBODY))
        self.events.append(event)
        if self._notify:
            self.pm.hook.warp_game_event(game=self, event=event)
        return event

    def _private_event(self, kind: str, data: dict[str, Any]) -> Event:
        """:meth:`emit`'s event for one with ``visible_to``, ``secret`` or ``knows`` among its
        keywords (taken out of ``data``)."""
        visible_to, secret, knows = data.pop("visible_to", None), data.pop("secret", None), data.pop("knows", None)
        state = self.state
        seen = None if visible_to is None else frozenset(visible_to)
        if secret is None:
            return _new_event(Event, (kind, state.turn, state.active, data, seen, None, _NOBODY))
        if knows is None:  # most secrets are the acting player's: one set per seat, shared
            who = _ONLY.get(data["player"])
            if who is None:
                who = _ONLY[data["player"]] = frozenset((data["player"],))
        else:
            who = frozenset(knows)
        return _new_event(Event, (kind, state.turn, state.active, data, seen, dict(secret), who))

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The events from index ``start`` on as ``seat`` may see them (``None``: the table)."""
        out = []
        for event in self.events[start:]:
            seen = event.seen_by(seat)
            if seen is not None:
                out.append(seen)
        return out

    def ask(self, seat: int, kind: str, prompt: str, options: Iterable[Option], count: int = 1, context: Any = None) -> Decision:
        return _new_decision(Decision, (seat, kind, prompt, tuple(options), count, context))

    # ------------------------------------------------------------------ views and copies

    @property
    def rng(self) -> random.Random:
        """The game's random generator (dice, shuffles, draws), seeded from the setup so a
        game replays exactly from its choices (B12); agents never use it."""
        rng = self._rng
        if rng is None:  # a copy that has not rolled yet: build its generator now
            rng = self._rng = random.Random.__new__(random.Random)  # no OS seeding: the state is set next
            rng.setstate(self._rng_state)
        self._rng_state = None  # the generator may move on: the snapshot no longer describes it
        return rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_state = rng, None

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: an observer who sees only public things)."""
        from .view import view_for

        return view_for(self, seat)

    def clone(self) -> Game:
        """An independent copy for looking ahead; far cheaper than ``copy.deepcopy``.

        The copy shares the rules, board and plugins, has its own state, random
        generator and step stack, and starts with an empty event list. The copy's
        generator is built from a snapshot of this one when it first rolls (many
        copies made while looking ahead never roll), and copies made one after the
        other without a roll in between share one snapshot.
        """
        twin = object.__new__(Game)
        twin.setup, twin.pm, twin.hook, twin.rules, twin.board = self.setup, self.pm, self.hook, self.rules, self.board
        snapshot = self._rng_state
        if snapshot is None:
            snapshot = self._rng_state = self._rng.getstate()
        twin._rng, twin._rng_state = None, snapshot
        twin.state = self.state.copy()
        twin.events = []
        twin.choices = self.choices[:]
        twin._stack = self._stack[:]
        twin.pending, twin._waiting = self.pending, self._waiting
        twin._notify = self._notify
        return twin

    def digest(self, version: int | None = None) -> str:
        """A short fingerprint of the whole position: equal games have equal digests.

        ``version`` picks an older definition (see :mod:`warp_empires.fingerprint`), for
        checking saves written with it.
        """
        from . import fingerprint

        return fingerprint.digest(self, fingerprint.VERSION if version is None else version)

    # ------------------------------------------------------------------ names for humans

    def zone_name(self, zone: int) -> str:
        return self.board.names[zone]

    def unit_label(self, unit_id: int) -> str:
        t = self.state.units[unit_id].type
        return self.rules.unit_label(t)

    def card_name(self, card_id: int) -> str:
        return self.rules.card_names[card_id]
