"""Each bound of warp_empires.limits, just inside (accepted) and just outside (refused with
one line). Bounds that need big inputs are lowered for the test instead."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli.support import small_map

from warp_empires import Game, GameSetup, Seat, limits
from warp_empires.mapgen import mapfile
from warp_empires.mapgen.errors import MapFileError
from warp_empires.model.loading import DataError, load_theme_data
from warp_empires.rulebook import SetupError

SKIRMISH = Path(__file__).parent.parent / "fixtures" / "contract" / "skirmish"
DOCTOR_WHO_RACES = ["earth_empire", "cybermen", "daleks", "movellans", "sontarans", "rutans", "ice_warriors", "gallifreyans", "great_vampires"]


def game(*seats: Seat) -> Game:
    return Game(GameSetup("doctor_who", seats, small_map(2), 1, 2))


def test_seats_at_one_table():
    from warp_empires.mapgen import generate_for_theme
    from warp_empires.plugins import make_manager

    galaxy = generate_for_theme(make_manager("doctor_who"), zones=44, players=8, seed=1)
    seats = [Seat(f"P{i}", race) for i, race in enumerate(DOCTOR_WHO_RACES)]
    assert len(Game(GameSetup("doctor_who", seats[: limits.MAX_SEATS], galaxy, 1, 2)).state.players) == 8
    with pytest.raises(SetupError, match="^9 seats is too many; a game has at most 8$"):
        Game(GameSetup("doctor_who", seats[: limits.MAX_SEATS + 1], galaxy, 1, 2))


def test_a_players_name():
    assert game(Seat("A" * 40, "daleks"), Seat("Bob", "cybermen")).state.players[0].name == "A" * 40
    with pytest.raises(SetupError, match="^seat 1: the name 'A{20}'... has 41 characters; use at most 40 printable characters$"):
        game(Seat("A" * 41, "daleks"), Seat("Bob", "cybermen"))


def map_with(**fields) -> dict:
    doc = mapfile.to_document(small_map(2))
    doc["zones"][1].update(fields)
    return doc


@pytest.mark.parametrize(
    "inside, outside, line",
    [
        ({"name": "N" * 60}, {"name": "N" * 61}, "zones[1], field 'name': 61 characters long; a name has at most 60"),
        ({"revenue": 1000}, {"revenue": 1001}, "zones[1] (Void One), field 'revenue': 1001 is not allowed; use 0 to 1000"),
        ({"centroid": [1e9, -1e9]}, {"centroid": [1e9, -1.0000001e9]},
         "zones[1] (Void One), field 'centroid' lies outside the map's range (coordinates from -1e+09 to 1e+09)"),
    ],
)
def test_a_zones_fields(inside, outside, line):
    assert mapfile.validate(map_with(**inside)).zones[1] is not None
    with pytest.raises(MapFileError) as refused:
        mapfile.validate(map_with(**outside))
    assert str(refused.value) == line


def theme_with(tmp_path, name: str, fname: str, old: str, new: str) -> Path:
    folder = shutil.copytree(SKIRMISH, tmp_path / name)
    path = folder / "data" / fname
    path.write_text(path.read_text().replace(old, new, 1))
    return folder / "data"


def test_cards_in_a_whole_deck(monkeypatch):
    data = SKIRMISH / "data"
    total = sum(c.copies for c in load_theme_data(data).card_types)
    monkeypatch.setattr(limits, "MAX_CARDS", total)
    load_theme_data(data)
    monkeypatch.setattr(limits, "MAX_CARDS", total - 1)
    with pytest.raises(DataError, match=rf"cards.toml: {total} cards in all; a theme may have at most {total - 1}$"):
        load_theme_data(data)


@pytest.mark.parametrize("field, old", [("force", "force = 2\ncost = 3"), ("cost", "cost = 3")])
def test_a_theme_number(tmp_path, field, old):
    inside = theme_with(tmp_path, "in", "units.toml", old, old.replace(old.split("\n")[0], f"{field} = 1000"))
    assert any(getattr(u, field) == 1000 for u in load_theme_data(inside).unit_types)
    outside = theme_with(tmp_path, "out", "units.toml", old, old.replace(old.split("\n")[0], f"{field} = 1001"))
    with pytest.raises(DataError, match=rf"unit 'riders', field '{field}': 1001 is not allowed; use 0 to 1000$"):
        load_theme_data(outside)
