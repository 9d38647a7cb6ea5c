"""Hostile command-line values and answers: refused in one line (exit 2 for options used
wrongly, 1 for what the game refuses), or asked again at a prompt; never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from cli.support import run, small_map

from warp_empires import limits, saves
from warp_empires.cli import play_cmd

from .support import refused


@pytest.fixture(autouse=True)
def _small_maps(monkeypatch):
    """Doctor Who games on the small test map; other themes on their own random maps."""
    real = play_cmd.make_random_map

    def make(pm, zones, players, seed):
        return small_map(players) if pm.hook.warp_module_info().name == "doctor_who" else real(pm, zones, players, seed)

    monkeypatch.setattr(play_cmd, "make_random_map", make)


def lines(*answers: str) -> str:
    return "\n".join(answers) + "\n"


def the_save(folder):
    (path,) = folder.glob("*.json")
    return json.loads(path.read_text())


@pytest.mark.parametrize(
    "seats, line",
    [
        (["A:orks", "B:orks"], "A and B both play the Orks; in War Hammer Space Empires each faction may be played by one seat only"),
        (["A:orks", "ai:random:orks"], "A and Orks AI both play the Orks; in War Hammer Space Empires each faction may be played by one seat only"),
        (["A:orks", "B:eldar", "C:imperium", "D:tyranids", "E"],
         "5 seats but War Hammer Space Empires has 4 factions, each played once"),
        (["A\u001b[2J:orks", "B:eldar"], "seat 1: 'A\\x1b[2J' is not a name; use at most 40 printable characters"),
        (["A" * 41 + ":orks", "B:eldar"], f"seat 1: the name '{'A' * 20}'... has 41 characters; use at most 40 printable characters"),
    ],
)
def test_seats_war_hammer_cannot_seat_are_refused(tmp_path, seats, line):
    args = ["play", "warhammer_space", "--saves", str(tmp_path)]
    for seat in seats:
        args += ["--seat", seat]
    assert refused(run(args), code=1) == line
    assert not any(tmp_path.iterdir())


def test_twenty_seats_of_earth_empire_are_refused(tmp_path):
    args = ["play", "doctor_who", "--saves", str(tmp_path)]
    for i in range(20):
        args += ["--seat", f"P{i}:earth_empire"]
    assert refused(run(args), code=1) == "20 seats is too many; a game has at most 8"


@pytest.mark.parametrize(
    "option, value, line",
    [
        ("--turn-limit", "0", "Invalid value for '--turn-limit': '0': give a number of rounds from 1 to 10000, or none"),
        ("--turn-limit", "10001", "Invalid value for '--turn-limit': '10001': give a number of rounds from 1 to 10000, or none"),
        ("--seed", str(2**63), f"Invalid value for '--seed': {2**63} is not in the range -{limits.MAX_SEED}<=x<={limits.MAX_SEED}."),
        ("--zones", "3", "Invalid value for '--zones': 3 is not in the range 4<=x<=2000."),
    ],
)
def test_numbers_out_of_range_are_usage_errors(tmp_path, option, value, line):
    args = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", option, value, "--saves", str(tmp_path)]
    assert refused(run(args), code=2) == line


@pytest.mark.parametrize("seat, line", [
    ("ai:greedy:cybermen:extra", "Invalid value for --seat: 'ai:greedy:cybermen:extra': write ai:AGENT:FACTION (e.g. ai:greedy:daleks)"),
    ("Bob:cybermen:extra", "Invalid value for --seat: 'Bob:cybermen:extra': write NAME:FACTION (e.g. Ann:daleks)"),
])
def test_a_seat_with_a_part_too_many_is_a_usage_error(tmp_path, seat, line):
    args = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", seat, "--saves", str(tmp_path)]
    assert refused(run(args), code=2) == line


def test_an_agent_spec_with_all_its_options_is_taken(tmp_path):
    spec = "ai:mcts/iterations=5,depth=6,rollout=random"  # longer than a name may be
    args = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", f"{spec}:cybermen", "--turn-limit", "1", "--saves", str(tmp_path)]
    assert run(args, "quit\n").exit_code == 0
    assert the_save(tmp_path)["setup"]["seats"][1]["agent"] == spec


def test_the_largest_turn_limit_is_accepted(tmp_path):
    args = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--turn-limit", "10000", "--saves", str(tmp_path)]
    assert run(args, "quit\n").exit_code == 0
    assert the_save(tmp_path)["setup"]["turn_limit"] == 10000


def test_a_turn_limit_of_0_at_the_prompt_is_asked_again(tmp_path):
    # players, seat 1 a person, name, faction, seat 2 the computer, map, turn limit...
    result = run(["play", "doctor_who", "--seed", "5", "--saves", str(tmp_path)], lines("", "", "", "", "", "", "0", "none", "quit"))
    assert result.exit_code == 0, result.output
    assert "Turn limit in rounds [20]: 0\nType a whole number from 1 to 10000, or 'none'." in result.output
    assert the_save(tmp_path)["setup"]["turn_limit"] is None


def test_a_name_with_escape_codes_at_the_prompt_is_asked_again(tmp_path):
    result = run(["play", "doctor_who", "--seed", "5", "--saves", str(tmp_path)],
                 lines("", "", "Ann\u001b[2J", "Ann", "", "", "", "", "quit"))
    assert result.exit_code == 0, result.output
    assert "A name has at most 40 printable characters." in result.output
    assert the_save(tmp_path)["setup"]["seats"][0]["name"] == "Ann"


@pytest.mark.parametrize("pick", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_guided_war_hammer_never_gives_the_computer_the_persons_faction(tmp_path, seed, pick):
    # players, seat 1 a person, name, faction number `pick`, seat 2 the computer, map, turn limit.
    result = run(["play", "warhammer_space", "--seed", str(seed), "--saves", str(tmp_path)], lines("", "", "", str(pick), "", "", "", "quit"))
    assert result.exit_code == 0, result.output
    seats = the_save(tmp_path)["setup"]["seats"]
    assert seats[0]["faction"] == ["orks", "imperium", "eldar", "tyranids"][pick - 1]
    assert seats[1]["faction"] != seats[0]["faction"]


def test_a_person_after_the_computer_is_not_offered_its_faction(tmp_path):
    # 2 players; seat 1 the computer; seat 2 a person, who sees three factions.
    result = run(["play", "warhammer_space", "--seed", "1", "--saves", str(tmp_path)], lines("", "2", "1", "Ann", "", "", "", "quit"))
    assert result.exit_code == 0, result.output
    seats = the_save(tmp_path)["setup"]["seats"]
    menu = result.output.split("Faction for Ann:")[1].split("Choose")[0]
    assert menu.count("\n  ") == 3
    assert saves.load(next(tmp_path.glob("*.json"))).state.players[0].faction.name not in menu
    assert seats[0]["faction"] != seats[1]["faction"]


def closed_input(*args: str) -> subprocess.CompletedProcess:
    """``warp-empires ARGS`` started with standard input closed (as ``<&-`` does in a shell)."""
    env = {**os.environ, "COLUMNS": "120"}
    return subprocess.run([sys.executable, "-m", "warp_empires", *args], capture_output=True, text=True,
                          timeout=60, env=env, preexec_fn=lambda: os.close(0))


def test_play_with_standard_input_closed_is_one_line(tmp_path):
    # The program reads a closed input as empty (for every command), so `play` meets the
    # end of input at its first question.
    done = closed_input("play", "--saves", str(tmp_path))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == ["Error: input ended before the game was set up; no game started"]
    assert not list(tmp_path.iterdir())


def test_player_names_never_reach_the_terminal_with_escape_codes(tmp_path):
    """What a save says is checked like what is typed: no name with escape codes is printed."""
    doc = json.loads(saves.save(play_cmd.Game(play_cmd.GameSetup(
        "doctor_who", (play_cmd.Seat("Ann", "daleks"), play_cmd.Seat("Bob", "cybermen")), small_map(2), 1, 2)), tmp_path / "g.json").read_text())
    doc["setup"]["seats"][1]["name"] = "\u001b]0;owned\u0007Bob"
    (tmp_path / "g.json").write_text(json.dumps(doc))
    result = run(["resume", str(tmp_path / "g.json")])
    assert "\u001b" not in result.output
    assert refused(result, code=1).startswith(f"{tmp_path / 'g.json'}: cannot set the saved game up: seat 2: ")


def test_hostile_answers_at_the_game_prompt_are_refused_and_the_game_goes_on(tmp_path):
    answers = ["9" * 5000, "\u00b2", "U\u00b2", "zone \u001b[2J", "log 99999999999999", "why 99999999999999", "why \u00b2", "done", "quit"]
    result = run(["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--seed", "1", "--saves", str(tmp_path)],
                 lines(*answers))
    out = result.output
    assert result.exit_code == 0, out
    assert "999999999999... is not an option: choose a number from 1 to 6." in out
    assert "There is no option 999999999999: the options are numbered 1 to 6." in out
    assert "Game saved to" in out
    assert the_save(tmp_path)["choices"] == ["done"]
