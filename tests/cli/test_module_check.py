"""``warp-empires module check``: a theme loaded as a game would load it, then played many
times at random with the invariants checked; exit code 1 for CI when something is wrong."""

from __future__ import annotations

import shutil

import pytest

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
    assert lines[1].startswith("3 games, 0 won outright, ") and lines[1].endswith("the invariants held after every decision, and no copy played on changed its game.")


def edit(path, *pairs: tuple[str, str], append: str = "") -> None:
    text = path.read_text()
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text + append)


def test_every_problem_is_listed_on_its_own_line_naming_the_file_and_the_entry(tmp_path):
    folder = skirmish_copy(tmp_path)
    data = folder / "data"
    edit(data / "theme.toml", ("hand_limit = 5", "hand_limt = 5\ncolour = 'red'"), append="\n[setings]\ndraw_count = 1\n")
    edit(data / "units.toml", ("copies = 10", "copies = 5000\nspeeed = 2"))
    edit(data / "factions.toml", ('kind = "force_per_unit_defending", amount = 1', 'kind = "force_per_unit_defending", amount = 1, tag = "leeder"'))
    edit(data / "cards.toml", append='\n[[card]]\nid = "charge"\nname = "Charge"\ncopies = 2\neffect = "battle_forse"\n'
                                     '\n[[card]]\nid = "heroes"\nname = "Heroes"\ncopies = 2\neffect = "battle_force"\nparams = { per_unit = 1, tag = "leeder" }\n')
    init = folder / "__init__.py"
    edit(init, ("    @hookimpl\n    def warp_victory(self, game):", "    def warp_victory(self, game):"),
         ("def warp_tiebreak(self, game):", "def warp_tiebrake(self, game):"),
         ("def warp_force_modifiers(self, game, battle, side):", "def warp_force_modifiers(self, game, battle, side, zone):"))
    lines = init.read_text().splitlines()
    # A function's line is its first decorator's, as in a traceback.
    line = {name: lines.index(next(l for l in lines if f"def {name}(" in l)) + 1 for name in ("warp_victory", "warp_tiebrake", "warp_force_modifiers")}
    line["warp_tiebrake"] -= 1
    line["warp_force_modifiers"] -= 1

    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    out = result.output.splitlines()
    assert out[0] == "contract_skirmish: 11 problem(s) found before any game was played:"
    problems = [line.removeprefix("problem: ") for line in out[1:]]
    settings = "the settings are computer_player, draw_count, hand_limit, leader_bonus, phases, pools, recruit_draw, repeat_factions, start_cards, start_units, turn_limit, upkeep_per_revenue; numbers only the theme's own code reads go in [extra]"
    assert problems == [
        f"{data}/theme.toml: unknown table [setings] (did you mean 'settings'?); the tables are [ai], [extra], [map], [module], [settings], [text]",
        f"{data}/theme.toml: [settings], field 'colour': not a setting of the engine; {settings}",
        f"{data}/theme.toml: [settings], field 'hand_limt': not a setting of the engine (did you mean 'hand_limit'?); {settings}",
        f"{data}/units.toml: unit 'militia', field 'speeed': unknown field (did you mean 'speed'?); known fields are abilities, copies, cost, faction, force, id, name, notes, speed, tags",
        f"{data}/units.toml: unit 'militia', field 'copies': 5000 is not allowed; use 1 to 1000",
        f"{data}/factions.toml: faction 'highlanders', abilities[0], field 'tag': no unit has the tag 'leeder' (did you mean 'leader'?)",
        f"{init}:{line['warp_force_modifiers']}: warp_force_modifiers asks for 'zone', which the hook never passes; warp_force_modifiers is called with game, battle, side",
        f"{init}:{line['warp_tiebrake']}: warp_tiebrake is marked @hookimpl but no hook is called that (did you mean 'warp_tiebreak'?); the hooks are in docs/hooks.md",
        f"{init}:{line['warp_victory']}: warp_victory has no @hookimpl above it, so the engine would never call it",
        f"{data}/cards.toml: card 'charge', field 'effect': no effect is called 'battle_forse' (did you mean 'battle_force'?); docs/effects.md lists them",
        f"{data}/cards.toml: card 'heroes', field 'params': param 'tag': no unit tag is called 'leeder' (did you mean 'leader'?); the theme's are leader",
    ]
    listed = run(["--module-path", str(folder), "modules"])  # the same problems, under the module's folder name
    assert listed.exit_code == 1
    failed = listed.output.split("Failed to load:")[1].strip().splitlines()
    assert failed == [f"skirmish: {problems[0]}", *(f"    {p}" for p in problems[1:])]


