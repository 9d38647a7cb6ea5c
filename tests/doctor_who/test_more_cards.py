"""D6: the other 23 Doctor Who cards: each one played with the exact outcome a player sees,
and each one refused (not offered) where it has no legal use, or kept to the moment it is
made for (a battle card outside a battle, a reaction nobody can use). The four reactions'
sections show that only a player who holds one and can play it is asked."""

from __future__ import annotations

import random

import attrs
import pytest

from warp_empires import IllegalChoice
from warp_empires.model.state import CAPTURED, POOL
from warp_empires.cli.narrate import describe
from warp_empires.rules.move import destinations

from .scenario import (
    EARTH, KARN, MARS, PELADON, SKARO, TELOS, VOID,
    LoadedDice, answer, cards_of, control, face_off, give, option_ids, place, play_move_card, refused,
    refused_in_battle, refused_in_move_phase, revenue, run_phases, run_phases_holding, scenario, set_pool,
    stack_deck, start_battle_phase, start_move_phase, start_turn, units_in,
)


def events(game, kind):
    return [e for e in game.events if e.kind == kind]


def last_battle(game):
    return events(game, "battle")[-1].data


def names(game, cards):
    return [game.card_name(c) for c in cards]


# ---------------------------------------------------------------------- Space Travel


def test_space_travel_moves_one_stack_at_the_pace_of_its_slowest_unit():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "war_fleet", "scouts")
    card = play_move_card(game, "space_travel")
    assert option_ids(game) == ["stop", f"zone:{SKARO}"]
    game.decide(f"zone:{SKARO}")
    assert option_ids(game)[0] == "all"
    game.decide("all")
    # The War Fleet is Medium: 2 zones, although the Scouts alone could go 3.
    assert option_ids(game) == [f"zone:{VOID}", f"zone:{EARTH}", f"zone:{PELADON}"]
    game.decide(f"zone:{EARTH}")
    assert units_in(game, EARTH, 0) == ["scouts", "war_fleet"]
    assert units_in(game, SKARO, 0) == []
    moved = events(game, "moved")[-1].data
    assert (moved["frm"], moved["to"], moved["count"]) == (SKARO, EARTH, 2)
    assert card in game.state.discard
    assert option_ids(game) == ["pass", "arrange"]  # the card is spent, nothing else moves


def test_space_travel_may_split_a_stack_and_never_passes_through_an_enemy():
    game = scenario("daleks", "cybermen")
    war_fleet, scouts = place(game, 0, SKARO, "war_fleet", "scouts")
    place(game, 1, VOID, "patrols")
    first, second = start_move_phase(game, ["space_travel", "space_travel"])
    answer(game, f"card:{first}", f"zone:{SKARO}", f"unit:{scouts}")
    assert option_ids(game) == ["go", f"unit:{war_fleet}"]
    game.decide("go")
    # The Cybermen hold Void: the Scouts may stop there, but not pass on to Earth.
    assert option_ids(game) == [f"zone:{VOID}", f"zone:{PELADON}"]
    game.decide(f"zone:{VOID}")
    assert units_in(game, VOID, 0) == ["scouts"]
    # The War Fleet, left behind, moves with the second card.
    answer(game, f"card:{second}", f"zone:{SKARO}")
    assert option_ids(game) == [f"zone:{VOID}", f"zone:{PELADON}"]
    game.decide(f"zone:{PELADON}")
    assert units_in(game, PELADON, 0) == ["war_fleet"]


def test_space_travel_is_refused_when_none_of_your_units_can_move():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    first, second, research = start_move_phase(game, ["space_travel", "space_travel", "research_experiments"])
    answer(game, f"card:{first}", f"zone:{SKARO}", f"zone:{VOID}")
    # The Scouts have moved this turn and they are the only unit.
    assert option_ids(game) == ["pass", f"card:{research}"]
    refused(game, second)


def test_space_travel_is_refused_without_units_on_the_map():
    game = scenario("daleks", "cybermen")
    place(game, 1, VOID, "patrols")
    refused_in_move_phase(game, "space_travel")


# ---------------------------------------------------------------------- Galactic Invasion


def three_stacks():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    place(game, 0, MARS, "war_fleet")
    place(game, 0, PELADON, "patrols")
    return game, play_move_card(game, "galactic_invasion")


def test_galactic_invasion_moves_three_stacks_one_after_another():
    game, card = three_stacks()
    # D7: two stacks must move; stopping is offered only from the third on.
    assert option_ids(game) == [f"zone:{SKARO}", f"zone:{MARS}", f"zone:{PELADON}"]
    assert game.pending.prompt == "Choose a stack to move (2 more to move, 3 at most)"
    answer(game, f"zone:{SKARO}", f"zone:{VOID}")
    assert option_ids(game) == [f"zone:{MARS}", f"zone:{PELADON}"]
    game.decide(f"zone:{PELADON}")
    assert option_ids(game) == [f"zone:{SKARO}", f"zone:{VOID}"]
    game.decide(f"zone:{SKARO}")
    assert option_ids(game) == ["stop", f"zone:{MARS}"]
    answer(game, f"zone:{MARS}", f"zone:{TELOS}")
    assert (units_in(game, VOID, 0), units_in(game, SKARO, 0), units_in(game, TELOS, 0)) == (["scouts"], ["patrols"], ["war_fleet"])
    assert [(e.data["frm"], e.data["to"]) for e in events(game, "moved")] == [(SKARO, VOID), (PELADON, SKARO), (MARS, TELOS)]
    assert game.pending is None  # three stacks moved: the card is spent, nothing else to play
    assert card in game.state.discard


def test_d7_galactic_invasion_may_stop_after_the_second_stack_not_before():
    game, card = three_stacks()
    answer(game, f"zone:{SKARO}", f"zone:{VOID}")
    with pytest.raises(IllegalChoice):
        game.decide("stop")
    answer(game, f"zone:{PELADON}", f"zone:{SKARO}")
    assert option_ids(game) == ["stop", f"zone:{MARS}"]
    game.decide("stop")
    assert units_in(game, MARS, 0) == ["war_fleet"]
    assert len(events(game, "moved")) == 2
    assert not game.state.units[game.state.stack(MARS, 0)[0]].moved


