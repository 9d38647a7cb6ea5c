"""Edited, damaged and oversized saves: each refused by `resume` with one line that says
what is actually wrong, exit code 1, and the file left as it was."""

from __future__ import annotations

import json

import pytest
from cli.support import run, small_map

from warp_empires import Game, GameSetup, Seat, limits, saves

from .support import refused


def saved(tmp_path, choices: int = 6) -> dict:
    """A save of a short Doctor Who game (Ann's Daleks against Bob's Cybermen), ``choices`` in."""
    game = Game(GameSetup("doctor_who", (Seat("Ann", "daleks"), Seat("Bob", "cybermen")), small_map(2), 3, 4))
    while len(game.choices) < choices:
        game.decide(0)
    return json.loads(saves.save(game, tmp_path / "good.json").read_text())


def resume(tmp_path, doc_or_text) -> str:
    path = tmp_path / "edited.json"
    text = doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text)
    path.write_text(text)
    line = refused(run(["resume", str(path)]), code=1)
    assert path.read_text() == text  # nothing is rewritten
    assert str(path) in line  # which file is at fault
    return line.removeprefix(f"{path}: ")


def test_a_changed_seed_is_called_an_edit_not_another_version(tmp_path):
    doc = saved(tmp_path)
    doc["setup"]["seed"] += 1
    line = resume(tmp_path, doc)
    assert "the save was changed after it was written" in line
    assert "different version" not in line


def test_a_changed_choice_is_called_an_edit(tmp_path):
    doc = saved(tmp_path)
    doc["choices"][0] = "zone:9999"
    assert resume(tmp_path, doc) == (
        "choice 1 of the save ('zone:9999') is not legal here: the save was changed after it was written "
        "(its seed, seats, map or choices no longer fit together)"
    )


def test_a_changed_digest_is_called_an_edit(tmp_path):
    doc = saved(tmp_path)
    doc["digest"] = "0" * 16
    assert resume(tmp_path, doc).startswith("the replayed game does not reach the position the save records: the save was changed")


def test_choices_after_the_end_of_the_game_are_refused(tmp_path):
    game = Game(GameSetup("doctor_who", (Seat("Ann", "daleks"), Seat("Bob", "cybermen")), small_map(2), 3, 1))
    while game.pending is not None:
        game.decide(0)
    doc = saves.to_dict(game)
    doc["choices"].append("done")
    assert resume(tmp_path, doc).startswith(f"the save goes on after the game ended (choice {len(doc['choices'])} of")


def test_a_save_from_a_newer_theme_version_is_refused(tmp_path):
    doc = saved(tmp_path)
    doc["module_version"] = "9.9.9"
    assert resume(tmp_path, doc) == "this save was made by version 9.9.9 of module doctor_who, newer than 1.0.0 here; install 9.9.9 or later to resume it"


def test_a_save_from_an_older_version_that_still_replays_is_resumed(tmp_path):
    doc = saved(tmp_path)
    doc["module_version"] = "0.9.0"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    assert saves.load(path).digest() == doc["digest"]


@pytest.mark.parametrize(
    "version, line",
    [(None, "the save does not say which version of its theme made it (field 'module_version')"),
     (7, "the save does not say which version of its theme made it (field 'module_version')")],
)
def test_a_save_without_a_theme_version_is_refused(tmp_path, version, line):
    doc = saved(tmp_path)
    doc["module_version"] = version
    assert resume(tmp_path, doc) == line


@pytest.mark.parametrize(
    "seats, line",
    [
        ([["Ann", "daleks"], ["Bob", "cybermen"]], "seat 1 of the save is not an object with a name and a faction"),
        ("Ann and Bob", "the save's seats are text, not a list"),
        ([{"name": "Ann", "faction": "daleks"}, {"name": "ann", "faction": "cybermen"}],
         "cannot set the saved game up: two seats are called 'ann'; give every player a different name"),
        ([{"name": "Ann", "faction": "daleks"}, {"name": "", "faction": "cybermen"}],
         "cannot set the saved game up: seat 2 has no name; every player needs one"),
        ([{"name": "Ann", "faction": "daleks"}, {"name": "Bob\u001b[2J", "faction": "cybermen"}],
         "cannot set the saved game up: seat 2: 'Bob\\x1b[2J' is not a name; use at most 40 printable characters"),
        ([{"name": "Ann", "faction": "daleks"}, {"name": 7, "faction": "cybermen"}], "the save's seat 2 name is a number, not text"),
        ([{"name": "Ann", "faction": "daleks"}, {"name": "Bob", "faction": "cybermen", "agent": "ai:random\u001b[2J"}],
         "cannot set the saved game up: seat 2 (Bob): 'ai:random\\x1b[2J' is not a kind of player; use human or ai:NAME"),
        ([{"name": "Ann", "faction": "daleks"}, {"name": "Bob", "faction": "cybermen", "agent": "ai:genius"}],
         "unknown agent 'ai:genius'; known agents: ai:random, ai:greedy, ai:mcts"),
        ([{"name": "Ann", "faction": "daleks"}, {"name": "Bob", "faction": "daleks"}],
         "cannot set the saved game up: Ann and Bob both play the Daleks; in Doctor Who Empires each faction may be played by one seat only"),
    ],
)
def test_bad_seats_are_refused_by_what_is_wrong(tmp_path, seats, line):
    doc = saved(tmp_path)
    doc["setup"]["seats"] = seats
    assert resume(tmp_path, doc) == line


