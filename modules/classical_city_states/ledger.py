"""Where this theme keeps its own facts in the game state: one small door.

Counters on the board (Hostile, Razed, starvation), the city traits each city state has
won, each player's home city and the Leaders put to death live here, under plain keys with
plain, unchangeable values, so a copy of a game never shares them with the original.

>>> class _State: registers = {}
>>> class _Game: state = _State()
>>> g = _Game()
>>> put(g, "razed:4", 3); get(g, "razed:4"), numbered(g, "razed")
(3, {4: 3})
>>> put(g, "razed:4", None); get(g, "razed:4", 0)
0
"""

from __future__ import annotations

from typing import Any

PREFIX = "cs:"


def get(game, key: str, default: Any = None) -> Any:
    return game.state.registers.get(PREFIX + key, default)


def put(game, key: str, value: Any) -> None:
    """Set a fact; ``None`` removes it."""
    if value is None:
        game.state.registers.pop(PREFIX + key, None)
    else:
        game.state.registers[PREFIX + key] = value


def numbered(game, kind: str) -> dict[int, Any]:
    """Every fact ``kind:<number>`` as ``{number: value}``."""
    head = f"{PREFIX}{kind}:"
    return {int(k[len(head):]): v for k, v in game.state.registers.items() if k.startswith(head)}


def take_roll(game, key: str) -> int:
    """The die a ``RollDie(key, ...)`` step rolled (after any rerolls), taken off the table."""
    return game.state.registers.pop(key)
