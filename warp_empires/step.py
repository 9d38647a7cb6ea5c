"""The rules' building block: a :class:`Step` waiting on the game's stack.

Every rule module and card effect builds on this class, and the game itself only
runs steps, so it lives on its own: the rules need not import the game to define
their steps, and the game imports the rules it starts from without a loop.

>>> import attrs
>>> @attrs.frozen
... class Hello(Step):
...     seat: int
...     def run(self, game):
...         return None
>>> Hello(0)
Hello(seat=0)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from .decisions import Decision
    from .engine import Game


class Step(ABC):
    """One piece of the rules waiting on the stack.

    ``run`` is called when the step reaches the top. It returns ``None`` when it is
    finished, or a Decision; then ``resume`` gets the decision and the picked option
    indices. Either may push more steps with :meth:`Game.push`. Subclasses are attrs
    classes holding only plain values, never changed once made, so a game and its copies
    can share them: a theme's are best ``@attrs.frozen``, which refuses a change.
    """

    __slots__ = ()

    @abstractmethod
    def run(self, game: Game) -> Decision | None:
        """Do this step's work; return a Decision to ask, or None when finished."""

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        raise TypeError(f"{type(self).__name__} asked a question but cannot take the answer")


#: How the engine's own steps are declared: attrs classes of plain values, equal and
#: hashed by their values as ``@attrs.frozen`` ones are, and never changed once made, but
#: without the frozen guard, which makes a step take two and a half times as long to make
#: (the rules make one or two at every decision; a random game ran a tenth faster
#: without it). tests/test_properties.py checks that no step on the stack ever changes.
rule_step = attrs.define(eq=True, unsafe_hash=True)
