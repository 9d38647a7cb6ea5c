"""A hex grid layout: ``width`` columns by ``height`` rows of pointy-topped hexagons.

Zones are numbered row by row (``id = row * width + column``) in "odd-r" offset
coordinates: odd rows sit half a hex to the right. Every inner hex borders six others.
"""

from __future__ import annotations

import numpy as np

from .. import limits

from .symmetry import Symmetry
from .voronoi import Cells

#: Distance between the centres of two neighbouring hexes, in map units.
HEX_WIDTH = 100.0


def hex_cells(width: int, height: int) -> tuple[Cells, float, float]:
    """The cells of a ``width`` x ``height`` hex grid, with the frame size around them."""
    if width < 1 or height < 1 or width * height < 2:
        raise ValueError(f"a hex grid needs at least 2 hexes; {width} x {height} has {width * height}")
    radius = HEX_WIDTH / np.sqrt(3)  # centre to corner
    r, c = np.divmod(np.arange(width * height), width)
    cx = HEX_WIDTH * (c + 0.5 + 0.5 * (r % 2))
    cy = 1.5 * radius * r + radius
    angles = np.deg2rad(30 + 60 * np.arange(6))
    px = cx[:, None] + radius * np.cos(angles)[None, :]
    py = cy[:, None] + radius * np.sin(angles)[None, :]
    points = np.column_stack([px.ravel(), py.ravel()])
    start = np.arange(0, 6 * width * height + 1, 6)
    area = np.full(width * height, 1.5 * np.sqrt(3) * radius**2)

    ids = np.arange(width * height)
    odd = r % 2 == 1
    pairs = [
        (ids[c < width - 1], ids[c < width - 1] + 1),  # east
    ]
    below = r < height - 1
    # south-west and south-east: odd rows reach columns c and c+1, even rows c-1 and c
    sw_col = c - 1 + odd
    se_col = c + odd
    ok = below & (sw_col >= 0)
    pairs.append((ids[ok], (r[ok] + 1) * width + sw_col[ok]))
    ok = below & (se_col < width)
    pairs.append((ids[ok], (r[ok] + 1) * width + se_col[ok]))
    edges = np.sort(np.column_stack([np.concatenate([a for a, _ in pairs]), np.concatenate([b for _, b in pairs])]), axis=1)
    edges = np.unique(edges, axis=0)
    cells = Cells(points, start, np.column_stack([cx, cy]), area, edges)
    frame_w = HEX_WIDTH * (width + 0.5)
    frame_h = 1.5 * radius * (height - 1) + 2 * radius
    return cells, frame_w, frame_h


def hex_symmetry(width: int, height: int, players: int) -> Symmetry:
    """The symmetry of the grid used for a 2-player symmetric hex map.

    With an odd number of rows the grid is its own mirror image across the middle row;
    with an even number it is its own image under a half turn.
    """
    if players != 2:
        raise ValueError("a hex grid is only symmetric for 2 players; use the voronoi layout for a symmetric 4-player map")
    r, c = np.divmod(np.arange(width * height), width)
    if height % 2 == 1:
        return Symmetry("mirror", (height - 1 - r) * width + c, 2)
    return Symmetry("half-turn", (height - 1 - r) * width + (width - 1 - c), 2)


def grid_size(zones: int, width: int | None, height: int | None) -> tuple[int, int]:
    """Columns and rows: as given, or the most nearly square grid of ``zones`` hexes."""
    if width and height:
        return _not_too_thin(width, height)
    if width or height:
        given = width or height
        if zones % given:
            split = f"whole rows of {given} hexes" if width else f"{given} whole rows"
            raise ValueError(f"{zones} zones do not fill {split}; give both --width and --height")
        other = zones // given
        return _not_too_thin(*((given, other) if width else (other, given)))
    best = None
    for rows in range(1, int(np.sqrt(zones)) + 1):
        if zones % rows == 0:
            best = (zones // rows, rows)
    if best is None or best[1] == 1 and zones > 3:
        raise ValueError(f"{zones} zones do not make a hex grid with at least 2 rows; give --width and --height")
    if max(best) > limits.MAX_FRAME_RATIO * min(best):
        # Chosen here, not asked for: say what to give rather than how long a side may be.
        raise ValueError(f"{zones} zones make no hex grid nearer square than {best[0]} x {best[1]}, which is too thin; "
                         "give --width and --height, or another number of zones")
    return best


def _not_too_thin(cols: int, rows: int) -> tuple[int, int]:
    # Joining the passable zones of a strip one hex high takes time that grows with the
    # square of its length (100,000 x 1 ran for ever), as a Voronoi frame that thin would.
    if max(cols / rows, rows / cols) > limits.MAX_FRAME_RATIO:
        raise ValueError(f"a hex grid of {cols} x {rows} is too thin; keep the longer side at most "
                         f"{limits.MAX_FRAME_RATIO} times the shorter")
    return cols, rows
