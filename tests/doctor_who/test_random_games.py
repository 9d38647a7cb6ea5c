"""Seeded random games with every race: every card gets played (D6: every card works),
every game ends, and a game replayed from its choices ends in the same position."""

from __future__ import annotations

import random
from collections import Counter

from .scenario import new_game
from .test_setup_victory import BIG, BIG_EDGES

RACES = [
    "earth_empire", "cybermen", "daleks", "movellans", "sontarans",
    "rutans", "ice_warriors", "gallifreyans", "great_vampires", "vardans",
]


def play(seed: int):
    """A game whose players play a card whenever they may (mostly), else choose at random."""
    rng = random.Random(seed)
    races = rng.sample(RACES, rng.choice([2, 3, 4]))
    game = new_game(*races, seed=seed, turn_limit=8, zones=BIG, edges=BIG_EDGES)
    while game.pending is not None:
        decision = game.pending
        ids = [o.id for o in decision.options]
        cards = [i for i, o in enumerate(ids) if o.startswith("card:")]
        if decision.count > 1:
            game.decide(rng.sample(range(len(ids)), decision.count))
        elif cards and decision.kind in ("play_card", "battle_card", "reaction") and rng.random() < 0.8:
            game.decide(rng.choice(cards))
        else:
            game.decide(rng.randrange(len(ids)))
    return game


def test_every_card_is_played_and_every_game_ends():
    played = Counter()
    for seed in range(30):
        game = play(seed)
        assert game.is_over
        played.update(e.data["card"] for e in game.events if e.kind == "card_played")
    assert len(played) == 33


def test_a_game_replays_exactly_from_its_choices():
    game = play(3)
    again = new_game(*[s.faction for s in game.setup.seats], seed=3, turn_limit=8, zones=BIG, edges=BIG_EDGES)
    for choice in game.choices:
        again.decide(choice)
    assert again.is_over
    assert again.digest() == game.digest()
