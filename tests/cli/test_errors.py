"""Mistakes on the command line end with one line and exit code 1 (2 for usage errors)."""

from __future__ import annotations

import json

import pytest

from warp_empires.cli import play_cmd

from .support import one_line_error, run, small_map


@pytest.fixture(autouse=True)
def _small_maps(monkeypatch):
    monkeypatch.setattr(play_cmd, "make_random_map", lambda pm, zones, players, seed: small_map(players))


def test_unknown_module(tmp_path):
    result = run(["play", "no_such_game", "--seat", "Ann:daleks", "--saves", str(tmp_path)])
    assert result.exit_code == 1
    assert "unknown module 'no_such_game'" in one_line_error(result)


def test_unknown_faction_names_the_choices(tmp_path):
    result = run(["play", "doctor_who", "--seat", "Ann:klingons", "--seat", "ai:random:daleks", "--saves", str(tmp_path)])
    assert result.exit_code == 1
    line = one_line_error(result)
    assert "unknown faction 'klingons'" in line and "daleks" in line


def test_a_mistyped_faction_names_the_nearest(tmp_path):
    result = run(["play", "doctor_who", "--seat", "Ann:dalek", "--seat", "ai:random:cybermen", "--saves", str(tmp_path)])
    assert "unknown faction 'dalek' for seat 1 (Ann) (did you mean 'daleks'?); choose one of:" in one_line_error(result)


def test_unknown_computer_player(tmp_path):
    result = run(["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:genius:cybermen", "--saves", str(tmp_path)])
    assert result.exit_code == 1
    assert "unknown agent 'ai:genius'" in one_line_error(result)


def test_missing_map_file(tmp_path):
    result = run(["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--map", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 1
    assert "nowhere.json" in one_line_error(result)


def test_bad_map_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"zones": [1, 2')
    result = run(["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--map", str(bad)])
    assert result.exit_code == 1
    one_line_error(result)


def test_a_bad_map_file_is_refused_before_any_question(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"zones": [1, 2')
    result = run(["play", "doctor_who", "--map", str(bad), "--saves", str(tmp_path)], "2\n")
    assert result.exit_code == 1
    assert str(bad) in one_line_error(result)  # the one line: no question was asked first


def test_missing_save_file(tmp_path):
    result = run(["resume", str(tmp_path / "gone.json")])
    assert result.exit_code == 1
    assert "gone.json" in one_line_error(result)


def test_corrupt_save_file(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "warp-empires-save", "format_ver')
    for command in ("resume", "replay"):
        result = run([command, str(bad)])
        assert result.exit_code == 1
        assert "not a save file" in one_line_error(result)


def test_save_of_something_else(tmp_path):
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": "world"}))
    result = run(["resume", str(other)])
    assert result.exit_code == 1
    assert "is not a warp-empires save" in one_line_error(result)


def test_resume_with_no_saves(tmp_path):
    result = run(["resume", "--saves", str(tmp_path / "empty")])
    assert result.exit_code == 1
    assert "no saved games" in one_line_error(result)


@pytest.mark.parametrize(
    "args",
    [
        ["play", "doctor_who", "--seat", "Ann:daleks", "--map", "m.json", "--zones", "12"],
        ["play", "doctor_who", "--seat", "Ann:daleks", "--turn-limit", "0"],
        ["play", "doctor_who", "--seat", "Ann:daleks:extra"],
        ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ann:cybermen"],
        ["play", "doctor_who", "--zones", "many"],
        ["resume", "a.json", "b.json"],
    ],
)
def test_usage_errors_exit_2(args, tmp_path):
    result = run(args + (["--saves", str(tmp_path)] if args[0] == "play" else []))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
