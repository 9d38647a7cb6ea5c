"""What each rule hook must answer, checked where a theme answers it.

A rule hook that returns the wrong kind of value (a player's name where a seat number is
wanted, a number where a list of modifiers is) would otherwise fail later, deep in the
engine, with a traceback that never names the theme. When a theme or an extra implements
a rule hook, :func:`checked` asks its implementations one at a time, as pluggy would, and
turns a wrong answer into a :class:`~warp_empires.blame.ThemeError` naming the theme, the
hook, the file and line of the implementation, and what was wanted.

>>> wanted("warp_victory")
'a seat number or None'
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .blame import ThemeError
from .step import Step


def _seat(answer: Any, kwargs: Mapping[str, Any], low: int = 0) -> bool:
    return isinstance(answer, int) and not isinstance(answer, bool) and low <= answer < len(kwargs["game"].state.players)


def _count(answer: Any, kwargs: Mapping[str, Any]) -> bool:
    return isinstance(answer, int) and not isinstance(answer, bool) and answer >= 0


def _modifiers(answer: Any, kwargs: Mapping[str, Any]) -> bool:
    from .rules.battle import Modifier

    # Forces and treasuries are whole numbers: a half (a revenue of 9.5) or a number read
    # as text from theme.toml ("2") would be added in silently, or fail deep in a battle.
    return isinstance(answer, (list, tuple)) and all(
        isinstance(m, Modifier) and type(m.amount) is int and isinstance(m.label, str) for m in answer
    )


def _zones(answer: Any, kwargs: Mapping[str, Any]) -> bool:
    # Asked at nearly every move decision, of answers naming most of the map: the checks
    # are set operations, not a Python test per zone.
    if isinstance(answer, Mapping):
        return _zone_ids(answer, kwargs) and set(map(type, answer.values())) <= _STR
    return isinstance(answer, (list, tuple, set, frozenset)) and _zone_ids(answer, kwargs)


_INT, _STR = frozenset({int}), frozenset({str})


def _zone_ids(zones: Iterable[Any], kwargs: Mapping[str, Any]) -> bool:
    """Whether every one of ``zones`` is a zone id (an int, not a bool, on the map)."""
    try:
        ids = set(zones)
    except TypeError:  # a list among them, say
        return False
    return set(map(type, ids)) <= _INT and (not ids or (min(ids) >= 0 and max(ids) < len(kwargs["game"].board.names)))


def _limits(answer: Any, kwargs: Mapping[str, Any]) -> bool:
    return isinstance(answer, (list, tuple)) and all(
        isinstance(limit, tuple) and len(limit) == 3 and _seat(limit[0], kwargs) and isinstance(limit[1], str) and _count(limit[2], kwargs)
        for limit in answer
    )


def _points(answer: Any, kwargs: Mapping[str, Any]) -> bool:
    if not isinstance(answer, numbers.Real) or isinstance(answer, bool):  # numpy's numbers and fractions are Real
        return False
    try:
        return math.isfinite(float(answer))
    except OverflowError:  # an int too large for a float: no number of points
        return False


def _costs(answer: Any, kwargs: Mapping[str, Any]) -> bool:
    return isinstance(answer, Mapping) and all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 1 for k, v in answer.items())


def _steps(answer: Any, kwargs: Mapping[str, Any] = {}) -> bool:
    return isinstance(answer, (list, tuple)) and all(isinstance(s, Step) for s in answer)


#: hook -> (whether an answer fits, given the call's arguments; what is wanted).
#: ``None`` always fits: it means "no say" (or, for a first-result hook, "ask the next").
RULES: dict[str, tuple[Callable[[Any, Mapping[str, Any]], bool], str]] = {
    "warp_victory": (_seat, "a seat number or None"),
    "warp_tiebreak": (lambda a, kw: _seat(a, kw, low=-1), "a seat number, -1 for a draw, or None"),
    "warp_move_allowance": (_count, "a whole number of movement points (0 or more) or None"),
    "warp_recruit_cost": (_count, "a whole number (0 or more) or None"),
    "warp_can_place": (lambda a, kw: isinstance(a, bool), "True, False or None"),
    "warp_force_modifiers": (_modifiers, "a list of Modifier(label text, whole-number amount)"),
    "warp_revenue_modifiers": (_modifiers, "a list of Modifier(label text, whole-number amount)"),
    "warp_blocked_zones": (_zones, "a list of zone ids or a mapping {zone id: reason}"),
    "warp_stop_zones": (_zones, "a list of zone ids or a mapping {zone id: reason}"),
    "warp_battle_steps": (_steps, "a list of Step"),
    "warp_after_move": (_steps, "a list of Step"),
    "warp_hidden_limits": (_limits, "a list of (owner seat, unit tag, at most) tuples"),
    "warp_evaluate": (_points, "a number of points (neither NaN nor infinite) or None"),
    "warp_move_costs": (_costs, "a mapping {zone type id: cost of 1 or more} or None"),
    "warp_option_zone": (lambda a, kw: _zone_ids((a,), kw), "a zone id on the map or None"),
    "warp_zone_notes": (lambda a, kw: isinstance(a, (list, tuple)) and all(isinstance(n, str) for n in a), "a list of texts or None"),
    "warp_check_map": (lambda a, kw: isinstance(a, (list, tuple)) and all(isinstance(p, str) for p in a),
                       "a list of problems (strings) or None"),
}


#: Hooks answering a collection: any iterable will do (a generator, say), read once into a tuple.
COLLECTIONS = frozenset({
    "warp_force_modifiers", "warp_revenue_modifiers", "warp_blocked_zones", "warp_stop_zones", "warp_battle_steps", "warp_hidden_limits",
    "warp_after_move", "warp_zone_notes",
})


def _read_once(answer: Any) -> Any:
    """A one-pass iterable answer (a generator) as a tuple, so it can be checked and used."""
    if isinstance(answer, (str, bytes, Mapping, list, tuple, set, frozenset)) or not isinstance(answer, Iterable):
        return answer
    return tuple(answer)


def wanted(hook: str) -> str:
    """What ``hook`` must return, in words."""
    return RULES[hook][1]


def _shown(answer: Any) -> str:
    text = repr(answer)
    text = text if len(text) <= 60 else text[:57] + "..."
    kind = type(answer).__name__
    return f"{text} ({'an' if kind[0] in 'aeiou' else 'a'} {kind})"


def _where(function: Any) -> str:
    code = getattr(getattr(function, "__func__", function), "__code__", None)
    return f"{code.co_filename}, line {code.co_firstlineno}, in {code.co_name}" if code is not None else repr(function)


def wrong(theme: str, hook: str, function: Any, answer: Any, wanted: str, subject: str = "") -> ThemeError:
    """The error for a wrong answer, in three lines: the theme and its hook, where the hook
    is written, and what it gave against what was wanted."""
    return ThemeError(
        f"the theme {theme!r} gave a wrong answer from {hook}:\n"
        f"  {_where(function)}\n"
        f"  {subject or hook} must return {wanted}, not {_shown(answer)}"
    )


def _theme_name(impl: Any, kwargs: Mapping[str, Any]) -> str:
    game = kwargs.get("game")
    if game is not None and not impl.plugin_name.startswith("extra"):
        return game.setup.module
    return impl.plugin_name


def checked(caller: Any) -> Callable[..., Any]:
    """``caller`` (a pluggy hook caller) with each theme's or extra's answer checked; the
    caller itself for a hook without rules or with wrappers."""
    name = caller.name
    if name not in RULES or any(i.hookwrapper or getattr(i, "wrapper", False) for i in caller.get_hookimpls()):
        return caller
    fits, what = RULES[name]
    first = bool(caller.spec.opts.get("firstresult"))
    collection = name in COLLECTIONS
    impls = list(reversed(caller.get_hookimpls()))  # the order pluggy asks them in
    plans = [(impl.function, tuple(impl.argnames), impl.plugin_name == "generic", impl) for impl in impls]

    def call(**kwargs: Any) -> Any:
        results = []
        for function, argnames, generic, impl in plans:
            answer = function(*[kwargs[a] for a in argnames])
            if answer is None:
                continue
            if collection:
                answer = _read_once(answer)
            if not generic and not fits(answer, kwargs):
                raise wrong(_theme_name(impl, kwargs), name, function, answer, what)
            if first:
                return answer
            results.append(answer)
        return None if first else results

    return call


def checked_handlers(pm: Any, phases: Mapping[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """The phase handlers of ``phases``, those a theme or an extra gives wrapped so that a
    handler not returning a list of steps is named, with its theme, file and line."""
    from . import rules

    engine = rules.__name__ + "."
    out = {}
    for phase, handler in phases.items():
        if getattr(handler, "__module__", "").startswith(engine):
            out[phase] = handler
        else:
            out[phase] = _checked_handler(phase, handler)
    return out


def handler_problem(phase: str, handler: Any) -> str | None:
    """What is wrong with ``handler`` as the handler of ``phase``, in one line, or None. The
    engine calls it with ``(game, seat)`` and runs the steps it returns; a Step class given
    for a function that returns steps fails only when the phase first comes round."""
    import inspect

    wanted = "a function of (game, seat) that returns a list of Step"
    if isinstance(handler, type) and issubclass(handler, Step):
        return f"phase {phase!r}: its handler must be {wanted}, not the Step class {handler.__name__} (return, say, lambda game, seat: [{handler.__name__}(seat)])"
    if not callable(handler):
        return f"phase {phase!r}: its handler must be {wanted}, not {_shown(handler)}"
    try:
        inspect.signature(handler).bind(None, None)
    except TypeError:
        return f"phase {phase!r}: its handler must be {wanted}; {getattr(handler, '__name__', repr(handler))}{inspect.signature(handler)} cannot be called so"
    except ValueError:  # no signature to read (a builtin): it is tried when the phase comes
        pass
    return None


def _checked_handler(phase: str, handler: Callable[..., Any]) -> Callable[..., Any]:
    def run(game: Any, seat: int) -> Iterable[Step]:
        steps = _read_once(handler(game, seat))
        if not _steps(steps):
            raise wrong(game.setup.module, f"its {phase!r} phase handler", handler, steps, "a list of Step", "a phase handler")
        return steps

    return run


def _owner(game: Any, function: Any) -> str:
    """The name of the plugin whose folder holds ``function``'s code (the game's theme by
    its own name), or the game's theme when none does."""
    from pathlib import Path

    from .blame import theme_folders

    path = Path(function.__code__.co_filename).resolve()
    for folder, name in theme_folders(game.pm).items():
        if folder == path.parent or folder in path.parents:
            return name if name.startswith("extra") else game.setup.module
    return game.setup.module


def checked_effects(effects: Mapping[str, Any]) -> Mapping[str, Any]:
    """The card effects of ``effects`` (by card type id), those written outside the engine
    made to name themselves when ``targets`` answers anything but a list of Option or None."""
    from .decisions import Option

    for type_id, effect in effects.items():
        method = type(effect).targets
        if type(effect).__module__.startswith(__name__.rsplit(".", 1)[0] + ".") or getattr(method, "__module__", "").startswith("warp_empires."):
            continue  # the engine's own effects, and theme effects that keep the engine's targets

        def targets(game: Any, seat: int, ctx: Any, _effect: Any = effect, _id: str = type_id, _method: Any = method) -> Any:
            answer = _method(_effect, game, seat, ctx)
            if answer is not None and not (isinstance(answer, (list, tuple)) and all(isinstance(o, Option) for o in answer)):
                raise wrong(_owner(game, _method), f"card {_id!r}", _method, answer, "a list of Option or None", f"{type(_effect).__name__}.targets")
            return answer

        effect.targets = targets
    return effects
