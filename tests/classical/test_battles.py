"""Declared attacks in the sea and land battle phases (C3), cities falling to assault, and the
sack (the module's own design, C4).

The battles themselves are the module's own (C1): the base Warp Empires battle (B5-B7: card
rounds, the higher force wins and a tie goes to the defender, the +5 leader bonus, the loser
loses half and retreats, the winner pays half of that in force), with the home city Defense
Modifier: +8 to a side defending its own home city, and to nobody else; at sea the same
battle, fought by manned Fleets only (and the Leaders aboard)."""

from __future__ import annotations

import io

from rich.console import Console

from warp_empires.cli.explain import why_option
from warp_empires.cli.hotseat import Hotseat
from warp_empires.rulesref import render_rules

from warp_modules.classical_city_states import places

from .scenario import (
    AEGINA, ARGOS, ATHENS, ATTICA, CORINTH, ELEUSIS, MEGARA, MYRTOAN, SARONIC, events, give, kinds, option_ids, place,
    run_phases, scenario,
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


def test_c1_a_defender_in_its_home_city_adds_eight_and_the_city_falls_when_its_garrison_does():
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


def test_c1_a_beaten_attacker_loses_half_and_falls_back():
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


def test_c1_manned_fleets_fight_at_sea_and_a_sunk_fleets_rowers_go_down_with_it():
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "fleet", "rowers", "fleet", "rowers", "transport")
    place(game, 1, SARONIC, "fleet", "rowers", "fleet", "transport", "army")
    run_phases(game, 0, "sea_battle")
    game.decide(f"attack:{ATHENS}:{SARONIC}")
    battle = events(game, "battle")[0]
    assert battle["attacker"]["parts"] == [("units", 6), ("Skilled Rowers", 2)]  # Athens' own trait
    assert battle["defender"]["parts"] == [("units", 3)]  # Bob's second Fleet has no Rowers: it does not fight
    game.decide(game.pending.options[0].id)
    # Bob's manned Fleet sank with its Rowers. What cannot fight at sea is taken (the unmanned
    # Fleet, the Transport); an Army is never captured (C3), and with no ship it drowns.
    assert kinds(game, SARONIC, 0) == ["fleet", "fleet", "rowers", "transport"]
    assert kinds(game, SARONIC, 1) == []
    assert events(game, "captured") == [{"player": 0, "zone": SARONIC, "previous": 1, "units": ["Fleet", "Transport"]}]
    # The Rowers of each side's sunk Fleet went down with it; then Bob's Army.
    assert [(e.data["player"], e.revealed().data["unit"]) for e in game.events if e.kind == "lost_at_sea"] == [
        (0, "Rowers"), (1, "Rowers"), (1, "Army")]
    assert kinds(game, ATHENS, 0) == ["transport"]


def test_a_fleet_attacking_from_the_open_sea_takes_the_baggage_it_carries_along():
    # C3: a Fleet carries 2 Baggage. Left behind in the Saronic Gulf with no ship, the Baggage
    # would be lost at sea.
    game = scenario("athens", "corinth")
    place(game, 0, SARONIC, "fleet", "fleet", "rowers", "rowers", "baggage", "baggage")
    place(game, 1, MYRTOAN, "fleet", "rowers")
    run_phases(game, 0, "sea_battle")
    game.decide(f"attack:{SARONIC}:{MYRTOAN}")  # won: Ann now picks the Fleet her win costs
    assert events(game, "attack")[0]["count"] == 6 and kinds(game, SARONIC, 0) == []
    assert kinds(game, MYRTOAN, 0) == ["baggage", "baggage", "fleet", "fleet", "rowers", "rowers"]
    assert events(game, "lost_at_sea") == []


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


def test_c1_an_attack_sends_no_more_armies_than_the_space_may_hold():
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


def three_against_three(game) -> None:
    """Ann's three Armies in Eleusis attack Bob's three in Megara, his minor city."""
    place(game, 0, ELEUSIS, "army", "army", "army")
    game.state.control[MEGARA] = 1
    place(game, 1, MEGARA, "army", "army", "army")


def test_c1_a_tie_goes_to_the_defender():
    game = scenario("athens", "corinth")
    three_against_three(game)
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ELEUSIS}:{MEGARA}")
    battle = events(game, "battle")[0]
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (6, 6, 1)
    assert battle["defender"]["parts"] == [("units", 6)]  # Megara is nobody's home city: no Defense Modifier


