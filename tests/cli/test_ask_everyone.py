"""`play --ask-everyone`: the pass screens of a reaction window tell nobody who holds an answer.

The rules ask only the players holding a card that answers what was just done. Between
people at one screen the device then passes to that player in the middle of another's
turn, which tells the table that they hold one. With --ask-everyone the device also
passes to every other person who was not asked (unless their hand is empty: hand sizes
are open), so the screens Ann sees are the same whatever Bob holds.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from types import SimpleNamespace as NS

import pytest
from rich.console import Console

from warp_empires import Seat
from warp_empires.cli.hotseat import Hotseat
from warp_empires.cli.windows import Windows
from warp_empires.testing import Position

from .support import FAR, HOME, latest_save, new_game, run


def ann_plays_space_travel(bob_holds: tuple[str, ...], players: int = 2):
    """Ann's move phase: she holds Space Travel, a stack in Home; Bob (and Cy) hold ``bob_holds``."""
    names = [("Ann", "daleks"), ("Bob", "cybermen"), ("Cy", "sontarans")][:players]
    game = new_game(*(Seat(n, f) for n, f in names))
    pos = Position.of(game)
    pos.place(0, HOME, "war_fleet")
    pos.place(1, FAR, "war_fleet")
    pos.give(0, "space_travel")
    for seat in range(1, players):
        pos.give(seat, *bob_holds)
    pos.start(0, "move")
    card = next(i for i, o in enumerate(game.pending.options, 1) if o.label == "Play Space Travel")
    return game, str(card)


def play(monkeypatch, tmp_path, game, typed: list[str], ask_everyone: bool) -> str:
    screen = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
    Hotseat(game, Console(file=screen, width=200), tmp_path / "game.json", ask_everyone=ask_everyone).run()
    return screen.getvalue()


def after_the_card(out: str) -> str:
    """What the screen showed from Ann's card to her next question."""
    start = out.index("Ann (1-")
    return out[start:out.index("Ann (1-", start + 1)]


def test_without_the_flag_the_device_passes_only_to_a_player_holding_an_answer(monkeypatch, tmp_path):
    game, card = ann_plays_space_travel(("great_leader",))
    out = play(monkeypatch, tmp_path, game, ["", card, "quit"], ask_everyone=False)
    assert "Pass to Bob" not in after_the_card(out)

    game, card = ann_plays_space_travel(("time_lord_meddling",))
    out = play(monkeypatch, tmp_path, game, ["", card, "", "pass", "", "quit"], ask_everyone=False)
    assert "Pass to Bob, press Enter" in after_the_card(out)  # what the flag is for: this tells Ann


def test_with_the_flag_a_player_without_an_answer_is_passed_the_device_too(monkeypatch, tmp_path):
    game, card = ann_plays_space_travel(("great_leader",))
    out = play(monkeypatch, tmp_path, game, ["", card, "", "", "", "quit"], ask_everyone=True)
    seen = after_the_card(out)
    assert seen.count("Pass to Bob, press Enter") == 1
    assert "No card in your hand answers this: Ann played Space Travel." in seen
    assert seen.index("Pass to Bob") < seen.index("No card in your hand") < seen.index("Pass to Ann, press Enter")
    assert "Your hand: Great Leader" not in out.split("Pass to Bob")[0]  # Bob's hand is on his screen only


def test_a_player_without_an_answer_goes_on_only_with_an_empty_enter(monkeypatch, tmp_path):
    # Bob typing `map` there went on as if he had pressed Enter, and Ann's screen followed.
    game, card = ann_plays_space_travel(("great_leader",))
    out = play(monkeypatch, tmp_path, game, ["", card, "", "map", "", "", "quit"], ask_everyone=True)
    seen = after_the_card(out)
    said = "'map' is no answer here: nothing can be answered now; press Enter with nothing typed to go on (or type quit)."
    assert seen.index("No card in your hand answers this") < seen.index(said) < seen.index("Pass to Ann, press Enter")


