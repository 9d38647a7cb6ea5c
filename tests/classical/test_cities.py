"""Revenue, siege, Hostile and Razed counters, upkeep and Baggage (the source rules; the number of
Razed counters and the sack are the module's own, C4).

On this map with seed 1 the minor cities' rolled incomes are Megara 1, Aegina 1, Thebes 6
and Argos 5 (Thebes and Argos are home cities nobody plays here)."""

from __future__ import annotations

from warp_empires.cli.narrate import describe
from warp_empires.model.state import POOL

from warp_modules.classical_city_states import places
from warp_modules.classical_city_states.upkeep import set_starvation, starvation

from .scenario import (
    ARGOS, ATHENS, ATTICA, CITHAERON, ELEUSIS, MEGARA, MYRTOAN, PARNES, SARONIC, THEBES, events, kinds, place, run_phases,
    scenario,
)


def revenue_of(game, seat: int) -> dict:
    run_phases(game, seat, "revenue")
    return events(game, "revenue")[-1]


def test_incomes_as_rolled():
    game = scenario("athens", "corinth")
    assert [places.income(game, z) for z in (MEGARA, THEBES, ARGOS)] == [1, 6, 5]


def test_a_besieged_city_earns_nothing():
    game = scenario("athens", "corinth")
    game.state.control[THEBES] = 0
    place(game, 1, PARNES, "army")  # Bob's Army next to Thebes
    revenue = revenue_of(game, 0)
    assert revenue["parts"] == [("controlled zones", 13), ("siege of Thebes", -6)] and revenue["amount"] == 7


def test_a_stack_showing_only_a_leader_lays_no_siege():
    game = scenario("athens", "corinth")
    game.state.control[THEBES] = 0
    place(game, 1, PARNES, "periander")
    assert revenue_of(game, 0)["amount"] == 13


def test_a_hostile_minor_city_yields_half_rounding_up():
    game = scenario("athens", "corinth")
    game.state.control[ARGOS] = 0
    places.set_hostile(game, ARGOS, True)
    revenue = revenue_of(game, 0)
    assert revenue["parts"][1] == ("Argos hostile (half)", -2) and revenue["amount"] == 7 + 3


def test_a_razed_city_earns_nothing_and_rebuilds_a_counter_a_turn():
    game = scenario("athens", "corinth")
    game.state.control[THEBES] = 0
    places.set_razed(game, THEBES, 3)
    counters = []
    for _ in range(4):
        revenue = revenue_of(game, 0)
        counters.append((revenue["amount"], places.razed(game, THEBES)))
    assert counters == [(7, 2), (7, 1), (7, 0), (13, 0)]
    assert [e["counters"] for e in events(game, "unrazed")] == [2, 1, 0]


def test_a_razed_or_besieged_city_recruits_nothing_and_feeds_nobody():
    game = scenario("athens", "corinth")
    s = game.state
    s.players[0].treasury = 20
    places.set_razed(game, ATHENS, 1)
    army = place(game, 0, ATTICA, "army")[0]
    run_phases(game, 0, "recruit", "upkeep")
    assert game.pending is None and events(game, "unit_bought") == []
    assert events(game, "upkeep_paid") == [{"player": 0, "paid": 0, "unpaid": 1, "treasury": 20}]
    assert starvation(game, army) == 1 and s.units[army].zone == ATTICA
    # Besieged rather than razed: the same.
    places.set_razed(game, ATHENS, 0)
    place(game, 1, ATTICA, "army")
    run_phases(game, 0, "recruit", "upkeep")
    assert events(game, "unit_bought") == [] and events(game, "upkeep_paid")[-1]["paid"] == 0


def test_baggage_feeds_an_unpaid_army_and_clears_its_hunger():
    game = scenario("athens", "corinth")
    army, _ = place(game, 0, CITHAERON, "army", "baggage")  # no city of Ann's nearby: no pay
    set_starvation(game, army, 2)
    run_phases(game, 0, "upkeep")
    assert kinds(game, CITHAERON, 0) == ["army"] and starvation(game, army) == 0
    assert events(game, "baggage_eaten") == [{"player": 0, "zone": CITHAERON}]  # public: no unit named
    # Which unit ate is Ann's secret (B14): her log names it, Bob's does not.
    (eaten,) = [e for e in game.events if e.kind == "baggage_eaten"]
    where = f"{game.board.names[CITHAERON]} ({game.board.codes[CITHAERON]})"
    assert describe(game, eaten.seen_by(0)) == f"Ann's Army in {where} eats a Baggage"
    assert describe(game, eaten.seen_by(1)) == f"Ann's unit in {where} eats a Baggage"