def test_d7_galactic_invasion_moves_two_stacks_not_two_groups_of_one():
    """Mars holds a War Fleet and Patrols, Skaro Scouts: once a group has left Mars, the
    second stack to move is Skaro's, not the rest of Mars (a stack is all of a player's
    units in one zone, B3)."""
    game = scenario("daleks", "cybermen")
    war_fleet, _ = place(game, 0, MARS, "war_fleet", "patrols")
    place(game, 0, SKARO, "scouts")
    play_move_card(game, "galactic_invasion")
    game.decide(f"zone:{MARS}")
    answer(game, f"unit:{war_fleet}", "go", f"zone:{TELOS}")
    # Skaro's is the only stack left to choose, so nobody is asked which: its Scouts go next.
    assert game.pending.prompt.startswith("Move 1 unit(s) from Skaro to")
    answer(game, f"zone:{VOID}")
    assert [(e.data["frm"], e.data["to"]) for e in events(game, "moved")] == [(MARS, TELOS), (SKARO, VOID)]
    assert units_in(game, MARS, 0) == ["patrols"]
    # The card's third move goes unused (the Patrols would leave Mars a second time): the
    # player is told so, where the move phase used to go on without a word.
    (unused,) = [e for e in game.events if e.kind == "moves_unused"]
    assert unused.visible_to == frozenset({0}) and describe(game, unused) == (
        "A has no other stack that can move: 1 move(s) of the card go unused (each stack a card moves comes from another zone)")


def test_galactic_invasion_is_refused_with_only_one_stack_that_can_move():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts", "war_fleet")
    invasion, travel = start_move_phase(game, ["galactic_invasion", "space_travel"])
    assert option_ids(game) == ["pass", f"card:{travel}", "arrange"]
    refused(game, invasion)


# ---------------------------------------------------------------------- Surrounded


def test_surrounded_adds_one_per_unit_itemised_in_the_battle_force():
    game = scenario("daleks", "ice_warriors")
    (scouts, patrols, aux), _ = face_off(game, EARTH, ["scouts", "patrols", "auxiliary_fleet"], ["war_fleet"])
    card, = start_battle_phase(game, ["surrounded"])
    # 5 + 3 (Daleks) against 6 + 2 (Ice Warriors defending): a tie, the defender's.
    assert game.pending.context["attacker"]["force"] == 8 and game.pending.context["defender"]["force"] == 8
    game.decide(f"card:{card}")
    battle = last_battle(game)
    assert battle["attacker"]["parts"] == [("units", 5), ("unit and faction abilities", 3), ("Surrounded", 3)]
    assert battle["attacker"]["force"] == 11 and battle["defender"]["force"] == 8
    assert battle["winner"] == 0
    # The War Fleet (6) is lost: the Daleks give up at least 3 printed force.
    assert game.pending.kind == "pick_own_losses"
    answer(game, f"unit:{patrols}", f"unit:{scouts}")
    assert units_in(game, EARTH, 0) == ["auxiliary_fleet"]
    assert units_in(game, EARTH, 1) == []


def test_surrounded_counts_only_your_own_units():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["scouts", "scouts", "scouts", "patrols"])
    card, = start_battle_phase(game, [], ["surrounded"])
    game.decide(f"card:{card}")  # the defender plays it: four Cybermen units
    battle = last_battle(game)
    assert battle["defender"]["parts"] == [("units", 5), ("unit and faction abilities", 2), ("Surrounded", 4)]
    assert battle["defender"]["force"] == 11 and battle["attacker"]["force"] == 7


def test_surrounded_counts_the_units_fighting_when_it_takes_effect():
    game = scenario("daleks", "cybermen")
    (fleet, scouts, aux), _ = face_off(game, EARTH, ["war_fleet", "scouts", "auxiliary_fleet"], ["armada", "patrols"])
    surrounded, graviton = start_battle_phase(game, ["surrounded"], ["graviton_weapon"])
    game.decide(f"card:{surrounded}")  # three Daleks units: +3
    answer(game, f"card:{graviton}", f"unit:{fleet}")  # one of them is destroyed afterwards
    battle = last_battle(game)
    assert battle["attacker"]["parts"] == [("units", 3), ("unit and faction abilities", 2), ("Surrounded", 3)]
    assert battle["attacker"]["force"] == 8


# ---------------------------------------------------------------------- Surprise Attack


def test_surprise_attack_adds_ten_and_turns_the_battle():
    game = scenario("cybermen", "daleks")
    (war_fleet, scouts), (patrols, d_scouts, aux) = face_off(game, EARTH, ["war_fleet", "scouts"], ["patrols", "scouts", "auxiliary_fleet"])
    card, = start_battle_phase(game, [], ["surprise_attack"])
    # The attacker has no card: the defender is asked first.
    assert game.pending.player == 1
    assert game.pending.context["attacker"]["force"] == 11 and game.pending.context["defender"]["force"] == 10
    game.decide(f"card:{card}")
    battle = last_battle(game)
    assert battle["defender"]["parts"] == [("units", 5), ("unit and faction abilities", 5), ("Surprise Attack", 10)]
    assert battle["defender"]["force"] == 20 and battle["winner"] == 1
    game.decide(f"unit:{war_fleet}")  # the Daleks pick the Cybermen's loss
    answer(game, f"unit:{patrols}", f"unit:{d_scouts}")  # and pay 3 printed force for it
    game.decide(f"zone:{MARS}")  # the Cybermen's Scouts retreat
    assert units_in(game, EARTH, 1) == ["auxiliary_fleet"]
    assert units_in(game, MARS, 0) == ["scouts"]


def test_battle_cards_are_not_offered_outside_a_battle():
    game = scenario("daleks", "cybermen")
    place(game, 0, VOID, "war_fleet")
    place(game, 1, EARTH, "scouts")
    hand = start_move_phase(game, ["surrounded", "surprise_attack", "graviton_weapon", "antimatter_bomb", "retreat", "exterminate", "space_travel"])
    assert option_ids(game) == ["pass", f"card:{hand[-1]}"]
    for card in hand[:-1]:
        refused(game, card)


# ---------------------------------------------------------------------- Intrigue


def test_intrigue_takes_one_random_card_from_the_chosen_opponent():
    game = scenario("daleks", "cybermen", "sontarans")
    card = give(game, 0, "intrigue")[0]
    theirs = give(game, 2, "spies", "sabotage", "raiding", "retreat")
    give(game, 1, "great_leader")
    game.rng = random.Random(4)
    run_phases(game, 0, "move")
    game.decide(f"card:{card}")
    assert option_ids(game) == ["seat:1", "seat:2"]
    game.decide("seat:2")
    assert names(game, game.state.players[0].hand) == ["Sabotage"]
    assert names(game, game.state.players[2].hand) == ["Spies", "Raiding", "Retreat"]
    assert names(game, game.state.players[1].hand) == ["Great Leader"]  # the other opponent keeps theirs
    taken = events(game, "cards_taken")[-1]
    # B14: the taker and the victim learn which card; the third player only that one went.
    assert taken.seen_by(0).data["cards"] == ["Sabotage"] and taken.seen_by(2).data["cards"] == ["Sabotage"]
    assert taken.seen_by(1).data == {"player": 0, "victim": 2, "count": 1}
    assert game.state.players[0].hand == [theirs[1]]


