"""What each part of a position is worth to the computer players (:mod:`.evaluate`).

A theme tunes them in data (``[ai] weights`` in its theme.toml) or with the
``warp_ai_weights`` hook; a weight nobody names keeps its value here.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Weights:
    """What each part of a position is worth, in points of revenue."""

    revenue: float = 1.0  #: per point of revenue of the zones a seat controls
    occupied: float = 0.8  #: per point of revenue of zones a seat holds alone, not yet controlled
    treasury: float = 0.2  #: per unit of money
    force: float = 0.35  #: per point of force on the map
    unit: float = 0.2  #: per unit on the map
    card: float = 0.3  #: per card in hand (cards are there to be played)
    mover: float = 0.2  #: more for each of the first two cards in hand that move stacks
    battle_card: float = 0.1  #: more for each of the first two cards that add to a battle
    clutter: float = 0.35  #: less for each card beyond two of a kind (battle, other) that are not move cards
    exposed: float = 0.4  #: per point of revenue of a controlled zone, empty of own units, within two moves of an enemy
    outgunned: float = 0.3  #: share of a stack's worth lost when a stronger enemy stands next to it
    reach: float = 0.2  #: per point of revenue of other zones within two moves of a seat's units
    lost_victory: float = 30.0  #: for an empty controlled zone within an enemy's reach whose loss wins that enemy the game
    leading: float = 3.0  #: for leading the tiebreak, growing to this as the turn limit nears
    victory: float = 50.0  #: for meeting the theme's victory condition now (checked at the end of a turn)


WEIGHTS = Weights()
#: The names a theme may tune (its ``[ai] weights`` table, or the ``warp_ai_weights`` hook).
WEIGHT_NAMES = tuple(f.name for f in attrs.fields(Weights))
