"""D6: the ten Doctor Who cards whose effects are new: each one played with an exact
outcome, and each one refused (not offered) when it has nothing to work on."""

from __future__ import annotations

from warp_empires.effects.library import ChangeZoneType
from warp_empires.model.data import CardType
from warp_empires.model.state import BOARD, POOL
from warp_empires.rules.move import destinations

from .scenario import (
    EARTH, KARN, MAELSTROM, MARS, PELADON, SKARO, TELOS, VOID,
    LoadedDice, answer, control, face_off, give, lost_this_turn, option_ids, place, play_move_card, refused,
    refused_in_battle, refused_in_move_phase, revenue, run_phases, run_phases_holding, scenario, stack_deck,
    start_battle_phase, start_move_phase, start_turn, units_in,
)


# ---------------------------------------------------------------------- Minor Race Allies


def test_minor_race_allies_places_two_free_units_in_a_chosen_controlled_zone():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO, TELOS)
    game.state.players[0].treasury = 4
    pool_before = len(game.state.pools["common"])
    card = play_move_card(game, "minor_race_allies")
    assert sorted(option_ids(game)) == [f"zone:{SKARO}", f"zone:{TELOS}"]
    game.decide(f"zone:{TELOS}")
    arrived = game.state.stack(TELOS, 0)
    assert len(arrived) == 2
    assert all(game.state.units[u].place == BOARD for u in arrived)
    assert len(game.state.pools["common"]) == pool_before - 2
    assert game.state.players[0].treasury == 4  # free
    event = next(e for e in game.events if e.kind == "free_units")
    assert sorted(event.seen_by(0).data["units"]) == sorted(game.state.units[u].type.name for u in arrived)
    assert event.seen_by(1).data == {"player": 0, "zone": TELOS, "count": 2}  # B14: the Cybermen learn how many, not which
    assert card in game.state.discard


def test_minor_race_allies_is_refused_without_a_controlled_zone():
    game = scenario("daleks", "cybermen")
    control(game, 1, TELOS)  # only the opponent controls anything
    allies, research = start_move_phase(game, ["minor_race_allies", "research_experiments"])
    assert option_ids(game) == ["pass", f"card:{research}"]
    refused(game, allies)


def test_minor_race_allies_is_refused_when_the_pool_is_empty():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    game.state.pools["common"] = []
    refused_in_move_phase(game, "minor_race_allies")


# ---------------------------------------------------------------------- Biological Warfare


def test_biological_warfare_destroys_a_stack_next_to_your_units():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    victims = place(game, 1, VOID, "armada", "war_fleet")
    place(game, 1, MARS, "patrols")  # far from every Dalek: not a target
    play_move_card(game, "biological_warfare")  # one target only: taken without asking
    assert units_in(game, VOID, 1) == []
    assert units_in(game, MARS, 1) == ["patrols"]
    assert all(game.state.units[u].place == POOL for u in victims)
    assert set(victims) <= set(game.state.pools["common"])
    assert game.state.destroyed_this_turn == victims
    assert units_in(game, SKARO, 0) == ["scouts"]


def test_biological_warfare_can_hit_a_stack_sharing_your_zone():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["scouts"], ["armada"])
    place(game, 1, MARS, "patrols")
    play_move_card(game, "biological_warfare")
    assert sorted(option_ids(game)) == [f"stack:{EARTH}:1", f"stack:{MARS}:1"]
    game.decide(f"stack:{EARTH}:1")
    assert units_in(game, EARTH, 1) == [] and units_in(game, MARS, 1) == ["patrols"]


def test_biological_warfare_is_refused_when_no_enemy_stack_is_near():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    place(game, 1, MARS, "armada")
    refused_in_move_phase(game, "biological_warfare")


# ---------------------------------------------------------------------- Mind Control