def test_intrigue_is_refused_when_every_opponent_has_an_empty_hand():
    game = scenario("daleks", "cybermen")
    refused_in_move_phase(game, "intrigue")


# ---------------------------------------------------------------------- Sabotage and Destroy Planet


def test_sabotage_makes_the_opponent_discard_two_cards_of_their_choice():
    game = scenario("daleks", "cybermen")
    card, spies, raiding, retreat = start_move_phase(game, ["sabotage"], ["spies", "raiding", "retreat"])
    game.decide(f"card:{card}")  # the only opponent with cards
    assert (game.pending.player, game.pending.kind, game.pending.count) == (1, "discard_forced", 2)
    game.decide([f"card:{spies}", f"card:{retreat}"])
    assert game.state.players[1].hand == [raiding]
    assert game.state.discard[-2:] == [spies, retreat]


def test_sabotage_takes_the_last_card_of_a_one_card_hand():
    game = scenario("daleks", "cybermen")
    card, spies = start_move_phase(game, ["sabotage"], ["spies"])
    game.decide(f"card:{card}")
    assert game.state.players[1].hand == []
    assert spies in game.state.discard


def test_sabotage_is_offered_only_against_opponents_holding_cards():
    game = scenario("daleks", "cybermen", "sontarans")
    sabotage, research, _ = start_move_phase(game, ["sabotage", "research_experiments"], [], ["spies"])
    game.decide(f"card:{sabotage}")  # seat 1 has nothing: seat 2 is the only target
    assert game.state.players[2].hand == []


def test_sabotage_is_refused_when_every_opponent_has_an_empty_hand():
    game = scenario("daleks", "cybermen", "sontarans")
    refused_in_move_phase(game, "sabotage")


def test_destroy_planet_makes_the_opponent_discard_four():
    game = scenario("daleks", "cybermen")
    card, *hand = start_move_phase(game, ["destroy_planet"], ["spies", "raiding", "retreat", "intrigue", "revolt", "exterminate"])
    game.decide(f"card:{card}")
    assert game.pending.count == 4 and game.pending.player == 1
    game.decide([f"card:{c}" for c in hand[:4]])
    assert names(game, game.state.players[1].hand) == ["Revolt", "Exterminate"]


def test_destroy_planet_takes_a_whole_hand_of_three():
    game = scenario("daleks", "cybermen")
    card, *hand = start_move_phase(game, ["destroy_planet"], ["spies", "raiding", "retreat"])
    game.decide(f"card:{card}")
    assert game.state.players[1].hand == []
    assert set(hand) <= set(game.state.discard)


def test_destroy_planet_is_refused_when_every_opponent_has_an_empty_hand():
    game = scenario("daleks", "cybermen")
    refused_in_move_phase(game, "destroy_planet")


# ---------------------------------------------------------------------- Raiding


def test_raiding_takes_five_from_the_opponents_next_revenue_phase_only():
    game = scenario("daleks", "cybermen")
    control(game, 1, TELOS, MARS, KARN)  # 3 + 3 + 2
    game.state.players[1].treasury = 4
    card, = run_phases_holding(game, 0, ["move", "revenue"], ["raiding"])  # turn 1, the Daleks'
    game.decide(f"card:{card}")
    assert game.state.players[0].treasury == 0
    run_phases(game, 1, "revenue", turn=2)
    assert game.state.players[1].treasury == 4 + 3
    assert events(game, "revenue")[-1].data["parts"] == [("controlled zones", 8), ("card effect", -5)]
    start_turn(game, 1, turn=4)
    assert revenue(game, 1) == 8


def test_raiding_never_makes_revenue_negative():
    game = scenario("daleks", "cybermen")
    control(game, 1, KARN)  # 2
    game.state.players[1].treasury = 6
    play_move_card(game, "raiding")
    run_phases(game, 1, "revenue", turn=2)
    assert game.state.players[1].treasury == 6  # earns 0, loses nothing already banked
    assert game.state.players[1].revenue == 0


def test_b15_a_raided_small_empire_keeps_its_army():
    # Karn prints 2 EP: 10 units are kept. Raiding cuts the EP collected to 0, not the upkeep.
    game = scenario("daleks", "cybermen")
    control(game, 1, KARN)
    place(game, 1, KARN, *["scouts"] * 6)
    place(game, 1, TELOS, *["patrols"] * 4)
    play_move_card(game, "raiding")
    run_phases(game, 1, "revenue", "upkeep", turn=2)
    assert game.state.players[1].revenue == 0
    assert game.pending is None  # nobody is asked to disband
    assert len(game.state.units_of(1)) == 10
    place(game, 1, TELOS, "armada")
    run_phases(game, 1, "upkeep", turn=4)
    assert (game.pending.kind, game.pending.count) == ("disband", 1)


def test_raiding_is_a_card_of_your_move_phase_not_of_a_battle():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["scouts"])
    refused_in_battle(game, "raiding")


# ---------------------------------------------------------------------- Energy Drain


def test_energy_drain_takes_three_ep():
    game = scenario("daleks", "cybermen")
    game.state.players[0].treasury = 2
    game.state.players[1].treasury = 7
    play_move_card(game, "energy_drain")
    assert (game.state.players[0].treasury, game.state.players[1].treasury) == (5, 4)


def test_energy_drain_takes_only_what_the_opponent_has():
    game = scenario("daleks", "cybermen", "sontarans")
    game.state.players[1].treasury = 2
    game.state.players[2].treasury = 9
    play_move_card(game, "energy_drain")
    assert option_ids(game) == ["seat:1", "seat:2"]
    game.decide("seat:1")
    assert [p.treasury for p in game.state.players] == [2, 0, 9]
    assert events(game, "revenue_stolen")[-1].data["amount"] == 2


def test_energy_drain_is_refused_when_no_opponent_has_any_ep():
    game = scenario("daleks", "cybermen", "sontarans")
    game.state.players[0].treasury = 5
    drain, research = start_move_phase(game, ["energy_drain", "research_experiments"])
    refused(game, drain)
    game.state.players[2].treasury = 1
    run_phases(game, 0, "move")
    game.decide(f"card:{drain}")  # only the Sontarans are worth draining: no question
    assert [p.treasury for p in game.state.players] == [6, 0, 0]


# ---------------------------------------------------------------------- Spies


