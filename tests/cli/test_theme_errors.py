"""A theme's own code failing mid-game: a few lines naming the theme's file and line, the
game kept as it stood before the choice that set it off, and exit code 1 (never a
traceback that ends in the engine)."""

from __future__ import annotations

import json
import shutil

import pytest

from warp_empires import Game, GameSetup, Seat
from warp_empires.blame import ThemeError
from warp_empires.plugins import discover, make_manager

from contract_support import CONTRACT, SKIRMISH_MAP

from .support import latest_save, run

BROKEN = ("        s = game.state\n        for zone in s.controlled(self.seat):",
          "        s = game.state\n        s.players[self.seat].treasury //= 0  # broken on purpose\n        for zone in s.controlled(self.seat):")


@pytest.fixture
def broken(tmp_path):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    init = folder / "__init__.py"
    init.write_text(init.read_text().replace(*BROKEN))
    return folder


def test_the_error_names_the_theme_its_file_and_line(broken):
    plugin = discover(module_paths=[broken]).modules["contract_skirmish"].plugin
    game = Game(GameSetup("contract_skirmish", [Seat("A", "highlanders"), Seat("B", "riverfolk")], SKIRMISH_MAP, 1), plugins=make_manager(plugin))
    line = next(n for n, text in enumerate((broken / "__init__.py").read_text().splitlines(), 1) if "broken on purpose" in text)
    with pytest.raises(ThemeError) as caught:
        while game.pending is not None:
            game.decide(0)
    lines = str(caught.value).splitlines()
    assert lines[0] == "the theme 'contract_skirmish' failed in its own code:"
    assert lines[1] == f"  {broken / '__init__.py'}, line {line}, in run: s.players[self.seat].treasury //= 0  # broken on purpose"
    assert lines[2] == "  ZeroDivisionError: integer division or modulo by zero"
    assert isinstance(caught.value.__cause__, ZeroDivisionError)


def test_play_keeps_the_game_from_before_the_failing_choice_and_exits_with_1(broken, tmp_path):
    saves = tmp_path / "saves"
    result = run(["--module-path", str(broken), "play", "contract_skirmish", "--seat", "ai:random:highlanders",
                  "--seat", "ai:random:riverfolk", "--seed", "3", "--saves", str(saves)])
    out = result.output
    assert result.exit_code == 1
    assert "Error: the theme 'contract_skirmish' failed in its own code:" in out and "ZeroDivisionError" in out
    assert "Traceback" not in out
    assert "The game as it stood before that choice is saved to " in out and "Carry on with: warp-empires resume " in out
    doc = json.loads(latest_save(saves).read_text())
    assert doc["over"] is False and len(doc["choices"]) >= 1
