"""``warp-empires play`` and ``resume`` driven with scripted answers, as a player would type them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import click
import pytest

from warp_empires import saves
from warp_empires.plugins import make_manager
from warp_empires.rulebook import Rulebook
from warp_empires.cli import play_cmd
from warp_empires.mapgen import mapfile

from warp_empires import Seat

from .support import latest_save, new_game, run, small_map

ANN_VS_AI = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--seed", "1", "--turn-limit", "2"]

#: Ann's answers for the whole game above: keep, discard, move one Expeditionary Fleet
#: (trying three zones it cannot reach first), then quiet turns.
ANN_GAME = [
    "done", "1", "Space Travel", "HOM", "U32", "go", "BEY", "HAZ", "BEH", "why 1", "VO2", "pass", "done",
    "done", "1 2", "pass", "done",
]


@pytest.fixture(autouse=True)
def _small_maps(monkeypatch):
    monkeypatch.setattr(play_cmd, "make_random_map", lambda pm, zones, players, seed: small_map(players))


def lines(*answers: str) -> str:
    return "\n".join(answers) + "\n"


def opening() -> tuple[list[str], list[str]]:
    """Ann's opening hand and the cards she draws first, from the same game set up in-process."""
    twin = new_game(Seat("Ann", "daleks"), Seat("Cybermen AI", "cybermen", "ai:random"), seed=1, turn_limit=2)
    hand = [twin.card_name(c) for c in twin.state.players[0].hand]
    assert "Space Travel" in hand, "seed 1 no longer deals Ann a Space Travel: the script needs another seed"
    before = len(twin.events)
    twin.decide("done")
    drawn = next(e.revealed().data["cards"] for e in twin.events[before:] if e.kind == "cards_drawn")
    return hand, drawn


def test_a_whole_game_against_the_computer(tmp_path):
    hand, drawn = opening()
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], lines(*ANN_GAME))
    out = result.output
    assert result.exit_code == 0, out
    # Each decision shows whose turn and phase it is, the books and the hand.
    assert "Turn 1 · round 1 of 2 · Ann's turn · Draw phase" in out
    assert "treasury 0 EP" in out and f"Your hand: {', '.join(hand)}" in out
    assert f"Ann drew: {', '.join(drawn)}" in out
    # Zones the group cannot reach are refused with the rule that forbids them.
    assert "Too far: reaching Beyond (BEY) costs 4 movement" in out
    assert "Hazard (HAZ) is a Hazard Zone: impassable" in out
    assert "passes through a zone holding enemy units (Enemy (ENE))" in out
    assert "Void One (VO1) is in reach" in out
    assert re.search(r"Ann moved 1 unit\(s\) \([A-Za-z ]+\) from Home \(HOM\) to Void Two \(VO2\)", out)
    # A card played is said once: played, not discarded as well (B2).
    assert "Ann played Space Travel" in out and "Ann discarded Space Travel" not in out
    # The computer's turns are summarised; the end gives the result and where the save is.
    assert "Since your last turn, Ann" in out and "Turn 2 (round 1): Cybermen AI" in out
    path = latest_save(tmp_path)
    game = saves.load(path)
    assert game.is_over
    assert ("Ann (Daleks) wins" if game.winner == 0 else "Cybermen AI (Cybermen) wins" if game.winner == 1 else "The game is a draw") in out
    assert "Final position" in out
    table = out[out.index("Final position"):]
    assert "Ann" in table and "Cybermen AI" in table and "revenue zones" in table
    assert f"warp-empires replay {path}" in out


def test_bad_answers_are_asked_again_with_a_reason(tmp_path):
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], lines("0", "99", "fly", "zone XYZ", "why 42", "1 2", "", "quit"))
    out = result.output
    assert result.exit_code == 0, out
    assert "0 is not an option: choose a number from 1 to 6." in out
    assert "99 is not an option: choose a number from 1 to 6." in out
    assert "'fly' is not an option or a command" in out
    assert "No zone is called 'XYZ'" in out
    assert "There is no option 42" in out
    assert "Type an option number, or help." in out
    assert "Traceback" not in out
    assert "Game saved to" in out
    assert json.loads(latest_save(tmp_path).read_text())["choices"] == []


