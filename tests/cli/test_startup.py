"""The command line starts without the numeric libraries: numpy, scipy, networkx and
matplotlib are imported only by the commands that draw, generate or analyse maps."""

import subprocess
import sys

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
