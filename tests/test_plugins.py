"""Plugins: discovery is not activation.

Discovery lists the installed modules (entry points) and folder modules, reporting any
that fail by name; activation gives each game a fresh plugin manager holding the generic
ruleset, one theme and any extras, checked with ``check_pending`` so typos fail loudly.
"""

from __future__ import annotations

import importlib.metadata
import shutil
from pathlib import Path

import pluggy
import pytest

from warp_empires import CardType, Game, GameSetup, Seat, ThemePlugin, UnitType, hookimpl, hookspecs, limits
from warp_empires.kit import Ability, Faction, ZoneType
from warp_empires.agents import RandomAgent
from warp_empires.mapgen import generate_for_theme
from warp_empires.model.loading import DataError, load_theme_data
from warp_empires.plugins import ENTRY_POINT_GROUP, ModuleError, discover, find_module, make_manager
from warp_empires.rulebook import Rulebook, SetupError
from warp_empires.rules import generic
from warp_empires.rules.battle import Modifier

from contract_support import (
    CONTRACT,
    FIXTURES,
    ORBITAL_MAP,
    SKIRMISH_MAP,
    events,
    fixture_entry,
    fixture_plugin,
    new_game,
    phases_of_turns,
    play_random,
)

BUNDLED = ("classical_city_states", "doctor_who", "warhammer_space")

# --------------------------------------------------------------------------- discovery


def test_discovery_lists_the_bundled_modules_through_the_entry_point_group():
    """warp_module_info of every bundled theme, found through ``warp_empires.modules``."""
    assert set(BUNDLED) <= {ep.name for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}
    found = discover()
    assert not found.failures
    for name in BUNDLED:
        entry = found.modules[name]
        assert entry.origin == f"entry point warp_modules.{name}"
        assert entry.info.name == name
        assert entry.info.version and entry.info.version != "0"
        assert entry.info.description and "\n" not in entry.info.description


def test_a_folder_module_loads_from_a_module_path():
    found = discover(module_paths=[CONTRACT / "skirmish"])
    entry = found.modules["contract_skirmish"]
    assert entry.origin == str(CONTRACT / "skirmish")
    assert (entry.info.title, entry.info.version) == ("Border Skirmish", "0.3.0")
    assert set(BUNDLED) <= set(found.modules)  # the installed ones are still there
    # By name, as ``--module-path`` does it.
    pm = make_manager("contract_skirmish", module_paths=[CONTRACT / "skirmish"])
    assert pm.hook.warp_module_info().name == "contract_skirmish"
    # A folder holding module folders loads each of them.
    assert {"contract_skirmish", "contract_orbital"} <= set(discover(module_paths=[CONTRACT]).modules)


def test_a_broken_module_is_reported_by_name_and_the_others_still_load():
    found = discover(module_paths=[FIXTURES / "broken_module", CONTRACT / "skirmish"])
    init = FIXTURES / "broken_module" / "__init__.py"
    line = next(n for n, text in enumerate(init.read_text().splitlines(), 1) if "warp_empires_missing_helper" in text)
    assert found.failures == {"broken_module": f"{init}:{line}: ModuleNotFoundError: No module named 'warp_empires_missing_helper'"}
    assert set(BUNDLED) | {"contract_skirmish"} <= set(found.modules)
    with pytest.raises(ModuleError, match=r"^module 'broken_module' failed to load: .*__init__.py:\d+: ModuleNotFoundError: No module named"):
        find_module("broken_module", module_paths=[FIXTURES / "broken_module"])
    with pytest.raises(ModuleError, match=r"^unknown module 'no_such_theme'; installed modules: .*doctor_who"):
        make_manager("no_such_theme")
    found = discover(module_paths=[FIXTURES / "no_such_folder"])
    assert list(found.failures.values()) == [f"module path {FIXTURES / 'no_such_folder'} is not a folder"]


# --------------------------------------------------------------------------- check_pending


class MisspelledHook:
    @hookimpl
    def warp_setupp(self, game):
        return True


class MisspelledArgument:
    @hookimpl
    def warp_victory(self, gmae):
        return None


def test_a_misspelled_hook_fails_loudly_at_make_manager():
    with pytest.raises(pluggy.PluginValidationError, match="unknown hook 'warp_setupp'"):
        make_manager(fixture_plugin("skirmish"), extras=[MisspelledHook()])
    with pytest.raises(pluggy.PluginValidationError, match="gmae"):
        make_manager(fixture_plugin("skirmish"), extras=[MisspelledArgument()])


def test_a_theme_with_a_misspelled_hook_is_refused_by_discovery_and_activation(tmp_path):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "typo_theme")
    init = folder / "__init__.py"
    init.write_text(init.read_text().replace("def warp_phase_handlers(self):", "def warp_phase_handler(self):"))
    found = discover(module_paths=[folder])
    assert found.failures["typo_theme"].startswith("PluginValidationError: unknown hook 'warp_phase_handler'")
    assert "\n" not in found.failures["typo_theme"]

    class TypoTheme(ThemePlugin):
        @hookimpl
        def warp_force_modifier(self, game, battle, side):
            return []

    with pytest.raises(pluggy.PluginValidationError, match="warp_force_modifier"):
        make_manager(TypoTheme(CONTRACT / "skirmish" / "data"))


