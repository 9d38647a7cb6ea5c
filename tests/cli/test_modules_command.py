"""``warp-empires modules``: what is installed, and what failed to load, by name."""

import shutil
from pathlib import Path

from click.testing import CliRunner

from warp_empires.cli.main import cli

FIXTURES = Path(__file__).parent.parent / "fixtures"


def test_lists_the_bundled_themes_with_versions_and_descriptions():
    result = CliRunner().invoke(cli, ["modules"], terminal_width=200)
    assert result.exit_code == 0
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if line.count("│") == 4}
    assert {"doctor_who", "warhammer_space", "classical_city_states"} <= set(rows)
    assert "1.0.0" in rows["doctor_who"] and "Races of the Doctor Who" in rows["doctor_who"]
    assert "Failed to load" not in result.output


def test_a_broken_module_is_reported_by_name_while_the_others_load():
    result = CliRunner().invoke(cli, ["--module-path", str(FIXTURES / "broken_module"), "modules"], terminal_width=200)
    assert result.exit_code == 1  # the listing is complete, and the exit code tells a script something failed
    assert "doctor_who" in result.output
    failed = result.output.split("Failed to load:")[1].strip().splitlines()
    init = FIXTURES / "broken_module" / "__init__.py"
    assert failed == [f"broken_module: {init}:8: the theme's code fails when imported: ModuleNotFoundError: No module named 'warp_empires_missing_helper'"]


def test_a_folder_module_is_listed_beside_the_installed_ones():
    result = CliRunner().invoke(cli, ["--module-path", str(FIXTURES / "basic"), "modules"], terminal_width=200)
    names = [line.split("│")[1].strip() for line in result.output.splitlines() if line.count("│") == 4]
    assert "basic" in names and "doctor_who" in names


def test_a_theme_missing_a_data_file_is_listed_as_failed_naming_the_file(tmp_path):
    folder = shutil.copytree(FIXTURES / "contract" / "skirmish", tmp_path / "skirmish")
    (folder / "data" / "units.toml").rename(folder / "data" / "unit.toml")
    result = CliRunner().invoke(cli, ["--module-path", str(folder), "modules"], terminal_width=200)
    assert result.exit_code == 1
    assert result.output.split("Failed to load:")[1].strip().splitlines() == [
        f"skirmish: {folder / 'data'}/unit.toml: not a data file of a theme (did you mean 'units.toml'?); "
        "the data files are cards.toml, factions.toml, theme.toml, units.toml, zones.toml",
        f"    {folder / 'data'}/units.toml is missing; every theme needs one, with its [[unit]] entries (docs/authoring.md, step 4)",
    ]


def test_a_description_is_shown_as_written(tmp_path):
    folder = shutil.copytree(FIXTURES / "contract" / "skirmish", tmp_path / "skirmish")
    theme = folder / "data" / "theme.toml"
    text = theme.read_text()
    assert 'description = "Two clans fight over a handful of forts (a theme of the contract tests)."' in text
    theme.write_text(text.replace("Two clans fight over a handful of forts (a theme of the contract tests).", "Clans [/b] fight :100: forts", 1))
    result = CliRunner().invoke(cli, ["--module-path", str(folder), "modules"], terminal_width=200)
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "contract_skirmish" in line)
    assert "Clans [/b] fight :100: forts" in row
