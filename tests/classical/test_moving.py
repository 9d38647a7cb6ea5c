"""Moving by land and by sea, carrying, and entering other players' spaces (the source rules, C3),
within the stacking limits (the module's own, C1; see also test_stacking.py)."""

from __future__ import annotations

from warp_empires import Game, GameSetup, Seat, ZoneMap
from warp_empires.plugins import make_manager
from warp_empires.rules.move import destinations
from warp_empires.cli.explain import unreachable, why_zone
from warp_empires.cli.narrate import describe
from warp_modules.classical_city_states.moving import PickDestination
from warp_empires.model.state import CAPTURED, POOL

from .scenario import (
    AEGINA, ATHENS, ATTICA, CITHAERON, CORINTH, ELEUSIS, MEGARA, MYRTOAN, NAUPLIA, PARNES, SARONIC, THEBES, events, give,
    kinds, option_ids, place, run_phases, scenario, start_moving,
)


def reach(game, seat, zone, units):
    return destinations(game, seat, zone, tuple(units))


def test_armies_march_four_on_land_forest_and_hill_cost_two_and_never_go_to_sea():
    game = scenario("athens", "corinth")
    army = place(game, 0, ATTICA, "army")
    # Cithaeron (forest) 2 + Parnes (hill) 2 = 4: Thebes, beyond, is out of reach.
    assert reach(game, 0, ATTICA, army) == {ATHENS: 1, ELEUSIS: 1, CITHAERON: 2, PARNES: 4}


def test_a_leader_alone_goes_six_and_thebans_ride_one_further():
    game = scenario("athens", "thebes")
    pericles = place(game, 0, ATTICA, "pericles")
    # C3: only Armies spend 2 points on Forest and Hill; a Leader alone crosses
    # Cithaeron (forest) and Parnes (hill) at 1 each. Thebes itself is an enemy city.
    assert reach(game, 0, ATTICA, pericles)[PARNES] == 2
    theban = place(game, 1, ATTICA, "army")  # Horsemen: 5 points
    game.state.control[THEBES] = 1
    assert reach(game, 1, ATTICA, theban)[PARNES] == 4 and max(reach(game, 1, ATTICA, theban).values()) == 5


def test_c3_forest_and_hill_cost_two_only_to_a_group_with_an_army():
    """The source: Armies use up 2 points to enter Forest and Hill. Rowers alone, or Rowers
    with a Leader, pay 1 there; with an Army among them, the group pays 2."""
    game = scenario("athens", "corinth")
    rowers = place(game, 0, ATTICA, "rowers")
    assert reach(game, 0, ATTICA, rowers) == {ATHENS: 1, ELEUSIS: 1, CITHAERON: 1, PARNES: 2}  # Thebes is neutral
    with_leader = rowers + place(game, 0, ATTICA, "pericles")
    assert reach(game, 0, ATTICA, with_leader)[PARNES] == 2
    with_army = with_leader + place(game, 0, ATTICA, "army")
    assert reach(game, 0, ATTICA, with_army) == {ATHENS: 1, ELEUSIS: 1, CITHAERON: 2, PARNES: 4}


def test_no_unit_enters_a_neutral_or_enemy_city():
    game = scenario("athens", "corinth")
    army = place(game, 0, ATTICA, "army")
    assert MEGARA not in reach(game, 0, ATTICA, army)  # neutral
    place(game, 0, MEGARA, "army")
    game.state.control[MEGARA] = 0
    assert MEGARA in reach(game, 0, ATTICA, army)
    near = place(game, 0, MEGARA, "army")
    assert CORINTH not in reach(game, 0, MEGARA, near)  # Bob's home city


