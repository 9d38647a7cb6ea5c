"""The city states' own cards (C1): each does something this game has."""

from __future__ import annotations

from warp_modules.classical_city_states import places
from warp_modules.classical_city_states.upkeep import set_starvation, starvation

from .scenario import (
    ATHENS, ATTICA, ELEUSIS, MEGARA, SARONIC, events, give, kinds, place, run_phases, scenario,
)


def play(game, card_type: str) -> None:
    """Ann plays the card at the start of her first move phase (a single target is taken
    without asking)."""
    (card,) = give(game, 0, card_type)
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")


def test_the_deck_holds_thirty_two_cards_one_of_each():
    game = scenario("athens", "corinth")
    ids = [c.id for c in game.rules.cards]
    assert len(ids) == 32 and len(set(ids)) == 32


def test_firebrands_raze_a_city_next_to_your_army():
    game = scenario("athens", "corinth")
    place(game, 0, ELEUSIS, "army")
    game.state.control[MEGARA] = 1
    play(game, "firebrands")  # Megara, Bob's, is the only city next to Ann's Army
    assert places.razed(game, MEGARA) == 2 and events(game, "razed")[0]["plunder"] == 0


def test_gold_for_the_rebels_costs_three_and_raises_rebels():
    game = scenario("athens", "corinth")
    game.state.players[0].treasury = 3
    place(game, 0, ELEUSIS, "army")
    game.state.control[MEGARA] = 1
    play(game, "gold_for_the_rebels")
    assert game.state.players[0].treasury == 0
    (rising,) = events(game, "rebels_rise")
    assert rising["zone"] == MEGARA and rising["garrison"] == 0 and MEGARA not in game.state.control


def test_a_storm_sinks_ships_and_drowns_what_they_carried():
    game = scenario("athens", "corinth")
    place(game, 1, SARONIC, "transport", "army", "transport", "army", "transport", "army")
    play(game, "storm_at_sea")
    (storm,) = events(game, "storm")
    assert storm["sunk"] == 1  # this seed's dice: one of the three Transports
    assert kinds(game, SARONIC, 1) == ["army", "army", "transport", "transport"]
    assert len(events(game, "lost_at_sea")) == 1  # and the Army it carried


def test_plague_starves_and_grain_ships_feed():
    game = scenario("athens", "corinth")
    bob = place(game, 1, SARONIC, "transport", "army")
    play(game, "plague")  # Bob's one stack: the only target
    assert starvation(game, bob[1]) == 1 and starvation(game, bob[0]) == 0
    game2 = scenario("athens", "corinth")
    mine = place(game2, 0, ATTICA, "army")[0]
    set_starvation(game2, mine, 3)
    play(game2, "grain_ships")
    assert starvation(game2, mine) == 0


def test_levy_places_armies_in_the_home_city_only_while_you_hold_it():
    game = scenario("athens", "corinth")
    play(game, "mercenary_band")
    assert kinds(game, ATHENS, 0) == ["army", "army"]
    game = scenario("athens", "corinth")
    game.state.control[ATHENS] = 1
    (card,) = give(game, 0, "levy_of_citizens")
    run_phases(game, 0, "first_move")
    assert game.pending is None  # the card is not offered: Bob holds Athens
    assert game.state.units_of(0) == [] and game.state.players[0].hand == [card]
