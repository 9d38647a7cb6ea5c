"""Drawing maps: SVG written as plain XML text, and PNG through matplotlib (Agg).

Both colour each zone by its zone type (or, given ``owners``, by who controls it),
mark the start zones, write the zone names and add a legend. ``stacks`` puts a small
label on zones (unit counts, say), so a game can draw its position on the map.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

import attrs
import numpy as np

from warp_empires.model.data import ZoneType
from warp_empires.zonemap import ZoneMap

from .constraints import impassable_types

#: Fills for passable zone types, from the poorest type to the richest.
TYPE_COLOURS = ("#e8edf2", "#cfe3c2", "#f6e3a1", "#f4b183", "#c9a7e3", "#9ecae1", "#f7b6d2", "#c7e9c0", "#fdd0a2", "#bcbddc")
#: Fills for impassable zone types.
BLOCKED_COLOURS = ("#4b4f56", "#6b5b4b", "#3d4a5c")
#: Fills for owners, in order of first appearance.
OWNER_COLOURS = ("#d7263d", "#1b6ca8", "#2e9e44", "#8e44ad", "#f08a24", "#16a2a2", "#b5651d", "#e75480")
UNSET_COLOUR = "#ffffff"
UNOWNED_COLOUR = "#f2f2f2"

#: Maps with more zones than this are drawn without names (they would not be legible).
LABEL_LIMIT = 400
#: A named PNG is at least wide enough to give each zone about this many pixels across.
PNG_ZONE_PIXELS = 60


@attrs.frozen
class LegendEntry:
    key: str
    label: str
    colour: str
    count: int


def type_legend(zone_map: ZoneMap, zone_types: Sequence[ZoneType] | None = None) -> list[LegendEntry]:
    """The zone types of the map with their colours, poorest passable type first."""
    counts: dict[str, int] = {}
    for z in zone_map.zones:
        counts[z.type] = counts.get(z.type, 0) + 1
    known = {zt.id: zt for zt in zone_types or ()}
    blocked = impassable_types(zone_map, zone_types)
    revenue = {z.type: z.revenue for z in zone_map.zones}
    order = [zt.id for zt in zone_types or ()] + sorted(set(counts) - set(known))
    passable = sorted((t for t in order if t not in blocked and t != ""), key=lambda t: (known[t].revenue if t in known else revenue.get(t, 0), order.index(t)))
    entries = []
    for i, t in enumerate(passable):
        entries.append(LegendEntry(t, known[t].name if t in known else t, TYPE_COLOURS[i % len(TYPE_COLOURS)], counts.get(t, 0)))
    for i, t in enumerate(t for t in order if t in blocked):
        entries.append(LegendEntry(t, (known[t].name if t in known else t) + " (impassable)", BLOCKED_COLOURS[i % len(BLOCKED_COLOURS)], counts.get(t, 0)))
    if "" in counts:
        entries.append(LegendEntry("", "type not set", UNSET_COLOUR, counts[""]))
    return entries


def map_colours(zone_map: ZoneMap) -> dict[str, str]:
    """The colours a map chose for its zone types (a hand-made map paints its sea blue)."""
    colours = (zone_map.meta.get("options") or {}).get("colours")
    return dict(colours) if isinstance(colours, Mapping) else {}


def _fills(zone_map: ZoneMap, zone_types, owners: Mapping[int, object] | None) -> tuple[list[str], list[LegendEntry]]:
    chosen = map_colours(zone_map)
    legend = [attrs.evolve(e, colour=chosen.get(e.key, e.colour)) for e in type_legend(zone_map, zone_types)]
    by_type = {e.key: e.colour for e in legend}
    if owners is None:
        return [by_type.get(z.type, UNSET_COLOUR) for z in zone_map.zones], legend
    seats: dict[object, str] = {}
    for zone in sorted(owners):
        seats.setdefault(owners[zone], OWNER_COLOURS[len(seats) % len(OWNER_COLOURS)])
    blocked = impassable_types(zone_map, zone_types)
    fills = []
    for z in zone_map.zones:
        if z.id in owners:
            fills.append(seats[owners[z.id]])
        else:
            fills.append(by_type[z.type] if z.type in blocked else UNOWNED_COLOUR)
    counts = {o: sum(1 for v in owners.values() if v == o) for o in seats}
    owner_legend = [LegendEntry(str(o), str(o), c, counts[o]) for o, c in seats.items()]
    owner_legend.append(LegendEntry("", "nobody", UNOWNED_COLOUR, len(zone_map.zones) - len(owners)))
    return fills, owner_legend


def _bounds(zone_map: ZoneMap) -> tuple[float, float, float, float, float]:
    """Left, top, width, height of the drawing, and the typical zone width."""
    pts = [p for z in zone_map.zones for p in (z.polygon or (z.centroid,))]
    arr = np.array(pts, dtype=float)
    lo, hi = arr.min(axis=0), arr.max(axis=0)
    size = float(np.sqrt(max((hi - lo).prod(), 1.0) / len(zone_map.zones)))
    if not any(z.polygon for z in zone_map.zones):
        lo, hi = lo - size / 2, hi + size / 2
    return float(lo[0]), float(lo[1]), float(max(hi[0] - lo[0], 1.0)), float(max(hi[1] - lo[1], 1.0)), size


def _f(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def to_svg(
    zone_map: ZoneMap,
    zone_types: Sequence[ZoneType] | None = None,
    *,
    owners: Mapping[int, object] | None = None,
    stacks: Mapping[int, object] | None = None,
    width: int = 1000,
    title: str | None = None,
) -> str:
    """The map as SVG text: one ``<polygon>`` per zone (a ``<circle>`` for zones
    without a shape, as in imported maps), names, start markers and a legend."""
    x0, y0, w, h, size = _bounds(zone_map)
    fills, legend = _fills(zone_map, zone_types, owners)
    font = size * 0.17
    pad = size * 0.3
    legend_w = max(w * 0.3, size * 3)
    row = max(font * 1.6, (h - 2 * pad) / max(len(legend) + 2, 12) * 0.9)
    total_w, total_h = w + legend_w + 3 * pad, h + 2 * pad
    px_h = int(round(width * total_h / total_w))
    names = {z.id: z for z in zone_map.zones}
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x0 - pad)} {_f(y0 - pad)} {_f(total_w)} {_f(total_h)}" '
        f'width="{width}" height="{px_h}" font-family="sans-serif">',
        f"<title>{escape(title or f'Map of {len(zone_map.zones)} zones')}</title>",
        f'<rect x="{_f(x0 - pad)}" y="{_f(y0 - pad)}" width="{_f(total_w)}" height="{_f(total_h)}" fill="#fbfaf7"/>',
    ]
    shaped = [z for z in zone_map.zones if z.polygon]
    unshaped = [z for z in zone_map.zones if not z.polygon]
    if unshaped:
        out.append(f'<g id="borders" stroke="#8a8f98" stroke-width="{_f(size * 0.03)}">')
        for a, b in zone_map.edges:
            (ax, ay), (bx, by) = names[a].centroid, names[b].centroid
            out.append(f'<line x1="{_f(ax)}" y1="{_f(ay)}" x2="{_f(bx)}" y2="{_f(by)}"/>')
        out.append("</g>")
    out.append(f'<g id="zones" stroke="#2f3136" stroke-width="{_f(size * 0.02)}" stroke-linejoin="round">')
    for z in shaped:
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in z.polygon)
        out.append(f'<polygon id="zone-{z.id}" points="{pts}" fill="{fills[z.id]}"><title>{escape(_tooltip(z, zone_types))}</title></polygon>')
    for z in unshaped:
        cx, cy = z.centroid
        out.append(f'<circle id="zone-{z.id}" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(size * 0.28)}" fill="{fills[z.id]}"><title>{escape(_tooltip(z, zone_types))}</title></circle>')
    out.append("</g>")
    out.append(f'<g id="starts" stroke="#111" stroke-width="{_f(size * 0.06)}">')
    for seat, s in enumerate(zone_map.starts):
        z = zone_map.zones[s]
        cx, cy = z.centroid
        if z.polygon:
            d = "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in z.polygon) + " Z"
            out.append(f'<path d="{d}" fill="none" stroke-linejoin="round"><title>start zone of seat {seat + 1}</title></path>')
        else:
            out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(size * 0.36)}" fill="none"><title>start zone of seat {seat + 1}</title></circle>')
        by = cy - font * 1.6
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(by)}" r="{_f(font * 0.7)}" fill="#111" stroke="none"/>')
        out.append(f'<text x="{_f(cx)}" y="{_f(by + font * 0.35)}" font-size="{_f(font)}" text-anchor="middle" fill="#fff" stroke="none">{seat + 1}</text>')
    out.append("</g>")
    if len(zone_map.zones) <= LABEL_LIMIT:
        out.append(f'<g id="labels" font-size="{_f(font)}" text-anchor="middle" fill="#111">')
        for z in zone_map.zones:
            cx, cy = z.centroid
            out.append(f'<text x="{_f(cx)}" y="{_f(cy - font * 0.2)}">{escape(z.name)}</text>')
            out.append(f'<text x="{_f(cx)}" y="{_f(cy + font * 0.9)}" font-size="{_f(font * 0.75)}" fill="#444">{escape(z.code)}</text>')
        out.append("</g>")
    if stacks:
        out.append(f'<g id="stacks" font-size="{_f(font * 0.9)}" text-anchor="middle">')
        for zid in sorted(stacks):
            cx, cy = zone_map.zones[zid].centroid
            text = str(stacks[zid])
            bw = font * (0.7 + 0.55 * len(text))
            by = cy + font * 1.3
            out.append(f'<rect x="{_f(cx - bw / 2)}" y="{_f(by)}" width="{_f(bw)}" height="{_f(font * 1.2)}" rx="{_f(font * 0.3)}" fill="#222" opacity="0.85"/>')
            out.append(f'<text x="{_f(cx)}" y="{_f(by + font * 0.9)}" fill="#fff">{escape(text)}</text>')
        out.append("</g>")
    lx, ly = x0 + w + pad, y0 + pad
    out.append(f'<g id="legend" font-size="{_f(row * 0.55)}">')
    out.append(f'<text x="{_f(lx)}" y="{_f(ly + row * 0.6)}" font-weight="bold">{"Owner" if owners is not None else "Zone type"}</text>')
    for i, e in enumerate(legend, 1):
        y = ly + i * row
        out.append(f'<rect x="{_f(lx)}" y="{_f(y)}" width="{_f(row * 0.8)}" height="{_f(row * 0.8)}" fill="{e.colour}" stroke="#2f3136" stroke-width="{_f(row * 0.04)}"/>')
        out.append(f'<text x="{_f(lx + row)}" y="{_f(y + row * 0.62)}">{escape(e.label)} ({e.count})</text>')
    y = ly + (len(legend) + 1.3) * row
    out.append(f'<circle cx="{_f(lx + row * 0.4)}" cy="{_f(y + row * 0.4)}" r="{_f(row * 0.35)}" fill="#111"/>')
    out.append(f'<text x="{_f(lx + row * 0.4)}" y="{_f(y + row * 0.58)}" fill="#fff" text-anchor="middle" font-size="{_f(row * 0.45)}">1</text>')
    out.append(f'<text x="{_f(lx + row)}" y="{_f(y + row * 0.62)}">start zone of seat 1, 2...</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _two_lines(name: str) -> str:
    """A long name broken at the space nearest its middle, so it stays inside its zone."""
    if len(name) <= 10 or " " not in name:
        return name
    middle = len(name) / 2
    cut = min((i for i, ch in enumerate(name) if ch == " "), key=lambda i: abs(i - middle))
    return name[:cut] + "\n" + name[cut + 1 :]


def _tooltip(z, zone_types) -> str:
    names = {zt.id: zt.name for zt in zone_types or ()}
    kind = names.get(z.type, z.type or "type not set")
    return f"{z.name} ({z.code}): {kind}, revenue {z.revenue}"


def save_svg(zone_map: ZoneMap, path: str | Path, zone_types: Sequence[ZoneType] | None = None, **options) -> None:
    """Write :func:`to_svg` to ``path``."""
    Path(path).write_text(to_svg(zone_map, zone_types, **options), encoding="utf-8")


def save_png(
    zone_map: ZoneMap,
    path: str | Path,
    zone_types: Sequence[ZoneType] | None = None,
    *,
    owners: Mapping[int, object] | None = None,
    stacks: Mapping[int, object] | None = None,
    width: int = 1200,
) -> None:
    """Draw the map to a PNG file with matplotlib's Agg renderer (no display needed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    x0, y0, w, h, size = _bounds(zone_map)
    fills, legend = _fills(zone_map, zone_types, owners)
    labelled = len(zone_map.zones) <= LABEL_LIMIT
    if labelled:
        width = max(width, int(PNG_ZONE_PIXELS * w / size / 0.8))  # room for every name
    dpi = 100
    fig = Figure(figsize=(width / dpi, width / dpi * h / w * 0.8 + 0.5), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 0.8, 1.0))
    shaped = [z for z in zone_map.zones if z.polygon]
    unshaped = [z for z in zone_map.zones if not z.polygon]
    thin = max(0.2, min(1.0, 40 / np.sqrt(len(zone_map.zones))))
    if shaped:
        ax.add_collection(PolyCollection([z.polygon for z in shaped], facecolors=[fills[z.id] for z in shaped], edgecolors="#2f3136", linewidths=thin))
    if unshaped:
        segments = [(zone_map.zones[a].centroid, zone_map.zones[b].centroid) for a, b in zone_map.edges]
        ax.add_collection(LineCollection(segments, colors="#8a8f98", linewidths=thin))
        xy = np.array([z.centroid for z in unshaped])
        ax.scatter(xy[:, 0], xy[:, 1], s=120, c=[fills[z.id] for z in unshaped], edgecolors="#2f3136", zorder=3)
    starts = [zone_map.zones[s] for s in zone_map.starts]
    outlined = [z.polygon for z in starts if z.polygon]
    if outlined:
        ax.add_collection(PolyCollection(outlined, facecolors="none", edgecolors="#111", linewidths=2.5, zorder=4))
    for seat, z in enumerate(starts, 1):
        if not z.polygon:
            ax.scatter([z.centroid[0]], [z.centroid[1]], s=260, facecolors="none", edgecolors="#111", linewidths=2, zorder=4)
        ax.text(z.centroid[0], z.centroid[1] - size * 0.28, str(seat), ha="center", va="center", fontsize=7, color="white",
                bbox={"boxstyle": "circle", "facecolor": "#111"}, zorder=6)
    if labelled:
        for z in zone_map.zones:
            # The code under the name, as in the SVG: the code is what players type.
            ax.text(*z.centroid, f"{_two_lines(z.name)}\n{z.code}", ha="center", va="center", fontsize=7, linespacing=1.0, zorder=5)
    for zid, text in sorted((stacks or {}).items()):
        cx, cy = zone_map.zones[zid].centroid
        ax.text(cx, cy + size * 0.3, str(text), ha="center", va="center", fontsize=7, color="white",
                bbox={"boxstyle": "round", "facecolor": "#222", "alpha": 0.85}, zorder=6)
    ax.set_xlim(x0 - size * 0.3, x0 + w + size * 0.3)
    ax.set_ylim(y0 + h + size * 0.3, y0 - size * 0.3)  # y grows downwards, as in the SVG
    ax.set_aspect("equal")
    ax.axis("off")
    handles = [Patch(facecolor=e.colour, edgecolor="#2f3136", label=f"{e.label} ({e.count})") for e in legend]
    fig.legend(handles=handles, loc="upper right", fontsize=8, frameon=False, title="Owner" if owners is not None else "Zone type")
    fig.savefig(path, format="png", dpi=dpi, facecolor="#fbfaf7")
