"""Voronoi cells clipped to a rectangular frame, with the borders between them.

Clipping uses reflection: every site near an edge of the frame is mirrored across
that edge before scipy computes the diagram. The bisector between a site and its
mirror image is the frame edge itself, so each original cell comes out already cut
to the frame, and all the polygon work below is done on flat numpy arrays at once.

The images are sheared a hair along the edge (:data:`SHEAR`). Two sites and their exact
mirror images always lie on one circle, and a triangulation full of such ties took
qhull half as long again as one without; sheared, the ties are gone, and the frame edge
moves by less than a millionth of a map unit, far below the thousandths a map keeps.
"""

from __future__ import annotations

import attrs
import numpy as np
from scipy.spatial import Delaunay

#: Borders shorter than this fraction of the typical zone width are dropped: two
#: zones touching at (nearly) a point do not look like neighbours to a player.
MIN_BORDER = 0.02
#: How far a mirror image slides along the edge, per unit of its site's distance from it.
SHEAR = 1e-8
#: Corners of one cell closer than this fraction of the zone width are one corner (a
#: border between two sheared ties is that short, where exact mirrors left none).
SAME_CORNER = 1e-6


@attrs.frozen(eq=False)
class Cells:
    """The clipped cells of ``n`` sites.

    Cell ``i`` is ``points[start[i]:start[i + 1]]``, counter-clockwise (with y up).
    ``edges`` are the pairs of cells sharing a border (sorted, each once).
    """

    points: np.ndarray
    start: np.ndarray
    centroids: np.ndarray
    areas: np.ndarray
    edges: np.ndarray

    def polygon(self, i: int) -> np.ndarray:
        return self.points[self.start[i] : self.start[i + 1]]


def _with_mirrors(sites: np.ndarray, width: float, height: float, band: float) -> np.ndarray:
    x, y = sites[:, 0], sites[:, 1]
    parts = [
        sites,
        np.column_stack([-x, y + SHEAR * x])[x < band],
        np.column_stack([2 * width - x, y + SHEAR * (width - x)])[x > width - band],
        np.column_stack([x + SHEAR * y, -y])[y < band],
        np.column_stack([x + SHEAR * (height - y), 2 * height - y])[y > height - band],
    ]
    return np.concatenate(parts)


def _inside(v: np.ndarray, width: float, height: float, spacing: float) -> bool:
    slack = 1e-6 * spacing
    return bool(((v >= -slack) & (v <= [width + slack, height + slack])).all())


def _mirrored_diagram(sites, width, height, compute, usable):
    """Run ``compute`` on the sites plus mirrors, widening the mirrored band until
    ``usable`` says every original cell is closed and inside the frame."""
    n = len(sites)
    if n < 2:
        raise ValueError("a Voronoi map needs at least 2 zones")
    spacing = np.sqrt(width * height / n)
    band = 2 * spacing
    while True:
        result = compute(_with_mirrors(sites, width, height, band))
        if usable(result, spacing):
            return result, spacing
        if band > 2 * max(width, height):
            raise ValueError("could not cut the Voronoi cells to the frame; are some sites outside it?")
        band *= 2


def _fans(sites: np.ndarray, owner: np.ndarray, verts: np.ndarray, width: float, height: float):
    """Order each cell's corners around its site; return corners, starts, areas, centroids."""
    n = len(sites)
    verts = np.clip(verts, 0.0, [width, height])
    rel = verts - sites[owner]
    order = np.lexsort((np.arctan2(rel[:, 1], rel[:, 0]), owner))
    pts, owner = verts[order], owner[order]
    start = np.concatenate([[0], np.cumsum(np.bincount(owner, minlength=n))])
    nxt = np.arange(len(pts)) + 1
    nxt[start[1:] - 1] = start[:-1]
    cross = pts[:, 0] * pts[nxt, 1] - pts[nxt, 0] * pts[:, 1]
    area = 0.5 * np.bincount(owner, cross, minlength=n)
    cx = np.bincount(owner, (pts[:, 0] + pts[nxt, 0]) * cross, minlength=n) / (6 * area)
    cy = np.bincount(owner, (pts[:, 1] + pts[nxt, 1]) * cross, minlength=n) / (6 * area)
    return pts, start, area, np.column_stack([cx, cy])


