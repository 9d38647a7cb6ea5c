"""Fast calls of the rule hooks during play.

pluggy's hook call costs a few microseconds; a random game asks some hooks several
times per decision. When only the generic ruleset implements a hook (the usual case
for most hooks), :class:`RuleHooks` calls that implementation directly, returning
exactly what pluggy would (one value for first-result hooks, a list otherwise).
"""

from __future__ import annotations

from typing import Any, Callable

from .answers import checked


def _nothing(**kwargs: Any) -> None:
    return None


def _no_answers(**kwargs: Any) -> list[Any]:
    return []


def _direct(caller: Any) -> Callable[..., Any]:
    impls = caller.get_hookimpls()
    if not impls:
        return _nothing if caller.spec.opts.get("firstresult") else _no_answers
    if len(impls) != 1 or impls[0].plugin_name != "generic" or impls[0].hookwrapper or impls[0].wrapper:
        return checked(caller)  # a theme's answers are checked, and a wrong one names it
    function = impls[0].function
    if caller.spec.opts.get("firstresult"):
        return function

    def collect(**kwargs: Any) -> list[Any]:
        result = function(**kwargs)
        return [] if result is None else [result]

    return collect


class _Known(dict):
    """hook name -> what ``test`` says of the hook's implementations, worked out on first use."""

    def __init__(self, pm: Any, test: Callable[[list[Any]], bool]):
        super().__init__()
        self._pm = pm
        self._test = test

    def __missing__(self, name: str) -> bool:
        known = self[name] = self._test(getattr(self._pm.hook, name).get_hookimpls())
        return known


def _generic_only(impls: list[Any]) -> bool:
    return all(impl.plugin_name == "generic" for impl in impls)


def _none(impls: list[Any]) -> bool:
    return not impls


class _FirstCall:
    """Hook ``name`` of ``hooks`` until its first call, which puts the fast caller in its place
    (the plugins are all registered by then)."""

    __slots__ = ("hooks", "name")

    def __init__(self, hooks: RuleHooks, name: str):
        self.hooks, self.name = hooks, name

    def __call__(self, **kwargs: Any) -> Any:
        fast = _direct(getattr(self.hooks._pm.hook, self.name))
        setattr(self.hooks, self.name, fast)
        return fast(**kwargs)


class RuleHooks:
    """``hooks.warp_x(**kwargs)`` behaves like ``pm.hook.warp_x(**kwargs)``, only faster.

    Every hook is an attribute from the start (no ``__getattr__``): a class with one has
    every attribute looked up the slow way, and the rules read these at every decision.
    """

    def __init__(self, pm: Any):
        self._pm = pm
        #: ``absent[name]``: whether no plugin at all (not even the generic ruleset)
        #: implements hook ``name``, for the move rules asked at nearly every decision.
        self.absent: dict[str, bool] = _Known(pm, _none)
        #: What the move rules work out once a game of what these hooks make of moving
        #: (:class:`~warp_empires.rules.move.MoveQuery`), shared by the game's copies.
        self.move_queries: dict[tuple, Any] = {}
        #: ``generic[name]`` is :meth:`only_generic` as a lookup, for the rules asked at
        #: nearly every decision (a dict lookup costs a fraction of a method call).
        self.generic: dict[str, bool] = _Known(pm, _generic_only)
        for name in vars(pm.hook):
            setattr(self, name, _FirstCall(self, name))

    def only_generic(self, name: str) -> bool:
        """Whether the generic ruleset alone answers hook ``name`` (no theme or extra
        does), so that rules may rely on how the generic answer is worked out."""
        return self.generic[name]
