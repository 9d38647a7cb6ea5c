"""The mutable game: units, players, zones, deck and pools.

Everything is kept in flat containers keyed by small integers (unit ids, card ids,
zone ids, seats) so that :meth:`GameState.copy` is a handful of list copies rather
than a deep copy. Rules data (unit types, factions, zone types) is shared by reference.
"""

from __future__ import annotations

from typing import Any

import attrs

from . import theme_state
from .data import Faction, UnitType, ZoneType

# Where a unit chit is.
POOL = 0  #: in its unit pool
BOARD = 1  #: on the map, in ``Unit.zone``
CAPTURED = 2  #: a leader set aside by the player who captured it (``Unit.owner``)
OFFER = 3  #: drawn in a recruit phase, not yet bought or returned

NOBODY = -1


class ZoneUnits:
    """The unit ids in each zone, kept only for zones that hold units.

    Indexing (``zone_units[zone]``) gives the zone's list, to read or change; iterating
    gives every zone's list in id order. A big map is mostly empty, so copying this
    costs what the occupied zones cost, not what the map costs. ``by_zone`` is the dict
    behind it (zone -> unit ids, for the zones that may hold units), for the rules asked
    at every decision to read with ``by_zone.get(zone, ())`` without a method call.
    """

    __slots__ = ("by_zone", "_count")

    def __init__(self, count: int, zones: dict[int, list[int]] | None = None):
        self._count = count
        self.by_zone = {} if zones is None else zones

    @classmethod
    def from_lists(cls, lists: list[list[int]]) -> ZoneUnits:
        return cls(len(lists), {z: ids for z, ids in enumerate(lists) if ids})

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, zone: int) -> list[int]:
        ids = self.by_zone.get(zone)
        if ids is None:
            if not 0 <= zone < self._count:
                raise IndexError(f"zone {zone} does not exist (zones are 0..{self._count - 1})")
            ids = self.by_zone[zone] = []
        return ids

    def get(self, zone: int) -> list[int] | tuple[()]:
        """The zone's unit ids without creating an entry (empty zones give ``()``)."""
        return self.by_zone.get(zone, ())

    def __iter__(self):
        zones = self.by_zone
        return (zones.get(z, []) for z in range(self._count))

    def copy(self) -> ZoneUnits:
        return ZoneUnits(self._count, {z: ids[:] for z, ids in self.by_zone.items() if ids})

    def items(self):
        """``(zone, unit ids)`` of the zones that may hold units (some lists may be empty)."""
        return self.by_zone.items()

    def occupied_lists(self):
        """The unit lists of the zones that may hold units (every unit on the board is in one)."""
        return self.by_zone.values()


class ZoneTypes(list):
    """The type of every zone, by zone id: a list to read, changed only through
    :meth:`GameState.set_zone_type`.

    Copies of a game share one list until one of them changes a zone's type (a card
    turning a zone into Hazard): on a 10,000-zone map that makes a copy twice as cheap.
    Writing into the list directly would change every copy at once, so it is refused.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("zone types are shared by copies of a game; change one with GameState.set_zone_type(zone, zone_type)")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple:
        return (ZoneTypes, (list(self),))


class Control(dict):
    """Control markers: zone -> the seat whose marker is on it.

    A plain dict to read, which also keeps each seat's set of zones, so that "which
    zones does this seat control" costs what the answer costs, not a scan of every
    marker. Every way of changing a dict keeps that set up to date.
    """

    __slots__ = ("_zones_of",)

    def __init__(self, markers: Any = ()):
        super().__init__()
        self._zones_of: dict[int, set[int]] = {}
        self.update(markers)

    @classmethod
    def of(cls, markers: Any) -> Control:
        """``markers`` itself if it is a Control, else a Control holding the same markers."""
        return markers if type(markers) is cls else cls(markers)

    def zones_of(self, seat: int) -> set[int] | tuple[()]:
        """The zones carrying ``seat``'s marker (do not change the set)."""
        return self._zones_of.get(seat, ())

    def __setitem__(self, zone: int, seat: int) -> None:
        before = dict.get(self, zone)
        if before is not None:
            self._zones_of[before].discard(zone)
        self._zones_of.setdefault(seat, set()).add(zone)
        dict.__setitem__(self, zone, seat)

    def __delitem__(self, zone: int) -> None:
        self._zones_of[dict.__getitem__(self, zone)].discard(zone)
        dict.__delitem__(self, zone)

    _MISSING = object()

    def pop(self, zone: int, default: Any = _MISSING) -> Any:
        if zone in self:
            seat = self[zone]
            del self[zone]
            return seat
        if default is Control._MISSING:
            raise KeyError(zone)
        return default

    def popitem(self) -> tuple[int, int]:
        zone, seat = dict.popitem(self)
        self._zones_of[seat].discard(zone)
        return zone, seat

    def setdefault(self, zone: int, seat: int) -> int:  # type: ignore[override]
        if zone not in self:
            self[zone] = seat
        return self[zone]

    def update(self, *others: Any, **more: Any) -> None:
        for other in others:
            for zone, seat in (other.items() if hasattr(other, "items") else other):
                self[zone] = seat
        for zone, seat in more.items():
            self[zone] = seat

    def __ior__(self, other: Any) -> Control:
        self.update(other)
        return self

    def clear(self) -> None:
        dict.clear(self)
        self._zones_of.clear()

    def copy(self) -> Control:
        twin = Control()
        dict.update(twin, self)
        twin._zones_of = {seat: set(zones) for seat, zones in self._zones_of.items() if zones}
        return twin

    def __reduce__(self) -> tuple:
        return (Control, (dict(self),))


