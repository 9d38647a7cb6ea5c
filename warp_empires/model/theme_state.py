"""A theme's own part of the game state, kept apart from every other theme's.

A theme describes what it remembers during a game as a mutable attrs class whose
fields all have defaults, and reaches the game's copy of it with
``game.state.theme(Cls)``; the first call makes it with ``Cls()``. The class itself
is the namespace, so two themes (or a theme and an add-on) can never overwrite each
other's values, and each value has a name and a type instead of a string key::

    @attrs.define
    class Siege:
        starving: dict[int, int] = attrs.Factory(dict)  # unit -> turns without food
        income: dict[int, int] = attrs.Factory(dict)  # minor city -> its rolled income

    siege = game.state.theme(Siege)
    siege.starving[unit] = siege.starving.get(unit, 0) + 1

Fields hold plain values: numbers, text, ``None``, frozen attrs values, and tuples,
lists, dicts and sets of these (nested as deep as needed). That is what lets
:meth:`~warp_empires.engine.Game.clone` copy the state cheaply and
:meth:`~warp_empires.engine.Game.digest` fingerprint it.
"""

from __future__ import annotations

from typing import Any

import attrs


def make(cls: type) -> Any:
    """A fresh instance of theme state class ``cls``, or a one-line error saying what is wrong."""
    if not isinstance(cls, type) or not attrs.has(cls):
        raise TypeError(f"theme state must be an attrs class (@attrs.define), not {cls!r}")
    missing = [f.name for f in attrs.fields(cls) if f.default is attrs.NOTHING]
    if missing:
        raise TypeError(f"theme state {cls.__name__} needs a default for every field; {', '.join(missing)} has none")
    return cls()


def copy_value(value: Any) -> Any:
    """A copy of ``value`` sharing nothing mutable with it (immutable parts are shared)."""
    kind = type(value)
    if kind is dict:
        return {k: copy_value(v) for k, v in value.items()}
    if kind is list:
        return [copy_value(v) for v in value]
    if kind is set:
        return set(value)  # members are hashable, so immutable
    if attrs.has(kind) and kind.__hash__ is None:  # a mutable attrs class; frozen ones hash
        return attrs.evolve(value, **{f.name: copy_value(getattr(value, f.name)) for f in attrs.fields(kind) if f.init})
    return value


def copy_all(themes: dict[type, Any]) -> dict[type, Any]:
    return {cls: copy_value(obj) for cls, obj in themes.items()}

