"""The map file: a round trip gives an equal map; every malformed file gets one plain line."""

from __future__ import annotations

import copy
import json

import pytest

from warp_empires.mapgen import MapFileError, dumps, load, loads, save
from warp_empires.mapgen.importers import import_map

from .conftest import FIXTURES


@pytest.mark.parametrize(
    "options",
    [
        {"zones": 40, "players": 4, "seed": 7, "balanced": True},
        {"zones": 41, "players": 4, "seed": 2, "symmetric": True},
        {"layout": "hex", "width": 6, "height": 4, "players": 2, "seed": 1},
    ],
)
def test_save_then_load_gives_an_equal_map(make, tmp_path, options):
    m = make(**options)
    save(m, tmp_path / "map.json")
    back = load(tmp_path / "map.json")
    assert back == m
    assert back.meta["options"]["players"] == options["players"]
    assert dumps(back) == dumps(m)


def test_a_map_file_saved_with_a_byte_order_mark_reads_as_without(make, tmp_path):
    # Windows Notepad writes one; it was refused in Python's words ("Unexpected UTF-8 BOM").
    m = make(zones=12, players=2, seed=3)
    (tmp_path / "notepad.json").write_bytes(b"\xef\xbb\xbf" + dumps(m).encode("utf-8"))
    assert load(tmp_path / "notepad.json") == m


def test_imported_maps_round_trip_too():
    m = import_map(FIXTURES / "shattered_reaches.map")
    assert loads(dumps(m)) == m


def test_the_file_is_plain_sorted_json(make):
    text = dumps(make(zones=20, players=2, seed=3))
    doc = json.loads(text)
    assert doc["format"] == "warp-empires-map" and doc["format_version"] == 1
    assert list(doc) == sorted(doc)
    assert set(doc["zones"][0]) == {"id", "code", "name", "type", "revenue", "terrain", "centroid", "polygon"}
    assert doc["graph"]["edges"][0].keys() == {"source", "target"}
    assert all(len(str(x).split(".")[-1]) <= 3 for z in doc["zones"] for p in z["polygon"] for x in p)
    assert text.count("\n") > 20  # one zone a line, readable in a diff


def tiny():
    """Four square zones in a 2 x 2 block, each bordering the next round the block."""
    squares = [(0, 0), (1, 0), (1, 1), (0, 1)]
    names = ["Alpha", "Beta", "Gamma", "Delta"]
    return {
        "format": "warp-empires-map",
        "format_version": 1,
        "generator": "hand",
        "seed": None,
        "options": {"impassable_types": ["rock"]},
        "zones": [
            {
                "id": i, "code": n[:3].upper(), "name": n, "type": "field", "revenue": 1, "terrain": None,
                "centroid": [x + 0.5, y + 0.5], "polygon": [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]],
            }
            for i, ((x, y), n) in enumerate(zip(squares, names))
        ],
        "starts": [0, 2],
        "graph": {"directed": False, "multigraph": False, "graph": {}, "nodes": [{"id": i} for i in range(4)],
                  "edges": [{"source": 0, "target": 1}, {"source": 1, "target": 2}, {"source": 2, "target": 3}, {"source": 3, "target": 0}]},
    }


def broken(change):
    doc = copy.deepcopy(tiny())
    change(doc)
    return json.dumps(doc)


def test_the_tiny_map_itself_is_fine():
    m = loads(json.dumps(tiny()))
    assert [z.name for z in m.zones] == ["Alpha", "Beta", "Gamma", "Delta"]
    assert m.neighbours(0) == (1, 3)