# --------------------------------------------------------------------------- data errors


def _broken_copy(tmp_path: Path, fixture: str, fname: str, old: str, new: str) -> Path:
    folder = shutil.copytree(CONTRACT / fixture, tmp_path / fixture)
    path = folder / "data" / fname
    text = path.read_text()
    assert old in text, (fname, old)
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize(
    "fixture, fname, old, new, message",
    [
        ("skirmish", "units.toml", "copies = 4\nforce = 2", 'copies = 4\nforce = "two"',
         "units.toml: unit 'riders', field 'force': expected a whole number, got 'two'"),
        ("skirmish", "units.toml", 'force = 1\nspeed = "S"', 'force = 1\nspeed = "Q"',
         "units.toml: unit 'militia', field 'speed': 'Q' is not allowed; use F (3), M (2), S (1), X (0) or a number"),
        ("skirmish", "units.toml", 'copies = 8\nforce = 2\nspeed = "M"', 'copies = 8\nforce = 2\nsped = "M"',
         "units.toml: unit 'spearmen', field 'sped': unknown field (did you mean 'speed'?); known fields are"),
        ("skirmish", "zones.toml", "move_cost = 2", "move_cost = 0",
         "zones.toml: zone 'bog', field 'move_cost': 0 is not allowed; use 1 to 1000"),
        ("skirmish", "zones.toml", "rolls = [4]", "rolls = [7]",
         "zones.toml: zone 'bog', field 'rolls': 7 is not a face of a 6-sided die"),
        ("skirmish", "factions.toml", 'kind = "force_per_unit_defending"', 'kind = "force_per_unit_defnding"',
         "factions.toml: faction 'highlanders', abilities[0], field 'kind': 'force_per_unit_defnding' is not allowed; known kinds:"),
        ("skirmish", "cards.toml", 'effect = "battle_force"\nparams = { flat = 3 }', "params = { flat = 3 }",
         "cards.toml: card 'ambush', field 'effect': missing"),
        ("skirmish", "cards.toml", 'id = "forced_march"', 'id = "march"',
         "cards.toml: card 'march', field 'id': used twice"),
        ("skirmish", "theme.toml", 'pools = "shared"', 'pools = "private"',
         "theme.toml: [settings], field 'pools': 'private' is not allowed; use 'shared' or 'faction'"),
        ("skirmish", "theme.toml", 'pools = "shared"', 'pools = "shared"\ncomputer_player = "greedy"',
         "theme.toml: [settings], field 'computer_player': 'greedy' is not allowed; use ai:random, ai:greedy or ai:mcts "
         "(with options, as --seat takes them)"),
        ("skirmish", "theme.toml", 'version = "0.3.0"', "version = 3",
         "theme.toml: [module], field 'version': expected text, got 3"),
        ("orbital", "units.toml", 'faction = "orks"', 'faction = "eldar"',
         "units.toml: unit 'ork_boyz', field 'faction': 'eldar' is not a faction of this theme"),
        ("skirmish", "theme.toml", "[settings]", "[setings]",
         "theme.toml: unknown table [setings] (did you mean 'settings'?); the tables are [ai], [extra], [map], [module], [settings], [text]"),
        ("skirmish", "theme.toml", "hand_limit = 5", "hand_limt = 5",
         "theme.toml: [settings], field 'hand_limt': not a setting of the engine (did you mean 'hand_limit'?); the settings are"),
        ("orbital", "theme.toml", "[extra]", "",
         "theme.toml: [settings], field 'start_ground': not a setting of the engine; the settings are"),
        ("skirmish", "theme.toml", "[settings]", "[ai]\nweights = { exposd = 1.0 }\n\n[settings]",
         "theme.toml: [ai], field 'weights': 'exposd' is not a weight of the evaluation (did you mean 'exposed'?); the weights are revenue, "),
        ("skirmish", "theme.toml", "[settings]", "[ai]\nweights = { reach = true }\n\n[settings]",
         "theme.toml: [ai], field 'weights': weight 'reach': True is not allowed; use a number from -1000 to 1000"),
        ("skirmish", "theme.toml", "[settings]", "[ai]\nweight = { reach = 1 }\n\n[settings]",
         "theme.toml: [ai], field 'weight': unknown field (did you mean 'weights'?); known fields are weights"),
    ],
)
def test_bad_data_names_the_file_the_entry_and_the_field(tmp_path, fixture, fname, old, new, message):
    folder = _broken_copy(tmp_path, fixture, fname, old, new)
    with pytest.raises(DataError) as caught:
        load_theme_data(folder / "data")
    text = str(caught.value)
    assert text.startswith(f"{folder / 'data'}/{message}")
    assert "\n" not in text
    # ``warp-empires modules`` shows the same line against the module's folder name.
    assert discover(module_paths=[folder]).failures[fixture] == f"DataError: {text}"


