"""Hostile map files: `map check` and `play --map` refuse the same things with the same
one line, so a map that passes the check can be played, saved and resumed."""

from __future__ import annotations

import copy
import json

import pytest
from cli.support import EDGES, ZONES, run, small_map

from warp_empires import Game, GameSetup, Seat, ZoneMap, limits, saves
from warp_empires.rulebook import SetupError
from warp_empires.mapgen import mapfile

from .support import refused

PLAY = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--seed", "2", "--turn-limit", "2"]


def document(module: str | None = "doctor_who") -> dict:
    doc = mapfile.to_document(small_map(2))
    doc["options"]["module"] = module
    return doc


def write(tmp_path, doc_or_text, name: str = "m.json"):
    path = tmp_path / name
    path.write_text(doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text))
    return path


def both_refuse(tmp_path, doc_or_text) -> str:
    """The line `map check` and `play --map` both refuse the map with (exit code 1)."""
    path = write(tmp_path, doc_or_text)
    line = refused(run(["map", "check", str(path)]), code=1)
    played = refused(run(PLAY + ["--map", str(path), "--saves", str(tmp_path / "saves")]), code=1)
    assert line in played
    assert not (tmp_path / "saves").exists()  # no game was started
    return line


def edited(change) -> dict:
    doc = document()
    change(doc)
    return doc


def zone(doc, i):
    return doc["zones"][i]


@pytest.mark.parametrize(
    "change, line",
    [
        (lambda d: zone(d, 1).update(name="Home"), "zone name 'Home' is used twice (zones[0] and zones[1]); names must be unique"),
        (lambda d: zone(d, 1).update(name="HOME"), "zone name 'HOME' is used twice (zones[0] and zones[1]); names must be unique"),
        (lambda d: zone(d, 1).update(name=""), "zones[1], field 'name': is empty; every zone needs a name"),
        (lambda d: zone(d, 1).update(name="x" * 61), "zones[1], field 'name': 61 characters long; a name has at most 60"),
        (lambda d: zone(d, 1).update(name="Void\u001b[31m"),
         "zones[1], field 'name': 'Void\\x1b[31m' holds control characters or spaces at its ends; use printable text"),
        (lambda d: zone(d, 1).update(code="VOIDONE"), "zones[1] (Void One), field 'code': 'VOIDONE' is not allowed; a code has 1 to 6 letters and digits"),
        (lambda d: zone(d, 1).update(code="V 1"), "zones[1] (Void One), field 'code': 'V 1' is not allowed; a code has 1 to 6 letters and digits"),
        (lambda d: zone(d, 1).update(code="Home"), "zones[1] (Void One) has code 'Home', the name of zones[0]; typing it would find two zones"),
        (lambda d: zone(d, 1).update(revenue=-2), "zones[1] (Void One), field 'revenue': -2 is not allowed; use 0 to 1000"),
        (lambda d: zone(d, 1).update(revenue=1001), "zones[1] (Void One), field 'revenue': 1001 is not allowed; use 0 to 1000"),
        (lambda d: zone(d, 1).update(centroid=[1e10, 0]),
         "zones[1] (Void One), field 'centroid' lies outside the map's range (coordinates from -1e+09 to 1e+09)"),
        (lambda d: d.update(seed=2**63), "field 'seed': too big; a seed lies between -9223372036854775807 and 9223372036854775807"),
    ],
)
def test_a_wrong_map_is_refused_by_check_and_by_play_alike(tmp_path, change, line):
    assert both_refuse(tmp_path, edited(change)) == line


def test_a_void_zone_earning_99_is_refused_because_revenue_follows_the_zone_type(tmp_path):
    path = write(tmp_path, edited(lambda d: zone(d, 1).update(revenue=99)))
    # The check reads the zone types from the theme the file records, or from --module.
    for args in (["map", "check", str(path)], ["map", "check", str(path), "--module", "doctor_who"]):
        result = run(args)
        assert result.exit_code == 1
        assert "zone Void One has revenue 99, but a Void Zone earns 0; a zone's revenue is its type's" in result.output.splitlines()
    line = refused(run(PLAY + ["--map", str(path), "--saves", str(tmp_path / "s")]), code=1)
    assert line == f"map {path}: zone 'Void One' has revenue 99 in the map, but a Void Zone earns 0 in doctor_who; a zone's revenue is its type's"


def test_a_map_nested_100000_levels_deep_is_one_line(tmp_path):
    assert both_refuse(tmp_path, "[" * 100_000 + "]" * 100_000).endswith("not a map file: its JSON is nested too deeply")


def test_a_number_thousands_of_digits_long_is_one_line(tmp_path):
    text = json.dumps(document()).replace('"seed": null', '"seed": ' + "7" * 5000)
    line = both_refuse(tmp_path, text)
    assert line.endswith("not a map file: it holds a number thousands of digits long") and "sys." not in line


def test_zone_count_limit_both_sides(tmp_path, monkeypatch):
    path = write(tmp_path, document())
    monkeypatch.setattr(limits, "MAX_ZONES", 9)  # the map has 9 zones
    assert run(["map", "check", str(path)]).output == "ok\n"
    monkeypatch.setattr(limits, "MAX_ZONES", 8)
    assert refused(run(["map", "check", str(path)]), code=1) == "field 'zones': the map has 9 zones; a map may have at most 8"


def test_map_file_size_limit_both_sides(tmp_path, monkeypatch):
    path = write(tmp_path, document())
    size = path.stat().st_size
    monkeypatch.setattr(limits, "MAX_MAP_FILE_BYTES", size)
    assert run(["map", "check", str(path)]).output == "ok\n"
    monkeypatch.setattr(limits, "MAX_MAP_FILE_BYTES", size - 1)
    assert refused(run(["map", "check", str(path)]), code=1) == f"{path} is {size:,} bytes; a map file may have at most {size - 1:,}"


