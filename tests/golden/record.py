"""Re-record the golden playthroughs (only when a rules change is meant to alter them).

    python tests/golden/record.py

Each file is an ordinary save: a seeded random-agent game of one bundled theme on a
generated map, played to its turn limit.
"""

from pathlib import Path

from warp_empires import Game, GameSetup, Seat, saves
from warp_empires.agents import RandomAgent
from warp_empires.mapgen import generate_for_theme
from warp_empires.plugins import make_manager
from warp_empires.rulebook import Rulebook

GAMES = [("doctor_who", 3, 8), ("warhammer_space", 2, 6), ("classical_city_states", 2, 6)]
SEED = 11


def record(module: str, players: int, turn_limit: int) -> Path:
    pm = make_manager(module)
    factions = list(Rulebook.from_plugins(pm).factions)[:players]
    zone_map = generate_for_theme(pm, zones=30, players=players, seed=SEED)
    seats = [Seat(f"Player {i + 1}", f, "ai:random") for i, f in enumerate(factions)]
    game = Game(GameSetup(module, seats, zone_map, SEED, turn_limit), plugins=pm)
    agent = RandomAgent(SEED)
    while game.pending is not None:
        game.decide(agent.choose(game))
    return saves.save(game, Path(__file__).parent / f"{module}_seed{SEED}.json")


if __name__ == "__main__":
    for args in GAMES:
        print(record(*args))
