"""Small runs for the simulation tests: short games on small random maps."""

from __future__ import annotations

from warp_empires.simulation import RunSettings


def short_run(**changes) -> RunSettings:
    """Doctor Who on 24-zone maps, 6 rounds a game: a few milliseconds a game."""
    return RunSettings(**{"module": "doctor_who", "seed": 3, "zones": 24, "turn_limit": 6, **changes})


class FirstOption:
    """A computer player of the tests' own: always the first legal option."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, game):
        return 0 if game.pending.count == 1 else list(range(game.pending.count))


def with_first_option_agent(monkeypatch) -> None:
    """Teach the agent factory ``ai:first`` (the way a new kind of agent joins it)."""
    from warp_empires import agents

    known = agents.make_agent

    def make_agent(spec: str, seed: int):
        return FirstOption(seed) if spec in ("ai:first", "first") else known(spec, seed)

    monkeypatch.setattr(agents, "make_agent", make_agent)
