"""Shared fixtures: the Doctor Who theme's data, read from its folder."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from warp_empires.mapgen import generate_map, map_theme
from warp_empires.plugins import make_manager
from warp_empires.model.loading import load_theme_data

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def dw():
    """The Doctor Who theme's data (zone types with a d6 table, Earth, Nexus Points)."""
    return load_theme_data(ROOT / "modules" / "doctor_who" / "data")


@pytest.fixture(scope="session")
def dw_manager():
    """The Doctor Who theme as a game would load it (its map rules grow with the players)."""
    return make_manager("doctor_who")


@pytest.fixture(scope="session")
def make(dw_manager):
    """``make(**options)``: a Doctor Who map, with the theme's rules for that many players."""

    def make(*, players=4, **options):
        theme = map_theme(dw_manager, players)
        return generate_map(theme.zone_types, theme.map_rules, players=players, **options)

    return make


def passable_graph(zone_map, zone_types) -> nx.Graph:
    """The map's graph over passable zones only, built with networkx (independent of mapgen)."""
    blocked = {zt.id for zt in zone_types if not zt.passable}
    g = zone_map.graph()
    return g.subgraph([z.id for z in zone_map.zones if z.type not in blocked]).copy()
