"""Saves: JSON written atomically, replayed on load from the seed and the choices (B12) and
checked against the digest.

Golden playthroughs in tests/golden/ (setup + every choice + the expected digest) are
replayed on every run, so a change that alters how a recorded game plays out is caught
(tests/golden/record.py re-records them when that change is meant).
"""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warp_empires import Game, GameSetup, Seat, saves
from warp_empires.agents import RandomAgent
from warp_empires.mapgen import generate_for_theme
from warp_empires.plugins import make_manager

GOLDEN = Path(__file__).parent / "golden"
GALAXY = generate_for_theme(make_manager("doctor_who"), zones=24, players=2, seed=5)


def random_game(seed: int, stop: int | None = None, turn_limit: int = 6) -> Game:
    game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "vardans", "ai:random")], GALAXY, seed, turn_limit))
    agent = RandomAgent(seed)
    while game.pending is not None and (stop is None or game.decisions < stop):
        game.decide(agent.choose(game))
    return game


@settings(max_examples=25, deadline=None, database=None)
@given(st.integers(0, 10_000), st.integers(0, 400))
def test_save_then_load_gives_the_same_position(tmp_path_factory, seed, stop):
    game = random_game(seed, stop)
    path = saves.save(game, tmp_path_factory.mktemp("s") / "game.json")
    loaded = saves.load(path)
    assert loaded.digest() == game.digest()
    assert loaded.choices == game.choices
    assert loaded.pending == game.pending


def test_saving_leaves_no_temporary_file_and_overwrites_atomically(tmp_path):
    path = tmp_path / "game.json"
    saves.save(random_game(1, 30), path)
    saves.save(random_game(1, 60), path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert len(json.loads(path.read_text())["choices"]) == 60


@pytest.mark.parametrize("golden", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_playthrough_replays_to_its_digest(golden):
    doc = saves.read(golden)
    game = saves.replay(doc)
    assert game.digest(saves.digest_version(doc)) == doc["digest"]
    assert game.is_over == doc["over"]


def test_a_save_written_before_digest_versions_still_loads(tmp_path):
    """Saves record the digest's version; one without it has a version 1 digest, which
    is still checked: right, it loads; wrong, it is refused."""
    game = random_game(3, 40)
    doc = saves.to_dict(game)
    assert doc["digest_version"] == 2
    del doc["digest_version"]
    doc["digest"] = game.digest(1)
    (tmp_path / "old.json").write_text(json.dumps(doc))
    assert saves.load(tmp_path / "old.json").digest() == game.digest()
    doc["digest"] = random_game(3, 41).digest(1)
    (tmp_path / "edited.json").write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError, match="does not reach the position the save records"):
        saves.load(tmp_path / "edited.json")


def test_a_save_with_an_unknown_digest_version_is_refused(tmp_path):
    doc = saves.to_dict(random_game(3, 40))
    doc["digest_version"] = 9
    (tmp_path / "future.json").write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError, match="digest has version 9; this warp-empires checks versions 1 and 2"):
        saves.load(tmp_path / "future.json")


def test_there_are_golden_playthroughs_of_every_bundled_theme():
    assert {json.loads(p.read_text())["setup"]["module"] for p in GOLDEN.glob("*.json")} >= {"doctor_who", "warhammer_space", "classical_city_states"}


# ---------------------------------------------------------------------- refused files


def saved_doc(tmp_path) -> dict:
    return json.loads(saves.save(random_game(2, 50), tmp_path / "ok.json").read_text())


def refuse(tmp_path, content: bytes | str) -> str:
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(saves.SaveError) as info:
        saves.load(path)
    message = str(info.value)
    assert "\n" not in message
    assert str(path) in message  # which file is at fault
    return message.removeprefix(f"{path}: ")


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(saves.SaveError, match="cannot read save .*No such file"):
        saves.load(tmp_path / "nothing.json")


def test_a_truncated_file_is_refused(tmp_path):
    text = json.dumps(saved_doc(tmp_path))
    assert "not valid JSON" in refuse(tmp_path, text[: len(text) // 2])


def test_a_file_that_is_not_json_is_refused(tmp_path):
    assert "not a save file" in refuse(tmp_path, b"\x89PNG\r\n\x1a\n")


def test_json_that_is_not_a_save_is_refused(tmp_path):
    assert "is not a warp-empires save" in refuse(tmp_path, '{"format": "something-else"}')


def test_an_unknown_format_version_is_refused(tmp_path):
    doc = saved_doc(tmp_path)
    doc["format_version"] = 99
    assert "save format version 99; this warp-empires reads version 1" in refuse(tmp_path, json.dumps(doc))


def test_a_choice_that_is_not_an_option_id_is_refused(tmp_path):
    doc = saved_doc(tmp_path)
    doc["choices"][3] = {"__class__": "os.system"}
    assert "choice 4 is" in refuse(tmp_path, json.dumps(doc))


def test_a_choice_that_no_longer_fits_names_the_module_version(tmp_path):
    doc = saved_doc(tmp_path)
    doc["choices"][0] = "zone:9999"
    doc["module_version"] = "0.9"
    message = refuse(tmp_path, json.dumps(doc))
    assert message.startswith("choice 1 of the save ('zone:9999') is not legal here")
    assert "saved with 0.9, this is 1.0.0" in message


def test_a_digest_mismatch_from_an_older_version_says_another_version_made_it(tmp_path):
    doc = saved_doc(tmp_path)
    doc["digest"] = "0" * 16
    doc["module_version"] = "0.9"
    assert "different version of module doctor_who (saved with 0.9, this is 1.0.0)" in refuse(tmp_path, json.dumps(doc))


def test_a_deeply_nested_file_is_refused(tmp_path):
    assert "not a save file" in refuse(tmp_path, "[" * 100_000 + "]" * 100_000)


def test_a_setup_with_a_broken_map_is_refused(tmp_path):
    doc = saved_doc(tmp_path)
    doc["setup"]["map"]["graph"]["edges"].append({"source": 0, "target": 5000})
    assert refuse(tmp_path, json.dumps(doc)) == "the save's map: border 0-5000 names zone 5000, which is not in the zones list"


def test_an_unknown_module_is_refused(tmp_path):
    doc = saved_doc(tmp_path)
    doc["setup"]["module"] = "gone"
    assert "unknown module 'gone'" in refuse(tmp_path, json.dumps(doc))
