"""Move phase (B3): move cards move groups of units; each unit moves once a turn.

A group is some or all of the unmoved units of one stack; it travels together at the
allowance of its slowest unit, may end in but never pass through a zone holding
another player's units, and never enters an impassable zone its faction cannot enter.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..decisions import Decision, Later, Option, unit_keys
from ..step import Step, rule_step
from .triggers import MoveMade
from .reactions import PASS, PlayCard, ReactionWindow, card_options, window_seats

if TYPE_CHECKING:
    from ..engine import Game
    from ..model.data import UnitType

# Options built without the named tuple's keyword handling: move decisions list many.
_new = tuple.__new__

STOP = Option("stop", "Stop moving")
ALL = "all"
GO = Option("go", "Move the units chosen so far")
#: The context of the move phase's question: which card window it is (``why CARD`` reads it).
MOVE_WINDOW = {"window": "move"}


def move_phase(game: Game, seat: int) -> list[Step]:
    return [_move_step(seat)]


@functools.lru_cache(maxsize=64)
def _move_step(seat: int) -> Step:
    return MovePhase(seat)  # steps never change: every turn shares it


@rule_step
class MovePhase(Step):
    """The active player plays move cards (and other cards of their turn) until they pass."""

    seat: int

    def run(self, game: Game) -> Decision | None:
        options = card_options(game, self.seat, None, "move")
        if _mixed_tops(game, self.seat, game.state.occupied.get(self.seat, ()), first=True):  # a mixed stack to arrange
            options.append(ARRANGE)
        if not options:
            return None
        return game.ask(self.seat, "play_card", "Move phase: play a card or pass", (PASS, *options), context=MOVE_WINDOW)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        option = decision.options[picked[0]]
        if option.id == "arrange":
            game.push(_arrange_step(self.seat), self)
        elif option.id != "pass":
            game.push(_play_step(self.seat, option.value), self)


# The steps the move phase pushes at most of its decisions, made once for each seat (and
# card, or zone) they are of: steps never change, so every turn shares them.
_play_step = functools.lru_cache(maxsize=1024)(PlayCard)


ARRANGE = Option("arrange", "Choose which unit shows on top of one of my stacks")


def top_choices(game: Game, seat: int, zone: int) -> list[int]:
    """One unit of each kind in ``seat``'s stack in ``zone`` (the kinds that could go on top)."""
    kinds: dict[str, int] = {}
    units = game.state.units
    for u in game.state.zone_units.by_zone.get(zone, ()):  # the zone's units top first, others' passed over
        unit = units[u]
        if unit.owner == seat:
            kinds.setdefault(unit.type.id, u)
    return list(kinds.values())


def _mixed_tops(game: Game, seat: int, zones: Iterable[int], first: bool = False) -> list[tuple[int, UnitType]]:
    """``(zone, kind on top)`` for each of ``zones`` where ``seat``'s stack holds more than
    one kind of unit (with ``first``, only the first such zone), looking at each stack only
    until a second kind shows. A list, not a generator: the move phase asks at every decision."""
    s = game.state
    units, by_zone, counts = s.units, s.zone_units.by_zone, s.occupied.get(seat, {})
    found = []
    for zone in zones:
        if counts[zone] > 1:
            top = None
            for u in by_zone.get(zone, ()):  # top first; others' units passed over
                unit = units[u]
                if unit.owner == seat:
                    if top is None:
                        top = unit.type
                    elif unit.type is not top:
                        found.append((zone, top))
                        if first:
                            return found
                        break
    return found


