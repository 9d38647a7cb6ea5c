"""The decision door: illegal choices are refused with the legal ones listed and change
nothing; a decision with nothing to choose is never asked."""

import pytest

from helpers import build, card, cards, drive, new_game, opts, start
from warp_empires import IllegalChoice
from warp_empires.agents import RandomAgent


def over_the_limit():
    """Seat 0 keeps 6 cards, draws 5 and must discard 4 of 11."""
    game = build(hands={0: ["march", "march", "ambush", "ambush", "rally", "rally"]})
    start(game, "draw")
    drive(game, "done")
    assert (game.pending.kind, game.pending.count) == ("discard_to_limit", 4)
    return game


def refused(game, choice):
    before = (game.digest(), game.decisions, list(game.choices), len(game.events))
    with pytest.raises(IllegalChoice) as info:
        game.decide(choice)
    assert (game.digest(), game.decisions, list(game.choices), len(game.events)) == before
    return str(info.value)


def test_index_out_of_range_is_refused_with_the_range():
    game = build(hands={0: ["march", "ambush"]})
    start(game, "draw")
    message = refused(game, 3)
    assert "0 to 2" in message and "done" in message
    assert "0 to 2" in refused(game, -1)


def test_unknown_id_is_refused_listing_the_options():
    game = build(hands={0: ["march", "ambush"]})
    start(game, "draw")
    message = refused(game, "card:999")
    for option in opts(game):
        assert option in message


@pytest.mark.parametrize("bad", [True, None, 1.5, {"id": "done"}])
def test_values_that_are_no_option_are_refused(bad):
    game = build(hands={0: ["march"]})
    start(game, "draw")
    assert "done" in refused(game, bad)


def test_list_for_a_single_choice_is_refused():
    game = build(hands={0: ["march"]})
    start(game, "draw")
    refused(game, ["done", card(cards(game, 0, "march")[0])])


def test_wrong_count_is_refused():
    game = over_the_limit()
    hand = [card(c) for c in game.state.players[0].hand]
    assert "exactly 4" in refused(game, hand[:3])
    assert "exactly 4" in refused(game, hand[:5])
    assert "exactly 4" in refused(game, hand[0])


def test_duplicates_are_refused():
    game = over_the_limit()
    hand = [card(c) for c in game.state.players[0].hand]
    assert "4 different" in refused(game, [hand[0], hand[0], hand[1], hand[2]])
    assert "4 different" in refused(game, [0, 0, 1, 2])


def test_game_goes_on_normally_after_a_refusal():
    game = over_the_limit()
    refused(game, [0, 0, 1, 2])
    drive(game, [0, 1, 2, 3])
    assert len(game.state.players[0].hand) == 7
    assert len(game.state.discard) == 4


def test_indices_ids_and_mixed_lists_are_all_accepted():
    game = over_the_limit()
    ids = opts(game)
    drive(game, [0, ids[1], game.pending.options[2], 3])
    assert len(game.state.discard) == 4


@pytest.mark.parametrize("seed", range(4))
def test_a_decision_always_offers_more_options_than_it_asks_for(seed):
    game = new_game(factions=("commoners", "ironclad", "nomads"), seed=seed, turn_limit=3)
    agent = RandomAgent(seed)
    asked = 0
    while game.pending is not None:
        d = game.pending
        assert len(d.options) > d.count, f"{d.kind} asked with nothing to choose"
        assert len({o.id for o in d.options}) == len(d.options)
        game.decide(agent.choose(game))
        asked += 1
    assert asked > 20
