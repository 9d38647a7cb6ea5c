"""Every hook of ``warp_empires/hookspecs.py`` is documented in ``docs/hooks.md`` and is
implemented by a fixture theme or a test, and named by a test.

The list of hooks is read from ``hookspecs.py`` itself, so a new hook fails these tests
until it has its section, an implementation somewhere under ``tests/`` and a test."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from warp_empires import hookspecs
from warp_empires.plugins import make_manager

from contract_support import CONTRACT, fixture_plugin

TESTS = Path(__file__).resolve().parent
HOOKS_DOC = TESTS.parent / "docs" / "hooks.md"
SPEC_MARK = f"{hookspecs.PROJECT}_spec"

HOOKS = sorted(name for name, value in vars(hookspecs).items() if callable(value) and hasattr(value, SPEC_MARK))


def _first_result(hook: str) -> bool:
    return bool(getattr(getattr(hookspecs, hook), SPEC_MARK).get("firstresult"))


def _sections() -> dict[str, str]:
    """``### name`` headings of docs/hooks.md and the text under each."""
    out: dict[str, str] = {}
    current = None
    fenced = False
    for line in HOOKS_DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else re.match(r"^(#{1,3})\s+`?([A-Za-z_]+)`?\s*$", line)
        if heading or (line.startswith("#") and not fenced):
            current = heading.group(2) if heading and heading.group(1) == "###" else None
            if current:
                out[current] = ""
            continue
        if current:
            out[current] += line + "\n"
    return out


def _implemented_by_fixture_themes() -> set[str]:
    found = set()
    for folder in sorted(p.name for p in CONTRACT.iterdir() if (p / "__init__.py").is_file()):
        pm = make_manager(fixture_plugin(folder))
        for hook in HOOKS:
            if any(impl.plugin_name != "generic" for impl in getattr(pm.hook, hook).get_hookimpls()):
                found.add(hook)
    return found


def _is_hookimpl(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (isinstance(target, ast.Name) and target.id == "hookimpl") or (isinstance(target, ast.Attribute) and target.attr == "hookimpl")


def _implemented_in_tests() -> set[str]:
    """Functions and methods marked ``@hookimpl`` anywhere under tests/ (fixtures included)."""
    found = set()
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(_is_hookimpl(d) for d in node.decorator_list):
                found.add(node.name)
    return found


def test_the_hooks_are_read_from_hookspecs():
    assert len(HOOKS) >= 20
    assert all(name.startswith("warp_") for name in HOOKS)


def test_every_hook_has_a_section_in_the_hook_reference():
    sections = _sections()
    assert [h for h in HOOKS if h not in sections] == []
    assert [s for s in sections if s.startswith("warp_") and s not in HOOKS] == []  # nothing stale


def test_every_section_gives_the_arguments_the_answer_and_how_answers_combine():
    sections = _sections()
    for hook in HOOKS:
        text = sections[hook]
        for label in ("**When**", "**Arguments**", "**Returns**", "**Combining**", "```python"):
            assert label in text, (hook, label)
        for argument in inspect.signature(getattr(hookspecs, hook)).parameters:
            assert f"`{argument}`" in text, (hook, argument)
        assert ("first answer wins" in text) == _first_result(hook), hook
        assert f"def {hook}(" in text, hook  # the example implements this very hook


def test_every_hook_is_implemented_by_a_fixture_theme_or_a_test():
    implemented = _implemented_by_fixture_themes() | _implemented_in_tests()
    assert [h for h in HOOKS if h not in implemented] == []


def test_every_hook_is_named_by_a_test():
    texts = [p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py") if p.resolve() != Path(__file__).resolve()]
    unnamed = [h for h in HOOKS if not any(re.search(rf"\b{h}\b", t) for t in texts)]
    assert unnamed == []
