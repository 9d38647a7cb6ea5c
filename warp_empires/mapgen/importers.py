"""Maps from other programs: Risk-style ``.map`` files and GraphML graphs.

A Risk-style map (the Domination format) lists continents, countries and borders::

    [continents]
    Borealis 5 blue            ; name, bonus, colour
    [countries]
    1 Frostmere 1 112 80       ; index, name, continent (1-based), x, y
    [borders]
    1 2 5 7                    ; a country, then every country it borders

Underscores in names become spaces; the continent is kept as the zone's terrain.
GraphML nodes may carry ``name`` (or ``label``) and ``x``/``y``; without
coordinates the zones are placed by a seeded spring layout.

Given a theme's zone types, each zone's type is rolled on the theme's table (from
``seed``) and the theme's rules are met as for a random map, with start zones when
``players`` is given. Without a theme every type is ``""``, for the user to set.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import ParseError

import attrs
import networkx as nx
import numpy as np

from warp_empires import limits
from warp_empires.model.data import MapRules, ZoneType
from warp_empires.zonelabels import name_problem
from warp_empires.zonemap import MapZone, ZoneMap

from .constraints import ExtraCheck, check_connected
from .errors import MapGenerationError, MapImportError
from .generator import generator_name, roll_until_valid
from .graph import ZoneGraph
from .layout import ZONE_SIZE
from .names import zone_codes
from .types import TypePlan

FORMATS = {".map": "risk", ".graphml": "graphml", ".xml": "graphml"}


@attrs.frozen
class _Raw:
    """What a file says: names, positions, terrain (continent) and borders."""

    names: list[str]
    centroids: list[tuple[float, float]]
    terrain: list[str | None]
    edges: set[tuple[int, int]]


def read_risk(text: str) -> _Raw:
    """Parse the text of a Risk-style ``.map`` file."""
    section = None
    continents: list[str] = []
    index_of: dict[int, int] = {}
    names: list[str] = []
    centroids: list[tuple[float, float]] = []
    terrain: list[str | None] = []
    borders: list[tuple[int, list[int], int]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        fields = line.split()
        if section == "continents":
            continents.append(fields[0].replace("_", " "))
        elif section == "countries":
            if len(fields) < 5:
                raise MapImportError(f"line {lineno}: expected 'index name continent x y', got {line!r}")
            try:
                index, continent, x, y = int(fields[0]), int(fields[2]), float(fields[3]), float(fields[4])
            except ValueError:
                raise MapImportError(f"line {lineno}: expected 'index name continent x y' with numbers, got {line!r}") from None
            if index in index_of:
                raise MapImportError(f"line {lineno}: country {index} is listed twice")
            if continents and not 1 <= continent <= len(continents):
                raise MapImportError(f"line {lineno}: continent {continent} is not in [continents] (1 to {len(continents)})")
            index_of[index] = len(names)
            names.append(fields[1].replace("_", " "))
            centroids.append((x, y))
            terrain.append(continents[continent - 1] if continents else None)
        elif section == "borders":
            try:
                numbers = [int(f) for f in fields]
            except ValueError:
                raise MapImportError(f"line {lineno}: borders must be country numbers, got {line!r}") from None
            borders.append((numbers[0], numbers[1:], lineno))
    if not names:
        raise MapImportError("no [countries] section with countries in it; is this a Risk-style .map file?")
    edges: set[tuple[int, int]] = set()
    for country, neighbours, lineno in borders:
        for other in [country, *neighbours]:
            if other not in index_of:
                raise MapImportError(f"line {lineno}: border names country {other}, which [countries] does not list")
        a = index_of[country]
        for other in neighbours:
            b = index_of[other]
            if a != b:
                edges.add((min(a, b), max(a, b)))
    return _Raw(names, centroids, terrain, edges)


def _utf8_text(path: Path) -> str:
    """The file's text. Not UTF-8 (an old file in Latin-1, say) is refused, naming the line:
    read anyway, "Mör" became "M\ufffdr" in the map without a word. A byte order mark is dropped."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise MapImportError(f"{path.name} is not UTF-8 text (line {line} has the byte 0x{data[exc.start]:02X}); "
                             "save it as UTF-8 and import it again") from None


