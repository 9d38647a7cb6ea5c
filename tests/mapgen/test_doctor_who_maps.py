"""D1: the galaxy a random Doctor Who map deals out, as the theme's own hooks ask for it
(``make`` generates with the theme's map rules for the number of players).

See also test_generate.py::test_every_doctor_who_rule_holds, which checks the same
rules over many seeds and sizes for two to four players."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest

from .conftest import passable_graph

# D1: what every zone type earns.
REVENUE = {"hazard": 0, "void": 0, "poor": 1, "average": 2, "rich": 3, "nexus": 3}


def test_d1_every_zone_rolls_the_d6_zone_type_table(make):
    """One face of the die per zone type: on a big galaxy each type covers about a sixth
    of the zones (1,200 / 6 = 200); the few zones the map rules adjust afterwards
    (joining the passable zones, start zones, minimum counts) do not change that."""
    m = make(zones=1200, players=4, seed=3)
    counts = Counter(z.type for z in m.zones)
    assert set(counts) == set(REVENUE)
    for ztype, count in counts.items():
        assert 160 <= count <= 240, (ztype, count)


def test_d1_every_zone_of_a_random_map_earns_what_its_type_earns(make):
    m = make(zones=200, players=3, seed=5)
    assert {z.type: z.revenue for z in m.zones} == REVENUE


@pytest.mark.parametrize(
    "players, zones, seed",
    [(1, 5, 1), (5, 36, 1), (6, 14, 2), (6, 40, 2)],
)
def test_d1_nexus_points_rich_zones_and_earth_for_one_and_for_many_players(make, dw, players, zones, seed):
    """Beyond the two to four players the property test covers: at least max(3, players + 1)
    Nexus Points, one of them Earth, at least one Rich zone per player (each player's
    start), and every zone that can be entered reachable from every other without
    crossing a Hazard zone."""
    m = make(zones=zones, players=players, seed=seed)
    counts = Counter(z.type for z in m.zones)
    assert counts["nexus"] >= max(3, players + 1)
    assert counts["rich"] >= players
    assert [z.type for z in m.zones if z.name == "Earth"] == ["nexus"]
    assert len(set(m.starts)) == players and all(m.zones[s].type == "rich" for s in m.starts)
    g = passable_graph(m, dw.zone_types)
    assert nx.is_connected(g)
    assert not any(m.zones[z].type == "hazard" for z in g)


def test_d1_the_smallest_six_player_galaxy_holds_exactly_what_the_rules_ask(make):
    """14 zones for six players leave no room to spare: 7 Nexus Points (players + 1),
    6 Rich zones (one each), and a single zone of another type."""
    m = make(zones=14, players=6, seed=2)
    counts = Counter(z.type for z in m.zones)
    assert (counts["nexus"], counts["rich"], sum(counts.values())) == (7, 6, 14)
