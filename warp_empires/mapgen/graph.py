"""The border graph as compressed arrays, for fast searches on maps of any size.

:class:`ZoneGraph` answers the questions the generator and the checks ask over and
over (which zones are reachable, how many borders apart two zones are) with scipy's
compiled graph routines, so a 100,000-zone map costs milliseconds per question.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterable, Sequence

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse import csgraph


#: Graphs of at most this many zones are searched in plain Python: scipy's searches
#: check and copy their matrix first, which on a small map costs more than the search.
SMALL_GRAPH = 250


class ZoneGraph:
    """Zones ``0..n-1`` and undirected borders, stored as a CSR adjacency matrix."""

    def __init__(self, count: int, edges: np.ndarray | Sequence[tuple[int, int]]):
        # matrix id -> (matrix, row starts, column indices) as lists, for small-map searches
        self._rows: dict[int, tuple[csr_matrix, list[int], list[int]]] = {}
        e = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        self.count = count
        self.edges = e
        rows = np.concatenate([e[:, 0], e[:, 1]])
        cols = np.concatenate([e[:, 1], e[:, 0]])
        m = csr_matrix((np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(count, count))
        m.sum_duplicates()
        m.sort_indices()
        m.prune()  # drop spare capacity so indices line up with indptr
        m.data[:] = 1
        self.matrix = m
        self.indptr = m.indptr
        self.indices = m.indices

    @functools.cached_property
    def _float_matrix(self) -> csr_matrix:
        return self.matrix.astype(np.float64)

    @classmethod
    def of(cls, zone_map) -> ZoneGraph:
        """The graph of a :class:`~warp_empires.zonemap.ZoneMap`."""
        return cls(len(zone_map.zones), zone_map.edges)

    def neighbours(self, zone: int) -> np.ndarray:
        return self.indices[self.indptr[zone] : self.indptr[zone + 1]]

    @property
    def degree(self) -> np.ndarray:
        return np.diff(self.indptr)

    def restricted(self, keep: np.ndarray) -> csr_matrix:
        """The adjacency matrix with every border touching a zone outside ``keep`` removed."""
        keep = keep.astype(np.float64)  # the searches work in float64: no copy per search
        rows = np.repeat(np.arange(self.count), np.diff(self.indptr))
        data = keep[rows] * keep[self.indices]
        m = csr_matrix((data, self.indices.copy(), self.indptr.copy()), shape=self.matrix.shape)
        m.eliminate_zeros()
        return m

    def components(self, keep: np.ndarray | None = None) -> tuple[int, np.ndarray]:
        """Connected groups of the zones in ``keep`` (all zones by default).

        Returns the number of groups and a label per zone; zones outside ``keep`` get -1.
        """
        if keep is None:
            return csgraph.connected_components(self.matrix, directed=False)
        _, labels = csgraph.connected_components(self.restricted(keep), directed=False)
        labels = labels.astype(np.int64)
        labels[~keep] = -1
        # relabel 0..k-1 in order of first appearance, ignoring the dropped zones
        kept = labels[keep]
        _, first, inverse = np.unique(kept, return_index=True, return_inverse=True)
        order = np.argsort(np.argsort(first))
        labels[keep] = order[inverse]
        return len(first), labels

    def distances(self, sources: Iterable[int], keep: np.ndarray | csr_matrix | None = None) -> np.ndarray:
        """Borders crossed on the shortest path from each source to every zone.

        Only zones in ``keep`` (a mask, or a matrix from :meth:`restricted` when many
        searches share one mask) are entered. Returns a ``(len(sources), n)`` float
        array, ``inf`` where a zone cannot be reached.
        """
        src = np.fromiter(sources, dtype=np.int64)
        if len(src) == 0:
            return np.zeros((0, self.count))
        if keep is None:
            m = self._float_matrix
        elif isinstance(keep, np.ndarray):
            m = self.restricted(keep)
        else:
            m = keep
        if self.count <= SMALL_GRAPH:
            return self._breadth_first(m, src.tolist())
        # Every border is in the matrix both ways, so a directed search finds the same
        # distances without scipy first adding the matrix to its transpose.
        d = csgraph.shortest_path(m, method="D", directed=True, unweighted=True, indices=src)
        return np.atleast_2d(d)

    def _breadth_first(self, m: csr_matrix, sources: list[int]) -> np.ndarray:
        """:meth:`distances` by a plain breadth-first search over the matrix's rows."""
        kept = self._rows.get(id(m))
        if kept is None or kept[0] is not m:
            if len(self._rows) >= 4:
                self._rows.pop(next(iter(self._rows)))
            kept = self._rows[id(m)] = (m, m.indptr.tolist(), m.indices.tolist())
        _, ptr, idx = kept
        n = self.count
        out = np.empty((len(sources), n))
        for row, source in enumerate(sources):
            dist = [-1] * n
            dist[source] = 0
            frontier, d = [source], 0
            while frontier:
                d += 1
                nxt = []
                for z in frontier:
                    for w in idx[ptr[z] : ptr[z + 1]]:
                        if dist[w] < 0:
                            dist[w] = d
                            nxt.append(w)
                frontier = nxt
            found = np.array(dist, dtype=float)
            found[found < 0] = np.inf
            out[row] = found
        return out

    def path_through(self, start: Sequence[int], goal: np.ndarray) -> list[int]:
        """A shortest path (zone ids) from any of ``start`` to any zone where ``goal`` is true."""
        parent = {int(z): -1 for z in start}
        queue = deque(parent)
        while queue:
            z = queue.popleft()
            if goal[z]:
                path = [z]
                while parent[path[-1]] != -1:
                    path.append(parent[path[-1]])
                return path[::-1]
            for nb in self.neighbours(z):
                nb = int(nb)
                if nb not in parent:
                    parent[nb] = z
                    queue.append(nb)
        return []
