"""What a reaction answers: a card just played, a die just rolled, a move just made.

A reaction window opens right after one of these; the cards that react to its ``kind``
are offered, and the trigger is handed to their effects as ``ctx``, so an effect reads
``ctx.by`` (who acted) and the fields of its kind by name::

    class Veto(Effect):
        reacts_to = "card"

        def playable(self, game, seat, ctx):
            return ctx.by != seat                    # never your own card

        def resolve(self, game, seat, target, ctx):
            game.state.negated.add(ctx.play)         # the play that is cancelled
"""

from __future__ import annotations

from typing import ClassVar

import attrs


@attrs.frozen(slots=True)
class CardPlayed:
    """``by`` just played ``card`` (a card id); ``play`` numbers this play, for a negation."""

    kind: ClassVar[str] = "card"
    play: int
    by: int
    card: int


@attrs.frozen(slots=True)
class DieRolled:
    """``by`` just rolled a die of ``sides`` sides into ``game.state.rolls[key]``, for
    ``purpose`` (what it decides, in words every player may read; "" when unsaid)."""

    kind: ClassVar[str] = "die"
    key: str
    by: int
    sides: int
    purpose: str = ""


@attrs.frozen(slots=True)
class MoveMade:
    """``by`` just moved ``units`` from zone ``start`` to zone ``to`` (``move`` numbers it)."""

    kind: ClassVar[str] = "move"
    move: int
    by: int
    start: int
    to: int
    units: tuple[int, ...]


Trigger = CardPlayed | DieRolled | MoveMade

#: What each kind of trigger is, in words, for the question a reaction window asks.
WHAT_HAPPENED = {"card": "a card was just played", "die": "a die was just rolled", "move": "a move was just made"}
