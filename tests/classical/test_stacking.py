"""Stacking limits per terrain, the module's own numbers (C1): the most Armies, Fleets and
Transports one player may have in one zone, kept by every way units come into a zone
(a move, an attack, a recruit, a card, a capture, a unit brought back, a retreat).

    sea 8, sandy coast 4, fishing village 4, farmland 6, plain 8, forest 3, hill 4,
    minor city 6, home city 10
"""

from __future__ import annotations

import pytest

from warp_empires.cli.explain import unreachable
from warp_empires.rules.move import destinations
from warp_empires.rulesref import render_rules

from .scenario import (
    ARGOS, ATHENS, ATTICA, CITHAERON, CORINTH, ELEUSIS, MEGARA, MYRTOAN, NAUPLIA, PARNES, SARONIC, events, give, kinds,
    option_ids, place, run_phases, scenario,
)


def reach(game, seat, zone, units):
    return destinations(game, seat, zone, tuple(units))


# (terrain, the zone of that terrain, where the newcomers come from, its limit)
LAND = [
    ("plain", ATTICA, ELEUSIS, 8),
    ("farmland", ELEUSIS, ATTICA, 6),
    ("forest", CITHAERON, ATTICA, 3),
    ("hill", PARNES, CITHAERON, 4),
    ("city", MEGARA, ATTICA, 6),
    ("home_city", ATHENS, ATTICA, 10),
    ("fishing_village", NAUPLIA, ARGOS, 4),
    ("coast", ELEUSIS, ATTICA, 4),  # Eleusis made a sandy coast for this case
]


@pytest.mark.parametrize(("terrain", "zone", "frm", "limit"), LAND, ids=[t[0] for t in LAND])
def test_c1_the_stacking_limit_of_each_land_terrain(terrain, zone, frm, limit):
    game = scenario("athens", "corinth")
    s = game.state
    if s.zone_types[zone].id != terrain:
        s.set_zone_type(zone, game.rules.zone_types[terrain])
    s.control[MEGARA] = 0
    place(game, 0, zone, *["army"] * (limit - 1))
    newcomers = place(game, 0, frm, "army", "army")
    assert zone in reach(game, 0, frm, newcomers[:1])  # one more fits
    assert zone not in reach(game, 0, frm, newcomers)  # two more do not
    assert unreachable(game, frm, tuple(newcomers), zone).endswith(
        f"the stacking limit there is {limit} Armies, Fleets and Transports."
    )


def test_c1_the_stacking_limit_at_sea_is_eight_ships():
    game = scenario("athens", "corinth")
    place(game, 0, SARONIC, *["transport"] * 7)
    fleets = place(game, 0, ATHENS, "fleet", "rowers", "fleet", "rowers")
    assert SARONIC in reach(game, 0, ATHENS, fleets[:2])
    assert SARONIC not in reach(game, 0, ATHENS, fleets)


def test_c1_a_group_entering_another_players_space_keeps_to_the_limit_too():
    """Bob shows only Baggage in Cithaeron (a forest: 3): three of Ann's Armies may go in and
    take it, four may not."""
    game = scenario("athens", "corinth")
    place(game, 1, CITHAERON, "baggage")
    armies = place(game, 0, ATTICA, *["army"] * 4)
    assert CITHAERON in reach(game, 0, ATTICA, armies[:3])
    assert CITHAERON not in reach(game, 0, ATTICA, armies)
    assert unreachable(game, ATTICA, tuple(armies), CITHAERON).endswith(
        "the stacking limit there is 3 Armies, Fleets and Transports."
    )


def test_c1_leaders_rowers_and_baggage_do_not_count():
    game = scenario("athens", "corinth")
    place(game, 0, CITHAERON, "army", "army", "rowers", "rowers", "baggage", "themistocles")  # a forest holds 3
    rowers, pericles, *armies = place(game, 0, ATTICA, "rowers", "pericles", "army", "army")
    assert CITHAERON in reach(game, 0, ATTICA, [rowers, pericles])
    assert CITHAERON in reach(game, 0, ATTICA, armies[:1])
    assert CITHAERON not in reach(game, 0, ATTICA, armies)


def test_c1_the_rules_reference_gives_the_limits_as_the_modules_own():
    page = render_rules("classical_city_states")
    assert "| Roll | Terrain | Entering costs | Stacking limit (our design) |" in page
    for row in (
        "| 1-2 | Sea | 1 | 8 |", "| 3 | Sandy Coast | 1 | 4 |", "| 4 | Fishing Village | 1 | 4 |",
        "| 5 | Farmland | 1 | 6 |", "| 6-7 | Plain | 1 | 8 |", "| 8 | Forest | 2 (a group without an Army: 1) | 3 |",
        "| 9 | Hill | 2 (a group without an Army: 1) | 4 |",
        "| 10 | Minor City | 1 | 6 |", "| placed | Home City | 1 | 10 |",
    ):
        assert row in page


def test_c1_a_full_city_recruits_rowers_but_no_army_or_ship():
    game = scenario("athens", "corinth")
    game.state.players[0].treasury = 10
    place(game, 0, ATHENS, *["army"] * 9, "fleet")
    run_phases(game, 0, "recruit")
    if game.pending.kind == "reaction":
        game.decide("pass")
    assert [o.label for o in game.pending.options] == ["Recruit nothing here", "Rowers for 2 gold"]


