"""The map file writer: the text it writes is the map's document, sorted and one row a
line, byte for byte what the bundled maps hold."""

import json
from pathlib import Path

import pytest

from warp_empires.mapgen import dumps, loads, mapfile
from warp_empires.zonemap import MapZone, ZoneMap

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.mark.parametrize("name", ["doctor_who_galaxy.json", "warhammer_starmap.json"])
def test_a_bundled_map_is_written_back_byte_for_byte(name):
    text = (MAPS / name).read_text(encoding="utf-8")
    assert dumps(loads(text)) == text


def odd_map() -> ZoneMap:
    """Borders given twice and backwards, names needing escapes, coordinates to round."""
    zones = (
        MapZone(0, "AL", 'Al "the" Ñu', "rich", 3, "rich", (0.00049, -0.0004), ((0.0, 0.0), (1.23456, -0.0001), (1e13, 2.5))),
        MapZone(1, "BE", "Be\\ta\n", "poor", 1, None, (10.5, 3.14159), ()),
        MapZone(2, "GA", "Gamma", "poor", 1, "poor", (-7.0005, 123456.7894), ((-1.5, 1.0625), (2.0, 3.0))),
    )
    return ZoneMap(zones, ((2, 0), (0, 1), (1, 0), (1, 2)), (2,), {"generator": "test", "seed": None, "options": {"b": 1, "a": [2]}})


def test_the_text_is_the_document_with_one_zone_and_one_border_a_line():
    m = odd_map()
    text = dumps(m)
    assert json.loads(text) == mapfile.to_document(m)
    assert json.loads(text)["graph"]["edges"] == [{"source": 0, "target": 1}, {"source": 0, "target": 2}, {"source": 1, "target": 2}]
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert sum(line.startswith('  {"centroid": ') for line in lines) == 3
    assert '  {"centroid": [0.0, 0.0], "code": "AL", "id": 0, "name": "Al \\"the\\" Ñu", "polygon": [[0.0, 0.0], [1.235, 0.0], [10000000000000.0, 2.5]]' in text


def test_every_number_is_written_as_json_writes_it_rounded():
    m = odd_map()
    doc = json.loads(dumps(m))
    for zone, raw in zip(m.zones, doc["zones"]):
        assert raw["centroid"] == [round(c, 3) + 0.0 for c in zone.centroid]
        assert raw["polygon"] == [[round(x, 3) + 0.0, round(y, 3) + 0.0] for x, y in zone.polygon]


def test_a_map_of_one_zone_is_one_line():
    m = ZoneMap((MapZone(0, "ONE", "One", "rich", 3),), (), (0,))
    text = dumps(m)
    assert text.count("\n") == 1
    assert json.loads(text) == mapfile.to_document(m)


def test_a_coordinate_that_is_not_a_number_is_refused():
    m = ZoneMap((MapZone(0, "A", "A", "rich", 3, None, (float("nan"), 0.0)), MapZone(1, "B", "B", "rich", 3)), ((0, 1),))
    with pytest.raises(ValueError, match="finite"):
        dumps(m)