def test_a_map_too_big_for_a_save_is_refused_before_the_game_starts(tmp_path, monkeypatch):
    """The map a save embeds has a budget; `map check` and `play` agree on it, so a
    game that starts always fits in a save that `resume` reads."""
    path = write(tmp_path, document())
    need = saves.map_bytes(mapfile.load(path))
    monkeypatch.setattr(limits, "MAX_MAP_IN_SAVE_BYTES", need - 1)
    result = run(["map", "check", str(path)])
    assert result.exit_code == 1
    assert result.output.startswith(f"the map takes {need:,} bytes in a save; a save keeps at most {need - 1:,} for the map")
    line = refused(run(PLAY + ["--map", str(path), "--saves", str(tmp_path / "saves")]), code=1)
    assert line.startswith(f"the map takes {need:,} bytes in a save")
    assert not (tmp_path / "saves").exists()


def test_a_map_exactly_at_the_budget_plays_saves_and_resumes(tmp_path, monkeypatch):
    path = write(tmp_path, document())
    need = saves.map_bytes(mapfile.load(path))
    monkeypatch.setattr(limits, "MAX_MAP_IN_SAVE_BYTES", need)
    # The whole save may be the map's share and the choices' share, no more.
    monkeypatch.setattr(limits, "MAX_SAVE_BYTES", need + 20_000)
    assert run(["map", "check", str(path)]).output == "ok\n"
    result = run(PLAY + ["--map", str(path), "--saves", str(tmp_path / "saves")], "quit\n")
    assert result.exit_code == 0, result.output
    (save,) = (tmp_path / "saves").glob("*.json")
    assert saves.load(save).setup.zone_map == mapfile.load(path)


def test_a_good_map_file_is_unchanged_by_the_checks(tmp_path):
    doc = document()
    path = write(tmp_path, copy.deepcopy(doc))
    assert run(["map", "check", str(path)]).output == "ok\n"
    assert json.loads(path.read_text()) == doc


@pytest.mark.parametrize(
    "args, code, line",
    [
        (["--zones", "100001"], 2, "Invalid value for '--zones': 100001 is not allowed; use at most 100,000, the most zones a map may have"),
        (["--width", "inf"], 2, "Invalid value for '--width': inf is not allowed; use at most 100,000 (hex: columns or rows; Voronoi: a proportion)"),
        (["--height", "nan"], 2, "Invalid value for '--height': nan is not allowed; use at most 100,000 (hex: columns or rows; Voronoi: a proportion)"),
        (["--layout", "hex", "--width", "1000", "--height", "1000"], 1,
         "a 1000 x 1000 hex map has 1,000,000 zones; a map may have at most 100,000"),
    ],
)
def test_map_generate_refuses_maps_beyond_the_zone_limit(tmp_path, args, code, line):
    assert refused(run(["map", "generate", "-o", str(tmp_path / "x.json")] + args), code=code) == line
    assert not (tmp_path / "x.json").exists()


def test_a_map_made_in_code_keeps_the_same_label_rules_as_a_map_file(tmp_path):
    """A game set up from Python on a map the reader would refuse could never be resumed."""
    seats = (Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    twice = [*ZONES[:-1], ("Home", "nexus", 3, "EA2")]
    with pytest.raises(SetupError, match=r"^the map: zone name 'Home' is used twice \(zones\[0\] and zones\[8\]\); names must be unique$"):
        Game(GameSetup("doctor_who", seats, ZoneMap.build(twice, EDGES, starts=(0, 6)), 1, 2))
    longest = [*ZONES[:-1], ("Earth", "nexus", 3, "EARTH9")]  # six characters: the most a code has
    game = Game(GameSetup("doctor_who", seats, ZoneMap.build(longest, EDGES, starts=(0, 6)), 1, 2))
    assert saves.load(saves.save(game, tmp_path / "g.json")).setup.zone_map.zones[8].code == "EARTH9"
    too_long = [*ZONES[:-1], ("Earth", "nexus", 3, "EARTH99")]
    with pytest.raises(SetupError, match="^the map: zones\\[8\\] \\(Earth\\), field 'code': 'EARTH99' is not allowed"):
        Game(GameSetup("doctor_who", seats, ZoneMap.build(too_long, EDGES, starts=(0, 6)), 1, 2))


def test_map_import_refuses_devices_and_too_many_countries(tmp_path, monkeypatch):
    risk = tmp_path / "three.map"
    risk.write_text("[continents]\nNorth 1 red\n[countries]\n1 Alpha 1 10 10\n2 Beta 1 20 10\n3 Gamma 1 30 10\n"
                    "[borders]\n1 2\n2 3\n3 1\n")
    monkeypatch.setattr(limits, "MAX_ZONES", 3)
    assert run(["map", "import", str(risk), "-o", str(tmp_path / "ok.json")]).exit_code == 0
    monkeypatch.setattr(limits, "MAX_ZONES", 2)
    assert refused(run(["map", "import", str(risk), "-o", str(tmp_path / "no.json")]), code=1) == (
        "three.map has 3 countries; a map may have at most 2 zones")
    assert not (tmp_path / "no.json").exists()
    device = tmp_path / "zero.map"
    device.symlink_to("/dev/zero")
    assert refused(run(["map", "import", str(device), "-o", str(tmp_path / "z.json")]), code=1) == f"cannot read {device}: not a regular file"
