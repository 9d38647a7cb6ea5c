"""The words for what happened: digests, summaries and the log read the event stream."""

from __future__ import annotations

from warp_empires import Seat
from warp_empires.cli.narrate import describe, log_lines, summary, themed
from warp_empires.events import Event

from .support import ENEMY, HOME, VOID1, new_game


def events():
    return [
        Event("turn_started", 2, 1, {"round": 1, "player": "Bob"}),
        Event("cards_drawn", 2, 1, {"player": 1, "count": 1}, secret={"cards": ["Graviton Weapon"]}, knows=frozenset({1})),
        Event("card_played", 2, 1, {"player": 1, "card": "Raiding", "target": "Ann", "play": 3}),
        Event("moved", 2, 1, {"player": 1, "by": 1, "frm": ENEMY, "to": VOID1, "count": 3, "top": "Armada"},
              secret={"units": ["Armada", "Scouts", "Ogrons"]}, knows=frozenset({1})),
        Event("battle", 2, 1, {
            "zone": VOID1, "winner": 1,
            "attacker": {"seat": 1, "force": 14, "parts": [("units", 12), ("unit and faction abilities", 2)]},
            "defender": {"seat": 0, "force": 4, "parts": [("units", 4)]},
        }),
        Event("control", 2, 1, {"zone": HOME, "player": 1, "previous": 0}),
        Event("unit_bought", 2, 1, {"player": 1}, secret={"unit": "Scouts", "cost": 1}, knows=frozenset({1})),
        Event("unit_placed", 2, 1, {"player": 1, "zone": ENEMY}, secret={"unit": "Scouts"}, knows=frozenset({1})),
        Event("unit_bought", 2, 1, {"player": 1}, secret={"unit": "Monitors", "cost": 3}, knows=frozenset({1})),
        Event("unit_placed", 2, 1, {"player": 1, "zone": ENEMY}, secret={"unit": "Monitors"}, knows=frozenset({1})),
        Event("card_discarded", 2, 1, {"player": 1, "card": "Space Travel"}),
    ]


def test_a_digest_keeps_what_matters_and_marks_what_was_done_to_you():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    lines = summary(game, events(), 0)
    text = [line for line, _ in lines]
    assert text[0] == "Turn 2 (round 1): Bob"
    assert "  Bob played Raiding on Ann" in text
    assert "  Bob moved 3 unit(s) from Enemy (ENE) to Void One (VO1); Bob's stack there shows Armada on top" in text
    assert "  Battle in Void One (VO1): Bob 14 (units 12, unit and faction abilities +2) against Ann 4 (units 4); Bob wins" in text
    assert "  Bob took control of Home (HOM) from Ann" in text
    assert "  Bob recruited 2 units in Enemy (ENE)" in text
    # B14: which units Bob moved, bought and placed, and which card he drew, stay his.
    assert not any(word in line for line in text for word in ("Graviton Weapon", "discarded", "Scouts", "Monitors", "Ogrons"))
    against_ann = {line.strip() for line, hit in lines if hit}
    assert against_ann == {
        "Bob played Raiding on Ann",
        "Battle in Void One (VO1): Bob 14 (units 12, unit and faction abilities +2) against Ann 4 (units 4); Bob wins",
        "Bob took control of Home (HOM) from Ann",
    }


def test_units_another_player_disbands_are_counted_by_zone_in_the_digest():
    # B14: how many and where is everyone's to know. Left out, 20 Eldar units went without a word.
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    disbanded = [Event("turn_started", 2, 1, {"round": 1, "player": "Bob"})] + [
        Event("unit_disbanded", 2, 1, {"player": 1, "zone": z}, secret={"unit": "Scouts"}, knows=frozenset({1}))
        for z in (ENEMY, ENEMY, VOID1)
    ]
    text = [line for line, _ in summary(game, disbanded, 0)]
    assert text == ["Turn 2 (round 1): Bob", "  Bob disbanded 3 units: 2 in Enemy (ENE), 1 in Void One (VO1)"]