def test_help_map_hand_zone_and_log(tmp_path):
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], lines("help", "map", "hand", "zone ENE", "log", "quit"))
    out = result.output
    assert "Draw phase: Discard any cards you like" in out
    assert "undo" in out and "why N / CODE / CARD" in out
    assert "The board" in out and "Cybermen AI: Scouts +4 more" in out
    assert "Ann's hand" in out and "Move two or three stacks." in out
    assert "Enemy (ENE)" in out and "Borders: Void One (VO1), Behind (BEH)" in out
    assert "Turn 1 (round 1): Ann" in out


def test_log_shows_as_many_lines_as_asked_and_refuses_what_is_no_number(tmp_path):
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], lines("log 1", "log -5", "log many", "quit"))
    out = result.output
    assert "'-5' is not a number of lines: type `log` for the last 20 things that happened, or e.g. `log 50`." in out
    assert "'many' is not a number of lines" in out
    shown = out.split("help)> log 1\n")[1].split("Ann (")[0]
    assert shown == "Turn 1 (round 1): Ann\n"  # the last thing that happened, alone


def test_a_big_board_opens_with_the_zones_that_matter_and_map_all_lists_every_zone(tmp_path):
    # The city states' own map has 263 zones, 52 of them cities (two home cities and 50
    # minor ones, each earning its rolled income); every unit starts in a home city. Listed
    # whole, the board was some 500 lines of mostly empty sea before the first question.
    sea = "Thermaic Gulf 1"
    seats = ["--seat", "Ann:athens", "--seat", "ai:random:sparta", "--seed", "3", "--saves", str(tmp_path)]
    result = run(["play", "classical_city_states", *seats], lines("done", "map", "map all", "quit"))
    out = result.output
    assert result.exit_code == 0, out
    boards = out.split("The board")[1:]  # at the start, then after `map` and `map all`
    assert len(boards) == 3, out
    for part in boards[:2]:
        assert part.startswith(": 52 of 263 zones, those that earn gold, are held or have units on them (`map all` lists every zone)")
        assert "Athens" in part and "Sparta" in part and "Potidaea" in part and sea not in part
    assert not boards[2].startswith(":") and sea in boards[2] and "Mount Olympus" in boards[2]

    replay = run(["replay", "--step", str(latest_save(tmp_path))], "map\nmap all\nq\n")
    assert "52 of 263 zones" in replay.output and sea in replay.output.partition("52 of 263 zones")[2]
    assert "map (map all: every zone)" not in replay.output  # both were understood


#: War Hammer, seed 4: Ann (Imperium) moves first and, holding 10 cards after the draw, must
#: discard 3 to the hand limit of 7 (options 1, 2 and 7: Operational, Strategic and another
#: Strategic Move; 3 and 4: Tactical Move and Fighter Escort).
STARMAP = str(Path(__file__).resolve().parents[2] / "maps" / "warhammer_starmap.json")
WH_ANN = ["play", "warhammer_space", "--seat", "Ann:imperium", "--seat", "ai:random:orks", "--seed", "4", "--turn-limit", "2", "--map", STARMAP]


def test_several_picks_may_come_a_few_at_a_time(tmp_path):
    result = run(WH_ANN + ["--saves", str(tmp_path)], lines("done", "1", "1", "7,2", "quit"))
    out = result.output
    assert "Hand limit 7: discard 3 (pick 3)" in out
    assert "Chosen so far: Operational Move; pick 2 more, or type clear to start again." in out
    assert "Operational Move is picked already: each option may be picked once." in out
    assert out.count("Ann discarded Strategic Move") == 2 and out.count("Ann discarded Operational Move") == 1
    assert "Move phase: play a card or pass" in out


def test_clear_starts_the_picks_again(tmp_path):
    result = run(WH_ANN + ["--saves", str(tmp_path)], lines("done", "1", "clear", "2 3 4", "quit"))
    out = result.output
    assert "Nothing chosen: pick 3." in out
    assert "Ann discarded Operational Move" not in out
    assert "Ann discarded Strategic Move" in out and "Ann discarded Tactical Move" in out and "Ann discarded Fighter Escort" in out


