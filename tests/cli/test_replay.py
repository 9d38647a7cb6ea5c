"""``warp-empires replay``: a saved game told decision by decision."""

from __future__ import annotations

import json
import re

import pytest

from warp_empires.cli import play_cmd

from .support import latest_save, run, small_map


@pytest.fixture(autouse=True)
def _small_maps(monkeypatch):
    monkeypatch.setattr(play_cmd, "make_random_map", lambda pm, zones, players, seed: small_map(players))


@pytest.fixture
def finished(tmp_path):
    result = run(["play", "doctor_who", "--seat", "ai:random:daleks", "--seat", "ai:random:cybermen", "--turn-limit", "3", "--seed", "2", "--saves", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return latest_save(tmp_path)


def steps(out: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\s*(\d+)\. ", out, flags=re.M)]


def test_the_whole_game_when_input_is_not_a_terminal(finished):
    total = len(json.loads(finished.read_text())["choices"])
    result = run(["replay", str(finished)])
    out = result.output
    assert result.exit_code == 0, out
    assert f"{total} decisions" in out
    assert steps(out) == list(range(1, total + 1))
    assert "Daleks AI starts in" in out and "Turn 2 (round 1): Cybermen AI" in out
    # B14: a finished game is shown whole, and the replay says so before anything else.
    assert out.splitlines()[1] == "The game is over: this replay shows everything, hidden units and every hand included."
    assert "(seen by Daleks AI)" in out  # every hand, marked as private
    assert re.search(r"Daleks AI placed [A-Z][A-Za-z ]+ in ", out)  # which units, too
    assert "Final position" in out


def test_stepping_jumping_and_quitting(finished):
    result = run(["replay", "--step", str(finished)], "\n\n7\nmap\nhuh\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    assert steps(out)[:3] == [1, 2, 7]
    assert "-- decision 7 of" in out
    # After decision 7 is shown, the prompt names the one Enter shows next: 8, not "[8/...]" read as the 8th shown.
    assert f"[next: 8 of " in out.split("-- decision 7 of", 1)[1]
    assert "The board" in out
    assert "Press Enter, type a decision number" in out
    assert "Final position" not in out
    # B14: the game is over, so the replay shows everything, the board's stacks unit by unit.
    board = out.split("The board", 1)[1].split("Press Enter", 1)[0]
    assert "Daleks AI:" in board and "Cybermen AI:" in board and " more" not in board


def test_an_unfinished_save_stops_where_it_stopped_and_shows_only_what_the_table_saw(tmp_path):
    run(["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--seed", "1", "--saves", str(tmp_path)], "done\nquit\n")
    saved = latest_save(tmp_path)
    result = run(["replay", "--all", str(saved)])
    out = result.output
    assert result.exit_code == 0, out
    assert steps(out) == [1]
    # B14: the game goes on, so nobody's choices, hand or hidden units are shown.
    assert "The game is not over: this replay shows only what every player may see" in out
    assert "1. Ann decides" in out and "Discard a card" not in out
    assert "Ann drew 3 card(s)" in out and "Ann drew:" not in out
    assert f"The save stops here, in turn 1; carry on with: warp-empires resume {saved}" in out


def test_one_players_view_of_an_unfinished_game(tmp_path):
    run(["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--seed", "1", "--saves", str(tmp_path)], "done\nquit\n")
    save = str(latest_save(tmp_path))
    ann = run(["replay", "--all", "--seat", "ann", save]).output
    assert "this replay shows only what Ann saw" in ann
    assert "Ann: Discard a card before drawing? -> Keep the rest of my hand" in ann
    assert "Ann drew: " in ann
    bad = run(["replay", "--all", "--seat", "Zoe", save])
    assert bad.exit_code == 2
    assert "no player is called 'Zoe'; the players are Ann, Cybermen AI (or 1 to 2)" in bad.output
