"""The results file keeps every game as it comes in; Ctrl-C keeps what was played and
--resume carries on to the same results as a run never stopped."""

from __future__ import annotations

import json
import os
import signal
import sqlite3

import pytest
from click.testing import CliRunner

from warp_empires.cli.main import cli
from warp_empires.simulation import ResultsError, ResultsFile, run
from warp_empires.simulation import progress as progress_module

from .support import short_run


def ctrl_c_after(games: int):
    """An ``on_result`` that presses Ctrl-C (a real SIGINT to this process) after ``games`` games."""
    seen = []

    def on_result(result):
        seen.append(result.index)
        if len(seen) == games:
            os.kill(os.getpid(), signal.SIGINT)

    return on_result


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_games_played_and_resume_finishes_the_same_run(tmp_path, workers):
    settings = short_run()
    whole = run(settings, 10).results
    path = tmp_path / "results.sqlite"
    store = ResultsFile(path, settings)
    stopped = run(settings, 10, workers=workers, store=store, on_result=ctrl_c_after(4))
    store.close()
    assert stopped.interrupted and 4 <= len(stopped.results) < 10
    kept = sqlite3.connect(path).execute("select count(*), min(rounds) from games").fetchone()
    assert kept[0] == len(stopped.results) and kept[1] >= 1
    again = ResultsFile(path, settings, resume=True)
    finished = run(settings, 10, workers=workers, store=again)
    again.close()
    assert not finished.interrupted and finished.results == whole


def test_a_row_holds_the_game_as_the_summary_and_other_tools_need_it(tmp_path):
    settings = short_run()
    path = tmp_path / "r.sqlite"
    store = ResultsFile(path, settings)
    game = run(settings, 1, store=store).results[0]
    store.close()
    row = sqlite3.connect(path).execute(
        "select seed, seats, factions, agents, winner, winner_faction, end_reason, rounds, decisions, revenue, units, cards, revenue_by_round from games"
    ).fetchone()
    assert row[:9] == (game.seed, 2, json.dumps(list(game.factions)), '["ai:random", "ai:random"]', game.winner,
                       game.factions[game.winner] if game.winner >= 0 else None, game.reason, game.rounds, game.decisions)
    assert json.loads(row[9]) == list(game.revenue) and json.loads(row[10]) == list(game.units) and json.loads(row[11]) == list(game.cards)
    by_round = json.loads(row[12])
    assert len(by_round) == 2 and all(len(seat) == game.rounds for seat in by_round)
    assert game.reason == "turn limit" and game.rounds == 6


def test_a_file_that_holds_games_is_not_overwritten_nor_mixed_with_another_run(tmp_path):
    path = tmp_path / "r.sqlite"
    store = ResultsFile(path, short_run())
    run(short_run(), 2, store=store)
    store.close()
    with pytest.raises(ResultsError, match=r"already holds 2 games; add --resume to carry on, or choose another --out file$"):
        ResultsFile(path, short_run())
    with pytest.raises(ResultsError, match=r"holds a run with other settings \(seed 4 vs 3; turn limit 9 vs 6\); use the same options"):
        ResultsFile(path, short_run(seed=4, turn_limit=9), resume=True)


def _simulate(*args):
    return CliRunner().invoke(cli, ["simulate", "doctor_who", "--seed", "3", "--zones", "24", "--turn-limit", "6", "--workers", "1", *args])


def test_the_command_prints_the_summary_so_far_on_ctrl_c_and_resume_carries_on(tmp_path, monkeypatch):
    out = str(tmp_path / "r.sqlite")
    pressed = []
    advance = progress_module.Meter.advance

    def advance_then_ctrl_c(meter):
        advance(meter)
        if meter.done == 3 and not pressed:
            pressed.append(True)
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(progress_module.Meter, "advance", advance_then_ctrl_c)
    stopped = _simulate("--games", "8", "--out", out)
    assert stopped.exit_code == 130
    assert stopped.stdout.startswith("3 games of Doctor Who Empires (stopped early: 5 of 8 not played)")
    assert "stopped by Ctrl-C after 3 of 8 games; they are kept in" in stopped.stderr
    resumed = _simulate("--games", "8", "--out", out, "--resume")
    fresh = _simulate("--games", "8")
    assert resumed.exit_code == 0 and resumed.stdout == fresh.stdout
    assert "5 games in" in resumed.stderr  # only the missing games were played


def test_the_command_refuses_a_resume_without_a_file_and_a_file_in_use(tmp_path):
    assert _simulate("--resume").output.strip().splitlines()[-1] == "Error: Invalid value for --resume: needs --out FILE, the results file to carry on"
    out = str(tmp_path / "r.sqlite")
    _simulate("--games", "1", "--out", out)
    again = _simulate("--games", "1", "--out", out)
    assert again.exit_code == 1
    assert again.output.strip() == f"Error: {out} already holds 1 games; add --resume to carry on, or choose another --out file"


def test_a_results_file_that_cannot_be_opened_or_is_something_else_is_one_line(tmp_path):
    missing = tmp_path / "no" / "such" / "r.sqlite"
    result = _simulate("--games", "1", "--out", str(missing))
    assert result.exit_code == 1 and result.output.strip() == f"Error: {missing}: cannot be opened (unable to open database file)"
    text = tmp_path / "notes.sqlite"
    text.write_text("these are my notes, not games\n" * 100)
    result = _simulate("--games", "1", "--out", str(text))
    assert result.exit_code == 1 and result.output.strip() == f"Error: {text}: not a results file (file is not a database)"
    assert text.read_text().startswith("these are my notes")  # left as it was


def test_a_run_that_crashes_keeps_the_games_finished_before(tmp_path, monkeypatch):
    from warp_empires import agents

    made = []
    known = agents.make_agent

    class Broken:
        def choose(self, game):
            raise RuntimeError("the agent broke")

    def make_agent(spec, seed):
        made.append(spec)
        return Broken() if len(made) == 7 else known(spec, seed)  # the first seat of the fourth game

    monkeypatch.setattr(agents, "make_agent", make_agent)
    store = ResultsFile(tmp_path / "r.sqlite", short_run())
    with pytest.raises(RuntimeError, match="the agent broke"):
        run(short_run(), 6, store=store)
    assert store.done() == {0, 1, 2}
    store.close()
