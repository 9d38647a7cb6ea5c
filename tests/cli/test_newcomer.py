"""What a newcomer asks at the prompt: odds, why a card, units, factions, several answers at once.

The scripted game is test_play's: Ann (Daleks) against the Cybermen on the small map, where
the Cybermen start in Enemy (ENE), two zones from Ann's Home.
"""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from warp_empires import Game, GameSetup, Seat, make_manager
from warp_empires.cli import play_cmd, render
from warp_empires.cli.common import random_zone_map
from warp_empires.cli.explain import commands
from warp_empires.cli.lookup import faction_lines, unit_lines
from warp_empires.mapgen import fairness, generate_for_theme
from warp_empires.rulebook import Rulebook

from .support import run, small_map
from .test_play import ANN_VS_AI, lines


@pytest.fixture(autouse=True)
def _small_maps(monkeypatch):
    monkeypatch.setattr(play_cmd, "make_random_map", lambda pm, zones, players, seed: small_map(players))


def test_odds_why_and_the_units_chosen_in_a_scripted_turn(tmp_path):
    script = lines(
        "7 2 9",                    # one answer is wanted here
        "why Space Travel",         # held, but this is the draw phase
        "why Energy Drain",         # not held
        "done", "1", "Space Travel", "HOM", "U32",
        "odds ENE",                 # the group is being formed: nothing on the move yet
        "go",
        "odds ENE",                 # where the group would fight the Cybermen's start stack
        "quit",
    )
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], script)
    out = result.output
    assert result.exit_code == 0, out
    assert "this question takes one answer and you gave 3 (7 2 9): type one number from 1 to 6." in out
    assert "Space Travel is played: Move phase; this decision is not one of those moments" in out
    assert re.search(r"You hold no Energy Drain card \(your hand: [^)]*Space Travel", out)
    # The chosen unit is named on the option that moves the group.
    assert re.search(r"Move the units chosen so far: Expeditionary Fleet \(F4\)", out)
    assert "You have no units in Enemy (ENE) and none on the move" in out
    # The destinations table gives the odds beside Enemy, and `odds ENE` the method.
    enemy_row = next(line for line in out.splitlines() if line.startswith("│ ENE   Enemy"))
    assert re.search(r"win ~?\d+% · losses \d\.\d / \d\.\d", enemy_row)
    assert re.search(r"Battle in Enemy \(ENE\) moving there: you hold the zone \d+%", out)
    assert re.search(r"Method: (exact \(\d+ outcomes? weighed\)|\d+ simulated battles, the \d hidden unit\(s\) dealt again from what Cybermen could have)", out)


def test_units_and_factions_in_the_themes_words():
    game = Game(GameSetup("warhammer_space", (Seat("A", "orks"), Seat("B", "eldar")), generate_for_theme(make_manager("warhammer_space"), zones=12, players=2, seed=1), 1))
    stealth_ship = next(t for t in game.rules.unit_types.values() if t.notes == "SR")
    shown = unit_lines(game, stealth_ship.name)
    assert shown[0].startswith(f"{stealth_ship.name} ({game.rules.factions[stealth_ship.faction].name} unit): force {stealth_ship.force}")
    assert "SR (class: space, stealth)" in shown[1]  # War Hammer's class letters spelt out
    assert faction_lines(game, "eldar")[0] == "Eldar, played by B."
    assert unit_lines(game, "no such unit") is None


def test_a_unit_that_costs_nothing_is_shown_not_for_sale():
    """The city states' Leaders come with the experience roll; `unit Pericles` does not offer
    them from a pool at a price of 0."""
    pm = make_manager("classical_city_states")
    game = Game(GameSetup("classical_city_states", (Seat("A", "athens"), Seat("B", "sparta")),
                          generate_for_theme(pm, zones=30, players=2, seed=1), 1), plugins=pm)
    assert unit_lines(game, "Pericles")[0] == "Pericles (unit): force 1, speed 6, not for sale, 1 in the game"
    assert unit_lines(game, "Army")[0].startswith("Army (unit of the common pool): force ")


def test_piped_output_keeps_long_lines_whole(tmp_path):
    """A transcript written to a pipe is not cut at 80 columns, in a table or out of one."""
    from click.testing import CliRunner

    from warp_empires.cli.main import cli

    args = ANN_VS_AI + ["--saves", str(tmp_path)]
    out = CliRunner().invoke(cli, args, input=lines("help", "quit"), catch_exceptions=False, env={"COLUMNS": None}).output
    long = "answer: an option number, or a zone or unit code such as HOM or U12; where several are asked for, answers separated by spaces, e.g. 7 2 9 or 3-6, all at once or a few at a time"
    assert long in out