def test_spies_shows_the_opponents_hand_to_its_player_only():
    game = scenario("daleks", "cybermen", "sontarans")
    card, *hand = start_move_phase(game, ["spies"], [], ["revolt", "time_loop", "exterminate"])
    game.decide(f"card:{card}")
    game.decide("seat:2")
    seen = events(game, "hand_seen")[-1]
    assert seen.data["cards"] == ["Revolt", "Time Loop", "Exterminate"]
    assert seen.data["victim"] == 2
    assert seen.seen_by(0) is not None and seen.seen_by(1) is None and seen.seen_by(2) is None
    assert game.state.players[2].hand == hand  # looking takes nothing


def test_spies_is_a_card_of_your_move_phase_not_of_a_battle():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["scouts"])
    refused_in_battle(game, "spies")


# ---------------------------------------------------------------------- Graviton Weapon and Antimatter Bomb


def test_graviton_weapon_destroys_the_enemy_unit_you_choose():
    game = scenario("daleks", "cybermen")
    (war_fleet, scouts), (battle_fleet, c_scouts) = face_off(game, EARTH, ["war_fleet", "scouts"], ["battle_fleet", "scouts"])
    card, = start_battle_phase(game, ["graviton_weapon"])
    assert game.pending.context["attacker"]["force"] == 9 and game.pending.context["defender"]["force"] == 9
    game.decide(f"card:{card}")
    assert sorted(option_ids(game)) == sorted([f"unit:{battle_fleet}", f"unit:{c_scouts}"])
    game.decide(f"unit:{battle_fleet}")
    assert game.state.units[battle_fleet].place == POOL
    assert events(game, "unit_lost")[0].data == {"player": 1, "unit": "Battle Fleet", "zone": EARTH}
    battle = last_battle(game)
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (9, 1, 0)
    # The Scouts are lost in the battle; the Battle Fleet did not count as a battle loss,
    # so the Daleks owe only 1 printed force.
    game.decide(f"unit:{scouts}")
    assert game.pending is None
    assert units_in(game, EARTH, 0) == ["war_fleet"] and units_in(game, EARTH, 1) == []


def test_antimatter_bomb_lets_the_defender_destroy_an_attacking_unit():
    game = scenario("cybermen", "daleks")
    (invasion, c_scouts), (armada, scouts) = face_off(game, EARTH, ["invasion_force", "scouts"], ["armada", "scouts"])
    card, = start_battle_phase(game, [], ["antimatter_bomb"])
    assert game.pending.context["attacker"]["force"] == 15 and game.pending.context["defender"]["force"] == 13
    game.decide(f"card:{card}")
    game.decide(f"unit:{invasion}")
    assert game.state.units[invasion].place == POOL
    battle = last_battle(game)
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (3, 13, 1)
    game.decide(f"unit:{scouts}")  # the Daleks pay the 1 printed force they owe
    assert units_in(game, EARTH, 1) == ["armada"] and units_in(game, EARTH, 0) == []


def test_a_side_whose_last_unit_a_card_destroyed_cannot_win_on_its_cards():
    """B5, as our ruling settles it (docs/rules.md): the Daleks' lone Scouts play Surprise
    Attack; the Cybermen's Antimatter Bomb destroys the Scouts. The Daleks' card bonus alone outweighs two Patrols, but with no unit left
    in the battle they cannot win it: the Cybermen hold Earth and lose nothing."""
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["scouts"], ["patrols", "patrols"])
    surprise, bomb = start_battle_phase(game, ["surprise_attack"], ["antimatter_bomb"])
    game.decide(f"card:{surprise}")
    game.decide(f"card:{bomb}")  # its one target, the Scouts, is taken without asking
    assert game.pending is None
    battle = last_battle(game)
    assert battle["attacker"]["force"] > battle["defender"]["force"]
    assert battle["winner"] == 1 and battle["unopposed"]
    assert describe(game, events(game, "battle")[-1]).endswith("; B wins: A has no unit left in it")  # the players are A and B
    assert [e.data["unit"] for e in events(game, "unit_lost")] == ["Scouts"]
    assert units_in(game, EARTH, 1) == ["patrols", "patrols"] and events(game, "retreated") == []


@pytest.mark.parametrize("weapon", ["graviton_weapon", "antimatter_bomb"])
def test_a_leader_hit_by_a_weapon_is_captured_not_destroyed(weapon):
    game = scenario("daleks", "cybermen")
    _, (leader, patrols, aux) = face_off(game, EARTH, ["war_fleet", "scouts"], ["scouts", "patrols", "auxiliary_fleet"])
    unit = game.state.units[leader]
    unit.type = attrs.evolve(unit.type, name="Cyber Controller", tags=unit.type.tags | {"leader"})
    card, = start_battle_phase(game, [weapon])
    # The Cybermen's leader is worth +5: 1 + 2 + 2, +2 (Patrols defending), +5 = 12 against 9.
    assert game.pending.context["defender"]["parts"] == [("units", 5), ("unit and faction abilities", 2), ("leader", 5)]
    game.decide(f"card:{card}")
    game.decide(f"unit:{leader}")
    assert (unit.place, unit.owner) == (CAPTURED, 0)
    assert leader not in game.state.pools["common"]
    assert events(game, "leader_captured")[0].data == {"player": 1, "by": 0, "unit": "Cyber Controller", "zone": EARTH}
    battle = last_battle(game)
    assert battle["defender"]["parts"] == [("units", 4), ("unit and faction abilities", 2)]
    assert battle["attacker"]["force"] == 9 and battle["winner"] == 0


def test_a_weapon_is_not_offered_once_no_enemy_unit_is_left_in_the_battle():
    game = scenario("daleks", "cybermen")
    _, (target,) = face_off(game, EARTH, ["war_fleet", "scouts"], ["patrols"])
    graviton, antimatter = start_battle_phase(game, ["graviton_weapon", "antimatter_bomb"])
    assert option_ids(game) == ["pass", f"card:{graviton}", f"card:{antimatter}"]
    game.decide(f"card:{graviton}")  # the Patrols, the only target
    assert game.state.units[target].place == POOL
    assert game.pending is None  # the Bomb is never offered: nothing left to hit
    assert antimatter in game.state.players[0].hand


# ---------------------------------------------------------------------- Time Lord Meddling (D6 reaction)


