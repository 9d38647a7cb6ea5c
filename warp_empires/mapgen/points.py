"""Where zones go: evenly spread random sites, then Lloyd relaxation.

Small maps use scipy's Poisson disc sampler, which gives every site a clear space
around it. Its sampler is written in Python and takes about a second per thousand
sites, so larger maps use a stratified sample instead (one jittered site per cell of
a staggered grid), which has a guaranteed minimum spacing too and costs almost
nothing; relaxation then makes the two indistinguishable to the eye.
"""

from __future__ import annotations

import numpy as np
from scipy.stats import qmc

from .voronoi import cell_centroids

#: Largest number of sites drawn with the Poisson disc sampler.
POISSON_LIMIT = 1000

#: Poisson disc sampling fills a region with about this many sites per radius squared.
_FILL_DENSITY = 0.6


def poisson_sites(count: int, width: float, height: float, rng: np.random.Generator) -> np.ndarray:
    """``count`` sites in the frame, no two closer than a fixed radius.

    The frame is filled completely and then thinned at random to ``count``, so no
    corner of the frame is left empty.
    """
    radius = np.sqrt(_FILL_DENSITY * width * height / (1.08 * count))
    while True:
        engine = qmc.PoissonDisk(2, radius=radius, l_bounds=[0.0, 0.0], u_bounds=[width, height], rng=rng)
        sites = engine.fill_space()
        if len(sites) >= count:
            break
        radius *= 0.95
    keep = np.sort(rng.choice(len(sites), size=count, replace=False))
    return sites[keep]


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
    """Evenly spread sites: Poisson disc for small maps, stratified for large ones."""
    if count <= POISSON_LIMIT:
        sites = poisson_sites(count, width, height, rng)
    else:
        sites = stratified_sites(count, width, height, rng)
    return keep_inside(sites, width, height)


def keep_inside(sites: np.ndarray, width: float, height: float) -> np.ndarray:
    """Move sites off the frame's edge, where a site and its mirror image would coincide."""
    margin = 1e-6 * np.sqrt(width * height / max(1, len(sites)))
    return np.clip(sites, margin, [width - margin, height - margin])


def relax(sites: np.ndarray, width: float, height: float, passes: int = 1) -> np.ndarray:
    """Lloyd relaxation: move every site to the centroid of its cell, ``passes`` times."""
    for _ in range(passes):
        sites = keep_inside(cell_centroids(sites, width, height), width, height)
    return sites
