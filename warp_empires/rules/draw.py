"""Draw phase (B2): discard any cards, draw, then discard down to the hand limit."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..decisions import Decision, Option
from ..step import Step, rule_step
from .cards import discard_card, draw_cards, hand_limit

if TYPE_CHECKING:
    from ..engine import Game

KEEP = Option("done", "Keep the rest of my hand")


def draw_phase(game: Game, seat: int) -> list[Step]:
    return [*_draw_steps(seat)]


@functools.lru_cache(maxsize=64)
def _draw_steps(seat: int) -> tuple[Step, ...]:
    return (DiscardAny(seat), DrawStep(seat), DiscardToLimit(seat))  # steps never change: every turn shares them


def draw_count(game: Game, seat: int) -> int:
    return game.rules.settings.draw_count + game.state.players[seat].faction.ability_total("draw_bonus")


@rule_step
class DiscardAny(Step):
    """Discard cards one at a time until the player keeps the rest."""

    seat: int

    def run(self, game: Game) -> Decision | None:
        hand = game.state.players[self.seat].hand
        if not hand:
            return None
        discards = game.rules.discard_options
        options = [KEEP]
        for c in hand:  # a loop, not a comprehension (docs/speed.md)
            options.append(discards[c])
        return game.ask(self.seat, "discard", "Discard a card before drawing?", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        option = decision.options[picked[0]]
        if option.id != "done":
            discard_card(game, self.seat, option.value)
            game.push(self)


@rule_step
class DrawStep(Step):
    seat: int

    def run(self, game: Game) -> None:
        draw_cards(game, self.seat, draw_count(game, self.seat))
        return None


@rule_step
class DiscardToLimit(Step):
    """Over the hand limit: the player picks exactly the excess to discard."""

    seat: int

    def run(self, game: Game) -> Decision | None:
        hand = game.state.players[self.seat].hand
        excess = len(hand) - hand_limit(game, self.seat)
        if excess <= 0:
            return None
        cards = game.rules.card_options
        options = []
        for c in hand:  # a loop, not a comprehension (docs/speed.md)
            options.append(cards[c])
        return game.ask(self.seat, "discard_to_limit", f"Hand limit {len(hand) - excess}: discard {excess}", options, count=excess)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        for i in picked:
            discard_card(game, self.seat, decision.options[i].value)