@pytest.mark.parametrize(
    "fname, message",
    [
        ("zones.toml", "zones.toml is missing; every theme needs one, with its [[zone]] entries (docs/authoring.md, step 3)"),
        ("units.toml", "units.toml is missing; every theme needs one, with its [[unit]] entries (docs/authoring.md, step 4)"),
        ("factions.toml", "factions.toml is missing; every theme needs one, with its [[faction]] entries (docs/authoring.md, step 5)"),
        ("cards.toml", "cards.toml is missing; every theme needs one, with its [[card]] entries (docs/authoring.md, step 6)"),
        ("theme.toml", "theme.toml is missing; every theme needs one, with its [module] name (docs/authoring.md, step 2)"),
    ],
)
def test_a_theme_missing_a_data_file_is_refused_naming_the_file(tmp_path, fname, message):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    (folder / "data" / fname).unlink()
    found = discover(module_paths=[folder])
    assert found.failures == {"skirmish": f"DataError: {folder / 'data'}/{message}"}
    assert "doctor_who" in found.modules


def test_data_files_saved_with_a_byte_order_mark_load(tmp_path):
    # Windows Notepad writes one; TOML read it as a stray character on line 1.
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    for name in ("units.toml", "theme.toml"):
        path = folder / "data" / name
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    found = discover(module_paths=[folder])
    assert found.failures == {} and "contract_skirmish" in found.modules


def test_a_misnamed_data_file_is_named_with_the_name_it_should_have(tmp_path):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    (folder / "data" / "cards.toml").rename(folder / "data" / "card.toml")
    (folder / "data" / "NOTES.md").write_text("Only .toml files are data files.\n")
    assert discover(module_paths=[folder]).failures == {"skirmish": (
        f"DataError: {folder / 'data'}/card.toml: not a data file of a theme (did you mean 'cards.toml'?); "
        "the data files are cards.toml, factions.toml, theme.toml, units.toml, zones.toml")}


def test_a_data_file_without_entries_is_refused(tmp_path):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    (folder / "data" / "factions.toml").write_text("# every faction was taken out\n")
    assert discover(module_paths=[folder]).failures == {
        "skirmish": f"DataError: {folder / 'data'}/factions.toml: no [[faction]] entries; a theme needs at least one (docs/authoring.md, step 5)"}


def test_a_theme_whose_code_gives_its_cards_needs_no_cards_file(tmp_path):
    data = shutil.copytree(CONTRACT / "skirmish" / "data", tmp_path / "data")
    (data / "cards.toml").unlink()

    class CardsInCode(type(fixture_plugin("skirmish"))):
        @hookimpl
        def warp_card_types(self):
            return [CardType("march", "March", 10, "move_stacks", {"max": 1})]

    with pytest.raises(DataError, match=r"cards\.toml is missing"):
        type(fixture_plugin("skirmish"))(data)
    assert list(Rulebook.from_plugins(make_manager(CardsInCode(data))).card_types) == ["march"]


def test_a_theme_loaded_from_a_folder_is_named_by_its_folder_in_data_errors(tmp_path):
    """A theme reading its data by package name (``ThemePlugin(__name__)``) is imported from
    a folder under a name of the engine's; its errors name the folder."""
    folder = shutil.copytree(Path(__file__).parent.parent / "modules" / "doctor_who", tmp_path / "mine")
    assert "plugin = DoctorWho(__name__)" in (folder / "__init__.py").read_text()
    units = folder / "data" / "units.toml"
    units.write_text(units.read_text().replace('id = "scouts"\nname = "Scouts"\ncopies = 6', 'id = "scouts"\nname = "Scouts"\ncopies = 0', 1))
    assert discover(module_paths=[folder]).failures == {
        "mine": f"DataError: {folder / 'data'}/units.toml: unit 'scouts', field 'copies': 0 is not allowed; use 1 to 1000"}


def test_corrupt_toml_names_the_file_and_the_line(tmp_path):
    folder = _broken_copy(tmp_path, "skirmish", "units.toml", '[[unit]]\nid = "captain"', '[[unit]\nid = "captain"')
    with pytest.raises(DataError, match=r"units\.toml: not valid TOML \(.*line \d+") as caught:
        load_theme_data(folder / "data")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('effect = "battle_force"\nparams = { flat = 3 }', 'effect = "battle_farce"\nparams = { flat = 3 }',
         "card 'ambush': unknown effect 'battle_farce'; known effects: "),
        ("params = { flat = 3 }", "params = { flatt = 3 }",
         "card 'ambush': bad params for effect 'battle_force': unknown parameter 'flatt' (did you mean 'flat'?); this effect takes flat, per_unit, tag, requires, battle"),
        ("params = { per_unit = 1 }", 'params = { per_unit = 1, tag = "leeder" }',
         "card 'shield_wall': param 'tag': no unit tag is called 'leeder' (did you mean 'leader'?); the theme's are leader"),
    ],
)
def test_a_card_that_cannot_work_is_reported_when_the_theme_loads(tmp_path, old, new, message):
    """Found by ``warp-empires modules`` (discovery), not the first time the card is played:
    the broken theme is reported by name and the others still load."""
    folder = _broken_copy(tmp_path, "skirmish", "cards.toml", old, new)
    found = discover(module_paths=[folder])
    assert found.failures["skirmish"].startswith(f"SetupError: {folder / 'data'}/cards.toml: {message}")
    assert "contract_skirmish" not in found.modules and "doctor_who" in found.modules


def test_a_hook_method_without_hookimpl_is_reported_by_name(tmp_path):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    init = folder / "__init__.py"
    text = init.read_text()
    assert "    @hookimpl\n    def warp_victory(self, game):" in text
    init.write_text(text.replace("    @hookimpl\n    def warp_victory(self, game):", "    def warp_victory(self, game):"))
    found = discover(module_paths=[folder])
    line = next(n for n, text in enumerate(init.read_text().splitlines(), 1) if "def warp_victory" in text)
    assert found.failures["skirmish"] == f"ModuleError: {init}:{line}: warp_victory has no @hookimpl above it, so the engine would never call it"