def test_the_log_lists_everything_a_seat_may_see():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    bob = [line for line, _ in log_lines(game, events(), 1)]
    ann = [line for line, _ in log_lines(game, events(), 0)]
    assert "  Bob drew: Graviton Weapon" in bob and not any("Graviton" in line for line in ann)
    assert "  Bob discarded Space Travel" in ann
    assert "  Bob placed Monitors in Enemy (ENE)" in bob and "  Bob placed a unit in Enemy (ENE)" in ann
    assert "  Bob bought Scouts for 1 EP" in bob and "  Bob bought a unit" in ann
    assert "  Bob moved 3 unit(s) (Armada, Scouts, Ogrons) from Enemy (ENE) to Void One (VO1); Bob's stack there shows Armada on top" in bob
    assert "  Bob moved 3 unit(s) from Enemy (ENE) to Void One (VO1); Bob's stack there shows Armada on top" in ann
    assert not any(word in line for line in ann for word in ("Scouts", "Monitors", "Ogrons"))


def test_units_of_one_kind_are_counted_in_the_log():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    moved = Event("moved", 2, 1, {"player": 1, "by": 1, "frm": ENEMY, "to": VOID1, "count": 4, "top": "Scouts"},
                  secret={"units": ["Scouts", "Armada", "Scouts", "Scouts"]}, knows=frozenset({1}))
    assert [line for line, _ in log_lines(game, [moved], 1)] == [
        "  Bob moved 4 unit(s) (Scouts ×3, Armada) from Enemy (ENE) to Void One (VO1); Bob's stack there shows Scouts on top"
    ]


def test_b14_the_table_sees_only_what_every_player_may_see():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    table = "\n".join(line for line, _ in log_lines(game, events(), None))
    assert "Bob drew 1 card(s)" in table and "Bob placed a unit in Enemy (ENE)" in table
    assert not any(word in table for word in ("Graviton Weapon", "Scouts", "Monitors", "Ogrons"))


def test_moves_made_by_someone_else_name_both():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    pushed = Event("moved", 2, 1, {"player": 0, "by": 1, "frm": HOME, "to": VOID1, "count": 2, "top": "Scouts"})
    assert describe(game, pushed) == "Bob moved Ann's 2 unit(s) from Home (HOM) to Void One (VO1); Ann's stack there shows Scouts on top"


def test_an_unknown_event_is_still_told():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    assert describe(game, Event("comet_sighted", 1, 0, {"brightness": 3})) == "comet sighted (brightness 3)"
    gold = Event("gold_gained", 1, 0, {"player": 1, "zone": HOME, "amount": 2})
    assert describe(game, gold) == "Bob: gold gained (zone Home (HOM), amount 2)"


def test_a_theme_sentence_that_does_not_fit_an_event_gives_way_to_the_engines_words():
    # The city states once told the Democratic Uprising card (the engine's revolt) with
    # the sentence of their own Rebels, and it came out as a list of fields.
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    revolt = Event("revolt", 3, 1, {"player": 1, "victim": 0, "zone": HOME, "turns": 1, "until_turn": 9})
    assert themed(game, "{rebels} Rebels rise against {player} in {zone}", revolt) is None
    assert describe(game, revolt) == "Home (HOM) revolts against Ann for 1 turn(s)"


def test_a_list_of_names_in_a_themes_sentence_reads_as_a_player_writes_it():
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    taken = Event("captured", 3, 1, {"player": 1, "previous": 0, "zone": HOME, "units": ["Baggage", "Baggage", "Periander"]})
    sentence = "{player} captures what {previous} had in {zone}: {units}"
    assert themed(game, sentence, taken) == "Bob captures what Ann had in Home (HOM): Baggage ×2, Periander"


def test_a_peace_treaty_says_what_it_closes_and_through_which_turn():
    # "not to enter Ann's zones until turn 8" read as zones she controls, ending as turn 8 began;
    # it closes zones holding her units, and holds through turn 8.
    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    treaty = Event("treaty", 6, 0, {"player": 0, "bound": 1, "until_turn": 8})
    assert describe(game, treaty) == "Ann bound Bob not to enter zones holding Ann's units until the end of turn 8"
