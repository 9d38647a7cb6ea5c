"""The map file: one JSON document holding a :class:`~warp_empires.zonemap.ZoneMap`.

::

    {"format": "warp-empires-map", "format_version": 1,
     "generator": "warp-empires 0.1.0", "seed": 7, "options": {...},
     "zones": [{"id": 0, "code": "SKA", "name": "Skaro", "type": "rich", "revenue": 3,
                "terrain": "rich", "centroid": [x, y], "polygon": [[x, y], ...]}, ...],
     "starts": [12, 3],
     "graph": {"directed": false, "multigraph": false, "graph": {},
               "nodes": [{"id": 0}, ...], "edges": [{"source": 0, "target": 1}, ...]}}

Keys are sorted and coordinates rounded to 3 decimals, so the same map always gives
the same bytes. Reading checks everything and raises :class:`MapFileError` with a
one-line message at the first problem; nothing in a file is ever executed.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from json.encoder import encode_basestring as _text

from warp_empires import limits, zonelabels
from warp_empires.model.data import ZoneType
from warp_empires.zonemap import MapZone, ZoneMap

from .errors import MapFileError

FORMAT = "warp-empires-map"
FORMAT_VERSION = 1

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_TOP_FIELDS = ("generator", "seed", "options", "zones", "starts", "graph")
_ZONE_FIELDS = ("id", "code", "name", "type", "revenue", "terrain", "centroid", "polygon")


# --------------------------------------------------------------------------- writing


def _num(x: float) -> float:
    return round(float(x), 3) + 0.0  # + 0.0 turns -0.0 into 0.0


def _edge_list(zone_map: ZoneMap) -> list[tuple[int, int]]:
    """The borders in the order a node-link graph lists them: by the first zone of each
    border, then in the order borders were first given (duplicates once)."""
    first: list[dict[int, None]] = [{} for _ in zone_map.zones]
    for a, b in sorted(zone_map.edges):
        first[a][b] = None
        first[b][a] = None
    out = []
    for zone, nbrs in enumerate(first):
        out.extend((zone, n) for n in nbrs if n > zone)
    return out


def to_document(zone_map: ZoneMap) -> dict[str, Any]:
    """The JSON-ready document of a map."""
    meta = zone_map.meta
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generator": meta.get("generator", "mapgen 1"),
        "seed": meta.get("seed"),
        "options": dict(meta.get("options") or {}),
        "zones": [
            {
                "id": z.id,
                "code": z.code,
                "name": z.name,
                "type": z.type,
                "revenue": z.revenue,
                "terrain": z.terrain,
                "centroid": [_num(z.centroid[0]), _num(z.centroid[1])],
                "polygon": [[_num(x), _num(y)] for x, y in z.polygon],
            }
            for z in zone_map.zones
        ],
        "starts": list(zone_map.starts),
        "graph": {
            "directed": False,
            "multigraph": False,
            "graph": {},
            "nodes": [{"id": i} for i in range(len(zone_map.zones))],
            "edges": [{"source": a, "target": b} for a, b in _edge_list(zone_map)],
        },
    }


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(", ", ": "), ensure_ascii=False, allow_nan=False)


def _coord(x: float) -> str:
    """``json.dumps(_num(x))``, several times faster: for a number of modest size, its
    3-decimal text without trailing zeros is exactly the shortest text of the rounded float."""
    if -1e12 < x < 1e12:
        text = ("%.3f" % x).rstrip("0")
        if text[-1] == ".":
            return "0.0" if text == "-0." else text + "0"
        return text
    x = _num(x)
    if not math.isfinite(x):
        raise ValueError(f"a map coordinate must be a finite number, not {x}")
    return repr(x)


def _scalar(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return _text(value)
    if kind is int:
        return repr(value)
    return _compact(value)


def _zone_row(z: MapZone) -> str:
    """One zone as its map file line: the text ``_compact`` gives the zone's document."""
    cx, cy = z.centroid
    polygon = ", ".join(f"[{_coord(x)}, {_coord(y)}]" for x, y in z.polygon)
    return (
        f'{{"centroid": [{_coord(cx)}, {_coord(cy)}], "code": {_scalar(z.code)}, "id": {_scalar(z.id)}, '
        f'"name": {_scalar(z.name)}, "polygon": [{polygon}], "revenue": {_scalar(z.revenue)}, '
        f'"terrain": {_scalar(z.terrain)}, "type": {_scalar(z.type)}}}'
    )


