"""A theme's own code failing mid-game: a few lines naming the theme's file and line, the
game kept as it stood before the choice that set it off, and exit code 1 (never a
traceback that ends in the engine)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

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
    assert "The game as it stood before that choice is saved to " in out
    doc = json.loads(latest_save(saves).read_text())
    assert doc["over"] is False and len(doc["choices"]) >= 1
    # The command to carry on loads the theme from where the game did: typed as shown, it works.
    assert f"Carry on with: warp-empires --module-path {broken} resume {latest_save(saves)}" in out
    resumed = run(["--module-path", str(broken), "resume", str(latest_save(saves))])
    assert "Resuming " in resumed.output and "unknown module" not in resumed.output


# ---------------------------------------------------------------- a rule hook's wrong answer

WRONG_VICTORY = ("            return owners.pop()\n        return None", "            return owners.pop()\n        return game.state.players[0].name  # wrong on purpose")
WRONG_MUSTER = ('        return {"muster": muster_phase}', '        return {"muster": lambda game, seat: Muster(seat)}  # wrong on purpose')


def skirmish_with(tmp_path, change):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    init = folder / "__init__.py"
    assert change[0] in init.read_text()
    init.write_text(init.read_text().replace(*change))
    return folder, init


def line_of(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def play_until_error(folder):
    plugin = discover(module_paths=[folder]).modules["contract_skirmish"].plugin
    game = Game(GameSetup("contract_skirmish", [Seat("Ann", "highlanders"), Seat("Bob", "riverfolk")], SKIRMISH_MAP, 1), plugins=make_manager(plugin))
    with pytest.raises(ThemeError) as caught:
        while game.pending is not None:
            game.decide(0)
    return str(caught.value).splitlines()


def test_a_rule_hook_answering_the_wrong_kind_of_value_is_named_with_its_theme_file_and_line(tmp_path):
    folder, init = skirmish_with(tmp_path, WRONG_VICTORY)
    assert play_until_error(folder) == [
        "the theme 'contract_skirmish' gave a wrong answer from warp_victory:",
        f"  {init}, line {line_of(init, 'def warp_victory') - 1}, in warp_victory",
        "  warp_victory must return a seat number or None, not 'Ann' (a str)",
    ]


def test_a_phase_handler_not_answering_a_list_of_steps_is_named_too(tmp_path):
    folder, init = skirmish_with(tmp_path, WRONG_MUSTER)
    lines = play_until_error(folder)
    assert lines[0] == "the theme 'contract_skirmish' gave a wrong answer from its 'muster' phase handler:"
    assert lines[1] == f"  {init}, line {line_of(init, 'wrong on purpose')}, in <lambda>"
    assert lines[2] == "  a phase handler must return a list of Step, not Muster(seat=0) (a Muster)"


def test_play_keeps_the_game_and_says_how_to_resume_after_a_wrong_answer(tmp_path):
    folder, init = skirmish_with(tmp_path, WRONG_VICTORY)
    saves = tmp_path / "saves"
    result = run(["--module-path", str(folder), "play", "contract_skirmish", "--seat", "ai:random:highlanders",
                  "--seat", "ai:random:riverfolk", "--seed", "3", "--saves", str(saves)])
    out = result.output
    assert result.exit_code == 1
    assert "Error: the theme 'contract_skirmish' gave a wrong answer from warp_victory:" in out
    assert f"{init}, line {line_of(init, 'def warp_victory') - 1}, in warp_victory" in out
    assert "Traceback" not in out
    assert "The game as it stood before that choice is saved to " in out
    assert f"Carry on with: warp-empires --module-path {folder} resume {latest_save(saves)}" in out
    doc = json.loads(latest_save(saves).read_text())
    assert doc["over"] is False


TIEBREAK = "    @hookimpl\n    def warp_tiebreak(self, game):"


def with_evaluate(body: str) -> tuple[str, str]:
    """A change adding a warp_evaluate hook whose body is ``body`` (one line, wrong on purpose)."""
    return TIEBREAK, f"    @hookimpl\n    def warp_evaluate(self, game, seat):\n        {body}  # wrong on purpose\n\n{TIEBREAK}"


def play_greedy(folder, saves):
    return run(["--module-path", str(folder), "play", "contract_skirmish", "--seat", "ai:greedy:highlanders",
                "--seat", "ai:greedy:riverfolk", "--seed", "3", "--saves", str(saves)])


def test_a_computer_players_hook_that_raises_is_named_and_the_game_kept(tmp_path):
    """warp_evaluate is asked only by the computer players, outside the decision door: its
    error is the theme's all the same, named as one (and nothing is taken back)."""
    folder, init = skirmish_with(tmp_path, with_evaluate("return 1 / 0"))
    result = play_greedy(folder, tmp_path / "saves")
    out = result.output
    assert result.exit_code == 1 and "Traceback" not in out
    assert "Error: the theme 'contract_skirmish' failed in its own code:" in out
    assert f"{init}, line {line_of(init, 'wrong on purpose')}, in warp_evaluate: return 1 / 0  # wrong on purpose" in out
    assert "ZeroDivisionError: division by zero" in out
    assert "Game saved to " in out
    assert json.loads(latest_save(tmp_path / "saves").read_text())["choices"] == []


