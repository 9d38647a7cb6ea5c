"""A map described in the terminal: zones by type, start zones, borders, fairness."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from warp_empires.model.data import ZoneType
from warp_empires.words import count
from warp_empires.zonemap import ZoneMap

from .fairness import REACH, fairness
from .graph import ZoneGraph
from .render import type_legend

#: Up to this many zones the diameter is exact; above, it is a lower bound found by
#: repeated sweeps (exact on most maps, and far cheaper).
EXACT_DIAMETER = 2000


def diameter(graph: ZoneGraph) -> tuple[int, bool]:
    """The most borders between two zones, and whether the figure is exact."""
    if graph.count <= EXACT_DIAMETER:
        d = graph.distances(range(graph.count))
        return int(d[np.isfinite(d)].max()), True
    far, best = 0, 0
    for _ in range(4):
        d = graph.distances([far])[0]
        d[~np.isfinite(d)] = -1
        far = int(np.argmax(d))
        best = max(best, int(d[far]))
    return best, False


def summary(zone_map: ZoneMap, zone_types: Sequence[ZoneType] | None = None, title: str | None = None) -> Group:
    """A rich renderable describing the map."""
    zones = zone_map.zones
    graph = ZoneGraph.of(zone_map)
    meta = zone_map.meta
    head = Text()
    head.append(title or "Map", style="bold")
    head.append(f": {count(len(zones), 'zone')}, {count(len(zone_map.edges), 'border')}, {count(len(zone_map.starts), 'start zone')}")
    if meta.get("seed") is not None:
        head.append(f" (seed {meta['seed']}, {meta.get('generator', '?')})", style="dim")

    revenue = {z.type: z.revenue for z in zones}
    by_type = Table(title="Zones by type", title_justify="left")
    for col, just in (("type", "left"), ("name", "left"), ("zones", "right"), ("revenue each", "right"), ("revenue total", "right")):
        by_type.add_column(col, justify=just)
    total = 0
    for e in type_legend(zone_map, zone_types):
        earn = revenue.get(e.key, 0)
        total += earn * e.count
        by_type.add_row(e.key or "-", Text(e.label, style=f"on {e.colour}" if e.colour != "#ffffff" else ""), str(e.count), str(earn), str(earn * e.count))
    by_type.add_row("", "all", str(len(zones)), "", str(total), style="bold")

    parts: list = [head, by_type]
    if zone_map.starts:
        fig = fairness(zone_map, zone_types)
        starts = Table(title="Start zones", title_justify="left")
        for col in ("seat", "zone", "code", "type", f"revenue within {REACH}"):
            starts.add_column(col)
        for seat, (s, rev) in enumerate(zip(zone_map.starts, fig.start_revenue), 1):
            z = zones[s]
            starts.add_row(str(seat), z.name, z.code, z.type, str(rev))
        parts.append(starts)
        if fig.start_distance is not None:
            parts.append(Text(f"start zones at least {fig.start_distance} borders apart"))
        parts.append(Text(fig.describe()))
        parts.append(Text("balanced: " + ("yes, the spread is within the tolerance" if fig.balanced else "no, the spread is over the tolerance")))
    degree = graph.degree
    dia, exact = diameter(graph)
    parts.append(
        Text(
            f"borders per zone: min {degree.min()}, mean {degree.mean():.1f}, median {int(np.median(degree))}, max {degree.max()}; "
            f"diameter {'' if exact else 'at least '}{dia} borders"
        )
    )
    return Group(*parts)


def print_summary(zone_map: ZoneMap, zone_types: Sequence[ZoneType] | None = None, console: Console | None = None, title: str | None = None) -> None:
    """Print :func:`summary` to ``console`` (standard output by default)."""
    (console or Console()).print(summary(zone_map, zone_types, title))
