"""Random maps: layout, zone types, names, checks, rolled again until the rules are met."""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import metadata
from typing import Any

import numpy as np

from warp_empires.model.data import MapRules, ZoneType
from warp_empires.zonemap import MapZone, ZoneMap

from .constraints import ExtraCheck, check_map, required_counts
from .errors import MapGenerationError
from .fairness import fairness, start_spacing
from .graph import ZoneGraph
from .layout import LAYOUTS, build_layout
from .names import zone_codes, zone_names
from .seeds import stage_numpy, stage_random
from .types import TypePlan, Unsatisfiable, plan_types, roll_table
from .voronoi import Cells

#: How many times the zone types are rolled before the generator gives up.
ATTEMPTS = 25


@functools.lru_cache(maxsize=1)
def generator_name() -> str:
    """What a map file records as its maker (looked up once: reading the installed
    package's metadata takes longer than the rest of a small map)."""
    try:
        return f"warp-empires {metadata.version('warp-empires')}"
    except metadata.PackageNotFoundError:
        return "mapgen 1"


def generate_map(
    zone_types: Sequence[ZoneType],
    map_rules: MapRules,
    *,
    zones: int = 40,
    players: int = 4,
    seed: int = 0,
    layout: str = "voronoi",
    width: float | None = None,
    height: float | None = None,
    balanced: bool = False,
    symmetric: bool = False,
    extra_check: ExtraCheck | None = None,
    progress: Callable[[str], None] | None = None,
    evenest: bool = False,
) -> ZoneMap:
    """A random map for ``players`` players that meets the theme's map rules.

    ``layout`` is ``"voronoi"`` (irregular territories; ``width`` and ``height``
    optionally give the frame's proportions) or ``"hex"`` (a ``width`` x ``height``
    grid; ``zones`` is used only when they are not given). ``balanced`` evens out
    the revenue around the start zones; ``symmetric`` makes a mirror image for 2
    players or four quarter turns for 4. ``extra_check(zone_map, players)`` returns
    further problems (the theme's ``warp_check_map`` hook); a map with any is
    rolled again. With ``evenest``, a balanced map that no roll gets even enough is the
    evenest roll that meets every other rule, not an error (many players on few zones
    seldom balance, and a run of games must not stop at one deal). The same arguments
    always give the same map.

    Raises :class:`MapGenerationError` naming the rule no roll could meet.
    """
    zone_types = tuple(zone_types)
    say = progress or (lambda _msg: None)
    _check_arguments(zone_types, map_rules, zones, players, layout)
    try:
        shape = build_layout(
            layout, zones, players=players, rng=stage_numpy(seed, "layout"),
            width=width, height=height, symmetric=symmetric, progress=say,
        )
    except ValueError as exc:
        raise MapGenerationError(str(exc)) from None
    _check_room(zone_types, map_rules, players, shape.count)
    graph = ZoneGraph(shape.count, shape.cells.edges)
    options: dict[str, Any] = {
        "zones": shape.count,
        "players": players,
        "layout": layout,
        "width": width,
        "height": height,
        "balanced": balanced,
        "symmetric": symmetric,
        "impassable_types": sorted(zt.id for zt in zone_types if not zt.passable),
    }
    meta = {"generator": generator_name(), "seed": seed, "options": options}

    def build(plan: TypePlan, attempt: int) -> ZoneMap:
        say("naming zones")
        rng = stage_random(seed, "names", attempt)
        with _bulk():
            return assemble(shape.cells, plan, zone_types, map_rules.names, rng, meta)

    return roll_until_valid(
        graph, zone_types, map_rules, players, seed, build,
        symmetry=shape.symmetry, balanced=balanced, extra_check=extra_check, progress=say, evenest=evenest,
    )


def roll_until_valid(
    graph: ZoneGraph,
    zone_types: Sequence[ZoneType],
    map_rules: MapRules,
    players: int,
    seed: int,
    build: Callable[[TypePlan, int], ZoneMap],
    *,
    symmetry=None,
    balanced: bool = False,
    extra_check: ExtraCheck | None = None,
    named_hint: Mapping[str, int] | None = None,
    progress: Callable[[str], None] | None = None,
    evenest: bool = False,
) -> ZoneMap:
    """Roll zone types on ``graph`` until ``build(plan, attempt)`` gives a map that
    passes every check, at most :data:`ATTEMPTS` times, each from a seed derived
    from ``seed``. Raises :class:`MapGenerationError` naming the last failed rule
    (with ``evenest``, a map failing only the balance is the evenest such roll instead)."""
    say = progress or (lambda _msg: None)
    last = "no roll was made"
    best: tuple[int, ZoneMap] | None = None  # the evenest roll that failed only on balance
    for attempt in range(ATTEMPTS):
        say("rolling zone types" if attempt == 0 else f"rolling zone types again ({attempt + 1})")
        try:
            plan = plan_types(
                graph, zone_types, map_rules, players, stage_random(seed, "types", attempt),
                symmetry=symmetry, balanced=balanced, named_hint=named_hint,
            )
        except Unsatisfiable as exc:
            last = str(exc)
            continue
        zone_map = build(plan, attempt)
        problems = check_map(zone_map, zone_types, map_rules, players, extra_check=extra_check)
        if problems:
            last = problems[0]
            continue
        figure = fairness(zone_map, zone_types)
        need = start_spacing(len(zone_map.zones), players)
        if figure.start_distance is not None and figure.start_distance < need:
            last = f"start zones: two are only {figure.start_distance} borders apart; this map needs {need}"
        elif balanced and not figure.balanced:
            last = f"balance: {figure.describe()}"
            if evenest and (best is None or figure.spread < best[0]):
                best = (figure.spread, zone_map)
        else:
            return zone_map
    if best is not None:
        say(f"no roll was even enough; the evenest of them (start revenue spread {best[0]})")
        return best[1]
    raise MapGenerationError(f"no map met the rules in {ATTEMPTS} rolls (seed {seed}); last problem: {last}")


