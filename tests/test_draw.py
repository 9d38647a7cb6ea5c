"""The draw phase (B2): discard any, draw the module's count, discard down to the limit;
an empty deck takes the shuffled discard pile, and with both empty nothing is drawn.

The fixture keeps the base numbers: draw 5, hand limit 7."""

from helpers import build, card, card_types, cards, drive, events, hand_types, make_map, opts, start
from warp_empires import Game, GameSetup, Seat

DECK = ["supplies", "levy", "spyglass", "recon", "windfall", "drought", "pickpocket", "sabotage"]


def draw_game(hand, deck=DECK, discard=(), other=("march",), seed=0):
    game = build(hands={0: hand, 1: list(other)}, deck=deck, discard=discard, seed=seed)
    return start(game, "draw")


def test_discard_any_then_draw_five():
    game = draw_game(["march", "ambush", "rally"])
    assert (game.pending.kind, game.pending.player) == ("discard", 0)
    assert opts(game)[0] == "done"
    drive(game, card(cards(game, 0, "ambush")[0]), card(cards(game, 0, "rally")[0]), "done")
    # 1 kept + 5 drawn = 6: under the limit, so nothing more is asked.
    assert game.pending is None
    assert hand_types(game, 0) == sorted(["march", "supplies", "levy", "spyglass", "recon", "windfall"])
    assert card_types(game, game.state.discard) == ["ambush", "rally"]
    assert card_types(game, reversed(game.state.deck)) == ["drought", "pickpocket", "sabotage"]


def test_only_the_active_player_draws():
    game = draw_game(["march"], other=("march", "ambush"))
    drive(game, "done")
    assert hand_types(game, 1) == ["ambush", "march"]
    assert len(game.state.players[0].hand) == 6


def test_over_the_limit_the_player_chooses_what_to_discard():
    hand = ["march", "march", "ambush", "ambush", "rally", "rally"]
    game = draw_game(hand)
    drive(game, "done")
    # 6 + 5 = 11: four must go, and the player picks which.
    d = game.pending
    assert (d.kind, d.player, d.count, len(d.options)) == ("discard_to_limit", 0, 4, 11)
    gone = cards(game, 0, "march") + cards(game, 0, "ambush")
    drive(game, [card(c) for c in gone])
    assert len(game.state.players[0].hand) == 7
    assert hand_types(game, 0) == sorted(["rally", "rally", "supplies", "levy", "spyglass", "recon", "windfall"])
    assert sorted(game.state.discard) == sorted(gone)


def test_exactly_at_the_limit_nothing_is_discarded():
    game = draw_game(["march", "ambush"])
    drive(game, "done")
    assert game.pending is None
    assert len(game.state.players[0].hand) == 7


def test_empty_deck_takes_the_shuffled_discard_pile():
    game = draw_game([], deck=["march", "ambush"], discard=["rally", "supplies", "levy", "spyglass"])
    # Empty hand: nothing to discard, so the draw happens at once.
    assert game.pending is None
    assert events(game, "deck_reshuffled") == [{"cards": 4}]
    hand = hand_types(game, 0)
    assert len(hand) == 5 and {"march", "ambush"} <= set(hand)
    assert game.state.discard == []
    assert len(game.state.deck) == 1
    assert sorted(hand + card_types(game, game.state.deck)) == sorted(["march", "ambush", "rally", "supplies", "levy", "spyglass"])


def test_reshuffle_order_comes_from_the_game_seed():
    def drawn(seed):
        game = draw_game([], deck=[], discard=DECK, seed=seed)
        return card_types(game, game.state.players[0].hand)

    assert drawn(3) == drawn(3)
    assert len({tuple(drawn(s)) for s in range(6)}) > 1


def test_both_piles_empty_draws_nothing():
    game = draw_game([], deck=[], discard=[])
    assert game.pending is None
    assert game.state.players[0].hand == []
    assert events(game, "cards_drawn") == []


def test_discarded_card_can_come_straight_back_from_an_empty_deck():
    # The discard happens first, so with an empty deck the reshuffle brings it back.
    game = draw_game(["ambush"], deck=[], discard=[])
    drive(game, card(cards(game, 0, "ambush")[0]))
    assert game.pending is None
    assert hand_types(game, 0) == ["ambush"]


def test_doctor_who_draws_three_and_earth_empire_four():
    zone_map = make_map("Skaro:rich Telos:rich Earth:nexus Void:void", "Skaro-Void Void-Telos Void-Earth",
                        starts=["Skaro", "Telos"], plugin=_doctor_who())
    game = Game(GameSetup("doctor_who", [Seat("A", "daleks"), Seat("B", "earth_empire")], zone_map, seed=2, turn_limit=2))
    assert len(game.state.players[0].hand) == 5
    drive(game, "done")
    # 5 + 3 = 8: one over the limit of 7.
    assert (game.pending.kind, game.pending.count) == ("discard_to_limit", 1)
    game = Game(GameSetup("doctor_who", [Seat("B", "earth_empire"), Seat("A", "daleks")], zone_map, seed=2, turn_limit=2))
    drive(game, "done")
    assert (game.pending.kind, game.pending.count) == ("discard_to_limit", 2)


def _doctor_who():
    from warp_empires.plugins import find_module

    return find_module("doctor_who").plugin


def test_a_reshuffled_deck_comes_out_in_the_order_random_shuffle_gives():
    """Games replay from their seed (B12): the engine's shuffle draws the same random bits
    as random.shuffle and leaves the generator where random.shuffle would."""
    import random

    from warp_empires.rules.cards import shuffle

    for size in (0, 1, 2, 7, 33, 200):
        for seed in range(5):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.random() == theirs.random()
