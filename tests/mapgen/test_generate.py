"""Random maps meet every rule of the theme, and the same seed gives the same map."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warp_empires.mapgen import MapGenerationError, check_map, dumps, generate_map, map_theme
from warp_empires.model.data import MapRules, ZoneType
from warp_empires.mapgen.fairness import start_spacing

from .conftest import ROOT, passable_graph

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True)


def test_same_seed_and_options_give_the_same_bytes(make):
    a = dumps(make(zones=40, players=4, seed=11, balanced=True))
    b = dumps(make(zones=40, players=4, seed=11, balanced=True))
    assert a == b


def test_the_same_bytes_in_another_process_with_another_hash_seed(make):
    code = (
        "from pathlib import Path\n"
        "from warp_empires.model.loading import load_theme_data\n"
        "from warp_empires.mapgen import generate_map, dumps\n"
        f"t = load_theme_data(Path({str(ROOT / 'modules' / 'doctor_who' / 'data')!r}))\n"
        "import sys; sys.stdout.write(dumps(generate_map(t.zone_types, t.map_rules, zones=30, players=3, seed=5)))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out == dumps(make(zones=30, players=3, seed=5))


def test_different_seeds_give_different_maps(make):
    maps = [make(zones=30, players=2, seed=s) for s in range(3)]
    types = {tuple(z.type for z in m.zones) for m in maps}
    assert len(types) == 3


def test_the_map_has_exactly_the_zones_asked_for(make):
    for zones in (10, 37, 64):
        assert len(make(zones=zones, players=2, seed=1).zones) == zones


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), data=st.data())
def test_every_doctor_who_rule_holds(make, dw, dw_manager, seed, players, data):
    """D1: max(3, players + 1) Nexus Points, one of them Earth, a Rich zone per player, the
    passable zones joined without crossing a Hazard zone; and D2's start zones: distinct,
    Rich, far apart."""
    zones = data.draw(st.integers(4 * players + 6, 48), label="zones")
    m = make(zones=zones, players=players, seed=seed)
    assert check_map(m, dw.zone_types, map_theme(dw_manager, players).map_rules, players) == []

    counts = {}
    for z in m.zones:
        counts[z.type] = counts.get(z.type, 0) + 1
    assert counts.get("nexus", 0) >= max(3, players + 1)
    earth = [z for z in m.zones if z.name == "Earth"]
    assert len(earth) == 1 and earth[0].type == "nexus"
    assert len(m.starts) == players == len(set(m.starts))
    assert all(m.zones[s].type == "rich" for s in m.starts)
    assert counts["rich"] >= players

    g = passable_graph(m, dw.zone_types)
    assert nx.is_connected(g), "some passable zone cannot be reached without crossing a hazard"
    assert all(m.neighbours(z.id) for z in m.zones), "a zone has no borders"
    for s in m.starts:
        assert g.degree(s) >= 2, f"start zone {m.zones[s].name} is a dead end"
    for a, b in itertools.combinations(m.starts, 2):
        assert nx.shortest_path_length(g, a, b) >= start_spacing(zones, players)


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_hex_maps_meet_the_rules_too(make, dw, seed):
    """D1 on the hex layout."""
    m = make(layout="hex", width=6, height=5, players=3, seed=seed)
    assert len(m.zones) == 30
    assert check_map(m, dw.zone_types, dw.map_rules, 3) == []


def test_start_zones_of_a_two_player_map_are_far_apart(make, dw):
    for seed in range(5):
        m = make(zones=60, players=2, seed=seed)
        g = passable_graph(m, dw.zone_types)
        apart = nx.shortest_path_length(g, *m.starts)
        # at least half the map's width apart, measured in borders crossed
        assert apart >= nx.diameter(g) // 2


def test_big_maps_spread_the_start_zones_over_the_whole_map(make, dw):
    m = make(zones=3000, players=4, seed=2)
    g = passable_graph(m, dw.zone_types)
    for a, b in itertools.combinations(m.starts, 2):
        assert nx.shortest_path_length(g, a, b) >= start_spacing(3000, 4) == 13


def test_a_map_too_small_for_the_rules_names_the_rule(make):
    # D1: four players need 4 Rich zones and 5 Nexus Points.
    with pytest.raises(MapGenerationError) as err:
        make(zones=6, players=4, seed=0)
    assert str(err.value) == (
        "minimum counts: a map for 4 players needs at least 9 zones (Rich Zone: 4, Nexus Point: 5); it has 6"
    )


def test_rules_no_roll_can_meet_end_in_a_clear_error():
    plain = [ZoneType("plain", "Plain", revenue=1, rolls=(1, 2, 3, 4, 5, 6))]
    rules = MapRules(start_zone_type="plain")
    # a row of four hexes: only the middle two have two neighbours, and they touch
    with pytest.raises(MapGenerationError) as err:
        generate_map(plain, rules, layout="hex", width=4, height=1, players=2, seed=3)
    assert str(err.value) == (
        "no map met the rules in 25 rolls (seed 3); last problem: "
        "start zones: could not place 2 start zones 2 borders apart (best found: 1)"
    )


def test_bad_arguments_are_reported_plainly(make):
    with pytest.raises(MapGenerationError, match="unknown layout 'squares'; use one of voronoi, hex"):
        make(layout="squares")
    with pytest.raises(MapGenerationError, match="a map needs at least 1 player, not 0"):
        make(players=0)


def test_progress_names_each_stage(make):
    stages = []
    make(zones=30, players=2, seed=1, progress=stages.append)
    assert stages[:4] == ["placing zones", "relaxing", "drawing borders", "rolling zone types"]
    assert "naming zones" in stages


def test_a_theme_check_that_fails_rolls_again(make):
    calls = []

    def no_poor_start_neighbours(zone_map, players):
        calls.append(players)
        bad = [s for s in zone_map.starts if any(zone_map.zones[n].type == "poor" for n in zone_map.neighbours(s))]
        return [f"start zone {zone_map.zones[s].name} borders a Poor Zone" for s in bad]

    m = make(zones=40, players=2, seed=4, extra_check=no_poor_start_neighbours)
    assert no_poor_start_neighbours(m, 2) == []
    assert len(calls) >= 1


def test_a_theme_check_that_always_fails_is_named_in_the_error(make):
    with pytest.raises(MapGenerationError, match="last problem: the Doctor is not amused$"):
        make(zones=20, players=2, seed=0, extra_check=lambda m, p: ["the Doctor is not amused"])


@pytest.mark.parametrize("zones", [60, 600])
def test_borders_crossed_are_counted_alike_on_small_and_large_maps(zones):
    """Small maps are searched breadth first in plain Python, larger ones by scipy: both
    count the borders crossed over the zones kept, and cannot reach past a dropped zone."""
    import numpy as np
    from scipy.sparse import csgraph

    from warp_empires.mapgen.graph import SMALL_GRAPH, ZoneGraph
    from warp_empires.mapgen.layout import build_layout
    from warp_empires.mapgen.seeds import stage_numpy

    shape = build_layout("voronoi", zones, players=2, rng=stage_numpy(zones, "layout"))
    graph = ZoneGraph(shape.count, shape.cells.edges)
    keep = np.random.default_rng(zones).random(graph.count) < 0.6
    sources = [0, 5, graph.count - 1]
    for mask in (None, keep, graph.restricted(keep)):
        found = graph.distances(sources, mask)
        m = graph.matrix if mask is None else graph.restricted(keep)
        expected = csgraph.shortest_path(m, directed=False, unweighted=True, indices=sources)
        assert np.array_equal(found, expected)
    assert (zones <= SMALL_GRAPH) == (zones == 60)
    assert np.isinf(graph.distances(sources, keep)).any()  # some zones are cut off by the mask
