"""The mutable game: units, players, zones, deck and pools.

Everything is kept in flat containers keyed by small integers (unit ids, card ids,
zone ids, seats) so that :meth:`GameState.copy` is a handful of list copies rather
than a deep copy. Rules data (unit types, factions, zone types) is shared by reference.
"""

from __future__ import annotations

from typing import Any

import attrs

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
    costs what the occupied zones cost, not what the map costs.
    """

    __slots__ = ("_zones", "_count")

    def __init__(self, count: int, zones: dict[int, list[int]] | None = None):
        self._count = count
        self._zones = {} if zones is None else zones

    @classmethod
    def from_lists(cls, lists: list[list[int]]) -> ZoneUnits:
        return cls(len(lists), {z: ids for z, ids in enumerate(lists) if ids})

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, zone: int) -> list[int]:
        ids = self._zones.get(zone)
        if ids is None:
            if not 0 <= zone < self._count:
                raise IndexError(f"zone {zone} does not exist (zones are 0..{self._count - 1})")
            ids = self._zones[zone] = []
        return ids

    def get(self, zone: int) -> list[int] | tuple[()]:
        """The zone's unit ids without creating an entry (empty zones give ``()``)."""
        return self._zones.get(zone, ())

    def __iter__(self):
        zones = self._zones
        return (zones.get(z, []) for z in range(self._count))

    def copy(self) -> ZoneUnits:
        return ZoneUnits(self._count, {z: ids[:] for z, ids in self._zones.items() if ids})


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
        return Unit(self.id, self.type, self.pool, self.place, self.owner, self.zone, self.moved)


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


@attrs.define(slots=True)
class GameState:
    """The whole mutable position of a game."""

    units: list[Unit]
    players: list[Player]
    zone_units: ZoneUnits
    zone_types: list[ZoneType]
    control: dict[int, int]  # zone -> seat holding its control marker
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
    registers: dict[str, Any] = attrs.field(factory=dict)  # die rolls and play ids in flight
    negated: set[int] = attrs.field(factory=set)
    battle: Any = None  # the battle being fought, if any (rules.battle.Battle)
    next_play: int = 0

    def copy(self) -> GameState:
        return GameState(
            units=[u.copy() for u in self.units],
            players=[p.copy() for p in self.players],
            zone_units=self.zone_units.copy(),
            zone_types=self.zone_types[:],
            control=dict(self.control),
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
            registers=dict(self.registers),
            negated=set(self.negated),
            battle=None if self.battle is None else self.battle.copy(),
            next_play=self.next_play,
        )

    # ------------------------------------------------------------------ queries

    def stack(self, zone: int, owner: int) -> list[int]:
        """Ids of ``owner``'s units in ``zone``, top unit first."""
        units = self.units
        return [u for u in self.zone_units.get(zone) if units[u].owner == owner]

    def owners_in(self, zone: int) -> set[int]:
        units = self.units
        return {units[u].owner for u in self.zone_units.get(zone)}

    def has_enemy(self, zone: int, seat: int) -> bool:
        units = self.units
        for u in self.zone_units.get(zone):
            if units[u].owner != seat:
                return True
        return False

    def units_of(self, seat: int) -> list[int]:
        """Ids of ``seat``'s units on the board, in id order."""
        return [u.id for u in self.units if u.owner == seat and u.place == BOARD]

    def zones_with_units(self, seat: int) -> list[int]:
        """Zones holding ``seat``'s units, in id order (scans units, not zones: big maps stay cheap)."""
        return sorted({u.zone for u in self.units if u.owner == seat and u.place == BOARD})

    def controlled(self, seat: int) -> list[int]:
        """Zones carrying ``seat``'s control marker, in id order."""
        return sorted(z for z, c in self.control.items() if c == seat)

    # ------------------------------------------------------------------ moving chits

    def put_on_board(self, unit_id: int, seat: int, zone: int) -> None:
        u = self.units[unit_id]
        if u.place == BOARD:
            self.zone_units[u.zone].remove(unit_id)
        elif u.place == POOL:
            self.pools[u.pool].remove(unit_id)
        u.place, u.owner, u.zone = BOARD, seat, zone
        self.zone_units[zone].append(unit_id)

    def return_to_pool(self, unit_id: int) -> None:
        u = self.units[unit_id]
        if u.place == BOARD:
            self.zone_units[u.zone].remove(unit_id)
        if u.place != POOL:
            self.pools[u.pool].append(unit_id)
        u.place, u.owner, u.zone, u.moved = POOL, NOBODY, NOBODY, False

    def capture(self, unit_id: int, captor: int) -> None:
        u = self.units[unit_id]
        if u.place == BOARD:
            self.zone_units[u.zone].remove(unit_id)
        u.place, u.owner, u.zone = CAPTURED, captor, NOBODY

    def set_top(self, unit_id: int) -> None:
        """Put ``unit_id`` on top of its owner's stack (the unit other players see)."""
        ids = self.zone_units[self.units[unit_id].zone]
        ids.remove(unit_id)
        ids.insert(0, unit_id)

    def move_unit(self, unit_id: int, zone: int) -> None:
        u = self.units[unit_id]
        self.zone_units[u.zone].remove(unit_id)
        u.zone = zone
        self.zone_units[zone].append(unit_id)
