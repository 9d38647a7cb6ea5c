"""What a player must choose, among what: the one door every driver goes through.

>>> d = Decision(0, "discard", "Discard a card?", (Option("card:3", "Space Travel"), Option("done", "Keep the rest")))
>>> d.resolve("done")
(1,)
>>> d.resolve(0)
(0,)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple



class IllegalChoice(ValueError):
    """A choice that is not among the legal options; the message lists what is allowed."""


class Later(tuple):
    """A label written only when someone reads it: a function and its arguments.

    Computer players choose among thousands of options nobody reads, so rules pass
    ``Later((function, arg, ...))`` as the label of an option whose text takes some
    work; :attr:`Option.label` calls ``function(arg, ...)`` when it is read. The
    arguments must be fixed facts (names, counts, unit types), not the game, so the
    text is the same whenever it is read. It equals, hashes and prints as its text.

    >>> Option("zone:3", Later((str.upper, "skaro")), 3).label
    'SKARO'
    """

    __slots__ = ()

    def __str__(self) -> str:
        return self[0](*self[1:])

    def __eq__(self, other: object) -> bool:
        return str(self) == (str(other) if isinstance(other, Later) else other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(str(self))

    def __repr__(self) -> str:
        return repr(str(self))


_UNIT_KEYS: list[str] = []


def unit_keys(count: int) -> list[str]:
    """Option ids ``unit:0`` .. ``unit:<count - 1>``, written once for the whole program:
    decisions that list units (a stack's units, a recruit draw) ask for them by the
    dozen, and a unit's id never changes.

    >>> unit_keys(3)[2]
    'unit:2'
    """
    if len(_UNIT_KEYS) < count:
        _UNIT_KEYS.extend(f"unit:{u}" for u in range(len(_UNIT_KEYS), count))
    return _UNIT_KEYS


class _Answer(NamedTuple):
    id: str
    label: Any
    value: Any = None


class Option(_Answer):
    """One legal answer: a stable ``id`` (used in saves and typed by players), a label
    for people, and the ``value`` the rules act on (a zone id, a unit id, ...).
    The label may be given as a :class:`Later`; reading it always gives text."""

    __slots__ = ()

    @property
    def label(self) -> str:
        text = tuple.__getitem__(self, 1)
        return text if type(text) is str else str(text)


class Decision(NamedTuple):
    """A choice ``player`` must make now.

    ``count`` options must be picked, all different. Most decisions pick one.
    ``context`` carries what the choice is about (a battle, a stack, a recruit draw)
    for renderers; the rules never read it back. An immutable record (a named tuple:
    a game asks one per decision, and this is the cheapest immutable record there is).
    """

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    count: int = 1
    context: Any = None

    def describe(self) -> str:
        shown = ", ".join(f"{i}={o.id}" for i, o in enumerate(self.options[:12]))
        more = f", ... ({len(self.options)} in all)" if len(self.options) > 12 else ""
        return shown + more

    def _index(self, choice: Any) -> int:
        if isinstance(choice, bool):
            raise IllegalChoice(f"{choice!r} is not an option; choose one of: {self.describe()}")
        if isinstance(choice, int):
            if 0 <= choice < len(self.options):
                return choice
            raise IllegalChoice(f"{choice} is out of range; choose 0 to {len(self.options) - 1} ({self.describe()})")
        if isinstance(choice, Option):
            choice = choice.id
        if isinstance(choice, str):
            for i, o in enumerate(self.options):
                if o.id == choice:
                    return i
            raise IllegalChoice(f"{choice!r} is not an option for '{self.prompt}'; choose one of: {self.describe()}")
        raise IllegalChoice(f"{choice!r} is not an option; give an index or an option id ({self.describe()})")

    def resolve(self, choice: Any) -> tuple[int, ...]:
        """The option indices ``choice`` stands for; raises :class:`IllegalChoice` if not legal.

        ``choice`` is an index, an option id, an :class:`Option`, or (when ``count`` > 1)
        a sequence of those.
        """
        if type(choice) is int and self.count == 1 and 0 <= choice < len(self.options):
            return (choice,)  # the usual answer of agents, checked first
        if self.count == 1 and not (isinstance(choice, Sequence) and not isinstance(choice, str)):
            return (self._index(choice),)
        if isinstance(choice, str) or not isinstance(choice, Sequence):
            raise IllegalChoice(f"pick exactly {self.count} different options for '{self.prompt}'; got {choice!r}; choose from: {self.describe()}")
        picked = tuple([self._index(c) for c in choice])  # a list first: cheaper than a generator
        if len(picked) != self.count or len(set(picked)) != self.count:
            raise IllegalChoice(
                f"pick exactly {self.count} different options for '{self.prompt}'; got {len(set(picked))}; choose from: {self.describe()}"
            )
        return picked
