"""Card effects that move units: move cards, interceptions, undoing a move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.move import MoveQuery, StackMoves
from .base import Effect, unknown_unit_tags

if TYPE_CHECKING:
    from ..engine import Game
    from ..rulebook import Rulebook


class MoveStacks(Effect):
    """Move at least ``min`` and up to ``max`` of your stacks (``points`` overrides their
    allowance; ``tag`` limits which units may go; ``single`` moves one unit rather than a
    group). The card is offered only when at least ``min`` of your stacks can move. Once
    played, a card of several stacks must move its ``min`` (D7) and may stop after any
    further one; a one-stack card may still be given up (a slip of the hand costs the
    card, not a move)."""

    defaults = {"min": 1, "max": 1, "points": None, "tag": None, "single": False}
    param_help = {
        "min": "stacks that must move once the card is played; the card is offered only when that many can move",
        "max": "most stacks moved",
        "points": "movement points each group gets instead of its own allowance (none: its own)",
        "tag": "only units with this tag may move",
        "single": "true: one unit moves, not a group",
    }

    def check(self, book: Rulebook) -> list[str]:
        return unknown_unit_tags(book, self, "tag")

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        p = self.params
        able = 0
        query = MoveQuery.of(game, seat, seat, p["tag"], p["single"], p["points"])
        for zone in game.state.occupied.get(seat, ()):  # only counted: any order will do
            if query.any_group(game, zone):
                able += 1
                if able >= p["min"]:
                    return True
        return False

    def test_key(self) -> Any:
        p = self.params
        return (type(self), p["min"], p["points"], p["tag"], p["single"])  # "max" never changes playability

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        p = self.params
        game.push(StackMoves(seat, p["max"], points=p["points"], tag=p["tag"], single=p["single"], required=p["min"] if p["min"] > 1 else 0))


class InterceptMove(MoveStacks):
    """Reaction: right after an opponent's move in their move phase, move your stacks."""

    reacts_to = "move"
    phases = frozenset()

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return game.state.phase == "move" and ctx.by == game.state.active != seat and super().playable(game, seat, ctx)


class NegateMove(Effect):
    """Reaction: the move just made is undone; the units go back where they came from."""

    reacts_to = "move"
    phases = frozenset()

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return ctx.by != seat

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        s = game.state
        back = [u for u in ctx.units if s.units[u].zone == ctx.to]
        for u in back:
            s.move_unit(u, ctx.start)
        game.emit("move_undone", player=seat, frm=ctx.to, to=ctx.start, count=len(back))
