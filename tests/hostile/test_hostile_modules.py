"""Hostile theme modules and module paths: absurd numbers, escape codes, name clashes and
folders that hold nothing are refused with one line when the module loads, never mid-game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli.support import run

from warp_empires import limits
from warp_empires.model.loading import DataError, load_theme_data

from .support import refused

SKIRMISH = Path(__file__).parent.parent / "fixtures" / "contract" / "skirmish"
SIMULATE = ["simulate", "contract_skirmish", "--games", "1", "--turn-limit", "1", "--zones", "12"]


def theme(tmp_path, fname: str | None = None, old: str = "", new: str = "", folder: str = "skirmish") -> Path:
    """A copy of the Border Skirmish fixture theme, with ``old`` replaced by ``new`` in ``fname``."""
    copy = shutil.copytree(SKIRMISH, tmp_path / folder)
    if fname:
        path = copy / "data" / fname
        text = path.read_text()
        assert old in text, f"{old!r} is not in {fname}"
        path.write_text(text.replace(old, new, 1))
    return copy


def simulate_refuses(folder: Path) -> str:
    line = refused(run(["--module-path", str(folder)] + SIMULATE), code=1)
    # The module's own name is in the data it could not read, so it is named by its folder.
    assert line.startswith("unknown module 'contract_skirmish'; installed modules: classical_city_states, doctor_who, "
                           "warhammer_space; skirmish failed to load: DataError: ")
    return line.split(f"{folder / 'data'}/", 1)[1]


@pytest.mark.parametrize(
    "fname, old, new, line",
    [
        ("units.toml", "copies = 4", "copies = 100000000",
         "units.toml: unit 'riders', field 'copies': 100000000 is not allowed; use 1 to 1000"),
        ("cards.toml", "copies = 10", "copies = 100000000",
         "cards.toml: card 'march', field 'copies': 100000000 is not allowed; use 1 to 1000"),
        ("units.toml", "force = 2\ncost = 3", "force = 2000000\ncost = 3",
         "units.toml: unit 'riders', field 'force': 2000000 is not allowed; use 0 to 1000"),
        ("units.toml", 'speed = "F"', "speed = 99999",
         "units.toml: unit 'riders', field 'speed': 99999 is not allowed; use 0 to 1000, or one of F, M, S, X"),
        ("cards.toml", "params = { max = 2 }", "params = { max = 2000000000 }",
         "cards.toml: card 'forced_march', field 'params.max': 2000000000 is not allowed; numbers here lie from -1000 to 1000"),
        ("theme.toml", "draw_count = 2", "draw_count = 100000000",
         "theme.toml: [settings], field 'draw_count': 100000000 is not allowed; use 0 to 1000"),
        ("theme.toml", "draw_count = 2", "draw_count = 2\nrepeat_factions = \"yes\"",
         "theme.toml: [settings], field 'repeat_factions': expected true or false, got 'yes'"),
        ("theme.toml", 'pools = "shared"', 'pools = "faction"\nrepeat_factions = true',
         "theme.toml: [settings], field 'repeat_factions': true needs pools = 'shared': a faction with a unit pool of its own is played once"),
        ("theme.toml", "die = 6", "die = 1000000",
         "theme.toml: [map], field 'die': 1000000 is not allowed; use 1 to 1000"),
        ("factions.toml", 'name = "Highlanders"', 'name = "High\\u001b[2Jlanders"',
         "factions.toml: faction 'highlanders', field 'name': holds control characters; use printable text"),
        ("units.toml", "copies = 4", "copies = " + "9" * 5000,
         "units.toml: holds a number thousands of digits long"),
    ],
)
def test_absurd_theme_data_is_refused_when_the_module_loads(tmp_path, fname, old, new, line):
    assert simulate_refuses(theme(tmp_path, fname, old, new)) == line


def test_copies_limit_both_sides(tmp_path):
    at_limit = theme(tmp_path, "units.toml", "copies = 4", f"copies = {limits.MAX_COPIES}", folder="at")
    assert {u.id: u.copies for u in load_theme_data(at_limit / "data").unit_types}["riders"] == limits.MAX_COPIES
    over = theme(tmp_path, "units.toml", "copies = 4", f"copies = {limits.MAX_COPIES + 1}", folder="over")
    with pytest.raises(DataError, match="field 'copies': 1001 is not allowed; use 1 to 1000"):
        load_theme_data(over / "data")


def test_total_units_limit_both_sides(tmp_path, monkeypatch):
    folder = theme(tmp_path)
    total = sum(u.copies for u in load_theme_data(folder / "data").unit_types)
    monkeypatch.setattr(limits, "MAX_UNITS", total)
    load_theme_data(folder / "data")
    monkeypatch.setattr(limits, "MAX_UNITS", total - 1)
    with pytest.raises(DataError, match=rf"units.toml: {total} unit chits in all; a theme may have at most {total - 1}$"):
        load_theme_data(folder / "data")


def test_a_folder_module_named_like_an_installed_one_is_refused_not_swapped_in(tmp_path):
    folder = theme(tmp_path, "theme.toml", 'name = "contract_skirmish"', 'name = "doctor_who"', folder="impostor")
    line = refused(run(["--module-path", str(folder), "play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen"]), code=1)
    assert line == (f"{folder} is a module named 'doctor_who', like the one from entry point warp_modules.doctor_who; "
                    "rename one of them")
    listing = run(["--module-path", str(folder), "modules"])
    assert listing.exit_code == 1 and f"{folder}: {line}" in listing.output


def test_a_module_folder_without_init_is_reported_not_ignored(tmp_path):
    folder = theme(tmp_path)
    (folder / "__init__.py").unlink()
    line = refused(run(["--module-path", str(folder)] + SIMULATE), code=1)
    assert line == (f"module path {folder} holds no theme module: neither it nor a folder in it has an __init__.py "
                    "(it has a data/ folder: add an __init__.py to make it a package)")
    # Beside good modules in a parent folder, it is listed as failed.
    shutil.copytree(SKIRMISH.parent / "orbital", tmp_path / "orbital")
    listing = run(["--module-path", str(tmp_path), "modules"])
    assert listing.exit_code == 1
    assert f"skirmish: {folder} has a data/theme.toml but no __init__.py, so it is not loaded" in listing.output
    assert "contract_orbital" in listing.output


def test_a_module_path_that_does_not_exist_is_a_usage_error(tmp_path):
    line = refused(run(["--module-path", str(tmp_path / "nowhere"), "modules"]), code=2)
    assert line == f"Invalid value for '--module-path': Directory '{tmp_path / 'nowhere'}' does not exist."