def test_with_the_flag_a_player_holding_an_answer_is_asked_once(monkeypatch, tmp_path):
    game, card = ann_plays_space_travel(("time_lord_meddling",))
    out = play(monkeypatch, tmp_path, game, ["", card, "", "pass", "", "quit"], ask_everyone=True)
    seen = after_the_card(out)
    assert seen.count("Pass to Bob, press Enter") == 1
    assert "React?" in seen and "No card in your hand answers" not in seen
    assert "Ann just played Space Travel. (Move one stack.)" in seen  # what the card would do, to answer it knowingly


def test_a_player_with_an_empty_hand_is_not_passed_the_device(monkeypatch, tmp_path):
    game, card = ann_plays_space_travel(())
    out = play(monkeypatch, tmp_path, game, ["", card, "quit"], ask_everyone=True)
    assert "Pass to Bob" not in after_the_card(out)


def test_three_people_are_passed_the_device_in_the_order_the_rules_ask(monkeypatch, tmp_path):
    game, card = ann_plays_space_travel(("great_leader",), players=3)
    out = play(monkeypatch, tmp_path, game, ["", card, "", "", "", "", "", "quit"], ask_everyone=True)
    seen = after_the_card(out)
    assert seen.index("Pass to Bob, press Enter") < seen.index("Pass to Cy, press Enter") < seen.index("Pass to Ann, press Enter")


def test_quit_on_the_screen_of_a_player_passed_over_saves_the_game(monkeypatch, tmp_path):
    game, card = ann_plays_space_travel(("great_leader",))
    out = play(monkeypatch, tmp_path, game, ["", card, "", "quit"], ask_everyone=True)
    assert "No card in your hand answers this" in out and "Game saved" in out
    assert (tmp_path / "game.json").exists()


def ann_plays_doomsday_weapon(bob_holds: tuple[str, ...]):
    """Ann's move phase: she holds Doomsday Weapon, whose only target is Void One, and
    Great Leader (so she is asked again once it has taken effect); Bob holds ``bob_holds``."""
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    pos = Position.of(game)
    pos.place(0, HOME, "war_fleet")
    pos.place(1, FAR, "war_fleet")
    pos.give(0, "doomsday_weapon", "great_leader")
    pos.give(1, *bob_holds)
    pos.start(0, "move")
    return game


def bobs_screen(out: str) -> str:
    start = out.index("Pass to Bob, press Enter")
    return out[start:re.search(r"Bob \((1-|Enter)", out[start:]).start() + start]


def test_a_player_passed_over_reads_no_more_of_the_news_than_one_asked(monkeypatch, tmp_path):
    """The screen of a person without an answer is the screen of one asked, up to the
    question; it does not show the card already taking effect, which would tell the table
    that nobody after them in the window was asked."""
    effect = "Ann turned Void One (VO1) from a Void Zone into a Hazard Zone"
    game = ann_plays_doomsday_weapon(("great_leader",))
    passed_over = play(monkeypatch, tmp_path, game, ["", "2", "", "", "", "quit"], ask_everyone=True)
    game = ann_plays_doomsday_weapon(("time_lord_meddling",))
    asked = play(monkeypatch, tmp_path, game, ["", "2", "", "pass", "", "quit"], ask_everyone=True)
    for out in (passed_over, asked):
        screen = bobs_screen(out)
        assert "Ann played Doomsday Weapon on Void One (Void Zone)" in screen
        assert effect not in screen
        assert effect in out.split("Pass to Ann, press Enter")[-1]  # Ann reads it once Bob is done
    assert "No card in your hand answers this: Ann played Doomsday Weapon" in bobs_screen(passed_over)
    assert "React? (a card was just played)" in bobs_screen(asked)


