"""Importing Risk-style .map files and GraphML graphs."""

from __future__ import annotations

import networkx as nx
import pytest

from warp_empires.mapgen import MapImportError, check_map
from warp_empires.mapgen.importers import import_map

from .conftest import FIXTURES

RISK = FIXTURES / "shattered_reaches.map"


def borders_in_file(path):
    """The border pairs a .map file lists, by country name, read plainly (both directions merged)."""
    names, pairs, section = {}, set(), None
    for line in path.read_text().splitlines():
        line = line.split(";")[0].strip()
        if line.startswith("["):
            section = line
        elif line and section == "[countries]":
            idx, name = line.split()[:2]
            names[idx] = name.replace("_", " ")
        elif line and section == "[borders]":
            first, *rest = line.split()
            pairs |= {frozenset((names[first], names[r])) for r in rest}
    return names, pairs


def test_a_42_territory_risk_map_keeps_every_border():
    names, pairs = borders_in_file(RISK)
    m = import_map(RISK)
    assert len(m.zones) == 42 == len(names)
    got = {frozenset((m.zones[a].name, m.zones[b].name)) for a, b in m.edges}
    assert got == pairs
    assert len(m.edges) == 82


def test_risk_names_positions_and_continents_come_across():
    m = import_map(RISK)
    frost = m.zones[0]
    assert (frost.name, frost.centroid, frost.terrain) == ("Frostmere", (180.0, 120.0), "Norrvald")
    assert m.zones[16].name == "Dunes of Oma" and m.zones[16].terrain == "Sulmara"
    assert all(z.type == "" and z.revenue == 0 for z in m.zones)
    assert m.starts == ()
    assert m.meta["options"]["source"] == "shattered_reaches.map"


def test_with_a_theme_the_types_are_rolled_and_the_rules_met(dw):
    """D1 holds on an imported map too: its zone types are rolled on the theme's table."""
    a = import_map(RISK, dw.zone_types, dw.map_rules, players=4, seed=3)
    b = import_map(RISK, dw.zone_types, dw.map_rules, players=4, seed=3)
    c = import_map(RISK, dw.zone_types, dw.map_rules, players=4, seed=4)
    assert a == b and a != c
    assert {z.type for z in a.zones} <= {zt.id for zt in dw.zone_types}
    assert check_map(a, dw.zone_types, dw.map_rules, 4) == []
    assert len(a.edges) == 82
    assert any(z.name == "Earth" and z.type == "nexus" for z in a.zones)


def test_graphml_with_coordinates(tmp_path):
    g = nx.Graph()
    for i, name in enumerate(["Aster", "Brine", "Cobalt", "Dune", "Ember"]):
        g.add_node(f"n{i}", name=name, x=float(i * 100), y=float((i % 2) * 80))
    g.add_edges_from([("n0", "n1"), ("n1", "n2"), ("n2", "n3"), ("n3", "n4"), ("n4", "n0"), ("n1", "n3")])
    nx.write_graphml(g, tmp_path / "ring.graphml")
    m = import_map(tmp_path / "ring.graphml")
    assert [z.name for z in m.zones] == ["Aster", "Brine", "Cobalt", "Dune", "Ember"]
    assert m.zones[2].centroid == (200.0, 0.0)
    assert set(m.edges) == {(0, 1), (1, 2), (2, 3), (3, 4), (0, 4), (1, 3)}


def test_graphml_without_coordinates_is_laid_out_from_the_seed(tmp_path, dw):
    nx.write_graphml(nx.petersen_graph(), tmp_path / "p.graphml")
    a = import_map(tmp_path / "p.graphml", seed=1)
    b = import_map(tmp_path / "p.graphml", seed=1)
    assert a == b
    assert len({z.centroid for z in a.zones}) == 10
    typed = import_map(tmp_path / "p.graphml", dw.zone_types, dw.map_rules, players=2, seed=1)
    assert check_map(typed, dw.zone_types, dw.map_rules, 2) == []


