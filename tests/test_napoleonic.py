"""Eagles and Empires (tests/fixtures/napoleonic), a theme written from docs/authoring.md
alone: five factions, two abilities and two cards in code, one of them a reaction. Seeded
games play it to the end, and each rule of its RULES.md does what it says."""

from __future__ import annotations

from pathlib import Path

import pytest

from warp_empires import IllegalChoice, invariants, themecheck
from warp_empires.cli.narrate import describe
from warp_empires.testing import Position, answer, events, new_game, option_ids, play_random, play_until, units_in

THEME = Path(__file__).parent / "fixtures" / "napoleonic"
POWERS = ["france", "britain", "prussia", "austria", "russia"]
#: Paris (capital) - Ulm (city) - Vienna (capital), Ulm - Smolensk (farmland) - Moscow (capital).
EUROPE = ("Paris:capital Ulm:city Vienna:capital Smolensk:farmland Moscow:capital", "Paris-Ulm Ulm-Vienna Ulm-Smolensk Smolensk-Moscow")
PARIS, ULM, VIENNA, SMOLENSK, MOSCOW = range(5)


def position(*factions: str) -> Position:
    return Position(THEME, list(factions), *EUROPE)


def test_the_theme_has_no_problem_for_module_check():
    assert themecheck.problems("napoleonic", [THEME]) == []


def test_seeded_five_power_games_play_to_the_end_with_the_invariants_held():
    requisitions = raids = 0
    for seed in (1, 2):
        game = new_game(THEME, POWERS, seed=seed, turn_limit=6)
        play_random(game, seed)
        assert game.is_over and game.winner in range(-1, 5)
        assert invariants.problems(game) == []
        requisitions += len(events(game, "requisitioned"))
        raids += len(events(game, "raided"))
    assert requisitions > 0 and raids > 0  # random players find both cards of code


def battle(pos: Position, attacker: int) -> dict:
    game = pos.start(attacker, "battle")
    play_until(game, "pick_own_losses", "pick_enemy_loss")  # both sides pass their cards
    (fought,) = events(game, "battle")
    return fought


def test_france_attacking_with_a_marshal_has_force_plus_two():
    pos = position("france", "britain")
    pos.place(0, "Ulm", "marshal", "line_infantry")
    pos.place(1, "Ulm", "artillery", "artillery", "artillery")
    fought = battle(pos, 0)
    # The Marshal is a Leader: the base rules add 5 (B5), the genius 2 more.
    assert fought["attacker"] == {"seat": 0, "force": 10, "parts": [("units", 3), ("leader", 5), ("Genius", 2)]}
    assert fought["winner"] == 0  # 10 against 9: the genius decides


def test_france_without_a_marshal_and_britain_with_one_have_no_genius():
    pos = position("france", "britain")
    pos.place(0, "Ulm", "line_infantry", "line_infantry")
    pos.place(1, "Ulm", "line_infantry")
    assert battle(pos, 0)["attacker"]["parts"] == [("units", 2)]
    pos = position("britain", "france")
    pos.place(0, "Ulm", "marshal")
    pos.place(1, "Ulm", "line_infantry")
    assert battle(pos, 0)["attacker"]["parts"] == [("units", 2), ("leader", 5)]


def test_general_winter_costs_every_unit_attacking_into_russian_land_one_force():
    pos = position("france", "russia")
    pos.set_control(1, "Smolensk")
    pos.place(0, "Smolensk", "marshal", "line_infantry", "line_infantry")
    pos.place(1, "Smolensk", "artillery", "artillery", "artillery")
    fought = battle(pos, 0)
    # The theme's own parts are shown in the order of their labels.
    assert fought["attacker"] == {"seat": 0, "force": 8, "parts": [("units", 4), ("leader", 5), ("General Winter", -3), ("Genius", 2)]}
    assert fought["winner"] == 1  # 8 against 9: the winter decides
    # Where Russia holds no marker, the winter does not bite.
    pos = position("france", "russia")
    pos.place(0, "Smolensk", "line_infantry")
    pos.place(1, "Smolensk", "line_infantry")
    assert battle(pos, 0)["attacker"]["parts"] == [("units", 1)]


