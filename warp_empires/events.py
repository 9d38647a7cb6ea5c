"""Event records: what happened, for digests, replays, agents and statistics.

Rules announce events through :meth:`warp_empires.engine.Game.emit`; nothing in the
rules prints. An event that only some players may see names them in ``visible_to``.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen(slots=True)
class Event:
    """``kind`` is a short name (``card_played``, ``moved``, ``battle``, ``units_lost``,
    ``control``, ``revenue``...); ``data`` holds its details as plain values."""

    kind: str
    turn: int
    seat: int  # the active player when it happened
    data: dict[str, Any] = attrs.field(factory=dict)
    visible_to: frozenset[int] | None = None  # None: everyone

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (``None`` is an all-seeing observer)."""
        return self.visible_to is None or seat is None or seat in self.visible_to
