"""The summary: Wilson intervals, the verdict in words, and --json for scripts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from warp_empires.cli.main import cli
from warp_empires.simulation import GameResult, summarize, wilson

from .support import short_run, with_first_option_agent


def test_wilson_intervals_match_the_published_values():
    assert [round(x, 4) for x in wilson(84, 100)] == [0.7558, 0.8990]
    assert [round(x, 4) for x in wilson(0, 10)] == [0.0, 0.2775]  # never below 0, unlike the normal approximation
    assert [round(x, 4) for x in wilson(10, 10)] == [0.7225, 1.0]


def test_a_clean_sweep_has_an_interval_ending_at_exactly_0_or_1():
    # Worked out, 0 wins in 3 games came out at 5.6e-17, and that is what --json printed.
    assert [wilson(0, games)[0] for games in range(1, 30)] == [0.0] * 29
    assert [wilson(games, games)[1] for games in range(1, 30)] == [1.0] * 29


def _game(i, factions, winner, reason="victory", rounds=12):
    return GameResult(i, i, factions, ("ai:random", "ai:random"), winner, reason, rounds, 300,
                      (3, 4), (5, 6), (1, 2), ((1,) * rounds, (2,) * rounds), {"Scouts": 3})


def test_a_faction_that_wins_far_too_often_is_called_too_strong_and_its_victims_too_weak():
    games = [_game(i, ("earth_empire", "daleks") if i % 2 else ("cybermen", "earth_empire"), 0 if i % 2 else 1) for i in range(84)]
    games += [_game(84 + i, ("earth_empire", "daleks"), 1, "turn limit", 50) for i in range(16)]
    s = summarize(games, short_run(), {"earth_empire": "Earth Empire", "daleks": "Daleks", "cybermen": "Cybermen"})
    assert s["verdict"][0] == "Earth Empire won 84% (76-90%): too strong at the 95% level"
    assert s["factions"]["daleks"]["verdict"].endswith("too weak at the 95% level")
    assert s["end_reasons"] == {"turn limit": 16, "victory": 84}
    assert s["rounds"]["histogram"] == {"12": 84, "50": 16} and s["rounds"]["median"] == 12
    assert s["versus"]["earth_empire"]["daleks"] == {"games": 58, "wins": 42, "draws": 0, "share": 42 / 58}
    assert s["seats"][0]["games"] == 100 and s["cards_played"] == {"Scouts": 300}
    assert s["revenue_by_round"]["cybermen"] == [1.0] * 12  # cybermen always sat first


def test_an_even_result_is_within_chance():
    games = [_game(i, ("daleks", "cybermen"), i % 2) for i in range(40)]
    s = summarize(games, short_run(), {"daleks": "Daleks", "cybermen": "Cybermen"})
    assert s["factions"]["daleks"]["verdict"] == "Daleks won 50% (35-65%): within chance of the fair 50%"


def test_a_drawn_game_counts_half_a_win_to_each_side_so_draws_call_nobody_too_weak():
    # Counted as losses, a run of short games ending mostly in draws called every faction too weak.
    games = [_game(i, ("daleks", "cybermen"), -1, "turn limit", 3) for i in range(30)]
    games += [_game(30 + i, ("daleks", "cybermen"), i % 2, "turn limit", 3) for i in range(10)]
    s = summarize(games, short_run(), {"daleks": "Daleks", "cybermen": "Cybermen"})
    daleks = s["factions"]["daleks"]
    assert (daleks["games"], daleks["wins"], daleks["draws"], daleks["win_rate"]) == (40, 5, 30, 0.5)
    assert daleks["verdict"] == "Daleks won 50% (35-65%), 30 draws counted as the fair share of a win: within chance of the fair 50%"
    assert s["versus"]["daleks"]["cybermen"] == {"games": 40, "wins": 5, "draws": 30, "share": 0.5}  # head to head, the same count
    assert s["end_reasons"] == {"turn limit": 40, "victory": 0} and s["draws"] == 30


def test_json_gives_games_agents_factions_and_end_reasons(monkeypatch):
    with_first_option_agent(monkeypatch)
    result = CliRunner().invoke(cli, [
        "simulate", "doctor_who", "--games", "6", "--zones", "24", "--turn-limit", "6", "--workers", "1",
        "--agent", "first", "--agent", "random", "--json",
    ])
    assert result.exit_code == 0, result.output
    s = json.loads(result.stdout)
    assert s["games"] == 6 and s["players"] == 2
    agents = s["agents"]
    assert set(agents) == {"ai:first", "ai:random"} and {a["games"] for a in agents.values()} == {6}
    assert sum(a["wins"] for a in agents.values()) + s["draws"] == 6
    assert all(a["draws"] == s["draws"] for a in agents.values())  # both seats of a drawn game drew it
    assert all(a["win_rate"] == (a["wins"] + a["draws"] / 2) / 6 for a in agents.values())  # a draw is half a win
    assert sum(f["games"] for f in s["factions"].values()) == 12
    # Both reasons are always there, so a script may read either.
    assert sum(s["end_reasons"].values()) == 6 and set(s["end_reasons"]) == {"victory", "turn limit"}


@pytest.mark.parametrize(
    "args, said",
    [
        (["--agent", "smart"], "Error: Invalid value for --agent: unknown agent 'ai:smart'; known agents: ai:random, ai:greedy, ai:mcts"),
        (["--agent", "random", "--agent", "random", "--players", "3"],
         "Error: Invalid value for --agent: 2 agents for 3 seats; give one --agent for every seat, or one for all"),
        (["--agent", "random"] * 9, "Error: Invalid value for --players: 9 is not allowed; use 1 to 8"),
    ],
)
def test_seats_the_run_cannot_fill_are_one_line(args, said):
    result = CliRunner().invoke(cli, ["simulate", "doctor_who", "--games", "1", *args])
    assert result.exit_code == 2 and result.output.strip().splitlines()[-1] == said
