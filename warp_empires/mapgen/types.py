"""Rolling zone types and meeting the theme's map rules.

Every zone rolls the theme's die on its zone type table (faces no type claims are
rolled again). The roll is then adjusted, in this order, to meet the theme's rules:

1. impassable zones that cut passable zones off are rolled again as passable ones;
2. start zones are chosen far apart and given the start zone type;
3. named zones (Earth, say) are placed where they favour no start zone;
4. zone types below their minimum count take over zones of types with some to spare;
5. with ``balanced=True``, types are swapped until every start zone has the same
   revenue around it, as nearly as swaps allow.

A step that cannot succeed raises :class:`Unsatisfiable` naming the rule; the
generator then rolls again from a new seed derived from the map's seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import attrs
import numpy as np

from warp_empires.model.data import MapRules, ZoneType, roll_table

from .constraints import START_EXITS, required_counts
from .fairness import balance, pick_starts, start_spacing
from .graph import ZoneGraph
from .symmetry import Symmetry


class Unsatisfiable(Exception):
    """One roll of the types cannot meet a rule; the message names it."""


@attrs.frozen
class TypePlan:
    """The outcome of rolling: a type per zone, start zones in seat order, named zones."""

    types: tuple[str, ...]
    starts: tuple[int, ...]
    named: Mapping[int, str]


class _Orbits:
    """Zones that must share a type: a zone and its mirror images (or just the zone)."""

    def __init__(self, count: int, symmetry: Symmetry | None):
        self.symmetric = symmetry is not None
        if symmetry is None:
            self.of = np.arange(count)
            self.count = count
            self._members: list[list[int]] | None = None
        else:
            self._members = symmetry.orbits()
            self.of = np.empty(count, dtype=np.int64)
            for i, orbit in enumerate(self._members):
                self.of[orbit] = i
            self.count = len(self._members)

    def members(self, zone: int) -> list[int]:
        if self._members is None:
            return [zone]
        return self._members[self.of[zone]]

    def size(self, zone: int) -> int:
        return len(self.members(zone))


def plan_types(
    graph: ZoneGraph,
    zone_types: Sequence[ZoneType],
    rules: MapRules,
    players: int,
    rng: random.Random,
    *,
    symmetry: Symmetry | None = None,
    balanced: bool = False,
    named_hint: Mapping[str, int] | None = None,
) -> TypePlan:
    """Roll a type for every zone of ``graph`` and adjust it to the theme's rules."""
    ids = [zt.id for zt in zone_types]
    index = {tid: i for i, tid in enumerate(ids)}
    can_pass = np.array([zt.passable for zt in zone_types])
    earns = np.array([zt.revenue for zt in zone_types])
    table = roll_table(zone_types, rules.die)
    faces = list(table)
    orbits = _Orbits(graph.count, symmetry)

    kind = np.array([index[table[f]] for f in rng.choices(faces, k=orbits.count)], dtype=np.int64)[orbits.of]
    fixed = np.zeros(graph.count, dtype=bool)

    def set_type(zone: int, k: int) -> None:
        kind[orbits.members(zone)] = k

    if rules.passable_connected:
        passable_faces = [f for f in faces if can_pass[index[table[f]]]]
        if not passable_faces:
            raise Unsatisfiable("passable zones: no zone type on the table is passable")
        _join_passable(graph, kind, can_pass, lambda: index[table[rng.choice(passable_faces)]], set_type)

    starts: list[int] = []
    if players:
        reserved = np.zeros(graph.count, dtype=bool)
        reserved[list((named_hint or {}).values())] = True  # zones already bearing a named zone's name
        starts = _place_starts(graph, kind, can_pass, rules, index, players, rng, symmetry, set_type, reserved)
        fixed[starts] = True

    named = _place_named(graph, kind, can_pass, rules, index, starts, fixed, orbits, rng, named_hint or {}, set_type)
    _meet_minimums(kind, zone_types, rules, players, fixed, orbits, rng, set_type)

    if balanced and len(starts) > 1 and symmetry is None:
        balance(graph, kind, earns, starts, can_pass[kind], fixed, rng)
    return TypePlan(tuple(ids[k] for k in kind), tuple(starts), named)


def _join_passable(graph: ZoneGraph, kind: np.ndarray, can_pass: np.ndarray, roll_passable, set_type) -> None:
    """Reroll impassable zones, as passable ones, along paths joining cut-off groups to the rest."""
    for _ in range(graph.count):
        passable = can_pass[kind]
        groups, labels = graph.components(passable)
        if groups <= 1:
            return
        sizes = np.bincount(labels[labels >= 0], minlength=groups)
        main = labels == int(np.argmax(sizes))
        for g in range(groups):
            if g == int(np.argmax(sizes)):
                continue
            path = graph.path_through(np.flatnonzero(labels == g), main)
            if not path:
                raise Unsatisfiable("passable zones: the map's borders do not join all its zones")
            for z in path:
                if not can_pass[kind[z]]:
                    set_type(z, roll_passable())
    raise Unsatisfiable("passable zones: could not join the passable zones")


