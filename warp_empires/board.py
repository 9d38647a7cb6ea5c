"""The territory graph as the rules use it: adjacency and reach.

The map's topology never changes during a game, so it is turned once into tuples
of neighbour ids; the queries walk only the zones they need, which keeps a move
on a 10,000-zone map as cheap as one on a 50-zone map.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container, Mapping
from heapq import heappop, heappush

from .decisions import Option
from .model.data import ZoneType
from .model.state import GameState
from .zonemap import ZoneMap


class Board:
    """Zone names, codes and borders of one map, shared by every copy of a game.

    A map never changes, so games on the same map share its board: :meth:`of`
    builds it once (a 10,000-zone board takes milliseconds to build).
    """

    @classmethod
    def of(cls, zone_map: ZoneMap) -> Board:
        """The board of ``zone_map``, built on first use and kept with the map."""
        board = zone_map._board
        if board is None:
            board = cls(zone_map)
            object.__setattr__(zone_map, "_board", board)
        return board

    def __init__(self, zone_map: ZoneMap):
        self.map = zone_map
        self.adjacency = zone_map.adjacency
        self.names = tuple(z.name for z in zone_map.zones)
        self.codes = tuple(z.code for z in zone_map.zones)
        self._by_code = {z.code.lower(): z.id for z in zone_map.zones}
        self._by_code.update({z.name.lower(): z.id for z in zone_map.zones})

    @functools.cached_property
    def zone_keys(self) -> tuple[str, ...]:
        """Each zone's option id, ``zone:<id>``: options naming zones are offered at most
        decisions, so the ids are written once per map."""
        return tuple(f"zone:{z}" for z in range(len(self.names)))

    @functools.cached_property
    def places(self) -> tuple[str, ...]:
        """Each zone's name with its code, as destinations are listed: ``Skaro (SKA)``."""
        return tuple(f"{name} ({code})" for name, code in zip(self.names, self.codes))

    @functools.cached_property
    def zone_options(self) -> tuple[Option, ...]:
        """Each zone as an option naming it (``zone:<id>``, its name, the zone id), for
        questions that list zones (where a new unit goes, say): made once per map."""
        return tuple(map(Option, self.zone_keys, self.names, range(len(self.names))))

    @functools.cached_property
    def destination_options(self) -> tuple[Option, ...]:
        """Each zone as a move's destination (``zone:<id>``, its name with its code, the zone id)."""
        return tuple(map(Option, self.zone_keys, self.places, range(len(self.names))))

    def __len__(self) -> int:
        return len(self.names)

    def find(self, text: str) -> int | None:
        """The zone whose code or name is ``text`` (any case)."""
        return self._by_code.get(text.strip().lower())

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.adjacency[a]

    def reachable(
        self,
        state: GameState,
        seat: int,
        start: int,
        allowance: int,
        can_enter: Container[str] = (),
        blocked: Container[int] = (),
        stops: Container[int] = (),
        costs: Mapping[str, int] | None = None,
    ) -> dict[int, int]:
        """Zones a group of ``seat``'s units in ``start`` can end a move in, with the cost.

        Each zone entered costs its zone type's ``move_cost`` (or, for this group, what
        ``costs`` says of the type); the total may not pass ``allowance``. A zone that is impassable (unless its type id is in ``can_enter``)
        or in ``blocked`` cannot be entered; a zone holding another player's units, or
        in ``stops``, may be entered but the path stops there. A group starting in a zone
        of ``stops`` leaves it for a zone it may pass through, never straight for another
        of ``stops`` (ships on one stretch of coast put to sea to land on the next).
        """
        types = state.zone_types
        adjacency = self.adjacency
        from_stop = start in stops
        if costs is None:
            # Most zones cost 1 to enter: then the cheapest way to each zone is the one of
            # fewest borders, found ring by ring without a heap (the same zones and costs).
            best = self._rings(state, seat, start, allowance, can_enter, blocked, stops, from_stop)
            if best is not None:
                return best
        best = {start: 0}
        heap = [(0, start)]
        while heap:
            cost, zone = heappop(heap)
            if cost > best[zone]:
                continue
            if zone != start and (zone in stops or state.has_enemy(zone, seat)):
                continue  # may end here, never pass through
            for nxt in adjacency[zone]:
                ztype: ZoneType = types[nxt]
                if nxt in blocked or (not ztype.passable and ztype.id not in can_enter) or (from_stop and nxt in stops and zone == start):
                    continue
                c = cost + (ztype.move_cost if costs is None else costs.get(ztype.id, ztype.move_cost))
                if c <= allowance and c < best.get(nxt, allowance + 1):
                    best[nxt] = c
                    heappush(heap, (c, nxt))
        del best[start]
        return best

    def _rings(self, state: GameState, seat: int, start: int, allowance: int, can_enter: Container[str],
               blocked: Container[int], stops: Container[int], from_stop: bool) -> dict[int, int] | None:
        """:meth:`reachable` when every zone it meets costs 1 to enter; ``None`` as soon as
        one costs more."""
        types = state.zone_types
        adjacency = self.adjacency
        best = {start: 0}
        ring = [start]
        cost = 0
        while ring and cost < allowance:
            cost += 1
            outer = []
            for zone in ring:
                if zone != start and (zone in stops or state.has_enemy(zone, seat)):
                    continue  # may end here, never pass through
                for nxt in adjacency[zone]:
                    if nxt in best:
                        continue
                    ztype: ZoneType = types[nxt]
                    if ztype.move_cost != 1:
                        return None
                    if nxt in blocked or (not ztype.passable and ztype.id not in can_enter) or (from_stop and nxt in stops and zone == start):
                        continue
                    best[nxt] = cost
                    outer.append(nxt)
            ring = outer
        del best[start]
        return best

    def retreat_zones(self, state: GameState, seat: int, zone: int, can_enter: Container[str] = (), blocked: Container[int] = ()) -> list[int]:
        """Adjacent zones ``seat``'s beaten units may retreat to: passable, no other player's units."""
        out = []
        for nxt in self.adjacency[zone]:
            ztype = state.zone_types[nxt]
            if nxt in blocked or (not ztype.passable and ztype.id not in can_enter):
                continue
            if not state.has_enemy(nxt, seat):
                out.append(nxt)
        return out

    def within(self, zone: int, steps: int, passable: Callable[[int], bool] | None = None) -> set[int]:
        """Zones at most ``steps`` borders from ``zone`` (including it)."""
        seen = {zone}
        frontier = [zone]
        for _ in range(steps):
            nxt = []
            for z in frontier:
                for n in self.adjacency[z]:
                    if n not in seen and (passable is None or passable(n)):
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return seen
