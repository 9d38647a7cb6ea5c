"""Hand-made hex maps: the text source, its checks and its one-line errors."""

from __future__ import annotations

import doctest

import pytest
from click.testing import CliRunner

from warp_empires.cli.map_cmd import map_group
from warp_empires.mapgen import dumps, hexmap, load
from warp_empires.mapgen.hexmap import HexMapError, build_hex_map
from warp_empires.model.data import ZoneType

TYPES = [
    ZoneType("sea", "Sea", tags=frozenset({"sea"})),
    ZoneType("hill", "Hill"),
    ZoneType("home_city", "Home City", revenue=7, tags=frozenset({"city", "coast"})),
]

SARONIC = '''
name = "The Saronic Gulf"
starts = ["ATH", "COR"]
grid = """
~sa  MEG  ELE  ...
   COR  ~sa  ATH  ...
"""
[projection]
columns = [[23.0, 0.0], [24.0, 3.0]]
rows = [[38.2, 0.0], [37.8, 1.0]]
tolerance = 1.0
[colours]
sea = "#0000ff"
[seas]
sa = "Saronic Gulf"
[places]
ATH = { name = "Athens", type = "home_city", at = [23.727, 37.972] }
COR = { name = "Corinth", type = "home_city", at = [22.88, 37.905] }
MEG = { name = "Megara", type = "hill" }
ELE = { name = "Eleusis", type = "hill" }
'''


def test_the_module_examples_hold():
    assert doctest.testmod(hexmap).failed == 0


def test_a_source_becomes_hexes_in_reading_order_with_their_borders():
    m = build_hex_map(SARONIC, TYPES)
    assert [(z.code, z.name, z.type, z.revenue) for z in m.zones] == [
        ("SA1", "Saronic Gulf 1", "sea", 0), ("MEG", "Megara", "hill", 0), ("ELE", "Eleusis", "hill", 0),
        ("COR", "Corinth", "home_city", 7), ("SA2", "Saronic Gulf 2", "sea", 0), ("ATH", "Athens", "home_city", 7),
    ]
    # Odd rows sit half a hex east: Corinth touches the gulf above it and Megara, Athens touches Eleusis.
    named = {z.name: z.id for z in m.zones}
    assert sorted(m.zones[n].name for n in m.neighbours(named["Corinth"])) == ["Megara", "Saronic Gulf 1", "Saronic Gulf 2"]
    assert sorted(m.zones[n].name for n in m.neighbours(named["Athens"])) == ["Eleusis", "Saronic Gulf 2"]
    assert [m.zones[s].name for s in m.starts] == ["Athens", "Corinth"]
    assert m.meta["options"]["colours"] == {"sea": "#0000ff"} and m.meta["seed"] is None
    assert len(m.zones[0].polygon) == 6


@pytest.mark.parametrize("change, message", [
    (("   COR  ~sa  ATH  ...\n", "   COR  ~sa\n"), "grid row 1 has 2 hexes; every row needs 4 (write ... for no hex)"),
    (("~sa  MEG", "~xx  MEG"), "grid row 0, column 0: no sea 'xx' in [seas]"),
    (("ELE  ...", "ELE  MEG"), "place MEG stands on the grid twice"),
    (("MEG  ELE  ...", "MEG  ...  ..."), "place ELE is in [places] but not on the grid"),
    (('type = "hill" }\nELE', 'type = "swamp" }\nELE'), "place MEG (Megara) has type 'swamp'; use one of hill, home_city, sea"),
    (("at = [23.727, 37.972]", "at = [22.0, 37.972]"),
     "Athens (ATH) stands at row 1, column 2, 5.51 hexes from where its longitude and latitude fall (row 0.6, column -3.0); the source allows 1"),
    (('sea = "#0000ff"', 'sea = "blue"'), "[colours] sea = 'blue': give a zone type and a colour as #rrggbb"),
    (('starts = ["ATH", "COR"]', 'starts = ["ATH", "SPA"]'), "starts names 'SPA', which is not a place"),
    (("rows = [[38.2, 0.0], [37.8, 1.0]]", "rows = [[38.2, 1.0], [37.8, 0.0]]"),
     "[projection] rows must grow southward, one position per distinct degree"),
    (("grid =", "grid = 3\nold ="), "a hex map source needs a grid (a text block)"),
    (('starts = ["ATH", "COR"]', 'starts = "ATH"'), "starts must be a list of place codes in seat order, or a table of faction = place code"),
    (('name = "The Saronic Gulf"', "name = 7"), "name and module must be text"),
    (('"Eleusis"', '"Megara"'), "zone name 'Megara' is used twice (zones[1] and zones[2]); names must be unique"),
])
def test_each_mistake_in_a_source_is_named_in_one_line(change, message):
    old, new = change
    assert old in SARONIC
    with pytest.raises(HexMapError) as caught:
        build_hex_map(SARONIC.replace(old, new, 1), TYPES)
    assert str(caught.value) == message


def test_map_build_refuses_a_map_that_breaks_the_themes_rules(tmp_path):
    source = tmp_path / "saronic.toml"
    megara_home = SARONIC.replace('starts = ["ATH", "COR"]', 'starts = ["COR", "MEG"]').replace('"Megara", type = "hill"', '"Megara", type = "home_city"')
    source.write_text(megara_home.replace("hill", "forest"), encoding="utf-8")
    out = tmp_path / "saronic.json"
    r = CliRunner().invoke(map_group, ["build", str(source), "-o", str(out), "--module", "classical_city_states"])
    assert r.exit_code == 1
    assert r.output.splitlines() == ["start zones Corinth and Megara share a border"]
    assert not out.exists()


def test_map_build_names_a_broken_source_in_one_line(tmp_path):
    source = tmp_path / "broken.toml"
    source.write_text('grid = "ATH"\nmodule = "classical_city_states"\n', encoding="utf-8")
    r = CliRunner().invoke(map_group, ["build", str(source), "-o", str(tmp_path / "x.json")])
    assert r.exit_code == 1
    assert r.output == "Error: grid row 0, column 0: no place 'ATH' in [places]\n"
    r = CliRunner().invoke(map_group, ["build", str(tmp_path / "missing.toml"), "-o", str(tmp_path / "x.json")])
    assert r.exit_code == 1 and r.output.startswith(f"Error: cannot read {tmp_path / 'missing.toml'}: ")


def test_a_map_file_with_a_bad_colour_is_refused(tmp_path):
    m = build_hex_map(SARONIC, TYPES)
    path = tmp_path / "m.json"
    path.write_text(dumps(m).replace('"#0000ff"', '"red\\" onload=\\"x"'), encoding="utf-8")
    with pytest.raises(ValueError, match=r"options, field 'colours': expected an object of zone type ids and colours written #rrggbb"):
        load(path)


def test_a_start_table_ties_each_start_zone_to_a_faction(tmp_path):
    tied = SARONIC.replace('starts = ["ATH", "COR"]\n', "").replace("[projection]", '[starts]\ncorinth = "COR"\nathens = "ATH"\n[projection]')
    m = build_hex_map(tied, TYPES)
    assert [m.zones[s].name for s in m.starts] == ["Corinth", "Athens"]
    assert m.meta["options"]["start_factions"] == ["corinth", "athens"]
    path = tmp_path / "m.json"
    path.write_text(dumps(m).replace('"start_factions": ["corinth", "athens"]', '"start_factions": ["corinth"]'), encoding="utf-8")
    with pytest.raises(ValueError, match=r"options, field 'start_factions': expected one faction id per start zone, each once"):
        load(path)
