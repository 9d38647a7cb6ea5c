"""``warp-empires module check``: a theme loaded as a game would load it, then played many
times at random with the invariants checked; exit code 1 for CI when something is wrong."""

from __future__ import annotations

import shutil

from contract_support import CONTRACT

from .support import one_line_error, run


def skirmish_copy(tmp_path, replace: tuple[str, str] | None = None, card: str = ""):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    if replace:
        init = folder / "__init__.py"
        assert replace[0] in init.read_text()
        init.write_text(init.read_text().replace(*replace))
    if card:
        cards = folder / "data" / "cards.toml"
        cards.write_text(cards.read_text() + card)
    return folder


def test_a_fresh_theme_passes(tmp_path):
    assert run(["module", "new", "napoleonic", "--dir", str(tmp_path)]).exit_code == 0
    result = run(["--module-path", str(tmp_path / "napoleonic"), "module", "check", "napoleonic", "--games", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "napoleonic 0.1.0: loads cleanly (data files, cards, hooks and phases checked)."
    assert lines[1].startswith("3 games, 0 won outright, ") and lines[1].endswith("the invariants held after every decision.")


def test_a_theme_that_does_not_load_fails_in_one_line_naming_the_file(tmp_path):
    folder = skirmish_copy(tmp_path)
    theme = folder / "data" / "theme.toml"
    theme.write_text(theme.read_text().replace("hand_limit = 5", "hand_limt = 5"))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    line = one_line_error(result)
    assert "theme.toml: [settings], field 'hand_limt': not a setting of the engine (did you mean 'hand_limit'?)" in line


def test_a_card_nobody_can_ever_play_is_reported_and_fails_a_strict_check(tmp_path):
    star = '\n[[card]]\nid = "star_strike"\nname = "Star Strike"\ncopies = 2\neffect = "battle_force"\nparams = { flat = 5, battle = "space" }\n'
    folder = skirmish_copy(tmp_path, card=star)
    loose = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "3"])
    assert loose.exit_code == 0, loose.output
    assert "never playable in any game: Star Strike" in loose.output.splitlines()
    strict = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "3", "--strict"])
    assert strict.exit_code == 1


def test_a_rule_that_breaks_an_invariant_is_caught_with_the_game_and_decision(tmp_path):
    folder = skirmish_copy(tmp_path, ("        s = game.state\n        for zone in s.controlled(self.seat):",
                                      "        s = game.state\n        s.players[self.seat].treasury = -1\n        for zone in s.controlled(self.seat):"))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "2"])
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if line.startswith("problem: ")]
    assert problems and all("treasury" in line and "(seed " in line and ", decision " in line for line in problems)