def test_time_lord_meddling_cancels_the_card_just_played():
    game = scenario("daleks", "cybermen")
    game.state.players[1].treasury = 5
    drain, meddling = start_move_phase(game, ["energy_drain"], ["time_lord_meddling"])
    game.decide(f"card:{drain}")
    assert (game.pending.player, game.pending.kind) == (1, "reaction")
    assert option_ids(game) == [f"card:{meddling}", "pass"]
    game.decide(f"card:{meddling}")
    assert [p.treasury for p in game.state.players] == [0, 5]
    assert [e.data["card"] for e in events(game, "card_negated")] == ["Energy Drain"]
    assert drain in game.state.discard and meddling in game.state.discard


def test_time_lord_meddling_on_a_meddling_lets_the_first_card_work():
    game = scenario("daleks", "cybermen")
    game.state.players[1].treasury = 5
    drain, mine, theirs = start_move_phase(game, ["energy_drain", "time_lord_meddling"], ["time_lord_meddling"])
    game.decide(f"card:{drain}")
    game.decide(f"card:{theirs}")
    assert (game.pending.player, game.pending.kind) == (0, "reaction")
    game.decide(f"card:{mine}")
    assert [(e.data["player"], e.data["card"]) for e in events(game, "card_negated")] == [(1, "Time Lord Meddling")]
    assert [p.treasury for p in game.state.players] == [3, 2]


def test_time_lord_meddling_cancels_a_reaction_too():
    """Any card just played: the Daleks' Time Loop is cancelled, and the Cybermen's move stands."""
    game = scenario("daleks", "cybermen")
    place(game, 0, EARTH, "patrols")
    place(game, 1, VOID, "war_fleet")
    loop, meddling, travel = run_phases_holding(game, 1, ["move"], ["time_loop"], ["time_lord_meddling", "space_travel"], turn=2)
    answer(game, f"card:{travel}", f"zone:{VOID}", f"zone:{EARTH}", f"card:{loop}")
    assert (game.pending.player, game.pending.kind) == (1, "reaction")
    assert option_ids(game) == [f"card:{meddling}", "pass"]
    game.decide(f"card:{meddling}")
    assert [e.data["card"] for e in events(game, "card_negated")] == ["Time Loop"]
    assert units_in(game, EARTH, 1) == ["war_fleet"] and units_in(game, VOID, 1) == []


def test_time_lord_meddling_cancels_a_battle_card():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["armada"])
    surprise, meddling = start_battle_phase(game, ["surprise_attack"], ["time_lord_meddling"])
    answer(game, f"card:{surprise}", f"card:{meddling}")
    battle = last_battle(game)
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (7, 10, 1)


def test_time_lord_meddling_is_never_asked_of_the_cards_own_player_nor_played_on_its_own():
    game = scenario("daleks", "cybermen", "sontarans")
    research, meddling, theirs = start_move_phase(game, ["research_experiments", "time_lord_meddling"], [], ["time_lord_meddling"])
    assert option_ids(game) == ["pass", f"card:{research}"]
    refused(game, meddling)
    game.decide(f"card:{research}")
    # The Cybermen hold nothing and are skipped; the Sontarans may answer.
    assert (game.pending.player, game.pending.kind) == (2, "reaction")
    game.decide("pass")
    assert len(game.state.players[0].hand) == 3  # Meddling + 2 drawn
    assert game.pending is None  # no card of the move phase left: the phase is over
    assert theirs in game.state.players[2].hand


# ---------------------------------------------------------------------- Temporal Microjump (D6 reaction)


def buy_everything(game):
    """Buy every unit offered, one after another, until something else is asked."""
    while game.pending is not None and game.pending.kind == "buy":
        game.decide(option_ids(game)[1])


def test_temporal_microjump_rerolls_the_recruit_die_and_the_new_roll_stands():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    game.state.players[0].treasury = 20
    set_pool(game, *["scouts"] * 6, *["auxiliary_fleet"] * 5)
    jump = give(game, 0, "temporal_microjump")[0]
    game.rng = LoadedDice([1, 4], seed=3)
    run_phases(game, 0, "recruit")
    buy_everything(game)
    # All five bought: 1D6 more are drawn. A 1; the Daleks roll again.
    assert [e.data["value"] for e in events(game, "die_rolled")] == [1]
    assert (game.pending.player, game.pending.kind) == (0, "reaction")
    assert option_ids(game) == [f"card:{jump}", "pass"]
    game.decide(f"card:{jump}")
    assert [e.data["value"] for e in events(game, "die_rolled")] == [1, 4]
    extra = events(game, "recruit_draw")[-1].data
    assert extra["extra"] is True and extra["count"] == 4
    assert len(option_ids(game)) == 1 + 4  # "done" and the four units


def test_an_opponent_may_reroll_your_die_and_the_worse_roll_stands():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    game.state.players[0].treasury = 20
    set_pool(game, *["scouts"] * 6, *["auxiliary_fleet"] * 5)
    jump = give(game, 1, "temporal_microjump")[0]
    game.rng = LoadedDice([6, 1], seed=3)
    run_phases(game, 0, "recruit")
    buy_everything(game)
    # The Daleks hold no Microjump and are not asked; the Cybermen are.
    assert (game.pending.player, game.pending.kind) == (1, "reaction")
    game.decide(f"card:{jump}")
    assert [e.data["value"] for e in events(game, "die_rolled")] == [6, 1]
    assert events(game, "recruit_draw")[-1].data["count"] == 1


def test_the_target_of_a_revolt_may_reroll_its_die():
    game = scenario("daleks", "cybermen")
    control(game, 1, TELOS)
    game.rng = LoadedDice([6, 1])
    revolt, jump = start_move_phase(game, ["revolt"], ["temporal_microjump"])
    game.decide(f"card:{revolt}")
    assert (game.pending.player, game.pending.kind) == (1, "reaction")
    game.decide(f"card:{jump}")
    # One Cybermen turn without Telos instead of six.
    assert [(e.seat, e.zone, e.until_turn) for e in game.state.lasting] == [(1, TELOS, 2)]
    assert events(game, "revolt")[-1].data["turns"] == 1


def test_temporal_microjump_is_asked_only_after_a_die_roll():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    place(game, 0, SKARO, "scouts")
    game.state.players[0].treasury = 20
    set_pool(game, *["scouts"] * 5, *["auxiliary_fleet"] * 5)
    travel, jump, _ = run_phases_holding(game, 0, ["move", "recruit"], ["space_travel", "temporal_microjump"], ["temporal_microjump"])
    assert option_ids(game) == ["pass", f"card:{travel}"]
    refused(game, jump)
    answer(game, f"card:{travel}", f"zone:{SKARO}", f"zone:{VOID}")  # a move: nobody is asked
    assert game.pending.kind == "buy"  # the move phase is over, the recruit has begun
    # Four of the five bought: no die is rolled, so no Microjump is asked for.
    for _ in range(4):
        game.decide(option_ids(game)[1])
    game.decide("done")
    assert game.pending is None
    assert events(game, "die_rolled") == []


