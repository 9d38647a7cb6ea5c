"""A game of computer players only runs to the end without any input."""

from __future__ import annotations

from warp_empires import saves

from .support import latest_save, run


def test_computer_players_only(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(["play", "doctor_who", "--seat", "ai:random:daleks", "--seat", "ai:random:cybermen", "--turn-limit", "20", "--seed", "3"])
    out = result.output
    assert result.exit_code == 0, out
    assert "Turn 1 (round 1): Daleks AI" in out and "Turn 2 (round 1): Cybermen AI" in out
    assert "Game over" in out and "Final position" in out
    table = out[out.index("Final position"):]
    assert "Daleks AI" in table and "Cybermen AI" in table
    game = saves.load(latest_save(tmp_path / "saves"))
    assert game.is_over and game.state.turn <= 40
    assert f"Turn {game.state.turn} (round {(game.state.turn + 1) // 2})" in out
