"""The city states' own words: gold, not EP, and "Ann plays Athens"."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from warp_empires.cli import render
from warp_empires.cli.narrate import describe
from warp_empires.events import Event
from warp_empires.model.loading import DataError, load_theme_data

from .scenario import MEGARA, new_game


def shown(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue().strip()


def test_ann_plays_athens_not_the_athens():
    game = new_game("athens", "corinth")
    assert shown(render.seat_text(game, 0)) == "Ann plays Athens"
    assert "Ann plays Athens. Everyone else" in shown(render.pass_screen(game, 0))


def test_the_sack_and_the_ransom_are_told_in_gold():
    game = new_game("athens", "corinth")
    sacked = Event("razed", 3, 0, {"player": 0, "zone": MEGARA, "counters": 3, "plunder": 2})
    assert describe(game, sacked) == "Megara (MEG) is sacked by Ann: 3 Razed counter(s), 2 gold of plunder"
    paid = Event("ransomed", 3, 0, {"player": 1, "by": 0, "amount": 5, "unit": "Periander"})
    assert describe(game, paid) == "Bob pays Ann 5 gold to free Periander"


def test_a_seat_sentence_without_its_places_is_refused(tmp_path):
    (tmp_path / "theme.toml").write_text('[module]\nname = "polis"\n\n[text]\nplays = "{player} plays"\n')
    with pytest.raises(DataError, match="plays.*write a sentence with {player} and {faction}"):
        load_theme_data(tmp_path)