@contextmanager
def _bulk() -> Iterator[None]:
    """Pause the cyclic garbage collector while a map's many small tuples are built.

    They hold no cycles, but their sheer number triggers one full collection after
    another, each finding nothing, which would cost more than building them.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _check_arguments(zone_types, rules: MapRules, zones: int, players: int, layout: str) -> None:
    if layout not in LAYOUTS:
        raise MapGenerationError(f"unknown layout {layout!r}; use one of {', '.join(LAYOUTS)}")
    if players < 1:
        raise MapGenerationError(f"a map needs at least 1 player, not {players}")
    if zones < 2:
        raise MapGenerationError(f"a map needs at least 2 zones, not {zones}")
    try:
        roll_table(zone_types, rules.die)
    except ValueError as exc:
        raise MapGenerationError(str(exc)) from None
    known = {zt.id for zt in zone_types}
    for tid in [rules.start_zone_type, *rules.named_zones.values(), *rules.min_counts]:
        if tid is not None and tid not in known:
            raise MapGenerationError(f"the map rules name zone type {tid!r}, which the theme does not define")


def _check_room(zone_types, rules: MapRules, players: int, count: int) -> None:
    need = required_counts(zone_types, rules, players)
    if sum(need.values()) > count:
        names = {zt.id: zt.name for zt in zone_types}
        detail = ", ".join(f"{names[t]}: {n}" for t, n in need.items())
        raise MapGenerationError(
            f"minimum counts: a map for {players} players needs at least {sum(need.values())} zones ({detail}); it has {count}"
        )


def assemble(
    cells: Cells,
    plan: TypePlan,
    zone_types: Sequence[ZoneType],
    theme_names: Sequence[str],
    rng,
    meta: Mapping[str, Any],
) -> ZoneMap:
    """The :class:`ZoneMap` of ``cells`` with the planned types, named and coded.

    Coordinates are rounded to 3 decimals here, so a saved and reloaded map is equal
    to the one generated.
    """
    revenue = {zt.id: zt.revenue for zt in zone_types}
    n = len(cells.centroids)
    earns = np.array([revenue[t] for t in plan.types])
    is_start = np.zeros(n, dtype=bool)
    is_start[list(plan.starts)] = True
    ties = np.array([rng.random() for _ in range(n)]) if theme_names else np.zeros(n)
    priority = np.lexsort((ties, -earns, ~is_start)).tolist()
    names = zone_names(n, theme_names, rng, fixed=plan.named, priority=priority)
    codes = zone_codes(names)
    polygons = rounded_polygons(cells.points, cells.start)
    centroids = (np.round(cells.centroids, 3) + 0.0).tolist()
    built = tuple(
        MapZone(i, codes[i], names[i], t, revenue[t], t, tuple(centroids[i]), polygons[i])
        for i, t in enumerate(plan.types)
    )
    edges = tuple(map(tuple, np.asarray(cells.edges).tolist()))
    return ZoneMap(built, edges, tuple(plan.starts), meta)


def rounded_polygons(points: np.ndarray, start: np.ndarray) -> list[list[list[float]]]:
    """Each polygon with coordinates rounded to 3 decimals and repeated corners dropped."""
    pts = np.round(points, 3) + 0.0
    count = np.diff(start)
    owner = np.repeat(np.arange(len(count)), count)
    prev = np.arange(len(pts)) - 1
    prev[start[:-1]] = start[1:] - 1
    keep = ~(pts == pts[prev]).all(axis=1)
    kept = pts[keep].tolist()
    bounds = np.concatenate([[0], np.cumsum(np.bincount(owner[keep], minlength=len(count)))])
    return [kept[a:b] for a, b in zip(bounds[:-1].tolist(), bounds[1:].tolist())]
