"""Battles (B5), casualties (B6) and retreats (B7) in exact positions.

Fixture forces: Scout 1, Infantry 2, Cavalry 3, Guard 5, General 2 (leader), Fort 4
(fortification). Seat 0 is the active player, so it attacks.
"""

from helpers import (
    build, captured_by, card, cards, drive, events, ids, in_pool, opts, start, types_in, unit, zone_id,
)
from warp_empires.model.state import CAPTURED

# Field is the battlefield; Home is the only way out (Rock is impassable).
ONE_WAY_OUT = ("Field:plain Home:city Rock:mountains", "Field-Home Field-Rock")


def fight(attacker, defender, *, hands=None, factions=("commoners", "commoners"), zones=ONE_WAY_OUT, more_units=None, deck=None):
    """Seat 0's ``attacker`` units and seat 1's ``defender`` units meet in Field; the
    battle phase of seat 0 starts."""
    units = {"Field": {0: attacker, 1: defender}}
    units.update(more_units or {})
    game = build(*zones, units=units, hands=hands or {}, factions=factions, deck=deck)
    return start(game, "battle")


def force(game, role, n=0):
    return events(game, "battle")[n][role]["force"]


def winner(game, n=0):
    return events(game, "battle")[n]["winner"]


def pool_count(game, type_id):
    s = game.state
    return sum(1 for u in s.pools["common"] if s.units[u].type.id == type_id)


# ---------------------------------------------------------------------- B5: forces


def test_leader_bonus_turns_12_into_17_and_beats_15():
    game = fight(["general", "guard", "guard"], ["guard", "guard", "guard"])
    assert (force(game, "attacker"), force(game, "defender")) == (17, 15)
    assert winner(game) == 0


def test_same_12_without_a_leader_loses_to_15():
    game = fight(["infantry", "guard", "guard"], ["guard", "guard", "guard"])
    assert (force(game, "attacker"), force(game, "defender")) == (12, 15)
    assert winner(game) == 1


def test_no_leader_bonus_when_both_sides_have_a_leader():
    # 12 vs 14: both generals cancel out and the defender wins.
    game = fight(["general", "guard", "guard"], ["general", "guard", "guard", "infantry"])
    assert (force(game, "attacker"), force(game, "defender")) == (12, 14)
    assert winner(game) == 1


def test_tie_goes_to_the_defender():
    game = fight(["guard", "guard"], ["infantry"] * 5)
    assert (force(game, "attacker"), force(game, "defender")) == (10, 10)
    assert winner(game) == 1


def test_one_point_more_wins_for_the_attacker():
    game = fight(["guard", "guard", "scout"], ["infantry"] * 5)
    assert (force(game, "attacker"), force(game, "defender")) == (11, 10)
    assert winner(game) == 0


def test_faction_force_bonus_counts_per_unit():
    # Ironclad: +1 a unit. Three infantry (6 + 3 = 9) beat a guard and a cavalry (8).
    game = fight(["infantry"] * 3, ["guard", "cavalry"], factions=("ironclad", "commoners"))
    assert (force(game, "attacker"), force(game, "defender")) == (9, 8)
    assert winner(game) == 0


def test_every_contested_zone_is_a_battle_and_the_attacker_picks_the_order():
    zones = ("North:plain South:plain Home:city West:plain East:plain", "North-Home South-Home North-West South-East")
    game = build(*zones, units={"North": {0: ["guard"], 1: ["scout"]}, "South": {0: ["guard"], 1: ["scout"]}, "Home": {0: ["infantry"]}},
                 deck=[])
    start(game, "battle")
    assert game.pending.kind == "choose_battle" and game.pending.player == 0
    assert opts(game) == [f"zone:{zone_id(game, 'North')}", f"zone:{zone_id(game, 'South')}"]
    drive(game, f"zone:{zone_id(game, 'South')}")
    # Both battles are fought, South first; each scout (1 unit) is simply lost, and each
    # winning guard (its side's only unit) must cover 1 force, so it is lost too.
    assert [e["zone"] for e in events(game, "battle_started")] == [zone_id(game, "South"), zone_id(game, "North")]
    assert game.pending is None
    assert ids(game, "North", 1) == [] and ids(game, "South", 1) == []
    assert ids(game, "North", 0) == [] and ids(game, "South", 0) == []
    assert types_in(game, "Home", 0) == ["infantry"]


