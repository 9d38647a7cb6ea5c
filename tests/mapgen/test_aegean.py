"""The Aegean: City States of Hellas' hand-made map of real places in their real positions (C2:
hexes of the theme's terrains, a real region of the classical world with its cities by name,
bundled in maps/ and played on unless another map is asked for)."""

from __future__ import annotations

import math
import struct
import xml.etree.ElementTree as ET

import attrs
import networkx as nx
import pytest
from click.testing import CliRunner

from warp_empires.cli.map_cmd import map_group
from warp_empires.engine import Game, GameSetup, Seat
from warp_empires.mapgen import check_map, dumps, load, map_theme
from warp_empires.cli.common import default_map_file
from warp_empires.mapgen.hexgrid import HEX_WIDTH
from warp_empires.mapgen.hexmap import build_hex_map
from warp_empires.mapgen.render import to_svg
from warp_empires.model.loading import load_theme_data
from warp_empires.plugins import make_manager

from .conftest import ROOT

SOURCE = ROOT / "maps" / "aegean.toml"
MAP = ROOT / "maps" / "aegean.json"
MODULE = "classical_city_states"


@pytest.fixture(scope="module")
def theme():
    return load_theme_data(ROOT / "modules" / MODULE / "data")


@pytest.fixture(scope="module")
def aegean(theme):
    return load(MAP, theme.zone_types)


@pytest.fixture(scope="module")
def named(aegean):
    """Zone name -> zone id."""
    return {z.name: z.id for z in aegean.zones}


def names(zone_map, ids):
    return sorted(zone_map.zones[i].name for i in ids)


def land_graph(zone_map):
    g = zone_map.graph()
    g.remove_nodes_from([z.id for z in zone_map.zones if z.type == "sea"])
    return g


def test_the_committed_file_is_what_its_source_builds(theme):
    built = build_hex_map(SOURCE.read_text(encoding="utf-8"), theme.zone_types)
    assert dumps(built) == MAP.read_text(encoding="utf-8"), "rebuild: warp-empires map build maps/aegean.toml -o maps/aegean.json"


def test_it_loads_and_keeps_every_rule_of_the_theme(aegean, theme):
    rules = map_theme(make_manager(MODULE), 6)
    assert check_map(aegean, rules.zone_types, rules.map_rules, 6, extra_check=rules.extra_check) == []
    assert len(aegean.zones) == 263
    assert sum(z.type == "sea" for z in aegean.zones) == 141
    assert aegean.meta["options"]["module"] == MODULE


def test_the_start_zones_are_the_home_cities_in_the_order_of_the_factions(aegean, theme):
    starts = [aegean.zones[s] for s in aegean.starts]
    assert [z.name for z in starts] == [f.name for f in theme.factions] == [
        "Athens", "Sparta", "Corinth", "Thebes", "Argos", "Syracuse",
    ]
    assert {z.type for z in starts} == {"home_city"}
    assert [z.code for z in starts] == ["ATH", "SPA", "COR", "THE", "ARG", "SYR"]
    assert aegean.meta["options"]["start_factions"] == [f.id for f in theme.factions]
    assert sorted(z.name for z in aegean.zones if z.type == "home_city") == sorted(z.name for z in starts)


def test_the_home_cities_have_their_real_neighbours(aegean, named):
    def around(name):
        return names(aegean, aegean.neighbours(named[name]))

    assert around("Athens") == ["Eleusis", "Laurion", "Marathon", "Mesogaia", "Saronic Gulf 1", "Saronic Gulf 2"]
    # Corinth holds the Isthmus: both gulfs, and Megara on the road north.
    assert around("Corinth") == ["Epidaurus", "Gulf of Corinth 5", "Megara", "Nemea", "Saronic Gulf 1", "Troezen"]
    assert around("Thebes") == ["Chalcis", "Eleusis", "Euboean Gulf 2", "Euboean Gulf 3", "Megara", "Plataea"]
    assert around("Argos") == ["Argolic Gulf", "Epidaurus", "Mount Parnon", "Mycenae", "Tegea", "Thyreatis"]
    # Sparta lies inland in the valley between Taygetus and Parnon; Gytheion is its port.
    assert around("Sparta") == ["Gytheion", "Megalopolis", "Messene", "Mount Parnon", "Mount Taygetus", "Tegea"]
    assert around("Syracuse") == ["Helorus", "Hyblaean Hills", "Leontini", "Sicilian Sea 4", "Sicilian Sea 5", "Sicilian Sea 6"]


def test_sicily_and_the_islands_are_reached_only_by_sea(aegean, named):
    land = land_graph(aegean)
    sicily = nx.node_connected_component(land, named["Syracuse"])
    assert {"Messana", "Akragas", "Selinus", "Gela", "Catana", "Himera"} <= set(names(aegean, sicily))
    assert len(sicily) == 23 and named["Athens"] not in sicily
    for island in ("Corcyra", "Cephallenia", "Zacynthus", "Cythera", "Andros", "Delos", "Naxos", "Melos", "Thera",
                   "Skyros", "Lemnos", "Mytilene", "Chios", "Samos", "Rhodes"):
        assert list(land.neighbors(named[island])) == [], island


def test_the_peloponnese_and_euboea_join_the_mainland_at_one_border_each(aegean, named):
    land = land_graph(aegean)
    assert nx.has_path(land, named["Sparta"], named["Athens"])
    land.remove_edge(named["Corinth"], named["Megara"])  # the Isthmus
    assert not nx.has_path(land, named["Sparta"], named["Athens"])
    land.remove_edge(named["Chalcis"], named["Thebes"])  # the Euripus
    assert not nx.has_path(land, named["Eretria"], named["Thebes"])