def test_requisition_takes_a_thaler_for_every_zone_controlled_and_says_so_in_the_themes_words():
    pos = position("austria", "prussia")
    pos.set_control(0, "Vienna", "Ulm", "Smolensk")
    pos.set_treasury(0, 1)
    (card,) = pos.give(0, "requisition")
    game = pos.start(0, "move")
    assert option_ids(game) == ["pass", f"card:{card}"]
    assert answer(game, f"card:{card}") is None  # the only card, and no units to move
    assert game.state.players[0].treasury == 4
    (event,) = [e for e in game.events if e.kind == "requisitioned"]
    assert describe(game, event) == "P0 requisitions 3 thalers from the countryside"


def test_requisition_is_not_offered_without_a_zone():
    pos = position("austria", "prussia")
    pos.give(0, "requisition")
    game = pos.start(0, "move")
    assert game.pending is None  # no card to play, nothing to move: the phase asks nothing


def march_from_paris(pos: Position) -> tuple[object, int]:
    """Seat 0 (in Paris) plays March and moves its stack to Ulm."""
    (march,) = pos.give(0, "march")
    game = pos.start(0, "move")
    answer(game, f"card:{march}", "zone:0")  # one unit, one road: nothing else to ask
    return game, march


def test_cossack_raid_takes_two_thalers_from_the_player_who_moved():
    pos = position("france", "russia")
    pos.place(0, "Paris", "line_infantry")
    pos.set_treasury(0, 5)
    (raid,) = pos.give(1, "cossack_raid")
    game, _ = march_from_paris(pos)
    assert (game.pending.player, game.pending.kind, option_ids(game)) == (1, "reaction", [f"card:{raid}", "pass"])
    answer(game, f"card:{raid}")
    assert [p.treasury for p in game.state.players] == [3, 2]
    assert units_in(game, ULM, 0) == ["line_infantry"]  # the move itself stands
    (event,) = [e for e in game.events if e.kind == "raided"]
    assert describe(game, event) == "Cossacks raid P0's supply train: P1 takes 2 thalers"


def test_cossack_raid_takes_no_more_than_the_mover_has_and_is_not_offered_against_an_empty_treasury():
    pos = position("france", "russia")
    pos.place(0, "Paris", "line_infantry")
    pos.set_treasury(0, 1)
    (raid,) = pos.give(1, "cossack_raid")
    game, _ = march_from_paris(pos)
    answer(game, f"card:{raid}")
    assert [p.treasury for p in game.state.players] == [0, 1]
    pos = position("france", "russia")
    pos.place(0, "Paris", "line_infantry")
    pos.give(1, "cossack_raid")
    game, _ = march_from_paris(pos)
    assert game.pending is None and units_in(game, ULM, 0) == ["line_infantry"]  # moved, and nobody was asked to react


def test_cossack_raid_is_only_a_reaction_never_a_card_of_the_move_phase():
    pos = position("russia", "france")
    pos.place(0, "Moscow", "line_infantry")
    pos.set_treasury(1, 5)
    raid, march = pos.give(0, "cossack_raid", "march")
    game = pos.start(0, "move")
    assert option_ids(game) == ["pass", f"card:{march}"]
    with pytest.raises(IllegalChoice):
        game.decide(f"card:{raid}")


def test_intercepted_dispatch_cancels_a_requisition():
    pos = position("austria", "prussia")
    pos.set_control(0, "Vienna")
    (requisition,) = pos.give(0, "requisition")
    (dispatch,) = pos.give(1, "intercepted_dispatch")
    game = pos.start(0, "move")
    answer(game, f"card:{requisition}")
    assert (game.pending.player, option_ids(game)) == (1, [f"card:{dispatch}", "pass"])
    answer(game, f"card:{dispatch}")
    assert game.state.players[0].treasury == 0 and events(game, "requisitioned") == []
    assert [e["card"] for e in events(game, "card_negated")] == ["Requisition"]
