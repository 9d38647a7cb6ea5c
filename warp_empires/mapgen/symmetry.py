"""Symmetric maps: a mirror image for two players, quarter turns for four.

Only one half (or quarter) of the sites is drawn at random; the rest are its exact
images, so every player looks out on the same map. :class:`Symmetry` records which
zone is the image of which, and the type roller gives every zone of an orbit
(a zone and its images) the same type.
"""

from __future__ import annotations

import attrs
import numpy as np

from .points import keep_inside, random_sites
from .voronoi import cell_centroids

#: Players a symmetric map can be made for, and the kind of symmetry each gets.
KINDS = {2: "mirror", 4: "quarter-turn"}


@attrs.frozen(eq=False)
class Symmetry:
    """``image[z]`` is the zone that ``z`` turns into under one mirror or turn.

    Applying ``image`` ``order`` times gives every zone back.
    """

    kind: str
    image: np.ndarray
    order: int

    def orbits(self) -> list[list[int]]:
        """Every zone's orbit (the zone, its image, the image's image...), lowest id first."""
        seen = np.zeros(len(self.image), dtype=bool)
        out = []
        for z in range(len(self.image)):
            if seen[z]:
                continue
            orbit = [z]
            nxt = int(self.image[z])
            while nxt != z:
                orbit.append(nxt)
                nxt = int(self.image[nxt])
            seen[orbit] = True
            out.append(orbit)
        return out

    def close_edges(self, edges: np.ndarray) -> np.ndarray:
        """``edges`` together with all their images, sorted, each once.

        Sites that are exact images give cells that are images up to rounding; a
        border of borderline length could otherwise be kept on one side only.
        """
        parts = [edges]
        e = edges
        for _ in range(self.order - 1):
            e = self.image[e]
            parts.append(e)
        allp = np.sort(np.concatenate(parts), axis=1)
        return np.unique(allp, axis=0)


def symmetric_sites(count: int, width: float, height: float, players: int, rng: np.random.Generator) -> tuple[np.ndarray, Symmetry]:
    """Sites for a symmetric Voronoi map, and the symmetry mapping them onto each other."""
    if players not in KINDS:
        raise ValueError(f"symmetric maps are made for 2 players (mirror image) or 4 players (quarter turns), not {players}")
    spacing = np.sqrt(width * height / count)
    gap = 0.35 * spacing  # keeps a site and its image apart across the seam
    if players == 2:
        half, on_axis = divmod(count, 2)
        base = random_sites(half, width / 2 - gap, height, rng)
        extra = np.column_stack([np.full(on_axis, width / 2), rng.uniform(0.2, 0.8, on_axis) * height])
        image = np.concatenate([np.arange(half, 2 * half), np.arange(half), np.arange(2 * half, count)])
        sym = Symmetry("mirror", image, 2)
    else:
        if abs(width - height) > 1e-9 * width:
            raise ValueError("a symmetric 4-player map needs a square frame (equal width and height)")
        quarter, centre = divmod(count, 4)
        if centre > 1:
            raise ValueError(
                f"a symmetric 4-player map needs a multiple of 4 zones, or one more for a centre zone; "
                f"{count} is neither (try {4 * quarter} or {4 * quarter + 1})"
            )
        side = width / 2 - gap
        base = random_sites(quarter, side, side, rng)
        extra = np.full((centre, 2), width / 2)
        blocks = np.arange(4 * quarter).reshape(4, quarter)
        image = np.concatenate([np.roll(blocks, -1, axis=0).ravel(), np.arange(4 * quarter, count)])
        sym = Symmetry("quarter-turn", image, 4)
    return _complete(base, extra, sym, width, height), sym


def _complete(base: np.ndarray, extra: np.ndarray, sym: Symmetry, width: float, height: float) -> np.ndarray:
    """All sites from the canonical part ``base`` plus the fixed sites ``extra``."""
    if sym.kind == "mirror":
        parts = [base, np.column_stack([width - base[:, 0], base[:, 1]])]
    else:
        parts = [base]
        for _ in range(3):
            x, y = parts[-1][:, 0], parts[-1][:, 1]
            parts.append(np.column_stack([width - y, x]))
    return np.concatenate([*parts, extra])


def relax_symmetric(sites: np.ndarray, sym: Symmetry, width: float, height: float, passes: int) -> np.ndarray:
    """Lloyd relaxation that keeps the sites exact images of each other."""
    block = len(sites) // sym.order
    for _ in range(passes):
        moved = keep_inside(cell_centroids(sites, width, height), width, height)
        extra = sites[sym.order * block :].copy()
        if sym.kind == "mirror":
            extra[:, 1] = moved[sym.order * block :, 1]  # zones on the axis slide along it
        sites = _complete(moved[:block], extra, sym, width, height)
    return sites
