"""The theme kit (``warp_empires.kit``) is the only part of the engine a theme imports.

The bundled themes and the fixture themes are read with ``ast``, so an import hidden in a
function or under ``TYPE_CHECKING`` counts as much as one at the top of a file; the kit's
list of names and docs/authoring.md ("The theme kit") must agree, signatures included."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import warp_empires
from warp_empires import kit, step, themecheck
from warp_empires.engine import Step as EngineStep

ROOT = Path(__file__).resolve().parent.parent
THEME_FOLDERS = [ROOT / "modules", ROOT / "tests" / "fixtures"]
AUTHORING = ROOT / "docs" / "authoring.md"


def engine_imports(source: str, filename: str = "<theme>") -> list[str]:
    return [f"{file}:{line}: {module}" for file, line, module in themecheck.engine_imports(source, filename)]


def theme_files() -> list[Path]:
    return sorted(p for folder in THEME_FOLDERS for p in folder.rglob("*.py"))


def test_every_bundled_and_fixture_theme_imports_the_engine_only_through_the_kit():
    files = theme_files()
    assert {"doctor_who", "warhammer_space", "classical_city_states", "skirmish", "orbital"} <= {p.parent.name for p in files}
    problems = [line for p in files for line in engine_imports(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))]
    assert problems == []


@pytest.mark.parametrize(
    "source",
    [
        "from warp_empires.rules.move import move_group\n",
        "from warp_empires import Step\n",
        "import warp_empires\n",
        "import warp_empires.engine as engine\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from warp_empires.engine import Game\n",
        "def later():\n    from warp_empires.model.state import BOARD\n",
        "import importlib\nimportlib.import_module('warp_empires.rules.battle')\n",
        "import importlib\nimportlib.import_module('.rules', 'warp_empires')\n",
        "import importlib\nimportlib.import_module(name='warp_empires.cards')\n",
    ],
)
def test_a_theme_reaching_past_the_kit_is_named_with_its_line(source):
    problems = engine_imports(source, "bad/__init__.py")
    assert len(problems) == 1 and problems[0].startswith("bad/__init__.py:")
    assert problems[0].rsplit(": ", 1)[1].startswith("warp_empires")


@pytest.mark.parametrize(
    "source",
    [
        "from warp_empires.kit import Step, hookimpl\n",
        "from warp_empires import kit\n",
        "import warp_empires.kit as kit\n",
        "from .effects import EFFECTS\n",
        "from warp_modules.classical_city_states import CityStates\n",
        "import attrs\nfrom math import ceil\n",
        "import importlib\nimportlib.import_module('.effects', __name__)\n",
    ],
)
def test_the_kit_own_files_and_other_packages_are_allowed(source):
    assert engine_imports(source) == []


def test_the_kit_lists_each_name_once_and_every_name_resolves():
    assert len(kit.__all__) == len(set(kit.__all__))
    public = {n for n in vars(kit) if not n.startswith("_")}
    assert public == set(kit.__all__)  # nothing importable from the kit is left unlisted


def test_step_lives_in_its_own_module_and_the_old_names_still_work():
    assert EngineStep is step.Step is warp_empires.Step is kit.Step
    assert step.Step.__module__ == "warp_empires.step"


# ---------------------------------------------------------------------- docs/authoring.md


def kit_rows() -> dict[str, str]:
    """``name -> signature cell`` of every table row in the kit section of the tutorial."""
    text = AUTHORING.read_text(encoding="utf-8")
    section = text.split("\n## 11. The theme kit\n", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        match = re.match(r"^\| `([A-Za-z_]+)` \|(.*)\|$", line)
        if match:
            cells = [c.strip() for c in match.group(2).split(" | ")]
            assert len(cells) == 2 and cells[1], f"a kit row needs a signature and one line: {line}"
            assert match.group(1) not in rows, f"{match.group(1)} is listed twice"
            rows[match.group(1)] = cells[0]
    return rows


def _split_top_level(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += ch in "([{"
        depth -= ch in ")]}"
        current += ch
    return [p.strip() for p in parts + [current] if p.strip()]


def documented_parameters(cell: str) -> list[str] | None:
    """The parameter names of a ``(a, b=1) -> x`` or ``step (a, b=1)`` cell, else None."""
    match = re.match(r"^(?:step )?`\((.*?)\)(?: -> [^`]+)?`", cell)
    if match is None:
        return None
    return [re.split(r"[=:]", p)[0].strip() for p in _split_top_level(match.group(1))]


def test_the_tutorial_documents_exactly_the_kit():
    assert sorted(kit_rows()) == sorted(kit.__all__)


@pytest.mark.parametrize("name", sorted(kit.__all__))
def test_each_documented_signature_matches_the_code(name):
    cell = kit_rows()[name]
    obj = getattr(kit, name)
    is_step = isinstance(obj, type) and issubclass(obj, step.Step) and obj is not step.Step
    assert cell.startswith("step ") == is_step, f"{name}: steps are shown as 'step (...)', and only steps"
    documented = documented_parameters(cell)
    if documented is None:
        return
    actual = [p.name for p in inspect.signature(obj).parameters.values()]
    assert documented == actual
