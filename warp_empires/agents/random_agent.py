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
            # randrange(n), written out as random.Random does it for n > 0 (the same
            # numbers from the same generator): a random game asks it at every decision,
            # and so do the searching player's play-outs.
            bits = self.rng.getrandbits
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            return r
        return self.rng.sample(range(n), decision.count)