def test_zone_shared_by_two_other_players_is_no_battle():
    game = build(units={"Crossing": {1: ["guard"], 2: ["scout"]}, "Westhold": {0: ["guard"]}}, factions=("commoners",) * 3)
    start(game, "battle")
    assert events(game, "battle_started") == []
    assert types_in(game, "Crossing", 1) == ["guard"] and types_in(game, "Crossing", 2) == ["scout"]


def test_several_opponents_in_one_zone_are_fought_one_at_a_time_in_seat_order():
    # Seat 1 attacks; seat 2 (next in order) defends first, then seat 0.
    zones = ("Field:plain Home:city Rock:mountains Far:plain", "Field-Home Field-Rock")
    game = build(*zones, units={"Field": {0: ["scout"], 1: ["guard", "guard", "guard"], 2: ["scout"]}},
                 factions=("commoners",) * 3, active=1, deck=[])
    start(game, "battle")
    assert [(e["attacker"], e["defender"]) for e in events(game, "battle_started")][:1] == [(1, 2)]
    drive(game, unit(ids(game, "Field", 1)[0]))  # the attacker covers the 1 force it owes with a guard
    assert [(e["attacker"], e["defender"]) for e in events(game, "battle_started")] == [(1, 2), (1, 0)]
    drive(game, unit(ids(game, "Field", 1)[0]))
    assert game.pending is None
    assert types_in(game, "Field", 1) == ["guard"]
    assert ids(game, "Field", 0) == [] and ids(game, "Field", 2) == []


# ---------------------------------------------------------------------- B5: battle cards


def test_card_rounds_alternate_from_the_attacker_until_two_passes_in_a_row():
    game = fight(["guard", "guard"], ["infantry"] * 3, hands={0: ["ambush", "rally", "truce"], 1: ["ambush", "rally", "sniper"]})
    asked = []

    def answer(choice):
        asked.append(game.pending.player)
        drive(game, choice)

    answer(card(cards(game, 0, "ambush")[0]))  # attacker: +4
    answer(card(cards(game, 1, "ambush")[0]))  # defender: +4
    answer("pass")                             # attacker passes ...
    answer(card(cards(game, 1, "rally")[0]))   # ... but the defender plays on: +1 x 3 units
    answer(card(cards(game, 0, "rally")[0]))   # attacker: +1 x 2 units
    answer("pass")                             # defender passes
    assert game.pending.kind == "battle_card"
    answer("pass")                             # attacker passes: two in a row, cards are over
    assert asked == [0, 1, 0, 1, 0, 1, 0]
    assert game.pending.kind == "pick_enemy_loss"
    # Attacker 10 + 4 + 2 = 16, defender 6 + 4 + 3 = 13.
    assert (force(game, "attacker"), force(game, "defender")) == (16, 13)
    assert winner(game) == 0


def test_player_without_a_playable_card_is_passed_over():
    # Only the defender holds a battle card: the first question goes to it.
    game = fight(["guard", "guard"], ["guard", "guard"], hands={0: ["march"], 1: ["ambush"]})
    assert (game.pending.kind, game.pending.player) == ("battle_card", 1)
    drive(game, "pass")
    assert winner(game) == 1


def test_card_bonus_decides_the_battle():
    game = fight(["guard", "guard"], ["guard", "guard"], hands={0: ["ambush"]})
    drive(game, card(cards(game, 0, "ambush")[0]))
    # The defender holds no card and is never asked; the attacker has nothing left to play.
    assert (force(game, "attacker"), force(game, "defender")) == (14, 10)
    assert winner(game) == 0


def test_card_needing_a_leader_is_offered_only_with_one():
    game = fight(["guard", "guard"], ["guard", "guard"], hands={0: ["war_cry", "ambush"]})
    assert opts(game) == ["pass", card(cards(game, 0, "ambush")[0])]
    game = fight(["general", "guard"], ["guard", "guard"], hands={0: ["war_cry"]})
    drive(game, card(cards(game, 0, "war_cry")[0]))
    assert (force(game, "attacker"), force(game, "defender")) == (2 + 5 + 5 + 3, 10)


