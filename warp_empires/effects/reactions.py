"""Card effects that answer something just done: cancel a card, reroll a die."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.reactions import RollDie
from .base import Effect

if TYPE_CHECKING:
    from ..engine import Game


class Negate(Effect):
    """Reaction: the card just played has no effect (it may itself be a negation)."""

    reacts_to = "card"
    phases = frozenset()

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return ctx.by != seat

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.state.negated.add(ctx.play)


class Reroll(Effect):
    """Reaction: the die just rolled is rolled again; the new roll stands."""

    reacts_to = "die"
    phases = frozenset()

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.push(RollDie(ctx.key, ctx.by, ctx.sides, ctx.purpose))
