"""Declared attacks in the sea and land battle phases (C3), the home city Defense Modifier
(C1), cities falling to assault, and the sack (the module's own design, C4)."""

from __future__ import annotations

from warp_modules.classical_city_states import places

from .scenario import (
    AEGINA, ARGOS, ATHENS, ATTICA, CORINTH, ELEUSIS, MEGARA, SARONIC, events, kinds, option_ids, place, run_phases,
    scenario,
)


def test_an_undefended_enemy_city_falls_turns_hostile_and_may_be_sacked():
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army", "army", "baggage")
    game.state.control[MEGARA] = 1
    run_phases(game, 0, "land_battle")
    assert option_ids(game) == ["done", f"attack:{ATTICA}:{MEGARA}"]
    game.decide(f"attack:{ATTICA}:{MEGARA}")
    assert game.pending.kind == "sack"
    game.decide("sack")
    s = game.state
    assert s.control[MEGARA] == 0 and places.hostile(game, MEGARA) and places.razed(game, MEGARA) == 3
    assert s.players[0].treasury == 2  # twice Megara's income of 1
    assert kinds(game, MEGARA, 0) == ["army", "army"] and kinds(game, ATTICA, 0) == ["baggage"]


def test_a_neutral_city_is_not_attacked():
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army")
    run_phases(game, 0, "land_battle")
    assert game.pending is None  # Megara is neutral: only diplomacy wins it


def test_a_defender_in_its_home_city_adds_eight_and_the_city_falls_when_its_garrison_does():
    game = scenario("athens", "corinth")
    place(game, 0, MEGARA, "army", "army", "army", "pericles")
    game.state.control[MEGARA] = 0
    place(game, 1, CORINTH, "army", "baggage")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{MEGARA}:{CORINTH}")
    battle = events(game, "battle")[0]
    assert battle["attacker"]["parts"] == [("units", 7), ("leader", 5)]
    assert battle["defender"]["parts"] == [("units", 2), ("home city Defense Modifier", 8)]
    assert battle["winner"] == 0
    game.decide(game.pending.options[0].id)  # Ann pays a force of 1 for her win: an Army of 2
    assert game.state.control[CORINTH] == 0 and not places.hostile(game, CORINTH)  # a home city is never hostile
    assert events(game, "captured")[0]["units"] == ["Baggage"]
    assert game.pending.kind == "sack"


def test_a_beaten_attacker_falls_back():
    game = scenario("athens", "corinth")
    place(game, 0, ELEUSIS, "army", "army", "army")
    game.state.control[MEGARA] = 1
    place(game, 1, MEGARA, "army", "army", "army", "army")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ELEUSIS}:{MEGARA}")
    assert events(game, "battle")[0]["winner"] == 1
    while game.pending.kind != "retreat":  # two of Ann's Armies lost, one of Bob's
        game.decide(game.pending.options[0].id if game.pending.count == 1 else [0])
    assert option_ids(game) == [f"zone:{ATTICA}", f"zone:{ELEUSIS}"]
    game.decide(f"zone:{ELEUSIS}")
    assert kinds(game, ELEUSIS, 0) == ["army"] and kinds(game, MEGARA, 1) == ["army"] * 3
    assert game.state.control[MEGARA] == 1


def test_manned_fleets_fight_at_sea_and_a_sunk_fleets_rowers_go_down_with_it():
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "fleet", "rowers", "fleet", "rowers", "transport")
    place(game, 1, SARONIC, "fleet", "rowers", "fleet", "transport", "army")
    run_phases(game, 0, "sea_battle")
    game.decide(f"attack:{ATHENS}:{SARONIC}")
    battle = events(game, "battle")[0]
    assert battle["attacker"]["parts"] == [("units", 6), ("Skilled Rowers", 2)]  # Athens' own trait
    assert battle["defender"]["parts"] == [("units", 3)]  # Bob's second Fleet has no Rowers: it does not fight
    game.decide(game.pending.options[0].id)
    assert kinds(game, SARONIC, 0) == ["fleet", "rowers"]
    assert kinds(game, SARONIC, 1) == ["army", "fleet", "transport"]  # an Army aboard: nothing is captured
    assert kinds(game, ATHENS, 0) == ["transport"]


def test_lone_ships_are_taken_when_a_sea_attack_finds_no_defender():
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "fleet", "rowers")
    place(game, 1, AEGINA - 2, "fleet", "baggage")  # the Saronic Gulf
    run_phases(game, 0, "sea_battle")
    game.decide(f"attack:{ATHENS}:{SARONIC}")
    assert events(game, "battle") == []
    assert kinds(game, SARONIC, 0) == ["baggage", "fleet", "fleet", "rowers"]


def test_a_beaten_garrison_retreats_inland_and_leaves_its_ships_to_the_victor():
    game = scenario("athens", "corinth")
    s = game.state
    s.control[ARGOS] = 0
    s.control[MEGARA] = 1
    place(game, 0, ARGOS, *["army"] * 6, "pericles")
    place(game, 1, CORINTH, "army", "army", "army", "fleet", "transport")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ARGOS}:{CORINTH}")
    battle = events(game, "battle")[0]
    assert (battle["attacker"]["force"], battle["defender"]["force"]) == (18, 14)  # 6 Armies, Pericles and the leader bonus; 3 Armies and the Defense Modifier
    while game.pending.kind != "sack":
        game.decide(game.pending.options[0].id)
    assert events(game, "retreated") == [{"player": 1, "frm": CORINTH, "to": MEGARA, "count": 1}]
    assert kinds(game, MEGARA, 1) == ["army"]
    assert kinds(game, CORINTH, 0) == ["army"] * 5 + ["fleet", "pericles", "transport"]
    assert s.control[CORINTH] == 0


def test_an_attack_sends_no_more_armies_than_the_space_may_hold():
    """Megara, a minor city, holds 6 Armies of one player: of 8 in Attica, 6 attack and 2 stay."""
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, *["army"] * 8)
    game.state.control[MEGARA] = 1
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ATTICA}:{MEGARA}")
    assert events(game, "attack")[0]["count"] == 6
    game.decide("hold")
    assert kinds(game, MEGARA, 0) == ["army"] * 6 and kinds(game, ATTICA, 0) == ["army"] * 2
    assert game.state.control[MEGARA] == 0