def test_a_range_of_numbers_picks_each_of_them(tmp_path):
    result = run(WH_ANN + ["--saves", str(tmp_path)], lines("done", "2-4", "quit"))
    out = result.output
    assert "Ann discarded Strategic Move" in out and "Ann discarded Tactical Move" in out and "Ann discarded Fighter Escort" in out
    assert "Ann discarded Operational Move" not in out


def test_units_alike_are_listed_once_and_a_range_of_their_numbers_sends_several(tmp_path):
    # The city states, seed 3, as below: from Athens, two of its four Armies.
    seats = ["--seat", "Ann:athens", "--seat", "ai:random:sparta", "--seed", "3", "--saves", str(tmp_path)]
    result = run(["play", "classical_city_states", *seats], lines("done", "done", "1", "1", "pass", "2", "2-3", "quit"))
    out = result.output
    assert "Add Army (F2) (4 alike: 2-5)" in out
    assert "Moving 2 unit(s) from Athens (ATH)" in out and "Army (F2) ×2; 4 movement point(s)" in out


def test_ships_are_told_the_points_they_sail_not_a_unit_speed(tmp_path):
    """A Fleet and its Rowers sail 10 points by sea (C3), though Rowers march 4 on land."""
    seats = ["--seat", "Ann:athens", "--seat", "ai:random:sparta", "--seed", "3", "--saves", str(tmp_path)]
    result = run(["play", "classical_city_states", *seats], lines("done", "done", "1", "1", "pass", "2", "8 9", "quit"))
    assert "Fleet (F3), Rowers (F1); 10 movement point(s)" in result.output


def test_a_group_that_cannot_move_yet_says_what_is_chosen_and_why_there_is_no_way_on(tmp_path):
    # The city states, seed 3: Ann keeps her cards, buys nothing, takes no diplomacy roll and
    # plays no card; then from Athens she names two Armies and the Transport, which carries one.
    seats = ["--seat", "Ann:athens", "--seat", "ai:random:sparta", "--seed", "3", "--saves", str(tmp_path)]
    result = run(["play", "classical_city_states", *seats], lines("done", "done", "1", "1", "pass", "2", "2 3 10", "quit"))
    out = result.output
    assert ("Chosen so far: Army (F2) ×2, Transport (F0). They cannot move as they are: an Army crosses the sea "
            "on a Transport (one each). Change the group, or move nothing from here.") in out
    question = out.rpartition("Which units leave Athens?")[2]
    assert "Move nothing from here" in question and "Move the units chosen so far" not in question
    assert "Leave Transport (F0) behind" in question  # the last unit named may be taken back


def test_picking_every_unit_of_a_stack_that_cannot_go_leaves_the_choice_open(tmp_path):
    """All of Athens at once (2-11: Armies, Baggage, ships, Pericles) is no group that can
    travel: the question stays, saying why, and a unit may be left behind (C3)."""
    seats = ["--seat", "Ann:athens", "--seat", "ai:random:sparta", "--seed", "3", "--saves", str(tmp_path)]
    result = run(["play", "classical_city_states", *seats], lines("done", "done", "1", "1", "pass", "2", "2-11", "quit"))
    out = result.output.rpartition("2-11")[2]
    assert "They cannot move as they are:" in out and "Choose a stack to move" not in out
    assert "Leave " in out.rpartition("Which units leave Athens?")[2]


def test_undo_takes_back_only_what_revealed_nothing(tmp_path):
    answers = lines("2", "undo", "undo", "done", "undo", "quit")
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], answers)
    out = result.output
    assert "Ann discarded Galactic Invasion" in out
    assert "Took back: Discard Galactic Invasion" in out
    assert "Nothing to undo: every choice since the last new information has been taken back." in out
    assert "Nothing to undo: cards were drawn after your last choice" in out
    # The discard is gone from the game: the save holds only the keep.
    assert json.loads(latest_save(tmp_path).read_text())["choices"] == ["done"]


