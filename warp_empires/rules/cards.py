"""The action deck: drawing (with reshuffles), discarding, refilling hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import Game


def draw_cards(game: Game, seat: int, count: int) -> list[int]:
    """Draw up to ``count`` cards into ``seat``'s hand; an empty deck takes the shuffled
    discard pile, and with both empty nothing more is drawn (B2)."""
    s = game.state
    hand = s.players[seat].hand
    drawn = []
    for _ in range(count):
        if not s.deck:
            if not s.discard:
                break
            s.deck, s.discard = s.discard, []
            game.rng.shuffle(s.deck)
            game.emit("deck_reshuffled", cards=len(s.deck))
        drawn.append(s.deck.pop())
    hand.extend(drawn)
    if drawn:
        game.emit("cards_drawn", player=seat, count=len(drawn), secret={"cards": [game.card_name(c) for c in drawn]})
    return drawn


def discard_card(game: Game, seat: int, card: int) -> None:
    game.state.players[seat].hand.remove(card)
    game.state.discard.append(card)
    game.emit("card_discarded", player=seat, card=game.card_name(card))


def hand_limit(game: Game, seat: int) -> int:
    return game.rules.hand_limit(game.state.players[seat].faction)


def refill(game: Game, seat: int) -> None:
    """Draw up to the hand limit (after a battle, B7)."""
    missing = hand_limit(game, seat) - len(game.state.players[seat].hand)
    if missing > 0:
        draw_cards(game, seat, missing)
