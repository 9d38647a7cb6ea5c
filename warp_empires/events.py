"""Event records: what happened, for digests, replays, agents and statistics.

Rules announce events through :meth:`warp_empires.engine.Game.emit`; nothing in the
rules prints. An event that only some players may see names them in ``visible_to``.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """``kind`` is a short name (``card_played``, ``moved``, ``battle``, ``unit_lost``,
    ``control``, ``revenue``...); ``data`` holds its details as plain values.

    A named tuple rather than an attrs class: a game makes a few events per decision,
    and this is the cheapest immutable record Python has.
    """

    kind: str
    turn: int
    seat: int  # the active player when it happened
    data: dict[str, Any] = {}
    visible_to: frozenset[int] | None = None  # None: everyone

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (``None`` is an all-seeing observer)."""
        return self.visible_to is None or seat is None or seat in self.visible_to