def test_c1_battle_cards_are_played_in_turn_attacker_first():
    """Ann plays Phalanx (+1 an Army), Bob answers with Funeral Truce: Ann wins 9 to 6, nobody
    loses a unit, Bob's Armies still fall back and Megara falls."""
    game = scenario("athens", "corinth")
    three_against_three(game)
    (phalanx,) = give(game, 0, "phalanx")
    (truce,) = give(game, 1, "funeral_truce")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ELEUSIS}:{MEGARA}")
    assert (game.pending.kind, game.pending.player, option_ids(game)) == ("battle_card", 0, ["pass", f"card:{phalanx}"])
    game.decide(f"card:{phalanx}")
    assert (game.pending.kind, game.pending.player, option_ids(game)) == ("battle_card", 1, ["pass", f"card:{truce}"])
    game.decide(f"card:{truce}")
    battle = events(game, "battle")[0]
    assert battle["attacker"]["parts"] == [("units", 6), ("Phalanx", 3)] and battle["winner"] == 0
    game.decide(f"zone:{CORINTH}")  # Bob's retreat
    assert events(game, "unit_lost") == []
    assert kinds(game, MEGARA, 0) == ["army"] * 3 and kinds(game, CORINTH, 1) == ["army"] * 3
    assert game.pending.kind == "sack"


def test_c1_no_defense_modifier_for_another_players_home_city_nor_for_the_attacker():
    """Ann holds Corinth, Bob's home city; Bob attacks it from Megara. Neither side adds +8:
    Ann is not in her own home city, and Bob is not the defender."""
    game = scenario("athens", "corinth")
    s = game.state
    s.control[CORINTH] = 0
    s.control[MEGARA] = 1
    place(game, 0, CORINTH, "army", "army")
    place(game, 1, MEGARA, "army", "army", "army")
    run_phases(game, 1, "land_battle")
    game.decide(f"attack:{MEGARA}:{CORINTH}")
    battle = events(game, "battle")[0]
    assert battle["attacker"]["parts"] == [("units", 6)]
    assert battle["defender"]["parts"] == [("units", 4)]
    assert battle["winner"] == 1


def test_c1_only_manned_fleets_declare_sea_attacks():
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "fleet")
    place(game, 0, MYRTOAN, "transport", "army")  # an Army at sea fights no sea battle either
    place(game, 1, SARONIC, "fleet", "rowers")
    run_phases(game, 0, "sea_battle")
    assert game.pending is None
    place(game, 0, ATHENS, "rowers")
    run_phases(game, 0, "sea_battle")
    assert option_ids(game) == ["done", f"attack:{ATHENS}:{SARONIC}"]


def test_c1_a_sea_battle_takes_sea_cards_and_only_fleets_fight():
    """Two manned Fleets a side; Bob's Army on a Transport adds nothing. Ann may play
    Diekplous (+2 a Fleet) but not Phalanx, a land battle card."""
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "fleet", "rowers", "fleet", "rowers")
    place(game, 1, SARONIC, "fleet", "rowers", "fleet", "rowers", "transport", "army")
    _, diekplous = give(game, 0, "phalanx", "diekplous")
    run_phases(game, 0, "sea_battle")
    game.decide(f"attack:{ATHENS}:{SARONIC}")
    assert option_ids(game) == ["pass", f"card:{diekplous}"]
    game.decide(f"card:{diekplous}")
    battle = events(game, "battle")[0]
    assert battle["battle_kind"] == "sea"
    assert battle["attacker"]["parts"] == [("units", 6), ("Diekplous", 4), ("Skilled Rowers", 2)]
    assert battle["defender"]["parts"] == [("units", 6)]
    assert [o.label for o in game.pending.options] == ["Fleet (F3)", "Fleet (F3)"]  # Bob's losses: Fleets only


def test_c1_the_rules_reference_gives_the_battle_as_the_modules_own():
    page = " ".join(render_rules("classical_city_states").split())
    assert "The battle follows the Warp Empires rules (B5-B7) **(our design, C1)**" in page
    assert "A defender in its own home city adds +8." in page
    assert "sea battles by manned Fleets and the Leaders aboard" in page


def pericles_wins_megara_with_his_army_lost(bob_in_megara: tuple[str, ...]):
    """Ann's Army and Pericles attack Bob's Megara from Attica and beat its Rowers; Ann pays
    for the win (a force of 1) with her Army, so Pericles alone is left standing."""
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 1
    place(game, 0, ATTICA, "army", "pericles")
    place(game, 1, MEGARA, *bob_in_megara)
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ATTICA}:{MEGARA}")
    assert events(game, "battle")[0]["winner"] == 0
    army = next(o.id for o in game.pending.options if o.label.startswith("Army"))
    game.decide(army)
    return game