def test_end_of_input_saves_and_resume_carries_on_exactly(tmp_path):
    straight = tmp_path / "straight"
    run(ANN_VS_AI + ["--saves", str(straight)], lines(*ANN_GAME))
    whole = json.loads(latest_save(straight).read_text())

    broken = tmp_path / "broken"
    first = run(ANN_VS_AI + ["--saves", str(broken)], lines(*ANN_GAME[:6]))
    assert first.exit_code == 0
    path = latest_save(broken)
    assert "Game saved to" in first.output and f"warp-empires resume {path}" in first.output.replace("\n", " ")

    second = run(["resume", "--saves", str(broken)], lines(*ANN_GAME[6:]))
    assert second.exit_code == 0, second.output
    assert f"Resuming {path}" in second.output.replace("\n", " ")
    assert "Move 1 unit(s) from Home to" in second.output
    assert "Final position" in second.output
    resumed = json.loads(path.read_text())
    assert resumed["choices"] == whole["choices"]
    assert resumed["digest"] == whole["digest"]


def test_resume_a_finished_game_shows_the_result(tmp_path):
    run(ANN_VS_AI + ["--saves", str(tmp_path)], lines(*ANN_GAME))
    result = run(["resume", str(latest_save(tmp_path))])
    assert result.exit_code == 0
    assert "This game is over" in result.output and "Final position" in result.output


def test_save_command_writes_the_named_file(tmp_path):
    target = tmp_path / "mine.json"
    result = run(ANN_VS_AI + ["--saves", str(tmp_path / "auto")], lines("done", f"save {target}", "quit"))
    assert f"Saved to {target}." in result.output.replace("\n", "")
    assert json.loads(target.read_text())["choices"] == ["done"]


def test_play_with_no_arguments_starts_a_short_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(["play"], lines("Zoe", "", "quit"))
    out = result.output
    assert result.exit_code == 0, out
    assert "you against the computer" in out
    assert "Faction for Zoe:" in out and "Zoe plays the" in out
    doc = json.loads(latest_save(tmp_path / "saves").read_text())
    seats = doc["setup"]["seats"]
    assert [s["agent"] for s in seats] == ["human", "ai:mcts"]  # the searching computer player
    assert seats[0]["name"] == "Zoe" and seats[0]["faction"] != seats[1]["faction"]
    assert doc["setup"]["turn_limit"] == 10


def test_missing_choices_are_asked_with_numbered_menus(tmp_path):
    answers = lines(
        "3",            # players
        "", "Ann", "2",  # seat 1: a person (default), named Ann, second faction
        "1", "Bob", "",  # seat 2: a person, named Bob, the suggested faction
        "",             # seat 3: the computer (default)
        "",             # map: small (default)
        "5",            # turn limit
        "",             # the pass screen
        "quit",
    )
    result = run(["play", "doctor_who", "--seed", "4", "--saves", str(tmp_path)], answers)
    out = result.output
    assert result.exit_code == 0, out
    assert "How many players [2]:" in out and "Seat 2:" in out and "Which map?" in out
    assert "Pass to Ann, press Enter" in out
    setup = json.loads(latest_save(tmp_path).read_text())["setup"]
    assert [(s["name"], s["agent"]) for s in setup["seats"]][:2] == [("Ann", "human"), ("Bob", "human")]
    assert setup["seats"][2]["agent"] == "ai:mcts"
    assert setup["seats"][0]["faction"] == "cybermen"
    assert setup["turn_limit"] == 5


def test_a_computer_seat_from_the_menus_is_the_themes_computer_player(tmp_path):
    """War Hammer names greedy, the stronger there on the ladder; Doctor Who names none: mcts."""
    answers = lines("2", "", "Ann", "", "", "3", "quit")  # Ann, then the computer; 3 rounds
    result = run(["play", "warhammer_space", "--map", STARMAP, "--seed", "4", "--saves", str(tmp_path)], answers)
    assert result.exit_code == 0, result.output
    assert ", computer (ai:greedy)" in result.output and ", computer (ai:mcts)" not in result.output
    assert json.loads(latest_save(tmp_path).read_text())["setup"]["seats"][1]["agent"] == "ai:greedy"