def test_a_die_face_two_zone_types_roll_is_reported_when_the_theme_loads(tmp_path):
    """Not when the first random map is generated, with no file named."""
    folder = _broken_copy(tmp_path, "skirmish", "zones.toml", "rolls = [4]", "rolls = [1, 4]")
    found = discover(module_paths=[folder])
    assert found.failures["skirmish"] == f"ModuleError: {folder / 'data'}/zones.toml: die face 1 picks both 'field' and 'bog' on the zone type table"
    assert "doctor_who" in found.modules


TIEBREAK = "    @hookimpl\n    def warp_tiebreak(self, game):"


def skirmish_with_hook(tmp_path: Path, hook: str) -> tuple[Path, Path]:
    """A copy of the skirmish fixture with ``hook`` (the code of one more hook method,
    decorator included, indented as a method) before its tiebreak: its folder and __init__.py."""
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    init = folder / "__init__.py"
    init.write_text(init.read_text().replace(TIEBREAK, f"{hook}\n\n{TIEBREAK}"))
    return folder, init


def decorator_line(init: Path, hook: str) -> int:
    return next(n for n, text in enumerate(init.read_text().splitlines(), 1) if f"def {hook}" in text) - 1


PHASES = "    @hookimpl\n    def warp_phase_handlers(self):\n        return {\"muster\": muster_phase}"


@pytest.mark.parametrize("answer, message", [
    # A Step class where a function returning steps is wanted failed only when the phase came round.
    ('{"muster": Muster}', "phase 'muster': its handler must be a function of (game, seat) that returns a list of Step, "
                           "not the Step class Muster (return, say, lambda game, seat: [Muster(seat)])"),
    ('{"muster": lambda seat: [Muster(seat)]}', "phase 'muster': its handler must be a function of (game, seat) that returns a list of Step; "
                                                "<lambda>(seat) cannot be called so"),
    ("[muster_phase]", "skirmish: warp_phase_handlers must return a mapping (a dict), not a list holding function"),
])
def test_a_phase_handler_that_cannot_be_called_as_one_is_refused_when_the_theme_loads(tmp_path, answer, message):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    init = folder / "__init__.py"
    assert PHASES in init.read_text()
    init.write_text(init.read_text().replace(PHASES, PHASES.replace('{\"muster\": muster_phase}', answer)))
    found = discover(module_paths=[folder])
    assert found.failures["skirmish"].startswith("SetupError: ") and found.failures["skirmish"].endswith(message)
    assert str(init) in found.failures["skirmish"]  # the file to mend
    assert "doctor_who" in found.modules


@pytest.mark.parametrize("effects, message", [
    ("{'volley': Volley(CardType('volley', 'Volley', 1, 'volley'))}",
     "effect 'volley' must be an Effect class, not an instance of one: give Volley, not Volley(...)"),
    ("{'volley': dict}", "effect 'volley' must be a class deriving from Effect (warp_empires.kit), not the class dict, which does not derive from Effect"),
])
def test_a_card_effect_that_is_not_an_effect_class_is_named_at_its_hook(tmp_path, effects, message):
    hook = ("    @hookimpl\n    def warp_card_effects(self):\n        from warp_empires.kit import CardType, Effect\n\n"
            "        class Volley(Effect):\n            def resolve(self, game, seat, target, ctx):\n                return None\n\n"
            f"        return {effects}")
    folder, init = skirmish_with_hook(tmp_path, hook)
    found = discover(module_paths=[folder])
    line = decorator_line(init, "warp_card_effects")
    assert found.failures["skirmish"] == f"SetupError: {init}:{line}: warp_card_effects: {message}"


def test_map_rules_of_the_wrong_kind_are_reported_when_the_theme_loads(tmp_path):
    folder, init = skirmish_with_hook(tmp_path, "    @hookimpl\n    def warp_map_rules(self, players):\n        return {'fort': 3}")
    found = discover(module_paths=[folder])
    assert found.failures["skirmish"] == (f"ModuleError: {init}:{decorator_line(init, 'warp_map_rules')}: skirmish: "
                                          "warp_map_rules must return a MapRules or None, not dict {'fort': 3}")


def test_map_rules_of_the_wrong_kind_for_another_table_are_named_when_a_map_is_made(tmp_path):
    """Right for 2 players (asked as the theme loads), wrong for 3: the map generator names it."""
    from warp_empires.mapgen import generate_for_theme

    folder, init = skirmish_with_hook(
        tmp_path, "    @hookimpl\n    def warp_map_rules(self, players):\n        return self.data.map_rules if players == 2 else {'die': 6}")
    found = discover(module_paths=[folder])
    assert found.failures == {}
    pm = make_manager(found.modules["contract_skirmish"].plugin)
    with pytest.raises(ModuleError) as caught:
        generate_for_theme(pm, zones=20, players=3, seed=1)
    assert str(caught.value).startswith(f"{init}:{decorator_line(init, 'warp_map_rules')}: ")
    assert str(caught.value).endswith("warp_map_rules must return a MapRules or None, not dict {'die': 6}")