def test_nine_seats_are_refused(tmp_path):
    doc = saved(tmp_path)
    doc["setup"]["seats"] = [{"name": f"P{i}", "faction": "daleks"} for i in range(limits.MAX_SEATS + 1)]
    assert resume(tmp_path, doc) == "cannot set the saved game up: 9 seats is too many; a game has at most 8"


@pytest.mark.parametrize(
    "field, value, line",
    [
        ("seed", 2**63, "seed must be a whole number from -9223372036854775807 to 9223372036854775807"),
        ("seed", "7", "seed must be a whole number from -9223372036854775807 to 9223372036854775807"),
        ("turn_limit", 0, "turn_limit must be a whole number from 1 to 10000, or null, not 0"),
        ("turn_limit", limits.MAX_ROUNDS + 1, "turn_limit must be a whole number from 1 to 10000, or null, not 10001"),
        ("module", ["doctor_who"], "the save's module is a list, not text"),
        ("options", [], "the save's options are a list, not an object"),
    ],
)
def test_bad_setup_values_are_refused(tmp_path, field, value, line):
    doc = saved(tmp_path)
    doc["setup"][field] = value
    assert resume(tmp_path, doc) == line


def test_the_largest_turn_limit_and_seed_are_accepted(tmp_path):
    game = Game(GameSetup("doctor_who", (Seat("Ann", "daleks"), Seat("Bob", "cybermen")), small_map(2), limits.MAX_SEED, limits.MAX_ROUNDS))
    path = saves.save(game, tmp_path / "edge.json")
    assert saves.load(path).setup.turn_limit == limits.MAX_ROUNDS


def test_a_number_thousands_of_digits_long_is_refused_in_plain_words(tmp_path):
    text = json.dumps(saved(tmp_path))
    assert '"seed": 3' in text
    text = text.replace('"seed": 3', '"seed": ' + "9" * 5000, 1)
    line = resume(tmp_path, text)
    assert line.endswith("is not a save file (it holds a number thousands of digits long)")
    assert "sys." not in line


def test_a_map_edited_in_a_save_gets_the_map_checks(tmp_path):
    doc = saved(tmp_path)
    doc["setup"]["map"]["zones"][1]["name"] = doc["setup"]["map"]["zones"][0]["name"]
    assert resume(tmp_path, doc) == "the save's map: zone name 'Home' is used twice (zones[0] and zones[1]); names must be unique"
    doc = saved(tmp_path)
    doc["setup"]["map"]["zones"][1]["revenue"] = 99
    assert resume(tmp_path, doc) == (
        "cannot set the saved game up: zone 'Void One' has revenue 99 in the map, but a Void Zone earns 0 in doctor_who; "
        "a zone's revenue is its type's"
    )


def test_save_size_limit_both_sides(tmp_path, monkeypatch):
    doc = saved(tmp_path)
    path = tmp_path / "good.json"
    size = path.stat().st_size
    monkeypatch.setattr(limits, "MAX_SAVE_BYTES", size)
    assert saves.load(path).digest() == doc["digest"]  # exactly at the limit
    monkeypatch.setattr(limits, "MAX_SAVE_BYTES", size - 1)
    assert refused(run(["resume", str(path)]), code=1) == f"{path} is {size:,} bytes; a save may have at most {size - 1:,}"


def test_replay_of_an_edited_save_says_it_was_changed(tmp_path):
    doc = saved(tmp_path)
    doc["digest"] = "0" * 16
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc))
    result = run(["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    assert ("Warning: this replay does not reach the saved position: the save was changed after it was written "
            "(its seed, seats, map or choices no longer fit together).") in result.output
    doc = saved(tmp_path)
    doc["choices"][2] = "zone:9999"
    path.write_text(json.dumps(doc))
    assert refused(run(["replay", str(path), "--all"]), code=1) == (
        "choice 3 of the save ('zone:9999') is not legal here: the save was changed after it was written "
        "(its seed, seats, map or choices no longer fit together)"
    )


@pytest.mark.parametrize("rounds", [2, 3])
def test_a_game_without_a_turn_limit_is_decided_after_the_most_rounds(monkeypatch, rounds):
    """B13: with no turn limit the tiebreak still decides after limits.MAX_ROUNDS rounds,
    so the choices a save holds are bounded (lowered here to 2 and 3 rounds)."""
    from cli.support import play_quietly_until

    monkeypatch.setattr(limits, "MAX_ROUNDS", rounds)
    game = Game(GameSetup("doctor_who", (Seat("Ann", "daleks"), Seat("Bob", "cybermen")), small_map(2), 3, None))
    play_quietly_until(game, lambda d: game.state.turn > 2 * rounds + 2)  # a game that went on would stop here
    over = [e for e in game.events if e.kind == "game_over"]
    assert over and over[0].data["reason"] == "turn limit"
    assert game.state.turn == 2 * rounds


def test_a_device_is_not_read_as_a_save_or_a_map():
    assert refused(run(["resume", "/dev/zero"]), code=1) == "cannot read save /dev/zero: not a regular file"
    assert refused(run(["map", "check", "/dev/zero"]), code=1) == "cannot read /dev/zero: not a regular file"
