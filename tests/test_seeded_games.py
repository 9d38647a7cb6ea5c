"""Seeded random-agent games of every bundled theme (and the fixture theme) play out
exactly as recorded (B12): the same choices, the same position every few decisions, the same
winner. A faster engine must not be a different game; tests/seeded_games/record.py
re-records the file when a rules change is meant to alter games.

A copy taken in the middle of a game and played on with the same choices reaches the
same positions as the original, so nothing the copy leaves out (or shares by mistake)
changes the game.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from warp_empires import Game, GameSetup, Seat
from warp_empires.agents import RandomAgent
from warp_empires.mapgen import mapfile
from warp_empires.plugins import make_manager

HERE = Path(__file__).resolve().parent
RECORD = json.loads((HERE / "seeded_games" / "digests.json").read_text())
FIXTURE = HERE / "fixtures" / "basic"
CASES = [(theme, game) for theme in RECORD["themes"] for game in theme["games"]]


def setup_of(theme: dict, seed: int) -> tuple[GameSetup, object]:
    pm = make_manager(theme["module"], module_paths=[str(FIXTURE)] if theme["fixture"] else ())
    seats = [Seat(name, faction, "ai:random") for name, faction in theme["seats"]]
    return GameSetup(theme["module"], seats, mapfile.validate(theme["map"]), seed, theme["turn_limit"]), pm


def choices_fingerprint(choices: list) -> str:
    return hashlib.sha256(json.dumps(choices, separators=(",", ":")).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("theme", "recorded"), CASES, ids=[f"{t['module']}-seed{g['seed']}" for t, g in CASES])
def test_a_seeded_random_game_plays_out_as_recorded(theme, recorded):
    setup, pm = setup_of(theme, recorded["seed"])
    game = Game(setup, plugins=pm)
    agent = RandomAgent(recorded["seed"] * 101)
    every = RECORD["check_every"]
    digests = []
    while game.pending is not None:
        game.decide(agent.choose(game))
        if game.decisions % every == 0:
            digests.append(game.digest())
            n = len(digests)
            assert digests[-1] == recorded["digests"][n - 1], f"position after {n * every} decisions differs"
    assert game.decisions == recorded["decisions"]
    assert game.winner == recorded["winner"]
    assert game.digest() == recorded["final"]
    assert choices_fingerprint(game.choices) == recorded["choices"]


@pytest.mark.parametrize("theme", RECORD["themes"], ids=[t["module"] for t in RECORD["themes"]])
def test_a_copy_made_mid_game_plays_on_like_the_original(theme):
    recorded = theme["games"][0]
    setup, pm = setup_of(theme, recorded["seed"])
    game = Game(setup, plugins=pm)
    agent = RandomAgent(recorded["seed"] * 101)
    while game.decisions < recorded["decisions"] // 2:
        game.decide(agent.choose(game))
    twin = game.clone()
    game.decide(agent.choose(game))  # the original moves on; the copy must not follow
    assert twin.decisions == game.decisions - 1
    twin.decide(game.choices[-1])
    while game.pending is not None:
        game.decide(agent.choose(game))
        twin.decide(game.choices[-1])
        if game.decisions % 10 == 0:
            assert twin.digest() == game.digest(), f"the copy differs after {game.decisions} decisions"
    assert twin.winner == recorded["winner"]
    assert twin.digest() == recorded["final"]


def test_copies_roll_the_dice_the_original_would_roll_from_where_it_was_copied():
    theme = RECORD["themes"][0]
    setup, pm = setup_of(theme, 5)
    game = Game(setup, plugins=pm)
    first, second = game.clone(), game.clone()
    rolls = [game.rng.randint(1, 6) for _ in range(20)]
    third = game.clone()  # made after the original rolled: it goes on from there
    later = [game.rng.randint(1, 6) for _ in range(20)]
    assert [second.rng.randint(1, 6) for _ in range(20)] == rolls
    assert [first.rng.randint(1, 6) for _ in range(40)] == rolls + later
    assert [third.rng.randint(1, 6) for _ in range(20)] == later
