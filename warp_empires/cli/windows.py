"""Who the rules did not ask at a card, move or die roll a card could answer (``play --ask-everyone``).

The rules ask only the players holding an answer to what just happened (a reaction
card, :mod:`warp_empires.rules.reactions`), in turn from the player who acted. At one
shared screen, the device passing to a player mid-turn then tells everyone that this
player holds such a card. :class:`Windows` follows the same windows from the events and
the decisions the hotseat sees, and names the players the rules passed over, in the
order the rules would have asked them, so the hotseat can pass the device to them too.

Each seat passed over comes with how much of the game's news its screen may show: what
a player asked in that window would have seen by then, and nothing that came later (the
card taking effect, say), or the screen would tell who was asked for real.

>>> from types import SimpleNamespace as NS
>>> game = NS(rules=NS(window_cards={"reacts:card": {3}}), state=NS(players=[0, 1, 2]))
>>> played = NS(kind="card_played", data={"player": 0, "play": 7})
>>> windows = Windows()
>>> windows.opened(game, [played], start=40)   # the news of one decision: events 40 on
>>> ask = NS(kind="reaction", player=2, context={"trigger": NS(kind="card", play=7, by=0)})
>>> [(seat, upto) for seat, _, upto in windows.passed_over(ask, now=41)]   # seat 1 comes first and was not asked
[(1, 41)]
>>> windows.passed_over(NS(kind="buy", player=0, context=None), now=45)   # seat 2 was asked: nobody left
[]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

#: The events after which the rules open a window, and the window's cards.
EVENT_WINDOWS = {"card_played": "reacts:card", "moved": "reacts:move", "die_rolled": "reacts:die"}

#: The events of a card taking effect or being cancelled: the window its play opened has
#: closed, with every window opened inside it.
CARD_DONE = frozenset({"card_resolved", "card_negated"})


def event_key(event: Any) -> tuple:
    """What tells a window apart, from the event that opened it."""
    d = event.data
    if event.kind == "card_played":
        return ("card", d["play"])
    if event.kind == "moved":
        return ("move", d["by"], d["frm"], d["to"])
    return ("die", d["key"], d["player"])


def trigger_key(trigger: Any) -> tuple:
    """The same, from the trigger a reaction decision carries."""
    if trigger.kind == "card":
        return ("card", trigger.play)
    if trigger.kind == "move":
        return ("move", trigger.by, trigger.start, trigger.to)
    return ("die", trigger.key, trigger.by)


def window_of(decision: Any) -> tuple | None:
    """What tells apart the window a reaction decision asks in (``None`` for any other decision)."""
    if decision is None or decision.kind != "reaction" or not isinstance(decision.context, dict) or "trigger" not in decision.context:
        return None
    return trigger_key(decision.context["trigger"])


@attrs.define
class Window:
    """An answerable event and the seats still to be asked about it, in the rules' order;
    ``upto``: how many of the game's events a seat asked in it now would have seen."""

    key: tuple
    event: Any
    seats: list[int]
    upto: int = 0
    #: The seat that answered with a card, while what it does is carried out: the rules
    #: ask the seats after it only then (an Intercept's moves come first).
    answering: int | None = None


class Windows:
    """The windows open now, the innermost last (a reaction played opens one inside another)."""

    def __init__(self) -> None:
        self.open: list[Window] = []
        self.closed: list[tuple[int, Window, int]] = []  # seats passed over, not yet told, and their news

    def opened(self, game: Any, events: Iterable[Any], passed: Any = None, start: int = 0, answered: Any = None) -> None:
        """Note the windows the rules opened at ``events``, the news of one decision (only
        those of the theme's kinds of reaction: with no card reacting to moves, a move
        opens none). ``passed`` is that decision if it was a reaction declined ("pass").

        Within one decision's news, a window the rules stopped in would have ended the
        news there (its question is the next decision): so each window but the last of
        them closed with nobody asked before the next event came; and so did the window
        of a declined reaction, if anything answerable followed. A card taking effect (or
        cancelled) closes its own window and those inside it at that point of the news,
        before any window its effect opens. ``start`` is the index of the first of ``events``
        in the game's list; ``answered`` is that decision if it was a reaction answered with
        a card.

        A seat passed over would have been asked right after the window's event (or right
        after the last player asked in it), before anything that followed; in a card's
        window, after any answer to the card and just before it takes effect.
        """
        n = len(game.state.players)
        if answered is not None:
            for window in self.open:
                if window.key == window_of(answered):
                    window.answering = answered.player
        declined = window_of(passed)
        fresh: Window | None = None  # the latest window opened in this news
        for index, event in enumerate(events, start):
            if event.kind in CARD_DONE:
                self._close_card(event.data["play"], index)
                continue
            window = EVENT_WINDOWS.get(event.kind)
            if window is None or not game.rules.window_cards.get(window):
                continue
            if self.open and (self.open[-1] is fresh or self.open[-1].key == declined):
                self._close()
            declined = None
            first = event.data["by"] if event.kind == "moved" else event.data["player"]
            # A die roller may answer their own roll (a reroll); a card or a move, only the others.
            skip = 0 if event.kind == "die_rolled" else 1
            fresh = Window(event_key(event), event, [(first + i) % n for i in range(skip, n)], index + 1)
            self.open.append(fresh)

    def _close_card(self, play: int, index: int) -> None:
        key = ("card", play)
        if any(window.key == key for window in self.open):
            while self.open[-1].key != key:
                self._close()
            self._close(upto=index)  # asked after every answer to the card, before it took effect

    def _close(self, upto: int | None = None) -> Window:
        shut = self.open.pop()
        news = shut.upto if upto is None else upto
        self.closed.extend((seat, shut, news) for seat in shut.seats)
        return shut

    def passed_over(self, decision: Any, now: int = 0) -> list[tuple[int, Window, int]]:
        """The seats the rules did not ask before ``decision`` (the one pending now, after
        ``now`` events), each with its window and how many events its screen may show;
        within a window, in the order the rules ask.

        A reaction decision is the rules asking its player in its window: the seats before
        it there were passed over (they would have seen what that player sees), and so were
        all those of the windows inside it, which have closed. Any other decision closes
        every open window, but one whose answer its player is still carrying out (their
        own decisions come first); that one closes at another player's decision, its seats
        reading all that the answer did.
        """
        real = window_of(decision)
        while self.open and self.open[-1].key != real:
            top = self.open[-1]
            if top.answering is None:
                self._close()
            elif real is None and decision.player == top.answering:
                break
            else:
                self._close(upto=now)
        if self.open and real is not None and self.open[-1].key == real:
            window = self.open[-1]
            window.upto, window.answering = now, None
            seats = window.seats
            while seats and seats[0] != decision.player:
                self.closed.append((seats.pop(0), window, now))
            if seats:
                seats.pop(0)  # asked now
            if not seats:
                self.open.pop()
        out, self.closed = self.closed, []
        return out