def _rows(lines: list[str], indent: str) -> str:
    """A list of objects: one a line when there are several, else on one line."""
    if len(lines) > 1:
        return "[\n" + ",\n".join(indent + " " + line for line in lines) + "\n" + indent + "]"
    return "[" + ", ".join(lines) + "]"


def dumps(zone_map: ZoneMap) -> str:
    """The map as map file text (ending in a newline): sorted keys, one line per zone,
    node and border, so files diff and read well.

    The text is written in one pass over the map, without building the document first
    (a 100,000-zone map is over a million small values).
    """
    if len(zone_map.zones) < 2:
        return _compact(to_document(zone_map)) + "\n"  # nothing to put on lines of its own
    meta = zone_map.meta
    nodes = [f'{{"id": {i}}}' for i in range(len(zone_map.zones))]
    edges = [f'{{"source": {a}, "target": {b}}}' for a, b in _edge_list(zone_map)]
    graph = (
        '{\n  "directed": false,\n  "edges": ' + _rows(edges, "  ") + ',\n  "graph": {},\n'
        '  "multigraph": false,\n  "nodes": ' + _rows(nodes, "  ") + "\n }"
    )
    parts = [
        ("format", _scalar(FORMAT)),
        ("format_version", _scalar(FORMAT_VERSION)),
        ("generator", _scalar(meta.get("generator", "mapgen 1"))),
        ("graph", graph),
        ("options", _compact(dict(meta.get("options") or {}))),
        ("seed", _compact(meta.get("seed"))),
        ("starts", _compact(list(zone_map.starts))),
        ("zones", _rows([_zone_row(z) for z in zone_map.zones], " ")),
    ]
    return "{\n" + ",\n".join(f' "{key}": {value}' for key, value in parts) + "\n}\n"


def save(zone_map: ZoneMap, path: str | Path) -> None:
    """Write the map file."""
    Path(path).write_text(dumps(zone_map), encoding="utf-8")


# --------------------------------------------------------------------------- reading


def load(path: str | Path, zone_types: Sequence[ZoneType] | None = None) -> ZoneMap:
    """Read and check a map file. See :func:`loads`."""
    try:
        size = Path(path).stat().st_size
        if not Path(path).is_file():  # a device or a pipe could be read for ever
            raise MapFileError(f"cannot read {path}: not a regular file")
        if size > limits.MAX_MAP_FILE_BYTES:
            raise MapFileError(f"{path} is {size:,} bytes; a map file may have at most {limits.MAX_MAP_FILE_BYTES:,}")
        data = Path(path).read_bytes()
    except OSError as exc:
        raise MapFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")  # a byte order mark (Notepad writes one) is not part of the map
    except UnicodeDecodeError:
        raise MapFileError("not a map file: not UTF-8 text") from None
    return loads(text, zone_types)