def test_mind_control_turns_an_enemy_unit_in_the_battle_for_good():
    game = scenario("daleks", "ice_warriors")
    (war_fleet,), (battle_fleet, scouts) = face_off(game, EARTH, ["war_fleet"], ["battle_fleet", "scouts"])
    card, = start_battle_phase(game, ["mind_control"])
    game.decide(f"card:{card}")
    assert sorted(option_ids(game)) == sorted([f"unit:{battle_fleet}", f"unit:{scouts}"])
    game.decide(f"unit:{battle_fleet}")
    # Daleks now field War Fleet 6 + Battle Fleet 8, +1 each; the Ice Warriors' Scouts 1 +2.
    battle = next(e for e in game.events if e.kind == "battle")
    assert battle.data["attacker"]["force"] == 16
    assert battle.data["defender"]["force"] == 3
    assert battle.data["winner"] == 0
    # The Scouts are lost; the winner owes 1 printed force and gives up the War Fleet.
    assert game.pending.kind == "pick_own_losses"
    game.decide(f"unit:{war_fleet}")
    assert game.pending is None
    assert game.state.units[battle_fleet].owner == 0
    assert units_in(game, EARTH, 0) == ["battle_fleet"]
    assert units_in(game, EARTH, 1) == []


def test_mind_control_is_refused_when_the_enemy_has_no_unit_left_in_the_battle():
    game = scenario("daleks", "cybermen")
    _, (target,) = face_off(game, EARTH, ["war_fleet"], ["scouts"])
    graviton, mind = start_battle_phase(game, ["graviton_weapon", "mind_control"])
    assert option_ids(game) == ["pass", f"card:{graviton}", f"card:{mind}"]
    game.decide(f"card:{graviton}")  # the only target: the Scouts
    assert game.state.units[target].place == POOL
    # Nothing left to take control of: the Daleks are not asked again, the card stays.
    assert game.pending is None
    assert mind in game.state.players[0].hand


def test_mind_control_is_not_a_move_phase_card():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["scouts"])
    refused_in_move_phase(game, "mind_control")


# ---------------------------------------------------------------------- Insidious Plot


def test_insidious_plot_moves_an_enemy_stack_one_zone():
    game = scenario("daleks", "cybermen")
    place(game, 0, MARS, "scouts")
    place(game, 1, EARTH, "armada", "patrols")
    play_move_card(game, "insidious_plot")  # the only enemy stack
    # Earth borders Void, Mars (Daleks there) and Karn.
    assert option_ids(game) == [f"zone:{VOID}", f"zone:{KARN}"]
    game.decide(f"zone:{KARN}")
    assert units_in(game, KARN, 1) == ["armada", "patrols"]
    assert units_in(game, EARTH, 1) == []


def test_insidious_plot_can_push_vardans_into_a_hazard_zone():
    game = scenario("daleks", "vardans")
    place(game, 0, SKARO, "scouts")
    place(game, 1, VOID, "war_fleet")
    play_move_card(game, "insidious_plot")
    assert option_ids(game) == [f"zone:{EARTH}", f"zone:{MAELSTROM}"]
    game.decide(f"zone:{MAELSTROM}")
    assert units_in(game, MAELSTROM, 1) == ["war_fleet"]


def test_insidious_plot_move_can_be_undone_by_time_loop():
    game = scenario("daleks", "cybermen")
    place(game, 0, MARS, "scouts")
    place(game, 1, EARTH, "armada")
    plot, loop = start_move_phase(game, ["insidious_plot"], ["time_loop"])
    answer(game, f"card:{plot}", f"zone:{KARN}")
    assert game.pending.player == 1 and game.pending.kind == "reaction"
    game.decide(f"card:{loop}")
    assert units_in(game, EARTH, 1) == ["armada"]


def test_insidious_plot_is_refused_when_no_enemy_stack_can_be_moved():
    game = scenario("daleks", "cybermen")
    place(game, 0, SKARO, "scouts")
    # Peladon borders only Skaro (Daleks) and the Maelstrom (Hazard).
    place(game, 1, PELADON, "armada")
    refused_in_move_phase(game, "insidious_plot")


# ---------------------------------------------------------------------- Time Travel


