"""The city states' own words: gold, not EP, and "Ann plays Athens"."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from warp_empires.cli import render
from warp_empires.cli.lookup import rules_lines
from warp_empires.cli.narrate import describe, summary
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


def test_the_others_read_a_city_taken_and_what_was_captured_in_their_summary():
    """The theme names its noteworthy events: Bob's summary of Ann's turn tells the assault,
    the capture and the sack (what was taken from him highlighted); it leaves out her
    upkeep, as it leaves out her draws."""
    game = new_game("athens", "corinth")
    ann_turn = [
        Event("turn_started", 3, 0, {"round": 2, "player": "Ann"}),
        Event("upkeep_paid", 3, 0, {"player": 0, "paid": 4, "unpaid": 0, "treasury": 6}),
        Event("city_taken", 3, 0, {"player": 0, "zone": MEGARA, "previous": 1}),
        Event("captured", 3, 0, {"player": 0, "previous": 1, "zone": MEGARA, "units": ["Baggage", "Baggage"]}),
        Event("razed", 3, 0, {"player": 0, "zone": MEGARA, "counters": 3, "plunder": 2}),
    ]
    assert summary(game, ann_turn, seat=1) == [
        ("Turn 3 (round 2): Ann", False),
        ("  Ann takes Megara (MEG) by assault", True),  # done to Bob: highlighted
        ("  Ann captures what Bob had in Megara (MEG): Baggage ×2", True),
        ("  Megara (MEG) is sacked by Ann: 3 Razed counter(s), 2 gold of plunder", False),
    ]


def test_a_noteworthy_event_without_a_sentence_is_refused(tmp_path):
    (tmp_path / "theme.toml").write_text('[module]\nname = "polis"\n\n[text]\nnoteworthy = ["city_taken"]\n')
    with pytest.raises(DataError, match=r"\[text\], field 'noteworthy': 'city_taken' has no sentence in \[text.events\]"):
        load_theme_data(tmp_path)


def test_the_rules_command_in_a_game_tells_no_upkeep_of_another_theme():
    """The city states pay upkeep in gold for each Army and Rowers: the in-game rules
    screen does not tell them the generic 'units per gold of printed revenue' (B10)."""
    said = "\n".join(rules_lines(new_game("athens", "corinth")))
    assert "Hand limit 7 cards; a side with a leader against none gets +5 force." in said
    assert "printed revenue" not in said
