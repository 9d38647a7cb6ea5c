"""Computer players. Each has its own seeded random generator and answers through the
same door as a person: it reads ``game.pending`` and returns a legal choice."""

from .random_agent import RandomAgent

__all__ = ["RandomAgent", "make_agent"]


def make_agent(spec: str, seed: int):
    """An agent from a seat spec such as ``ai:random``."""
    kind = spec.split(":", 1)[1] if spec.startswith("ai:") else spec
    if kind == "random":
        return RandomAgent(seed)
    raise ValueError(f"unknown agent {spec!r}; known agents: ai:random")
