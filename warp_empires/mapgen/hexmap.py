"""Hand-made hex maps: a text grid of places and seas, built into a map file.

A source is TOML. Its ``grid`` holds one token per hex, rows from north to south,
odd rows half a hex to the east (the "odd-r" layout of :mod:`.hexgrid`): ``...``
is no hex, ``~xx`` a hex of the sea named ``xx`` in ``[seas]``, and any other token
the code of a land hex described in ``[places]``::

    grid = '''
    ~gu  ATH  ~gu
      ~gu  MEG  ...
    '''
    starts = ["ATH"]        # in seat order; or a table [starts] athens = "ATH" ...
    [seas]
    gu = "Saronic Gulf"
    [places]
    ATH = { name = "Athens", type = "home_city", at = [23.73, 37.97] }
    MEG = { name = "Megara", type = "city" }

A sea of several hexes numbers them in reading order ("Saronic Gulf 1", code
``GU1``); a sea of one hex takes the sea's name. An optional ``[projection]`` maps
longitude to column and latitude to row by straight lines between stops; every place
with ``at = [longitude, latitude]`` must then stand within ``tolerance`` hexes of
where its coordinates fall, which keeps a map of real places honest. ``[colours]``
(zone type to ``#rrggbb``) is how the map is drawn.

>>> from warp_empires.model.data import ZoneType
>>> types = [ZoneType("sea", "Sea", tags=frozenset({"sea"})), ZoneType("city", "City", revenue=1)]
>>> m = build_hex_map('''grid = "~gu COR ~gu"
... [seas]
... gu = "Gulf"
... [places]
... COR = { name = "Corinth", type = "city" }''', types)
>>> [(z.code, z.name, z.revenue) for z in m.zones]
[('GU1', 'Gulf 1', 0), ('COR', 'Corinth', 1), ('GU2', 'Gulf 2', 0)]
>>> m.edges
((0, 1), (1, 2))
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Sequence
from typing import Any

import attrs

from warp_empires import zonelabels
from warp_empires.model.data import ZoneType
from warp_empires.zonemap import MapZone, ZoneMap

from .errors import MapError
from .hexgrid import HEX_WIDTH

OFF = "..."
SEA = "~"
GENERATOR = "hand-made hex map"

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_RADIUS = HEX_WIDTH / math.sqrt(3)  # centre to corner
_ROW_HEIGHT = math.sqrt(3) / 2  # rows apart, in hex widths


class HexMapError(MapError):
    """A hex map source is wrong; the message says where and what is allowed."""


def _table(source: dict, key: str) -> dict:
    value = source.get(key, {})
    if not isinstance(value, dict):
        raise HexMapError(f"[{key}] must be a table")
    return value


def read_source(text: str) -> dict[str, Any]:
    """The TOML document of a hex map source."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HexMapError(f"not a hex map source: {exc}") from None


def source_module(text: str) -> str | None:
    """The theme a source names with ``module = "..."``, if any."""
    module = read_source(text).get("module")
    return module if isinstance(module, str) and module else None


def read_grid(text: str) -> list[list[str]]:
    """The grid's rows of tokens (blank lines left out); every row as long as the first."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    if not rows:
        raise HexMapError("the grid is empty")
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise HexMapError(f"grid row {r} has {len(row)} hexes; every row needs {len(rows[0])} (write ... for no hex)")
    return rows


def centre(col: int, row: int) -> tuple[float, float]:
    """Map coordinates of a hex's centre (the same geometry as random hex maps)."""
    return HEX_WIDTH * (col + 0.5 + 0.5 * (row % 2)), _RADIUS * (1.5 * row + 1)


