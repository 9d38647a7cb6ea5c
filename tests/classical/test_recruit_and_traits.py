"""Recruiting by city, the experience roll (the source rules) and the City and Leader trait tables
(the module's own design, C1 and C4): each city state's own trait and two Leaders, every City
Trait and every Leader Trait at work, and both tables in the rules reference."""

from __future__ import annotations

import random

import pytest

from warp_empires.rulesref import render_rules

from warp_modules.classical_city_states import places
from warp_modules.classical_city_states.recruit import Experience, leaders_to_gain
from warp_modules.classical_city_states.traits import CITY_TRAITS, LEADER_TRAITS, city_traits

from .scenario import (
    ATHENS, ATTICA, CITHAERON, CORINTH, ELEUSIS, MEGARA, PARNES, events, kinds, new_game, place, run_phases, run_steps,
    scenario,
)


def offers(game) -> list[str]:
    return [o.label for o in game.pending.options]


def test_each_city_recruits_one_unit_ships_only_on_the_sea_and_up_to_six_baggage():
    game = scenario("corinth", "athens")  # Corinth: Shipwrights
    s = game.state
    s.players[0].treasury = 20
    s.control[MEGARA] = 0
    run_phases(game, 0, "recruit")
    if game.pending.kind == "reaction":
        game.decide("pass")
    assert offers(game) == ["Recruit nothing here", "Army for 2 gold", "Rowers for 2 gold"]  # Megara is inland
    game.decide("type:army")
    assert offers(game)[-1] == "6 Baggage for 6 gold"
    game.decide("baggage:6")
    assert offers(game) == ["Recruit nothing here", "Army for 2 gold", "Rowers for 2 gold", "Fleet for 3 gold", "Transport for 1 gold"]
    game.decide("type:fleet")
    assert offers(game)[-1] == "6 Baggage for 6 gold"
    game.decide("baggage:0")
    assert game.pending is None
    assert kinds(game, MEGARA, 0) == ["army"] + ["baggage"] * 6 and kinds(game, CORINTH, 0) == ["fleet"]
    assert s.players[0].treasury == 20 - 2 - 6 - 3


def test_a_hostile_city_recruits_nothing():
    game = scenario("athens", "corinth")
    game.state.players[0].treasury = 9
    game.state.control[MEGARA] = 0
    places.set_hostile(game, MEGARA, True)
    run_phases(game, 0, "recruit")
    if game.pending.kind == "reaction":
        game.decide("pass")
    assert game.pending.prompt.startswith("Recruit in Athens")


def experience(game, seat: int, coin_seed: int) -> None:
    game.state.rolls["experience:test"] = 10
    game.rng = random.Random(coin_seed)
    run_steps(game, seat, Experience(seat, "experience:test"))


def test_a_ten_brings_a_leader_of_your_own_city_state():
    game = scenario("athens", "corinth")
    experience(game, 0, coin_seed=1)  # the coin says: a Leader
    assert kinds(game, ATHENS, 0) == ["pericles"]
    experience(game, 0, coin_seed=1)
    assert kinds(game, ATHENS, 0) == ["pericles", "themistocles"]
    experience(game, 0, coin_seed=1)  # no Leader left: a City Trait instead
    assert len(city_traits(game, 0)) == 2


def test_a_ten_may_bring_a_city_trait_instead():
    game = scenario("athens", "corinth")
    experience(game, 0, coin_seed=0)  # the coin says: a City Trait
    gained = events(game, "city_trait_gained")
    assert len(gained) == 1 and city_traits(game, 0)[0] == "skilled_rowers" and len(city_traits(game, 0)) == 2
    assert gained[0]["trait"] == CITY_TRAITS[city_traits(game, 0)[1]].name


def test_horsemen_of_thebes_and_a_marcher_ride_further():
    game = scenario("athens", "thebes")
    from warp_empires.rules.move import destinations

    athenian = place(game, 0, ELEUSIS, "army")
    theban = place(game, 1, ELEUSIS, "army")
    assert PARNES not in destinations(game, 0, ELEUSIS, tuple(athenian))
    assert destinations(game, 1, ELEUSIS, tuple(theban))[PARNES] == 5
    with_gelon = place(game, 0, ATTICA, "army", "gelon")
    assert destinations(game, 0, ATTICA, tuple(with_gelon))[PARNES] == 4 and max(destinations(game, 0, ATTICA, tuple(with_gelon)).values()) == 4
    assert CITHAERON in destinations(game, 0, ATTICA, tuple(with_gelon))


def test_a_strategist_adds_two_and_spartan_hoplites_one_an_army():
    game = scenario("sparta", "athens")
    place(game, 0, ATTICA, "army", "army", "timoleon")
    place(game, 1, ELEUSIS, "army", "army", "army")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{ATTICA}:{ELEUSIS}")
    battle = events(game, "battle")[0]
    assert battle["attacker"]["parts"] == [("units", 5), ("leader", 5), ("Hoplites", 2), ("Strategist", 2)]


CITY_TRAIT_NAMES = [
    "Orators", "Favoured by the Oracle", "Shipwrights", "Long Walls", "Silver Mines", "Hoplites", "Skilled Rowers",
    "Granaries", "Horsemen", "Mercenaries",
]
LEADERS_BY_TRAIT = {
    "Diplomat": ["Pericles", "Dionysius"],
    "Admiral": ["Themistocles", "Lysander"],
    "Strategist": ["Timoleon", "Epaminondas"],
    "Defender": ["Leonidas", "Telesilla"],
    "Marcher": ["Pelopidas", "Gelon"],
    "Quartermaster": ["Periander", "Pheidon"],
}