def test_resume_takes_the_flag_too(tmp_path):
    """Ann plays Space Travel and leaves at Bob's question; resumed, Bob cancels it with
    Time Lord Meddling, which Ann cannot answer: with the flag she is told so on her own screen."""
    two = ["--seat", "Ann:daleks", "--seat", "Bob:cybermen", "--seed", "1", "--turn-limit", "2"]
    run(["play", "doctor_who", *two, "--saves", str(tmp_path)], "\ndone\n1\nSpace Travel\nquit\n")
    saved = latest_save(tmp_path)
    kept = saved.read_text()
    plain = run(["resume", str(saved)], "\n1\n\nquit\n").output
    saved.write_text(kept)
    flagged = run(["resume", str(saved), "--ask-everyone"], "\n1\n\n\nquit\n").output
    for out in (plain, flagged):
        assert "React? (a card was just played)" in out and "Bob played Time Lord Meddling" in out
    assert "No card in your hand answers" not in plain
    assert "No card in your hand answers this: Bob played Time Lord Meddling." in flagged


def test_a_game_played_with_the_flag_resumes_with_it(tmp_path):
    """The save remembers the flag: resumed without it, Ann is still passed the device
    when Bob cancels her card (as in the test above, with the flag given)."""
    two = ["--seat", "Ann:daleks", "--seat", "Bob:cybermen", "--seed", "1", "--turn-limit", "2", "--ask-everyone"]
    run(["play", "doctor_who", *two, "--saves", str(tmp_path)], "\ndone\n1\nSpace Travel\nquit\n")
    saved = latest_save(tmp_path)
    assert json.loads(saved.read_text())["ask_everyone"] is True
    out = run(["resume", str(saved)], "\n1\n\n\nquit\n").output
    assert "No card in your hand answers this: Bob played Time Lord Meddling." in out
    assert json.loads(saved.read_text())["ask_everyone"] is True  # and saves it again


def bob_declines(tmp_path, ask_everyone: bool) -> str:
    """Ann plays Space Travel and leaves at Bob's question; resumed, Bob, holding Time Lord
    Meddling, declines to answer, Ann stops moving and leaves again: the save of the
    unfinished game."""
    flag = ["--ask-everyone"] if ask_everyone else []
    two = ["--seat", "Ann:daleks", "--seat", "Bob:cybermen", "--seed", "1", "--turn-limit", "2", *flag]
    run(["play", "doctor_who", *two, "--saves", str(tmp_path)], "\ndone\n1\nSpace Travel\nquit\n")
    saved = latest_save(tmp_path)
    assert "Pass to Ann" in run(["resume", str(saved)], "\npass\n\n1\nquit\n").output
    return str(saved)


