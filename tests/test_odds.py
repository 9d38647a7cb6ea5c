"""Battle odds (warp_empires.odds and `warp-empires odds`) against battles the engine plays.

The odds count B5-B7 as the engine plays them: a counted (exact) answer must agree, within
sampling error, with thousands of battles played one choice at a time through
``game.decide``; the units hidden from the player (B14) must not move the figures.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from click.testing import CliRunner

from warp_empires.agents import RandomAgent
from warp_empires.cli.main import cli
from warp_empires.odds import battle_odds, battle_position, cli_battle, move_odds

# Daleks attack with a War Fleet and two Scouts; the Cybermen defend with Scouts,
# Monitors and Patrols (Patrols +2 defending): force 8 against 9, the defender wins (B5),
# and what each side loses depends on the casualties chosen (B6).
ATTACK = ("daleks", ["war_fleet", "scouts", "scouts"])
DEFENCE = ("cybermen", ["scouts", "monitors", "patrols"])


@pytest.fixture(scope="module")
def battle():
    return cli_battle("doctor_who", ATTACK, DEFENCE)


def play_battles(game, zone, count, seed):
    """``count`` battles played through the engine by random agents: the outcomes seen."""
    held, lost = [0, 0], [0, 0]
    before = [len(game.state.units_of(s)) for s in (0, 1)]
    for i in range(count):
        twin = battle_position(game, zone, 0, 1)
        agent = RandomAgent(seed + i)
        while twin.pending is not None:
            twin.decide(agent.choose(twin))
        s = twin.state
        held[0] += s.occupies(0, zone) and not s.occupies(1, zone)
        held[1] += s.occupies(1, zone) and not s.occupies(0, zone)
        for seat in (0, 1):
            lost[seat] += before[seat] - len(s.units_of(seat))
    return [h / count for h in held], [x / count for x in lost]


def test_exact_odds_agree_with_three_thousand_battles_played_by_the_engine(battle):
    game, zone = battle
    odds = battle_odds(game, zone, 0, 1)
    assert odds.method == "exact" and odds.attacker_wins == 0
    assert 0 < odds.defender_wins < 1  # sometimes the winner cannot pay its losses and loses everything (B6)
    (a_held, d_held), (a_lost, d_lost) = play_battles(game, zone, 3000, seed=11)
    n = 3000
    assert a_held == 0
    assert abs(d_held - odds.defender_wins) < 4 * math.sqrt(odds.defender_wins * (1 - odds.defender_wins) / n)
    assert a_lost == pytest.approx(odds.attacker_losses)  # the loser loses half, rounded up: always 2
    # Losses are at most 3 units, so their spread is at most 1.5: 4 standard errors.
    assert abs(d_lost - odds.defender_losses) < 4 * 1.5 / math.sqrt(n)


def test_simulated_odds_agree_with_the_exact_ones(battle):
    game, zone = battle
    exact = battle_odds(game, zone, 0, 1)
    simulated = battle_odds(game, zone, 0, 1, limit=0, battles=2000, seed=5)
    assert simulated.method == "simulated" and simulated.battles == 2000
    assert abs(simulated.defender_wins - exact.defender_wins) < simulated.margin(exact.defender_wins) * 2
    assert abs(simulated.defender_losses - exact.defender_losses) < 4 * 1.5 / math.sqrt(2000)


def test_a_home_city_turns_the_battle():
    """C: the home-city Defense Modifier (+8) lets two Armies hold against three."""
    attack, defence = ("athens", ["army"] * 3), ("sparta", ["army"] * 2)
    game, zone = cli_battle("classical_city_states", attack, defence, "home_city")
    at_home = battle_odds(game, zone, 0, 1)
    game, zone = cli_battle("classical_city_states", attack, defence, "plain")
    in_the_open = battle_odds(game, zone, 0, 1)
    assert (at_home.defender_wins, at_home.attacker_wins) == (1, 0)
    assert (in_the_open.attacker_wins, in_the_open.defender_wins) == (1, 0)


def test_hidden_units_do_not_change_the_odds_a_player_is_shown():
    """B14: the enemy's units under its top unit are unknown to the attacker, so the odds
    must be the same whichever units they really are."""
    figures = []
    for hidden in (["scouts", "scouts"], ["armada", "armada"]):
        game, zone = cli_battle("doctor_who", ("daleks", ["war_fleet", "monitors"]), ("cybermen", ["patrols", *hidden]))
        s = game.state
        mine = s.stack(zone, 0)
        neighbour = game.board.adjacency[zone][0]
        for u in mine:
            s.move_unit(u, neighbour)
        figures.append(move_odds(game, 0, mine, zone, battles=200))
    assert figures[0] == figures[1]
    assert figures[0].method == "simulated" and "2 hidden unit(s)" in figures[0].how()


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_odds_command_states_its_method_and_figures():
    result = run("odds", "doctor_who", "--attacker", "daleks:war_fleet,scouts*2", "--defender", "cybermen:scouts,monitors,patrols")
    assert result.exit_code == 0
    assert "Daleks (War Fleet, 2x Scouts) attacks Cybermen (Scouts, Monitors, Patrols)" in result.output
    assert "Method: exact (26 outcomes weighed)." in result.output
    assert "attacker holds the zone: 0.0%" in result.output and "defender holds the zone: 77.8%" in result.output
    assert "neither holds it: 22.2%" in result.output  # the three chances add up


@pytest.mark.parametrize("zone_type, said", [("poor", "Battle in a Poor Zone: "), ("average", "Battle in an Average Zone: ")])
def test_odds_command_names_the_zone_type_with_its_article(zone_type, said):
    result = run("odds", "doctor_who", "--attacker", "daleks:scouts", "--defender", "cybermen:patrols", "--zone-type", zone_type)
    assert result.exit_code == 0 and result.output.startswith(said)


@pytest.mark.parametrize("attacker, shut_out", [("daleks", "Daleks"), ("vardans", "Cybermen")])
def test_odds_command_refuses_a_zone_one_side_may_not_stand_in(attacker, shut_out):
    """D1: no unit may enter a Hazard zone but the Vardans', so no battle is fought in one
    (the Vardans alone cannot fight there: both sides stand in the zone fought over)."""
    result = run("odds", "doctor_who", "--attacker", f"{attacker}:war_fleet", "--defender", "cybermen:patrols", "--zone-type", "hazard")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: Invalid value for --zone-type: {shut_out} cannot enter a Hazard Zone, so no battle is fought there; "
        "choose one of: void, poor, average, rich, nexus"
    )


def test_odds_command_says_nothing_of_neither_side_when_one_always_holds():
    result = run("odds", "doctor_who", "--attacker", "daleks:war_fleet*2", "--defender", "cybermen:scouts")
    assert "attacker holds the zone: 100.0%" in result.output and "neither" not in result.output


def test_odds_command_json_and_cards_dealt():
    result = run("odds", "doctor_who", "--attacker", "daleks:monitors,patrols,scouts", "--defender", "cybermen:patrols*2",
                 "--hand", "5", "--battles", "400", "--json")
    doc = json.loads(result.output)
    assert doc["method"] == "simulated" and doc["battles"] == 400 and doc["hand"] == 5
    # Without cards the attacker always holds the zone; cards in hand give the defender a chance.
    assert 0.5 < doc["attacker_wins"] < 1 and doc["defender_wins"] > 0
    again = json.loads(run("odds", "doctor_who", "--attacker", "daleks:monitors,patrols,scouts", "--defender", "cybermen:patrols*2",
                           "--hand", "5", "--battles", "400", "--json").output)
    assert again == doc  # seeded: the same figures every time


@pytest.mark.parametrize("args, message", [
    (["--attacker", "daleks:dalek", "--defender", "cybermen:scouts"], "the Daleks have no unit 'dalek'; they field: scouts, patrols"),
    (["--attacker", "daleks:scuots", "--defender", "cybermen:scouts"], "the Daleks have no unit 'scuots' (did you mean 'scouts'?); they field"),
    (["--attacker", "daleks", "--defender", "cybermen:scouts"], "write FACTION:UNIT,UNIT,... (e.g. earth_empire:scouts,patrols)"),
    (["--attacker", "daleks:scouts", "--defender", "cybermen:scouts", "--zone-type", "swamp"], "'swamp' is not a zone type of doctor_who"),
])
def test_odds_command_refuses_bad_sides_in_one_line(args, message):
    result = run("odds", "doctor_who", *args)
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output


def test_random_choices_are_uniform_over_combinations():
    """The simulated battles pick several casualties at once the way the counting weighs them."""
    rng = random.Random(3)
    seen = {tuple(sorted(rng.sample(range(4), 2))) for _ in range(200)}
    assert len(seen) == math.comb(4, 2)


def test_the_destinations_table_shows_the_odds_beside_the_zone_with_enemies():
    from rich.console import Console

    from warp_empires.cli import render

    game, zone = cli_battle("doctor_who", ("daleks", ["war_fleet", "monitors"]), ("cybermen", ["scouts"]))
    s = game.state
    mine = s.stack(zone, 0)
    start = game.board.adjacency[zone][0]
    for u in mine:
        s.move_unit(u, start)
    quiet = next(z for z in game.board.adjacency[start] if z != zone)
    console = Console(width=200, record=True)
    console.print(render.destinations_panel(game, 0, {"units": tuple(mine), "from": start, "reach": {zone: 1, quiet: 1}}))
    rows = {line.split()[1]: line for line in console.export_text().splitlines() if len(line.split()) > 1}
    # 12 (+1 a unit, Daleks) against 1: the Scouts are lost, and the winner pays half (rounded up) of
    # the force lost, so one unit of its own too (B6).
    assert "win 100% · losses 1.0 / 1.0" in rows[game.board.codes[zone]]
    assert "win" not in rows[game.board.codes[quiet]]


def test_the_defender_asks_about_the_battle_it_will_have_to_fight():
    """In the attacker's turn the defender's `odds` plays the same battle, attacker first (B5)."""
    game, zone = cli_battle("doctor_who", ("daleks", ["war_fleet"]), ("cybermen", ["monitors", "patrols"]))
    asked = move_odds(game, 1, (), zone, attacker=0)
    assert asked == battle_odds(game, zone, 0, 1, limit=1000, seed=game.setup.seed + zone)
    # 4 + (2 + 2 defending) against 6 + 1: the Cybermen win and owe 3 force (B6): the Monitors
    # pay it alone, or the Patrols go first and the Monitors after them, leaving nobody to hold.
    assert (asked.attacker_wins, asked.defender_wins, asked.defender_losses) == (0, 0.5, 1.5)
    assert move_odds(game, 1, (), game.board.adjacency[zone][0], attacker=0) is None  # no battle there
