"""The action deck: drawing (with reshuffles), discarding, refilling hands."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine import Game


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same order from the same generator state (so games
    replay exactly, B12), drawing the same random bits, without a method call per card.

    >>> a, b = list(range(30)), list(range(30))
    >>> shuffle(random.Random(5), a); random.Random(5).shuffle(b); a == b
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)  # a generator of another kind may draw its numbers its own way
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def draw_cards(game: Game, seat: int, count: int) -> list[int]:
    """Draw up to ``count`` cards into ``seat``'s hand; an empty deck takes the shuffled
    discard pile, and with both empty nothing more is drawn (B2)."""
    s = game.state
    hand = s.players[seat].hand
    drawn: list[int] = []
    while len(drawn) < count:
        if not s.deck:
            if not s.discard:
                break
            s.deck, s.discard = s.discard, []
            shuffle(game.rng, s.deck)
            game.emit("deck_reshuffled", cards=len(s.deck))
        take = min(count - len(drawn), len(s.deck))
        drawn.extend(reversed(s.deck[-take:]))  # from the top of the deck, its end
        del s.deck[-take:]
    hand.extend(drawn)
    if drawn:
        names = game.rules.card_names
        game.emit("cards_drawn", player=seat, count=len(drawn), secret={"cards": list(map(names.__getitem__, drawn))})
    return drawn


def discard_card(game: Game, seat: int, card: int) -> None:
    game.state.players[seat].hand.remove(card)
    game.state.discard.append(card)
    game.emit("card_discarded", player=seat, card=game.rules.card_names[card])


def hand_limit(game: Game, seat: int) -> int:
    return game.rules.hand_limit(game.state.players[seat].faction)


def refill(game: Game, seat: int) -> None:
    """Draw up to the hand limit (after a battle, B7)."""
    missing = hand_limit(game, seat) - len(game.state.players[seat].hand)
    if missing > 0:
        draw_cards(game, seat, missing)
