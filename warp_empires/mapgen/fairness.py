"""Fair starts: start zones far apart, and (optionally) equally rich surroundings.

The fairness figure of a map is the revenue a player can reach from each start zone
within :data:`REACH` borders (the start zone included, impassable zones not crossed).
A map is *balanced* when those figures differ by no more than :func:`tolerance`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import attrs
import numpy as np

from warp_empires.model.data import ZoneType
from warp_empires.zonemap import ZoneMap

from .constraints import passable_mask
from .graph import ZoneGraph
from .symmetry import Symmetry

#: Borders counted around a start zone for the fairness figure.
REACH = 2

#: Allowed difference between the richest and poorest start, as a share of the average.
TOLERANCE = 0.10


def start_spacing(zones: int, players: int) -> int:
    """The fewest borders a generated map puts between any two start zones.

    Never neighbours; on maps with at least 6 zones a player, 3 borders or more; on big
    maps, half the side of each player's share (a 10,000-zone map for 4 players: 25).
    """
    if players < 2:
        return 0
    spacing = max(2, int(0.5 * math.sqrt(zones / players)))
    if zones >= 6 * players:
        spacing = max(spacing, 3)
    return spacing


def tolerance(revenues: Sequence[int]) -> float:
    """How far apart the start figures may be: 10% of their average, and at least 1."""
    if not revenues:
        return 1.0
    return max(1.0, TOLERANCE * float(np.mean(revenues)))


@attrs.frozen
class Fairness:
    """How even a map's start zones are."""

    start_revenue: tuple[int, ...]
    start_distance: int | None
    tolerance: float

    @property
    def spread(self) -> int:
        return max(self.start_revenue) - min(self.start_revenue) if self.start_revenue else 0

    @property
    def balanced(self) -> bool:
        return self.spread <= self.tolerance

    def describe(self) -> str:
        """One line for a terminal, e.g. ``revenue within 2 borders of each start: 14 15 14 14 (spread 1, tolerance 1.4)``."""
        if not self.start_revenue:
            return "no start zones"
        figures = " ".join(map(str, self.start_revenue))
        return f"revenue within {REACH} borders of each start: {figures} (spread {self.spread}, tolerance {self.tolerance:.1f})"


def reach(graph: ZoneGraph, zone: int, passable: np.ndarray, steps: int = REACH) -> np.ndarray:
    """Zones at most ``steps`` borders from ``zone`` over passable zones (``zone`` included)."""
    seen = np.zeros(graph.count, dtype=bool)
    seen[zone] = True
    frontier = np.array([zone])
    for _ in range(steps):
        nbrs = np.concatenate([graph.neighbours(z) for z in frontier]) if len(frontier) else np.zeros(0, int)
        nbrs = np.unique(nbrs[passable[nbrs] & ~seen[nbrs]])
        seen[nbrs] = True
        frontier = nbrs
    return np.flatnonzero(seen)


def fairness(zone_map: ZoneMap, zone_types: Sequence[ZoneType] | None = None) -> Fairness:
    """The fairness figure of a finished map."""
    graph = ZoneGraph.of(zone_map)
    passable = passable_mask(zone_map, zone_types)
    revenue = np.array([z.revenue for z in zone_map.zones])
    starts = list(zone_map.starts)
    figures = tuple(int(revenue[reach(graph, s, passable)].sum()) for s in starts)
    distance = None
    if len(starts) > 1:
        d = graph.distances(starts, passable)[:, starts]
        distance = int(d[np.triu_indices(len(starts), 1)].min()) if np.isfinite(d).all() else -1
    return Fairness(figures, distance, tolerance(figures))


