"""Card effects on hands and the deck: drawing, discarding, taking, looking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..decisions import Decision, Option
from ..step import Step, rule_step
from ..rules.cards import discard_card, draw_cards
from .base import Effect, opponent_options, opponents

if TYPE_CHECKING:
    from ..engine import Game


def opponent_with_cards(game: Game, seat: int) -> bool:
    players = game.state.players
    for o in opponents(game, seat):  # a loop, not any(): tested at nearly every decision
        if players[o].hand:
            return True
    return False


class DrawCards(Effect):
    """Draw ``count`` cards. Not offered when the deck and the discard pile are both
    empty (there would be nothing to draw but the card itself)."""

    defaults = {"count": 2}
    param_help = {"count": "cards drawn"}

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return bool(game.state.deck or game.state.discard)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        draw_cards(game, seat, self.params["count"])


class Discard(Effect):
    """An opponent you choose discards ``count`` cards of their choice (all if fewer)."""

    defaults = {"count": 2}
    param_help = {"count": "cards the opponent discards"}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return [o for o in opponent_options(game, seat) if game.state.players[o.value].hand]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        return opponent_with_cards(game, seat)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.push(ChooseDiscards(target, self.params["count"]))


@rule_step
class ChooseDiscards(Step):
    seat: int
    count: int

    def run(self, game: Game) -> Decision:
        hand = game.state.players[self.seat].hand
        cards = game.rules.card_options
        options = [cards[c] for c in hand]
        n = min(self.count, len(hand))
        return game.ask(self.seat, "discard_forced", f"Discard {n} card(s)", options, count=n)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        for i in picked:
            discard_card(game, self.seat, decision.options[i].value)


class StealCard(Effect):
    """Take ``count`` random cards from the hand of an opponent you choose."""

    defaults = {"count": 1}
    param_help = {"count": "random cards taken from the opponent's hand"}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return [o for o in opponent_options(game, seat) if game.state.players[o.value].hand]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        return opponent_with_cards(game, seat)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        theirs = game.state.players[target].hand
        taken = []
        for _ in range(min(self.params["count"], len(theirs))):
            card = theirs.pop(game.rng.randrange(len(theirs)))
            game.state.players[seat].hand.append(card)
            taken.append(game.card_name(card))
        game.emit("cards_taken", player=seat, victim=target, count=len(taken), secret={"cards": taken}, knows=(seat, target))


class LookAtHand(Effect):
    """See the hand of an opponent you choose."""

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return opponent_options(game, seat)

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        return len(game.state.players) > 1

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        cards = [game.card_name(c) for c in game.state.players[target].hand]
        game.emit("hand_seen", visible_to=(seat,), player=seat, victim=target, cards=cards)


class LookAtDeck(Effect):
    """See the next ``count`` cards of the deck (fewer if the deck is shorter; the discard
    pile is not reshuffled to look). Cannot be played on an empty deck."""

    defaults = {"count": 7}
    param_help = {"count": "cards seen from the top of the deck"}

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return bool(game.state.deck)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        deck = game.state.deck
        upcoming = deck[::-1][: self.params["count"]]  # cards are drawn from the end
        game.emit("deck_seen", visible_to=(seat,), player=seat, cards=[game.card_name(c) for c in upcoming])


class RedrawAll(Effect):
    """Every player discards their whole hand; then each draws ``count`` cards, starting
    with the player of the card and going round in seat order."""

    defaults = {"count": 5}
    param_help = {"count": "cards each player draws after everyone has discarded"}

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        order = [seat, *opponents(game, seat)]
        for who in order:
            for card in game.state.players[who].hand[:]:
                discard_card(game, who, card)
        for who in order:
            draw_cards(game, who, self.params["count"])
        game.emit("hands_redrawn", player=seat, count=self.params["count"])
