"""What this theme remembers beyond the engine's own state, in one theme state class.

Counters on the board (Hostile, Razed, starvation), the City Traits each city state has
won, each player's home city and the Leaders put to death. ``game.state.theme(Hellas)``
gives the game's instance (see the kit's theme state); a copy of a game copies it.
"""

from __future__ import annotations

import attrs


@attrs.define
class Hellas:
    home: dict[int, int] = attrs.Factory(dict)  # seat -> its home city
    hostile: set[int] = attrs.Factory(set)  # cities with a Hostile counter
    razed: dict[int, int] = attrs.Factory(dict)  # city -> Razed counters left on it
    starving: dict[int, int] = attrs.Factory(dict)  # unpaid Army -> its starvation counters
    traits: dict[int, tuple[str, ...]] = attrs.Factory(dict)  # seat -> City Traits won, in order
    dead: set[int] = attrs.Factory(set)  # Leaders put to death: they never come back


def of(game) -> Hellas:
    return game.state.theme(Hellas)


def take_roll(game, key: str) -> int:
    """The die a ``RollDie(key, ...)`` step rolled (after any rerolls), taken off the table."""
    return game.state.rolls.pop(key)