# ---------------------------------------------------------------------- Expedition


LINE = [("Gallifrey", "rich", 3, "GA")] + [(f"Deep {i}", "void", 0, f"D{i}") for i in range(1, 8)] + [("Trenzalore", "rich", 3, "TR")]
LINE_EDGES = [(i, i + 1) for i in range(8)]


def test_expedition_moves_one_scouts_unit_up_to_six_zones():
    game = scenario("daleks", "cybermen", zones=LINE, edges=LINE_EDGES, starts=(0, 8))
    first, second = place(game, 0, 0, "scouts", "scouts")
    place(game, 0, 0, "war_fleet")
    play_move_card(game, "expedition", "zone:0")
    # One Scouts unit goes; the War Fleet cannot.
    assert option_ids(game) == [f"unit:{first}", f"unit:{second}"]
    game.decide(f"unit:{second}")
    assert option_ids(game) == [f"zone:{z}" for z in range(1, 7)]
    game.decide("zone:6")
    assert units_in(game, 6, 0) == ["scouts"]
    assert units_in(game, 0, 0) == ["scouts", "war_fleet"]


def test_expedition_reaches_further_than_the_scouts_own_speed():
    game = scenario("daleks", "cybermen")
    scouts = place(game, 0, SKARO, "scouts")
    card = give(game, 0, "expedition")[0]
    assert TELOS not in destinations(game, 0, SKARO, tuple(scouts))  # 4 zones away
    run_phases(game, 0, "move")
    answer(game, f"card:{card}", f"zone:{SKARO}")
    assert option_ids(game) == [f"zone:{z}" for z in (VOID, EARTH, MARS, PELADON, KARN, TELOS)]
    game.decide(f"zone:{TELOS}")
    assert units_in(game, TELOS, 0) == ["scouts"]


def test_the_move_screen_and_why_count_expeditions_six_points_not_the_scouts_own():
    """Screens: the panel and `why` give the card's 6 points, not the Scouts' speed of 3."""
    import io

    from rich.console import Console

    from warp_empires.cli.explain import why_not
    from warp_empires.cli.render import destinations_panel

    game = scenario("daleks", "cybermen", zones=LINE, edges=LINE_EDGES, starts=(0, 8))
    place(game, 0, 0, "scouts")
    play_move_card(game, "expedition", "zone:0")
    screen = io.StringIO()
    Console(file=screen, width=200).print(destinations_panel(game, 0, game.pending.context))
    assert "Scouts (F1); 6 movement point(s)." in screen.getvalue()
    assert why_not(game, game.pending, "D7") == (
        "Too far: reaching Deep 7 (D7) costs 7 movement point(s) and the group has 6 movement point(s), as the card played gives.")


def test_expedition_stops_at_the_first_enemy_zone():
    game = scenario("daleks", "cybermen", zones=LINE, edges=LINE_EDGES, starts=(0, 8))
    place(game, 0, 0, "scouts")
    place(game, 1, 3, "patrols")
    play_move_card(game, "expedition", "zone:0")
    assert option_ids(game) == ["zone:1", "zone:2", "zone:3"]


def test_expedition_is_refused_without_a_scouts_unit_that_can_move():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "war_fleet")
    expedition, travel = start_move_phase(game, ["expedition", "space_travel"])
    assert option_ids(game) == ["pass", f"card:{travel}"]
    refused(game, expedition)
    # Scouts that have already moved this turn do not count either.
    scouts = place(game, 0, SKARO, "scouts")[0]
    game.state.units[scouts].moved = True
    run_phases(game, 0, "move")
    refused(game, expedition)


# ---------------------------------------------------------------------- Scouts


def test_scouts_card_shows_every_unit_of_an_enemy_stack_to_its_player_only():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    place(game, 1, MARS, "armada", "patrols", "scouts")
    place(game, 1, TELOS, "war_fleet")
    play_move_card(game, "scouts")
    assert option_ids(game) == [f"stack:{MARS}:1", f"stack:{TELOS}:1"]
    game.decide(f"stack:{MARS}:1")
    seen = events(game, "stack_seen")[-1]
    assert seen.data["units"] == ["Armada", "Patrols", "Scouts"]
    assert seen.data["zone"] == MARS
    assert seen.seen_by(0) is not None and seen.seen_by(1) is None


def test_scouts_card_is_refused_when_no_enemy_unit_is_on_the_map():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    refused_in_move_phase(game, "scouts")


# ---------------------------------------------------------------------- Increase Production


def test_increase_production_adds_five_to_this_turns_revenue_only():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO, KARN)  # 3 + 2
    card, = run_phases_holding(game, 0, ["move", "revenue"], ["increase_production"])
    game.decide(f"card:{card}")
    assert game.state.players[0].treasury == 10
    assert events(game, "revenue")[-1].data["parts"] == [("controlled zones", 5), ("card effect", 5)]
    start_turn(game, 0, turn=3)
    assert revenue(game, 0) == 5


def test_increase_production_is_not_offered_in_a_battle_nor_after_it():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    face_off(game, EARTH, ["war_fleet", "scouts"], ["scouts"])
    production, surprise = start_battle_phase(game, ["increase_production", "surprise_attack"])
    assert option_ids(game) == ["pass", f"card:{surprise}"]
    refused(game, production)
    answer(game, "pass", f"unit:{game.state.stack(EARTH, 0)[1]}")  # the Daleks win and pay 1
    assert game.pending is None  # after the battles: nothing to play
    assert production in game.state.players[0].hand


# ---------------------------------------------------------------------- Research Experiments and Great Leader


@pytest.mark.parametrize("card_type, count", [("research_experiments", 2), ("great_leader", 4)])
def test_draw_cards_draw_the_top_cards_of_the_deck(card_type, count):
    game = scenario("daleks", "cybermen")
    s = game.state
    order = ["spies", "revolt", "sabotage", "intrigue", "raiding", "retreat"]
    stack_deck(game, *order)
    card, kept = start_move_phase(game, [card_type, "exterminate"])
    game.decide(f"card:{card}")
    assert names(game, s.players[0].hand) == ["Exterminate", *[game.card_name(cards_of(game, t)[0]) for t in order[:count]]]
    assert len(s.deck) == 6 - count
    assert card in s.discard


def test_great_leader_may_take_a_hand_past_the_limit_until_the_next_draw_phase():
    game = scenario("daleks", "cybermen")
    card, *_ = start_move_phase(game, ["great_leader", "spies", "spies", "raiding", "raiding", "retreat", "retreat"])
    game.decide(f"card:{card}")
    assert len(game.state.players[0].hand) == 10


