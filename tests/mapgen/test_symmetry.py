"""Symmetric maps: a mirror image for 2 players, quarter turns for 4."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial import cKDTree

from warp_empires.mapgen import MapGenerationError, check_map, fairness


def frame(m):
    pts = np.array([p for z in m.zones for p in z.polygon])
    return pts.max(axis=0)


def image_of(m, transform):
    """For each zone, the zone whose centroid is the transformed centroid (within rounding)."""
    c = np.array([z.centroid for z in m.zones])
    dist, idx = cKDTree(c).query(transform(c))
    assert dist.max() < 0.01, "some zone has no mirror image"
    return idx


def mirror(m):
    w, _ = frame(m)
    return image_of(m, lambda c: np.column_stack([w - c[:, 0], c[:, 1]]))


def quarter_turn(m):
    s, _ = frame(m)
    return image_of(m, lambda c: np.column_stack([s - c[:, 1], c[:, 0]]))


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
@pytest.mark.parametrize("zones", [30, 31])
def test_two_player_maps_are_mirror_images(make, dw, seed, zones):
    m = make(zones=zones, players=2, seed=seed, symmetric=True)
    img = mirror(m)
    assert sorted(img) == list(range(zones))
    assert all(m.zones[i].type == m.zones[img[i]].type for i in range(zones))
    assert img[m.starts[0]] == m.starts[1] and img[m.starts[1]] == m.starts[0]
    edges = set(m.edges)
    assert {tuple(sorted((int(img[a]), int(img[b])))) for a, b in edges} == edges
    assert check_map(m, dw.zone_types, dw.map_rules, 2) == []
    assert fairness(m, dw.zone_types).spread == 0


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("zones", [40, 41])
def test_four_player_maps_repeat_in_quarter_turns(make, dw, seed, zones):
    m = make(zones=zones, players=4, seed=seed, symmetric=True)
    img = quarter_turn(m)
    assert all(m.zones[i].type == m.zones[img[i]].type for i in range(zones))
    start = m.starts[0]
    orbit = [start]
    for _ in range(3):
        orbit.append(int(img[orbit[-1]]))
    assert sorted(orbit) == sorted(m.starts)
    edges = set(m.edges)
    assert {tuple(sorted((int(img[a]), int(img[b])))) for a, b in edges} == edges
    assert check_map(m, dw.zone_types, dw.map_rules, 4) == []
    assert fairness(m, dw.zone_types).spread == 0


def test_seat_order_is_shuffled_from_the_seed(make):
    orders = set()
    for seed in range(12):
        m = make(zones=40, players=4, seed=seed, symmetric=True)
        img = quarter_turn(m)
        # seat 2's start zone is seat 1's turned 1, 2 or 3 times: which one varies
        turns, z = 0, m.starts[0]
        while z != m.starts[1]:
            z, turns = int(img[z]), turns + 1
        orders.add(turns)
    assert len(orders) > 1


def test_a_centre_zone_gets_earth_on_an_odd_four_player_map(make):
    m = make(zones=41, players=4, seed=5, symmetric=True)
    s, _ = frame(m)
    earth = next(z for z in m.zones if z.name == "Earth")
    assert np.allclose(earth.centroid, (s / 2, s / 2), atol=0.01)


def test_symmetric_hex_maps_for_two_players(make, dw):
    m = make(layout="hex", width=7, height=5, players=2, seed=3, symmetric=True)
    # odd number of rows: the grid mirrors across its middle row
    rows = [[m.zones[r * 7 + c].type for c in range(7)] for r in range(5)]
    assert rows == rows[::-1]
    assert (m.starts[0] + 7 * (4 - 2 * (m.starts[0] // 7))) == m.starts[1]
    assert check_map(m, dw.zone_types, dw.map_rules, 2) == []


@pytest.mark.parametrize(
    "options, message",
    [
        ({"zones": 42, "players": 4}, "a symmetric 4-player map needs a multiple of 4 zones, or one more for a centre zone; 42 is neither (try 40 or 41)"),
        ({"zones": 30, "players": 3}, "symmetric maps are made for 2 players (mirror image) or 4 players (quarter turns), not 3"),
        ({"zones": 40, "players": 4, "layout": "hex"}, "a hex grid is only symmetric for 2 players; use the voronoi layout for a symmetric 4-player map"),
    ],
)
def test_impossible_symmetry_is_explained(make, options, message):
    with pytest.raises(MapGenerationError) as err:
        make(symmetric=True, seed=0, **options)
    assert str(err.value) == message
