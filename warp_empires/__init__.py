"""warp-empires: an engine for the Warp Empires family of empire-building board games.

The public API:

* :class:`Game`, :class:`GameSetup`, :class:`Seat`: a game, driven through
  ``game.pending`` (a :class:`Decision`) and ``game.decide(choice)``.
* :data:`hookimpl` and :class:`ThemePlugin`: for theme authors.
* :class:`ZoneMap`: the territory map a game is played on.
* :mod:`warp_empires.kit`: everything a theme's code may use; :mod:`warp_empires.testing`:
  exact positions and game drivers for tests of a theme.
"""

from .decisions import Decision, IllegalChoice, Option
from .engine import Game, GameSetup, Seat
from .step import Step
from .events import Event
from .hookspecs import hookimpl
from .model.data import Ability, CardType, Faction, MapRules, ModuleInfo, Settings, UnitType, ZoneType
from .plugins import ThemePlugin, make_manager
from .zonemap import MapZone, ZoneMap

__version__ = "0.1.0"

__all__ = [
    "Ability", "CardType", "Decision", "Event", "Faction", "Game", "GameSetup", "IllegalChoice",
    "MapRules", "MapZone", "ModuleInfo", "Option", "Seat", "Settings", "Step", "ThemePlugin",
    "UnitType", "ZoneMap", "ZoneType", "__version__", "hookimpl", "make_manager",
]
