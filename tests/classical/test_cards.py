"""The city states' own cards (C1): the module's own list of 32, one copy of each, and each
does something this game has."""

from __future__ import annotations

from warp_empires.cli.lookup import why_card
from warp_empires.cli.narrate import describe
from warp_empires.rulesref import render_rules
from warp_empires.testing import Position

from warp_modules.classical_city_states import places
from warp_modules.classical_city_states.upkeep import set_starvation, starvation

from .scenario import (
    ATHENS, ATTICA, ELEUSIS, MEGARA, SARONIC, events, give, kinds, new_game, place, run_phases, scenario,
)


def play(game, card_type: str) -> None:
    """Ann plays the card at the start of her first move phase (a single target is taken
    without asking)."""
    (card,) = give(game, 0, card_type)
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")


CARDS = [
    "Envoys", "Proxenos", "Bribed Demagogues", "Gold for the Rebels", "Firebrands", "Forced March", "Storm at Sea",
    "Plague", "Grain Ships from the Euxine", "Silver of Laurium", "Tribute", "Piracy", "Crop Blight",
    "Democratic Uprising", "Levy of Citizens", "Mercenary Band", "Council of Elders", "Augury", "Informers", "Scouts",
    "Spies in the Agora", "Slander", "Oracle of Delphi", "Favour of Tyche", "Ambush at the Pass", "Phalanx",
    "Diekplous", "Strategos", "Rout", "Funeral Truce", "Traitor in the Ranks", "Healers of Asclepius",
]


def test_c1_the_deck_is_the_modules_own_thirty_two_cards_one_of_each():
    game = new_game("athens", "corinth")
    s = game.state
    dealt = s.deck + s.discard + [c for p in s.players for c in p.hand]
    assert [len(p.hand) for p in s.players] == [3, 3] and len(s.deck) == 26
    assert sorted(game.rules.cards[c].name for c in dealt) == sorted(CARDS)
    assert [c.name for c in game.rules.cards] == CARDS


def test_c1_the_rules_reference_lists_every_card_as_the_modules_own():
    page = render_rules("classical_city_states")
    assert "## Action cards (32 types, 32 cards)" in page and "## Cards (our design, C1)" in page
    for name in CARDS:
        assert page.count(f"| {name} | 1 |") == 1, name  # the card list: one copy
        assert page.count(f"| {name} |") == 2, name  # and the module's own table of what it does


def test_firebrands_raze_a_city_next_to_your_army():
    game = scenario("athens", "corinth")
    place(game, 0, ELEUSIS, "army")
    game.state.control[MEGARA] = 1
    play(game, "firebrands")  # Megara, Bob's, is the only city next to Ann's Army
    assert places.razed(game, MEGARA) == 2 and events(game, "razed") == []  # burned, not sacked
    fire = next(e for e in game.events if e.kind == "set_alight")
    assert describe(game, fire) == "Ann's Firebrands set Megara (MEG) alight: 2 Razed counter(s)"


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


def test_a_storm_sinking_a_fleet_drowns_its_rowers_and_spares_the_army_on_the_transport_left():
    # Fleet, Rowers, Transport and Army at sea; the storm's dice sink the Fleet (6) alone (1).
    # C3: a Fleet's Rowers are aboard it; the card's details are the module's design (C4).
    game = scenario("athens", "corinth")
    place(game, 1, SARONIC, "fleet", "rowers", "transport", "army")
    Position.of(game, empty=False).fix_dice(6, 1)
    play(game, "storm_at_sea")
    assert events(game, "storm")[0]["sunk"] == 1
    assert kinds(game, SARONIC, 1) == ["army", "transport"]  # the Rowers went down with their Fleet
    assert [e.revealed().data["unit"] for e in game.events if e.kind == "lost_at_sea"] == ["Rowers"]


def test_favour_of_tyche_rerolls_a_storms_die():
    """Each ship's die is a die roll like any other: Bob, holding Favour of Tyche, may have
    the 6 that sinks his Fleet rolled again (a 1: it rides out the storm)."""
    game = scenario("athens", "corinth")
    place(game, 1, SARONIC, "fleet", "rowers")
    (tyche,) = give(game, 1, "favour_of_tyche")
    Position.of(game, empty=False).fix_dice(6, 1)
    play(game, "storm_at_sea")
    assert game.pending.player == 1 and game.pending.kind == "reaction"
    game.decide(f"card:{tyche}")
    assert [e["value"] for e in events(game, "die_rolled")] == [6, 1]
    assert events(game, "storm")[0]["sunk"] == 0
    assert kinds(game, SARONIC, 1) == ["fleet", "rowers"]


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


def test_why_a_card_of_the_move_phase_is_not_offered_in_the_first_move_names_its_use():
    """Storm at Sea is a card of the move phase; in the first move phase with no rival ship
    at sea, `why` says it has no target now, not that this is not its moment."""
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army")
    give(game, 0, "storm_at_sea", "forced_march")
    run_phases(game, 0, "first_move")
    assert why_card(game, game.pending, "Storm at Sea") == (
        "Storm at Sea has no legal use now: none of its targets is open to it in this position (see `hand` for what it does).")


def test_democratic_uprising_is_told_as_an_uprising_not_as_the_rebels_revolt():
    game = scenario("athens", "corinth")
    game.state.control[MEGARA] = 1
    play(game, "democratic_uprising")
    game.decide(f"zone:{MEGARA}")
    uprising = next(e for e in game.events if e.kind == "revolt")
    assert describe(game, uprising) == (
        f"Ann stirs up the people of Megara (MEG): it yields Bob nothing for {uprising.data['turns']} revenue phase(s)")