def test_every_land_zone_can_be_reached_from_every_other_by_land_or_by_sea(aegean, theme):
    coastal = {zt.id for zt in theme.zone_types if "coast" in zt.tags}
    sea = [z.id for z in aegean.zones if z.type == "sea"]
    assert nx.is_connected(aegean.graph().subgraph(sea)), "one sea: a ship can reach every sea zone"
    land = land_graph(aegean)
    parts = list(nx.connected_components(land))
    assert len(parts) == 19  # Greece with Euboea, Asia, Sicily, Potidaea (cut off by the edge of the map), 15 islands
    for part in parts:
        landings = [z for z in part if aegean.zones[z].type in coastal and any(n in sea for n in aegean.neighbours(z))]
        assert landings, f"{names(aegean, part)} has no shore where ships can land"


def test_the_drawing_paints_the_sea_blue_and_names_every_zone(aegean, theme):
    root = ET.fromstring(to_svg(aegean, theme.zone_types))
    svg = "{http://www.w3.org/2000/svg}"
    fill = {int(p.get("id")[5:]): p.get("fill") for p in root.iter(f"{svg}polygon")}
    assert {fill[z.id] for z in aegean.zones if z.type == "sea"} == {"#8fbde0"}
    assert {fill[z.id] for z in aegean.zones if z.type == "home_city"} == {"#d2493a"}
    texts = {t.text for t in root.iter(f"{svg}text")}
    assert {"Athens", "Thermopylae", "Aegean Sea 1", "Strait of Messina"} <= texts


def test_map_build_writes_the_file_and_a_png_wide_enough_for_the_names(tmp_path):
    out, png = tmp_path / "aegean.json", tmp_path / "aegean.png"
    r = CliRunner().invoke(map_group, ["build", str(SOURCE), "-o", str(out), "--png", str(png)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == f"wrote {out}: 263 zones, 698 borders, 6 start zones"
    assert out.read_bytes() == MAP.read_bytes()
    width, height = struct.unpack(">II", png.read_bytes()[16:24])
    assert width > 1800 and height > 600


def home_cities(aegean, *factions):
    """The names of the zones each seat controls when a game on the Aegean starts."""
    seats = [Seat(f"P{i}", f) for i, f in enumerate(factions)]
    game = Game(GameSetup(MODULE, seats, aegean, seed=5), plugins=make_manager(MODULE))
    return [names(aegean, game.state.controlled(seat)) for seat in range(len(seats))]


def test_a_game_starts_each_city_state_in_its_own_home_city_whatever_its_seat(aegean):
    assert home_cities(aegean, "athens", "sparta", "corinth", "thebes", "argos", "syracuse") == [
        ["Athens"], ["Sparta"], ["Corinth"], ["Thebes"], ["Argos"], ["Syracuse"],
    ]
    assert home_cities(aegean, "syracuse", "argos", "athens") == [["Syracuse"], ["Argos"], ["Athens"]]


def test_a_seat_whose_faction_has_no_start_zone_takes_the_first_one_nobody_plays(aegean):
    options = {**aegean.meta["options"], "start_factions": ["argos", "a", "b", "c", "d", "e"]}  # Argos starts in Athens
    retied = attrs.evolve(aegean, meta={**aegean.meta, "options": options})
    assert home_cities(retied, "athens", "argos") == [["Sparta"], ["Athens"]]


def test_c2_it_is_a_hex_map_every_zone_a_hexagon_bordering_the_hexes_next_to_it(aegean):
    assert aegean.meta["options"]["layout"] == "hex"
    assert {len(z.polygon) for z in aegean.zones} == {6}
    assert max(len(aegean.neighbours(z.id)) for z in aegean.zones) == 6
    touching = {
        (a.id, b.id) for a in aegean.zones for b in aegean.zones
        if a.id < b.id and math.isclose(math.dist(a.centroid, b.centroid), HEX_WIDTH, abs_tol=0.01)
    }
    assert touching == {tuple(sorted(e)) for e in aegean.edges}
    assert len(touching) == 698


def test_c2_every_terrain_of_the_theme_lies_on_it(aegean, theme):
    counts = {zt.id: sum(z.type == zt.id for z in aegean.zones) for zt in theme.zone_types}
    assert counts == {
        "sea": 141, "coast": 3, "fishing_village": 18, "farmland": 10, "plain": 4, "forest": 7, "hill": 28,
        "city": 46, "home_city": 6,
    }


def test_c2_its_cities_are_the_real_cities_of_the_region_by_name(aegean):
    cities = sorted(z.name for z in aegean.zones if z.type in ("city", "home_city"))
    assert cities == [
        "Akragas", "Ambracia", "Argos", "Athens", "Catana", "Chalcis", "Chios", "Cnidus", "Corcyra", "Corinth", "Cyme",
        "Delos", "Delphi", "Elis", "Ephesus", "Epidaurus", "Eretria", "Gela", "Halicarnassus", "Himera", "Histiaea",
        "Larissa", "Leontini", "Leucas", "Mantinea", "Megalopolis", "Megara", "Melos", "Messana", "Messene", "Miletus",
        "Mytilene", "Naupactus", "Naxos", "Olympia", "Orchomenus", "Patrae", "Pherae", "Potidaea", "Pylos", "Rhodes",
        "Samos", "Sardis", "Segesta", "Selinus", "Sicyon", "Smyrna", "Sparta", "Syracuse", "Tegea", "Thebes", "Troy",
    ]


def test_c2_it_is_the_map_the_game_is_played_on_unless_another_is_asked_for():
    pm = make_manager(MODULE)
    assert default_map_file(pm, 2) == default_map_file(pm, 6) == str(MAP)
    assert default_map_file(pm, 7) is None  # six home cities: more players need a random map
