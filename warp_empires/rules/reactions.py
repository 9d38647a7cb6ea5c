"""Playing cards, reaction windows and die rolls.

A card is played in three steps: its target is chosen, then every other player
holding a legal reaction may answer (a negation, say), then, unless negated, it
takes effect. A reaction is itself a card play, so windows nest: a negation can be
negated. Players with no legal reaction are never asked.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from ..decisions import Decision, Option
from ..step import Step, rule_step
from .triggers import WHAT_HAPPENED, CardPlayed, DieRolled, Trigger

if TYPE_CHECKING:
    from ..engine import Game

PASS = Option("pass", "Pass")


def card_options(game: Game, seat: int, ctx: Any, accept) -> list[Option]:
    """Cards in ``seat``'s hand with a legal use now, among those ``accept`` takes.

    ``accept`` names a card window (``"move"``, ``"battle"``, ``"after_battle"``, or
    ``"reacts:card"``, ``"reacts:die"``, ``"reacts:move"``: the cards whose effects name
    that phase or react to that) or is a test of an effect. A window name is cheaper:
    cards that are never offered there are passed over without asking their effect.
    """
    hand = game.state.players[seat].hand
    if not hand:
        return []
    rules = game.rules
    if type(accept) is str:
        offers = rules.window_offers.get(accept)  # the cards the window takes, each in one lookup
        if offers is None:
            return []
    else:
        tests = rules.card_tests
        offers = {card: rules.card_offer(card) for card in hand if accept(tests[card][1])}
    out = []
    seen: set[str] = set()
    tested: dict[Any, bool] = {}
    for card in hand:
        offer = offers.get(card)
        if offer is None:
            continue
        type_id, playable, key, option = offer
        if type_id in seen:  # two copies of one card are the same choice
            continue
        if key is None:
            ok = playable(game, seat, ctx)
        else:  # e.g. two kinds of move card: one test answers both
            ok = tested.get(key)
            if ok is None:
                ok = tested[key] = playable(game, seat, ctx)
        if ok:
            seen.add(type_id)
            out.append(option)
    return out


@rule_step
class PlayCard(Step):
    """``seat`` plays ``card``: choose its target, open the window, then resolve it."""

    seat: int
    card: int
    ctx: Any = None

    def _effect(self, game: Game):
        return game.rules.card_tests[self.card][1]

    def run(self, game: Game) -> Decision | None:
        targets = self._effect(game).targets(game, self.seat, self.ctx)
        if targets is None:
            self._commit(game, None, None)
            return None
        name = game.rules.card_names[self.card]
        return game.ask(self.seat, "card_target", f"Target of {name}", targets, context={"card": name})

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        if not picked:  # the target vanished: the card is kept
            return
        option = decision.options[picked[0]]
        self._commit(game, option.value, option.label)

    def _commit(self, game: Game, target: Any, label: str | None) -> None:
        s = game.state
        # A played card goes to the discard pile (B2) under its own event, card_played: a
        # card_discarded as well had every log say "Ann discarded Surprise" before "Ann played Surprise".
        s.players[self.seat].hand.remove(self.card)
        s.discard.append(self.card)
        play = s.next_play
        s.next_play += 1
        game.emit("card_played", player=self.seat, card=game.rules.card_names[self.card], target=label, play=play)
        seats = window_seats(game, "card", self.seat, False)
        if seats is None:
            game.push(ResolveCard(play, self.seat, self.card, target, self.ctx))
        else:
            game.push(ReactionWindow(CardPlayed(play, self.seat, self.card), seats), ResolveCard(play, self.seat, self.card, target, self.ctx))


@rule_step
class ResolveCard(Step):
    play: int
    seat: int
    card: int
    target: Any
    ctx: Any

    def run(self, game: Game) -> None:
        name = game.rules.card_names[self.card]
        if self.play in game.state.negated:
            game.emit("card_negated", player=self.seat, card=name, play=self.play)
            return None
        # Said before the effect's own events: its reaction window has closed, and a screen
        # following the windows (play --ask-everyone) learns so here, before the effect opens another.
        game.emit("card_resolved", player=self.seat, card=name, play=self.play)
        game.rules.card_tests[self.card][1].resolve(game, self.seat, self.target, self.ctx)
        return None


def reaction_window(game: Game, trigger: Trigger, first: int, include_first: bool) -> list[Step]:
    """The window after ``trigger`` (a :mod:`~warp_empires.rules.triggers` value), asking
    seats in order from ``first``; empty when the theme has no reaction cards at all, or
    when none of the seats asked holds a card reacting to ``trigger`` (push the window
    before any step that could change their hands: it then runs next)."""
    seats = window_seats(game, trigger.kind, first, include_first)
    return [] if seats is None else [ReactionWindow(trigger, seats)]


def window_seats(game: Game, kind: str, first: int, include_first: bool) -> tuple[int, ...] | None:
    """The seats a window after a trigger of ``kind`` asks, in order from ``first``, or
    ``None`` when it would ask nobody (:func:`reaction_window` without the trigger: the
    rules build one only for a window that opens, most never do)."""
    if not game.rules.has_reactions:
        return None
    cards = game.rules.window_cards.get(_WINDOWS.get(kind) or f"reacts:{kind}")
    if not cards:
        return None
    players = game.state.players
    seats = _window_seats(len(players), first, include_first)
    for seat in seats:  # most windows find no reaction card in any hand: no step at all
        if not cards.isdisjoint(players[seat].hand):
            return seats
    return None


@functools.lru_cache(maxsize=256)
def _window_seats(n: int, first: int, include_first: bool) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(0 if include_first else 1, n))


_WINDOWS = {kind: f"reacts:{kind}" for kind in WHAT_HAPPENED}


@rule_step
class ReactionWindow(Step):
    trigger: Trigger
    seats: tuple[int, ...]

    def run(self, game: Game) -> Decision | None:
        kind = self.trigger.kind
        window = _WINDOWS.get(kind) or f"reacts:{kind}"
        for seat in self.seats:
            options = card_options(game, seat, self.trigger, window)
            if options:
                what = WHAT_HAPPENED[self.trigger.kind]
                return game.ask(seat, "reaction", f"React? ({what})", options + [PASS], context={"trigger": self.trigger})
        return None

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        seat = decision.player
        rest = self.seats[self.seats.index(seat) + 1 :]
        after = [ReactionWindow(self.trigger, rest)] if rest else []
        option = decision.options[picked[0]]
        if option.id == "pass":
            game.push(*after)
        else:
            game.push(PlayCard(seat, option.value, self.trigger), *after)


@rule_step
class RollDie(Step):
    """Roll a die for ``seat`` into ``game.state.rolls[key]``; players may then react
    (reroll) before anything reads it. ``purpose`` says what the roll decides, in words
    every player may read ("the hunger of a unit in Argos: 4 or more feeds it"): a player
    offered a reroll decides on it."""

    key: str
    seat: int
    sides: int = 6
    purpose: str = ""

    def run(self, game: Game) -> None:
        value = game.rng.randint(1, self.sides)
        game.state.rolls[self.key] = value
        game.emit("die_rolled", player=self.seat, key=self.key, sides=self.sides, value=value, purpose=self.purpose)
        game.push(*reaction_window(game, DieRolled(self.key, self.seat, self.sides, self.purpose), first=self.seat, include_first=True))
        return None
