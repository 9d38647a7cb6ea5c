"""Counts and articles in words, for messages a player reads.

>>> count(1, "start zone"), count(3, "start zone"), count(1, "game"), count(2, "zone", "zones of type Rich Zone")
('1 start zone', '3 start zones', '1 game', '2 zones of type Rich Zone')
>>> a("Average Zone"), a("Rich Zone")
('an Average Zone', 'a Rich Zone')
"""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for one (``many``, or ``one`` + "s", otherwise)."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def a(noun: str) -> str:
    """``noun`` after its indefinite article, told by its first letter (a name such as a
    zone type's, where "an Average Zone" reads right and "a Average Zone" does not)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