def test_the_upkeep_roll_counts_hunger_and_food():
    game = scenario("athens", "corinth")
    doomed = place(game, 0, CITHAERON, "army")[0]
    farmer = place(game, 0, ELEUSIS, "army")[0]
    set_starvation(game, doomed, 5)
    place(game, 1, ATTICA, "army")  # Bob besieges Athens: nobody of Ann's can be paid
    run_phases(game, 0, "upkeep")
    disbanded, = events(game, "unit_disbanded")
    starving, = events(game, "starving")
    assert disbanded["total"] == disbanded["roll"] + 5 and game.state.units[doomed].place == POOL
    assert starving["total"] == starving["roll"] - 1 and starvation(game, farmer) == 1  # farmland
    # Each die says what it decides, where a player offered Favour of Tyche reads it, and
    # names the space, not the unit (B14: which unit goes hungry is Ann's to know).
    assert sorted(e["purpose"] for e in events(game, "die_rolled")) == [
        f"the hunger of a unit in {place_}: with its starvation counters, 6 or more disbands it" for place_ in ("Cithaeron", "Eleusis")]


def test_units_completely_surrounded_cannot_be_paid():
    game = scenario("athens", "corinth")
    game.state.players[0].treasury = 5
    place(game, 0, ELEUSIS, "army")
    game.state.control[MEGARA] = 0
    assert game.board.adjacency[ELEUSIS] == (ATTICA, MEGARA)
    place(game, 1, ATTICA, "periander")
    run_phases(game, 0, "upkeep")
    assert events(game, "upkeep_paid")[0]["paid"] == 1  # Megara is Ann's: paid
    game = scenario("athens", "corinth")
    game.state.players[0].treasury = 5
    place(game, 0, ELEUSIS, "army")
    game.state.control[MEGARA] = 0
    place(game, 1, ATTICA, "periander")
    place(game, 1, MEGARA, "baggage")  # every neighbour holds Bob's units
    run_phases(game, 0, "upkeep")
    assert events(game, "upkeep_paid")[0] == {"player": 0, "paid": 0, "unpaid": 1, "treasury": 5}


def test_an_army_starving_at_sea_takes_the_leader_it_carried_down_with_it():
    """The Army that carries Pericles on a Transport in the Myrtoan Sea, far from Athens,
    disbands on the upkeep roll; a Leader sails only with a Fleet or an Army (C3), so he is
    lost at sea and the Transport stays."""
    game = scenario("athens", "corinth")
    _, army, pericles = place(game, 0, MYRTOAN, "transport", "army", "pericles")
    set_starvation(game, army, 5)
    run_phases(game, 0, "upkeep")
    assert [e["zone"] for e in events(game, "unit_disbanded")] == [MYRTOAN]
    assert events(game, "lost_at_sea") == [{"player": 0, "zone": MYRTOAN}]
    assert kinds(game, MYRTOAN, 0) == ["transport"] and game.state.units[pericles].place == POOL


def test_an_army_starving_at_sea_drowns_only_what_the_ships_left_cannot_carry():
    """Bob's Army, Rowers and Periander sail on two Transports far from his cities, all
    unpaid. The Army disbands on its upkeep roll; a Transport still carries the Rowers, so
    only Periander, with neither Fleet nor Army to sail with, is lost (C3). The Rowers then
    make their own upkeep roll."""
    game = scenario("athens", "corinth")
    army, rowers, periander = place(game, 1, SARONIC, "army", "rowers", "periander")
    place(game, 1, SARONIC, "transport", "transport")
    game.state.control.pop(1, None)
    set_starvation(game, army, 5)
    run_phases(game, 1, "upkeep")
    assert game.state.units[army].place == POOL and game.state.units[periander].place == POOL
    assert kinds(game, SARONIC, 1) == ["rowers", "transport", "transport"]
    assert [e.revealed().data["unit"] for e in game.events if e.kind == "lost_at_sea"] == ["Periander"]
    assert [e.revealed().data["unit"] for e in game.events if e.kind == "starving"] == ["Rowers"]  # rolled 4
    assert starvation(game, rowers) == 1