def test_a_computer_player_the_theme_names_but_nobody_has_is_one_line_naming_the_setting():
    book = Rulebook.from_plugins(make_manager("warhammer_space"))
    odd = attrs.evolve(book, settings=attrs.evolve(book.settings, computer_player="ai:smart"))
    with pytest.raises(click.ClickException) as refused:
        play_cmd.computer_player(odd)
    assert refused.value.message == ("the theme 'warhammer_space' names its computer player in [settings] computer_player: "
                                     "unknown agent 'ai:smart'; known agents: ai:random, ai:greedy, ai:mcts")


def test_a_map_file_that_cannot_be_read_is_asked_for_again(tmp_path):
    good = tmp_path / "ours.json"
    mapfile.save(small_map(2), good)
    answers = lines(
        "2", "", "Ann", "", "",  # two players: Ann (a person, suggested faction), the computer
        "file",                  # which map: a map file
        str(tmp_path / "nowhere.json"), str(good),
        "3", "quit",             # turn limit, then leave at the first question of the game
    )
    result = run(["play", "doctor_who", "--seed", "4", "--saves", str(tmp_path)], answers)
    out = result.output
    assert result.exit_code == 0, out
    assert f"{tmp_path / 'nowhere.json'}" in out and "; give another map file." in out
    assert out.count("Map file [map.json]:") == 2
    setup = json.loads(latest_save(tmp_path).read_text())["setup"]
    assert [z["name"] for z in setup["map"]["zones"]] == [z.name for z in small_map(2).zones]


def test_a_map_of_another_theme_is_refused_before_any_question(tmp_path):
    result = run(["play", "doctor_who", "--map", STARMAP, "--saves", str(tmp_path)], lines("2", "", "Ann"))
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"Error: map {STARMAP}: zone 'Tarsis' has type 'poor_planet', which doctor_who does not know; "
        "known types: hazard, void, poor, average, rich, nexus"
    )
    assert not list(tmp_path.glob("*.json"))


def test_a_map_with_fewer_start_zones_than_players_is_refused(tmp_path):
    two_starts = tmp_path / "duel.json"
    mapfile.save(small_map(2), two_starts)
    seats = ["--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--seat", "ai:random:rutans"]
    result = run(["play", "doctor_who", *seats, "--map", str(two_starts), "--saves", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"Error: map {two_starts}: it has 2 start zones; 3 players need 3 (warp-empires map generate --module doctor_who --players 3 -o map.json makes one)"
    )


def test_a_map_file_that_does_not_fit_the_game_is_asked_for_again(tmp_path):
    two_starts = tmp_path / "duel.json"
    mapfile.save(small_map(2), two_starts)
    three_starts = tmp_path / "three.json"
    mapfile.save(small_map(3), three_starts)
    answers = lines(
        "3", "", "Ann", "", "", "",   # three players: Ann (a person, suggested faction) and the computer twice
        "file", STARMAP, str(two_starts), str(three_starts),
        "3", "quit",
    )
    result = run(["play", "doctor_who", "--seed", "4", "--saves", str(tmp_path)], answers)
    out = result.output
    assert result.exit_code == 0, out
    assert "which doctor_who does not know; known types: hazard, void, poor, average, rich, nexus; give another map file." in out
    assert f"map {two_starts}: it has 2 start zones; 3 players need 3" in out
    assert out.count("Map file [map.json]:") == 3
    setup = json.loads(latest_save(tmp_path).read_text())["setup"]
    assert setup["map"]["starts"] == list(small_map(3).starts)


def test_a_seat_without_a_faction_is_asked_for_one(tmp_path):
    result = run(["play", "doctor_who", "--seat", "Ann", "--seat", "ai:random:daleks", "--saves", str(tmp_path)], lines("vardans", "quit"))
    assert result.exit_code == 0, result.output
    assert "Faction for Ann:" in result.output
    assert json.loads(latest_save(tmp_path).read_text())["setup"]["seats"][0]["faction"] == "vardans"


def test_two_people_pass_the_device(tmp_path):
    args = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "Bob:cybermen", "--seed", "1", "--turn-limit", "1", "--saves", str(tmp_path)]
    result = run(args, lines("", "done", "1", "pass", "done", "", "quit"))
    out = result.output
    assert out.index("Pass to Ann, press Enter") < out.index("Ann (1-") < out.index("Pass to Bob, press Enter")
    bob = out[out.index("Pass to Bob, press Enter"):]
    assert "Since the game began, Bob" in bob and "Ann earned 3 EP" in bob  # Bob's first turn: he had no last one
    assert "Your hand: Galactic Invasion, Great Leader" not in bob


