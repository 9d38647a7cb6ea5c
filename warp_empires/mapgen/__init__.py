"""Random zone maps: generate, check, save, import and draw territory maps.

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
"""

from .constraints import check_map, required_counts
from .errors import MapError, MapFileError, MapGenerationError, MapImportError
from .fairness import Fairness, fairness
from .generator import generate_map
from .mapfile import dumps, load, loads, save
from .theme import MapTheme, generate_for_theme, map_theme

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