def test_a_map_check_that_fails_is_the_themes_error_naming_its_line(tmp_path):
    from warp_empires.blame import ThemeError
    from warp_empires.mapgen import generate_for_theme

    folder, _ = skirmish_with_hook(tmp_path, "    @hookimpl\n    def warp_check_map(self, zone_map, players):\n        return 1 / 0  # broken on purpose")
    pm = make_manager(discover(module_paths=[folder]).modules["contract_skirmish"].plugin)
    with pytest.raises(ThemeError) as caught:
        generate_for_theme(pm, zones=12, players=2, seed=1)
    assert "in warp_check_map: return 1 / 0  # broken on purpose" in str(caught.value)
    assert str(caught.value).splitlines()[2] == "  ZeroDivisionError: division by zero"


def test_a_map_check_answering_text_for_a_list_of_problems_is_named_with_its_line(tmp_path):
    from warp_empires.blame import ThemeError
    from warp_empires.mapgen import generate_for_theme

    folder, init = skirmish_with_hook(tmp_path, "    @hookimpl\n    def warp_check_map(self, zone_map, players):\n        return 'too few forts'")
    pm = make_manager("contract_skirmish", module_paths=[folder])  # as `map generate --module` makes it
    with pytest.raises(ThemeError) as caught:
        generate_for_theme(pm, zones=12, players=2, seed=1)
    assert str(caught.value).splitlines() == [
        "the theme 'contract_skirmish' gave a wrong answer from warp_check_map:",
        f"  {init}, line {decorator_line(init, 'warp_check_map')}, in warp_check_map",
        "  warp_check_map must return a list of problems (strings) or None, not 'too few forts' (a str)",
    ]


class DictUnits:
    """An extra whose units hook answers plain tables instead of UnitType values."""

    @hookimpl
    def warp_unit_types(self):
        return [{"id": "ogre", "force": 4}]


def test_a_data_hook_answering_the_wrong_type_is_named_in_one_line():
    pm = make_manager(fixture_plugin("skirmish"), extras=[DictUnits()])
    with pytest.raises(SetupError) as caught:
        Rulebook.from_plugins(pm)
    line = DictUnits.warp_unit_types.__code__.co_firstlineno
    assert str(caught.value) == f"{__file__}:{line}: extra0:DictUnits: warp_unit_types must return a list of UnitType, not a list holding dict"


class CodeData:
    """An extra adding data written in code: a faction with a misspelt ability, a zone type
    whose numbers no TOML file would be allowed."""

    def __init__(self, faction: bool):
        self.faction = faction

    @hookimpl
    def warp_factions(self):
        return [Faction("pirates", "Pirates", abilities=(Ability("speed_bonsu", 1),))] if self.faction else []

    @hookimpl
    def warp_zone_types(self):
        return [] if self.faction else [ZoneType("whirl", "Whirlpool", revenue=-4, move_cost=0)]


@pytest.mark.parametrize("faction, message", [
    (True, "faction 'pirates', abilities[0]: kind 'speed_bonsu' is not known (did you mean 'speed_bonus'?); known kinds: "),
    (False, "zone 'whirl', revenue: -4 is not allowed; use 0 to 1,000"),
])
def test_data_written_in_code_is_held_to_the_bounds_of_the_toml_files(faction, message):
    pm = make_manager(fixture_plugin("skirmish"), extras=[CodeData(faction)])
    with pytest.raises(SetupError) as caught:
        Rulebook.from_plugins(pm)
    assert str(caught.value).startswith(message)


def test_an_ability_amount_or_a_recruit_limit_written_in_code_is_held_to_the_bounds_too():
    from warp_empires.rulebook import data_problems

    zones = {"reef": ZoneType("reef", "Reef", recruit_limit=-5)}
    factions = {"giants": Faction("giants", "Giants", abilities=(Ability("force_per_unit_attacking", 10**9),))}
    assert data_problems({}, zones, {}, factions) == [
        "zone 'reef', recruit_limit: -5 is not allowed; use 0 to 1,000",
        "faction 'giants', abilities[0], amount: 1000000000 is not allowed; use -1000 to 1,000",
    ]


def test_a_card_naming_a_missing_zone_type_is_refused_when_a_game_is_set_up():
    """Themes written in code get the same checks when their game is set up."""

    class Quake(type(fixture_plugin("skirmish"))):
        @hookimpl
        def warp_card_types(self):
            return [CardType("quake", "Quake", 1, "change_zone_type", {"to": "rubble"})]

    plugin = Quake(CONTRACT / "skirmish" / "data")
    setup = GameSetup("contract_skirmish", [Seat("A", "highlanders"), Seat("B", "riverfolk")], SKIRMISH_MAP, 1)
    with pytest.raises(SetupError, match="card 'quake': param 'to': no zone type is called 'rubble'; the theme's are "):
        Game(setup, plugins=make_manager(plugin))


# --------------------------------------------------------------------------- the data hooks