def test_a_theme_folder_without_an_init_file_fails_the_check(tmp_path):
    folder = skirmish_copy(tmp_path)
    (folder / "__init__.py").unlink()
    result = run(["--module-path", str(tmp_path), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [
        f"problem: {folder} has a data/theme.toml but no __init__.py, so it is not loaded; add an __init__.py (see docs/authoring.md, step 7)"
    ]


def test_a_missing_data_file_is_the_one_problem_named(tmp_path):
    """Not what the files left name in it (the card's tag), nor a game that cannot be seated."""
    folder = skirmish_copy(tmp_path, card='\n[[card]]\nid = "rally"\nname = "Rally"\ncopies = 2\neffect = "battle_force"\nparams = { per_unit = 1, tag = "leader" }\n')
    (folder / "data" / "units.toml").unlink()
    (folder / "data" / "factions.toml").unlink()
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "contract_skirmish: 2 problem(s) found before any game was played:",
        f"problem: {folder / 'data'}/units.toml is missing; every theme needs one, with its [[unit]] entries (docs/authoring.md, step 4)",
        f"problem: {folder / 'data'}/factions.toml is missing; every theme needs one, with its [[faction]] entries (docs/authoring.md, step 5)",
    ]


def test_a_misnamed_cards_file_fails_the_check(tmp_path):
    folder = skirmish_copy(tmp_path)
    (folder / "data" / "cards.toml").rename(folder / "data" / "card.toml")
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [
        f"problem: {folder / 'data'}/card.toml: not a data file of a theme (did you mean 'cards.toml'?); "
        "the data files are cards.toml, factions.toml, theme.toml, units.toml, zones.toml",
        f"problem: {folder / 'data'}/cards.toml is missing; every theme needs one, with its [[card]] entries (docs/authoring.md, step 6)",
    ]


def test_a_data_file_that_cannot_be_read_is_the_one_problem_named(tmp_path):
    """What other files name in it (a card's tag, a faction's, a unit's faction) is not
    reported as missing as well."""
    folder = skirmish_copy(tmp_path, card='\n[[card]]\nid = "rally"\nname = "Rally"\ncopies = 2\neffect = "battle_force"\nparams = { per_unit = 1, tag = "leader" }\n')
    edit(folder / "data" / "factions.toml", ('amount = 1 }', 'amount = 1, tag = "leader" }'))
    edit(folder / "data" / "units.toml", append="\nthis line is not TOML\n")
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 2, result.output
    assert lines[1].startswith(f"problem: {folder / 'data'}/units.toml: not valid TOML (")

    orbital = shutil.copytree(CONTRACT / "orbital", tmp_path / "orbital")  # its units name their factions
    edit(orbital / "data" / "factions.toml", append="\nthis line is not TOML\n")
    result = run(["--module-path", str(orbital), "module", "check", "contract_orbital"])
    lines = result.output.splitlines()
    assert len(lines) == 2, result.output
    assert lines[1].startswith(f"problem: {orbital / 'data'}/factions.toml: not valid TOML (")


def test_data_read_before_the_theme_code_failed_is_listed_once(tmp_path):
    folder = skirmish_copy(tmp_path)
    edit(folder / "data" / "units.toml", ("copies = 10", "copies = 5000"))
    init = folder / "__init__.py"
    edit(init, append="\nraise RuntimeError('broken on purpose')\n")
    line = len(init.read_text().splitlines())
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [
        f"problem: {folder / 'data'}/units.toml: unit 'militia', field 'copies': 5000 is not allowed; use 1 to 1000",
        f"problem: {init}:{line}: the theme's code fails when imported: RuntimeError: broken on purpose",
    ]


def test_a_syntax_error_is_named_once_with_its_file_and_line(tmp_path):
    folder = skirmish_copy(tmp_path)
    init = folder / "__init__.py"
    line = 100  # ":100:" is an emoji code to rich, which prints `modules`
    edit(init, append="\n" * (line - 1 - len(init.read_text().splitlines())) + "def broken(:\n")
    assert init.read_text().splitlines()[line - 1] == "def broken(:"
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [f"problem: {init}:{line}: the theme's code fails when imported: SyntaxError: invalid syntax"]
    listed = run(["--module-path", str(folder), "modules"])
    assert listed.output.split("Failed to load:")[1].strip().splitlines() == [
        f"skirmish: {init}:{line}: the theme's code fails when imported: SyntaxError: invalid syntax"]


def test_a_card_nobody_can_ever_play_is_reported_and_fails_a_strict_check(tmp_path):
    star = '\n[[card]]\nid = "star_strike"\nname = "Star Strike"\ncopies = 2\neffect = "battle_force"\nparams = { flat = 5, battle = "space" }\n'
    folder = skirmish_copy(tmp_path, card=star)
    loose = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "3"])
    assert loose.exit_code == 0, loose.output
    # The skirmish fights no space battles at all: the report says what the card waits for.
    assert "never playable in any game: Star Strike (no space battle in any game)" in loose.output.splitlines()
    strict = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "3", "--strict"])
    assert strict.exit_code == 1