@attrs.define(slots=True)
class Unit:
    """One unit chit. ``owner`` is a seat or -1; ``zone`` a zone id or -1."""

    id: int
    type: UnitType
    pool: str
    place: int = POOL
    owner: int = NOBODY
    zone: int = NOBODY
    moved: bool = False

    def copy(self) -> Unit:
        # Set slot by slot rather than through __init__: about a third quicker, and a search
        # copies every chit off the pools thousands of times.
        twin = _new_unit(Unit)
        twin.id = self.id
        twin.type = self.type
        twin.pool = self.pool
        twin.place = self.place
        twin.owner = self.owner
        twin.zone = self.zone
        twin.moved = self.moved
        return twin


_new_unit = object.__new__


@attrs.define(slots=True)
class Player:
    """A seat at the table: its faction, treasury and hand of card ids."""

    seat: int
    name: str
    faction: Faction
    treasury: int = 0
    hand: list[int] = attrs.field(factory=list)
    revenue: int = 0  # revenue of this player's latest revenue phase

    def copy(self) -> Player:
        return Player(self.seat, self.name, self.faction, self.treasury, self.hand[:], self.revenue)


@attrs.define(slots=True)
class Lasting:
    """A card effect that lasts beyond the moment it was played.

    ``kind`` says what it does (e.g. ``revenue_delta``, ``zone_no_revenue``,
    ``no_entry``); it applies to ``seat`` (and ``zone`` where it matters) and ends
    after turn number ``until_turn``.
    """

    kind: str
    seat: int
    amount: int = 0
    zone: int = NOBODY
    until_turn: int = 0
    source: int = NOBODY  # the seat that played the card

    def copy(self) -> Lasting:
        return Lasting(self.kind, self.seat, self.amount, self.zone, self.until_turn, self.source)


