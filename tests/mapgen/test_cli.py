"""``warp-empires map``: generate, show, check and import from the command line."""

from __future__ import annotations

import json
from pathlib import Path
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from warp_empires.cli.map_cmd import map_group
from warp_empires.mapgen import load

from .conftest import FIXTURES


def run(*args):
    result = CliRunner().invoke(map_group, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_generate_writes_the_map_and_its_drawings(tmp_path):
    out, svg, png = tmp_path / "galaxy.json", tmp_path / "galaxy.svg", tmp_path / "galaxy.png"
    r = run("generate", "--module", "doctor_who", "--zones", 40, "--players", 4, "--seed", 7, "--balanced", "-o", out, "--svg", svg, "--png", png)
    assert r.exit_code == 0, r.output
    # What docs/maps.md shows for this command.
    assert r.output.splitlines()[:2] == [
        f"wrote {out}: 40 zones, 96 borders, 4 start zones (seed 7)",
        "revenue within 2 borders of each start: 17 17 17 17 (spread 0, tolerance 1.7)",
    ]
    m = load(out)
    assert len(m.zones) == 40 and m.meta["options"]["module"] == "doctor_who" and m.meta["options"]["balanced"] is True
    assert len(ET.parse(svg).getroot().findall(".//{http://www.w3.org/2000/svg}polygon")) == 40
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_generate_refuses_a_seed_no_game_could_be_played_with(tmp_path):
    r = run("generate", "--seed", 2**63, "--zones", 20, "--players", 2, "-o", tmp_path / "big.json")
    assert r.exit_code == 2
    assert r.output.splitlines()[-1] == (
        f"Error: Invalid value for '--seed': {2**63} is not in the range -9223372036854775807<=x<=9223372036854775807."
    )
    assert not (tmp_path / "big.json").exists()


def test_a_map_for_four_players_serves_two():
    starmap = Path(__file__).resolve().parents[2] / "maps" / "warhammer_starmap.json"
    r = run("check", starmap, "--module", "warhammer_space", "--players", 2)
    assert r.exit_code == 0 and r.output.strip() == "ok"


def test_check_lists_what_the_bundled_galaxy_lacks_for_five_players():
    # The example in docs/maps.md.
    galaxy = Path(__file__).resolve().parents[2] / "maps" / "doctor_who_galaxy.json"
    r = run("check", galaxy, "--module", "doctor_who", "--players", 5)
    assert r.exit_code == 1
    assert r.output.splitlines() == [
        "the map has 5 zones of type Nexus Point; 5 players need at least 6",
        "the map has 4 start zones; 5 players need 5",
    ]


def test_generate_twice_gives_the_same_file(tmp_path):
    run("generate", "--seed", 3, "--zones", 30, "--players", 2, "-o", tmp_path / "a.json")
    run("generate", "--seed", 3, "--zones", 30, "--players", 2, "-o", tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_generate_a_hex_map(tmp_path):
    r = run("generate", "--layout", "hex", "--width", 7, "--height", 5, "--players", 2, "--symmetric", "-o", tmp_path / "h.json")
    assert r.exit_code == 0, r.output
    assert len(load(tmp_path / "h.json").zones) == 35
    r = run("generate", "--layout", "hex", "--width", 7.5, "--height", 5, "-o", tmp_path / "h.json")
    assert r.exit_code == 1
    assert r.output == "Error: --width counts hexes in the hex layout; use a whole number, not 7.5\n"


def test_a_voronoi_frame_too_thin_for_cells_is_refused_in_one_line(tmp_path):
    r = run("generate", "--width", 1000, "--height", 0.0001, "--zones", 10, "--players", 2, "-o", tmp_path / "t.json")
    assert r.exit_code == 1
    assert r.output == "Error: a frame of proportions 1000 : 0.0001 is too thin; keep the longer side at most 100 times the shorter\n"
    assert not (tmp_path / "t.json").exists()
    r = run("generate", "--width", 100, "--height", 1, "--zones", 8, "--players", 2, "-o", tmp_path / "t.json")
    assert r.exit_code == 0, r.output
    xs = [z.centroid[0] for z in load(tmp_path / "t.json").zones]
    ys = [z.centroid[1] for z in load(tmp_path / "t.json").zones]
    assert max(xs) - min(xs) > 10 * (max(ys) - min(ys))  # a long strip, as asked


def test_show_prints_the_summary(tmp_path):
    run("generate", "--seed", 7, "--players", 2, "-o", tmp_path / "g.json")
    r = run("show", tmp_path / "g.json", "--svg", tmp_path / "g.svg")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("g.json: 40 zones, ")
    assert "Nexus Point" in r.output  # the file records its module, so type names are shown
    assert "Start zones" in r.output and "diameter" in r.output
    assert (tmp_path / "g.svg").exists()


def test_check_says_ok(tmp_path):
    run("generate", "--seed", 1, "--players", 3, "-o", tmp_path / "g.json")
    r = run("check", tmp_path / "g.json", "--module", "doctor_who")
    assert (r.exit_code, r.output) == (0, "ok\n")
    assert run("check", tmp_path / "g.json").output == "ok\n"


def test_check_lists_every_problem_and_fails(tmp_path):
    # D1: Earth, and players + 1 Nexus Points.
    run("generate", "--seed", 1, "--players", 3, "-o", tmp_path / "g.json")
    doc = json.loads((tmp_path / "g.json").read_text())
    earth = next(z for z in doc["zones"] if z["name"] == "Earth")
    earth["name"] = "Terra"
    (tmp_path / "g.json").write_text(json.dumps(doc))
    r = run("check", tmp_path / "g.json", "--module", "doctor_who", "--players", 5)
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert "no zone is named Earth (the theme needs Earth, a Nexus Point)" in lines
    assert "the map has 3 start zones; 5 players need 5" in lines
    assert any(line.startswith("the map has ") and "zones of type Nexus Point; 5 players need at least 6" in line for line in lines)


def test_import_a_risk_map(tmp_path):
    r = run("import", FIXTURES / "shattered_reaches.map", "-o", tmp_path / "r.json", "--module", "doctor_who", "--seed", 2, "--players", 3)
    assert r.exit_code == 0, r.output
    assert r.output.startswith(f"wrote {tmp_path / 'r.json'}: 42 zones, 82 borders (types rolled from doctor_who)")
    m = load(tmp_path / "r.json")
    assert len(m.starts) == 3
    assert run("check", tmp_path / "r.json", "--module", "doctor_who").output == "ok\n"
    r = run("import", FIXTURES / "shattered_reaches.map", "-o", tmp_path / "plain.json")
    assert r.exit_code == 0 and "zone types not set" in r.output


def test_bad_files_give_one_line_and_exit_1(tmp_path):
    (tmp_path / "bad.json").write_text('{"format": "warp-empires-map", "format_version": 1, "zo')
    for command in ("show", "check"):
        r = run(command, tmp_path / "bad.json")
        assert r.exit_code == 1
        assert r.output == "Error: the file is truncated (the JSON breaks off at line 1, column 55)\n"
    r = run("show", tmp_path / "missing.json")
    assert r.exit_code == 1 and r.output.startswith("Error: cannot read ") and r.output.count("\n") == 1
    (tmp_path / "bad.map").write_text("[countries]\n1 A 1 0 0\n[borders]\n1 9\n")
    r = run("import", tmp_path / "bad.map", "-o", tmp_path / "x.json")
    assert (r.exit_code, r.output) == (1, "Error: line 4: border names country 9, which [countries] does not list\n")


def test_unknown_module_lists_the_installed_ones(tmp_path):
    r = run("generate", "--module", "startrek", "-o", tmp_path / "x.json")
    assert r.exit_code == 1
    assert r.output.startswith("Error: unknown module 'startrek'; installed modules: ")
    assert "doctor_who" in r.output and r.output.count("\n") == 1


def test_rules_no_map_can_meet_are_one_line(tmp_path):
    # D1: four players need 4 Rich zones and 5 Nexus Points.
    r = run("generate", "--zones", 6, "--players", 4, "-o", tmp_path / "x.json")
    assert r.exit_code == 1
    assert r.output == "Error: minimum counts: a map for 4 players needs at least 9 zones (Rich Zone: 4, Nexus Point: 5); it has 6\n"


def test_checking_an_untyped_import_against_a_theme_says_what_to_do(tmp_path):
    run("import", FIXTURES / "shattered_reaches.map", "-o", tmp_path / "plain.json")
    r = run("check", tmp_path / "plain.json", "--module", "doctor_who")
    assert r.exit_code == 1
    assert r.output.splitlines()[0] == "42 zones have no zone type (the first is Frostmere); set them, or import with a module"


@pytest.mark.parametrize("args, said", [
    (["map", "generate", "--zones", "12", "--players", "2", "-o", "{d}/m.json", "--png", "{d}/m.json"], "--output and --png both name {d}/m.json"),
    (["map", "show", "{d}/kept.json", "--svg", "{d}/kept.json"], "FILE and --svg both name {d}/kept.json"),
    (["simulate", "doctor_who", "--games", "1", "--out", "{d}/runs.x", "--report", "{d}/runs.x"], "--out and --report both name {d}/runs.x"),
    (["simulate", "doctor_who", "--games", "1", "--map", "{d}/kept.json", "--report", "{d}/kept.json"], "--map and --report both name {d}/kept.json"),
])
def test_one_file_named_by_two_options_is_refused_and_left_as_it_was(tmp_path, args, said):
    # The second written replaced the first (a results database became a web page), or the map read.
    from warp_empires.cli.main import cli

    kept = tmp_path / "kept.json"
    kept.write_text("{}")
    result = CliRunner().invoke(cli, [a.format(d=tmp_path) for a in args])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: {said.format(d=tmp_path)}; give each a file of its own"
    assert kept.read_text() == "{}" and not (tmp_path / "m.json").exists() and not (tmp_path / "runs.x").exists()


@pytest.mark.parametrize("args, said", [
    # A strip one hex high took time growing with the square of its length: 100,000 x 1 ran for ever.
    (["--width", "1000", "--height", "1"], "a hex grid of 1000 x 1 is too thin; keep the longer side at most 100 times the shorter"),
    (["--zones", "40", "--height", "3"], "40 zones do not fill 3 whole rows; give both --width and --height"),
    (["--zones", "40", "--width", "3"], "40 zones do not fill whole rows of 3 hexes; give both --width and --height"),
])
def test_a_hex_grid_too_thin_or_not_filling_its_rows_is_refused_in_words(tmp_path, args, said):
    result = CliRunner().invoke(map_group, ["generate", "--layout", "hex", "--players", "2", "-o", str(tmp_path / "m.json"), *args])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"Error: {said}"


def test_map_check_without_a_theme_names_a_zone_type_the_recorded_theme_lacks_and_says_what_it_left_unchecked(tmp_path):
    path = tmp_path / "m.json"
    assert CliRunner().invoke(map_group, ["generate", "--zones", "12", "--players", "2", "-o", str(path)]).exit_code == 0
    doc = json.loads(path.read_text())
    assert doc["options"]["module"] == "doctor_who"
    doc["zones"][3]["type"] = "bogus"
    path.write_text(json.dumps(doc))
    checked = CliRunner().invoke(map_group, ["check", str(path)])
    name = doc["zones"][3]["name"]
    assert checked.exit_code == 1
    assert checked.output.splitlines()[0] == (f"zone {name} is of type 'bogus', which doctor_who does not know; its zone types are hazard, void, poor, average, rich, nexus")
    del doc["options"]["module"]  # a file naming no theme: "ok" says what it could not check
    doc["zones"][3]["type"] = "void"
    doc["zones"][3]["revenue"] = 0
    path.write_text(json.dumps(doc))
    checked = CliRunner().invoke(map_group, ["check", str(path)])
    assert checked.exit_code == 0
    assert checked.output == "ok as a map file; it names no theme, so its zone types are not checked (--module THEME checks them)\n"


def test_one_of_a_thing_is_said_in_the_singular(tmp_path):
    result = CliRunner().invoke(map_group, ["generate", "--zones", "12", "--players", "1", "-o", str(tmp_path / "solo.json")])
    assert result.exit_code == 0, result.output
    assert " borders, 1 start zone (seed 0)" in result.output


def test_a_hex_grid_the_zone_count_alone_makes_too_thin_says_what_to_give():
    result = CliRunner().invoke(map_group, ["generate", "--layout", "hex", "--zones", "422", "--players", "2", "-o", "unused.json"])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == (
        "Error: 422 zones make no hex grid nearer square than 211 x 2, which is too thin; give --width and --height, or another number of zones")