def test_sniper_removes_a_chosen_unit_before_forces_are_compared():
    game = fight(["guard", "guard"], ["guard", "guard", "scout"], hands={0: ["sniper"]})
    drive(game, card(cards(game, 0, "sniper")[0]))
    victim = ids(game, "Field", 1, "guard")[0]
    assert game.pending.kind == "card_target"
    drive(game, unit(victim))
    assert in_pool(game, victim)
    assert (force(game, "attacker"), force(game, "defender")) == (10, 6)


def test_rout_makes_the_loser_lose_every_unit():
    game = fight(["guard", "guard", "guard"], ["infantry"] * 4, hands={0: ["rout"]})
    drive(game, card(cards(game, 0, "rout")[0]))
    # All 4 are lost at once: nobody is asked which (D7).
    assert ids(game, "Field", 1) == [] and ids(game, "Home", 1) == []
    assert pool_count(game, "infantry") == 10
    # 8 force lost: the winner loses at least 4 (one guard).
    assert (game.pending.kind, game.pending.player) == ("pick_own_losses", 0)
    drive(game, 0)
    assert types_in(game, "Field", 0) == ["guard", "guard"]


def test_truce_means_no_casualties_but_the_loser_still_retreats():
    game = fight(["guard", "guard", "guard"], ["infantry"] * 4, hands={1: ["truce"]})
    assert (game.pending.kind, game.pending.player) == ("battle_card", 1)  # the attacker holds no card
    drive(game, card(cards(game, 1, "truce")[0]))
    assert game.pending is None
    assert types_in(game, "Field", 0) == ["guard"] * 3
    assert types_in(game, "Home", 1) == ["infantry"] * 4


# ---------------------------------------------------------------------- B6: casualties


def test_loser_of_five_units_loses_three_winner_first_loser_the_rest():
    game = fight(["guard", "guard", "guard"], ["guard", "cavalry", "infantry", "infantry", "scout"])
    # 15 vs 13: the winner picks the first loss among all five.
    d = game.pending
    assert (d.kind, d.player, len(d.options)) == ("pick_enemy_loss", 0, 5)
    drive(game, unit(ids(game, "Field", 1, "guard")[0]))
    d = game.pending
    assert (d.kind, d.player, d.count, len(d.options)) == ("pick_own_losses", 1, 2, 4)
    drive(game, [unit(ids(game, "Field", 1, "scout")[0]), unit(ids(game, "Field", 1, "infantry")[0])])
    # Lost 5 + 1 + 2 = 8 printed force; the winner owes 4 and loses one guard of its choice.
    assert game.pending.kind == "pick_own_losses" and game.pending.player == 0
    drive(game, unit(ids(game, "Field", 0)[0]))
    assert game.pending is None
    assert types_in(game, "Home", 1) == ["cavalry", "infantry"]
    assert types_in(game, "Field", 0) == ["guard", "guard"]


def test_loser_of_one_unit_loses_it_without_being_asked():
    game = fight(["cavalry", "scout"], ["infantry"])
    # 4 vs 2: the infantry is the only choice, so nobody is asked. 2 lost -> winner owes 1.
    assert game.pending.kind == "pick_own_losses" and game.pending.player == 0
    drive(game, unit(ids(game, "Field", 0, "scout")[0]))
    assert game.pending is None
    assert types_in(game, "Field", 0) == ["cavalry"]
    assert ids(game, "Field", 1) == [] and ids(game, "Home", 1) == []


def test_loser_of_two_units_loses_one_and_the_other_retreats():
    game = fight(["guard", "guard"], ["infantry", "scout"])
    drive(game, unit(ids(game, "Field", 1, "infantry")[0]))
    # 2 lost -> 1 owed: a guard goes.
    drive(game, 0)
    assert types_in(game, "Home", 1) == ["scout"]
    assert types_in(game, "Field", 0) == ["guard"]