def _place_starts(graph, kind, can_pass, rules: MapRules, index, players, rng, symmetry, set_type, reserved) -> list[int]:
    passable = can_pass[kind]
    exits = graph.matrix @ passable.astype(np.int64)
    eligible = passable & (exits >= START_EXITS) & ~reserved
    if rules.start_zone_type is not None and not can_pass[index[rules.start_zone_type]]:
        raise Unsatisfiable(f"start zones: the start zone type {rules.start_zone_type!r} is impassable")
    starts = pick_starts(graph, eligible, passable, players, rng, symmetry)
    if len(starts) < players:
        raise Unsatisfiable(
            f"start zones: only {int(eligible.sum())} zones have {START_EXITS} passable neighbours; "
            f"{players} players need {players} such zones, far enough apart"
        )
    if players > 1:
        apart = graph.distances(starts, passable)[:, starts][np.triu_indices(players, 1)].min()
        need = start_spacing(graph.count, players)
        if apart < need:
            raise Unsatisfiable(f"start zones: could not place {players} start zones {need} borders apart (best found: {apart:.0f})")
    if rules.start_zone_type is not None:
        for s in starts:
            set_type(s, index[rules.start_zone_type])
    rng.shuffle(starts)  # seat order
    return [int(s) for s in starts]


def _place_named(graph, kind, can_pass, rules: MapRules, index, starts, fixed, orbits: _Orbits, rng, hint, set_type) -> dict[int, str]:
    named: dict[int, str] = {}
    if not rules.named_zones:
        return named
    dist = graph.distances(starts, can_pass[kind]) if starts else None
    for name, tid in rules.named_zones.items():
        k = index[tid]
        zone = hint.get(name)
        if zone is None or fixed[zone]:
            free = np.flatnonzero(~fixed)
            if orbits.symmetric:
                alone = free[[orbits.size(z) == 1 for z in free]]
                free = alone if len(alone) else free
            if len(free) == 0:
                raise Unsatisfiable(f"named zones: no zone is left to become {name}")
            zone = _fairest(free, kind, k, dist, rng)
        set_type(zone, k)
        fixed[orbits.members(zone)] = True
        named[int(zone)] = name
    return named


def _fairest(free: np.ndarray, kind: np.ndarray, k: int, dist: np.ndarray | None, rng: random.Random) -> int:
    """The free zone that favours no start zone: equally far from all, and not too near any."""
    if dist is None:
        same = free[kind[free] == k]
        pool = same if len(same) else free
        return int(pool[rng.randrange(len(pool))])
    d = dist[:, free]
    ok = np.isfinite(d).all(axis=0)
    if not ok.any():
        return int(free[rng.randrange(len(free))])
    free, d = free[ok], d[:, ok]
    score = (d.max(axis=0) - d.min(axis=0)) * 1000 - d.min(axis=0) * 10 - (kind[free] == k)
    top = np.flatnonzero(score == score.min())
    return int(free[top[rng.randrange(len(top))]])


def _meet_minimums(kind, zone_types: Sequence[ZoneType], rules: MapRules, players, fixed, orbits: _Orbits, rng, set_type) -> None:
    need = required_counts(zone_types, rules, players)
    index = {zt.id: i for i, zt in enumerate(zone_types)}
    floor = np.zeros(len(zone_types), dtype=np.int64)
    for tid, n in need.items():
        floor[index[tid]] = n
    for zt in zone_types:
        k = index[zt.id]
        count = np.bincount(kind, minlength=len(zone_types))
        if count[k] >= floor[k]:
            continue
        pool = [int(z) for z in np.flatnonzero(~fixed & (kind != k))]
        if orbits.symmetric:
            pool = [z for z in pool if orbits.members(z)[0] == z]
        rng.shuffle(pool)
        for z in pool:
            if count[k] >= floor[k]:
                break
            members = orbits.members(z)
            was = kind[z]
            if count[was] - len(members) < floor[was]:
                continue
            set_type(z, k)
            count[was] -= len(members)
            count[k] += len(members)
        if count[k] < floor[k]:
            raise Unsatisfiable(f"minimum counts: the map needs {floor[k]} {zt.name} zones and has room for only {count[k]}")
