"""The random agent: picks uniformly among the legal options."""

from __future__ import annotations

import random
from typing import Any


class RandomAgent:
    """Chooses at random, from its own generator (never the game's)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        decision = game.pending
        n = len(decision.options)
        if decision.count == 1:
            return self.rng._randbelow(n)  # what randrange(n) returns, without its argument checks
        return self.rng.sample(range(n), decision.count)