CASES = {
    "empty": ("", "the file is empty"),
    "not json": ("galaxy far far away", "not a map file: not valid JSON (Expecting value at line 1, column 1)"),
    "truncated": ('{"format": "warp-empires-map", "zones": [', "the file is truncated (the JSON breaks off at line 1, column 41)"),
    "a list": ("[1, 2]", "not a map file: expected a JSON object at the top level, got a list"),
    "other json": ('{"name": "left-pad"}', "not a warp-empires map file (missing field 'format')"),
    "wrong format": (broken(lambda d: d.update(format="risk")), "not a warp-empires map file (format is 'risk', expected 'warp-empires-map')"),
    "wrong version": (broken(lambda d: d.update(format_version=2)), "unsupported format_version 2 (this version reads 1)"),
    "missing field": (broken(lambda d: d.pop("starts")), "missing field 'starts'"),
    "missing zone field": (broken(lambda d: d["zones"][1].pop("polygon")), "zones[1]: missing field 'polygon'"),
    "wrong field type": (broken(lambda d: d["zones"][2].update(revenue="lots")), "zones[2]: field 'revenue': expected a whole number, got text"),
    "a fraction for a whole number": (broken(lambda d: d["zones"][2].update(revenue=2.0)), "zones[2]: field 'revenue': expected a whole number, got the number 2.0"),
    "edge to unknown zone": (broken(lambda d: d["graph"]["edges"].append({"source": 2, "target": 99})), "border 2-99 names zone 99, which is not in the zones list"),
    "self border": (broken(lambda d: d["graph"]["edges"].append({"source": 2, "target": 2})), "border 2-2 joins a zone to itself"),
    "links not edges": (broken(lambda d: d["graph"].update(links=d["graph"].pop("edges"))), "field 'graph': missing 'edges' (borders are stored under 'edges')"),
    "duplicate ids": (broken(lambda d: d["zones"][2].update(id=1)), "zone id 1 is used twice (zones[1] and zones[2])"),
    "ids out of order": (broken(lambda d: [z.update(id=z["id"] + 10) for z in d["zones"]]), "zones[0] has id 10; ids must be 0..3 in order"),
    "duplicate codes": (broken(lambda d: d["zones"][3].update(code="alp")), "zone code 'alp' is used twice (zones[0] and zones[3])"),
    "unknown start": (broken(lambda d: d.update(starts=[0, 7])), "starts lists zone 7, which is not in the zones list"),
    "start as text": (broken(lambda d: d.update(starts=["0", 1])), 'starts lists "0"; a start is a zone id, a whole number from 0 to 3'),
    "start as true": (broken(lambda d: d.update(starts=[True, 1])), "starts lists true; a start is a zone id, a whole number from 0 to 3"),
    "disconnected": (
        broken(lambda d: d["graph"].update(edges=[{"source": 0, "target": 1}, {"source": 2, "target": 3}])),
        "the zones fall into 2 separate groups (Alpha cannot reach Gamma)",
    ),
    "cut by impassable zones": (
        broken(lambda d: [d["zones"][i].update(type="rock") for i in (1, 3)]),
        "the passable zones fall into 2 separate groups (Alpha cannot reach Gamma without crossing impassable zones)",
    ),
    "isolated zone": (
        broken(lambda d: d["graph"].update(edges=[e for e in d["graph"]["edges"] if 3 not in (e["source"], e["target"])])),
        "zone Delta has no borders",
    ),
    "polygon too short": (broken(lambda d: d["zones"][0].update(polygon=[[0, 0], [1, 0]])), "zones[0] (Alpha), field 'polygon': needs at least 3 points, got 2"),
    "polygon bad point": (broken(lambda d: d["zones"][0]["polygon"].__setitem__(1, ["a", 1])), "zones[0] (Alpha), field 'polygon': point 1 is not a pair of numbers [x, y]"),
    "polygon flat": (broken(lambda d: d["zones"][0].update(polygon=[[0, 0], [1, 1], [2, 2]])), "zones[0] (Alpha), field 'polygon': has no area (its points lie on a line)"),
    "polygon not finite": ('{"format": "warp-empires-map", "format_version": 1, "generator": "x", "seed": 1, "options": {}, "starts": [], '
                           '"graph": {"nodes": [{"id": 0}], "edges": []}, "zones": [{"id": 0, "code": "A", "name": "A", "type": "", "revenue": 0, '
                           '"terrain": null, "centroid": [0, 0], "polygon": [[0, 0], [NaN, 1], [1, 1]]}]}',
                           "zones[0] (A), field 'polygon': point 1 is not finite"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_malformed_file_gets_its_own_one_line_message(case):
    text, message = CASES[case]
    with pytest.raises(MapFileError) as err:
        loads(text)
    assert str(err.value) == message
    assert "\n" not in str(err.value)


def test_a_truncated_real_file_says_so(make, tmp_path):
    text = dumps(make(zones=20, players=2, seed=1))
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(MapFileError, match=r"^the file is truncated \(the JSON breaks off at line \d+, column \d+\)$"):
        load(path)


def test_a_missing_file_and_a_binary_file(tmp_path):
    with pytest.raises(MapFileError, match=r"^cannot read .*nowhere.json: No such file or directory$"):
        load(tmp_path / "nowhere.json")
    (tmp_path / "bin.json").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(MapFileError, match="^not a map file: not UTF-8 text$"):
        load(tmp_path / "bin.json")


def test_the_theme_decides_what_is_passable_when_given(dw):
    doc = tiny()
    for i in (1, 3):
        doc["zones"][i]["type"] = "hazard"  # impassable in Doctor Who, unknown to the file's options
    text = json.dumps(doc)
    assert len(loads(text).zones) == 4
    with pytest.raises(MapFileError, match="fall into 2 separate groups"):
        loads(text, dw.zone_types)