def test_c1_a_levy_brings_only_the_armies_the_home_city_has_room_for():
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, *["army"] * 9)
    (card,) = give(game, 0, "mercenary_band")
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")
    assert kinds(game, ATHENS, 0) == ["army"] * 10
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, *["army"] * 10)
    (card,) = give(game, 0, "levy_of_citizens")
    run_phases(game, 0, "first_move")
    assert game.pending.kind == "choose_stack"  # a full home city: the card is not offered
    assert game.state.players[0].hand == [card]


def lose_a_battle_and_heal(game, *own_in_athens: str) -> None:
    """Ann (Athens, holding Megara too) attacks Bob's four Armies in Eleusis with one Army,
    loses it, and plays Healers of Asclepius once the battles are over."""
    s = game.state
    s.control[MEGARA] = 0
    place(game, 0, ATHENS, *own_in_athens)
    place(game, 0, ATTICA, "army")
    place(game, 1, ELEUSIS, *["army"] * 4)
    (card,) = give(game, 0, "healers_of_asclepius")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ATTICA}:{ELEUSIS}")
    game.decide(game.pending.options[0].id)  # Bob pays for his win with an Army
    assert game.pending.kind == "play_card"
    game.decide(f"card:{card}")


def test_c1_a_unit_brought_back_by_the_healers_comes_only_where_there_is_room():
    game = scenario("athens", "corinth")
    lose_a_battle_and_heal(game)
    assert option_ids(game) == [f"zone:{ATHENS}", f"zone:{MEGARA}"]
    game = scenario("athens", "corinth")
    lose_a_battle_and_heal(game, *["army"] * 10)  # Athens is full: Megara, the one city with room, is taken
    assert events(game, "unit_regenerated") == [{"player": 0, "zone": MEGARA}]
    assert kinds(game, ATHENS, 0) == ["army"] * 10 and kinds(game, MEGARA, 0) == ["army"]


def test_a_fleet_brought_back_by_the_healers_comes_only_to_a_city_on_the_sea():
    """Ann's one manned Fleet loses to Bob's three in the Saronic Gulf; of her cities,
    Athens lies on the sea and Megara inland, so the Fleet comes back in Athens."""
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 0
    place(game, 0, ATHENS, "fleet", "rowers")
    place(game, 1, SARONIC, *["fleet", "rowers"] * 3)
    (card,) = give(game, 0, "healers_of_asclepius")
    run_phases(game, 0, "sea_battle", "land_battle")
    game.decide(f"attack:{ATHENS}:{SARONIC}")
    game.decide(game.pending.options[0].id)  # Bob pays for his win with a Fleet
    game.decide(f"card:{card}")
    assert game.pending is None
    assert events(game, "unit_regenerated") == [{"player": 0, "zone": ATHENS}]
    assert kinds(game, ATHENS, 0) == ["fleet"] and kinds(game, MEGARA, 0) == []


def test_c1_beaten_ships_follow_a_retreat_only_as_far_as_the_limit_allows():
    """Bob's three manned Fleets and four Transports lose to Ann in the Saronic Gulf; his
    one Fleet left falls back to the Myrtoan Sea, where his seven Transports already wait.
    The Fleet fills the sea's eight; the four Transports cannot follow. Ann, left with five
    Fleets in the gulf, takes three of them and burns the fourth."""
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, *["fleet", "rowers"] * 6)
    place(game, 1, SARONIC, *["fleet", "rowers"] * 3, *["transport"] * 4)
    place(game, 1, MYRTOAN, *["transport"] * 7)
    run_phases(game, 0, "sea_battle")
    game.decide(f"attack:{ATHENS}:{SARONIC}")
    while game.pending is not None and game.pending.kind != "retreat":
        game.decide(game.pending.options[0].id)
    assert option_ids(game) == [f"zone:{CORINTH}", f"zone:{MYRTOAN}"]
    game.decide(f"zone:{MYRTOAN}")
    assert kinds(game, MYRTOAN, 1) == ["fleet", "rowers"] + ["transport"] * 7
    assert kinds(game, SARONIC, 1) == []
    assert kinds(game, SARONIC, 0) == ["fleet"] * 5 + ["rowers"] * 5 + ["transport"] * 3
    assert [(e["unit"], e["zone"]) for e in events(game, "burnt")] == [("Transport", SARONIC)]


def test_a_unit_brought_back_by_the_healers_does_not_move_in_the_second_move():
    # C3, step 9: the second move is for units that neither moved nor attacked this turn;
    # the Army fell attacking, and came back marked as not yet moved.
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 0
    place(game, 0, ATTICA, "army")
    place(game, 1, ELEUSIS, *["army"] * 4)
    (card,) = give(game, 0, "healers_of_asclepius")
    run_phases(game, 0, "land_battle", "second_move")
    game.decide(f"attack:{ATTICA}:{ELEUSIS}")
    game.decide(game.pending.options[0].id)  # Bob pays for his win with an Army
    game.decide(f"card:{card}")
    game.decide(f"zone:{ATHENS}")
    assert kinds(game, ATHENS, 0) == ["army"] and game.pending is None  # nothing of Ann's may move