def test_text_typed_at_the_pass_screen_does_not_show_the_next_players_screen(tmp_path):
    # B14: what follows the pass screen is for Bob's eyes only. Ann typing one more answer
    # there (she thinks her turn goes on) must not open Bob's screen in front of her.
    args = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "Bob:cybermen", "--seed", "1", "--turn-limit", "1", "--saves", str(tmp_path)]
    result = run(args, lines("", "done", "1", "pass", "done", "1", "", "quit"))
    bob = result.output[result.output.index("Pass to Bob, press Enter"):]
    refused = bob.index("'1' is no answer here: press Enter with nothing typed once Bob is at the keyboard (or type quit).")
    assert refused < bob.index("Since the game began, Bob")  # Bob's screen opens only on the empty Enter


def test_the_board_can_be_drawn_as_svg(tmp_path):
    picture = tmp_path / "board.svg"
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], lines(f"map --svg {picture}", "map --svg", "quit"))
    assert f"The board is drawn in {picture}." in result.output
    assert "Where to? Type `map --svg FILE`" in result.output
    svg = picture.read_text()
    assert svg.startswith("<?xml") and "the board as Ann sees it" in svg and "Ann 5" in svg


def test_a_missing_module_is_asked_for(tmp_path):
    # Enter takes every default: the game, 2 players, a person (name, faction), the computer, the map.
    result = run(["play", "--turn-limit", "20", "--seed", "2", "--saves", str(tmp_path)], lines("", "", "", "", "", "", "", "quit"))
    assert result.exit_code == 0, result.output
    assert "Which game?" in result.output and "doctor_who" in result.output
    setup = json.loads(latest_save(tmp_path).read_text())["setup"]
    assert setup["module"] == "doctor_who" and setup["turn_limit"] == 20
    assert [(s["name"], s["agent"]) for s in setup["seats"]][0] == ("Player 1", "human")
    assert setup["seats"][1]["agent"] == "ai:mcts"


def test_a_card_played_cannot_be_taken_back_but_picking_a_stack_can(tmp_path):
    answers = lines("done", "1", "Space Travel", "undo", "HOM", "undo", "HOM", "quit")
    out = run(ANN_VS_AI + ["--saves", str(tmp_path)], answers).output
    # Either the computer was asked whether to answer the card, or it could not have: both are news.
    assert re.search(r"Nothing to undo: (the other players had their chance to answer it|Cybermen AI chose) after your last choice", out)
    assert "Took back: Home: 5 units" in out
    assert out.count("Which units leave Home?") == 2


def test_b14_the_computers_turns_say_how_many_units_and_where_never_which(tmp_path):
    """Ann answers "1" to everything for four rounds; what she reads of the computer's turns
    names none of the units it drew, bought, placed or moved."""
    result = run(["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--turn-limit", "4",
                  "--seed", "3", "--saves", str(tmp_path)], "1\n" * 400)
    told = [line.strip() for line in result.output.splitlines() if line.strip().startswith("Cybermen AI ")]
    assert "Cybermen AI recruited 1 unit in Enemy (ENE)" in told
    assert not any(re.match(r"Cybermen AI (drew recruits|bought |placed (?!a unit)|disbanded (?!a unit))", line) for line in told)
    assert not any(re.match(r"Cybermen AI moved \d+ unit\(s\) \(", line) for line in told)
    # Ann's own lines name her units and cards.
    assert re.search(r"Ann drew: [A-Z]", result.output)