def test_draw_cards_reshuffle_the_discard_pile_when_the_deck_runs_out():
    game = scenario("daleks", "cybermen")
    s = game.state
    s.discard, s.deck = s.deck[:5], s.deck[5:6]
    play_move_card(game, "great_leader")
    assert len(s.players[0].hand) == 4
    assert len(s.deck) + len(s.discard) == 3


@pytest.mark.parametrize("card_type", ["research_experiments", "great_leader"])
def test_draw_cards_are_refused_when_there_is_nothing_to_draw(card_type):
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    s = game.state
    s.deck, s.discard = [], []
    card, travel = start_move_phase(game, [card_type, "space_travel"])
    assert option_ids(game) == ["pass", f"card:{travel}"]
    refused(game, card)


# ---------------------------------------------------------------------- Intercept (D6 reaction)


def cybermen_turn_with_intercept():
    """Cybermen (seat 1) move a War Fleet from Void onto the Daleks' Patrols in Earth; the
    Daleks hold Intercept and a War Fleet in Mars."""
    game = scenario("daleks", "cybermen")
    patrols = place(game, 0, EARTH, "patrols")[0]
    fleet = place(game, 0, MARS, "war_fleet")[0]
    place(game, 1, VOID, "war_fleet")
    intercept, travel = run_phases_holding(game, 1, ["move", "battle"], ["intercept"], ["space_travel"], turn=2)
    answer(game, f"card:{travel}", f"zone:{VOID}", f"zone:{EARTH}")
    return game, intercept, patrols, fleet


def test_intercept_moves_one_of_your_stacks_right_after_an_opponents_move():
    game, intercept, patrols, fleet = cybermen_turn_with_intercept()
    assert (game.pending.player, game.pending.kind) == (0, "reaction")
    assert option_ids(game) == [f"card:{intercept}", "pass"]
    game.decide(f"card:{intercept}")
    assert option_ids(game) == ["stop", f"zone:{EARTH}", f"zone:{MARS}"]
    game.decide(f"zone:{MARS}")
    # From Mars: Earth (the Cybermen are there: it ends the move) and Telos, Karn via Telos.
    assert option_ids(game) == [f"zone:{EARTH}", f"zone:{KARN}", f"zone:{TELOS}"]
    game.decide(f"zone:{EARTH}")
    assert units_in(game, EARTH, 0) == ["patrols", "war_fleet"]
    # Back in the Cybermen's move phase: they have nothing more to play; the battle follows.
    battle = last_battle(game)
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (8, 12, 0)


def test_intercept_may_be_passed():
    game, intercept, patrols, fleet = cybermen_turn_with_intercept()
    game.decide("pass")
    assert units_in(game, MARS, 0) == ["war_fleet"]
    assert intercept in game.state.players[0].hand
    assert last_battle(game)["defender"]["force"] == 5


def test_intercept_answers_each_move_of_a_galactic_invasion():
    game = scenario("daleks", "cybermen")
    place(game, 0, MARS, "scouts")
    place(game, 1, SKARO, "war_fleet")
    place(game, 1, KARN, "patrols")
    intercept, invasion = run_phases_holding(game, 1, ["move"], ["intercept"], ["galactic_invasion"], turn=2)
    answer(game, f"card:{invasion}", f"zone:{SKARO}", f"zone:{VOID}")
    assert (game.pending.player, game.pending.kind) == (0, "reaction")
    game.decide("pass")  # not yet
    answer(game, f"zone:{TELOS}")  # D7: the second stack must move, and Karn's is the only one left
    assert (game.pending.player, game.pending.kind) == (0, "reaction")
    answer(game, f"card:{intercept}", f"zone:{MARS}", f"zone:{TELOS}")
    assert units_in(game, TELOS, 0) == ["scouts"] and units_in(game, TELOS, 1) == ["patrols"]


def test_the_owner_of_a_stack_moved_by_insidious_plot_may_intercept():
    game = scenario("daleks", "cybermen")
    place(game, 0, MARS, "scouts")
    place(game, 1, EARTH, "armada")
    place(game, 1, TELOS, "war_fleet")
    plot, intercept = start_move_phase(game, ["insidious_plot"], ["intercept"])
    answer(game, f"card:{plot}", f"stack:{EARTH}:1", f"zone:{KARN}")
    assert (game.pending.player, game.pending.kind) == (1, "reaction")
    answer(game, f"card:{intercept}", f"zone:{TELOS}", f"zone:{MARS}")
    assert units_in(game, MARS, 1) == ["war_fleet"] and units_in(game, KARN, 1) == ["armada"]


def test_intercept_is_not_offered_in_your_own_move_phase():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    intercept, travel, _ = start_move_phase(game, ["intercept", "space_travel"], ["intercept"])
    assert option_ids(game) == ["pass", f"card:{travel}"]
    refused(game, intercept)
    answer(game, f"card:{travel}", f"zone:{SKARO}", f"zone:{VOID}")
    # The Cybermen hold Intercept but have no units to move: they are not asked, and the
    # Daleks have nothing left to play.
    assert game.pending is None
    assert units_in(game, VOID, 0) == ["scouts"]


def test_intercept_is_not_asked_when_none_of_your_stacks_can_move():
    game = scenario("daleks", "cybermen")
    fleet = place(game, 0, MARS, "war_fleet")[0]
    game.state.units[fleet].moved = True  # already moved this turn (by an earlier Intercept)
    place(game, 1, VOID, "war_fleet")
    intercept, travel = run_phases_holding(game, 1, ["move"], ["intercept"], ["space_travel"], turn=2)
    answer(game, f"card:{travel}", f"zone:{VOID}", f"zone:{EARTH}")
    assert game.pending is None
    assert intercept in game.state.players[0].hand


def test_intercept_is_not_offered_after_a_retreat():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["armada"], ["scouts", "scouts"])
    place(game, 0, MARS, "war_fleet")
    intercept, = start_battle_phase(game, [], ["intercept"])
    game.decide(f"unit:{game.state.stack(EARTH, 1)[0]}")  # the Daleks pick the first loss
    game.decide(f"zone:{KARN}")  # the other Scouts retreat
    assert game.pending is None
    assert intercept in game.state.players[1].hand


# ---------------------------------------------------------------------- Retreat