def test_time_travel_shows_the_next_seven_cards_to_its_player_only():
    game = scenario("daleks", "cybermen")
    s = game.state
    deck = stack_deck(game, "surprise_attack", "spies", "revolt", "exterminate", "intrigue", "sabotage", "regeneration", "intercept", "retreat")
    hand_before = list(s.players[0].hand)
    card = play_move_card(game, "time_travel")
    seen = next(e for e in game.events if e.kind == "deck_seen")
    assert seen.data["cards"] == ["Surprise Attack", "Spies", "Revolt", "Exterminate", "Intrigue", "Sabotage", "Regeneration"]
    assert seen.seen_by(0) is not None and seen.seen_by(1) is None
    assert s.deck == deck[::-1]  # looking changes nothing
    assert s.players[0].hand == [c for c in hand_before if c != card]


def test_time_travel_shows_only_what_is_left_in_the_deck():
    game = scenario("daleks", "cybermen")
    s = game.state
    s.discard = s.deck[3:]
    s.deck = s.deck[:3]
    play_move_card(game, "time_travel")
    seen = next(e for e in game.events if e.kind == "deck_seen")
    assert seen.data["cards"] == ["Space Travel"] * 3
    assert len(s.deck) == 3  # no reshuffle to look further


def test_time_travel_is_refused_on_an_empty_deck():
    game = scenario("daleks", "cybermen")
    game.state.discard.extend(game.state.deck)
    game.state.deck = []
    refused_in_move_phase(game, "time_travel")


# ---------------------------------------------------------------------- Peace Treaty


def test_peace_treaty_keeps_the_target_out_of_your_zones_through_their_next_turn():
    game = scenario("daleks", "cybermen")
    place(game, 0, EARTH, "armada")
    cyber = place(game, 1, VOID, "war_fleet")
    play_move_card(game, "peace_treaty")  # turn 1, the Daleks'; the only opponent
    assert [(e.kind, e.seat, e.source, e.until_turn) for e in game.state.lasting] == [("no_entry", 1, 0, 2)]
    # Turn 2, the Cybermen's: Earth (Daleks there) is out of reach; Karn beyond it too.
    travel = give(game, 1, "space_travel")[0]
    run_phases(game, 1, "move", turn=2)
    answer(game, f"card:{travel}", f"zone:{VOID}")
    assert option_ids(game) == [f"zone:{SKARO}", f"zone:{PELADON}"]
    # Turn 4: the treaty has run out, Earth can be attacked.
    start_turn(game, 1, turn=4)
    assert game.state.lasting == []
    assert EARTH in destinations(game, 1, VOID, tuple(cyber))


def test_peace_treaty_is_refused_without_units_of_yours_on_the_map():
    game = scenario("daleks", "cybermen")
    place(game, 1, VOID, "war_fleet")
    refused_in_move_phase(game, "peace_treaty")


def test_a_second_peace_treaty_against_the_same_opponent_is_refused():
    game = scenario("daleks", "cybermen")
    place(game, 0, EARTH, "armada")
    first, second, research = start_move_phase(game, ["peace_treaty", "peace_treaty", "research_experiments"])
    assert f"card:{first}" in option_ids(game)
    game.decide(f"card:{first}")
    refused(game, second)


# ---------------------------------------------------------------------- Regeneration


def test_regeneration_brings_back_a_unit_lost_in_battle_this_turn():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO, PELADON)
    (scouts, aux), (armada,) = face_off(game, VOID, ["scouts", "auxiliary_fleet"], ["armada"])
    card, = start_battle_phase(game, ["regeneration"])
    # Daleks 1 + 2 (+1 each) = 5 against the Armada's 10: the Cybermen win.
    game.decide(f"unit:{aux}")  # the winner picks the Daleks' loss
    # The winner owes 1 printed force and has only the Armada: it is lost too.
    assert game.state.units[armada].place == POOL
    game.decide(f"zone:{SKARO}")  # the Scouts retreat
    # Battles over: Regeneration is offered; only the Daleks' own loss can come back.
    assert option_ids(game) == ["pass", f"card:{card}"]
    game.decide(f"card:{card}")
    assert sorted(option_ids(game)) == [f"zone:{SKARO}", f"zone:{PELADON}"]
    game.decide(f"zone:{PELADON}")
    assert game.pending is None
    assert units_in(game, PELADON, 0) == ["auxiliary_fleet"]
    assert game.state.units[aux].owner == 0
    assert game.state.units[armada].place == POOL


