"""The bounds every game, map, save and theme keeps to, in one place.

They are chosen so that they agree: anything a theme, a map file or the command line
may give passes every later check, so a game that can start can always be saved and
resumed. Code reads them as ``limits.NAME`` at the moment of checking, so a test can
lower one (``monkeypatch.setattr(limits, "MAX_SAVE_BYTES", 5000)``) instead of building
huge files.

>>> from warp_empires import limits
>>> limits.MAX_SEATS, limits.MAX_ROUNDS
(8, 10000)
>>> limits.within(3, 0, limits.MAX_COPIES)
True
"""

from __future__ import annotations

MiB = 1024 * 1024

# ---------------------------------------------------------------- a game
#: Seats at one table.
MAX_SEATS = 8
#: Rounds a game may last; a game with no turn limit is decided by the tiebreak after this many.
MAX_ROUNDS = 10_000
#: Seeds are whole numbers from -MAX_SEED to MAX_SEED.
MAX_SEED = 2**63 - 1
#: Characters in a player's name.
MAX_PLAYER_NAME = 40
#: Characters in a seat's kind of player (``human``, or an agent spec with its options).
MAX_AGENT_SPEC = 200

# ---------------------------------------------------------------- a map
#: Zones on one map.
MAX_ZONES = 100_000
#: The most a Voronoi map's frame may be longer than it is wide (``map generate --width/--height``).
MAX_FRAME_RATIO = 100
#: Bytes of a map file (read into memory whole).
MAX_MAP_FILE_BYTES = 64 * MiB
#: Bytes the map may take inside a save (a generated map takes 350 to 370 a zone, so about
#: 90,000 zones fit); the rest of a save is room for the choices.
MAX_MAP_IN_SAVE_BYTES = 32 * MiB
#: Characters in a zone's name; a zone code has 1 to MAX_CODE letters and digits (maps
#: made in code number their zones Z0..Z99999).
MAX_ZONE_NAME = 60
MAX_CODE = 6
#: Revenue of a zone (and of a zone type).
MAX_REVENUE = 1_000
#: Map coordinates lie within -MAX_COORDINATE..MAX_COORDINATE.
MAX_COORDINATE = 1e9

# ---------------------------------------------------------------- a save
#: Bytes of a save file. Twice the map's share: 10,000 rounds of 8 players take about
#: 20 MB of choices (about 250 bytes a turn), well inside the other half.
MAX_SAVE_BYTES = 64 * MiB

# ---------------------------------------------------------------- a theme's data
#: Copies of one unit type or card type.
MAX_COPIES = 1_000
#: Unit chits and cards in a whole game (all pools, the whole deck).
MAX_UNITS = 10_000
MAX_CARDS = 10_000
#: Any other number a theme gives (force, cost, speed, settings, card numbers): at most this big.
MAX_NUMBER = 1_000


def within(value: int | float, low: int | float, high: int | float) -> bool:
    """Whether ``low <= value <= high``."""
    return low <= value <= high


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds characters a terminal would act on (escape codes, newlines, tabs).

    >>> has_control_characters("Ann"), has_control_characters("Ann\\x1b[2J")
    (False, True)
    """
    return any(ord(c) < 32 or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in text)
