"""What decides a city's income, upkeep and recruits is on the screen (C1-C3): a siege,
razed counters, a hostile city, and a player's own starving units, in `map` and `zone`;
and a revenue of nothing says why."""

from __future__ import annotations

import io

from rich.console import Console

from warp_empires.cli import render
from warp_empires.cli.narrate import describe

from warp_modules.classical_city_states import places
from warp_modules.classical_city_states.upkeep import set_starvation

from .scenario import AEGINA, ATHENS, ATTICA, MEGARA, place, run_phases, scenario


def shown(renderable) -> str:
    screen = io.StringIO()
    Console(file=screen, width=220).print(renderable)
    return screen.getvalue()


def test_a_siege_razed_counters_and_a_hostile_city_are_noted_for_everyone():
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "army")
    place(game, 1, ATTICA, "army")  # Bob's Army beside Athens lays siege
    game.state.control[MEGARA] = 1
    places.set_razed(game, MEGARA, 3)
    places.set_hostile(game, AEGINA, True)
    for seat in (0, 1, None):
        board = shown(render.board_table(game, seat))
        athens = next(line for line in board.splitlines() if "│ ATH " in line)
        assert "besieged: no income, supply or recruits" in athens
        assert "razed (3 counters): no income, supply or recruits" in next(line for line in board.splitlines() if "│ MEG " in line)
        assert "hostile: half income, no recruits" in next(line for line in board.splitlines() if "│ AEG " in line)
    assert "Notes: besieged: no income, supply or recruits" in shown(render.zone_panel(game, 1, ATHENS))


def test_starving_units_are_noted_for_their_owner_alone():
    game = scenario("athens", "corinth")
    (army, _) = place(game, 0, ATTICA, "army", "army")
    set_starvation(game, army, 1)
    assert "Notes: 1 of your units starving" in shown(render.zone_panel(game, 0, ATTICA))
    assert "starving" not in shown(render.zone_panel(game, 1, ATTICA))  # B14: the counters are Ann's to know
    assert "notes" not in shown(render.board_table(scenario("athens", "corinth"), 0))  # nothing marked, no column


def test_a_besieged_players_revenue_says_why_it_is_nothing():
    game = scenario("athens", "corinth")
    place(game, 0, ATHENS, "army")
    place(game, 1, ATTICA, "army")
    run_phases(game, 0, "revenue")
    (revenue,) = [e for e in game.events if e.kind == "revenue"]
    assert describe(game, revenue.seen_by(1)) == "Ann earned 0 gold (controlled zones +7; siege of Athens -7; treasury 0)"
