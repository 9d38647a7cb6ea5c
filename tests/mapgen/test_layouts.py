"""Geometry: hex grids and Voronoi cells cut to the frame."""

from __future__ import annotations

import numpy as np
import pytest

from warp_empires.mapgen.hexgrid import HEX_WIDTH, grid_size, hex_cells
from warp_empires.mapgen.layout import frame_size
from warp_empires.mapgen.points import random_sites, relax
from warp_empires.mapgen.voronoi import cell_centroids, voronoi_cells


@pytest.mark.parametrize("width, height", [(8, 5), (3, 4), (10, 10)])
def test_hex_layout_has_width_times_height_zones_with_six_neighbours(make, width, height):
    m = make(layout="hex", width=width, height=height, players=2, seed=1)
    assert len(m.zones) == width * height
    degree = {z.id: len(m.neighbours(z.id)) for z in m.zones}
    for z in m.zones:
        r, c = divmod(z.id, width)
        inner = 0 < r < height - 1 and 0 < c < width - 1
        assert degree[z.id] == 6 if inner else degree[z.id] <= 6
        assert len(z.polygon) == 6
        assert z.terrain == z.type
    # neighbours are the hexes whose centres are one hex width apart, and only those
    c = np.array([z.centroid for z in m.zones])
    d = np.linalg.norm(c[:, None] - c[None], axis=2)
    close = {(a, b) for a, b in zip(*np.nonzero(np.isclose(d, HEX_WIDTH, atol=0.01))) if a < b}
    assert close == set(m.edges)


def test_hex_grid_size_from_a_zone_count():
    assert grid_size(40, None, None) == (8, 5)
    assert grid_size(36, None, None) == (6, 6)
    assert grid_size(40, 10, None) == (10, 4)
    with pytest.raises(ValueError, match="41 zones do not make a hex grid with at least 2 rows"):
        grid_size(41, None, None)


def test_hex_cells_tile_without_gaps():
    cells, w, h = hex_cells(4, 3)
    # 3 rows of 3 east-west borders; 7 borders between each pair of rows of 4 (staggered)
    assert len(cells.edges) == 3 * 3 + 2 * 7
    assert w == pytest.approx(HEX_WIDTH * 4.5)


@pytest.mark.parametrize("count", [2, 7, 200, 1500])
def test_voronoi_cells_cover_the_frame_exactly(count):
    w, h = frame_size(count, 4, 3)
    sites = random_sites(count, w, h, np.random.default_rng(count))
    cells = voronoi_cells(sites, w, h)
    assert cells.areas.sum() == pytest.approx(w * h, rel=1e-7)  # the mirrors are sheared by SHEAR
    assert (cells.areas > 0).all()
    assert cells.points.min() >= 0 and (cells.points.max(axis=0) <= [w, h]).all()
    spacing = np.sqrt(w * h / count)
    for i in range(count):  # no corner repeats the one before it, even a millionth of a zone away
        poly = cells.polygon(i)
        assert (np.abs(poly - np.roll(poly, 1, axis=0)).max(axis=1) >= 1e-6 * spacing).all(), f"cell {i}"
    # every site lies inside its own (convex, counter-clockwise) cell
    for i in range(0, count, max(1, count // 50)):
        poly = cells.polygon(i)
        edge = np.roll(poly, -1, axis=0) - poly
        to_site = sites[i] - poly
        assert (edge[:, 0] * to_site[:, 1] - edge[:, 1] * to_site[:, 0] >= -1e-9).all()


def _near(points, others, tolerance):
    """For each of ``points``, whether one of ``others`` lies within ``tolerance`` of it."""
    gaps = np.linalg.norm(np.asarray(points)[:, None, :] - np.asarray(others)[None, :, :], axis=2)
    return gaps.min(axis=1) <= tolerance


def test_borders_are_pairs_of_cells_sharing_an_edge():
    w, h = frame_size(300, None, None)
    sites = random_sites(300, w, h, np.random.default_rng(3))
    cells = voronoi_cells(sites, w, h)
    for a, b in cells.edges[::7]:
        shared = _near(cells.polygon(a), cells.polygon(b), 1e-4).sum()
        assert shared >= 2, f"cells {a} and {b} are listed as neighbours but share no edge"
    assert len({tuple(e) for e in cells.edges}) == len(cells.edges)


def test_relaxation_evens_out_the_zones():
    w, h = frame_size(400, None, None)
    sites = random_sites(400, w, h, np.random.default_rng(9))
    before = voronoi_cells(sites, w, h).areas
    after = voronoi_cells(relax(sites, w, h, passes=2), w, h).areas
    assert after.std() < before.std()


@pytest.mark.parametrize("count, seed", [(7, 1), (300, 2), (1200, 3)])
def test_the_cells_are_scipys_voronoi_cells(count, seed):
    """Cells built from the triangulation have the corners and borders of scipy's Voronoi
    diagram of the same sites and their mirror images."""
    from scipy.spatial import Voronoi

    from warp_empires.mapgen.voronoi import MIN_BORDER, _with_mirrors

    w, h = frame_size(count, 4, 3)
    sites = relax(random_sites(count, w, h, np.random.default_rng(seed)), w, h)
    cells = voronoi_cells(sites, w, h)
    spacing = np.sqrt(w * h / count)
    vor = Voronoi(_with_mirrors(sites, w, h, 8 * spacing))
    for i in range(count):
        corners, mine = vor.vertices[vor.regions[vor.point_region[i]]], cells.polygon(i)
        # The same corners to within a hair: where the sheared mirrors (SHEAR) split a tie of
        # four sites on one circle, scipy keeps two corners a millionth apart, the cells one.
        assert _near(corners, mine, 1e-4).all() and _near(mine, corners, 1e-4).all(), f"cell {i}"
    rp = vor.ridge_points
    inside = (rp[:, 0] < count) & (rp[:, 1] < count)
    rv = np.asarray(vor.ridge_vertices)[inside]
    length = np.linalg.norm(vor.vertices[rv[:, 0]] - vor.vertices[rv[:, 1]], axis=1)
    borders = {tuple(sorted(e)) for e in rp[inside][length > MIN_BORDER * spacing].tolist()}
    assert {tuple(e) for e in cells.edges.tolist()} == borders


def test_the_fast_centroids_agree_with_the_cells():
    w, h = frame_size(500, None, None)
    sites = random_sites(500, w, h, np.random.default_rng(4))
    assert np.allclose(cell_centroids(sites, w, h), voronoi_cells(sites, w, h).centroids, atol=1e-6)


@pytest.mark.parametrize("count", [12, 40, 300, 5000])
def test_sites_keep_a_minimum_spacing_at_every_size(count):
    w, h = frame_size(count, None, None)
    sites = random_sites(count, w, h, np.random.default_rng(1))
    from scipy.spatial import cKDTree

    d, _ = cKDTree(sites).query(sites, k=2)
    assert len(sites) == count
    assert d[:, 1].min() > 0.2 * 100  # zones are about 100 map units wide


def test_sites_are_not_a_regular_grid():
    w, h = frame_size(200, None, None)
    sites = random_sites(200, w, h, np.random.default_rng(2))
    # a grid would put the 200 sites on about 15 columns and 15 rows
    assert len(np.unique(np.round(sites[:, 0]))) > 150
    assert len(np.unique(np.round(sites[:, 1]))) > 150