def test_a_theme_plugin_answers_the_data_hooks_from_its_toml():
    """ThemePlugin answers warp_module_info, warp_settings, warp_map_rules, warp_zone_types,
    warp_unit_types, warp_factions and warp_card_types from data/*.toml."""
    pm = make_manager(fixture_plugin("orbital"))
    hook = pm.hook
    assert hook.warp_module_info().title == "Orbital War"
    settings = hook.warp_settings()
    assert (settings.pools, settings.draw_count, settings.extra["start_space"]) == ("faction", 3, 2)
    assert hook.warp_map_rules(players=2).start_zone_type == "homeworld"
    assert [t.id for answer in hook.warp_zone_types() for t in answer] == ["deep_space", "poor_planet", "rich_planet", "homeworld"]
    assert [(t.id, t.recruit_limit) for answer in hook.warp_zone_types() for t in answer][1:] == [
        ("poor_planet", 1), ("rich_planet", 3), ("homeworld", 5)]
    kroozer = next(t for answer in hook.warp_unit_types() for t in answer if t.id == "ork_kroozer")
    assert (kroozer.force, kroozer.speed, kroozer.cost, kroozer.faction, kroozer.tags) == (5, 2, 5, "orks", {"space"})
    assert [f.id for answer in hook.warp_factions() for f in answer] == ["orks", "imperium"]
    assert {c.id: c.copies for answer in hook.warp_card_types() for c in answer}["tactical_move"] == 8


class MoreUnits:
    """An extra that adds a unit type (answers of warp_unit_types are concatenated)."""

    def __init__(self, unit_id: str):
        self.unit_id = unit_id

    @hookimpl
    def warp_unit_types(self):
        return [UnitType(self.unit_id, "Mercenaries", force=3, speed=2, cost=3, copies=2)]


def test_data_hook_answers_are_concatenated_and_ids_must_be_unique():
    game = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], extras=[MoreUnits("mercenaries")])
    assert "mercenaries" in game.rules.unit_types
    assert sum(1 for u in game.state.units if u.type.id == "mercenaries") == 2
    with pytest.raises(SetupError, match="two unit types have the id 'militia'"):
        new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], extras=[MoreUnits("militia")])


# --------------------------------------------------------------------------- ordering


def test_the_themes_first_result_answer_beats_the_generic_one():
    """The generic ruleset answers ``trylast``: the theme's answer wins whatever the order of
    registration, and a theme answering None falls back to the generic answer."""
    theme = fixture_plugin("orbital")
    game = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"])
    wagons = next(u.id for u in game.state.units if u.type.id == "battlewagons")  # Fast (3)
    for order in ((generic, theme), (theme, generic)):
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        for plugin in order:
            pm.register(plugin, name="generic" if plugin is generic else "contract_orbital")
        pm.check_pending()
        assert pm.hook.warp_settings().pools == "faction"  # not the generic "shared"
        assert pm.hook.warp_move_allowance(game=game, seat=0, units=[wagons]) == 2  # the theme: on a transport
        steps = pm.hook.warp_battle_steps(game=game, zone=2, attacker=0, defender=1)
        assert [type(s).__name__ for s in steps] == ["SpaceBattle", "GroundBattle"]
    # With the generic ruleset alone, the generic answers show.
    assert generic.warp_settings().pools == "shared"


class Levy:
    """An extra: every unit costs one more to recruit."""

    @hookimpl
    def warp_recruit_cost(self, game, seat, unit_type):
        return unit_type.cost + 1


def test_an_extras_recruit_cost_beats_the_generic_one():
    game = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], extras=[Levy()])
    warboss = game.rules.unit_types["warboss"]  # force 4, half price in the data: 2
    assert game.hook.warp_recruit_cost(game=game, seat=0, unit_type=warboss) == 3
    assert generic.warp_recruit_cost(game=game, seat=0, unit_type=warboss) == 2


def test_rules_lean_on_the_generic_answer_only_where_no_theme_or_extra_answers():
    plain = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"])
    assert plain.hook.only_generic("warp_move_allowance") and plain.hook.only_generic("warp_recruit_cost")
    orbital = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], extras=[Levy()])
    assert not orbital.hook.only_generic("warp_move_allowance")  # the theme moves units by transport
    assert not orbital.hook.only_generic("warp_recruit_cost")  # the extra charges one more


def test_a_map_checked_once_is_still_checked_against_every_theme_that_plays_on_it():
    """Zones are checked once per map, but a theme that does not know a zone type still refuses it."""
    new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"])
    for _ in range(2):
        with pytest.raises(SetupError, match="zone 'Stonegate' has type 'fort', which contract_orbital does not know"):
            new_game("orbital", SKIRMISH_MAP, ["orks", "imperium"])
    new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"])  # and the map still serves the theme it fits


class WarDrums:
    """An extra: +1 force to every attacker, +1 revenue to everyone, and it listens to events."""

    def __init__(self):
        self.seen: list[str] = []

    @hookimpl
    def warp_force_modifiers(self, game, battle, side):
        return [Modifier("war drums", 1)] if side == battle.attacker else []

    @hookimpl
    def warp_revenue_modifiers(self, game, seat):
        return [Modifier("market day", 1)]

    @hookimpl
    def warp_game_event(self, game, event):
        self.seen.append(event.kind)


