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

import attrs


class IllegalChoice(ValueError):
    """A choice that is not among the legal options; the message lists what is allowed."""


class Option(NamedTuple):
    """One legal answer: a stable ``id`` (used in saves and typed by players), a label
    for people, and the ``value`` the rules act on (a zone id, a unit id, ...)."""

    id: str
    label: str
    value: Any = None


@attrs.frozen(slots=True)
class Decision:
    """A choice ``player`` must make now.

    ``count`` options must be picked, all different. Most decisions pick one.
    ``context`` carries what the choice is about (a battle, a stack, a recruit draw)
    for renderers; the rules never read it back.
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
        if self.count == 1 and not (isinstance(choice, Sequence) and not isinstance(choice, str)):
            return (self._index(choice),)
        if isinstance(choice, str) or not isinstance(choice, Sequence):
            raise IllegalChoice(f"pick exactly {self.count} different options for '{self.prompt}'; got {choice!r}; choose from: {self.describe()}")
        picked = tuple(self._index(c) for c in choice)
        if len(picked) != self.count or len(set(picked)) != self.count:
            raise IllegalChoice(
                f"pick exactly {self.count} different options for '{self.prompt}'; got {len(set(picked))}; choose from: {self.describe()}"
            )
        return picked
