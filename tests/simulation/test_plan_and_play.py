"""Game i of a run is a function of the run's settings and i: the same on any number of
processes, in any order, and the same game as one set up from scratch."""

from __future__ import annotations

import doctest

import pytest

from warp_empires import simulation
from warp_empires.agents import make_agent
from warp_empires.cli.common import random_zone_map
from warp_empires.engine import Game, GameSetup, Seat
from warp_empires.mapgen import generate_for_theme
from warp_empires.mapgen.mapfile import dumps, loads
from warp_empires.plugins import make_manager
from warp_empires.simulation import RunSettings, play_game, run, summarize
from warp_empires.simulation.play import table_for

from .support import short_run, with_first_option_agent


def test_the_results_are_the_same_on_one_process_or_two_and_in_any_order():
    settings = short_run()
    here = run(settings, 12, workers=1).results
    pool = run(settings, 12, workers=2).results
    backwards = [play_game(settings, i) for i in reversed(range(12))][::-1]
    assert here == pool == backwards
    assert [r.index for r in pool] == list(range(12))
    assert len({r.factions for r in here}) > 6 and {r.winner for r in here} == {-1, 0, 1}  # draws too


def test_another_run_seed_deals_other_games_and_the_games_of_a_run_differ():
    a = run(short_run(seed=3), 4).results
    b = run(short_run(seed=4), 4).results
    assert [r.factions for r in a] != [r.factions for r in b]
    assert len({r.seed for r in a}) == 4


def _from_scratch(settings: RunSettings, index: int, zone_map=None) -> Game:
    """Game ``index`` set up the ordinary way: its own plugin manager, map and rulebook."""
    plan = table_for(settings).plan(settings, index)
    if zone_map is None:
        zone_map = random_zone_map(make_manager("doctor_who"), settings.zones, settings.players, plan.map_seed)
    seats = [Seat(f"AI {i + 1}", f, a) for i, (f, a) in enumerate(zip(plan.factions, plan.agents))]
    game = Game(GameSetup("doctor_who", seats, zone_map, plan.seed, settings.turn_limit))
    agents = [make_agent(a, s) for a, s in zip(plan.agents, plan.agent_seeds)]
    while game.pending is not None:
        game.decide(agents[game.pending.player].choose(game))
    return game


@pytest.mark.parametrize("index", [0, 1, 5])
def test_a_simulated_game_is_the_game_a_normal_setup_plays(index):
    settings = short_run(turn_limit=10)
    result = play_game(settings, index)
    game = _from_scratch(settings, index)
    assert (result.winner, result.rounds, result.decisions) == (game.winner, (game.state.turn - 1) // 2 + 1, game.decisions)
    assert result.revenue == tuple(p.revenue for p in game.state.players)


def test_games_on_one_map_file_reuse_it_and_play_as_a_normal_setup_does():
    galaxy = generate_for_theme(make_manager("doctor_who"), zones=24, players=2, seed=99)
    settings = short_run(map_text=dumps(galaxy))
    for index in (0, 1):
        result = play_game(settings, index)
        game = _from_scratch(settings, index, loads(dumps(galaxy)))
        assert (result.winner, result.decisions, result.units) == (
            game.winner, game.decisions, tuple(sum(1 for u in game.state.units if u.place == 1 and u.owner == s) for s in (0, 1)),
        )
    assert table_for(settings).zone_map(settings, 0) is table_for(settings).zone_map(settings, 1)


def test_agents_move_one_seat_along_each_game_of_a_deal_which_keeps_map_factions_and_dice(monkeypatch):
    with_first_option_agent(monkeypatch)
    settings = short_run(agents=("first", "random"))
    results = run(settings, 6).results
    assert [r.agents for r in results] == [("ai:first", "ai:random"), ("ai:random", "ai:first")] * 3
    for a, b in zip(results[::2], results[1::2]):
        assert (a.factions, a.seed) == (b.factions, b.seed)  # one deal, the agents swapped
    summary = summarize(results, settings, {})
    assert summary["agents"]["ai:first"]["games"] == summary["agents"]["ai:random"]["games"] == 6
    assert summary["agents"]["ai:first"]["wins"] + summary["agents"]["ai:random"]["wins"] + summary["draws"] == 6


def test_with_three_seats_every_agent_sits_once_in_every_seat_of_a_deal(monkeypatch):
    with_first_option_agent(monkeypatch)
    settings = short_run(agents=("first", "random", "random"), players=3, turn_limit=2)
    results = run(settings, 6).results
    for deal in (results[:3], results[3:]):
        assert [r.agents.index("ai:first") for r in deal] == [0, 1, 2]
        assert len({(r.factions, r.seed) for r in deal}) == 1
    assert results[0].factions != results[3].factions


def test_settings_with_an_agent_for_some_seats_only_are_refused():
    with pytest.raises(ValueError, match="^3 agents for 2 seats; give one agent for every seat, or one for all$"):
        short_run(agents=("first", "random", "random"))


def test_one_agent_for_every_seat_deals_a_new_game_each_time():
    settings = short_run(agents=("random",), players=3)
    assert settings.lineup == ("ai:random",) * 3 and settings.deal_size == 1
    results = run(settings, 3).results
    assert len({r.seed for r in results}) == 3 and all(r.players == 3 for r in results)


def test_the_examples_in_the_simulation_modules_run():
    from warp_empires.simulation import plan, play, summary, variants

    for module in (simulation, plan, play, summary, variants):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
