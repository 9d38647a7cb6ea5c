"""Seeded random games on the hand-made map, on a random one and on a random hex map (C2),
checked after every decision: the engine's invariants, nothing left adrift at sea, no unit
standing in a city it does not hold (C3), and no player over a zone's stacking limit (C1)."""

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
            # Mid-battle, what a sunk Fleet carried is lost once the battle is over (C3).
            if places.is_sea(game, z) and s.battle is None and carry_problem(places.kinds_of(game, s.stack(z, owner)), moving=False):
                out.append(f"{s.players[owner].name}'s units adrift in {game.zone_name(z)}")
            if places.is_city(game, z) and s.control.get(z) != owner and s.battle is None:
                out.append(f"{s.players[owner].name}'s units in {game.zone_name(z)}, a city of another")
            if places.stacked(game, owner, z) > places.stacking_limit(game, z):
                out.append(f"{s.players[owner].name} over the stacking limit in {game.zone_name(z)}")
    return out


def board(pm, kind: str, players: int, seed: int):
    """The hand-made map, a random map, or a random hex map (C2)."""
    if kind == "hex":
        return generate_for_theme(pm, players=players, seed=seed, layout="hex", width=7, height=6)
    return generate_for_theme(pm, zones=30, players=players, seed=seed) if kind == "random" else saronic_map()


@pytest.mark.parametrize(("seed", "kind", "factions", "winner"), [
    (3, "saronic", ("athens", "corinth", "thebes"), 1),
    (5, "random", ("sparta", "syracuse"), 1),
    (8, "hex", ("athens", "argos", "syracuse"), 0),
])
def test_a_random_game_keeps_every_rule(seed, kind, factions, winner):
    pm = make_manager("classical_city_states")
    zone_map = board(pm, kind, len(factions), seed)
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