def test_a_fleet_moves_only_with_rowers_aboard_ten_by_sea():
    game = scenario("athens", "corinth")
    fleet, rowers = place(game, 0, ATHENS, "fleet", "rowers")
    assert reach(game, 0, ATHENS, [fleet]) == {}
    by_sea = reach(game, 0, ATHENS, [fleet, rowers])
    assert by_sea == {SARONIC: 1, MYRTOAN: 2, NAUPLIA: 3}  # ships keep to the sea and its shores; cities only their own


def test_ships_land_on_a_coast_but_never_sail_across_it_to_another_sea():
    """West Sea - Isthmus (sandy coast) - East Sea, the two seas not touching: a Fleet from
    Athens may land on the Isthmus, but reaches the East Sea only over land, so not at all
    (C3: ships move by sea and enter the coastal zones beside it)."""
    zones = [("Athens", "home_city", 7, "ATH"), ("West Sea", "sea", 0, "WES"), ("Isthmus", "coast", 0, "IST"),
             ("East Sea", "sea", 0, "EAS"), ("Corinth", "home_city", 7, "COR"), ("Plain", "plain", 0, "PLA")]
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 5), (5, 4), (5, 2)]
    pm = make_manager("classical_city_states")
    game = Game(GameSetup("classical_city_states", [Seat("Ann", "athens"), Seat("Bob", "corinth")],
                          ZoneMap.build(zones, edges, (0, 4)), seed=1), plugins=pm)
    s = game.state
    group = tuple(u for u in s.stack(0, 0) if s.units[u].type.id in ("fleet", "rowers"))[:2]
    assert reach(game, 0, 0, group) == {1: 1, 2: 2}
    assert [o.id for o in PickDestination(0, 0, group).run(game).options] == ["zone:1", "zone:2"]
    assert unreachable(game, 0, group, 3) == (
        "Every way to East Sea (EAS) crosses a zone this group may end its move in but not pass through "
        "(Isthmus (IST)): ships land on the coast, they never sail across it to another sea."
    )


def test_ships_on_the_coast_put_to_sea_to_land_on_the_next_stretch_of_it():
    """Athens borders Marathon by land: a Fleet reaches Marathon by sea (Saronic, Myrtoan,
    then the landing: 3 points), never across the land border (C3: ships move through sea
    zones and into the coastal zones beside them). Beach, across the land border, is by its
    own sea alone: no way by sea leads there."""
    zones = [("Athens", "home_city", 7, "ATH"), ("Marathon", "coast", 0, "MAR"), ("Saronic Gulf", "sea", 0, "SAR"),
             ("Myrtoan Sea", "sea", 0, "MYR"), ("Corinth", "home_city", 7, "COR"), ("Beach", "coast", 0, "BEA"),
             ("Far Sea", "sea", 0, "FAR")]
    edges = [(0, 1), (0, 2), (2, 3), (3, 1), (3, 4), (0, 5), (5, 6)]
    game = Game(GameSetup("classical_city_states", [Seat("Ann", "athens"), Seat("Bob", "corinth")],
                          ZoneMap.build(zones, edges, (0, 4)), seed=1), plugins=make_manager("classical_city_states"))
    s = game.state
    group = tuple(u for u in s.stack(0, 0) if s.units[u].type.id in ("fleet", "rowers"))[:2]
    assert reach(game, 0, 0, group) == {2: 1, 3: 2, 1: 3}
    asked = PickDestination(0, 0, group).run(game)
    assert why_zone(game, asked, 1) == (
        "Marathon (MAR) is in reach: the zones entered on the way cost 3 movement point(s) and the group has "
        "10 movement point(s), as City States of Hellas moves this group; no enemy units stand on the way.")
    assert unreachable(game, 0, group, 5).startswith(
        "Athens (ATH) is a zone this group may end its move in but not pass through, and it leaves it only for a zone it "
        "may pass through: no such way leads on to Beach (BEA)"
    )


