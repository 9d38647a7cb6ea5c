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


def rule_index() -> dict[str, list[str]]:
    """The rule index of docs/rules.md: rule number -> the engine files it names."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("## Rule index"):]
    rows = re.findall(r"^\| (B\d+) \| [^|]+ \| ([^|]+) \|$", section, flags=re.M)
    return {rule: re.findall(r"`([\w/.]+\.py)`", where) for rule, where in rows}


def cited_in(path: Path) -> set[str]:
    return set(re.findall(r"\bB\d{1,2}\b", path.read_text(encoding="utf-8")))


def test_the_rule_index_lists_every_base_rule_once():
    assert list(rule_index()) == [f"B{n}" for n in range(1, 16)]


def test_every_rule_the_engine_cites_is_in_the_index_and_every_file_named_there_cites_it():
    index = rule_index()
    cited = set().union(*(cited_in(p) for p in ENGINE.rglob("*.py")))
    assert sorted(cited - set(index), key=lambda r: int(r[1:])) == []
    for rule, files in index.items():
        assert files, f"{rule} names no file"
        for name in files:
            assert rule in cited_in(ENGINE / name), f"{name} is named for {rule} but does not cite it"