def test_computer_seats_name_their_agent_and_a_searching_one_says_it_is_thinking(tmp_path):
    result = run(["play", "doctor_who", "--seat", "ai:mcts:daleks", "--seat", "Ann:cybermen", "--seat", "ai:greedy:sontarans",
                  "--think", "0.02", "--seed", "3", "--turn-limit", "2", "--saves", str(tmp_path)], lines("quit"))
    out = result.output
    assert result.exit_code == 0, out
    assert out.count("Daleks AI is thinking...") == 1  # said once, not at each of its decisions
    assert "Sontarans AI is thinking" not in out  # the greedy player answers at once
    setup = json.loads(latest_save(tmp_path).read_text())["setup"]
    assert [s["agent"] for s in setup["seats"]] == ["ai:mcts/think=0.02", "human", "ai:greedy"]


@pytest.mark.parametrize("spec, message", [
    ("ai:clever:daleks", "seat 2: unknown agent 'ai:clever'; known agents: ai:random, ai:greedy, ai:mcts"),
    ("ai:mcts/think=x:daleks", "seat 2: agent 'ai:mcts/think=x': think must be a float, not 'x'"),
])
def test_an_unknown_computer_player_is_refused_in_one_line(tmp_path, spec, message):
    result = run(["play", "doctor_who", "--seat", "Ann:cybermen", "--seat", spec, "--saves", str(tmp_path)])
    assert result.exit_code != 0
    assert message in result.output and "Traceback" not in result.output


def test_a_zone_code_in_capitals_is_an_answer_even_when_a_command_is_spelt_alike(monkeypatch, tmp_path):
    """Logopolis is LOG: at a question offering it, LOG picks it; log, in small letters,
    is still the command."""
    import io

    from rich.console import Console

    from warp_empires import Game, GameSetup, ZoneMap
    from warp_empires.cli.hotseat import Hotseat
    from warp_empires.testing import Position

    from .support import EDGES, ZONES

    zones = [("Logopolis", "void", 0, "LOG") if code == "VO1" else (name, kind, rev, code) for name, kind, rev, code in ZONES]
    game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen", "ai:random")],
                          ZoneMap.build(zones, EDGES, starts=(0, 6)), seed=1))
    pos = Position.of(game)
    pos.place(0, 1, "war_fleet", "scouts")
    pos.place(1, 6, "war_fleet")
    (card,) = pos.give(0, "space_travel")
    pos.start(0, "move")
    play = next(str(i) for i, o in enumerate(game.pending.options, 1) if o.value == card)
    screen = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{play}\nlog\nLOG\nquit\n"))
    Hotseat(game, Console(file=screen, width=200), tmp_path / "game.json").run()
    out = screen.getvalue()
    after_log = out.split("> log\n", 1)[1]
    assert "Ann played Space Travel" in after_log.split("> LOG\n", 1)[0]  # the command: the log
    picked = after_log.split("> LOG\n", 1)[1]
    assert "Which units leave Logopolis?" in picked and "Ann played" not in picked


def test_a_map_file_breaking_the_themes_map_rules_is_played_with_a_warning(tmp_path):
    # A seat walled in wins nothing: said before the game, so a player (or a balance run)
    # blames the map, not the faction. Home, a start zone, has one passable neighbour.
    path = tmp_path / "small.json"
    mapfile.save(small_map(2), path)
    warning = (f"Warning: {path} breaks doctor_who's rules for a map of 2 players: start zone Home is a dead end "
               f"(1 passable neighbour; needs at least 2); `warp-empires map check {path} --module doctor_who --players 2` lists them")
    played = run(ANN_VS_AI + ["--map", str(path), "--saves", str(tmp_path)], lines("quit"))
    assert played.exit_code == 0 and warning in played.output
    simulated = run(["simulate", "doctor_who", "--games", "2", "--turn-limit", "2", "--map", str(path), "--workers", "1"])
    assert simulated.exit_code == 0 and warning in simulated.output
    galaxy = run(ANN_VS_AI + ["--map", str(Path(__file__).parents[2] / "maps" / "doctor_who_galaxy.json"), "--saves", str(tmp_path)], lines("quit"))
    assert "Warning:" not in galaxy.output  # the bundled galaxy meets the rules