def test_units_that_cost_nothing_are_not_reported_as_never_bought():
    """The city states' Leaders cannot be bought (they come with the experience roll): a
    strict check of the bundled theme does not fail on them."""
    result = run(["module", "check", "classical_city_states", "--games", "1", "--turn-limit", "2"])
    bought_line = next(line for line in result.output.splitlines() if line.startswith("never bought in any game: "))
    # One seeded game of two rounds: what cost gold and was not bought is still listed.
    assert bought_line == "never bought in any game: Army, Fleet"


def test_a_rule_that_breaks_an_invariant_is_caught_with_the_game_and_decision(tmp_path):
    folder = skirmish_copy(tmp_path, ("        s = game.state\n        for zone in s.controlled(self.seat):",
                                      "        s = game.state\n        s.players[self.seat].treasury = -1\n        for zone in s.controlled(self.seat):"))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "2"])
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if line.startswith("problem: ")]
    assert problems and all("treasury" in line and "(seed " in line and ", decision " in line for line in problems)


def test_an_unknown_theme_is_one_line_naming_the_nearest_one():
    result = run(["module", "check", "doctor_whoo"])
    assert result.exit_code == 1
    line = one_line_error(result)
    assert line.startswith("Error: unknown module 'doctor_whoo' (did you mean 'doctor_who'?); the modules are ")
    assert {"classical_city_states", "doctor_who", "warhammer_space"} <= set(line.split("the modules are ")[1].split(", "))


def test_a_hook_that_raises_when_asked_for_data_is_a_problem_naming_its_line(tmp_path):
    folder = skirmish_copy(tmp_path, ('        return {"muster": muster_phase}', '        return {"muster": muster_phase, 1 / 0: None}'))
    init = folder / "__init__.py"
    line = next(n for n, text in enumerate(init.read_text().splitlines(), 1) if "1 / 0" in text)
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [f"problem: {init}:{line}: the theme's code fails when asked for its data: ZeroDivisionError: division by zero"]



MUSTER = "        s = game.state\n        for zone in s.controlled(self.seat):\n"  # the top of the muster phase, every turn


def copy_problems(result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("problem: ") and "playing on a copy" in line]


def with_musters(folder, kind: str) -> None:
    """A theme state counting each seat's muster phases, in a ``kind`` (dict or Counter)."""
    edit(folder / "__init__.py", ("WALLS = 3\n", f"WALLS = 3\n\n\n@attrs.define\nclass Musters:\n    held: {kind} = attrs.Factory({kind})\n"),
         ("import attrs\n", "import collections\n\nimport attrs\n"))