@pytest.mark.parametrize("body, shown", [
    ('return "high"', "'high' (a str)"), ('return float("nan")', "nan (a float)"),
    ("return 10 ** 400", None),  # too large for a float: shown cut short
])
def test_a_computer_players_hook_answering_no_number_is_named(tmp_path, body, shown):
    folder, init = skirmish_with(tmp_path, with_evaluate(body))
    out = play_greedy(folder, tmp_path / "saves").output
    assert "Error: the theme 'contract_skirmish' gave a wrong answer from warp_evaluate:" in out
    said = "warp_evaluate must return a number of points (neither NaN nor infinite) or None, not"
    assert f"{said} {shown}" in out if shown else (said in out and "... (an int)" in out and "Traceback" not in out)


def test_a_computer_players_hook_may_answer_any_real_number(tmp_path):
    """A fraction (or a numpy number) is a number of points as much as a float is."""
    folder, init = skirmish_with(tmp_path, with_evaluate("import fractions; return fractions.Fraction(1, 3)"))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "2"])
    assert result.exit_code == 0, result.output


def test_module_check_asks_the_computer_players_hooks_and_names_an_error_once(tmp_path):
    folder, init = skirmish_with(tmp_path, with_evaluate("return 1 / 0"))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "3"])
    out = result.output
    assert result.exit_code == 1
    assert "3 games (3 cut short by an error), 0 won outright" in out
    (problem,) = [line for line in out.splitlines() if line.startswith("problem: ")]
    assert problem.startswith("problem: game 1 (seed ")
    assert f"{init}, line {line_of(init, 'wrong on purpose')}, in warp_evaluate: return 1 / 0  # wrong on purpose; ZeroDivisionError" in problem
    assert problem.endswith("(and in 2 more games)")
    assert "what never happened in the games is not listed: mend the errors above first" in out
    assert "never playable" not in out and "went to the tiebreak" not in out


# ---------------------------------------------------------------- broken data, as its author sees it

def test_a_theme_reading_its_data_by_package_name_is_named_by_its_folder_and_once(tmp_path):
    """Doctor Who reads its data by package name; copied into a folder, it is imported under a
    name of the engine's, which its errors never show. A units.toml that cannot be read is
    the one problem: its cards naming a unit tag are not reported as well."""
    folder = shutil.copytree(Path(__file__).parents[2] / "modules" / "doctor_who", tmp_path / "who")
    theme = folder / "data" / "theme.toml"
    theme.write_text(theme.read_text().replace('name = "doctor_who"', 'name = "who"', 1))
    units = folder / "data" / "units.toml"
    units.write_text(units.read_text() + "\nnot toml at all\n")
    lines = [f"{folder / 'data'}/units.toml: not valid TOML (Expected '=' after a key in a key/value pair (at line {len(units.read_text().splitlines())}, column 5))"]
    checked = run(["--module-path", str(folder), "module", "check", "who"])
    assert checked.exit_code == 1
    assert checked.output.splitlines() == ["who: 1 problem(s) found before any game was played:", f"problem: {lines[0]}"]
    listed = run(["--module-path", str(folder), "modules"])
    assert listed.output.split("Failed to load:")[1].strip().splitlines() == [f"who: {lines[0]}"]


@pytest.mark.parametrize("answer, said", [
    ("42", "Error: the theme's warp_default_map must return the path of a map file or None, not '42'"),
    ("'no/such/map.json'", "Error: the theme's own map (warp_default_map) is no/such/map.json, which is not a file; "
                           "name a map with --map, or ask for a random one with --zones"),
])
def test_a_default_map_that_is_no_map_file_is_one_line_naming_the_hook(tmp_path, answer, said):
    folder, init = skirmish_with(tmp_path, (TIEBREAK, f"    @hookimpl\n    def warp_default_map(self, players):\n        return {answer}\n\n{TIEBREAK}"))
    result = run(["--module-path", str(folder), "simulate", "contract_skirmish", "--games", "1", "--workers", "1"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.strip().splitlines()[-1] == said


def test_a_finished_game_of_a_theme_from_a_folder_says_how_to_replay_it_with_that_folder(tmp_path):
    saves = tmp_path / "saves"
    folder = CONTRACT / "skirmish"
    result = run(["--module-path", str(folder), "play", "contract_skirmish", "--seat", "ai:random:highlanders",
                  "--seat", "ai:random:riverfolk", "--seed", "3", "--turn-limit", "2", "--saves", str(saves)])
    assert result.exit_code == 0, result.output
    assert f"watch it again with: warp-empires --module-path {folder} replay {latest_save(saves)}" in result.output
    replayed = run(["--module-path", str(folder), "replay", str(latest_save(saves)), "--all"])
    assert replayed.exit_code == 0, replayed.output
    assert " wins" in replayed.output or "The game is a draw" in replayed.output


def test_module_check_names_one_line_failing_on_other_values_once(tmp_path):
    # The same line of the theme's code, failing with another value in each game, is one error.
    folder, init = skirmish_with(tmp_path, with_evaluate("raise ValueError(f'no score in the game of seed {game.setup.seed}')"))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "3"])
    assert result.exit_code == 1
    (problem,) = [line for line in result.output.splitlines() if line.startswith("problem: ")]
    assert "; ValueError: no score in the game of seed " in problem and problem.endswith("(and in 2 more games)")