def test_a_transport_carries_one_army_so_two_armies_need_two_transports():
    game = scenario("athens", "corinth")
    a1, a2, t1, t2 = place(game, 0, ATHENS, "army", "army", "transport", "transport")
    assert reach(game, 0, ATHENS, [a1, a2, t1]) == {}
    assert reach(game, 0, ATHENS, [a1, a2, t1, t2])[NAUPLIA] == 3
    start_moving(game)
    game.decide(f"zone:{ATHENS}")
    for unit in (a1, a2, t1):
        game.decide(f"unit:{unit}")
    assert "go" not in option_ids(game)  # two Armies, one Transport: they cannot sail
    game.decide(f"unit:{t2}")
    game.decide("go")
    game.decide(f"zone:{NAUPLIA}")
    assert kinds(game, NAUPLIA, 0) == ["army", "army", "transport", "transport"]


def test_baggage_travels_only_with_a_carrier():
    game = scenario("athens", "corinth")
    army, *baggage = place(game, 0, ATTICA, "army", *["baggage"] * 5)
    assert reach(game, 0, ATTICA, baggage[:1]) == {}
    assert reach(game, 0, ATTICA, [army, *baggage]) == {}  # an Army carries 4
    assert reach(game, 0, ATTICA, [army, *baggage[:4]])[ELEUSIS] == 1


def test_a_group_may_not_leave_armies_adrift_at_sea():
    game = scenario("athens", "corinth")
    army, transport, fleet, rowers = place(game, 0, SARONIC, "army", "transport", "fleet", "rowers")
    assert reach(game, 0, SARONIC, [transport, fleet, rowers]) == {}
    assert reach(game, 0, SARONIC, [fleet, rowers])[AEGINA - 1] == 1  # the Myrtoan Sea


def test_a_lone_leader_is_captured_and_ransomed_home():
    game = scenario("athens", "corinth")
    army = place(game, 0, ATTICA, "army")
    periander = place(game, 1, ELEUSIS, "periander")[0]
    game.state.players[1].treasury = 6
    start_moving(game)
    game.decide(f"zone:{ATTICA}")
    game.decide(f"zone:{ELEUSIS}")
    assert game.state.units[periander].place == CAPTURED
    assert game.pending.kind == "ransom" and game.pending.player == 0
    game.decide("ransom")
    assert game.pending.kind == "pay_ransom" and game.pending.player == 1
    game.decide("pay")
    s = game.state
    assert (s.players[0].treasury, s.players[1].treasury) == (5, 1)
    assert s.units[periander].zone == CORINTH and s.units[periander].owner == 1
    assert events(game, "ransomed") == [{"player": 1, "by": 0, "amount": 5, "unit": "Periander", "zone": CORINTH}]
    assert s.units[army[0]].zone == ELEUSIS


def test_a_leader_put_to_death_never_returns():
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army")
    periander = place(game, 1, ELEUSIS, "periander")[0]
    start_moving(game)
    game.decide(f"zone:{ATTICA}")
    game.decide(f"zone:{ELEUSIS}")
    game.decide("death")
    assert game.state.units[periander].place == POOL
    from warp_modules.classical_city_states.recruit import leaders_to_gain

    assert [game.state.units[u].type.id for u in leaders_to_gain(game, 1)] == ["timoleon"]


def test_baggage_and_an_unmanned_fleet_change_sides_on_entry():
    game = scenario("athens", "corinth")
    fleet, rowers = place(game, 0, ATHENS, "fleet", "rowers")
    _, transport, _ = place(game, 1, SARONIC, "fleet", "transport", "baggage")
    game.state.set_top(transport)  # Bob shows the Transport: nothing armed to be seen
    start_moving(game)
    game.decide(f"zone:{ATHENS}")
    game.decide("all")
    game.decide(f"zone:{SARONIC}")
    assert kinds(game, SARONIC, 0) == ["baggage", "fleet", "fleet", "rowers", "transport"]
    assert kinds(game, SARONIC, 1) == []
    assert events(game, "captured")[0]["units"] == ["Transport", "Fleet", "Baggage"]