def pick_starts(
    graph: ZoneGraph,
    eligible: np.ndarray,
    passable: np.ndarray,
    players: int,
    rng: random.Random,
    symmetry: Symmetry | None = None,
) -> list[int]:
    """``players`` start zones among the ``eligible`` ones, as far apart as the search finds.

    Distance is the number of borders crossed over passable zones. Returns ``[]`` when
    there are not enough eligible zones.
    """
    cand = np.flatnonzero(eligible)
    if len(cand) < players or players == 0:
        return []
    passable = graph.restricted(passable)  # every search below shares it
    if symmetry is not None:
        return _symmetric_starts(graph, eligible, passable, players, rng, symmetry)
    tries = 6 if graph.count <= 5000 else 2
    # The tries keep landing on the same far corners: half the searches would repeat one.
    searched: dict[int, np.ndarray] = {}

    def distances_from(zone: int) -> np.ndarray:
        row = searched.get(zone)
        if row is None:
            row = searched[zone] = graph.distances([zone], passable)[0]
        return row

    best: tuple[float, float, list[int]] | None = None
    for _ in range(tries):
        chosen = [int(rng.choice(cand))]
        dist = [distances_from(chosen[0])]
        for _ in range(players - 1):
            chosen.append(_farthest(np.min(dist, axis=0), eligible, chosen, rng))
            dist.append(distances_from(chosen[-1]))
        # one sweep of improvement: move each start to the zone farthest from the others
        for i in range(players if players > 1 else 0):
            others = [d for j, d in enumerate(dist) if j != i]
            chosen[i] = _farthest(np.min(others, axis=0), eligible, chosen[:i] + chosen[i + 1 :], rng)
            dist[i] = distances_from(chosen[i])
        pair = np.array(dist)[:, chosen]
        score = (float(pair[np.triu_indices(players, 1)].min()) if players > 1 else 0.0, float(pair.sum()))
        if best is None or score > best[:2]:
            best = (*score, chosen)
    return best[2]


def _farthest(distance: np.ndarray, eligible: np.ndarray, taken: list[int], rng: random.Random) -> int:
    score = np.where(eligible & np.isfinite(distance), distance, -1.0)
    score[taken] = -2.0
    top = np.flatnonzero(score == score.max())
    return int(top[rng.randrange(len(top))])


def _symmetric_starts(graph: ZoneGraph, eligible: np.ndarray, passable, players: int, rng: random.Random, sym: Symmetry) -> list[int]:
    full = [o for o in sym.orbits() if len(o) == players and eligible[o].all()]
    if not full:
        return []
    sample = full if len(full) <= 48 else rng.sample(full, 48)
    best, best_score = None, -1.0
    for orbit in sample:
        d = graph.distances([orbit[0]], passable)[0][orbit[1:]]
        score = float(d.min()) if np.isfinite(d).all() else -1.0
        if score > best_score:
            best, best_score = orbit, score
    return list(best) if best is not None else []


def balance(
    graph: ZoneGraph,
    kind: np.ndarray,
    revenue: np.ndarray,
    starts: Sequence[int],
    passable: np.ndarray,
    fixed: np.ndarray,
    rng: random.Random,
    rounds: int = 200,
) -> None:
    """Swap zone types until the start figures are as even as swapping makes them.

    ``kind`` (a type index per zone) is changed in place; ``revenue[k]`` is what type
    ``k`` earns. Only passable zones that are not ``fixed`` (start and named zones)
    swap, and only with each other, so no count changes and no path is blocked.
    """
    hoods = [reach(graph, s, passable) for s in starts]
    near = np.zeros((graph.count, len(starts)), dtype=np.int64)
    for i, h in enumerate(hoods):
        near[h, i] = 1
    movable = passable & ~fixed
    inner = np.flatnonzero(near.any(axis=1) & movable)
    outside = np.flatnonzero(~near.any(axis=1) & movable)
    outside = outside[np.argsort([rng.random() for _ in range(len(outside))], kind="stable")]

    def totals() -> np.ndarray:
        return near.T @ revenue[kind]

    for _ in range(rounds):
        t = totals()
        spread, var = t.max() - t.min(), float(((t - t.mean()) ** 2).sum())
        if spread == 0:
            return
        _, first = np.unique(kind[outside], return_index=True)
        b = np.concatenate([inner, outside[first]])
        ra, rb = revenue[kind[inner]], revenue[kind[b]]
        # new[a, b, s]: start s's figure after zones inner[a] and b[b] swap types
        gain = (rb[None, :] - ra[:, None])[:, :, None]
        new = t + gain * (near[inner][:, None, :] - near[b][None, :, :])
        nspread = new.max(axis=2) - new.min(axis=2)
        nvar = ((new - new.mean(axis=2, keepdims=True)) ** 2).sum(axis=2)
        score = nspread * 1e9 + nvar
        ia, ib = np.unravel_index(np.argmin(score), score.shape)
        if (nspread[ia, ib], nvar[ia, ib]) >= (spread, var - 1e-9):
            return
        za, zb = inner[ia], b[ib]
        kind[za], kind[zb] = kind[zb], kind[za]