def test_a_pooled_chit_changed_in_place_is_caught_where_a_copy_changed_the_game(tmp_path):
    # Tiring the Militia still in the pool changes chits every copy of the game shares;
    # a chit changed through state.own_unit (or after put_on_board) is the state's own.
    tire = "        for u in game.state.pools.get(pool_key(game, self.seat), []):\n            game.state.units[u].moved = True\n"
    folder = skirmish_copy(tmp_path, (MUSTER, tire + MUSTER))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "2"])
    assert result.exit_code == 1
    found = copy_problems(result)
    assert found, result.output
    assert "(seed " in found[0] and ", decision " in found[0]
    assert "playing on a copy of the game changed the game itself (unit " in found[0]
    assert "(Militia, in a pool)" in found[0]
    assert found[0].endswith("change pooled chits only through the state's methods or state.own_unit, "
                             "and keep only plain values in theme state (docs/authoring.md)")


def test_theme_state_a_copy_shares_is_caught(tmp_path):
    # A Counter is not a plain dict, so copies of the game share it: what a look-ahead
    # counts is counted in the real game too.
    folder = skirmish_copy(tmp_path, (MUSTER, MUSTER.replace("        for", "        game.state.theme(Musters).held[self.seat] += 1\n        for")))
    with_musters(folder, "collections.Counter")
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "2"])
    assert result.exit_code == 1
    found = copy_problems(result)
    assert found and "changed the game itself (the theme's own state)" in found[0], result.output


def test_a_theme_whose_copies_stay_apart_passes_the_copy_check(tmp_path):
    # The same count in a plain dict: copies copy it, and the check finds nothing.
    count = "        held = game.state.theme(Musters).held\n        held[self.seat] = held.get(self.seat, 0) + 1\n"
    folder = skirmish_copy(tmp_path, (MUSTER, count + MUSTER))
    with_musters(folder, "dict")
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert copy_problems(result) == []


def test_an_import_of_the_engine_past_the_kit_is_a_problem_naming_its_file_and_line(tmp_path):
    """The kit is all of the engine a theme may use; the rest may change under it."""
    folder = skirmish_copy(tmp_path)
    (folder / "helpers.py").write_text("def mover():\n    from warp_empires.rules.move import move_group\n    return move_group\n")
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish", "--games", "1"])
    assert result.exit_code == 1
    assert result.output.splitlines()[1] == (
        f"problem: {folder / 'helpers.py'}, line 2: imports warp_empires.rules.move; a theme imports the engine only "
        'through warp_empires.kit (docs/authoring.md, "The theme kit")')


def test_a_misspelt_phase_of_the_turn_is_named_once_not_under_its_text_as_well(tmp_path):
    # [text] names "muster" rightly; the turn misspells it. Telling the author to rename the
    # right keys of [text] after the misspelling would point at the wrong place.
    folder = skirmish_copy(tmp_path)
    data = folder / "data"
    edit(data / "theme.toml", ('"recruit", "muster"]', '"recruit", "mustr"]'))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    assert result.output.splitlines()[1:] == [
        f"problem: {data}/theme.toml: [settings], field 'phases': no phase 'mustr' is handled (did you mean 'muster'?); "
        "known phases: battle, control, draw, move, muster, recruit, revenue, upkeep"]


def test_a_die_face_two_zone_types_roll_and_a_weight_misspelt_in_code_are_listed_with_the_rest(tmp_path):
    # These stop the theme from loading: the check used to answer "unknown module" instead,
    # and the die face was never listed beside another problem.
    weights = "    @hookimpl\n    def warp_ai_weights(self):\n        return {'exposd': 0.5}\n\n    @hookimpl\n    def warp_tiebreak(self, game):"
    folder = skirmish_copy(tmp_path, ("    @hookimpl\n    def warp_tiebreak(self, game):", weights))
    data = folder / "data"
    edit(data / "zones.toml", ("rolls = [4]", "rolls = [3, 4]"))
    edit(data / "theme.toml", ("hand_limit = 5", "hand_limt = 5"))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    problems = [line.removeprefix("problem: ") for line in result.output.splitlines()[1:]]
    init = folder / "__init__.py"
    line = next(n for n, text in enumerate(init.read_text().splitlines(), 1) if "def warp_ai_weights" in text) - 1
    assert problems[0].startswith(f"{data}/theme.toml: [settings], field 'hand_limt': not a setting of the engine")
    assert problems[1:] == [
        f"{init}:{line}: warp_ai_weights: 'exposd' is not a weight of the evaluation (did you mean 'exposed'?); the weights are "
        "revenue, occupied, treasury, force, unit, card, mover, battle_card, clutter, exposed, outgunned, reach, lost_victory, leading, victory",
        f"{data}/zones.toml: die face 3 picks both 'field' and 'bog' on the zone type table",
    ]


