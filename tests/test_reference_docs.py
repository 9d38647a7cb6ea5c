"""The reference pages a theme author reads are the code's own: the card effects page is
generated from the effect library, and the rule index names where each rule lives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warp_empires.effects import reference
from warp_empires.effects.library import EFFECTS

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "warp_empires"


def test_the_effects_page_is_the_libraries_own_words():
    assert (ROOT / "docs" / "effects.md").read_text(encoding="utf-8") == reference.markdown(), (
        "docs/effects.md is out of date: python -m warp_empires.effects.reference > docs/effects.md"
    )


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_parameter_of_every_effect_is_explained(name):
    effect = EFFECTS[name]
    assert set(effect.param_help) == set(effect.defaults)
    assert all(text.strip() for text in effect.param_help.values())
    assert f"## `{name}`" in reference.markdown()


RULES_PAGE = ROOT / "docs" / "rules.md"
THEMES = ROOT / "modules"
TESTS = ROOT / "tests"
THEME_RULINGS = [*(f"D{n}" for n in range(1, 8)), *(f"W{n}" for n in range(1, 10)), *(f"C{n}" for n in range(1, 5))]


def index_rows(heading: str) -> dict[str, tuple[list[str], list[str]]]:
    """A rule table of docs/rules.md (the one under ``heading``): rule number -> the files
    that carry it out and the test files that check it, as the table names them."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start)
    section = text[start:] if end == -1 else text[start:end]
    rows = re.findall(r"^\| ([A-Z]\d+) \| [^|]+ \| ([^|]+) \| ([^|]+) \|$", section, flags=re.M)

    def files(cell: str) -> list[str]:
        return re.findall(r"`([\w/.]+\.(?:py|toml))`", cell)

    return {rule: (files(where), files(tests)) for rule, where, tests in rows}


def rule_index() -> dict[str, tuple[list[str], list[str]]]:
    return index_rows("## Rule index")


def theme_index() -> dict[str, tuple[list[str], list[str]]]:
    return index_rows("## The themes' rulings")


def cited_in(path: Path) -> set[str]:
    return set(re.findall(r"\bB\d{1,2}\b", path.read_text(encoding="utf-8")))


def cites(path: Path, rule: str) -> bool:
    """Whether ``path`` names ``rule``: as written (B14, D7) or in a test's name (test_b15_...)."""
    return re.search(rf"(?<![A-Za-z0-9]){rule}(?![0-9])", path.read_text(encoding="utf-8"), flags=re.I) is not None


def test_the_rule_index_lists_every_base_rule_once():
    assert list(rule_index()) == [f"B{n}" for n in range(1, 16)]


def test_every_rule_the_engine_cites_is_in_the_index_and_every_file_named_there_cites_it():
    index = rule_index()
    cited = set().union(*(cited_in(p) for p in ENGINE.rglob("*.py")))
    assert sorted(cited - set(index), key=lambda r: int(r[1:])) == []
    for rule, (files, _) in index.items():
        assert files, f"{rule} names no file"
        for name in files:
            assert rule in cited_in(ENGINE / name), f"{name} is named for {rule} but does not cite it"


@pytest.mark.parametrize("rule", [f"B{n}" for n in range(1, 16)])
def test_every_base_rule_names_the_tests_that_check_it_and_they_cite_it(rule):
    tests = rule_index()[rule][1]
    assert tests, f"{rule} names no test file"
    for name in tests:
        assert cites(TESTS / name, rule), f"tests/{name} is named for {rule} but does not cite it"


def test_the_theme_rulings_index_lists_every_ruling_once():
    assert list(theme_index()) == THEME_RULINGS


@pytest.mark.parametrize("rule", THEME_RULINGS)
def test_every_theme_ruling_is_carried_out_and_tested_where_the_index_says(rule):
    files, tests = theme_index()[rule]
    assert files and tests, f"{rule} names no theme file or no test file"
    for name in files:
        assert cites(ROOT / name, rule), f"{name} is named for {rule} but does not cite it"
    for name in tests:
        assert cites(TESTS / name, rule), f"tests/{name} is named for {rule} but does not cite it"


def test_every_ruling_a_theme_cites_is_in_the_index():
    cited = set()
    for path in [*THEMES.rglob("*.py"), *THEMES.rglob("*.toml")]:
        cited |= set(re.findall(r"\b[DWC]\d\b", path.read_text(encoding="utf-8")))
    assert sorted(cited - set(theme_index())) == []