def test_c3_a_lone_unmanned_fleet_on_top_is_captured_by_a_fleet_sailing_in():
    """C3: entering a space holding only an unmanned Fleet captures it. Whether a Fleet on
    top is manned does not show, so the space is open to a group that may capture."""
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "fleet", "rowers")
    place(game, 1, SARONIC, "fleet")
    start_moving(game)
    game.decide(f"zone:{ATHENS}")
    game.decide("all")  # to Saronic, the only space open: a move may not pass through it
    assert kinds(game, SARONIC, 0) == ["fleet", "fleet", "rowers"] and kinds(game, SARONIC, 1) == []
    assert events(game, "captured")[0]["units"] == ["Fleet"]


def test_c3_a_manned_fleet_on_top_turns_the_group_back():
    game = scenario("athens", "corinth")
    mine = place(game, 0, ATHENS, "fleet", "rowers")
    place(game, 1, SARONIC, "fleet", "rowers")  # the Fleet shows; its Rowers are under it
    start_moving(game)
    game.decide(f"zone:{ATHENS}")
    game.decide("all")  # to Saronic, the only space open: a move may not pass through it
    assert [game.state.units[u].zone for u in mine] == [ATHENS, ATHENS]
    # The stack that turned the group back is in the open (C3), as after a battle.
    assert events(game, "turned_back") == [{"player": 0, "zone": SARONIC, "frm": ATHENS, "owner": 1, "units": ["Fleet", "Rowers"]}]
    assert kinds(game, SARONIC, 1) == ["fleet", "rowers"]


def test_c3_a_leader_alone_may_enter_a_space_of_enemy_baggage_and_shares_it():
    """The source closes only spaces of enemy Armies, Rowers or manned Fleets, and only those
    capture: Pericles alone enters Eleusis, where Bob's Baggage lies, and both stay there."""
    game = scenario("athens", "corinth")
    pericles = place(game, 0, ATTICA, "pericles")
    baggage = place(game, 1, ELEUSIS, "baggage")
    assert ELEUSIS in reach(game, 0, ATTICA, pericles)
    start_moving(game)
    game.decide(f"zone:{ATTICA}")
    game.decide(f"zone:{ELEUSIS}")
    assert game.state.units[pericles[0]].zone == ELEUSIS
    assert (game.state.units[baggage[0]].zone, game.state.units[baggage[0]].owner) == (ELEUSIS, 1)
    assert events(game, "captured") == [] and events(game, "turned_back") == []


def test_a_space_showing_arms_is_closed_and_hidden_arms_turn_a_group_back():
    game = scenario("athens", "corinth")
    army = place(game, 0, ATTICA, "army")
    place(game, 1, ELEUSIS, "army")
    assert ELEUSIS not in reach(game, 0, ATTICA, army)
    game.state.set_top(place(game, 1, ELEUSIS, "baggage")[0])  # Bob shows Baggage on top
    assert ELEUSIS in reach(game, 0, ATTICA, army)
    start_moving(game)
    game.decide(f"zone:{ATTICA}")
    game.decide(f"zone:{ELEUSIS}")
    assert game.state.units[army[0]].zone == ATTICA and game.state.units[army[0]].moved
    assert events(game, "turned_back") == [{"player": 0, "zone": ELEUSIS, "frm": ATTICA, "owner": 1, "units": ["Baggage", "Army"]}]
    told = describe(game, next(e for e in game.events if e.kind == "turned_back"))
    assert told == "Ann's group is turned back from Eleusis (ELE): Bob's stack there holds Baggage, Army"


def test_forced_march_sends_armies_six_points():
    game = scenario("athens", "corinth")
    army = place(game, 0, ELEUSIS, "army")[0]
    assert reach(game, 0, ELEUSIS, [army]) == {ATTICA: 1, ATHENS: 2, CITHAERON: 3}
    (card,) = give(game, 0, "forced_march")
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")
    game.decide(f"zone:{ELEUSIS}")
    assert game.pending.context["reach"] == {ATTICA: 1, ATHENS: 2, CITHAERON: 3, PARNES: 5}


