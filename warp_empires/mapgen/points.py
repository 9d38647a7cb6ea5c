"""Where zones go: evenly spread random sites, then Lloyd relaxation.

Sites are a stratified sample: one jittered site in each cell of a staggered grid.
That guarantees a minimum spacing between zones, as a Poisson disc would, costs
almost nothing at any size (a Poisson disc sampler in Python takes about a second per
thousand sites, more than all the rest of a small map); the random choice of cells,
the jitter and then relaxation break up the grid.
"""

from __future__ import annotations

import numpy as np

from .voronoi import cell_centroids

#: Maps of at most this many zones get a second relaxation pass (cheap at that size).
SMALL_MAP = 1000


def stratified_sites(count: int, width: float, height: float, rng: np.random.Generator) -> np.ndarray:
    """``count`` sites, one jittered site in each of ``count`` cells of a staggered grid."""
    spacing = np.sqrt(width * height / count)
    cols = max(1, int(np.ceil(width / spacing)))
    rows = max(1, int(np.ceil(height / spacing)))
    while cols * rows < count:
        rows += 1
    dx, dy = width / cols, height / rows
    chosen = np.sort(rng.choice(cols * rows, size=count, replace=False))
    r, c = np.divmod(chosen, cols)
    jitter = rng.uniform(-0.35, 0.35, size=(count, 2))
    stagger = 0.25 * np.where(r % 2 == 1, 1.0, -1.0)
    x = (c + 0.5 + stagger + jitter[:, 0]) * dx
    y = (r + 0.5 + jitter[:, 1]) * dy
    return np.column_stack([np.clip(x, 0, width), np.clip(y, 0, height)])


def random_sites(count: int, width: float, height: float, rng: np.random.Generator) -> np.ndarray:
    """``count`` evenly spread sites in the frame, none on its edge."""
    return keep_inside(stratified_sites(count, width, height, rng), width, height)


def keep_inside(sites: np.ndarray, width: float, height: float) -> np.ndarray:
    """Move sites off the frame's edge, where a site and its mirror image would coincide."""
    margin = 1e-6 * np.sqrt(width * height / max(1, len(sites)))
    return np.clip(sites, margin, [width - margin, height - margin])


def relax(sites: np.ndarray, width: float, height: float, passes: int = 1) -> np.ndarray:
    """Lloyd relaxation: move every site to the centroid of its cell, ``passes`` times."""
    for _ in range(passes):
        sites = keep_inside(cell_centroids(sites, width, height), width, height)
    return sites