@rule_step
class ChooseStackToArrange(Step):
    seat: int

    def run(self, game: Game) -> Decision:
        options = []
        s = game.state
        counts = s.occupied.get(self.seat, {})
        names, keys = game.board.names, game.board.zone_keys
        for z, top in _mixed_tops(game, self.seat, sorted(counts)):
            options.append(_new(Option, (keys[z], Later((stack_text, names[z], counts[z], top)), z)))
        return game.ask(self.seat, "choose_stack", "Which stack do you want to arrange?", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        game.push(_arranged_step(self.seat, decision.options[picked[0]].value))


_arrange_step = functools.lru_cache(maxsize=64)(ChooseStackToArrange)


# ---------------------------------------------------------------------- the queries


def allowance(game: Game, seat: int, units: tuple[int, ...]) -> int:
    return game.hook.warp_move_allowance(game=game, seat=seat, units=list(units))


def generic_allowance(game: Game, seat: int, units: list[int]) -> int:
    chits = game.state.units
    slowest = chits[units[0]].type.speed
    for u in units:  # a loop, not a comprehension (docs/speed.md)
        speed = chits[u].type.speed
        if speed < slowest:
            slowest = speed
    if slowest == 0:
        return 0  # fortifications never move, whatever the bonuses
    return slowest + game.state.players[seat].faction.ability_total("speed_bonus")


def _limits(game: Game, seat: int, units: tuple[int, ...], points: int | None) -> tuple[int, int, frozenset[str], set[int]]:
    """Allowance, owner, enterable impassable types and blocked zones of a moving group."""
    group = list(units)
    if points is None:
        points = game.hook.warp_move_allowance(game=game, seat=seat, units=group)
    s = game.state
    owner = s.units[units[0]].owner
    blocked: set[int] = set()
    if points > 0:
        for answer in blocked_zones(game, owner, group):
            blocked.update(answer)
    return points, owner, game.rules.can_enter(s.players[owner].faction), blocked


def blocked_zones(game: Game, owner: int, group: list[int]) -> list[Any]:
    """The collections of zones closed to ``owner``'s moving group (the plugins' answers)."""
    if game.hook.generic["warp_blocked_zones"]:
        # The generic rules close zones only by a lasting card effect (no_entry). A loop, not
        # any(): Doctor Who nearly always has some lasting effect, so this runs at every test.
        for e in game.state.lasting:
            if e.kind == "no_entry" and e.seat == owner:
                break
        else:
            return []
    closed = []  # a loop, not a comprehension (docs/speed.md)
    for answer in game.hook.warp_blocked_zones(game=game, seat=owner, units=group):
        if answer:
            closed.append(answer)
    return closed


def stop_zones(game: Game, owner: int, group: list[int]) -> set[int]:
    """The zones ``owner``'s moving group may end its move in but not pass through (the
    themes' answers; the generic rules have none)."""
    stops: set[int] = set()
    if not game.hook.absent["warp_stop_zones"]:
        for answer in game.hook.warp_stop_zones(game=game, seat=owner, units=group):
            stops.update(answer or ())
    return stops


def move_costs(game: Game, owner: int, group: list[int]) -> dict[str, int] | None:
    """What entering each kind of zone costs ``owner``'s moving group where the themes say
    it differs from the zone type's ``move_cost`` (``None``: no theme says so)."""
    if game.hook.absent["warp_move_costs"]:
        return None
    costs: dict[str, int] = {}
    for answer in game.hook.warp_move_costs(game=game, seat=owner, units=group):
        costs.update(answer or {})
    return costs or None


def destinations(game: Game, seat: int, zone: int, units: tuple[int, ...], points: int | None = None) -> dict[int, int]:
    """Zones the group can end its move in (with the movement points spent)."""
    points, owner, can_enter, blocked = _limits(game, seat, units, points)
    if points <= 0:
        return {}
    group = list(units)
    return game.board.reachable(game.state, owner, zone, points, can_enter, blocked, stop_zones(game, owner, group), move_costs(game, owner, group))


def can_move(game: Game, seat: int, zone: int, units: tuple[int, ...], points: int | None = None) -> bool:
    """Whether the group has any destination: some neighbour it can afford to enter."""
    # Asked for every stack at nearly every decision of a move phase, so it is written
    # out rather than built on _limits: the zones closed to the group (a hook call) are
    # asked for only when some neighbour is open to it at all.
    s = game.state
    hook = game.hook
    if points is None:
        points = hook.warp_move_allowance(game=game, seat=seat, units=list(units))
    if points <= 0:
        return False
    owner = s.units[units[0]].owner
    types = s.zone_types
    can_enter = closed = stops = None  # looked up only when a neighbour needs them
    absent = hook.absent
    costs = None if absent["warp_move_costs"] else move_costs(game, owner, list(units))
    for nxt in game.board.adjacency[zone]:
        t = types[nxt]
        if (t.move_cost if costs is None else costs.get(t.id, t.move_cost)) > points:
            continue
        if not t.passable:
            if can_enter is None:
                can_enter = game.rules.can_enter(s.players[owner].faction)
            if t.id not in can_enter:
                continue
        if closed is None:
            # Without lasting effects the generic rules close no zone: no call needed.
            closed = blocked_zones(game, owner, list(units)) if s.lasting or not hook.generic["warp_blocked_zones"] else ()
        if closed and any(nxt in answer for answer in closed):
            continue
        if stops is None:
            # A group in a zone it may not pass through leaves only for one it may (Board.reachable).
            stops = () if absent["warp_stop_zones"] else stop_zones(game, owner, list(units))
            if zone not in stops:
                stops = ()
        if nxt not in stops:
            return True
    return False


def movers(game: Game, seat: int, zone: int, units: list[int], points: int | None = None) -> list[int]:
    """The units of ``units`` (one stack) that can move on their own."""
    generic = game.hook.generic
    if not (generic["warp_move_allowance"] and generic["warp_blocked_zones"]):
        return [u for u in units if can_move(game, seat, zone, (u,), points)]
    # Under the generic rules a lone unit's moves depend on its type (its speed) and on
    # its owner, the same for the whole stack; a stack often holds several units of one
    # type, so each type is asked about once, with its allowance worked out here.
    chits = game.state.units
    bonus = game.state.players[seat].faction.ability_total("speed_bonus")
    able: dict[str, bool] = {}
    out = []
    for u in units:
        kind = chits[u].type
        ok = able.get(kind.id)
        if ok is None:
            allowance = points if points is not None else (kind.speed + bonus if kind.speed else 0)
            ok = able[kind.id] = can_move(game, seat, zone, (u,), allowance)
        if ok:
            out.append(u)
    return out


def moving_group(game: Game, seat: int, zone: int, owner: int, tag: str | None = None, single: bool = False, points: int | None = None) -> tuple[int, ...]:
    """``owner``'s units in ``zone`` that ``seat`` may move (as :func:`movable`) if they,
    or with ``single`` the first of them, have somewhere to go; else ``()``."""
    return MoveQuery.of(game, seat, owner, tag, single, points).group(game, zone)


class MoveQuery:
    """How to tell which of ``owner``'s stacks ``seat`` may move, with ``tag``, ``single``
    and ``points`` as :func:`moving_group` takes them: ``group(game, zone)`` answers it.

    A move phase asks this of every stack at nearly every decision, so what does not
    change in a game is worked out once, and :meth:`of` keeps it for the game and its
    copies: the mover's speed bonus, the impassable zones the owner may enter, and
    whether only the generic rules say where a group may go (no theme answers the
    move-cost, stop-zone or blocked-zone hooks). Then a group can move when a neighbour
    of its zone costs no more than its allowance (the slowest unit's speed plus the
    bonus) and is neither impassable to it nor closed by a lasting effect; otherwise
    :func:`can_move` is asked.
    """

    __slots__ = ("seat", "owner", "tag", "single", "points", "_bonus", "_generic", "_enter")

    @classmethod
    def of(cls, game: Game, seat: int, owner: int, tag: str | None = None, single: bool = False, points: int | None = None) -> MoveQuery:
        key = (seat, owner, tag, single, points)  # a seat's faction never changes in a game
        queries = game.hook.move_queries
        query = queries.get(key)
        if query is None:
            query = queries[key] = cls(game, seat, owner, tag, single, points)
        return query

    def __init__(self, game: Game, seat: int, owner: int, tag: str | None, single: bool, points: int | None):
        self.seat, self.owner, self.tag, self.single, self.points = seat, owner, tag, single, points
        hook = game.hook
        own_allowance = points is None and hook.generic["warp_move_allowance"]
        players = game.state.players
        self._bonus = players[seat].faction.ability_total("speed_bonus") if own_allowance else None
        self._generic = (points is not None or own_allowance) and hook.absent["warp_move_costs"] and hook.absent["warp_stop_zones"] and hook.generic["warp_blocked_zones"]
        self._enter = game.rules.can_enter(players[owner].faction)

    def group(self, game: Game, zone: int) -> tuple[int, ...]:
        owner, tag = self.owner, self.tag
        units = game.state.units
        group = []
        slowest = 0
        for u in game.state.zone_units.by_zone.get(zone, ()):
            unit = units[u]
            if unit.owner == owner and not unit.moved:
                kind = unit.type
                speed = kind.speed
                if speed > 0 and (tag is None or tag in kind.tags):
                    group.append(u)
                    if speed < slowest or not slowest:
                        slowest = speed
        if not group:
            return ()
        points = self.points
        if self._bonus is not None:
            points = (units[group[0]].type.speed if self.single else slowest) + self._bonus
        if not self._generic:
            return tuple(group) if can_move(game, self.seat, zone, (group[0],) if self.single else tuple(group), points) else ()
        return tuple(group) if self._opens(game, zone, points, group) else ()

    def any_group(self, game: Game, zone: int) -> bool:
        """Whether :meth:`group` gives a group, mostly settled by the first unit that could
        go: under the generic rules a group's allowance is at least 1 plus the bonus (the
        slowest speed is at least 1), and a neighbour open for that is open for it."""
        if not self._generic:
            return bool(self.group(game, zone))
        owner, tag = self.owner, self.tag
        units = game.state.units
        for u in game.state.zone_units.by_zone.get(zone, ()):
            unit = units[u]
            if unit.owner == owner and not unit.moved and unit.type.speed > 0 and (tag is None or tag in unit.type.tags):
                break
        else:
            return False
        if self._bonus is None:
            return self._opens(game, zone, self.points, [u])
        if self.single:
            return self._opens(game, zone, unit.type.speed + self._bonus, [u])
        return self._opens(game, zone, 1 + self._bonus, [u]) or bool(self.group(game, zone))

    def _opens(self, game: Game, zone: int, points: int, group: list[int]) -> bool:
        """:func:`can_move` of ``group`` with ``points`` under the generic rules, written out."""
        if points <= 0:
            return False
        types = game.state.zone_types
        closed = None
        for nxt in game.board.adjacency[zone]:
            t = types[nxt]
            if t.move_cost > points or (not t.passable and t.id not in self._enter):
                continue
            if closed is None:
                closed = set()
                if game.state.lasting:  # the generic rules close zones by lasting effects alone
                    for answer in blocked_zones(game, self.owner, group):
                        closed.update(answer)
            if nxt not in closed:
                return True
        return False


def movable(game: Game, seat: int, zone: int, tag: str | None = None) -> tuple[int, ...]:
    units = game.state.units
    out = []
    for u in game.state.zone_units.get(zone):
        unit = units[u]
        if unit.owner == seat and not unit.moved and unit.type.speed > 0 and (tag is None or tag in unit.type.tags):
            out.append(u)
    return tuple(out)


def stack_label(game: Game, zone: int, units: tuple[int, ...]) -> str:
    return stack_text(game.zone_name(zone), len(units), game.state.units[units[0]].type)


def stack_text(zone_name: str, count: int, top: UnitType) -> str:
    return f"{zone_name}: {count} unit{'s' if count != 1 else ''} ({top.name} (F{top.force}){', ...' if count > 1 else ''})"


def unit_text(verb: str, unit_type: UnitType) -> str:
    return f"{verb} {unit_type.name} (F{unit_type.force})"


# ---------------------------------------------------------------------- moving a group


@rule_step
class StackMoves(Step):
    """Move up to ``remaining`` stacks of ``owner``'s, chosen by ``seat`` one at a time.

    The first ``required`` moves must be made ("Stop moving" is offered only after them,
    D7); ``points`` overrides the group's allowance (e.g. a long-range card), ``tag``
    limits the units that may move, ``single`` moves one unit rather than a group.
    Each move is of another stack: a stack is what one player has in one zone (B3, B4),
    so a card of two stacks never moves two groups out of one zone (``moved_from``).
    """

    seat: int
    remaining: int
    owner: int | None = None
    points: int | None = None
    tag: str | None = None
    single: bool = False
    required: int = 0
    moved_from: tuple[int, ...] = ()

    def run(self, game: Game) -> Decision | None:
        owner = self.seat if self.owner is None else self.owner
        options = []
        query = MoveQuery.of(game, self.seat, owner, self.tag, self.single, self.points)
        for zone in game.state.zones_with_units(owner):
            if zone in self.moved_from:
                continue
            group = query.group(game, zone)
            if group:
                label = Later((stack_text, game.board.names[zone], len(group), game.state.units[group[0]].type))
                options.append(_new(Option, (game.board.zone_keys[zone], label, zone)))
        if not options:
            if self.moved_from:  # the card had more moves: the player is told why they go unused
                game.emit("moves_unused", visible_to=(self.seat,), player=self.seat, count=self.remaining)
            return None
        if self.required > 0:
            prompt = f"Choose a stack to move ({self.required} more to move, {self.remaining} at most)"
            return game.ask(self.seat, "choose_stack", prompt, options)
        return game.ask(self.seat, "choose_stack", f"Choose a stack to move ({self.remaining} left)", [STOP, *options])

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        if not picked:
            return
        option = decision.options[picked[0]]
        if option.id == "stop":
            return
        owner = self.seat if self.owner is None else self.owner
        later = []
        if self.remaining > 1:  # built directly: attrs.evolve costs three times as much, at every move
            later.append(StackMoves(self.seat, self.remaining - 1, self.owner, self.points, self.tag, self.single, self.required - 1, (*self.moved_from, option.value)))
        group = movable(game, owner, option.value, self.tag)
        game.push(SelectUnits(self.seat, option.value, group, (), self.points, self.single), *later)


@rule_step
class SelectUnits(Step):
    """Pick which units of the stack go: all at once, or one by one."""

    seat: int
    zone: int
    candidates: tuple[int, ...]
    chosen: tuple[int, ...] = ()
    points: int | None = None
    single: bool = False
    #: The unit options of the last pick, less the unit picked then: picking units changes
    #: nothing on the board, so the next pick offers the same units again as they are,
    #: rather than asking every unit again whether it can move (a big stack is picked from
    #: unit by unit).
    offered: tuple[Option, ...] | None = None

    def run(self, game: Game) -> Decision | None:
        prompt = f"Which units leave {game.board.names[self.zone]}?"
        if self.offered is not None:  # a later pick
            return game.ask(self.seat, "choose_units", prompt, (GO, *self.offered))
        left = []
        for u in self.candidates:  # a loop, not a comprehension (docs/speed.md)
            if u not in self.chosen:
                left.append(u)
        if len(self.candidates) == 1 or (self.single and len(left) == 1):
            game.push(SelectDestination(self.seat, self.zone, tuple(self.candidates[:1]) if self.single else self.candidates, self.points))
            return None
        options = []
        if self.chosen:  # picks made before (by a theme's step; the engine's own come with offered)
            options.append(GO)
        elif not self.single:
            options.append(_new(Option, (ALL, f"Move all {len(self.candidates)} units", None)))
        verb = "Move" if self.single else "Add"
        units = game.state.units
        left = movers(game, self.seat, self.zone, left, self.points)
        keys = unit_keys(len(units))
        labels: dict[str, Later] = {}  # a stack holds many units of few kinds: one label a kind
        for u in left:
            kind = units[u].type
            label = labels.get(kind.id)
            if label is None:
                label = labels[kind.id] = Later((unit_text, verb, kind))
            options.append(_new(Option, (keys[u], label, u)))
        return game.ask(self.seat, "choose_units", prompt, options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        option = decision.options[picked[0]]
        if option.id == ALL:
            group = self.candidates
        elif option.id == "go":
            group = self.chosen
        else:
            group = self.chosen + (option.value,)
            if not self.single and len(group) < len(self.candidates):
                i = picked[0]  # the units are offered after "all" or "go"
                offered = decision.options[1:i] + decision.options[i + 1 :]
                game.push(SelectUnits(self.seat, self.zone, self.candidates, group, points=self.points, single=self.single, offered=offered))
                return
        game.push(SelectDestination(self.seat, self.zone, group, self.points))


@rule_step
class SelectDestination(Step):
    seat: int
    zone: int
    units: tuple[int, ...]
    points: int | None = None

    def run(self, game: Game) -> Decision | None:
        reach = destinations(game, self.seat, self.zone, self.units, self.points)
        ends = game.board.destination_options
        options = []
        for z in sorted(reach):  # a loop, not a comprehension (docs/speed.md)
            options.append(ends[z])
        return game.ask(
            self.seat, "choose_destination", f"Move {len(self.units)} unit(s) from {game.board.names[self.zone]} to",
            options, context={"from": self.zone, "units": self.units, "reach": reach, "points": self.points},
        )

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        if not picked:
            return
        move_group(game, self.units, decision.options[picked[0]].value, by=self.seat)


@rule_step
class ArrangeStack(Step):
    """The owner picks which unit shows on top of their stack in ``zone`` (B4)."""

    seat: int
    zone: int

    def run(self, game: Game) -> Decision | None:
        units = game.state.units
        keys = unit_keys(len(units))
        options = []
        for u in top_choices(game, self.seat, self.zone):  # a loop, not a comprehension (docs/speed.md)
            options.append(_new(Option, (keys[u], Later((unit_text, "Show", units[u].type)), u)))
        return game.ask(self.seat, "choose_top", f"Which unit do other players see on top in {game.board.names[self.zone]}?", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        game.state.set_top(decision.options[picked[0]].value)


_arranged_step = functools.lru_cache(maxsize=1024)(ArrangeStack)


def move_group(game: Game, units: tuple[int, ...], to: int, by: int) -> None:
    """Move units (all in one zone) to ``to``, mark them moved, and open the move window."""
    s = game.state
    owner = s.units[units[0]].owner
    start = s.units[units[0]].zone
    names = []
    for u in units:
        s.move_unit(u, to)
        unit = s.units[u]
        unit.moved = True
        names.append(unit.type.name)
    move_id = s.next_play
    s.next_play += 1
    # Others see the unit now on top of the owner's stack where the group arrived (B4, B14).
    for top in s.zone_units[to]:
        if s.units[top].owner == owner:
            break
    game.emit(
        "moved", player=owner, by=by, frm=start, to=to, count=len(units), top=s.units[top].type.name,
        secret={"units": names},
    )
    units = tuple(units)
    after: list[Step] = []  # a loop, not a comprehension (docs/speed.md)
    for answer in game.hook.warp_after_move(game=game, seat=owner, units=units, frm=start, to=to):
        if answer:
            after.extend(answer)
    seats = window_seats(game, "move", by, False)
    if seats is not None:
        game.push(ReactionWindow(MoveMade(move_id, by, start, to, units), seats), *after)
    elif after:
        game.push(*after)
