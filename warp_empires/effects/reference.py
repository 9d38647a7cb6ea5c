"""The effect library in words: docs/effects.md is this module's output.

    python -m warp_empires.effects.reference > docs/effects.md

Every effect a card can name, when it is played, what it does (its docstring) and each
of its parameters with its default and meaning. The test suite keeps docs/effects.md
equal to this output, so the page can never drift from the code.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

from .library import EFFECTS

WHEN = {"move": "in your move phase", "battle": "in a battle's card rounds", "after_battle": "after your battles"}
REACTS = {"card": "as a reaction, right after a card is played", "die": "as a reaction, right after a die is rolled",
          "move": "as a reaction, right after a move is made"}


def _value(value: Any) -> str:
    return "none" if value is None else json.dumps(value)


def when(effect: type) -> str:
    if effect.reacts_to:
        return REACTS.get(effect.reacts_to, f"as a reaction to {effect.reacts_to}")
    return ", ".join(WHEN.get(p, p) for p in sorted(effect.phases)) or "never on its own"


def markdown() -> str:
    """docs/effects.md."""
    lines = [
        "# Card effects",
        "",
        "Every effect a card can name in `cards.toml` (`effect = \"...\"`), with its parameters",
        "(`params = { ... }`). A parameter left out takes its default; one the effect does not",
        "take is refused when the theme loads. This page is written by",
        "`python -m warp_empires.effects.reference`; a theme's own effects (the",
        "`warp_card_effects` hook) are documented by the theme.",
        "",
    ]
    for name in sorted(EFFECTS):
        effect = EFFECTS[name]
        lines += [f"## `{name}`", "", f"Played {when(effect)}.", "", inspect.cleandoc(effect.__doc__ or ""), ""]
        if effect.defaults:
            lines += ["| parameter | default | meaning |", "|---|---|---|"]
            lines += [f"| `{p}` | `{_value(d)}` | {effect.param_help.get(p, '')} |" for p, d in effect.defaults.items()]
        else:
            lines.append("No parameters.")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(), end="")
