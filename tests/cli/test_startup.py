"""The command line starts at once: numpy, scipy, networkx and matplotlib are imported only
by the commands that draw, generate or analyse maps, and ``--help`` loads no command's
module at all (nor the engine, a theme or the terminal library)."""

import subprocess
import sys

import pytest
from click import Command

import warp_empires
from warp_empires.cli.main import COMMANDS, Commands, cli
from warp_empires.engine import Game

from .support import run

HEAVY = ("numpy", "scipy", "networkx", "matplotlib")


def imported_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nprint(' '.join(sorted({{m.split('.')[0] for m in sys.modules}})))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_the_command_line_and_saves_load_without_the_numeric_libraries():
    found = imported_after("import warp_empires.cli.main, warp_empires.saves, warp_empires.mapgen.mapfile")
    assert found.isdisjoint(HEAVY), sorted(found & set(HEAVY))


def test_the_help_screen_lists_every_command():
    out = subprocess.run([sys.executable, "-m", "warp_empires", "--help"], capture_output=True, text=True, check=True).stdout
    for command in ("play", "resume", "replay", "simulate", "map", "rules", "modules"):
        assert f"  {command} " in out


def modules_after_help() -> set[str]:
    """The modules loaded by ``warp-empires --help``, run in a fresh interpreter."""
    probe = (
        "import sys\nfrom warp_empires.cli.main import cli\n"
        "try:\n    cli(['--help'], prog_name='warp-empires')\nexcept SystemExit:\n    pass\n"
        "print('MODULES', ' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(out.split("MODULES", 1)[1].split())


def test_the_help_screen_loads_no_engine_no_theme_and_no_terminal_library():
    # --help lists the commands from the table in cli/main.py: each command's module is
    # imported only when it runs, so the help answers at once.
    loaded = modules_after_help()
    assert {"warp_empires", "warp_empires.cli.main", "click"} <= loaded
    assert not {m for m in loaded if m.startswith(("warp_empires.engine", "warp_empires.rules", "warp_modules", "rich", "pluggy"))}
    assert {m for m in loaded if m.startswith("warp_empires.cli.")} == {"warp_empires.cli.main", "warp_empires.cli.groups"}


def test_every_command_listed_loads_when_called_for():
    assert isinstance(cli, Commands)
    for name in COMMANDS:
        command = cli.get_command(None, name)
        assert isinstance(command, Command) and command.name == name


def test_a_mistyped_command_names_the_nearest_and_every_command():
    result = run(["plya"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Error: no command 'plya' (did you mean 'play'?); the commands are "
        "play, resume, replay, simulate, odds, rules, map, modules, module"
    )
    inner = run(["map", "gnerate"])
    assert inner.exit_code == 2
    assert inner.output.splitlines()[-1] == (
        "Error: no command 'gnerate' (did you mean 'generate'?); the commands are build, check, generate, import, show"
    )
    assert run(["module", "zzz"]).output.splitlines()[-1] == "Error: no command 'zzz'; the commands are check, new"


def test_the_public_names_load_from_the_package_when_first_used():
    assert warp_empires.Game is Game
    assert {"Game", "GameSetup", "Seat", "ZoneMap", "hookimpl", "ThemePlugin"} <= set(dir(warp_empires))
    assert all(getattr(warp_empires, name) is not None for name in warp_empires.__all__)
    with pytest.raises(AttributeError, match="^module 'warp_empires' has no attribute 'Gmae'$"):
        warp_empires.Gmae  # noqa: B018 - the lookup itself is the test
