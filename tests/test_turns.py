"""Turn order (B1), reproducible games (B12) and the turn limit with its tiebreak (B13)."""

import pytest

from helpers import build, events, make_map, new_game, run_random, run_steps
from warp_empires import Game, GameSetup, IllegalChoice, Seat, hookimpl
from warp_empires.agents import RandomAgent
from warp_empires.plugins import find_module
from warp_empires.rules.generic import PHASES
from warp_empires.rules.turn import EndTurn

BASE_PHASES = ["draw", "move", "battle", "revenue", "recruit", "upkeep", "control"]


class PhaseLog:
    """An extra plugin noting (turn, seat, phase) each time a phase begins."""

    def __init__(self):
        self.log = []

    @hookimpl
    def warp_phase_handlers(self):
        def wrap(name, handler):
            def run(game, seat):
                self.log.append((game.state.turn, seat, name))
                return handler(game, seat)

            return run

        return {name: wrap(name, handler) for name, handler in PHASES.items()}


# ---------------------------------------------------------------------- B1


@pytest.mark.parametrize("players", [2, 3])
def test_whole_turns_in_seat_order_starting_with_seat_0(players):
    recorder = PhaseLog()
    game = new_game(factions=("commoners",) * players, seed=4, turn_limit=2, extras=[recorder])
    run_random(game, seed=4)
    turns = 2 * players
    expected = [(t, (t - 1) % players, phase) for t in range(1, turns + 1) for phase in BASE_PHASES]
    assert recorder.log == expected
    assert [e.seat for e in game.events if e.kind == "turn_started"] == [(t - 1) % players for t in range(1, turns + 1)]


def test_round_counts_every_players_turn():
    game = new_game(factions=("commoners",) * 3, seed=1, turn_limit=2)
    run_random(game, seed=1)
    assert [e["round"] for e in events(game, "turn_started")] == [1, 1, 1, 2, 2, 2]


# ---------------------------------------------------------------------- B12


def digests_of(game, agent_seed):
    agent = RandomAgent(agent_seed)
    out = [game.digest()]
    while game.pending is not None:
        game.decide(agent.choose(game))
        out.append(game.digest())
    return out


def replay(game, choices):
    out = [game.digest()]
    for choice in choices:
        game.decide(choice)
        out.append(game.digest())
    return out


def test_same_seed_and_choices_replay_the_same_game():
    first = new_game(factions=("commoners", "ironclad", "nomads"), seed=11, turn_limit=3)
    seen = digests_of(first, agent_seed=2)
    second = new_game(factions=("commoners", "ironclad", "nomads"), seed=11, turn_limit=3)
    assert replay(second, first.choices) == seen
    assert second.winner == first.winner
    assert [(e.kind, e.data) for e in second.events] == [(e.kind, e.data) for e in first.events]


def test_doctor_who_game_replays_exactly():
    zone_map = make_map("Skaro:rich Telos:rich Earth:nexus Void:void Mars:nexus Peri:poor Avg:average Haz:hazard",
                        "Skaro-Void Void-Telos Void-Earth Skaro-Mars Mars-Earth Telos-Peri Peri-Earth Avg-Void Avg-Haz",
                        plugin=find_module("doctor_who").plugin)
    setup = GameSetup("doctor_who", [Seat("A", "daleks"), Seat("B", "rutans")], zone_map, seed=5, turn_limit=4)
    first = Game(setup)
    seen = digests_of(first, agent_seed=9)
    assert replay(Game(setup), first.choices) == seen


def test_different_seed_gives_a_different_game():
    a = new_game(seed=1)
    b = new_game(seed=2)
    assert a.digest() != b.digest()
    assert a.state.deck != b.state.deck


# ---------------------------------------------------------------------- B13


def test_game_stops_at_the_turn_limit():
    game = new_game(seed=3, turn_limit=3)
    run_random(game, seed=3)
    assert game.is_over and game.pending is None
    assert len(events(game, "turn_started")) == 6
    assert events(game, "game_over")[0]["reason"] == "turn limit"
    with pytest.raises(IllegalChoice, match="over"):
        game.decide(0)


def final_turn(control):
    """Seat 1 ends the last turn (turn 2 of a one-round game) with these control markers."""
    game = build(control=control, turn_limit=1, active=1, turn=2)
    return run_steps(game, EndTurn(1))


def test_tiebreak_most_revenue_zones_first():
    # Two plains (revenue 2) beat one city (revenue 3).
    game = final_turn({"Westhold": 0, "Meadow": 1, "Hamlet": 1})
    assert game.is_over and game.winner == 1
    assert events(game, "game_over") == [{"winner": 1, "reason": "turn limit"}]


def test_tiebreak_then_most_revenue():
    game = final_turn({"Westhold": 0, "Hamlet": 1})
    assert game.winner == 0


def test_tiebreak_level_on_both_is_a_draw():
    game = final_turn({"Westhold": 0, "Eastport": 1, "Meadow": 0, "Hamlet": 1})
    assert game.is_over and game.winner == -1


def test_no_tiebreak_before_the_limit():
    game = build(control={"Westhold": 0}, turn_limit=2, active=1, turn=2)
    run_steps(game, EndTurn(1))
    assert not game.is_over and game.winner is None
    assert game.state.turn == 3 and game.state.active == 0


def test_doctor_who_counts_nexus_points_before_the_base_tiebreak():
    zone_map = make_map("Skaro:rich Telos:rich Earth:nexus Mars:nexus Void:void", "Skaro-Void Void-Telos Void-Earth Earth-Mars",
                        starts=["Skaro", "Telos"], plugin=find_module("doctor_who").plugin)

    def ending(control):
        game = Game(GameSetup("doctor_who", [Seat("A", "daleks"), Seat("B", "cybermen")], zone_map, seed=1, turn_limit=1))
        game.state.control = dict(control)
        game.state.turn, game.state.active = 2, 1
        game._stack.clear()
        game.pending = None
        run_steps(game, EndTurn(1))
        return game.winner

    skaro, telos, earth, mars = 0, 1, 2, 3
    assert ending({earth: 0, skaro: 1, telos: 1}) == 0       # 1 Nexus Point beats 2 Rich zones
    assert ending({earth: 0, mars: 1, skaro: 1}) == 1        # level on Nexus: more zones
    assert ending({earth: 0, mars: 1}) == -1                 # level on everything: a draw