def test_help_wraps_each_command_under_its_own_column():
    game = Game(GameSetup("doctor_who", (Seat("Ann", "daleks"), Seat("Bob", "cybermen")), small_map(2), 1))
    console = Console(width=60, record=True)
    console.print(render.commands_table(commands(game, can_undo=False)))
    text = console.export_text()
    rows = text.splitlines()[1:]
    continued = [r for r in rows if r and not r.startswith(tuple(name.split()[0] for name, _ in commands(game, False)))]
    assert continued and all(r.startswith(" " * 10) for r in continued)


def test_every_play_has_a_turn_limit_unless_none(tmp_path):
    base = ["play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--seed", "1", "--saves", str(tmp_path)]
    assert "20 rounds." in run(base, lines("quit")).output
    assert "no turn limit." in run(base + ["--turn-limit", "none"], lines("quit")).output


def test_random_maps_are_fair_unless_asked_otherwise():
    pm = make_manager("warhammer_space")
    types = list(Rulebook.from_plugins(pm).zone_types.values())
    fair = fairness(random_zone_map(pm, 24, 2, 3), types)
    rough = fairness(random_zone_map(pm, 24, 2, 3, fair=False), types)
    assert fair.start_revenue[0] == fair.start_revenue[1]
    assert rough.start_revenue != fair.start_revenue and len(set(rough.start_revenue)) == 2


def test_why_a_zone_code_that_begins_a_cards_name_explains_the_zone(tmp_path):
    # ENE is Enemy's code and the start of Energy Drain: the code on the screen is the zone.
    result = run(ANN_VS_AI + ["--saves", str(tmp_path)], lines("why ENE", "why Energy", "quit"))
    out = result.output
    assert result.exit_code == 0, out
    assert "ENE is not one of the answers to: Discard a card before drawing?" in out
    assert out.count("You hold no Energy Drain card") == 1  # for `why Energy`, not for the zone's code


def test_odds_at_the_prompt_say_how_often_neither_side_holds_the_zone(tmp_path):
    # A Scout against a Scout: the defender wins the tie, loses its one unit paying for the
    # win (B6) as the loser loses its own, and nobody holds the zone. The shares add up.
    import io

    from rich.console import Console

    from warp_empires.cli.hotseat import Hotseat
    from warp_empires.testing import Position

    pos = Position("doctor_who", ["daleks", "cybermen"], "Skaro:rich Void:void", "Skaro-Void")
    pos.place(0, "Void", "scouts")
    pos.place(1, "Void", "scouts")
    game = pos.start(0, "draw", "move")
    screen = io.StringIO()
    seat = Hotseat(game, Console(file=screen, width=200), tmp_path / "game.json")
    seat.odds(0, game.pending, game.board.codes[1])
    said = screen.getvalue()
    shares = [int(n) for n in re.findall(r"(?:hold the zone|hold it|neither holds it) (\d+)%", said)]
    assert "neither holds it" in said and len(shares) == 3 and 99 <= sum(shares) <= 101, said


def test_unit_asked_by_part_of_its_name_suggests_the_units_whose_name_holds_it(tmp_path):
    # `unit Gargant` suggested six kinds of Ork Boyz; the Gargants are what was meant.
    import io

    from rich.console import Console

    from warp_empires.cli.hotseat import Hotseat

    pm = make_manager("warhammer_space")
    game = Game(GameSetup("warhammer_space", (Seat("A", "orks"), Seat("B", "eldar")), generate_for_theme(pm, zones=12, players=2, seed=1), 1), plugins=pm)
    screen = io.StringIO()
    Hotseat(game, Console(file=screen, width=200), tmp_path / "game.json").command(0, game.pending, "unit Gargant")
    assert screen.getvalue().strip() == (
        "No unit is called 'Gargant': type `unit` and a name; did you mean Great Gargant, Slasher Gargant, Mekboy Gargant?")
    screen.truncate(0)
    screen.seek(0)
    Hotseat(game, Console(file=screen, width=200), tmp_path / "game.json").command(0, game.pending, "unit a")
    said = screen.getvalue().strip()
    assert said.count(",") == 5 and re.search(r"\(and \d+ more\)\?$", said)  # six names at most, not every unit with an a
