"""What every card effect can be asked."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ..decisions import Option
from ..model.loading import did_you_mean

if TYPE_CHECKING:
    from ..engine import Game
    from ..model.data import CardType
    from ..rulebook import Rulebook


class Effect(ABC):
    """A card's effect, built once per card type from the card's ``params``.

    ``phases`` says when the active player may play it on their own turn
    (``"move"``: in the move phase, the phase for cards of the turn; ``"battle"``:
    in a battle's card rounds, by either side; ``"after_battle"``: once the active player's
    battles are all fought). ``reacts_to`` makes it a reaction
    instead: offered right after a ``"card"`` is played, a ``"die"`` is rolled or a
    ``"move"`` is made, and at no other time unless it sets ``phases`` too. ``ctx`` is
    ``"battle"`` in a battle, the trigger in a reaction window (a
    :class:`~warp_empires.rules.triggers.CardPlayed`, ``DieRolled`` or ``MoveMade``:
    ``ctx.by`` acted), else ``None``.
    """

    phases: ClassVar[frozenset[str]] = frozenset({"move"})
    reacts_to: ClassVar[str | None] = None
    #: Parameter names and their defaults; anything else in ``params`` is refused.
    defaults: ClassVar[Mapping[str, Any]] = {}
    #: What each parameter means, in a line (shown in docs/effects.md).
    param_help: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A reaction is played only as a reaction unless it says otherwise: without this,
        # it would also be offered in the move phase, where there is nothing to react to.
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("reacts_to") and "phases" not in cls.__dict__:
            cls.phases = frozenset()
        # A method the engine calls with other arguments than it takes would fail only when
        # the card is played, in the engine's frames; say so as the theme is loaded.
        for name in _CALLED:
            method = cls.__dict__.get(name)
            if callable(method) or isinstance(method, (staticmethod, classmethod)):
                _takes_what_the_engine_gives(cls, name, method)

    def __init__(self, card: CardType):
        self.card = card
        unknown = sorted(set(card.params) - set(self.defaults))
        if unknown:
            hint = did_you_mean(unknown[0], self.defaults)
            raise ValueError(f"unknown parameter {unknown[0]!r}{hint}; this effect takes {', '.join(self.defaults) or 'none'}")
        for name, value in card.params.items():
            problem = _wrong_kind(self.defaults[name], value)
            if problem:
                raise ValueError(f"param {name!r}: {problem}")
        self.params = {**self.defaults, **card.params}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option] | None:
        """The legal targets (``None`` when the card takes no target)."""
        return None

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        """Whether :meth:`targets` would offer anything (or the card takes no target).

        Hands are checked for playable cards at every turn of the game, so effects with
        targets answer this directly, stopping at the first target and building no labels.
        """
        targets = self.targets(game, seat, ctx)
        return targets is None or bool(targets)

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        """Whether ``seat`` may play it now; by default, when it has a legal target."""
        return self.has_target(game, seat, ctx)

    def playable_test(self) -> Callable[[Game, int, Any], bool]:
        """What answers :meth:`playable`: the bound method, or :meth:`has_target` itself
        when ``playable`` is this default (one call fewer: a hand's cards are tested at
        nearly every decision)."""
        return self.has_target if type(self).playable is Effect.playable else self.playable

    def test_key(self) -> Any:
        """Cards whose effects give equal keys are playable in exactly the same positions,
        so a hand holding several is tested once (``None``, the default: test it alone)."""
        return None

    @abstractmethod
    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        """Carry the effect out (it may push steps for further choices)."""

    def check(self, book: Rulebook) -> list[str]:
        """Problems with what the card's params name in the theme's data (a unit tag no unit
        has, a zone type that does not exist), found when the theme is loaded rather than
        the first time the card is played. Effects that name nothing return ``[]``."""
        return []


_KINDS = ((bool, "true or false"), (int, "a whole number"), (str, "text"), (list, "a list"), (dict, "a table"))


def _wrong_kind(default: Any, value: Any) -> str:
    """Why ``value`` cannot stand for a parameter whose default is ``default`` (a count given
    as text, say), or nothing; a parameter whose default is none takes any value."""
    for kind, words in _KINDS:
        if isinstance(default, kind):
            fits = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
            return "" if fits else f"expected {words}, got {value!r}"
    return ""


def unknown_unit_tags(book: Rulebook, effect: Effect, *params: str) -> list[str]:
    """A problem for each of ``params`` that names a tag no unit type of the theme has."""
    tags = {tag for unit in book.unit_types.values() for tag in unit.tags}
    return [_unknown(p, effect.params[p], tags, "unit tag") for p in params if effect.params[p] is not None and effect.params[p] not in tags]


def unknown_names(values: dict[str, list[str]], known: set[str], what: str) -> list[str]:
    """A problem for each value of ``values`` (param -> names) that is not in ``known``."""
    return [_unknown(param, v, known, what) for param, names in values.items() for v in names if v not in known]


def _unknown(param: str, value: Any, known: set[str], what: str) -> str:
    hint = did_you_mean(str(value), sorted(known))
    return f"param {param!r}: no {what} is called {value!r}{hint}; the theme's are {', '.join(sorted(known)) or 'none'}"


def opponents(game: Game, seat: int) -> tuple[int, ...]:
    """The other seats, in turn order from ``seat``'s left (asked by most cards' tests,
    at nearly every decision: each table's answer is worked out once)."""
    return _opponents(len(game.state.players), seat)


@functools.lru_cache(maxsize=256)
def _opponents(n: int, seat: int) -> tuple[int, ...]:
    return tuple((seat + i) % n for i in range(1, n))


def opponent_options(game: Game, seat: int) -> list[Option]:
    players = game.state.players
    out = []
    for o in opponents(game, seat):  # a loop, not a comprehension (docs/speed.md)
        out.append(tuple.__new__(Option, (f"seat:{o}", players[o].name, o)))
    return out


#: The methods of an effect the engine calls, with the arguments it passes (after self).
_CALLED = {
    "targets": ("game", "seat", "ctx"),
    "has_target": ("game", "seat", "ctx"),
    "playable": ("game", "seat", "ctx"),
    "resolve": ("game", "seat", "target", "ctx"),
    "test_key": (),
    "check": ("book",),
}


def _takes_what_the_engine_gives(cls: type, name: str, method: Any) -> None:
    """Raise TypeError, naming the class and the arguments wanted, if ``method`` cannot be
    called as the engine calls it."""
    import inspect

    # A static method takes no self; a class method's first argument is its class.
    func = method.__func__ if isinstance(method, (staticmethod, classmethod)) else method
    first = () if isinstance(method, staticmethod) else (None,)
    try:
        inspect.signature(func).bind(*first, *_CALLED[name])
    except TypeError:
        wanted = ", ".join(("self", *_CALLED[name]))
        raise TypeError(f"{cls.__qualname__}.{name}{inspect.signature(func)}: "
                        f"the engine calls a card effect's {name} as ({wanted})") from None
    except ValueError:  # a builtin without a signature: nothing to check
        pass
