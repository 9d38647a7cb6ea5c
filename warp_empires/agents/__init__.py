"""Computer players. Each has its own seeded random generator and answers through the
same door as a person: it reads ``game.pending`` and returns a legal choice. None looks at
what its seat cannot see: before looking ahead it deals the hidden things again
(:mod:`.determinize`).

- ``ai:random``: any legal option, at random.
- ``ai:greedy``: every option one step ahead, weighed by the generic evaluation (a few
  milliseconds a decision).
- ``ai:mcts``: Information Set Monte Carlo Tree Search over dealt copies of the game,
  thinking about one second a decision.

Options follow the name after a slash, separated by commas: ``ai:mcts/think=0.5`` thinks
half a second a decision, ``ai:mcts/iterations=300`` runs 300 searches a decision (the
same game whatever the machine's speed), ``ai:mcts/rollout=greedy`` plays its look-ahead
games greedily rather than at random.

>>> make_agent("ai:greedy", seed=1)
GreedyAgent(seed=1)
>>> make_agent("ai:mcts/iterations=50", seed=1).iterations
50
>>> make_agent("ai:clever", seed=1)
Traceback (most recent call last):
...
ValueError: unknown agent 'ai:clever'; known agents: ai:random, ai:greedy, ai:mcts
"""

from __future__ import annotations

from typing import Any

from .greedy import GreedyAgent
from .mcts import MctsAgent
from .random_agent import RandomAgent

__all__ = ["GreedyAgent", "MctsAgent", "RandomAgent", "make_agent", "DEFAULT_AGENT"]

KNOWN = "ai:random, ai:greedy, ai:mcts"
#: What ``play`` seats the computer with: the searching agent, which answers within about
#: two seconds a decision on a small machine.
DEFAULT_AGENT = "ai:mcts"
#: The options each agent takes after its name, with their types.
OPTIONS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {"rolls": int},
    "mcts": {"think": float, "iterations": int, "rollout": str, "depth": int},
}


def make_agent(spec: str, seed: int) -> Any:
    """An agent from a seat spec such as ``ai:random``, ``ai:greedy`` or ``ai:mcts/think=0.5``.

    A bad spec raises ``ValueError`` with one line naming what is wrong and what is allowed.
    """
    name, _, extra = (spec.split(":", 1)[1] if spec.startswith("ai:") else spec).partition("/")
    if name not in OPTIONS:
        raise ValueError(f"unknown agent {spec!r}; known agents: {KNOWN}")
    options = parse_options(spec, name, extra)
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed, **options)
    return MctsAgent(seed, **options)


def parse_options(spec: str, name: str, text: str) -> dict[str, Any]:
    allowed = OPTIONS[name]
    shown = ", ".join(allowed) or "none"
    out: dict[str, Any] = {}
    if "/" in text:
        raise ValueError(f"agent {spec!r}: separate options with commas, as in ai:{name}/{','.join(text.split('/'))}")
    for item in filter(None, text.split(",")):
        key, eq, value = item.partition("=")
        if key not in allowed or not eq:
            raise ValueError(f"agent {spec!r}: unknown option {item!r}; ai:{name} takes: {shown} (as NAME=VALUE)")
        try:
            out[key] = allowed[key](value)
        except ValueError:
            raise ValueError(f"agent {spec!r}: {key} must be a {allowed[key].__name__}, not {value!r}") from None
    if name == "mcts":
        MctsAgent.check(spec, out)
    if name == "greedy" and not 1 <= out.get("rolls", 1) <= 20:
        raise ValueError(f"agent {spec!r}: rolls must be from 1 to 20")
    return out
