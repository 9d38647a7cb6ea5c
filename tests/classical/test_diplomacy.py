"""Diplomacy, hostility and the Rebels of a revolt (the source rules; the Rebels' fighting is the
module's own design, C4)."""

from __future__ import annotations

from warp_empires.model.state import POOL

from warp_modules.classical_city_states import places
from warp_modules.classical_city_states.diplomacy import Persuade, Rebels, free_rolls

from .scenario import ARGOS, ATHENS, MEGARA, THEBES, events, give, kinds, option_ids, place, run_phases, run_steps, scenario


def persuade(game, seat: int, zone: int, roll: int, bonus: int = 0) -> dict:
    game.state.rolls["diplomacy:test"] = roll
    run_steps(game, seat, Persuade(seat, zone, "diplomacy:test", bonus))
    return events(game, "diplomacy")[-1]


def test_one_free_roll_at_any_minor_city_not_quietly_yours():
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 0
    game.state.control[THEBES] = 1
    places.set_hostile(game, MEGARA, True)
    run_phases(game, 0, "diplomacy")
    assert game.pending.prompt == "Diplomacy roll (1 left): approach a city?"
    labels = [o.label for o in game.pending.options]
    assert labels == ["No more diplomacy this turn", "Approach Megara (yours, hostile)", "Approach Aegina (neutral)",
                      "Approach Thebes (Bob)", "Approach Argos (neutral)"]


def test_a_six_wins_a_neutral_city_and_a_five_does_not():
    game = scenario("athens", "corinth")
    assert persuade(game, 0, ARGOS, 5)["outcome"] == "nothing" and ARGOS not in game.state.control
    assert persuade(game, 0, ARGOS, 6)["outcome"] == "joined" and game.state.control[ARGOS] == 0
    said = [e.kind for e in game.events if e.kind in ("diplomacy", "control")]
    assert said == ["diplomacy", "diplomacy", "control"]  # the log tells the roll, then the city joining


def test_hostility_adds_one_and_a_six_calms_it():
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 0
    places.set_hostile(game, MEGARA, True)
    assert persuade(game, 0, MEGARA, 5) == {"player": 0, "zone": MEGARA, "roll": 5, "total": 6, "outcome": "calmed"}
    assert not places.hostile(game, MEGARA)


def test_a_revolt_in_an_empty_city_makes_it_neutral():
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 1
    assert persuade(game, 0, MEGARA, 6)["outcome"] == "revolt"
    assert MEGARA not in game.state.control
    assert events(game, "city_neutral") == [{"zone": MEGARA, "previous": 1}]


def test_rebels_stronger_than_the_garrison_destroy_it():
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 1
    army, leader = place(game, 1, MEGARA, "army", "timoleon")
    run_steps(game, 0, Rebels(0, MEGARA, count=2))  # Force 4 against 3
    assert events(game, "rebels_rise") == [{"player": 1, "zone": MEGARA, "rebels": 2, "garrison": 3, "won": True, "lost": 2}]
    assert MEGARA not in game.state.control
    assert game.state.units[army].place == POOL and events(game, "leader_executed")[0]["unit"] == "Timoleon"


def test_rebels_a_garrison_outfights_still_cost_it_an_army_for_every_two():
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 1
    place(game, 1, MEGARA, "army", "army", "army")
    run_steps(game, 0, Rebels(0, MEGARA, count=3))  # Force 6 against 6: the garrison holds
    assert events(game, "rebels_rise")[0]["won"] is False
    assert kinds(game, MEGARA, 1) == ["army"] and game.state.control[MEGARA] == 1


def test_beaten_rebels_leave_the_city_to_its_holder_though_they_took_its_last_army():
    # One Rebel (Force 2) against one Army (2): a tie to the garrison. The Rebels are
    # destroyed and the Army with them; nothing is left holding only Rebels, so the city
    # stays Bob's (our design of the revolt, C4).
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 1
    place(game, 1, MEGARA, "army")
    run_steps(game, 0, Rebels(0, MEGARA, count=1))
    assert events(game, "rebels_rise") == [{"player": 1, "zone": MEGARA, "rebels": 1, "garrison": 2, "won": False, "lost": 1}]
    assert kinds(game, MEGARA, 1) == [] and game.state.control[MEGARA] == 1
    assert events(game, "city_neutral") == []


def test_orators_and_diplomats_bring_more_rolls_and_envoys_one_more():
    game = scenario("athens", "corinth")
    assert free_rolls(game, 0) == 1
    place(game, 0, ATHENS, "pericles")  # a Diplomat
    assert free_rolls(game, 0) == 2
    (card,) = give(game, 0, "envoys")
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")
    # The city is the card's target, chosen as it is played: no way to waste the card.
    assert game.pending.kind == "card_target" and game.pending.prompt == "Target of Envoys"
    assert "pass" not in option_ids(game) and f"zone:{MEGARA}" in option_ids(game)
    game.decide(f"zone:{MEGARA}")
    (roll,) = events(game, "diplomacy")
    assert roll["total"] == roll["roll"]  # Envoys add nothing to the roll


def test_bribed_demagogues_roll_at_plus_two_against_another_players_city_only():
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 1
    (card,) = give(game, 0, "bribed_demagogues")
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")  # Megara, Bob's, is the only target: neutral cities are not offered
    (played,) = events(game, "card_played")
    assert played["target"] == "Megara (Bob)"  # as everyone reads it in the log: whose, not "yours"
    (roll,) = events(game, "diplomacy")
    assert roll["total"] == roll["roll"] + 2
