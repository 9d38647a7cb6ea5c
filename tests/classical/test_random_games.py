"""Seeded random games on the hand-made map and on a random one, checked after every
decision: the engine's invariants, nothing left adrift at sea, and no unit standing in a
city it does not hold (C3)."""

from __future__ import annotations

import pytest

from warp_empires import Game, GameSetup, Seat, invariants
from warp_empires.agents import RandomAgent
from warp_empires.mapgen import generate_for_theme
from warp_empires.plugins import make_manager

from warp_modules.classical_city_states import places
from warp_modules.classical_city_states.moving import carry_problem

from .scenario import saronic_map


def theme_problems(game) -> list[str]:
    s = game.state
    out = []
    for z in range(len(game.board)):
        for owner in s.owners_in(z):
            if places.is_sea(game, z) and carry_problem(places.kinds_of(game, s.stack(z, owner)), moving=False):
                out.append(f"{s.players[owner].name}'s units adrift in {game.zone_name(z)}")
            if places.is_city(game, z) and s.control.get(z) != owner and s.battle is None:
                out.append(f"{s.players[owner].name}'s units in {game.zone_name(z)}, a city of another")
    return out


@pytest.mark.parametrize(("seed", "random_map", "factions", "winner"), [
    (3, False, ("athens", "corinth", "thebes"), 1),
    (4, True, ("sparta", "syracuse"), -1),
])
def test_a_random_game_keeps_every_rule(seed, random_map, factions, winner):
    pm = make_manager("classical_city_states")
    zone_map = generate_for_theme(pm, zones=30, players=len(factions), seed=seed) if random_map else saronic_map()
    seats = [Seat(f"P{i}", f, "ai:random") for i, f in enumerate(factions)]
    game = Game(GameSetup("classical_city_states", seats, zone_map, seed, turn_limit=8), plugins=pm)
    agent = RandomAgent(seed)
    kinds = set()
    while game.pending is not None:
        game.decide(agent.choose(game))
        invariants.check(game)
        assert theme_problems(game) == []
    kinds.update(e.kind for e in game.events)
    assert game.winner == winner
    assert {"attack", "diplomacy", "upkeep_paid", "unit_bought"} <= kinds