def numbers(out: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\s*(\d+)\. ", out, flags=re.M)]


def test_a_replay_keeps_hidden_who_declined_an_answer(tmp_path):
    """B14: with the flag, the table never learnt that Bob was asked, so the replay of the
    unfinished game (the table's view, or Ann's) does not tell it either, not even by a
    gap in the decisions' numbers; Bob's own view shows his choice."""
    save = bob_declines(tmp_path, ask_everyone=True)
    bob = run(["replay", "--all", "--seat", "Bob", save]).output
    assert "Bob: React? (a card was just played) -> Pass" in bob
    assert numbers(bob) == [1, 2, 3, 4, 5]
    for view in ([], ["--seat", "Ann"]):
        out = run(["replay", "--all", *view, save]).output
        assert "Bob decides" not in out and "React?" not in out
        assert "Ann played Space Travel" in out
        assert numbers(out) == [1, 2, 3, 4], out  # Ann's stop is the 4th: no gap where Bob declined
        assert "; 4 decisions." in out
    jumped = run(["replay", "--step", "--seat", "Ann", save], "4\nq\n").output
    assert "-- decision 4 of 4, turn 1 --" in jumped
    assert "4. Ann: Choose a stack to move (1 left) -> Stop moving" in jumped


def test_without_the_flag_a_replay_shows_who_was_asked(tmp_path):
    """Without the flag the table saw the device pass to Bob: the replay says so."""
    out = run(["replay", "--all", bob_declines(tmp_path, ask_everyone=False)]).output
    assert "Bob decides" in out
    assert numbers(out) == list(range(1, len(numbers(out)) + 1))


def test_a_save_whose_flag_is_not_true_or_false_is_refused(tmp_path):
    save = Path(bob_declines(tmp_path, ask_everyone=True))
    doc = json.loads(save.read_text())
    doc["ask_everyone"] = 1
    save.write_text(json.dumps(doc))
    result = run(["replay", str(save)])
    assert result.exit_code == 1
    assert "'ask_everyone' is '1'; it may be true or false" in result.output


@pytest.mark.parametrize("seats, flag, told", [
    (["Ann:daleks", "Bob:cybermen"], [], True),
    (["Ann:daleks", "Bob:cybermen"], ["--ask-everyone"], False),
    (["Ann:daleks", "ai:random:cybermen"], [], False),  # one person: nobody to tell
])
def test_two_people_are_told_of_the_flag_when_the_game_starts(tmp_path, seats, flag, told):
    args = ["play", "doctor_who", *(a for s in seats for a in ("--seat", s)), "--seed", "1", *flag, "--saves", str(tmp_path)]
    out = run(args, "quit\n").output
    assert ("to hide who does, play with --ask-everyone" in out) is told


# ---------------------------------------------------------------------- the bookkeeping alone


def event(kind: str, **data):
    return NS(kind=kind, data=data)


def reaction(seat: int, trigger) -> NS:
    return NS(kind="reaction", player=seat, context={"trigger": trigger})


GAME = NS(rules=NS(window_cards={"reacts:card": {1}, "reacts:move": {2}, "reacts:die": {3}}), state=NS(players=[0, 1, 2, 3]))


def test_a_window_closed_with_nobody_asked_comes_before_a_later_one_that_asks():
    """A move nobody could answer, then a die roll seat 3 may answer, in one decision's news."""
    windows = Windows()
    windows.opened(GAME, [event("moved", player=0, by=0, frm=1, to=2), event("die_rolled", player=0, key="attack", sides=6)])
    die = NS(kind="die", key="attack", by=0, sides=6)
    asked_over = [seat for seat, _, _ in windows.passed_over(reaction(3, die))]
    assert asked_over == [1, 2, 3, 0, 1, 2]  # the whole move window, then the die window up to seat 3
    assert windows.passed_over(NS(kind="buy", player=0, context=None)) == []


def test_a_reaction_inside_a_window_closes_before_the_window_asks_on():
    """Seat 1 answers seat 0's card with a card; nobody answers that; seat 3 is asked about seat 0's card."""
    windows = Windows()
    windows.opened(GAME, [event("card_played", player=0, play=5)])
    first = NS(kind="card", play=5, by=0, card=9)
    assert windows.passed_over(reaction(1, first)) == []
    windows.opened(GAME, [event("card_played", player=1, play=6)])
    told = [(seat, w.key) for seat, w, _ in windows.passed_over(reaction(3, first))]
    assert told == [(2, ("card", 6)), (3, ("card", 6)), (0, ("card", 6)), (2, ("card", 5))]


def test_a_declined_reaction_closes_its_window_before_what_follows():
    """Seat 1 declines to answer seat 0's card; seats 2 and 3 hold nothing, so the card takes
    effect and seat 0 moves, which seat 1 may answer: seats 2 and 3 were passed over first."""
    windows = Windows()
    windows.opened(GAME, [event("card_played", player=0, play=5)], start=0)
    card = NS(kind="card", play=5, by=0, card=9)
    asked = reaction(1, card)
    assert windows.passed_over(asked, now=1) == []
    windows.opened(GAME, [event("card_resolved", player=0, play=5), event("moved", player=0, by=0, frm=1, to=2)], passed=asked, start=1)
    move = NS(kind="move", move=6, by=0, start=1, to=2, units=(4,))
    told = [(seat, w.key[0], upto) for seat, w, upto in windows.passed_over(reaction(1, move), now=3)]
    assert told == [(2, "card", 1), (3, "card", 1)]  # asked after seat 1, before the card took effect
    # Seat 1 may answer the move: seats 2 and 3 would have been asked after it, with its news.
    later = windows.passed_over(NS(kind="buy", player=0, context=None), now=7)
    assert [(seat, w.key[0], upto) for seat, w, upto in later] == [(2, "move", 3), (3, "move", 3)]


@pytest.mark.parametrize("done", ["card_resolved", "card_negated"])
def test_a_card_taking_effect_closes_its_window_before_one_its_effect_opens(done):
    """Seat 1 answers seat 0's card with a card nobody answers; seats 2 and 3 hold nothing
    for seat 0's card, which then takes effect (or is cancelled) and rolls a die seat 3 may
    answer. Those passed over at seat 0's card come before those passed over at the die."""
    windows = Windows()
    windows.opened(GAME, [event("card_played", player=0, play=5)], start=0)
    first = NS(kind="card", play=5, by=0, card=9)
    assert windows.passed_over(reaction(1, first), now=1) == []
    windows.opened(GAME, [
        event("card_played", player=1, play=6), event("card_resolved", player=1, play=6),
        event(done, player=0, play=5), event("die_rolled", player=0, key="attack", sides=6),
    ], start=10)
    die = NS(kind="die", key="attack", by=0, sides=6)
    told = [(seat, w.key[:2], upto) for seat, w, upto in windows.passed_over(reaction(3, die), now=14)]
    # Each reads up to where a player asked in the window would have been asked: an answer
    # to a card before that answer takes effect (event 11), seat 0's card after the answer
    # but before it takes effect (event 12), the die after its roll.
    assert told == [
        (2, ("card", 6), 11), (3, ("card", 6), 11), (0, ("card", 6), 11),
        (2, ("card", 5), 12), (3, ("card", 5), 12),
        (0, ("die", "attack"), 14), (1, ("die", "attack"), 14), (2, ("die", "attack"), 14),
    ]
    assert windows.passed_over(NS(kind="buy", player=0, context=None), now=20) == []


@pytest.mark.parametrize("kind", ["moved", "card_played"])
def test_a_theme_without_cards_answering_an_event_opens_no_window(kind):
    game = NS(rules=NS(window_cards={"reacts:die": {3}}), state=NS(players=[0, 1]))
    windows = Windows()
    windows.opened(game, [event(kind, player=0, by=0, frm=1, to=2, play=1)])
    assert windows.passed_over(NS(kind="buy", player=0, context=None)) == []


def test_a_window_answered_with_a_card_asks_on_once_the_answer_is_carried_out():
    """Seat 1 answers seat 0's move with a card that moves its own stacks (an Intercept):
    the rules ask seats 2 and 3 about seat 0's move only once seat 1's moves are made, so
    their pass screens come after seat 1's decisions, reading what the answer did."""
    windows = Windows()
    windows.opened(GAME, [event("moved", player=0, by=0, frm=1, to=2)], start=0)
    move = NS(kind="move", move=6, by=0, start=1, to=2, units=(4,))
    asked = reaction(1, move)
    assert windows.passed_over(asked, now=1) == []
    windows.opened(GAME, [event("card_played", player=1, play=7)], start=1, answered=asked)
    windows.opened(GAME, [event("card_resolved", player=1, play=7)], start=2)
    told = [(seat, w.key[0], upto) for seat, w, upto in windows.passed_over(NS(kind="choose_stack", player=1, context=None), now=3)]
    assert told == [(2, "card", 2), (3, "card", 2), (0, "card", 2)]  # nobody answered seat 1's card
    windows.opened(GAME, [event("moved", player=1, by=1, frm=5, to=6)], start=3)
    told = [(seat, w.key[:2], upto) for seat, w, upto in windows.passed_over(NS(kind="choose_stack", player=1, context=None), now=5)]
    assert told == [(2, ("move", 1), 4), (3, ("move", 1), 4), (0, ("move", 1), 4)]  # seat 1's own move, at once
    told = [(seat, w.key[:2], upto) for seat, w, upto in windows.passed_over(NS(kind="buy", player=0, context=None), now=8)]
    assert told == [(2, ("move", 0), 8), (3, ("move", 0), 8)]  # seat 0's move: after seat 1's answer