def read_graphml(path: str | Path, seed: int = 0) -> _Raw:
    """Read a GraphML file's nodes and edges."""
    try:
        g = nx.read_graphml(path)
    except ParseError as exc:
        raise MapImportError(f"not a GraphML file: {exc}") from None
    except (nx.NetworkXError, ValueError, KeyError) as exc:
        raise MapImportError(f"not a GraphML file I can read: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    if g.number_of_nodes() == 0:
        raise MapImportError("the GraphML file has no nodes")
    nodes = list(g.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    names = [str(g.nodes[v].get("name", g.nodes[v].get("label", v))) for v in nodes]
    if all("x" in g.nodes[v] and "y" in g.nodes[v] for v in nodes):
        try:
            centroids = [(float(g.nodes[v]["x"]), float(g.nodes[v]["y"])) for v in nodes]
        except (TypeError, ValueError):
            raise MapImportError("node coordinates 'x' and 'y' must be numbers") from None
    else:
        side = ZONE_SIZE * math.sqrt(len(nodes))
        pos = nx.spring_layout(nx.Graph(g), seed=seed)
        centroids = [((pos[v][0] + 1) * side / 2, (pos[v][1] + 1) * side / 2) for v in nodes]
    edges = set()
    for u, v in g.edges():
        if u == v:
            raise MapImportError(f"node {names[index[u]]!r} has a border with itself")
        a, b = index[u], index[v]
        edges.add((min(a, b), max(a, b)))
    return _Raw(names, centroids, [None] * len(nodes), edges)


def import_map(
    path: str | Path,
    zone_types: Sequence[ZoneType] | None = None,
    map_rules: MapRules | None = None,
    *,
    players: int = 0,
    seed: int = 0,
    extra_check: ExtraCheck | None = None,
) -> ZoneMap:
    """A :class:`ZoneMap` from a ``.map`` (Risk-style) or ``.graphml`` file.

    Raises :class:`MapImportError` with a one-line message when the file cannot be used.
    """
    path = Path(path)
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise MapImportError(f"cannot import {path.name}: use a Risk-style .map file or a .graphml file")
    try:
        size = path.stat().st_size
        if not path.is_file():  # a device or a pipe could be read for ever
            raise MapImportError(f"cannot read {path}: not a regular file")
        if size > limits.MAX_MAP_FILE_BYTES:
            raise MapImportError(f"{path} is {size:,} bytes; a map file may have at most {limits.MAX_MAP_FILE_BYTES:,}")
        if kind == "risk":
            raw = read_risk(_utf8_text(path))
        else:
            raw = read_graphml(path, seed)
    except OSError as exc:
        raise MapImportError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw.names) > limits.MAX_ZONES:
        raise MapImportError(f"{path.name} has {len(raw.names):,} countries; a map may have at most {limits.MAX_ZONES:,} zones")
    options: dict[str, Any] = {"source": path.name, "source_format": kind, "players": players}
    return zone_map_of(raw, zone_types, map_rules, players=players, seed=seed, options=options, extra_check=extra_check)


def zone_map_of(
    raw: _Raw,
    zone_types: Sequence[ZoneType] | None,
    map_rules: MapRules | None,
    *,
    players: int,
    seed: int,
    options: dict[str, Any],
    extra_check: ExtraCheck | None = None,
) -> ZoneMap:
    """Turn what a file says into a checked :class:`ZoneMap`, typed when a theme is given."""
    seen: dict[str, int] = {}
    for i, name in enumerate(raw.names):
        problem = name_problem(name, i)
        if problem is not None:  # refused now: a map file with it could not be read back
            raise MapImportError(f"country {name[:30]!r}{'...' if len(name) > 30 else ''}: {problem.split(': ', 1)[1]}")
        continent = raw.terrain[i] or ""
        if len(continent) > limits.MAX_ZONE_NAME or limits.has_control_characters(continent):
            raise MapImportError(f"country {name!r}: its continent's name {continent[:30]!r}{'...' if len(continent) > 30 else ''} "
                                 f"has to be at most {limits.MAX_ZONE_NAME} printable characters, as a map file keeps it")
        if name.lower() in seen:
            raise MapImportError(f"two zones are named {name!r}")
        seen[name.lower()] = i
    for name, point in zip(raw.names, raw.centroids):
        # Refused here, or the file written could not be read back (map check, show, play).
        if not all(math.isfinite(v) and abs(v) <= limits.MAX_COORDINATE for v in point):
            raise MapImportError(f"country {name!r} lies at {point[0]:g}, {point[1]:g}; coordinates must be numbers "
                                 f"from {-limits.MAX_COORDINATE:g} to {limits.MAX_COORDINATE:g}")
    n = len(raw.names)
    edges = sorted(raw.edges)
    centroids = [(round(x, 3) + 0.0, round(y, 3) + 0.0) for x, y in raw.centroids]
    graph = ZoneGraph(n, edges)
    options = {**options, "impassable_types": sorted(zt.id for zt in zone_types or () if not zt.passable)}
    meta = {"generator": generator_name(), "seed": seed if zone_types is not None else None, "options": options}

    def build(plan: TypePlan | None, attempt: int = 0) -> ZoneMap:
        names = list(raw.names)
        types = plan.types if plan else ("",) * n
        for zone, name in (plan.named.items() if plan else ()):
            names[zone] = name
        codes = zone_codes(names)
        revenue = {zt.id: zt.revenue for zt in zone_types or ()}
        zones = tuple(
            MapZone(i, codes[i], names[i], types[i], revenue.get(types[i], 0), raw.terrain[i], centroids[i], ())
            for i in range(n)
        )
        return ZoneMap(zones, tuple(edges), tuple(plan.starts) if plan else (), meta)

    untyped = build(None)
    problems = check_connected(untyped, np.ones(n, dtype=bool), graph)
    if problems:
        raise MapImportError(problems[0])
    if zone_types is None:
        return untyped
    if map_rules is None:
        map_rules = MapRules()
    hint = {name: seen[name.lower()] for name in map_rules.named_zones if name.lower() in seen}
    try:
        return roll_until_valid(graph, tuple(zone_types), map_rules, players, seed, build, extra_check=extra_check, named_hint=hint)
    except MapGenerationError as exc:
        raise MapImportError(str(exc)) from None
