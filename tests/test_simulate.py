"""``warp-empires simulate``: AI-only games on generated maps, reproducible from the seed."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from warp_empires import invariants
from warp_empires.agents import RandomAgent
from warp_empires.cli.main import cli
from warp_empires.engine import Game, GameSetup, Seat
from warp_empires.mapgen import generate_for_theme
from warp_empires.plugins import make_manager

MAPS = Path(__file__).resolve().parent.parent / "maps"
GALAXY, STARMAP = str(MAPS / "doctor_who_galaxy.json"), str(MAPS / "warhammer_starmap.json")
RACES = ["earth_empire", "cybermen", "daleks", "movellans", "sontarans", "rutans", "ice_warriors", "gallifreyans", "great_vampires", "vardans"]


def run(*args):
    return CliRunner().invoke(cli, ["simulate", *args])


def test_same_seed_same_report_on_one_worker_or_two_with_races_tallied():
    first = run("doctor_who", "--games", "6", "--seed", "1", "--turn-limit", "6", "--zones", "24", "--workers", "1")
    again = run("doctor_who", "--games", "6", "--seed", "1", "--turn-limit", "6", "--zones", "24", "--workers", "2")
    assert first.exit_code == 0, first.output
    lines = first.stdout.splitlines()
    assert lines[0] == "6 games of Doctor Who Empires: 2 seats, random 24-zone maps, turn limit 6, seed 1"
    assert "results by faction" in first.stdout and "Verdict (fair share 50%):" in first.stdout
    games_column = sum(int(row.split("│")[2]) for row in lines if row.count("│") == 6 and row.split("│")[2].strip().isdigit())
    assert games_column == 12 + 12  # two seats a game, each counted for its race, and again for its seat
    assert first.stdout == again.stdout


def test_another_seed_gives_other_games():
    a = run("doctor_who", "--games", "2", "--seed", "1", "--turn-limit", "4", "--zones", "24")
    b = run("doctor_who", "--games", "2", "--seed", "2", "--turn-limit", "4", "--zones", "24")
    assert a.exit_code == b.exit_code == 0
    assert a.stdout.splitlines()[4:] != b.stdout.splitlines()[4:]


def test_unknown_module_is_one_line_and_exit_1():
    result = run("no_such_theme")
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: unknown module 'no_such_theme'; installed modules: classical_city_states, doctor_who, warhammer_space"
    ]


@pytest.mark.parametrize("args, said", [
    (["--map", STARMAP], f"Error: map {STARMAP}: zone 'Tarsis' has type 'poor_planet', which doctor_who does not know; "
                         "known types: hazard, void, poor, average, rich, nexus"),
    (["--map", GALAXY, "--players", "5", "--agent", "random"],
     f"Error: map {GALAXY}: it has 4 start zones; 5 players need 5 (warp-empires map generate --module doctor_who --players 5 -o map.json makes one)"),
])
def test_a_map_that_does_not_fit_the_games_is_refused_in_one_line(args, said):
    result = run("doctor_who", "--games", "2", *args)
    assert result.exit_code == 1
    assert result.output.strip() == said


def test_a_map_file_that_is_no_map_is_refused_naming_the_file(tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text('{"zones": 1}')
    result = run("doctor_who", "--games", "2", "--map", str(bad))
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: map {bad}: not a warp-empires map file (missing field 'format')"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").write_text("garbage")  # a name that the message itself holds
    result = run("doctor_who", "--games", "2", "--map", "a")
    assert result.output.strip() == "Error: map a: not a map file: not valid JSON (Expecting value at line 1, column 1)"


def _doctor_who_games(count, seed0):
    for n in range(count):
        seed = seed0 + n
        players = 2 + n % 3
        pm = make_manager("doctor_who")
        zone_map = generate_for_theme(pm, zones=20 + 5 * players, players=players, seed=seed)
        races = [RACES[(seed * 7 + i * 3) % len(RACES)] for i in range(players)]
        if len(set(races)) < players:
            races = RACES[n % 5 : n % 5 + players]
        game = Game(GameSetup("doctor_who", [Seat(f"AI {i}", r) for i, r in enumerate(races)], zone_map, seed, 20), plugins=pm)
        agents = [RandomAgent(seed * 7919 + i) for i in range(players)]
        while game.pending is not None:
            game.decide(agents[game.pending.player].choose(game))
            invariants.check(game)
        yield game


def test_random_doctor_who_games_on_generated_maps_keep_every_invariant():
    games = list(_doctor_who_games(12, 100))
    assert all(g.is_over and g.winner is not None for g in games)
    assert {len(g.state.players) for g in games} == {2, 3, 4}


@pytest.mark.slow
def test_a_thousand_random_doctor_who_games_keep_every_invariant():
    """The full run (a few minutes): python -m pytest -m slow."""
    ended = sum(1 for g in _doctor_who_games(1000, 10_000) if g.is_over)
    assert ended == 1000