def voronoi_cells(sites: np.ndarray, width: float, height: float) -> Cells:
    """The Voronoi cells of ``sites`` (inside ``[0, width] x [0, height]``) cut to that frame.

    Built from the Delaunay triangulation, which scipy makes in about half the time of
    the Voronoi diagram: a cell's corners are the circumcentres of the triangles around
    its site, and two cells share a border where their sites share a triangle edge
    (the border joins the circumcentres of the two triangles on either side of it).
    """
    sites = np.asarray(sites, dtype=float)
    n = len(sites)
    tri, spacing = _mirrored_diagram(sites, width, height, Delaunay, _triangles_usable(n, width, height))
    simplices, centres = tri.simplices, tri.centres
    corner_of = simplices.ravel()
    mine = corner_of < n
    pts, start, area, centroids = _fans(sites, corner_of[mine], np.repeat(centres, 3, axis=0)[mine], width, height)
    pts, start = _drop_repeated_corners(pts, start, SAME_CORNER * spacing)

    # Each triangle edge between two original sites is a border; the triangle across
    # it is the neighbour opposite the third corner. Every edge is seen from both of
    # its triangles; the one with the lower index keeps it. Between four sites on one
    # circle (a site, its mirror image and another pair) both triangles share their
    # circumcentre, and the zero-length border is dropped with the other short ones.
    across = tri.neighbors
    tri_ids = np.repeat(np.arange(len(simplices)), 3)
    opposite = np.tile(np.arange(3), len(simplices))
    a = simplices[tri_ids, (opposite + 1) % 3]
    b = simplices[tri_ids, (opposite + 2) % 3]
    other = across.ravel()
    keep = (a < n) & (b < n) & (other > tri_ids)
    a, b, t, o = a[keep], b[keep], tri_ids[keep], other[keep]
    length = np.linalg.norm(centres[t] - centres[o], axis=1)
    edges = np.sort(np.column_stack([a, b])[length > MIN_BORDER * spacing], axis=1)
    edges = edges[np.lexsort((edges[:, 1], edges[:, 0]))]
    return Cells(pts, start, centroids, area, edges)


def _drop_repeated_corners(pts: np.ndarray, start: np.ndarray, tolerance: float) -> tuple[np.ndarray, np.ndarray]:
    """Each polygon without corners that repeat the one before (triangles on one circle
    share a circumcentre)."""
    count = np.diff(start)
    owner = np.repeat(np.arange(len(count)), count)
    prev = np.arange(len(pts)) - 1
    prev[start[:-1]] = start[1:] - 1
    keep = np.abs(pts - pts[prev]).max(axis=1) > tolerance
    if keep.all():
        return pts, start
    return pts[keep], np.concatenate([[0], np.cumsum(np.bincount(owner[keep], minlength=len(count)))])


def _triangles_usable(n: int, width: float, height: float):
    """The test that a triangulation of ``n`` sites and their mirrors closes every
    original cell inside the frame (also working out every triangle's circumcentre)."""

    def usable(tri: Delaunay, spacing: float) -> bool:
        if (np.unique(tri.convex_hull) < n).any():
            return False
        tri.centres = _circumcentres(tri.points, tri.simplices)
        near = tri.centres[(tri.simplices < n).any(axis=1)]
        return len(near) > 0 and bool(np.isfinite(near).all()) and _inside(near, width, height, spacing)

    return usable


def _circumcentres(p: np.ndarray, simplices: np.ndarray) -> np.ndarray:
    a, b, c = p[simplices[:, 0]], p[simplices[:, 1]], p[simplices[:, 2]]
    b, c = b - a, c - a
    d = 2 * (b[:, 0] * c[:, 1] - b[:, 1] * c[:, 0])
    bb, cc = (b**2).sum(axis=1), (c**2).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        ux = (c[:, 1] * bb - b[:, 1] * cc) / d
        uy = (b[:, 0] * cc - c[:, 0] * bb) / d
    return a + np.column_stack([ux, uy])


def cell_centroids(sites: np.ndarray, width: float, height: float) -> np.ndarray:
    """The centroids of the clipped Voronoi cells of ``sites``, for Lloyd relaxation
    (only the centroids: no borders, no repeated corners dropped)."""
    sites = np.asarray(sites, dtype=float)
    n = len(sites)
    tri, _ = _mirrored_diagram(sites, width, height, Delaunay, _triangles_usable(n, width, height))
    corner_of = tri.simplices.ravel()
    mine = corner_of < n
    owner = corner_of[mine]
    verts = np.repeat(tri.centres, 3, axis=0)[mine]
    return _fans(sites, owner, verts, width, height)[3]
