"""Random zone maps: generate, check, save, import and draw territory maps.

>>> from warp_empires.mapgen import check_map, generate_map
>>> from warp_empires.model.loading import load_theme_data
>>> theme = load_theme_data("warp_modules.doctor_who")
>>> m = generate_map(theme.zone_types, theme.map_rules, zones=30, players=2, seed=7)
>>> len(m.zones), len(m.starts)
(30, 2)
>>> check_map(m, theme.zone_types, theme.map_rules, players=2)
[]

Maps are :class:`~warp_empires.zonemap.ZoneMap` values; :mod:`.mapfile` saves and
loads them as JSON, :mod:`.importers` reads Risk-style ``.map`` and GraphML files,
and :mod:`.render` draws them as SVG or PNG.

The names below are imported on first use: generating maps needs numpy and scipy,
which take most of a second to import, and reading a save or starting the command
line must not pay for them.
"""

import sys
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any

from .errors import MapError, MapFileError, MapGenerationError, MapImportError

#: Where each public name lives.
_HOMES = {
    "check_map": "constraints",
    "required_counts": "constraints",
    "Fairness": "fairness",
    "fairness": "fairness",
    "generate_map": "generator",
    "dumps": "mapfile",
    "load": "mapfile",
    "loads": "mapfile",
    "save": "mapfile",
    "MapTheme": "theme",
    "generate_for_theme": "theme",
    "map_theme": "theme",
}


class _Package(ModuleType):
    """Keeps a public name bound to its function when the submodule of the same name
    (``fairness``) is first imported, as the import system then binds it to the module."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and _HOMES.get(name) == name:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        if not name.startswith("_") and find_spec(f"{__name__}.{name}") is not None:
            return import_module(f"{__name__}.{name}")  # a submodule, as ``mapgen.mapfile``
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Fairness",
    "MapTheme",
    "MapError",
    "MapFileError",
    "MapGenerationError",
    "MapImportError",
    "check_map",
    "dumps",
    "fairness",
    "generate_for_theme",
    "generate_map",
    "load",
    "loads",
    "map_theme",
    "required_counts",
    "save",
]


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