def test_regeneration_is_refused_when_none_of_your_units_was_destroyed_this_turn():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    place(game, 0, SKARO, "scouts")
    place(game, 1, VOID, "armada")
    bio, regen = run_phases_holding(game, 0, ["move", "battle"], ["biological_warfare", "regeneration"])
    assert option_ids(game) == ["pass", f"card:{bio}"]  # not Regeneration in the move phase
    game.decide(f"card:{bio}")  # the Armada is destroyed: an enemy loss, not ours
    assert game.state.destroyed_this_turn != []
    # No battle, nothing of ours lost: the after-battle window never asks.
    assert game.pending is None
    assert regen in game.state.players[0].hand


def test_regeneration_does_not_reach_back_to_an_earlier_turn():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    lost_this_turn(game, 0, "war_fleet")
    regen = give(game, 0, "regeneration")[0]
    start_turn(game, 0, turn=3)  # a new turn forgets what was destroyed before
    assert game.state.destroyed_this_turn == []
    game.decide("done")  # keep the hand, draw three Space Travels
    # Move phase and battle phase pass without a question: the next one is the recruit.
    assert game.pending.kind == "buy"
    assert regen in game.state.players[0].hand


def test_regeneration_cannot_bring_back_a_unit_that_has_left_the_pool():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    lost = lost_this_turn(game, 0, "war_fleet")
    game.state.put_on_board(lost, 1, TELOS)  # recruited by the Cybermen since
    regen, = run_phases_holding(game, 0, ["battle"], ["regeneration"], turn=1)
    assert game.pending is None
    assert regen in game.state.players[0].hand


# ---------------------------------------------------------------------- Revolt


def test_revolt_stops_a_zones_revenue_for_1d6_of_its_owners_turns():
    game = scenario("daleks", "cybermen")
    control(game, 1, TELOS, KARN)
    game.rng = LoadedDice([2])
    play_move_card(game, "revolt")
    assert option_ids(game) == [f"zone:{KARN}", f"zone:{TELOS}"]
    game.decide(f"zone:{TELOS}")
    assert game.pending is None
    roll = next(e for e in game.events if e.kind == "die_rolled")
    assert roll.data["value"] == 2
    # Two Cybermen turns without Telos' 3 EP: turns 2 and 4; from turn 6 it pays again.
    assert [(e.kind, e.seat, e.zone, e.until_turn) for e in game.state.lasting] == [("zone_no_revenue", 1, TELOS, 4)]
    run_phases(game, 1, "revenue", turn=2)
    assert game.state.players[1].treasury == 2
    start_turn(game, 1, turn=4)
    assert revenue(game, 1) == 2
    start_turn(game, 1, turn=6)
    assert revenue(game, 1) == 5


def test_two_revolts_on_one_zone_take_only_its_own_revenue():
    game = scenario("daleks", "cybermen")
    control(game, 1, TELOS, KARN)
    game.rng = LoadedDice([2, 5])
    first, second = start_move_phase(game, ["revolt", "revolt"])
    answer(game, f"card:{first}", f"zone:{TELOS}", f"card:{second}", f"zone:{TELOS}")
    assert [(e.zone, e.until_turn) for e in game.state.lasting] == [(TELOS, 4), (TELOS, 10)]
    # D6: Telos earns the Cybermen nothing, once; Karn still pays its 2 EP.
    run_phases(game, 1, "revenue", turn=2)
    assert game.state.players[1].treasury == 2


def test_revolt_die_can_be_rerolled_with_temporal_microjump():
    game = scenario("daleks", "cybermen")
    control(game, 1, TELOS)
    game.rng = LoadedDice([1, 3])
    revolt, jump = start_move_phase(game, ["revolt", "temporal_microjump"])
    game.decide(f"card:{revolt}")  # Telos, the only target
    assert game.pending.kind == "reaction" and game.pending.player == 0
    game.decide(f"card:{jump}")
    assert [e.data["value"] for e in game.events if e.kind == "die_rolled"] == [1, 3]
    assert [(e.seat, e.until_turn) for e in game.state.lasting] == [(1, 2 + 2 * 2)]