def test_c3_a_leader_left_alone_after_winning_goes_back_and_the_city_stands():
    game = pericles_wins_megara_with_his_army_lost(("rowers", "baggage", "baggage"))
    s = game.state
    assert kinds(game, ATTICA, 0) == ["pericles"] and kinds(game, MEGARA, 0) == []
    assert kinds(game, MEGARA, 1) == ["baggage", "baggage"] and s.control[MEGARA] == 1
    assert events(game, "fell_back") == [{"player": 0, "zone": MEGARA, "frm": ATTICA, "count": 1}]
    assert events(game, "city_taken") == []


def test_c3_a_leader_alone_does_not_take_an_emptied_city_either():
    game = pericles_wins_megara_with_his_army_lost(("rowers",))
    assert kinds(game, ATTICA, 0) == ["pericles"] and game.state.control[MEGARA] == 1
    assert events(game, "city_taken") == []


def test_c3_leaders_falling_back_into_the_space_the_beaten_side_retreated_to_are_captured():
    """Bob storms Athens from Attica with Rowers, Timoleon and Periander and a Strategos card
    (18 against 11), takes Ann's Army first and pays his debt with his Rowers. Ann's Rowers
    retreat to Attica, the only space open to them, which Bob's stack had left. His Leaders,
    alone, may not take Athens nor stand beside her Rowers: walking back, they are hers."""
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "army", "rowers")
    place(game, 1, ATTICA, "rowers", "timoleon", "periander")
    give(game, 1, "strategos")
    run_phases(game, 1, "land_battle")
    game.decide(f"attack:{ATTICA}:{ATHENS}")
    while game.pending is not None and game.pending.kind != "ransom":
        d = game.pending
        if d.kind == "battle_card":
            game.decide(next((o.id for o in d.options if o.id != "pass"), "pass") if d.player == 1 else "pass")
        elif d.kind in ("pick_enemy_loss", "pick_own_losses"):  # Ann's Army; then Bob's Rowers
            kind = "army" if d.kind == "pick_enemy_loss" else "rowers"
            game.decide(next(o.id for o in d.options if game.state.units[o.value].type.id == kind))
        else:
            game.decide(0)
    assert [b["winner"] for b in events(game, "battle")] == [1]
    assert kinds(game, ATTICA, 0) == ["rowers"] and kinds(game, ATTICA, 1) == [] and kinds(game, ATHENS, 1) == []
    assert events(game, "captured") == [{"player": 0, "zone": ATTICA, "previous": 1, "units": ["Timoleon", "Periander"]}]
    assert game.state.control[ATHENS] == 0 and game.pending.player == 0  # Ann decides their fate


def test_odds_at_an_attack_to_declare_works_out_that_attack(monkeypatch, tmp_path):
    """C3: every battle here is an attack declared from a neighbouring space; `odds CODE`
    at that question tells the chances of the Armies that would go in."""
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army", "army", "army")
    place(game, 1, ELEUSIS, "army")
    run_phases(game, 0, "land_battle")
    assert game.pending.kind == "declare_attack"
    screen = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("\nodds ELE\nquit\n"))
    Hotseat(game, Console(file=screen, width=200), tmp_path / "game.json").run()
    out = screen.getvalue()
    assert "Battle in Eleusis (ELE) attacking it: you hold the zone" in out
    assert "You have no units in Eleusis" not in out


def test_why_an_attack_is_offered_tells_the_rule_of_declared_attacks():
    """C3: the theme's own help for declaring an attack is the rule `why` gives."""
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army")
    place(game, 1, ELEUSIS, "army")
    run_phases(game, 0, "land_battle")
    attack = next(i for i, o in enumerate(game.pending.options) if o.id.startswith("attack:"))
    assert why_option(game, game.pending, attack).endswith(
        "Attack a neighbouring space from one of yours; its units fight by the battle rules, a city left without defenders falls.")


def test_why_a_leaders_card_in_a_battle_without_leaders_says_it_adds_nothing():
    """Strategos gives each of your Leaders +4: in a battle none of them fights it may still
    be played (any card of the moment may), and why warns that it would add nothing."""
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army", "army")
    place(game, 1, ELEUSIS, "army")
    (strategos,) = give(game, 0, "strategos")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ATTICA}:{ELEUSIS}")
    assert game.pending.kind == "battle_card" and game.pending.player == 0
    index = next(i for i, o in enumerate(game.pending.options) if o.value == strategos)
    assert why_option(game, game.pending, index).endswith(
        "It can be played now, but it would add nothing to this battle: no unit of yours tagged 'leader' fights in it.")
