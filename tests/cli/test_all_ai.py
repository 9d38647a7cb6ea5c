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


def test_greedy_city_states_played_at_the_terminal_end(tmp_path):
    """The hotseat makes each computer decision with a fresh player (so a resumed game plays
    on alike): a greedy player picking a group it cannot move leaves units behind, never
    adds and leaves the same Fleet for ever (seed 1 once hung here)."""
    seats = ["--seat", "ai:greedy:corinth", "--seat", "ai:greedy:athens", "--seat", "ai:greedy:sparta"]
    result = run(["play", "classical_city_states", *seats, "--seed", "1", "--turn-limit", "2", "--saves", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert saves.load(latest_save(tmp_path)).is_over