def loads(text: str, zone_types: Sequence[ZoneType] | None = None) -> ZoneMap:
    """Parse and check map file text.

    With ``zone_types`` the passable zones are judged by the theme; without, by the
    ``impassable_types`` the file's options record. Raises :class:`MapFileError`.
    """
    if not text.strip():
        raise MapFileError("the file is empty")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        end = len(text.rstrip())
        if exc.pos >= end or exc.msg.startswith("Unterminated string"):
            line = text.count("\n", 0, end) + 1
            column = end - (text.rfind("\n", 0, end) + 1)
            raise MapFileError(f"the file is truncated (the JSON breaks off at line {line}, column {column})") from None
        raise MapFileError(f"not a map file: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise MapFileError("not a map file: its JSON is nested too deeply") from None
    except ValueError:  # Python refuses to read integers of thousands of digits
        raise MapFileError("not a map file: it holds a number thousands of digits long") from None
    return validate(document, zone_types)


def _kind(value: Any) -> str:
    if isinstance(value, float):
        return f"the number {value!r}" if len(repr(value)) <= 20 else "a number with a fraction"
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(type(value), "a number")


def _need(obj: dict, field: str, kinds: tuple[type, ...], where: str, what: str) -> Any:
    if field not in obj:
        raise MapFileError(f"{where}missing field '{field}'")
    value = obj[field]
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise MapFileError(f"{where}field '{field}': expected {what}, got {_kind(value)}")
    return value


def _point(value: Any, where: str) -> tuple[float, float]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise MapFileError(f"{where} is not a pair of numbers [x, y]")
    if not all(math.isfinite(v) for v in value):
        raise MapFileError(f"{where} is not finite")
    if not all(abs(v) <= limits.MAX_COORDINATE for v in value):
        raise MapFileError(f"{where} lies outside the map's range (coordinates from {-limits.MAX_COORDINATE:g} to {limits.MAX_COORDINATE:g})")
    return float(value[0]), float(value[1])


def _zone(raw: Any, i: int) -> MapZone:
    where = f"zones[{i}]: "
    if not isinstance(raw, dict):
        raise MapFileError(f"zones[{i}] is {_kind(raw)}, not an object")
    zid = _need(raw, "id", (int,), where, "a whole number")
    code = _need(raw, "code", (str,), where, "text")
    name = _need(raw, "name", (str,), where, "text")
    ztype = _need(raw, "type", (str,), where, "text")
    revenue = _need(raw, "revenue", (int,), where, "a whole number")
    terrain = _need(raw, "terrain", (str, type(None)), where, "text or null")
    problem = zonelabels.name_problem(name, i) or zonelabels.code_problem(code, i, name)
    if problem:
        raise MapFileError(problem)
    if not 0 <= revenue <= limits.MAX_REVENUE:
        raise MapFileError(f"zones[{i}] ({name}), field 'revenue': {revenue} is not allowed; use 0 to {limits.MAX_REVENUE}")
    for field, text in (("type", ztype), ("terrain", terrain or "")):
        if len(text) > limits.MAX_ZONE_NAME or limits.has_control_characters(text):
            raise MapFileError(f"zones[{i}] ({name}), field '{field}': use at most {limits.MAX_ZONE_NAME} printable characters")
    centroid = _point(_need(raw, "centroid", (list,), where, "[x, y]"), f"zones[{i}] ({name}), field 'centroid'")
    poly = _need(raw, "polygon", (list,), where, "a list of [x, y] points")
    label = f"zones[{i}] ({name}), field 'polygon'"
    points = tuple(_point(p, f"{label}: point {k}") for k, p in enumerate(poly))
    if 0 < len(points) < 3:
        raise MapFileError(f"{label}: needs at least 3 points, got {len(points)}")
    if points:
        area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))
        if abs(area) < 1e-9:
            raise MapFileError(f"{label}: has no area (its points lie on a line)")
    return MapZone(zid, code, name, ztype, revenue, terrain, centroid, points)


def _edges(graph: Any, count: int) -> list[tuple[int, int]]:
    if not isinstance(graph, dict):
        raise MapFileError(f"field 'graph': expected an object, got {_kind(graph)}")
    for key in ("nodes", "edges"):
        if key not in graph:
            extra = " (borders are stored under 'edges')" if key == "edges" else ""
            raise MapFileError(f"field 'graph': missing '{key}'{extra}")
        if not isinstance(graph[key], list):
            raise MapFileError(f"field 'graph': '{key}' must be a list")
    ids = set()
    for k, node in enumerate(graph["nodes"]):
        if not isinstance(node, dict) or not isinstance(node.get("id"), int) or isinstance(node.get("id"), bool):
            raise MapFileError(f"graph nodes[{k}]: expected an object with a whole-number 'id'")
        if not 0 <= node["id"] < count:
            raise MapFileError(f"the graph lists zone {node['id']}, which is not in the zones list")
        ids.add(node["id"])
    if len(ids) < count:
        missing = min(set(range(count)) - ids)
        raise MapFileError(f"the graph leaves out zone {missing}")
    for k, edge in enumerate(graph["edges"]):
        if not isinstance(edge, dict) or not all(isinstance(edge.get(f), int) and not isinstance(edge.get(f), bool) for f in ("source", "target")):
            raise MapFileError(f"graph edges[{k}]: expected an object with whole-number 'source' and 'target'")
        a, b = edge["source"], edge["target"]
        for z in (a, b):
            if not 0 <= z < count:
                raise MapFileError(f"border {a}-{b} names zone {z}, which is not in the zones list")
        if a == b:
            raise MapFileError(f"border {a}-{b} joins a zone to itself")
    import networkx as nx  # only readers need it

    try:
        g = nx.node_link_graph(graph, edges="edges")
    except (KeyError, TypeError, nx.NetworkXError) as exc:
        raise MapFileError(f"field 'graph': not a node-link graph ({exc})") from None
    return sorted({(min(a, b), max(a, b)) for a, b in g.edges()})


