"""Record the seeded random-agent games that tests/test_seeded_games.py replays.

    python tests/seeded_games/record.py

Run it only when a rules change is meant to alter how games play out: the file it
writes holds, for every bundled theme and the fixture theme, a map, the seats, and
for a few seeds the digest of the position every CHECK_EVERY decisions plus a
fingerprint of every choice made. Speed work must leave every one of them unchanged.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from warp_empires import Game, GameSetup, Seat
from warp_empires.agents import RandomAgent
from warp_empires.mapgen import generate_for_theme, mapfile
from warp_empires.plugins import make_manager
from warp_empires.rulebook import Rulebook

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent / "fixtures" / "basic"
RECORD = HERE / "digests.json"
CHECK_EVERY = 25

#: module, module path, players, zones, turn limit (rounds), seeds
THEMES = [
    ("basic", str(FIXTURE), 2, 24, 20, (1, 2, 3)),
    ("doctor_who", None, 3, 30, 15, (1, 2, 3)),
    ("warhammer_space", None, 2, 30, 12, (1, 2)),
    ("classical_city_states", None, 2, 30, 12, (1, 2)),
]


def manager(module: str, path: str | None):
    return make_manager(module, module_paths=[path] if path else ())


def choices_fingerprint(choices: list) -> str:
    return hashlib.sha256(json.dumps(choices, separators=(",", ":")).encode()).hexdigest()[:16]


def play(setup: GameSetup, pm, agent_seed: int) -> tuple[Game, list[str]]:
    """Play to the end with one seeded random agent; the digests seen every CHECK_EVERY decisions."""
    game = Game(setup, plugins=pm)
    agent = RandomAgent(agent_seed)
    digests = []
    while game.pending is not None:
        game.decide(agent.choose(game))
        if game.decisions % CHECK_EVERY == 0:
            digests.append(game.digest())
    return game, digests


def seats_for(pm, players: int) -> list[Seat]:
    factions = list(Rulebook.from_plugins(pm).factions)[:players]
    return [Seat(f"Player {i + 1}", f, "ai:random") for i, f in enumerate(factions)]


def record() -> dict:
    out = {"check_every": CHECK_EVERY, "themes": []}
    for module, path, players, zones, turn_limit, seeds in THEMES:
        pm = manager(module, path)
        zone_map = generate_for_theme(pm, zones=zones, players=players, seed=7)
        seats = seats_for(pm, players)
        games = []
        for seed in seeds:
            game, digests = play(GameSetup(module, seats, zone_map, seed, turn_limit), pm, seed * 101)
            games.append({
                "seed": seed, "decisions": game.decisions, "winner": game.winner, "digests": digests,
                "final": game.digest(), "choices": choices_fingerprint(game.choices),
            })
        out["themes"].append({
            "module": module, "fixture": path is not None, "players": players, "turn_limit": turn_limit,
            "seats": [[s.name, s.faction] for s in seats], "map": mapfile.to_document(zone_map), "games": games,
        })
    return out


if __name__ == "__main__":
    RECORD.write_text(json.dumps(record(), separators=(",", ":")) + "\n")
    print(RECORD, file=sys.stderr)