def test_resume_refuses_a_picture_drawn_over_its_own_save(tmp_path):
    # Redrawn after every choice, the picture replaced the save: a game killed then was lost.
    run(ANN_VS_AI + ["--saves", str(tmp_path)], lines("quit"))
    saved = latest_save(tmp_path)
    before = saved.read_text()
    result = run(["resume", str(saved), "--map-svg", str(saved)], lines("quit"))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Error: FILE and --map-svg both name {saved}; give each a file of its own"
    assert saved.read_text() == before


def test_a_map_file_with_a_byte_order_mark_plays_and_simulates(tmp_path):
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + mapfile.dumps(small_map(2)).encode("utf-8"))
    assert run(ANN_VS_AI + ["--map", str(path), "--saves", str(tmp_path)], lines("quit")).exit_code == 0
    simulated = run(["simulate", "doctor_who", "--games", "1", "--turn-limit", "1", "--map", str(path), "--workers", "1"])
    assert simulated.exit_code == 0, simulated.output


def test_commands_printed_for_a_theme_from_a_folder_carry_the_folder(tmp_path):
    from warp_empires.cli.common import map_warning
    from warp_empires.cli.lookup import rules_lines

    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    said = map_warning(game.pm, "doctor_who", small_map(2), 2, "small.json", ["/my themes"])
    assert said.endswith("`warp-empires --module-path '/my themes' map check small.json --module doctor_who --players 2` lists them")
    assert rules_lines(game, ["/my themes"])[-1].endswith(": warp-empires --module-path '/my themes' rules doctor_who")


def test_a_seed_alone_keeps_the_quick_game(tmp_path):
    # A newcomer wanting the same quick game again gave --seed and got every setup question.
    result = run(["play", "--seed", "3", "--saves", str(tmp_path)], lines("Ann", "", "quit"))
    assert result.exit_code == 0, result.output
    assert "Which game?" not in result.output
    setup = json.loads(latest_save(tmp_path).read_text())["setup"]
    assert (setup["module"], setup["seed"], setup["turn_limit"], setup["seats"][0]["name"]) == ("doctor_who", 3, 10, "Ann")


def test_a_player_reads_what_the_last_choice_of_the_turn_brought_before_the_device_passes(tmp_path):
    # The last Auxiliary Fleet Ann buys is placed without a question; she learned so only at
    # her next turn. Now her screen tells her, and waits for Enter, before the pass screen.
    args = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "Bob:cybermen", "--seed", "1", "--turn-limit", "1", "--saves", str(tmp_path)]
    out = run(args, lines("", "done", "1", "pass", "2", "2", "", "", "quit")).output
    rest = out[out.index("The rest of Ann's turn"):out.index("Pass to Bob, press Enter")]
    assert "Ann placed Auxiliary Fleet in Home (HOM)" in rest and "Ann (Enter: pass the device on)> " in rest


def test_the_end_of_a_turn_is_shown_to_its_player_never_to_one_who_only_answered_in_it(tmp_path, monkeypatch):
    # Bob, asked to answer a card in Ann's turn, held the device when it ended: the screen
    # told him, under his own name, that his turn was over.
    import io

    from rich.console import Console

    from warp_empires.cli.hotseat import Hotseat
    from warp_empires.testing import play_until

    game = new_game(Seat("Ann", "daleks"), Seat("Bob", "cybermen"))
    play_until(game, "discard", answers={"discard": "done", "play_card": "pass", "buy": "done", "discard_to_limit": 0})
    for turn_of in (0, 1):  # through Ann's turn and Bob's, to Ann's next
        while game.state.active == turn_of:
            game.decide(0 if game.pending.count == 1 else list(range(game.pending.count)))
    ann_began = next(i for i, e in enumerate(game.events) if e.kind == "turn_started" and e.seat == 0)
    for viewer, told in ((1, False), (0, True)):  # Bob last saw the game in Ann's turn; Ann in hers
        screen = io.StringIO()
        monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
        seat = Hotseat(game, Console(file=screen, width=200), tmp_path / "game.json")
        seat.viewer, seat.seen[viewer] = viewer, ann_began + 1
        seat.end_of_turn()
        assert ("The rest of Ann's turn" in screen.getvalue()) is told
        assert "The rest of Bob's turn" not in screen.getvalue()