def test_fortification_is_always_lost_and_counts_toward_the_half():
    # Four units lose two: the fort, plus one the winner picks. Nobody picks the fort.
    game = fight(["guard", "guard", "guard"], ["fort", "infantry", "infantry", "infantry"])
    d = game.pending
    assert (d.kind, d.player) == ("pick_enemy_loss", 0)
    assert [game.state.units[o.value].type.id for o in d.options] == ["infantry"] * 3
    assert pool_count(game, "fort") == 3  # already gone
    drive(game, 0)
    # 4 + 2 = 6 lost: the winner owes 3, one guard.
    assert game.pending.kind == "pick_own_losses" and game.pending.player == 0
    drive(game, 0)
    assert game.pending is None
    assert types_in(game, "Home", 1) == ["infantry", "infantry"]
    assert types_in(game, "Field", 0) == ["guard", "guard"]


def test_fortifications_alone_above_the_half_are_the_only_losses():
    # Four units would lose two, but all three forts go and the infantry survives.
    game = fight(["guard", "guard", "guard", "cavalry"], ["fort", "fort", "fort", "infantry"])
    assert (force(game, "attacker"), force(game, "defender")) == (18, 14)
    # Nobody picked enemy losses: 12 force lost, the winner owes 6.
    d = game.pending
    assert (d.kind, d.player) == ("pick_own_losses", 0)
    drive(game, unit(ids(game, "Field", 0, "cavalry")[0]))
    assert game.pending.kind == "pick_own_losses"  # 3 paid, 3 still owed
    drive(game, unit(ids(game, "Field", 0, "guard")[0]))
    assert game.pending is None
    assert types_in(game, "Home", 1) == ["infantry"]
    assert types_in(game, "Field", 0) == ["guard", "guard"]
    assert pool_count(game, "fort") == 3


def test_lone_fortification_is_lost_and_nothing_retreats():
    game = fight(["guard", "cavalry"], ["fort"])
    # 4 lost -> 2 owed: the winner chooses between the cavalry and the guard.
    assert game.pending.kind == "pick_own_losses"
    drive(game, unit(ids(game, "Field", 0, "cavalry")[0]))
    assert game.pending is None
    assert events(game, "retreated") == []
    assert types_in(game, "Field", 0) == ["guard"]


def test_winner_keeps_losing_until_half_the_lost_force_is_covered():
    # Loser (cavalry, infantry, infantry) loses two: cavalry (picked by the winner) and an
    # infantry: 5 force, so the winner owes 3. One infantry (2) is not enough.
    game = fight(["infantry", "infantry", "guard"], ["cavalry", "infantry", "infantry"])
    drive(game, unit(ids(game, "Field", 1, "cavalry")[0]), unit(ids(game, "Field", 1, "infantry")[0]))
    drive(game, unit(ids(game, "Field", 0, "infantry")[0]))
    assert game.pending.kind == "pick_own_losses" and game.pending.player == 0
    drive(game, unit(ids(game, "Field", 0, "infantry")[0]))
    assert game.pending is None
    assert types_in(game, "Field", 0) == ["guard"]
    assert types_in(game, "Home", 1) == ["infantry"]


def test_winner_who_cannot_cover_its_debt_loses_everything():
    # Two scouts with an ambush (2 + 4 = 6) beat a guard (5): 5 lost, 3 owed, only 2 on hand.
    game = fight(["scout", "scout"], ["guard"], hands={0: ["ambush"]})
    drive(game, card(cards(game, 0, "ambush")[0]))
    assert winner(game) == 0
    assert game.pending is None
    assert ids(game, "Field", 0) == [] and ids(game, "Field", 1) == []
    assert pool_count(game, "scout") == 4 and pool_count(game, "guard") == 6


def test_tied_defender_wins_and_pays_with_its_own_choice():
    game = fight(["guard", "guard"], ["infantry"] * 5)
    # The attacker (two units) loses one; the winner picks it.
    assert (game.pending.kind, game.pending.player) == ("pick_enemy_loss", 1)
    drive(game, 0)
    # 5 lost -> 3 owed: two infantry.
    drive(game, 0)
    assert (game.pending.kind, game.pending.player) == ("pick_own_losses", 1)
    drive(game, 0)
    assert game.pending is None
    assert types_in(game, "Field", 1) == ["infantry"] * 3
    assert types_in(game, "Home", 0) == ["guard"]