class BadOmens:
    """Another extra: -1 force to defenders, -1 revenue to seat 1, Hollow closed to seat 0,
    no Captain recruited in Stonegate, and it listens to events too."""

    def __init__(self):
        self.seen: list[str] = []

    @hookimpl
    def warp_force_modifiers(self, game, battle, side):
        return [Modifier("bad omens", -1)] if side == battle.defender else []

    @hookimpl
    def warp_revenue_modifiers(self, game, seat):
        return [Modifier("bandits", -1)] if seat == 1 else []

    @hookimpl
    def warp_blocked_zones(self, game, seat, units):
        return {5} if seat == 0 else ()

    @hookimpl
    def warp_can_place(self, game, seat, unit_type, zone):
        return False if unit_type.id == "captain" and zone == 0 else None

    @hookimpl
    def warp_game_event(self, game, event):
        self.seen.append(event.kind)


def _with_extras(extras, seed=11):
    game = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=seed, turn_limit=12, extras=extras)
    return play_random(game, seed)


def test_two_extras_in_either_order_give_the_same_game():
    """Combining hooks (warp_force_modifiers, warp_revenue_modifiers, warp_blocked_zones,
    warp_can_place, warp_game_event) are merged so that registration order never shows."""
    drums, omens = WarDrums(), BadOmens()
    one = _with_extras([drums, omens])
    drums2, omens2 = WarDrums(), BadOmens()
    two = _with_extras([omens2, drums2])
    assert one.digest() == two.digest()
    assert [(e.kind, e.data) for e in one.events] == [(e.kind, e.data) for e in two.events]
    assert drums.seen == omens.seen == drums2.seen == omens2.seen == [e.kind for e in one.events]
    revenue = events(one, "revenue")
    assert revenue[1]["parts"][1:] == [("bandits", -1), ("market day", 1)]
    labels = {label for b in events(one, "battle") for role in ("attacker", "defender") for label, _ in b[role]["parts"]}
    assert {"war drums", "bad omens"} <= labels
    # The extras do change the game.
    assert _with_extras([]).digest() != one.digest()


# --------------------------------------------------------------------------- one manager per game


def test_every_game_gets_a_fresh_manager():
    listener = WarDrums()
    first = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=2, turn_limit=3, extras=[listener])
    second = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=2, turn_limit=3)
    assert first.pm is not second.pm
    assert listener in first.pm.get_plugins() and listener not in second.pm.get_plugins()
    theme = fixture_plugin("skirmish")
    assert theme in first.pm.get_plugins() and theme in second.pm.get_plugins()  # data only: safe to share
    play_random(second, 2)
    assert listener.seen == [e.kind for e in first.events]  # nothing from the second game
    play_random(first, 2)
    assert listener.seen == [e.kind for e in first.events]
    a, b = make_manager("doctor_who"), make_manager("doctor_who")
    assert a is not b
    assert [name for name, _ in a.list_name_plugin()] == [name for name, _ in b.list_name_plugin()] == ["generic", "doctor_who"]



def test_a_fresh_manager_calls_the_hooks_a_theme_has_now(monkeypatch):
    """Managers after the first reuse what pluggy made of a theme's hooks, but a hook put
    in its place between two games is the one the next game calls, and taking the theme
    out of one game's manager leaves the next game's whole."""
    theme = find_module("doctor_who").plugin
    before = make_manager("doctor_who")
    calls = []
    real = type(theme).warp_victory

    def counting(self, game):
        calls.append(game.state.turn)
        return real(self, game)

    monkeypatch.setattr(type(theme), "warp_victory", counting)
    after = make_manager("doctor_who")
    [impl] = [i for i in after.hook.warp_victory.get_hookimpls() if i.plugin_name == "doctor_who"]
    assert impl.function.__func__ is counting
    [old] = [i for i in before.hook.warp_victory.get_hookimpls() if i.plugin_name == "doctor_who"]
    assert old.function.__func__ is real  # the game already set up keeps the hooks it began with
    game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen")], generate_for_theme(after, zones=20, players=2, seed=1), seed=1, turn_limit=1), plugins=after)
    play_random(game, 1)
    assert calls == [1, 2]  # asked at the end of both turns of the one round
    before.unregister(theme)
    assert not before.hook.warp_victory.get_hookimpls()
    fresh = make_manager("doctor_who")
    assert [name for name, _ in fresh.list_name_plugin()] == ["generic", "doctor_who"]
    assert [(i.plugin_name, i.function.__func__) for i in fresh.hook.warp_victory.get_hookimpls()] == [("doctor_who", counting)]

def test_games_with_the_same_theme_share_one_rulebook_and_an_extra_gets_its_own(monkeypatch):
    """The data hooks of a module or theme object always answer the same, so games set up
    with the same ones share a rulebook; an extra (made for one game) may answer its own."""
    first = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=2, turn_limit=3)
    second = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=5, turn_limit=3)
    assert first.rules is second.rules
    with_extra = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=2, turn_limit=3, extras=[WarDrums()])
    assert with_extra.rules is not first.rules
    assert with_extra.rules.card_names == first.rules.card_names
    # A shared rulebook is still held to the limits of the moment, and to each setup.
    cards = len(first.rules.cards)
    monkeypatch.setattr(limits, "MAX_CARDS", cards - 1)
    with pytest.raises(SetupError, match=rf"^{cards} cards in all; a game may have at most {cards - 1}$"):
        new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=2, turn_limit=3)
    monkeypatch.setattr(limits, "MAX_CARDS", cards)
    with pytest.raises(SetupError, match="unknown faction 'daleks'"):
        new_game("skirmish", SKIRMISH_MAP, ["highlanders", "daleks"], seed=2, turn_limit=3)