def test_retreat_means_no_casualties_but_the_loser_still_retreats():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet", "scouts"], ["armada"])
    pool = sorted(game.state.pools["common"])
    card, = start_battle_phase(game, ["retreat"])
    game.decide(f"card:{card}")
    battle = last_battle(game)
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (9, 10, 1)
    assert game.pending.kind == "retreat" and game.pending.player == 0
    assert option_ids(game) == [f"zone:{VOID}", f"zone:{MARS}", f"zone:{KARN}"]
    game.decide(f"zone:{KARN}")
    assert units_in(game, KARN, 0) == ["scouts", "war_fleet"]
    assert units_in(game, EARTH, 1) == ["armada"]
    assert events(game, "unit_lost") == []
    assert sorted(game.state.pools["common"]) == pool


def test_retreat_spares_nothing_that_has_nowhere_to_retreat_to():
    game = scenario("daleks", "cybermen")
    # Peladon borders only Skaro (Cybermen there too) and the Maelstrom (Hazard).
    face_off(game, PELADON, ["war_fleet"], ["armada"])
    place(game, 1, SKARO, "scouts")
    card, = start_battle_phase(game, ["retreat"])
    game.decide(f"card:{card}")
    assert game.pending is None
    assert units_in(game, PELADON, 0) == [] and units_in(game, PELADON, 1) == ["armada"]
    assert events(game, "no_retreat")[-1].data == {"player": 0, "zone": PELADON, "lost": 1}


def test_retreat_is_not_offered_twice_in_one_battle():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["armada"])
    first, second, surprise = start_battle_phase(game, ["retreat", "retreat"], ["surprise_attack"])
    game.decide(f"card:{first}")
    game.decide(f"card:{surprise}")  # the Cybermen answer in the card rounds
    # The Daleks' turn again: the second Retreat would do nothing.
    assert game.pending.kind == "retreat"
    assert second in game.state.players[0].hand


# ---------------------------------------------------------------------- Exterminate


def test_d7_exterminate_makes_the_loser_lose_every_unit_without_asking_anyone():
    game = scenario("cybermen", "daleks")
    (fleet, battle_fleet), doomed = face_off(game, EARTH, ["war_fleet", "battle_fleet"], ["scouts", "patrols", "auxiliary_fleet"])
    card, = start_battle_phase(game, ["exterminate"])
    game.decide(f"card:{card}")
    battle = last_battle(game)
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (18, 10, 0)
    # No pick of the first loss: the Daleks lose all three at once, and the next
    # question is the Cybermen's own losses.
    assert game.pending.kind == "pick_own_losses" and game.pending.player == 0
    assert units_in(game, EARTH, 1) == []
    assert set(doomed) <= set(game.state.pools["common"])
    # 5 printed force lost: the Cybermen give up at least 3.
    assert option_ids(game) == [f"unit:{fleet}", f"unit:{battle_fleet}"]
    game.decide(f"unit:{fleet}")
    assert units_in(game, EARTH, 0) == ["battle_fleet"]
    assert not any(e.kind == "retreated" for e in game.events)


def test_exterminate_played_by_the_side_that_loses_hits_itself():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["scouts", "scouts"], ["armada"])
    card, = start_battle_phase(game, ["exterminate"])
    game.decide(f"card:{card}")
    assert game.pending is None  # both Scouts lost at once (D7); the Armada pays with all it has
    assert units_in(game, EARTH, 0) == []
    assert units_in(game, EARTH, 1) == []  # 1 printed force owed, and the Armada is all they have


def test_exterminate_is_not_offered_once_a_retreat_is_in_play():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["armada"])
    retreat, exterminate = start_battle_phase(game, ["retreat"], ["exterminate"])
    game.decide(f"card:{retreat}")
    # No casualties in this battle: Exterminate has nothing to work on and is not offered.
    assert game.pending.kind == "retreat"
    assert exterminate in game.state.players[1].hand
    assert events(game, "unit_lost") == []


def test_retreat_played_after_exterminate_spares_both_sides():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["armada"])
    exterminate, retreat = start_battle_phase(game, ["exterminate"], ["retreat"])
    answer(game, f"card:{exterminate}", f"card:{retreat}")
    game.decide(f"zone:{VOID}")
    assert units_in(game, VOID, 0) == ["war_fleet"] and units_in(game, EARTH, 1) == ["armada"]
    assert events(game, "unit_lost") == []


# ---------------------------------------------------------------------- Time Loop (D6 reaction)


def test_time_loop_sends_the_units_of_the_move_just_made_back():
    game = scenario("daleks", "cybermen")
    place(game, 0, EARTH, "patrols")
    fleet, scouts = place(game, 1, VOID, "war_fleet", "scouts")
    loop, first, second = run_phases_holding(game, 1, ["move", "battle"], ["time_loop"], ["space_travel", "space_travel"], turn=2)
    answer(game, f"card:{first}", f"zone:{VOID}", "all", f"zone:{EARTH}")
    assert (game.pending.player, game.pending.kind) == (0, "reaction")
    assert option_ids(game) == [f"card:{loop}", "pass"]
    game.decide(f"card:{loop}")
    assert units_in(game, VOID, 1) == ["scouts", "war_fleet"]
    assert units_in(game, EARTH, 1) == []
    assert events(game, "move_undone")[-1].data == {"player": 0, "frm": EARTH, "to": VOID, "count": 2}
    # The units spent their move: the second Space Travel is not offered.
    assert option_ids(game) == ["pass", "arrange"]
    refused(game, second)
    game.decide("pass")
    assert events(game, "battle") == []


def test_time_loop_undoes_one_move_of_a_galactic_invasion():
    game = scenario("daleks", "cybermen")
    place(game, 1, VOID, "war_fleet")
    place(game, 1, KARN, "scouts")
    loop, invasion = run_phases_holding(game, 1, ["move"], ["time_loop"], ["galactic_invasion"], turn=2)
    answer(game, f"card:{invasion}", f"zone:{VOID}", f"zone:{SKARO}", f"card:{loop}")
    assert units_in(game, VOID, 1) == ["war_fleet"]
    answer(game, f"zone:{TELOS}")  # D7: Karn's stack must move now; that move stands (no Time Loop left)
    assert units_in(game, TELOS, 1) == ["scouts"]


def test_time_loop_is_never_asked_of_the_player_who_moved_nor_played_as_a_card():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    loop, travel = start_move_phase(game, ["time_loop", "space_travel"])
    assert option_ids(game) == ["pass", f"card:{travel}"]
    refused(game, loop)
    answer(game, f"card:{travel}", f"zone:{SKARO}", f"zone:{VOID}")
    assert game.pending is None  # own move: no question, and nothing else to play
    assert units_in(game, VOID, 0) == ["scouts"]
    assert loop in game.state.players[0].hand