def corners(col: int, row: int) -> tuple[tuple[float, float], ...]:
    cx, cy = centre(col, row)
    return tuple(
        (cx + _RADIUS * math.cos(math.radians(30 + 60 * k)), cy + _RADIUS * math.sin(math.radians(30 + 60 * k)))
        for k in range(6)
    )


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six hexes around ``(col, row)`` in the odd-r layout."""
    shift = row % 2  # odd rows reach one column further east above and below
    return [
        (col - 1, row), (col + 1, row),
        (col - 1 + shift, row - 1), (col + shift, row - 1),
        (col - 1 + shift, row + 1), (col + shift, row + 1),
    ]


def _stops(projection: dict, key: str) -> list[tuple[float, float]]:
    raw = projection.get(key)
    ok = isinstance(raw, list) and len(raw) >= 2 and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p) for p in raw
    )
    if not ok:
        raise HexMapError(f"[projection] {key} must be a list of at least two [degrees, position] pairs")
    stops = sorted((float(a), float(b)) for a, b in raw)
    east = key == "columns"  # columns grow eastward; rows grow southward, as latitude falls
    if any((b1 <= b0) if east else (b1 >= b0) for (_, b0), (_, b1) in zip(stops, stops[1:])):
        raise HexMapError(f"[projection] {key} must {'grow eastward' if east else 'grow southward'}, one position per distinct degree")
    return stops


def _interp(x: float, stops: list[tuple[float, float]]) -> float:
    """Straight lines between stops, continued past the ends."""
    for (a0, b0), (a1, b1) in zip(stops, stops[1:]):
        if x <= a1:
            break
    return b0 + (x - a0) * (b1 - b0) / (a1 - a0)


class Projection:
    """Longitude and latitude to fractional (column, row) of the grid."""

    def __init__(self, table: dict) -> None:
        self.columns = _stops(table, "columns")
        self.rows = _stops(table, "rows")
        tolerance = table.get("tolerance", 1.0)
        if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or tolerance <= 0:
            raise HexMapError("[projection] tolerance must be a positive number of hexes")
        self.tolerance = float(tolerance)

    def position(self, lon: float, lat: float) -> tuple[float, float]:
        return _interp(lon, self.columns), _interp(lat, self.rows)

    def distance(self, col: int, row: int, lon: float, lat: float) -> float:
        """Hex widths between the hex's centre and where ``lon, lat`` fall."""
        x, y = self.position(lon, lat)
        return math.hypot(col + 0.5 * (row % 2) - x, (row - y) * _ROW_HEIGHT)


def _place(code: str, raw: Any, types: dict[str, ZoneType]) -> tuple[str, str, tuple[float, float] | None]:
    if not isinstance(raw, dict):
        raise HexMapError(f"place {code} must be a table with a name and a type")
    name, ztype = raw.get("name"), raw.get("type")
    if not isinstance(name, str) or not name.strip():
        raise HexMapError(f"place {code} needs a name")
    if ztype not in types:
        raise HexMapError(f"place {code} ({name}) has type {ztype!r}; use one of {', '.join(sorted(types))}")
    at = raw.get("at")
    if at is not None:
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in at)):
            raise HexMapError(f"place {code} ({name}): at must be [longitude, latitude]")
        at = (float(at[0]), float(at[1]))
    return name, ztype, at


@attrs.frozen
class _Layout:
    """The grid read: each hex's token in reading order, where it stands, and its zone id."""

    tokens: list[tuple[str, int, int]]
    cells: dict[tuple[int, int], int]
    placed: dict[str, tuple[int, int]]
    sea_counts: dict[str, int]


def _lay_out(grid: list[list[str]], seas: dict, places: dict) -> _Layout:
    layout = _Layout([], {}, {}, {})
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            if token == OFF:
                continue
            if token.startswith(SEA):
                key = token[1:]
                if key not in seas:
                    raise HexMapError(f"grid row {r}, column {c}: no sea {key!r} in [seas]")
                layout.sea_counts[key] = layout.sea_counts.get(key, 0) + 1
            elif token not in places:
                raise HexMapError(f"grid row {r}, column {c}: no place {token!r} in [places]")
            elif token in layout.placed:
                raise HexMapError(f"place {token} stands on the grid twice")
            else:
                layout.placed[token] = (c, r)
            layout.cells[c, r] = len(layout.tokens)
            layout.tokens.append((token, c, r))
    missing = sorted(set(places) - set(layout.placed))
    if missing:
        raise HexMapError(f"place {missing[0]} is in [places] but not on the grid")
    return layout


