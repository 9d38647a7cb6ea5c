"""What a player sees, recorded from a console 100 columns wide."""

from __future__ import annotations


from rich.console import Console

from warp_empires import Seat
from warp_empires.cli import render
from warp_empires.decisions import Decision, Option
from warp_empires.rules.battle import Battle, Modifier, force_report

from .support import BEYOND, EARTH, ENEMY, HOME, VOID1, give, new_game, only_units, play_quietly_until


def shown(renderable) -> str:
    console = Console(record=True, width=100)
    console.print(renderable)
    return console.export_text()


def two_players():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"), seed=1)
    only_units(game, 0, HOME, "monitors", "scouts")
    only_units(game, 1, ENEMY, "armada", "war_fleet", "patrols")
    return game


def test_board_shows_own_stacks_in_full_and_enemy_stacks_as_top_unit_and_count():
    text = shown(render.board_table(two_players(), 0))
    assert "HOM" in text and "Home" in text and "Rich Zone" in text
    assert "Ann: Monitors, Scouts" in text
    assert "Bob: Armada +2 more" in text
    assert "War Fleet" not in text and "Patrols" not in text
    assert "Hazard Zone" in text


def test_own_units_of_one_kind_are_counted_and_the_top_unit_comes_first():
    game = two_players()
    only_units(game, 0, HOME, "scouts", "monitors", "scouts", "monitors", "scouts")
    text = shown(render.board_table(game, 0))
    assert "Ann: Scouts ×3, Monitors ×2" in text
    assert "Scouts, " not in text


def test_board_for_the_table_shows_no_stack_in_full():
    text = shown(render.board_table(two_players(), None))
    assert "Ann: Monitors +1 more" in text and "Scouts" not in text


def both_in_void_one():
    """The two players' start stacks, moved into Void One to fight there."""
    game = two_players()
    s = game.state
    for u in s.stack(ENEMY, 1):
        s.move_unit(u, VOID1)
    for u in s.stack(HOME, 0):
        s.move_unit(u, VOID1)
    return game


def test_a_battle_itemises_both_sides():
    game = both_in_void_one()
    battle = Battle(VOID1, 0, 1, {0: [Modifier("Surprise Attack", 10)], 1: []})
    report = force_report(game, battle)
    text = shown(render.battle_panel(game, report, 0))
    assert "Battle in Void One (VO1)" in text
    assert "Ann (attacker)" in text and "Bob (defender)" in text
    units = next(line for line in text.splitlines() if "units" in line and "abilities" not in line)
    assert "5" in units and "18" in units  # Monitors 4 + Scouts 1; Armada 10 + War Fleet 6 + Patrols 2
    assert "Surprise Attack" in text and "+10" in text
    assert "unit and faction abilities" in text  # Daleks +1 a unit, Patrols +2 defending
    force = next(line for line in text.splitlines() if "force" in line)
    assert str(report["attacker"]["force"]) in force and str(report["defender"]["force"]) in force
    assert "Bob: Armada +2 more" in text and "War Fleet" not in text
    assert "a tie goes to the defender" in text


def test_a_battle_under_funeral_truce_or_rout_says_so():
    # Those cards change the losses, not the forces: no row of the panel showed them.
    game = both_in_void_one()
    s = game.state
    s.battle = Battle(VOID1, 0, 1)
    assert "In effect" not in shown(render.battle_panel(game, force_report(game, s.battle), 0))
    s.battle.exterminate = True
    assert "In effect: the loser loses every unit." in shown(render.battle_panel(game, force_report(game, s.battle), 0))
    s.battle.no_casualties = True  # it prevails over exterminate
    assert "In effect: nobody loses units; the loser still retreats." in shown(render.battle_panel(game, force_report(game, s.battle), 1))


def test_the_pass_screen_shows_no_cards():
    game = two_players()
    give(game, 1, "graviton_weapon")
    text = shown(render.pass_screen(game, 1))
    assert "Pass to Bob, press Enter" in text
    assert "Bob plays the Cybermen" in text
    for card in {game.card_name(c) for p in game.state.players for c in p.hand}:
        assert card not in text