def test_why_names_the_rule_that_closes_a_space():
    game = scenario("athens", "corinth")
    army = tuple(place(game, 0, ATTICA, "army"))
    assert unreachable(game, ATTICA, army, MEGARA) == (
        "Megara (MEG) is closed to this group: no unit enters a neutral or enemy city (take it by diplomacy or assault)."
    )
    place(game, 1, ELEUSIS, "army")
    assert unreachable(game, ATTICA, army, ELEUSIS) == (
        "Eleusis (ELE) is closed to this group: another player's Armies or Rowers hold it (attack it in a battle phase)."
    )


def test_c1_stacking_limits_count_armies_fleets_and_transports_only():
    game = scenario("athens", "corinth")
    armies = place(game, 0, ATTICA, "army", "army", "army", "army")
    place(game, 0, CITHAERON, "army")  # a forest holds 3
    assert CITHAERON in reach(game, 0, ATTICA, armies[:2])
    assert CITHAERON not in reach(game, 0, ATTICA, armies[:3])
    place(game, 0, CITHAERON, "rowers", "baggage", "pericles")  # none of them counts
    assert CITHAERON in reach(game, 0, ATTICA, armies[:2])


def test_rowers_may_sail_on_a_transport():
    game = scenario("athens", "corinth")
    rowers, transport = place(game, 0, ATHENS, "rowers", "transport")
    assert reach(game, 0, ATHENS, [rowers, transport])[NAUPLIA] == 3
    assert reach(game, 0, ATHENS, [rowers]) == {ATTICA: 1, ELEUSIS: 2, CITHAERON: 2, PARNES: 3}  # alone, by land (C3: no Army, Forest and Hill at 1)


def test_captured_ships_beyond_the_stacking_limit_are_burnt():
    """Seven manned Fleets sail into the Saronic Gulf (8 at most) and take Bob's two lone
    Transports: one fits, the other is burnt (the module's own rule, C4)."""
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, *["fleet", "rowers"] * 7)
    place(game, 1, SARONIC, "transport", "transport")
    start_moving(game)
    game.decide(f"zone:{ATHENS}")
    game.decide("all")
    game.decide(f"zone:{SARONIC}")
    assert kinds(game, SARONIC, 0) == ["fleet"] * 7 + ["rowers"] * 7 + ["transport"]
    assert [(e["unit"], e["zone"]) for e in events(game, "burnt")] == [("Transport", SARONIC)]
    assert game.state.units_of(1) == []


def test_forced_march_does_not_leave_a_leader_adrift_at_sea():
    """Ann's Army on a Transport in the Saronic Gulf carries Pericles; Forced March may not
    take the Army ashore without him, leaving him on a Transport alone."""
    game = scenario("athens", "corinth")
    place(game, 0, SARONIC, "transport", "army", "pericles")
    place(game, 0, ELEUSIS, "army")
    (card,) = give(game, 0, "forced_march")
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")
    assert option_ids(game) == ["stop", f"zone:{ELEUSIS}"]


def test_a_unit_left_behind_is_not_offered_again_so_picking_a_group_ends():
    """A Fleet without Rowers cannot sail (C3): picked, it may be left behind, and then it
    stays behind for this move; a player who changes their mind moves nothing from here and
    picks the stack again. (A computer player once added and left the Fleet for ever.)"""
    game = scenario("athens", "corinth")
    fleet, army = place(game, 0, ATHENS, "fleet", "army")
    start_moving(game)
    game.decide(f"zone:{ATHENS}")
    game.decide(f"unit:{fleet}")
    assert "drop" in option_ids(game)
    game.decide("drop")
    assert f"unit:{fleet}" not in option_ids(game) and f"unit:{army}" in option_ids(game)