def _zones(layout: _Layout, seas: dict, places: dict, zone_types: Sequence[ZoneType], projection: Projection | None) -> list[MapZone]:
    types = {zt.id: zt for zt in zone_types}
    sea_type = next((zt.id for zt in zone_types if "sea" in zt.tags), None)
    if layout.sea_counts and sea_type is None:
        raise HexMapError("the grid has seas but the theme has no zone type tagged sea")
    zones = []
    numbered: dict[str, int] = {}
    for zid, (token, c, r) in enumerate(layout.tokens):
        if token.startswith(SEA):
            key = token[1:]
            sea_name = seas[key]
            if not isinstance(sea_name, str) or not sea_name.strip():
                raise HexMapError(f"sea {key} needs a name")
            numbered[key] = numbered.get(key, 0) + 1
            count = numbered[key] if layout.sea_counts[key] > 1 else ""
            code, name, ztype = f"{key.upper()}{count}", f"{sea_name} {count}".strip(), sea_type
        else:
            name, ztype, at = _place(token, places[token], types)
            code = token
            if projection is not None and at is not None:
                off = projection.distance(c, r, *at)
                if off > projection.tolerance:
                    x, y = projection.position(*at)
                    raise HexMapError(
                        f"{name} ({code}) stands at row {r}, column {c}, {off:.2f} hexes from where its longitude and "
                        f"latitude fall (row {y:.1f}, column {x:.1f}); the source allows {projection.tolerance:g}"
                    )
        zones.append(MapZone(zid, code, name, ztype, types[ztype].revenue, ztype, centre(c, r), corners(c, r)))
    problem = zonelabels.label_problem(zones)
    if problem:
        raise HexMapError(problem)
    return zones


def _starts(source: dict, layout: _Layout) -> tuple[list[int], list[str] | None]:
    """The start zones' ids, and the factions they belong to when ``[starts]`` is a table."""
    codes = source.get("starts", [])
    factions = list(codes) if isinstance(codes, dict) else None  # [starts] faction = "CODE"
    codes = list(codes.values()) if isinstance(codes, dict) else codes
    if not isinstance(codes, list):
        raise HexMapError("starts must be a list of place codes in seat order, or a table of faction = place code")
    for code in codes:
        if not isinstance(code, str) or code not in layout.placed:
            raise HexMapError(f"starts names {code!r}, which is not a place")
    return [layout.cells[layout.placed[code]] for code in codes], factions


def _options(source: dict, zone_types: Sequence[ZoneType], factions: list[str] | None) -> dict[str, Any]:
    module, title = source.get("module"), source.get("name", "")
    if module is not None and not isinstance(module, str) or not isinstance(title, str):
        raise HexMapError("name and module must be text")
    colours = _table(source, "colours")
    for key, value in colours.items():
        if key not in {zt.id for zt in zone_types} or not (isinstance(value, str) and _COLOUR.fullmatch(value)):
            raise HexMapError(f"[colours] {key} = {value!r}: give a zone type and a colour as #rrggbb")
    options: dict[str, Any] = {"layout": "hex", "name": title, "module": module}
    if colours:
        options["colours"] = dict(sorted(colours.items()))
    if factions is not None:
        options["start_factions"] = factions
    return options


def build_hex_map(text: str, zone_types: Sequence[ZoneType]) -> ZoneMap:
    """The map a hex map source describes, zones numbered in reading order.

    Zone types come from the theme (a type's revenue is the zone's revenue). Raises
    :class:`HexMapError` at the first problem.
    """
    source = read_source(text)
    if not isinstance(source.get("grid"), str):
        raise HexMapError("a hex map source needs a grid (a text block)")
    seas, places = _table(source, "seas"), _table(source, "places")
    layout = _lay_out(read_grid(source["grid"]), seas, places)
    projection = Projection(source["projection"]) if "projection" in source else None
    zones = _zones(layout, seas, places, zone_types, projection)
    cells = layout.cells
    edges = sorted({(min(a, b), max(a, b)) for (c, r), a in cells.items() for n in neighbours(c, r) if (b := cells.get(n)) is not None})
    starts, factions = _starts(source, layout)
    meta = {"generator": GENERATOR, "seed": None, "options": _options(source, zone_types, factions)}
    try:
        return ZoneMap(tuple(zones), tuple(edges), tuple(starts), meta)
    except ValueError as exc:
        raise HexMapError(str(exc)) from None