def test_a_decision_shows_the_deciding_players_hand_only():
    game = two_players()
    bob_only = give(game, 1, "graviton_weapon")
    text = shown(render.decision_view(game, game.pending))
    assert "Turn 1 · round 1 · Ann's turn · Draw phase" in text
    assert "Your hand: " + ", ".join(game.card_name(c) for c in game.state.players[0].hand) in text
    assert game.card_name(bob_only) not in text
    assert "Discard a card before drawing?" in text
    assert "1  Keep the rest of my hand" in text


def test_the_final_table():
    game = two_players()
    game.state.control = {HOME: 0, ENEMY: 1, VOID1: 1}
    text = shown(render.final_table(game))
    ann = next(line for line in text.splitlines() if "Ann" in line)
    bob = next(line for line in text.splitlines() if "Bob" in line)
    assert "Daleks" in ann and "2" in ann and "3 EP" in ann
    assert "Cybermen" in bob and "3" in bob


def test_the_final_table_counts_the_kinds_of_zone_held_a_tiebreak_goes_by():
    # Doctor Who's tiebreak counts Nexus Points: the table that announced the winner did not show them.
    game = two_players()
    game.state.control = {HOME: 0, BEYOND: 0, EARTH: 0, ENEMY: 1}
    console = Console(record=True, width=160)
    console.print(render.final_table(game))
    text = console.export_text()
    ann = next(line for line in text.splitlines() if "Ann" in line)
    assert "revenue zones by type" in text and "Nexus Point 2, Rich Zone 1" in ann


def test_options_alike_say_their_text_once():
    game = two_players()
    cards = [give(game, 0, "space_travel"), give(game, 0, "space_travel"), give(game, 0, "surprise_attack")]
    options = [Option(f"card:{c}", f"Discard {game.card_name(c)}", c) for c in cards]
    text = shown(render.options_table(game, game.ask(0, "discard", "Discard a card?", options)))
    lines = text.splitlines()
    assert "Move one stack." in lines[0]
    assert lines[1].rstrip().endswith("as above") and "Move one stack." not in lines[1]
    assert "Force +10" in lines[2]  # another card says its own text


def test_as_above_never_points_past_a_row_of_many_alike():
    """Galactic Invasion, then four Space Travels in one row, then Galactic Invasion again: the
    row above the last is the Space Travels', so it gives its own text, not "as above"."""
    game = two_players()
    kinds = ["galactic_invasion", "space_travel", "space_travel", "space_travel", "galactic_invasion", "space_travel"]
    cards = [give(game, 0, kind) for kind in kinds]
    options = [Option(f"card:{c}", f"Discard {game.card_name(c)}", c) for c in cards]
    lines = shown(render.options_table(game, game.ask(0, "discard", "Discard a card?", options))).splitlines()
    assert [line.split()[0] for line in lines] == ["1", "2", "5"]
    assert "(4 alike: 2-4, 6)" in lines[1]
    assert "Move two or three stacks." in lines[2] and "as above" not in lines[2]


def test_the_recruits_drawn_mark_only_what_the_treasury_cannot_pay():
    game = two_players()
    options = (Option("done", "Buy nothing more"), Option("unit:1", "Buy Scouts (F1) for 1", 1))

    def recruit_screen(treasury):
        drawn = [(1, "Scouts (F1)", 1), (2, "Armada (F6)", 6)]
        decision = Decision(0, "buy", "Recruit", options, context={"drawn": drawn, "treasury": treasury})
        return [line.rstrip() for line in shown(render.situation(game, decision)).splitlines()]

    poor = recruit_screen(3)
    assert [line for line in poor if "Armada" in line] == ["│ Armada (F6) │ 6 EP │ too dear │"]
    rich = recruit_screen(9)
    assert [line for line in rich if "Armada" in line] == ["│ Armada (F6) │ 6 EP │"]  # no empty column


def test_choosing_a_stack_to_move_lists_its_units_once_in_the_table_above_the_options():
    game = two_players()
    give(game, 0, "space_travel")
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "play_card")
    game.decide(next(o.id for o in game.pending.options if o.label == "Play Space Travel"))
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "choose_stack")
    above = shown(render.situation(game, game.pending))
    options = shown(render.options_table(game, game.pending))
    assert "Ann: Monitors, Scouts" in above
    assert "Scouts" not in options and "Home" in options and "held by Ann" in options


