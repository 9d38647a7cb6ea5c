"""The constraints a map must meet: the theme's (as data) and the ones every map has.

:func:`check_map` lists every problem of a finished map in plain words, one string
each; the generator rolls again until the list is empty, and ``warp-empires map
check`` prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np

from warp_empires.model.data import MapRules, ZoneType
from warp_empires.words import a, count
from warp_empires.zonemap import ZoneMap

from .graph import ZoneGraph

ExtraCheck = Callable[[ZoneMap, int], Sequence[str]]

#: A start zone needs at least this many passable neighbours (a way in and a way out).
START_EXITS = 2


def required_counts(zone_types: Iterable[ZoneType], rules: MapRules, players: int) -> dict[str, int]:
    """The fewest zones of each type a map for ``players`` players may have.

    The theme's ``min_counts`` (a theme whose minimums grow with the players answers
    ``warp_map_rules(players)`` accordingly), raised to ``players`` for the start zone
    type and to the number of named zones of each type.
    """
    need = {zt.id: int(rules.min_counts.get(zt.id, 0)) for zt in zone_types}
    if rules.start_zone_type is not None:
        need[rules.start_zone_type] = max(need.get(rules.start_zone_type, 0), players)
    for ztype in rules.named_zones.values():
        named = sum(1 for t in rules.named_zones.values() if t == ztype)
        need[ztype] = max(need.get(ztype, 0), named)
    return {k: v for k, v in need.items() if v > 0}


def impassable_types(zone_map: ZoneMap, zone_types: Iterable[ZoneType] | None = None) -> frozenset[str]:
    """Zone type ids units cannot enter: from the theme when given, else as the file records."""
    if zone_types is not None:
        return frozenset(zt.id for zt in zone_types if not zt.passable)
    options = zone_map.meta.get("options") or {}
    return frozenset(options.get("impassable_types", ()))


def passable_mask(zone_map: ZoneMap, zone_types: Iterable[ZoneType] | None = None) -> np.ndarray:
    blocked = impassable_types(zone_map, zone_types)
    return np.fromiter((z.type not in blocked for z in zone_map.zones), dtype=bool, count=len(zone_map.zones))


def check_connected(zone_map: ZoneMap, passable: np.ndarray, graph: ZoneGraph | None = None) -> list[str]:
    """Problems with the map's shape: zones without borders, passable zones cut off."""
    graph = graph or ZoneGraph.of(zone_map)
    problems = []
    for z in np.flatnonzero(graph.degree == 0)[:5]:
        problems.append(f"zone {zone_map.zones[z].name} has no borders")
    if passable.sum() > 1:
        groups, labels = graph.components(passable)
        if groups > 1:
            one = int(np.flatnonzero(labels == 0)[0])
            other = int(np.flatnonzero(labels == 1)[0])
            if passable.all():
                problems.append(f"the zones fall into {groups} separate groups ({zone_map.zones[one].name} cannot reach {zone_map.zones[other].name})")
            else:
                problems.append(
                    f"the passable zones fall into {groups} separate groups "
                    f"({zone_map.zones[one].name} cannot reach {zone_map.zones[other].name} without crossing impassable zones)"
                )
    return problems


def revenue_mismatches(zone_map: ZoneMap, types: Mapping[str, ZoneType], most: int = 5) -> list[str]:
    """Zones whose ``revenue`` field disagrees with their zone type's revenue.

    A zone earns what its type earns (a card that changes the type changes the
    revenue), so the field in a map file is a copy kept for people and other programs;
    a copy that disagrees is a mistake in the file, not a second rule.
    """
    out = []
    for z in zone_map.zones:
        zt = types.get(z.type)
        if zt is not None and z.revenue != zt.revenue:
            out.append(f"zone {z.name} has revenue {z.revenue}, but {a(zt.name)} earns {zt.revenue}; a zone's revenue is its type's")
            if len(out) == most:
                break
    return out


def check_map(
    zone_map: ZoneMap,
    zone_types: Sequence[ZoneType],
    rules: MapRules,
    players: int,
    *,
    extra_check: ExtraCheck | None = None,
) -> list[str]:
    """Every way ``zone_map`` breaks the theme's map rules for ``players`` players (empty if none)."""
    types: Mapping[str, ZoneType] = {zt.id: zt for zt in zone_types}
    zones = zone_map.zones
    problems: list[str] = []
    unknown = sorted({z.type for z in zones} - set(types))
    for t in unknown:
        these = [z for z in zones if z.type == t]
        if t == "":
            problems.append(f"{len(these)} zones have no zone type (the first is {these[0].name}); set them, or import with a module")
        else:
            problems.append(f"zone {these[0].name} has type {t!r}, which the theme does not define")
    if unknown:
        return problems
    problems += revenue_mismatches(zone_map, types)

    graph = ZoneGraph.of(zone_map)
    passable = passable_mask(zone_map, zone_types)
    if rules.passable_connected:
        problems += check_connected(zone_map, passable, graph)
    else:
        problems += check_connected(zone_map, np.ones(len(zones), dtype=bool), graph)

    counts: dict[str, int] = {}
    for z in zones:
        counts[z.type] = counts.get(z.type, 0) + 1
    for tid, need in required_counts(zone_types, rules, players).items():
        if counts.get(tid, 0) < need:
            problems.append(f"the map has {count(counts.get(tid, 0), 'zone', 'zones')} of type {types[tid].name}; {players} players need at least {need}")

    by_name = {z.name: z for z in zones}
    for name, tid in rules.named_zones.items():
        zone = by_name.get(name)
        if zone is None:
            problems.append(f"no zone is named {name} (the theme needs {name}, {a(types[tid].name)})")
        elif zone.type != tid:
            problems.append(f"{name} is {a(types[zone.type].name)}; the theme needs it to be {a(types[tid].name)}")

    problems += _check_starts(zone_map, types, rules, players, graph, passable)
    if extra_check is not None:
        problems += list(extra_check(zone_map, players))
    return problems


def _check_starts(zone_map: ZoneMap, types: Mapping[str, ZoneType], rules: MapRules, players: int, graph: ZoneGraph, passable: np.ndarray) -> list[str]:
    starts = zone_map.starts
    zones = zone_map.zones
    problems = []
    if len(starts) < players:  # more serve fewer players: a game takes the first ones
        problems.append(f"the map has {len(starts)} start zone{'s' if len(starts) != 1 else ''}; "
                        f"{players} player{'s' if players != 1 else ''} need{'s' if players == 1 else ''} {players}")
    if len(set(starts)) != len(starts):
        problems.append("a zone is listed twice as a start zone")
    for s in starts:
        zone = zones[s]
        if rules.start_zone_type is not None and zone.type != rules.start_zone_type:
            want = types[rules.start_zone_type].name
            problems.append(f"start zone {zone.name} is {a(types[zone.type].name)}; every start zone must be {a(want)}")
        if not passable[s]:
            problems.append(f"start zone {zone.name} is impassable")
        exits = int(passable[graph.neighbours(s)].sum())
        if exits < START_EXITS:
            problems.append(f"start zone {zone.name} is a dead end ({exits} passable neighbour{'s' if exits != 1 else ''}; needs at least {START_EXITS})")
    for i, a in enumerate(starts):
        for b in starts[i + 1 :]:
            if b in zone_map.neighbours(a):
                problems.append(f"start zones {zones[a].name} and {zones[b].name} share a border")
    return problems