def test_lost_leader_is_captured_by_the_winner_not_returned_to_the_pool():
    game = fight(["guard", "guard", "guard"], ["general", "infantry", "infantry"])
    general = ids(game, "Field", 1, "general")[0]
    drive(game, unit(general))
    assert game.state.units[general].place == CAPTURED and game.state.units[general].owner == 0
    assert general not in game.state.pools["common"]
    assert captured_by(game, 0) == ["general"]
    drive(game, 0, 0)  # the loser's second loss, then the winner's guard (2 + 2 lost -> 2 owed)
    assert game.pending is None
    assert captured_by(game, 0) == ["general"] and pool_count(game, "general") == 1


def test_winners_lost_leader_is_captured_by_the_loser():
    # General + cavalry (5 + leader 5 = 10) beat two infantry (4): 2 lost, 1 owed.
    game = fight(["general", "cavalry"], ["infantry", "infantry"])
    drive(game, 0)
    assert game.pending.kind == "pick_own_losses" and game.pending.player == 0
    drive(game, unit(ids(game, "Field", 0, "general")[0]))
    assert captured_by(game, 1) == ["general"]
    assert types_in(game, "Field", 0) == ["cavalry"]


# ---------------------------------------------------------------------- B7: retreat


def test_loser_chooses_its_retreat_among_free_adjacent_passable_zones():
    zones = ("Field:plain Home:city Back:plain Rock:mountains Camp:waste", "Field-Home Field-Back Field-Rock Field-Camp")
    game = fight(["guard", "guard", "guard"], ["infantry", "infantry", "scout"], zones=zones, more_units={"Back": {0: ["scout"]}})
    drive(game, unit(ids(game, "Field", 1, "scout")[0]), 0, 0)
    d = game.pending
    assert (d.kind, d.player) == ("retreat", 1)
    assert opts(game) == [f"zone:{zone_id(game, 'Home')}", f"zone:{zone_id(game, 'Camp')}"]
    drive(game, f"zone:{zone_id(game, 'Camp')}")
    assert types_in(game, "Camp", 1) == ["infantry"]
    assert ids(game, "Field", 1) == []


def test_loser_with_nowhere_to_go_is_destroyed_and_its_leader_captured():
    zones = ("Field:plain Back:plain Rock:mountains", "Field-Back Field-Rock")
    game = fight(["guard", "guard", "guard"], ["general", "infantry", "infantry"], zones=zones, more_units={"Back": {0: ["scout"]}})
    first, second = ids(game, "Field", 1, "infantry")
    drive(game, unit(first), unit(second), unit(ids(game, "Field", 0, "guard")[0]))
    assert game.pending is None
    assert ids(game, "Field", 1) == []
    assert events(game, "no_retreat") == [{"player": 1, "zone": zone_id(game, "Field"), "lost": 1}]
    assert captured_by(game, 0) == ["general"]
    assert pool_count(game, "infantry") == 10


def test_zone_of_a_third_player_is_no_retreat():
    zones = ("Field:plain Home:city Back:plain", "Field-Home Field-Back")
    game = build(*zones, units={"Field": {0: ["guard"] * 3, 1: ["infantry", "infantry"]}, "Home": {2: ["scout"]}},
                 factions=("commoners",) * 3)
    start(game, "battle")
    drive(game, 0, 0)
    assert game.pending is None  # Back was the only way out: nobody was asked
    assert types_in(game, "Back", 1) == ["infantry"]


def test_both_hands_are_refilled_to_the_limit_after_a_battle():
    game = fight(["guard", "guard"], ["guard"], hands={0: ["ambush"], 1: ["march", "march"]})
    kept = cards(game, 1)
    deck_before = len(game.state.deck)
    drive(game, card(cards(game, 0, "ambush")[0]), 0)  # ambush, then the winner's loss (3 owed)
    assert game.pending is None
    assert len(game.state.players[0].hand) == 7
    assert len(game.state.players[1].hand) == 7
    assert set(kept) <= set(cards(game, 1))
    assert len(game.state.deck) == deck_before - 7 - 5