@attrs.define(slots=True, on_setattr=attrs.setters.NO_OP)  # plain attribute sets: they are frequent
class GameState:
    """The whole mutable position of a game."""

    units: list[Unit]
    players: list[Player]
    zone_units: ZoneUnits
    zone_types: ZoneTypes = attrs.field(converter=lambda types: types if type(types) is ZoneTypes else ZoneTypes(types))
    # zone -> seat holding its control marker; read and set as ``control`` (below)
    _control: Control = attrs.field(converter=Control.of)
    pools: dict[str, list[int]]
    deck: list[int]
    discard: list[int] = attrs.field(factory=list)
    lasting: list[Lasting] = attrs.field(factory=list)
    turn: int = 1  # counts player turns from 1
    active: int = 0
    phase: str = "setup"
    destroyed_this_turn: list[int] = attrs.field(factory=list)
    winner: int | None = None
    over: bool = False
    rolls: dict[str, int] = attrs.field(factory=dict)  # die results in flight, by the key of the step that rolled
    starts: tuple[int, ...] = ()  # each seat's start zone, by seat
    placed: dict[int, int] = attrs.field(factory=dict)  # zone -> units placed there this recruit phase
    last_owner: dict[int, int] = attrs.field(factory=dict)  # unit destroyed -> the seat it belonged to
    # theme state class -> this game's instance (see theme_state.py and :meth:`theme`)
    themes: dict[type, Any] = attrs.field(factory=dict)
    negated: set[int] = attrs.field(factory=set)
    battle: Any = None  # the battle being fought, if any (rules.battle.Battle)
    next_play: int = 0
    # seat -> {zone: how many of the seat's units are there}, kept up to date by the
    # methods below that move chits; built from the units when not given.
    occupied: dict[int, dict[int, int]] | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def control(self) -> Control:
        """zone -> the seat whose control marker is on it (a :class:`Control`)."""
        return self._control

    @control.setter
    def control(self, markers: Any) -> None:
        self._control = Control.of(markers)

    def set_zone_type(self, zone: int, zone_type: ZoneType) -> None:
        """``zone`` becomes a zone of ``zone_type`` in this game (and none of its copies)."""
        types = ZoneTypes(self.zone_types)  # copied on write: the list may be shared
        list.__setitem__(types, zone, zone_type)
        self.zone_types = types

    def __attrs_post_init__(self) -> None:
        if self.occupied is None:
            self.occupied = {}
            for u in self.units:
                if u.place == BOARD:
                    self._enter(u.owner, u.zone)

    def copy(self) -> GameState:
        """An independent copy. The chits in the pools are shared with the copy rather than
        copied (War Hammer has over 300 chits, most of them in pools, and a search copies
        the state thousands of times a decision): a pooled chit is never changed in place,
        and :meth:`own_unit` gives a state its own before it changes one."""
        return GameState(
            units=[u if u.place == POOL else u.copy() for u in self.units],
            players=[p.copy() for p in self.players],
            zone_units=self.zone_units.copy(),
            zone_types=self.zone_types,  # shared until one side changes a zone's type
            control=self._control.copy(),
            pools={k: v[:] for k, v in self.pools.items()},
            deck=self.deck[:],
            discard=self.discard[:],
            lasting=[x.copy() for x in self.lasting],
            turn=self.turn,
            active=self.active,
            phase=self.phase,
            destroyed_this_turn=self.destroyed_this_turn[:],
            winner=self.winner,
            over=self.over,
            rolls=dict(self.rolls),
            starts=self.starts,
            placed=dict(self.placed),
            last_owner=dict(self.last_owner),
            themes=theme_state.copy_all(self.themes) if self.themes else {},
            negated=set(self.negated),
            battle=None if self.battle is None else self.battle.copy(),
            next_play=self.next_play,
            occupied={seat: dict(zones) for seat, zones in self.occupied.items() if zones},
        )

    def theme(self, cls: type) -> Any:
        """This game's instance of theme state class ``cls`` (made with ``cls()`` on first use)::

            @attrs.define
            class Raids:
                count: int = 0

            game.state.theme(Raids).count += 1
        """
        found = self.themes.get(cls)
        if found is None:
            found = self.themes[cls] = theme_state.make(cls)
        return found

    # ------------------------------------------------------------------ queries

    def stack(self, zone: int, owner: int) -> list[int]:
        """Ids of ``owner``'s units in ``zone``, top unit first."""
        units = self.units
        ids = []
        for u in self.zone_units.by_zone.get(zone, ()):  # a loop, not a comprehension (docs/speed.md)
            if units[u].owner == owner:
                ids.append(u)
        return ids

    def owners_in(self, zone: int) -> set[int]:
        units = self.units
        owners = set()
        for u in self.zone_units.by_zone.get(zone, ()):  # a loop, not a comprehension (docs/speed.md)
            owners.add(units[u].owner)
        return owners

    def has_enemy(self, zone: int, seat: int) -> bool:
        units = self.units
        for u in self.zone_units.by_zone.get(zone, ()):
            if units[u].owner != seat:
                return True
        return False

    def units_of(self, seat: int) -> list[int]:
        """Ids of ``seat``'s units on the board, in id order."""
        units, zone_units = self.units, self.zone_units
        mine = [u for z in self.occupied.get(seat, ()) for u in zone_units.get(z) if units[u].owner == seat]
        mine.sort()
        return mine

    def zones_with_units(self, seat: int) -> list[int]:
        """Zones holding ``seat``'s units, in id order (from the index the chit moves keep)."""
        return sorted(self.occupied.get(seat, ()))

    def occupies(self, seat: int, zone: int) -> bool:
        """Whether ``seat`` has units in ``zone``."""
        zones = self.occupied.get(seat)
        return zones is not None and zone in zones

    def controlled(self, seat: int) -> list[int]:
        """Zones carrying ``seat``'s control marker, in id order."""
        return sorted(self._control.zones_of(seat))

    # ------------------------------------------------------------------ the occupied index

    def _enter(self, seat: int, zone: int) -> None:
        zones = self.occupied.get(seat)
        if zones is None:
            zones = self.occupied[seat] = {}
        zones[zone] = zones.get(zone, 0) + 1

    def _leave(self, seat: int, zone: int) -> None:
        zones = self.occupied[seat]
        left = zones[zone] - 1
        if left:
            zones[zone] = left
        else:
            del zones[zone]

    # ------------------------------------------------------------------ moving chits
    # Rules change where a unit is, and who owns one on the board, only through these
    # methods: they keep ``zone_units`` and the ``occupied`` index in step.

    def own_unit(self, unit_id: int) -> Unit:
        """The chit ``unit_id``, to change: one in a pool may be shared with copies of this
        state (see :meth:`copy`), so this state first gets a copy of its own."""
        u = self.units[unit_id]
        if u.place == POOL:
            u = self.units[unit_id] = u.copy()
        return u

    def put_on_board(self, unit_id: int, seat: int, zone: int) -> None:
        u = self.units[unit_id]
        if u.place == BOARD:
            self.zone_units[u.zone].remove(unit_id)
            self._leave(u.owner, u.zone)
        elif u.place == POOL:
            self.pools[u.pool].remove(unit_id)
            u = self.units[unit_id] = u.copy()  # own_unit, written out: the pooled chit may be shared
        u.place, u.owner, u.zone = BOARD, seat, zone
        self.zone_units[zone].append(unit_id)
        self._enter(seat, zone)

    def return_to_pool(self, unit_id: int) -> None:
        u = self.units[unit_id]
        if u.place == POOL:
            return  # already there (a pooled chit may be shared: it is never changed in place)
        if u.place == BOARD:
            self.zone_units[u.zone].remove(unit_id)
            self._leave(u.owner, u.zone)
        self.pools[u.pool].append(unit_id)
        u.place, u.owner, u.zone, u.moved = POOL, NOBODY, NOBODY, False

    def capture(self, unit_id: int, captor: int) -> None:
        u = self.own_unit(unit_id)
        if u.place == BOARD:
            self.zone_units[u.zone].remove(unit_id)
            self._leave(u.owner, u.zone)
        u.place, u.owner, u.zone, u.moved = CAPTURED, captor, NOBODY, False

    def change_owner(self, unit_id: int, seat: int) -> None:
        """A unit on the board changes sides where it stands."""
        u = self.own_unit(unit_id)
        if u.place == BOARD:
            self._leave(u.owner, u.zone)
            self._enter(seat, u.zone)
        u.owner = seat

    def set_top(self, unit_id: int) -> None:
        """Put ``unit_id`` on top of its owner's stack (the unit other players see)."""
        ids = self.zone_units[self.units[unit_id].zone]
        ids.remove(unit_id)
        ids.insert(0, unit_id)

    def move_unit(self, unit_id: int, zone: int) -> None:
        u = self.units[unit_id]
        by_zone = self.zone_units.by_zone  # read directly: a unit's zone has its list, and most moves end where units are
        by_zone[u.zone].remove(unit_id)
        self._leave(u.owner, u.zone)
        u.zone = zone
        ids = by_zone.get(zone)
        (self.zone_units[zone] if ids is None else ids).append(unit_id)
        self._enter(u.owner, zone)