def validate(document: Any, zone_types: Sequence[ZoneType] | None = None) -> ZoneMap:
    """The :class:`ZoneMap` a parsed map document describes, after checking all of it."""
    if not isinstance(document, dict):
        raise MapFileError(f"not a map file: expected a JSON object at the top level, got {_kind(document)}")
    if "format" not in document:
        raise MapFileError("not a warp-empires map file (missing field 'format')")
    if document["format"] != FORMAT:
        raise MapFileError(f"not a warp-empires map file (format is {document['format']!r}, expected {FORMAT!r})")
    version = _need(document, "format_version", (int,), "", "a whole number")
    if version != FORMAT_VERSION:
        raise MapFileError(f"unsupported format_version {version} (this version reads {FORMAT_VERSION})")
    for field in _TOP_FIELDS:
        if field not in document:
            raise MapFileError(f"missing field '{field}'")
    generator = _need(document, "generator", (str,), "", "text")
    seed = _need(document, "seed", (int, type(None)), "", "a whole number or null")
    if seed is not None and abs(seed) > limits.MAX_SEED:
        raise MapFileError(f"field 'seed': too big; a seed lies between {-limits.MAX_SEED} and {limits.MAX_SEED}")
    options = _need(document, "options", (dict,), "", "an object")
    blocked = options.get("impassable_types", [])
    if not (isinstance(blocked, list) and all(isinstance(t, str) for t in blocked)):
        raise MapFileError("options, field 'impassable_types': expected a list of zone type ids")
    colours = options.get("colours", {})
    if not (isinstance(colours, dict) and all(isinstance(v, str) and _COLOUR.fullmatch(v) for v in colours.values())):
        raise MapFileError("options, field 'colours': expected an object of zone type ids and colours written #rrggbb")
    raw_zones = _need(document, "zones", (list,), "", "a list of zones")
    if not raw_zones:
        raise MapFileError("field 'zones': the map has no zones")
    if len(raw_zones) > limits.MAX_ZONES:
        raise MapFileError(f"field 'zones': the map has {len(raw_zones):,} zones; a map may have at most {limits.MAX_ZONES:,}")
    zones = [_zone(raw, i) for i, raw in enumerate(raw_zones)]

    first_at: dict[int, int] = {}
    for i, z in enumerate(zones):
        if z.id in first_at:
            raise MapFileError(f"zone id {z.id} is used twice (zones[{first_at[z.id]}] and zones[{i}])")
        first_at[z.id] = i
    for i, z in enumerate(zones):
        if z.id != i:
            raise MapFileError(f"zones[{i}] has id {z.id}; ids must be 0..{len(zones) - 1} in order")
    problem = zonelabels.label_problem(zones)
    if problem:
        raise MapFileError(problem)

    starts = _need(document, "starts", (list,), "", "a list of zone ids")
    for s in starts:
        if not isinstance(s, int) or isinstance(s, bool):
            raise MapFileError(f"starts lists {json.dumps(s)}; a start is a zone id, a whole number from 0 to {len(zones) - 1}")
        if not 0 <= s < len(zones):
            raise MapFileError(f"starts lists zone {s!r}, which is not in the zones list")
    if len(set(starts)) != len(starts):
        raise MapFileError("starts lists a zone twice")

    factions = options.get("start_factions")
    if factions is not None and not (
        isinstance(factions, list) and len(factions) == len(starts) and all(isinstance(f, str) for f in factions)
        and len(set(factions)) == len(factions)
    ):
        raise MapFileError("options, field 'start_factions': expected one faction id per start zone, each once")

    edges = _edges(document["graph"], len(zones))
    meta = {"generator": generator, "seed": seed, "options": options}
    try:
        zone_map = ZoneMap(tuple(zones), tuple(edges), tuple(starts), meta)
    except ValueError as exc:
        raise MapFileError(str(exc)) from None
    from .constraints import check_connected, passable_mask  # numpy: imported when a map is read

    problems = check_connected(zone_map, passable_mask(zone_map, zone_types))
    if problems:
        raise MapFileError(problems[0])
    return zone_map
