"""warp-empires: an engine for the Warp Empires family of empire-building board games.

The public API:

* :class:`Game`, :class:`GameSetup`, :class:`Seat`: a game, driven through
  ``game.pending`` (a :class:`Decision`) and ``game.decide(choice)``.
* :data:`hookimpl` and :class:`ThemePlugin`: for theme authors.
* :class:`ZoneMap`: the territory map a game is played on.
* :mod:`warp_empires.kit`: everything a theme's code may use; :mod:`warp_empires.testing`:
  exact positions and game drivers for tests of a theme.

The names are loaded from their modules when first used, so that ``import warp_empires``
(and the command line's ``--help``) does not load the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Each public name and the module it comes from.
_HOMES = {
    "Decision": "decisions", "IllegalChoice": "decisions", "Option": "decisions",
    "Game": "engine", "GameSetup": "engine", "Seat": "engine",
    "Step": "step",
    "Event": "events",
    "hookimpl": "hookspecs",
    "Ability": "model.data", "CardType": "model.data", "Faction": "model.data", "MapRules": "model.data",
    "ModuleInfo": "model.data", "Settings": "model.data", "UnitType": "model.data", "ZoneType": "model.data",
    "ThemePlugin": "plugins", "make_manager": "plugins",
    "MapZone": "zonemap", "ZoneMap": "zonemap",
}

__all__ = sorted([*_HOMES, "__version__"])


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'warp_empires' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


if TYPE_CHECKING:  # what readers and type checkers see
    from .decisions import Decision, IllegalChoice, Option
    from .engine import Game, GameSetup, Seat
    from .events import Event
    from .hookspecs import hookimpl
    from .model.data import Ability, CardType, Faction, MapRules, ModuleInfo, Settings, UnitType, ZoneType
    from .plugins import ThemePlugin, make_manager
    from .step import Step
    from .zonemap import MapZone, ZoneMap