@pytest.mark.parametrize(
    "text, message",
    [
        ("[countries]\n1 A 1 0 0\n2 B 1 5 5\n[borders]\n1 2 3\n", "line 5: border names country 3, which [countries] does not list"),
        ("[continents]\nX 1 red\n", "no [countries] section with countries in it; is this a Risk-style .map file?"),
        ("[continents]\nX 1 red\n[countries]\n1 A 2 0 0\n", "line 4: continent 2 is not in [continents] (1 to 1)"),
        ("[countries]\n1 A 1 zero 0\n", "line 2: expected 'index name continent x y' with numbers, got '1 A 1 zero 0'"),
        ("[countries]\n1 A 1 0 0\n2 B 1 5 5\n3 C 1 9 9\n[borders]\n1 2\n2 1\n", "zone C has no borders"),
        ("[countries]\n1 A 1 0 0\n2 B 1 5 5\n3 C 1 9 9\n4 D 1 1 1\n[borders]\n1 2\n3 4\n", "the zones fall into 2 separate groups (A cannot reach C)"),
        # A map file with it could not be read back (map check), so the import refuses it.
        (f"[countries]\n1 A 1 0 0\n2 {'Long' * 20} 1 5 5\n[borders]\n1 2\n",
         "country 'LongLongLongLongLongLongLongLo'...: 80 characters long; a name has at most 60"),
        (f"[continents]\n{'Wide' * 20} 1 red\n[countries]\n1 A 1 0 0\n2 B 1 5 5\n[borders]\n1 2\n",
         "country 'A': its continent's name 'WideWideWideWideWideWideWideWi'... has to be at most 60 printable characters, as a map file keeps it"),
        # Written, such a map could not be read back by map check, show or play.
        ("[countries]\n1 A 1 0 0\n2 Moor 1 1e300 250\n[borders]\n1 2\n",
         "country 'Moor' lies at 1e+300, 250; coordinates must be numbers from -1e+09 to 1e+09"),
        ("[countries]\n1 A 1 0 0\n2 Moor 1 inf 250\n[borders]\n1 2\n",
         "country 'Moor' lies at inf, 250; coordinates must be numbers from -1e+09 to 1e+09"),
    ],
)
def test_bad_risk_files_are_explained_in_one_line(tmp_path, text, message):
    (tmp_path / "bad.map").write_text(text)
    with pytest.raises(MapImportError) as err:
        import_map(tmp_path / "bad.map")
    assert str(err.value) == message


def test_a_file_not_in_utf8_is_refused_naming_its_line_and_a_byte_order_mark_is_dropped(tmp_path):
    # An old Latin-1 file: read anyway, "Mör" became "M\ufffdr" without a word.
    (tmp_path / "old.map").write_bytes("[countries]\n1 A 1 0 0\n2 Mör 1 5 5\n[borders]\n1 2\n".encode("latin-1"))
    with pytest.raises(MapImportError) as err:
        import_map(tmp_path / "old.map")
    assert str(err.value) == "old.map is not UTF-8 text (line 3 has the byte 0xF6); save it as UTF-8 and import it again"
    (tmp_path / "notepad.map").write_bytes("\ufeff[countries]\n1 A 1 0 0\n2 Mör 1 5 5\n[borders]\n1 2\n".encode("utf-8"))
    assert [z.name for z in import_map(tmp_path / "notepad.map").zones] == ["A", "Mör"]


def test_other_files_are_refused(tmp_path):
    (tmp_path / "x.txt").write_text("hi")
    with pytest.raises(MapImportError, match=r"^cannot import x.txt: use a Risk-style .map file or a .graphml file$"):
        import_map(tmp_path / "x.txt")
    (tmp_path / "x.graphml").write_text("<graphml><oops")
    with pytest.raises(MapImportError, match="^not a GraphML file"):
        import_map(tmp_path / "x.graphml")


def test_a_country_already_called_earth_becomes_the_theme_s_earth(tmp_path, dw):
    text = RISK.read_text().replace(" Kethra ", " Earth ")
    (tmp_path / "earth.map").write_text(text)
    for seed in range(4):
        m = import_map(tmp_path / "earth.map", dw.zone_types, dw.map_rules, players=4, seed=seed)
        earth = [z for z in m.zones if z.name == "Earth"]
        assert len(earth) == 1 and earth[0].id == 24 and earth[0].type == "nexus"
        assert 24 not in m.starts
