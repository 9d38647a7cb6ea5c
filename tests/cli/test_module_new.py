"""``warp-empires module new``: a new theme that loads, plays and passes its own tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from warp_empires.plugins import discover

from test_kit import engine_imports

from .support import one_line_error, run


def test_a_new_theme_loads_plays_and_passes_its_own_tests(tmp_path):
    result = run(["module", "new", "napoleonic", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    root = tmp_path / "napoleonic"
    assert f"Made the theme 'napoleonic' in {root}:" in result.output
    assert f"warp-empires --module-path {root} play napoleonic" in result.output
    pkg = root / "warp_napoleonic"
    for name in ("theme.toml", "zones.toml", "units.toml", "factions.toml", "cards.toml"):
        assert (pkg / "data" / name).read_text().startswith("#")  # every data file explains itself
    assert '[project.entry-points."warp_empires.modules"]\nnapoleonic = "warp_napoleonic"' in (root / "pyproject.toml").read_text()
    assert engine_imports((pkg / "__init__.py").read_text()) == []  # only the kit

    found = discover(module_paths=[root])
    assert "napoleonic" in found.modules and found.failures == {}
    listed = run(["--module-path", str(root), "modules"])
    assert listed.exit_code == 0 and "napoleonic" in listed.output

    # Its own test file passes, run as its author would (the package importable from the project).
    sys.path.insert(0, str(root))
    try:
        spec = importlib.util.spec_from_file_location("test_warp_napoleonic", root / "tests" / "test_warp_napoleonic.py")
        tests = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tests)
        tests.test_seeded_games_play_to_the_turn_limit()
        tests.test_walls_add_three_to_a_defender_in_a_fort()
    finally:
        sys.path.remove(str(root))
        for name in [m for m in sys.modules if m == "warp_napoleonic" or m.startswith("warp_napoleonic.")]:
            del sys.modules[name]


def test_a_bad_name_or_an_existing_folder_is_refused_and_nothing_is_written(tmp_path):
    bad = run(["module", "new", "Napoleon!", "--dir", str(tmp_path)])
    assert bad.exit_code == 1
    assert one_line_error(bad) == (
        "Error: 'Napoleon!' cannot name a module; use lower-case letters, digits and _ (up to 40), starting with a letter, e.g. napoleonic"
    )
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "keep.txt").write_text("mine")
    again = run(["module", "new", "taken", "--dir", str(tmp_path)])
    assert again.exit_code == 1
    assert one_line_error(again) == f"Error: {tmp_path / 'taken'} already exists; choose another --dir or name (nothing was changed)"
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["keep.txt"]


def test_the_name_of_a_theme_there_already_is_is_refused_and_nothing_is_written(tmp_path):
    installed = run(["module", "new", "doctor_who", "--dir", str(tmp_path / "themes")])
    assert installed.exit_code == 1
    assert one_line_error(installed) == (
        "Error: there is already a theme called 'doctor_who' (installed, from warp_modules.doctor_who); choose another name (nothing was changed)"
    )
    assert not (tmp_path / "themes").exists()

    # A theme in the folder (or on the module path) whose theme.toml gives the name.
    assert run(["module", "new", "feudal", "--dir", str(tmp_path)]).exit_code == 0
    theme = tmp_path / "feudal" / "warp_feudal" / "data" / "theme.toml"
    theme.write_text(theme.read_text().replace('name = "feudal"', 'name = "samurai"', 1))
    for args in (["--dir", str(tmp_path)], ["--dir", str(tmp_path / "elsewhere")]):
        again = run(["--module-path", str(tmp_path), "module", "new", "samurai", *args])
        assert one_line_error(again) == (
            f"Error: there is already a theme called 'samurai' ({tmp_path / 'feudal' / 'warp_feudal'}); choose another name (nothing was changed)"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["feudal"]


def test_a_name_whose_package_is_installed_already_is_refused(tmp_path):
    """`modules` would make warp_modules, the package of the bundled themes."""
    result = run(["module", "new", "modules", "--dir", str(tmp_path / "themes")])
    assert result.exit_code == 1
    assert one_line_error(result) == (
        "Error: a Python package called 'warp_modules' is installed already; choose another name (nothing was changed)"
    )
    assert not (tmp_path / "themes").exists()


def test_the_folder_given_to_module_new_serves_as_a_module_path_for_every_theme_made_there(tmp_path):
    for name in ("napoleonic", "feudal"):
        assert run(["module", "new", name, "--dir", str(tmp_path)]).exit_code == 0
    # A project-less folder deeper down is not searched: only theme projects are looked into.
    (tmp_path / "notes" / "scratch").mkdir(parents=True)
    (tmp_path / "notes" / "scratch" / "__init__.py").write_text("raise ImportError('never imported')\n")

    found = discover(module_paths=[tmp_path])
    assert {"napoleonic", "feudal"} <= set(found.modules) and found.failures == {}
    checked = run(["--module-path", str(tmp_path), "module", "check", "feudal", "--games", "1"])
    assert checked.exit_code == 0, checked.output
    assert "feudal 0.1.0: loads cleanly" in checked.output


def test_a_theme_project_that_cannot_be_read_is_passed_over(tmp_path, monkeypatch):
    assert run(["module", "new", "feudal", "--dir", str(tmp_path)]).exit_code == 0
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "pyproject.toml").write_text("")
    real_iterdir = Path.iterdir

    def iterdir(self):  # the tests run as root, who may read anything: the refusal is simulated
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    found = discover(module_paths=[tmp_path])
    assert "feudal" in found.modules and found.failures == {}