def test_a_project_made_by_module_new_whose_theme_toml_is_misnamed_is_named_not_passed_over(tmp_path):
    assert run(["module", "new", "pirates", "--dir", str(tmp_path)]).exit_code == 0
    data = tmp_path / "pirates" / "warp_pirates" / "data"
    (data / "theme.toml").rename(data / "Theme.toml")
    listed = run(["--module-path", str(tmp_path), "modules"])
    assert listed.exit_code == 1
    assert f"warp_pirates: {data}/Theme.toml: not a data file of a theme (did you mean 'theme.toml'?)" in listed.output
    checked = run(["--module-path", str(tmp_path), "module", "check", "pirates"])  # found by the name it was made with
    assert checked.exit_code == 1
    assert checked.output.splitlines()[1:] == [
        f"problem: {data}/Theme.toml: not a data file of a theme (did you mean 'theme.toml'?); "
        "the data files are cards.toml, factions.toml, theme.toml, units.toml, zones.toml",
        f"problem: {data}/theme.toml is missing; every theme needs one, with its [module] name (docs/authoring.md, step 2)",
    ]


def test_a_misspelt_phase_in_the_themes_words_stops_it_loading_with_one_line(tmp_path):
    # Loaded anyway, the phase's name and help were lost without a word at the table.
    folder = skirmish_copy(tmp_path)
    data = folder / "data"
    edit(data / "theme.toml", ("phase_help = { muster =", "phase_help = { mustr ="))
    listed = run(["--module-path", str(folder), "modules"])
    assert listed.exit_code == 1
    assert f"skirmish: {data}/theme.toml: [text], field 'phase_help.mustr': 'mustr' is not a phase of the turn (did you mean 'muster'?)" in listed.output
    played = run(["--module-path", str(folder), "play", "contract_skirmish", "--seat", "ai:random:highlanders", "--seat", "ai:random:riverfolk"])
    assert played.exit_code != 0 and "'mustr' is not a phase of the turn" in played.output and "Traceback" not in played.output


@pytest.mark.parametrize("named, problem", [
    ("nowhere.json", "which is not a file"),
    ("data/theme.toml", "which is not a map: "),
])
def test_a_default_map_that_is_no_file_or_no_map_is_listed_before_any_game(tmp_path, named, problem):
    # play would only find out when a game of that many players began.
    hook = ("    @hookimpl\n    def warp_default_map(self, players):\n"
            f"        return str(Path(__file__).parent / {named!r})\n\n"
            "    @hookimpl\n    def warp_tiebreak(self, game):")
    folder = skirmish_copy(tmp_path, ("    @hookimpl\n    def warp_tiebreak(self, game):", hook))
    result = run(["--module-path", str(folder), "module", "check", "contract_skirmish"])
    assert result.exit_code == 1
    init = folder / "__init__.py"
    at = f"{init}:{next(n for n, t in enumerate(init.read_text().splitlines(), 1) if 'def warp_default_map' in t) - 1}"
    (said,) = result.output.splitlines()[1:]
    assert said.startswith(f"problem: {at}: warp_default_map(players=2) names {folder / named}, {problem}")


def test_a_package_of_a_theme_project_other_than_its_theme_is_not_taken_for_one(tmp_path):
    # A project's tests/ with a data/ folder of its own is no theme: modules listed it as failed.
    assert run(["module", "new", "pirates", "--dir", str(tmp_path)]).exit_code == 0
    tests = tmp_path / "pirates" / "tests"
    (tests / "data").mkdir(parents=True, exist_ok=True)
    (tests / "__init__.py").write_text("")
    listed = run(["--module-path", str(tmp_path), "modules"])
    assert listed.exit_code == 0, listed.output
    assert "pirates" in listed.output and "Failed to load" not in listed.output