def test_games_of_one_theme_do_not_leak_into_each_other():
    """Two games built one after the other with the same seed are the same game; a game
    between them (another theme, other extras) changes nothing."""
    plain = play_random(new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], seed=6, turn_limit=8), 6)
    _with_extras([WarDrums(), BadOmens()])
    again = play_random(new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], seed=6, turn_limit=8), 6)
    assert plain.digest() == again.digest() and plain.decisions == again.decisions
    assert fixture_entry("orbital").info.name == "contract_orbital"


def test_random_agents_never_touch_the_games_generator():
    game = new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=3)
    state = game.rng.getstate()
    RandomAgent(9).choose(game)
    assert game.rng.getstate() == state


# --------------------------------------------------------------------------- the bundled modules


@pytest.mark.parametrize(
    "module, factions",
    [
        ("doctor_who", ["daleks", "cybermen"]),
        ("warhammer_space", ["orks", "imperium", "eldar", "tyranids"]),
        ("classical_city_states", ["athens", "sparta", "thebes"]),
    ],
)
def test_every_bundled_module_plays_a_random_game_to_its_turn_limit(module, factions):
    pm = make_manager(module)
    zone_map = generate_for_theme(pm, zones=30, players=len(factions), seed=5)
    seats = [Seat(f"P{i}", f, "ai:random") for i, f in enumerate(factions)]
    game = play_random(Game(GameSetup(module, seats, zone_map, seed=5, turn_limit=8), plugins=pm), 5)
    (over,) = events(game, "game_over")
    assert over["reason"] in ("victory", "turn limit") and game.winner == over["winner"]
    assert all(turn == list(game.rules.settings.phases) for turn in phases_of_turns(game))


def test_warhammer_space_has_its_four_full_unit_lists_and_its_deck():
    """W1 and W6: one pool per faction, built from its whole list; 18 card types, 49 cards."""
    # The Orbital War test map uses War Hammer's zone type ids, so it serves here too.
    game = Game(GameSetup("warhammer_space", [Seat("A", "orks"), Seat("B", "tyranids")], ORBITAL_MAP, 1))
    book = game.rules
    kinds = {f: [t for t in book.unit_types.values() if t.faction == f] for f in book.factions}
    assert {f: (len(k), sum(t.copies for t in k), sum(t.copies for t in k if "space" in t.tags)) for f, k in kinds.items()} == {
        "orks": (53, 84, 30), "imperium": (59, 84, 30), "eldar": (38, 84, 30), "tyranids": (31, 85, 30),
    }
    assert (len(book.card_types), len(book.cards)) == (18, 49)
    assert book.unit_types["ghazghkull_thraka"].tags == {"leader"} and book.unit_types["ghazghkull_thraka"].force == 6
    assert book.unit_types["cobra_destroyer"].speed == 3 and book.unit_types["cobra_destroyer"].copies == 10
    assert book.unit_types["giblet_grinda_bf"].name == "Giblet Grinda BF"
    # W3: each player starts at their Homeworld with 8 ships and 12 ground units of their own.
    s = game.state
    for p in s.players:
        mine = [s.units[u].type for u in s.units_of(p.seat)]
        assert sum("space" in t.tags for t in mine) == 8 and len(mine) == 20
        assert {t.faction for t in mine} == {p.faction.id}


def test_the_city_states_deck_has_one_copy_of_each_of_about_thirty_cards():
    book = Rulebook.from_plugins(make_manager("classical_city_states"))
    assert len(book.cards) == len(book.card_types) == 32
    assert list(book.settings.phases) == [
        "draw", "revenue", "upkeep", "recruit", "diplomacy", "first_move", "sea_battle", "land_battle", "second_move",
    ]


@pytest.mark.parametrize("new, message", [
    ("plugn = Skirmish(Path(__file__).parent / 'data')", "the theme's plugin is called 'plugn'; the engine registers the one called 'plugin'"),
    ("", "it defines Skirmish, a ThemePlugin, but no 'plugin = Skirmish(...)' for the engine to register"),
    ("plugin = Skirmish", "'plugin' is the class Skirmish; the engine registers an object of it: plugin = Skirmish(...)"),
    (None, "it holds no theme: no 'plugin = YourTheme(...)' and no hook of its own (docs/authoring.md, step 7)"),
])
def test_a_theme_package_without_its_plugin_named_plugin_says_what_to_write(tmp_path, new, message):
    folder = shutil.copytree(CONTRACT / "skirmish", tmp_path / "skirmish")
    init = folder / "__init__.py"
    text = init.read_text()
    line = next(l for l in text.splitlines() if l.startswith("plugin = "))
    init.write_text(text.replace(line, new) if new is not None else '"""Nothing here yet."""\n')
    assert discover(module_paths=[folder]).failures["skirmish"] == f"ModuleError: {init}: {message}"


def test_an_installed_themes_own_folder_named_again_is_the_same_theme_not_a_clash():
    """After `pip install -e` of a theme, `--module-path` to its folder names the same theme:
    it is not refused as another module of the same name."""
    import warp_modules.doctor_who as installed

    found = discover(module_paths=[Path(installed.__file__).parent])
    assert found.failures == {}
    assert found.modules["doctor_who"].origin.startswith("entry point ")
