"""``why`` and ``help``: the rule behind an option, or behind its absence, in words."""

from __future__ import annotations

import pytest

from warp_empires import Seat
from warp_empires.cli import explain, lookup

from .support import ENEMY, FAR, HOME, VOID2, give, new_game, only_units, play_quietly_until


@pytest.fixture
def moving():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"), seed=1)
    only_units(game, 0, HOME, "expeditionary_fleet")
    only_units(game, 1, ENEMY, "armada", "patrols")
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "play_card")
    card = next(o.id for o in game.pending.options if o.label == "Play Space Travel")
    game.decide(card)
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "choose_stack")
    game.decide(f"zone:{HOME}")
    assert game.pending.kind == "choose_destination"
    return game


def test_reachable_zones_are_explained_with_their_cost(moving):
    d = moving.pending
    index = next(i for i, o in enumerate(d.options) if o.value == FAR)
    text = explain.why_option(moving, d, index)
    assert "Far (FAR) is in reach" in text and "cost 3 movement point(s)" in text and "speed 3" in text


def test_too_far(moving):
    text = explain.why_not(moving, moving.pending, "BEY")
    assert text.startswith("Too far: reaching Beyond (BEY) costs 4 movement point(s)")
    assert "3 movement point(s) (slowest unit Expeditionary Fleet, speed 3)" in text


def test_impassable(moving):
    assert explain.why_not(moving, moving.pending, "hazard") == (
        "Hazard (HAZ) is a Hazard Zone: impassable. Daleks units can neither enter nor cross it."
    )


def test_passing_through_enemies(moving):
    text = explain.why_not(moving, moving.pending, "BEH")
    assert "passes through a zone holding enemy units (Enemy (ENE))" in text
    assert "never pass through it" in text


def test_already_there(moving):
    assert explain.why_not(moving, moving.pending, "HOM") == "The group is already in Home (HOM)."


def test_a_peace_treaty_names_the_card_and_who_played_it():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"), seed=1)
    only_units(game, 0, HOME, "scouts")
    only_units(game, 1, ENEMY, "armada")
    treaty = give(game, 1, "peace_treaty")
    play_quietly_until(game, lambda d: d.player == 1 and d.kind == "play_card")
    game.decide(f"card:{treaty}")  # Ann is the only one it can bind: no target to choose
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "discard" and game.state.turn == 3)
    give(game, 0, "space_travel")
    game.decide("done")
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "play_card")
    game.decide(next(o.id for o in game.pending.options if o.label == "Play Space Travel"))
    play_quietly_until(game, lambda d: d.player == 0 and d.kind in ("choose_stack", "choose_destination"))
    if game.pending.kind == "choose_stack":
        game.decide(f"zone:{HOME}")
    d = game.pending
    assert d.kind == "choose_destination" and ENEMY not in [o.value for o in d.options]
    text = explain.why_not(game, d, "ENE")
    assert text.startswith("Enemy (ENE) is closed to this group: Peace Treaty played by Bob")
    assert "you may not move into zones holding Bob's units until the end of turn 3" in text


def test_a_stack_that_has_moved_cannot_move_again(moving):
    moving.decide(f"zone:{VOID2}")
    play_quietly_until(moving, lambda d: d.player == 0 and d.kind == "play_card")
    stack_question = moving.pending
    assert explain.why_not_zone(moving, stack_question, VOID2) is None  # a card choice: zones are beside the point


def test_help_names_the_phase_and_the_commands(moving):
    lines = explain.help_lines(moving, moving.pending, can_undo=False)
    text = "\n".join(lines)
    assert text.startswith("Move phase: Play move cards")
    assert "Now: Pick where the group goes." in text
    rows = dict(explain.commands(moving, can_undo=False))
    for command in ("map", "hand", "zone CODE", "odds CODE", "log [N]", "why N / CODE / CARD", "rules", "unit NAME", "faction NAME", "save [FILE]", "quit"):
        assert command in rows
    assert "not available now" in rows["undo"]
    # Examples are real names of this game: a zone code of its board, a card of its deck.
    assert moving.board.codes[0] in rows["N or CODE"] and "Z4" not in rows["N or CODE"]
    assert f"why {moving.rules.cards[0].name}" in rows["why N / CODE / CARD"]


def test_unit_codes():
    assert explain.unit_code("U12") == 12 and explain.unit_code("u3") == 3
    assert explain.unit_code("U") is None and explain.unit_code("12") is None


def test_help_for_a_question_asking_for_several_says_how_to_give_them(moving):
    options = tuple(moving.pending.options[:3])
    several = moving.ask(0, "discard_to_limit", "Hand limit 7: discard 2", options, count=2)
    assert explain.help_lines(moving, several, can_undo=False)[-1] == (
        "Pick 2 different options, separated by spaces or commas (a range such as 3-6 stands for each number in it), "
        "all at once or a few at a time (clear: start the picks again)."
    )


def test_why_a_card_after_the_battles_names_the_window_the_question_opens():
    """The question after the battles is the window of Regeneration (D6), not of Space Travel:
    `why` tells a card of another moment from one with no use now."""
    from warp_empires.rules.battle import AFTER_BATTLE_WINDOW
    from warp_empires.rules.reactions import PASS

    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"), seed=1)
    give(game, 0, "space_travel")
    give(game, 0, "regeneration")
    after = game.ask(0, "play_card", "Battles are over: play a card or pass", [PASS], context=AFTER_BATTLE_WINDOW)
    assert lookup.why_card(game, after, "Space Travel") == (
        "Space Travel is played: Move phase; this decision is not one of those moments (Battles are over: play a card or pass).")
    assert lookup.why_card(game, after, "Regeneration").startswith("Regeneration has no legal use now")


def test_help_and_rules_tell_a_themes_own_phases_in_its_words_and_never_the_generic_ones_it_replaces():
    """The city states run their own revenue, upkeep and recruit phases: `rules` and `help`
    give the theme's sentences (its [text] phase_help), not the engine's, which would tell
    of units drawn to buy and of upkeep by printed revenue."""
    from warp_empires.cli.lookup import rules_lines
    from warp_empires.rules.reactions import PASS
    from warp_empires.testing import new_game as fresh

    game = fresh("classical_city_states", ["athens", "sparta"], seed=5)
    told = "\n".join(rules_lines(game))
    assert "Recruit phase: Your home city rolls 1D10 for experience" in told
    assert "Second move phase: Move the units that have neither moved nor attacked this turn." in told
    assert "buy units from the ones drawn" not in told and "revenue printed on the zones" not in told
    assert "Draw phase: Discard any cards you like" in told  # the generic draw phase, run as it is
    game.state.phase = "first_move"
    asked = game.ask(0, "play_card", "Move phase: play a card or pass", [PASS])
    assert explain.help_lines(game, asked, False)[0].startswith("First move phase: Play the cards of your turn and pass, then move groups")
    recruit = game.ask(0, "buy", "Recruit in Athens (treasury 2 gold)", [PASS])
    assert explain.help_lines(game, recruit, False)[1].startswith("Now: Recruit one unit in this city")  # not "the drawn units"
    who = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    assert "  Recruit phase: Buy units from the ones drawn; each bought unit is placed in a revenue zone you control." in rules_lines(who)
