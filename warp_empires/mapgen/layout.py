"""The shape of a map before any zone has a type: cells, borders and symmetry."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import numpy as np

from .. import limits
from .hexgrid import grid_size, hex_cells, hex_symmetry
from .points import SMALL_MAP, random_sites, relax
from .symmetry import Symmetry, relax_symmetric, symmetric_sites
from .voronoi import Cells, voronoi_cells

LAYOUTS = ("voronoi", "hex")

#: Voronoi frames are scaled so that an average zone covers ZONE_SIZE x ZONE_SIZE map units.
ZONE_SIZE = 100.0


@attrs.frozen(eq=False)
class Layout:
    """Cells inside a ``width`` x ``height`` frame, and the symmetry they were built with."""

    cells: Cells
    width: float
    height: float
    sites: np.ndarray
    symmetry: Symmetry | None = None

    @property
    def count(self) -> int:
        return len(self.cells.centroids)


def frame_size(zones: int, width: float | None, height: float | None) -> tuple[float, float]:
    """The frame of a Voronoi map: square, or of proportions ``width : height``."""
    area = zones * ZONE_SIZE**2
    if width and height:
        if width <= 0 or height <= 0:
            raise ValueError("width and height must be positive")
        if max(width / height, height / width) > limits.MAX_FRAME_RATIO:
            # A strip that thin leaves cells of no width: the diagram has nothing to build on.
            raise ValueError(f"a frame of proportions {width:g} : {height:g} is too thin; "
                             f"keep the longer side at most {limits.MAX_FRAME_RATIO} times the shorter")
        w = float(np.sqrt(area * width / height))
        return w, area / w
    side = float(np.sqrt(area))
    return side, side


def build_layout(
    kind: str,
    zones: int,
    *,
    players: int,
    rng: np.random.Generator,
    width: float | None = None,
    height: float | None = None,
    symmetric: bool = False,
    progress: Callable[[str], None] | None = None,
) -> Layout:
    """Cells for ``zones`` zones laid out as ``kind`` ("voronoi" or "hex")."""
    say = progress or (lambda _msg: None)
    if kind == "hex":
        cols, rows = grid_size(zones, width, height)
        cells, w, h = hex_cells(cols, rows)
        sym = hex_symmetry(cols, rows, players) if symmetric else None
        return Layout(cells, w, h, cells.centroids, sym)
    if kind != "voronoi":
        raise ValueError(f"unknown layout {kind!r}; use one of {', '.join(LAYOUTS)}")
    if zones < 2:
        raise ValueError("a map needs at least 2 zones")
    w, h = frame_size(zones, width, height)
    passes = 2 if zones <= SMALL_MAP else 1
    say("placing zones")
    if symmetric:
        sites, sym = symmetric_sites(zones, w, h, players, rng)
        say("relaxing")
        sites = relax_symmetric(sites, sym, w, h, passes)
    else:
        sites, sym = random_sites(zones, w, h, rng), None
        say("relaxing")
        sites = relax(sites, w, h, passes)
    say("drawing borders")
    cells = voronoi_cells(sites, w, h)
    if sym is not None:
        cells = attrs.evolve(cells, edges=sym.close_edges(cells.edges))
    return Layout(cells, w, h, sites, sym)
