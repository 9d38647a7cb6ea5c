"""Random number generators derived from a map's one seed.

Each stage of generation (placing zones, rolling types, naming) draws from its own
generator, derived from the seed and the stage's label. A stage can then change how
much randomness it uses without changing what the other stages produce.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np


def derive(seed: int, *labels: object) -> int:
    """A 64-bit integer seed for one stage, fixed by ``seed`` and ``labels``."""
    text = "/".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def stage_random(seed: int, *labels: object) -> random.Random:
    """A :class:`random.Random` for one stage."""
    return random.Random(derive(seed, *labels))


def stage_numpy(seed: int, *labels: object) -> np.random.Generator:
    """A numpy generator for one stage."""
    return np.random.default_rng(derive(seed, *labels))