def test_c1_the_rules_show_both_trait_tables():
    page = render_rules("classical_city_states")
    assert "## City traits (our design)" in page and "## Leader traits (our design)" in page
    assert [trait.name for trait in CITY_TRAITS.values()] == CITY_TRAIT_NAMES
    for trait in CITY_TRAITS.values():
        assert f"| {trait.name} | {trait.text} |" in page
    by_trait: dict[str, list[str]] = {}
    for leader, trait in LEADER_TRAITS.items():
        by_trait.setdefault(trait.name, []).append(leader.capitalize())
    assert {k: sorted(v) for k, v in by_trait.items()} == {k: sorted(v) for k, v in LEADERS_BY_TRAIT.items()}
    texts = {trait.name: trait.text for trait in LEADER_TRAITS.values()}
    for name, leaders in LEADERS_BY_TRAIT.items():
        assert f"| {name} | {texts[name]} | {', '.join(leaders)} |" in page


@pytest.mark.parametrize(("faction", "trait", "first", "second"), [
    ("athens", "Skilled Rowers", ("Pericles", "Diplomat"), ("Themistocles", "Admiral")),
    ("sparta", "Hoplites", ("Leonidas", "Defender"), ("Lysander", "Admiral")),
    ("corinth", "Shipwrights", ("Periander", "Quartermaster"), ("Timoleon", "Strategist")),
    ("thebes", "Horsemen", ("Epaminondas", "Strategist"), ("Pelopidas", "Marcher")),
    ("argos", "Long Walls", ("Pheidon", "Quartermaster"), ("Telesilla", "Defender")),
    ("syracuse", "Granaries", ("Gelon", "Marcher"), ("Dionysius", "Diplomat")),
])
def test_c1_each_city_state_starts_with_its_own_trait_and_first_leader(faction, trait, first, second):
    game = new_game(faction, "corinth" if faction == "athens" else "athens")
    s = game.state
    home = places.home_city(game, 0)
    assert [CITY_TRAITS[t].name for t in city_traits(game, 0)] == [trait]
    (leader,) = [u for u in s.stack(home, 0) if s.units[u].type.is_leader]
    assert (s.units[leader].type.name, LEADER_TRAITS[s.units[leader].type.id].name) == first
    (later,) = leaders_to_gain(game, 0)  # the one an experience roll of 10 may bring
    assert (s.units[later].type.name, LEADER_TRAITS[s.units[later].type.id].name) == second


def test_long_walls_of_argos_and_a_defender_leader_hold_the_home_city():
    game = scenario("athens", "argos")
    s = game.state
    argos = places.home_city(game, 1)
    place(game, 1, argos, "army", "telesilla")
    near = next(z for z in game.board.adjacency[argos] if not places.is_sea(game, z) and not places.is_city(game, z))
    place(game, 0, near, "army", "army")
    run_phases(game, 0, "land_battle")
    game.decide(f"attack:{near}:{argos}")
    defender = events(game, "battle")[0]["defender"]["parts"]
    assert defender == [("units", 3), ("leader", 5), ("Defender", 3), ("Long Walls", 4), ("home city Defense Modifier", 8)]
    assert s.control[argos] == 1


def test_silver_mines_add_two_gold_and_the_oracle_one_to_diplomacy():
    from warp_modules.classical_city_states.diplomacy import Persuade
    from warp_modules.classical_city_states.traits import gain_city_trait

    game = scenario("athens", "corinth")
    gain_city_trait(game, 0, "silver_mines")
    gain_city_trait(game, 0, "oracle")
    run_phases(game, 0, "revenue")
    assert events(game, "revenue")[0]["parts"] == [("controlled zones", 7), ("Silver Mines", 2)]
    game.state.rolls["roll"] = 5
    run_steps(game, 0, Persuade(0, MEGARA, "roll"))
    assert events(game, "diplomacy")[0]["total"] == 6 and game.state.control[MEGARA] == 0


def test_orators_roll_twice_and_mercenaries_cost_one_gold():
    from warp_modules.classical_city_states.diplomacy import free_rolls
    from warp_modules.classical_city_states.recruit import price
    from warp_modules.classical_city_states.traits import gain_city_trait

    game = scenario("athens", "corinth")
    assert (free_rolls(game, 0), price(game, 0, "army")) == (1, 2)
    gain_city_trait(game, 0, "orators")
    gain_city_trait(game, 0, "mercenaries")
    assert (free_rolls(game, 0), price(game, 0, "army")) == (2, 1)


def test_granaries_of_syracuse_ease_the_upkeep_roll():
    game = scenario("syracuse", "athens")
    army = place(game, 0, CITHAERON, "army")[0]
    run_phases(game, 0, "upkeep")
    (starving,) = events(game, "starving")
    assert starving["total"] == starving["roll"] - 1 and game.state.units[army].zone == CITHAERON


def test_an_admiral_sails_two_further():
    from warp_empires.rules.move import destinations

    game = scenario("athens", "corinth")
    fleet = place(game, 0, ATHENS, "fleet", "rowers")
    with_him = place(game, 0, ATHENS, "themistocles")
    assert max(destinations(game, 0, ATHENS, tuple(fleet)).values()) == 3  # the map ends at Nauplia
    assert destinations(game, 0, ATHENS, tuple(fleet + with_him)) == destinations(game, 0, ATHENS, tuple(fleet))
    from warp_modules.classical_city_states.moving import allowance

    assert (allowance(game, 0, fleet), allowance(game, 0, fleet + with_him)) == (10, 12)


def test_a_quartermaster_feeds_his_armies_anywhere():
    game = scenario("corinth", "athens")
    game.state.players[0].treasury = 3
    place(game, 0, CITHAERON, "army", "army", "periander")
    run_phases(game, 0, "upkeep")
    assert events(game, "upkeep_paid") == [{"player": 0, "paid": 2, "unpaid": 0, "treasury": 1}]
