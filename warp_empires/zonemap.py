"""The territory map as plain data: zones, borders and suggested start zones.

A :class:`ZoneMap` is what a map file holds and what a game is set up on. It is
frozen: a game copies what it changes (zone types, revenue) into its own state,
so one map can back any number of games at once.

>>> m = ZoneMap.build([("Alpha", "rich", 3), ("Beta", "void", 0)], [(0, 1)])
>>> m.zones[1].name, m.neighbours(0)
('Beta', (1,))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    import networkx as nx

Point = tuple[float, float]


def _points(value: Iterable[Sequence[float]]) -> tuple[Point, ...]:
    return tuple([(float(x), float(y)) for x, y in value])  # a list first: quicker than a generator


@attrs.frozen
class MapZone:
    """One territory of a map."""

    id: int
    code: str
    name: str
    type: str
    revenue: int = 0
    terrain: str | None = None
    centroid: Point = (0.0, 0.0)
    polygon: tuple[Point, ...] = attrs.field(default=(), converter=_points)


@attrs.frozen
class ZoneMap:
    """Zones indexed by id (``zones[i].id == i``), undirected borders, start zones."""

    zones: tuple[MapZone, ...]
    edges: tuple[tuple[int, int], ...]
    starts: tuple[int, ...] = ()
    meta: Mapping[str, Any] = attrs.field(factory=dict, converter=lambda m: MappingProxyType(dict(m)))
    _adjacency: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    _board: Any = attrs.field(init=False, repr=False, eq=False, default=None)  # see Board.of

    def __attrs_post_init__(self) -> None:
        n = len(self.zones)
        for i, zone in enumerate(self.zones):
            if zone.id != i:
                raise ValueError(f"zone at position {i} has id {zone.id}; ids must be 0..{n - 1} in order")
        nbrs: list[set[int]] = [set() for _ in range(n)]
        for a, b in self.edges:
            if not (0 <= a < n and 0 <= b < n):
                raise ValueError(f"border {a}-{b} names a zone that does not exist (ids are 0..{n - 1})")
            if a == b:
                raise ValueError(f"border {a}-{b} joins a zone to itself")
            nbrs[a].add(b)
            nbrs[b].add(a)
        object.__setattr__(self, "_adjacency", tuple(tuple(sorted(s)) for s in nbrs))

    @classmethod
    def build(
        cls,
        zones: Iterable[tuple[str, str, int] | tuple[str, str, int, str]],
        edges: Iterable[tuple[int, int]],
        starts: Iterable[int] = (),
        **meta: Any,
    ) -> ZoneMap:
        """A small map from ``(name, type, revenue[, code])`` rows, handy for tests and scenarios."""
        built = []
        for i, row in enumerate(zones):
            name, ztype, revenue = row[0], row[1], row[2]
            code = row[3] if len(row) > 3 else f"Z{i}"
            built.append(MapZone(i, code, name, ztype, revenue))
        return cls(tuple(built), tuple(tuple(sorted(e)) for e in edges), tuple(starts), meta)

    def neighbours(self, zone: int) -> tuple[int, ...]:
        """Zones sharing a border with ``zone``, in id order."""
        return self._adjacency[zone]

    @property
    def adjacency(self) -> tuple[tuple[int, ...], ...]:
        """Neighbour tuples for every zone, indexed by zone id (precomputed)."""
        return self._adjacency

    def graph(self) -> nx.Graph:
        """The map as a networkx graph; node attributes are the zone's fields."""
        import networkx as nx  # a tenth of a second to import: only callers of graph() pay it

        g = nx.Graph()
        for z in self.zones:
            g.add_node(z.id, **attrs.asdict(z, recurse=False))
        g.add_edges_from(self.edges)
        return g

    def zone_by_code(self, code: str) -> MapZone | None:
        """The zone whose code (or name) matches, ignoring case."""
        key = code.strip().lower()
        for z in self.zones:
            if z.code.lower() == key or z.name.lower() == key:
                return z
        return None

