"""A theme written in code gets the checks its TOML would have had: ``module check`` lists
every wrong answer, bound and name at once (warp_empires.themecheck)."""

from __future__ import annotations

import shutil

from warp_empires import themecheck
from warp_empires.kit import CardType, Faction, ModuleInfo, Settings, UnitType, ZoneType, hookimpl

from contract_support import CONTRACT


class CodeTheme:
    """A theme with no data files: every data hook answers from code."""

    @hookimpl
    def warp_module_info(self):
        return ModuleInfo("coded", "1", "")

    @hookimpl
    def warp_settings(self):
        return Settings(phases=("draw", "move", "parade"))

    @hookimpl
    def warp_unit_types(self):
        return [UnitType("giant", "Giant", 5000, 1, 1, copies=2), UnitType("horde", "Horde", 1, 1, 1, copies=2000)]

    @hookimpl
    def warp_zone_types(self):
        return [ZoneType("plain", "Plain", revenue=1, rolls=(1, 2, 3, 4, 5, 6))]

    @hookimpl
    def warp_factions(self):
        return (Faction("a", "A"), "B")

    @hookimpl
    def warp_card_types(self):
        return [CardType("boom", "Boom", 1, "battle_force", {"per_unit": 1, "tag": "titan"}), CardType("fizz", "Fizz", 1, "fizzle")]


def test_every_problem_of_a_theme_written_in_code_is_listed():
    here = themecheck._file_of(CodeTheme())
    assert themecheck.hook_problems(CodeTheme()) == []
    assert themecheck.rule_problems("coded", CodeTheme()) == [
        f"{here}:{CodeTheme.warp_factions.__code__.co_firstlineno}: coded: warp_factions must return a list of Faction, not a tuple holding str",
        f"{here}: unit 'giant', force: 5000 is not allowed; use 0 to 1,000",
        f"{here}: unit 'horde', copies: 2000 is not allowed; use 1 to 1,000",
        f"{here}: card 'fizz', field 'effect': no effect is called 'fizzle'; docs/effects.md lists them",
        f"{here}: warp_settings, field 'phases': no phase 'parade' is handled; known phases: battle, control, draw, move, recruit, revenue, upkeep",
        f"{here}: card 'boom', field 'params': param 'tag': no unit tag is called 'titan'; the theme's are none",
    ]


def test_the_bundled_themes_have_no_problem():
    assert [themecheck.problems(name) for name in ("doctor_who", "warhammer_space", "classical_city_states")] == [[], [], []]


class WrongParams:
    """Cards whose params are of the wrong kind, or name a choice the effect does not have."""

    @hookimpl
    def warp_card_types(self):
        return [CardType("study", "Study", 1, "draw_cards", {"count": "two"}),
                CardType("tax", "Tax", 1, "revenue_delta", {"target": "opponant"})]


def test_a_param_of_the_wrong_kind_or_an_unknown_choice_is_named():
    here = themecheck._file_of(WrongParams())
    found = themecheck.rule_problems("wrong", WrongParams())
    assert found[0] == "warp_module_info must return a ModuleInfo"  # it is no theme: nothing names it
    assert found[1:] == [
        f"{here}: card 'study', field 'params': param 'count': expected a whole number, got 'two'",
        f"{here}: card 'tax', field 'params': target 'opponant'; use 'self' or 'opponent'",
    ]


def test_a_theme_whose_code_gives_its_cards_passes_without_a_cards_file(tmp_path):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    (folder / "data" / "cards.toml").unlink()
    assert themecheck.problems("contract_skirmish", [folder]) == [
        f"{folder / 'data'}/cards.toml is missing; every theme needs one, with its [[card]] entries (docs/authoring.md, step 6)"]
    init = folder / "__init__.py"
    init.write_text(init.read_text().replace("from warp_empires.kit import ", "from warp_empires.kit import CardType, ").replace(
        "class Skirmish(ThemePlugin):\n",
        "class Skirmish(ThemePlugin):\n    @hookimpl\n    def warp_card_types(self):\n"
        "        return [CardType('march', 'March', 10, 'move_stacks', {'max': 1})]\n\n", 1))
    assert themecheck.problems("contract_skirmish", [folder]) == []


def test_a_computer_player_no_agent_answers_to_is_named(tmp_path):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    theme = folder / "data" / "theme.toml"
    theme.write_text(theme.read_text().replace("[settings]\n", '[settings]\ncomputer_player = "ai:clever"\n', 1))
    assert themecheck.problems("contract_skirmish", [folder]) == [
        f"{folder / 'data'}/theme.toml: [settings], field 'computer_player': unknown agent 'ai:clever'; "
        "known agents: ai:random, ai:greedy, ai:mcts"]
    theme.write_text(theme.read_text().replace('"ai:clever"', '"ai:greedy/rolls=2"'))
    assert themecheck.problems("contract_skirmish", [folder]) == []