def test_a_group_on_the_move_counts_its_units_of_one_kind():
    game = two_players()
    scouts = only_units(game, 0, HOME, "scouts", "monitors", "scouts")
    give(game, 0, "space_travel")
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "play_card")
    game.decide(next(o.id for o in game.pending.options if o.label == "Play Space Travel"))
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "choose_stack")
    game.decide(f"zone:{HOME}")
    game.decide(f"unit:{scouts[0]}")
    game.decide(f"unit:{scouts[2]}")
    label = game.unit_label(scouts[0])
    assert f"Move the units chosen so far: {label} ×2" in shown(render.options_table(game, game.pending))
    game.decide("go")
    assert f"{label} ×2; 3 movement point(s)" in shown(render.situation(game, game.pending))  # Scouts are Fast
    where = shown(render.options_table(game, game.pending))
    assert "Void One" in where and "VO1" in where and "Void One (VO1)" not in where  # the code has its column


def test_three_or_more_options_alike_take_one_row_that_gives_every_number():
    game = two_players()
    only_units(game, 0, HOME, "scouts", "scouts", "monitors", "scouts", "scouts")
    give(game, 0, "space_travel")
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "play_card")
    game.decide(next(o.id for o in game.pending.options if o.label == "Play Space Travel"))
    play_quietly_until(game, lambda d: d.player == 0 and d.kind == "choose_stack")
    game.decide(f"zone:{HOME}")
    rows = [line.split()[:2] for line in shown(render.options_table(game, game.pending)).splitlines()]
    assert [number for number, _ in rows] == ["1", "2", "4"]  # numbers 3, 5 and 6 still pick a Scouts
    assert "Add Scouts (F1) (4 alike: 2, 3, 5, 6)" in shown(render.options_table(game, game.pending))
    game.decide(3)  # number 4 (numbers count from 1): the Monitors
    assert "Move the units chosen so far: Monitors (F4)" in shown(render.options_table(game, game.pending))


def test_a_question_that_says_how_many_to_pick_is_not_told_twice():
    game = two_players()
    options = tuple(Option(f"unit:{u}", game.unit_label(u), u) for u in game.state.stack(ENEMY, 1))
    lost = shown(render.decision_view(game, game.ask(1, "pick_own_losses", "You lost: pick 2 more unit(s) to lose", options, count=2)))
    assert "You lost: pick 2 more unit(s) to lose\n" in lost and "(pick 2)" not in lost
    discard = shown(render.decision_view(game, game.ask(1, "discard_to_limit", "Hand limit 7: discard 2", options, count=2)))
    assert "Hand limit 7: discard 2 (pick 2)" in discard


def test_the_header_shows_what_everyone_sees_of_the_others_and_not_their_cards():
    game = two_players()
    game.state.players[1].treasury = 12
    give(game, 1, "graviton_weapon")
    bob = game.state.players[1]
    text = shown(render.header(game, 0))
    assert (f"Others: Bob 12 EP, {len(game.state.controlled(1))} zone(s), 3 unit(s), {len(bob.hand)} card(s)") in text
    assert "Graviton" not in text


def test_a_stack_target_shows_its_zone_code_and_the_code_picks_it():
    """"Answer with an option number (or a zone code)": so it is for a card's stack targets too."""
    import pytest

    from warp_empires.cli.prompts import BadAnswer, parse_answer
    from warp_empires.kit import stack_option

    game = two_players()
    options = [stack_option(game, VOID1, 1), stack_option(game, ENEMY, 1), stack_option(game, ENEMY, 0)]
    decision = game.ask(0, "card_target", "Target of Biological Warfare", options)
    table = shown(render.options_table(game, decision))
    assert [line.split()[-1] for line in table.splitlines()] == ["VO1", "ENE", "ENE"]
    assert parse_answer(game, decision, "vo1") == 0
    with pytest.raises(BadAnswer) as several:
        parse_answer(game, decision, "ENE")
    assert str(several.value) == "2 options are in ENE: type the number of the one you mean."
