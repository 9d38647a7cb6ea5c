"""Event records: what happened, for digests, replays, agents and statistics.

Rules announce events through :meth:`warp_empires.engine.Game.emit`; nothing in the
rules prints. What a player may read of an event is decided once, here (B14):

* ``visible_to`` names the only seats that see the event at all (``None``: everyone);
* ``data`` is what every seat that sees it may read;
* ``secret`` holds details only the seats in ``knows`` may read: which units a player
  drew, bought, placed, moved or disbanded, which cards they drew.

Every channel that shows events to a player (the live feed, the digest, the log, a
replay for one seat, an agent's view) reads them through :meth:`Event.seen_by`, so a
hidden unit's name never reaches an opponent's screen:

>>> e = Event("unit_placed", 3, 0, {"player": 0, "zone": 7}, secret={"unit": "Daleks"}, knows=frozenset({0}))
>>> e.seen_by(1).data
{'player': 0, 'zone': 7}
>>> e.seen_by(0).data
{'player': 0, 'zone': 7, 'unit': 'Daleks'}
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """``kind`` is a short name (``card_played``, ``moved``, ``battle``, ``unit_lost``,
    ``control``, ``revenue``...); ``data`` holds its public details as plain values.

    A named tuple rather than an attrs class: a game makes a few events per decision,
    and this is the cheapest immutable record Python has.
    """

    kind: str
    turn: int
    seat: int  # the active player when it happened
    data: dict[str, Any] = {}
    visible_to: frozenset[int] | None = None  # None: everyone
    secret: dict[str, Any] | None = None  # details only ``knows`` may read
    knows: frozenset[int] = frozenset()

    def seen_by(self, seat: int | None) -> Event | None:
        """The event as ``seat`` may see it, or ``None`` if it may not see it at all.

        ``seat`` ``None`` is the table: what every player may see. The copy returned
        has no secret part; its ``data`` includes the secret details only for a seat
        that knows them.
        """
        if self.visible_to is not None and (seat is None or seat not in self.visible_to):
            return None
        if self.secret is None:
            return self
        if seat is not None and seat in self.knows:
            return self._replace(data={**self.data, **self.secret}, secret=None, knows=frozenset())
        return self._replace(secret=None, knows=frozenset())

    def revealed(self) -> Event:
        """Everything, secrets included: for looking back once a game is over."""
        if self.secret is None:
            return self
        return self._replace(data={**self.data, **self.secret}, secret=None, knows=frozenset())

    def private_to(self) -> frozenset[int] | None:
        """The seats that learn something others do not (``None`` when nothing is private)."""
        if self.visible_to is not None:
            return self.visible_to
        return self.knows if self.secret is not None else None
