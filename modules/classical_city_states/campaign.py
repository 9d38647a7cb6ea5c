"""How far an Army has to march: what the computer players see in a campaign on the cities
of another city state.

Home cities stand two turns' march apart or more, so a player who looks one step ahead
never sets out: the first day's march neither besieges nor takes anything. The
evaluation therefore counts every Army and Rowers the closer it stands to a city another
player holds, by land and never through another city, in movement points (forest and hill
cost 2).
"""

from __future__ import annotations

from heapq import heappop, heappush

from . import places

#: What an Army or Rowers next to another player's city is worth to the computer players,
#: in points of revenue; it shrinks by a twelfth for each movement point further off.
MARCH = 0.4
#: How far off, in movement points (three turns' march), a city still draws Armies on.
HORIZON = 12

_ROADS: list[tuple[object, dict[int, dict[int, int]]]] = []  # (zone types, city -> points to it), latest last


def points_to(game, city: int) -> dict[int, int]:
    """Each land zone -> the movement points a group there spends to enter ``city``, for
    zones less than ``HORIZON`` points off (the map never changes: found once a city)."""
    types = game.state.zone_types
    for known, roads in _ROADS:
        if known is types:
            break
    else:
        roads = {}
        _ROADS.append((types, roads))
        del _ROADS[:-8]
    found = roads.get(city)
    if found is None:
        found = roads[city] = _walk_back(game, city)
    return found


def _walk_back(game, city: int) -> dict[int, int]:
    # Walked from the city outward: stepping from a zone into the one before it on the
    # way costs what entering the zone before costs. No way leads through another city
    # (nobody enters a neutral or enemy city; a march from behind a city of one's own is
    # rare enough not to be worth a map a player).
    types = game.state.zone_types
    adjacency = game.board.adjacency
    best = {city: 0}
    heap = [(0, city)]
    while heap:
        cost, zone = heappop(heap)
        if cost > best[zone] or (zone != city and "city" in types[zone].tags):
            continue
        step = cost + types[zone].move_cost
        if step >= HORIZON:
            continue
        for n in adjacency[zone]:
            if "sea" not in types[n].tags and step < best.get(n, HORIZON):
                best[n] = step
                heappush(heap, (step, n))
    return best


def march_worth(game, seat: int) -> float:
    """What ``seat``'s Armies and Rowers are worth for how near they stand to the cities
    other players hold (those in such a city already took it, or fight for it)."""
    s = game.state
    targets = [z for z, owner in s.control.items() if owner != seat and places.is_city(game, z)]
    if not targets:
        return 0.0
    roads = [points_to(game, city) for city in targets]
    worth = 0.0
    for zone in s.zones_with_units(seat):
        armed = sum(1 for u in s.stack(zone, seat) if s.units[u].type.id in places.ARMED)
        if armed:
            closest = min((road.get(zone, HORIZON) for road in roads), default=HORIZON)
            worth += armed * MARCH * (HORIZON - closest) / HORIZON
    return worth
