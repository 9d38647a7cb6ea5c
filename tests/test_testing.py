"""warp_empires.testing: the position builder theme authors and this suite write tests with."""

from __future__ import annotations

from pathlib import Path

import pytest

from warp_empires import testing
from warp_empires.kit import RollDie, draw_cards
from warp_empires.testing import Position, events, play_until

SKIRMISH = Path(__file__).parent / "fixtures" / "contract" / "skirmish"


def test_a_theme_folder_loads_as_module_path_does_and_the_position_starts_empty():
    pos = Position(SKIRMISH, ["highlanders", "riverfolk"], "Stonegate:fort Fen:bog", "Stonegate-Fen")
    s = pos.game.state
    assert pos.game.setup.module == "contract_skirmish"
    assert all(not p.hand and p.treasury == 0 for p in s.players)
    assert not s.control and s.zone_units[0] == [] and s.zone_units[1] == []
    assert sorted(s.deck) == list(range(len(pos.game.rules.cards))) and pos.game.pending is None


def test_a_theme_folder_given_as_text_is_a_folder_too():
    pos = Position(str(SKIRMISH), ["highlanders", "riverfolk"], "Stonegate:fort Fen:bog", "Stonegate-Fen")
    assert pos.game.setup.module == "contract_skirmish"


def test_the_deck_is_drawn_in_the_order_given_and_the_dice_come_up_as_fixed():
    pos = Position("doctor_who", ["daleks", "cybermen"], "Skaro:rich", "")
    pos.set_deck("mind_control", "space_travel")
    assert [pos.game.rules.cards[c].id for c in draw_cards(pos.game, 0, 2)] == ["mind_control", "space_travel"]
    pos.fix_dice(6, 2)
    game = pos.run(RollDie("first", 0), RollDie("second", 1))
    assert [(e["player"], e["value"]) for e in events(game, "die_rolled")] == [(0, 6), (1, 2)]


def test_fixed_dice_outside_the_die_are_refused():
    pos = Position("doctor_who", ["daleks", "cybermen"], "Skaro:rich", "")
    pos.fix_dice(7)
    with pytest.raises(ValueError, match="a fixed die roll of 7 on a die of 1 to 6"):
        pos.run(RollDie("roll", 0))


def test_a_recruit_phase_from_a_set_treasury_control_and_pool():
    pos = Position(SKIRMISH, ["highlanders", "riverfolk"], "Stonegate:fort Fen:bog", "Stonegate-Fen")
    pos.set_treasury(0, 5)
    pos.set_control(0, "Stonegate")
    pos.set_pool("riders", "militia", "militia")
    game = pos.start(0, "recruit")
    offer = play_until(game, "buy")
    assert (offer.player, sorted(o.label for o in offer.options)) == (0, [
        "Buy Militia (F1) for 1", "Buy Militia (F1) for 1", "Buy Riders (F2) for 3", "Buy nothing more"])
    riders = next(o.id for o in offer.options if "Riders" in o.label)
    assert testing.answer(game, riders, "done") is None
    assert testing.units_in(game, 0, 0) == ["riders"] and game.state.players[0].treasury == 2


def test_mistakes_name_what_the_theme_has():
    pos = Position("doctor_who", ["daleks", "cybermen"], "Skaro:rich", "")
    with pytest.raises(ValueError, match="no unit 'war_flet' left in a pool; the theme's unit types are "):
        pos.place(0, "Skaro", "war_flet")
    with pytest.raises(KeyError, match="no zone 'Mars' on the map; zones: Skaro"):
        pos.place(0, "Mars", "scouts")
    with pytest.raises(ValueError, match="zone 'Mars': no zone type 'planet'"):
        testing.quick_map("doctor_who", "Mars:planet")