def test_a_revolting_zone_pays_a_new_controller():
    game = scenario("daleks", "cybermen")
    control(game, 1, TELOS)
    game.rng = LoadedDice([6])
    play_move_card(game, "revolt")
    assert revenue(game, 1) == 0
    control(game, 0, TELOS)  # the Daleks take Telos
    assert revenue(game, 0) == 3


def test_revolt_is_refused_when_no_opponent_controls_a_revenue_zone():
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    refused_in_move_phase(game, "revolt")


# ---------------------------------------------------------------------- Temporal Disruption


def test_temporal_disruption_makes_everyone_discard_and_draw_five():
    game = scenario("daleks", "cybermen")
    s = game.state
    disruption, *mine = give(game, 0, "temporal_disruption", "spies", "sabotage")
    theirs = give(game, 1, "intrigue", "raiding", "scouts", "retreat")
    top = s.deck[::-1][:10]
    run_phases(game, 0, "move")
    game.decide(f"card:{disruption}")
    assert s.players[0].hand == top[:5]  # the player of the card draws first
    assert s.players[1].hand == top[5:]
    assert sorted(s.discard) == sorted([disruption, *mine, *theirs])


def test_temporal_disruption_is_not_offered_in_a_battle():
    game = scenario("daleks", "cybermen")
    face_off(game, EARTH, ["war_fleet"], ["scouts"])
    refused_in_battle(game, "temporal_disruption")


# ---------------------------------------------------------------------- Doomsday Weapon


def test_doomsday_weapon_turns_an_empty_zone_next_to_your_stack_into_hazard():
    game = scenario("daleks", "cybermen")
    place(game, 0, VOID, "scouts")
    place(game, 0, KARN, "scouts")
    control(game, 1, TELOS, SKARO)
    play_move_card(game, "doomsday_weapon")
    # Next to Void and Karn: Skaro, Earth (a Nexus Point), Maelstrom (already Hazard), Telos.
    assert option_ids(game) == [f"zone:{SKARO}", f"zone:{TELOS}"]
    game.decide(f"zone:{TELOS}")
    assert game.state.zone_types[TELOS].id == "hazard"
    assert game.state.zone_types[TELOS].revenue == 0
    assert TELOS not in game.state.control
    assert revenue(game, 1) == 3  # Skaro only
    assert TELOS not in destinations(game, 0, KARN, tuple(game.state.stack(KARN, 0)))


def test_doomsday_weapon_is_refused_next_to_only_nexus_points_and_occupied_zones():
    game = scenario("daleks", "cybermen")
    place(game, 0, MARS, "scouts")  # Mars borders Earth (Nexus) and Telos
    place(game, 1, TELOS, "patrols")
    refused_in_move_phase(game, "doomsday_weapon")


def test_the_zone_changing_effect_also_upgrades_a_zone_for_a_price():
    """The effect behind Doomsday Weapon, configured as a terraforming card: pay 10 to turn
    a Poor zone you control into a Rich one."""
    terraform = ChangeZoneType(CardType("terraform", "Terraform", 1, "change_zone_type", {"to": "rich", "from": ["poor"], "where": "controlled", "cost": 10}))
    game = scenario("daleks", "cybermen")
    control(game, 0, PELADON, KARN)
    game.state.players[0].treasury = 9
    assert terraform.targets(game, 0, None) == []  # cannot pay
    game.state.players[0].treasury = 12
    assert [o.id for o in terraform.targets(game, 0, None)] == [f"zone:{PELADON}"]  # Karn is Average
    terraform.resolve(game, 0, PELADON, None)
    assert game.state.zone_types[PELADON].id == "rich"
    assert game.state.control[PELADON] == 0
    assert game.state.players[0].treasury == 2
    assert revenue(game, 0) == 3 + 2
