"""Victory and the tiebreak (the module's own design), and a ransom refused or unpaid."""

from __future__ import annotations

from warp_empires.cli.narrate import describe
from warp_empires.model.state import POOL
from warp_empires.rules.turn import EndTurn

from .scenario import ATTICA, CORINTH, ELEUSIS, MEGARA, THEBES, events, place, run_steps, scenario, start_moving


def test_holding_every_home_city_wins_at_the_end_of_a_turn():
    game = scenario("athens", "corinth")
    game.state.control[CORINTH] = 0
    run_steps(game, 0, EndTurn(0))
    assert game.is_over and game.winner == 0


def test_at_the_turn_limit_most_cities_then_most_income_win():
    game = scenario("athens", "corinth")
    hook = game.pm.hook.warp_tiebreak
    assert hook(game=game) == -1  # a home city each: a draw
    game.state.control[MEGARA] = 1
    assert hook(game=game) == 1
    game.state.control[THEBES] = 0  # one minor city each; Thebes earns 6, Megara 1
    assert hook(game=game) == 0


def capture_periander(treasury: int):
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army")
    periander = place(game, 1, ELEUSIS, "periander")[0]
    game.state.players[1].treasury = treasury
    start_moving(game)
    game.decide(f"zone:{ATTICA}")
    game.decide(f"zone:{ELEUSIS}")
    game.decide("ransom")
    return game, periander


def test_a_refused_ransom_costs_the_leader():
    game, periander = capture_periander(treasury=9)
    game.decide("refuse")
    assert game.state.units[periander].place == POOL and game.state.players[1].treasury == 9
    assert events(game, "leader_executed") == [{"player": 0, "unit": "Periander"}]
    assert describe(game, game.events[-2]) == "Bob refuses to pay 5 gold to free Periander"


def test_a_ransom_nobody_can_pay_is_refused_without_asking():
    game, periander = capture_periander(treasury=4)
    assert game.state.units[periander].place == POOL and events(game, "leader_executed")
    # The log says why the Leader died: Bob had 4 gold.
    assert [describe(game, e) for e in game.events[-2:]] == ["Bob cannot pay 5 gold to free Periander", "Ann puts Periander to death"]
