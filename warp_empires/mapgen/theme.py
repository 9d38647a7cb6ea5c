"""What a theme's plugin manager says about maps, gathered from its hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from warp_empires.answers import checked
from warp_empires.blame import blamed
from warp_empires.plugins import map_rules
from warp_empires.model.data import MapRules, ZoneType
from warp_empires.zonemap import ZoneMap

from .generator import generate_map


@attrs.frozen
class MapTheme:
    """A theme's zone types, its map rules for a number of players, and its extra check."""

    zone_types: tuple[ZoneType, ...]
    map_rules: MapRules
    pm: Any = attrs.field(default=None, eq=False, repr=False)

    def extra_check(self, zone_map: ZoneMap, players: int) -> list[str]:
        """The problems the theme's ``warp_check_map`` hooks find (all answers joined)."""
        if self.pm is None:
            return []
        pm = self.pm
        # A wrong answer is named with its theme, file and line (warp_empires.answers).
        answers = blamed(pm, "", lambda: checked(pm.hook.warp_check_map)(zone_map=zone_map, players=players))
        return [problem for answer in answers if answer for problem in answer]


def map_theme(pm: Any, players: int) -> MapTheme:
    """Ask the hooks of ``pm`` (generic ruleset plus a theme) for the map inputs."""
    zone_types: Sequence[ZoneType] = [zt for answer in pm.hook.warp_zone_types() if answer for zt in answer]
    rules = map_rules(pm, players)  # an answer of the wrong kind is named, with its file and line
    return MapTheme(tuple(zone_types), rules, pm)


def generate_for_theme(pm: Any, *, zones: int = 40, players: int = 4, seed: int = 0, **options: Any) -> ZoneMap:
    """:func:`generate_map` with the zone types, rules and checks of a plugin manager's theme."""
    theme = map_theme(pm, players)
    return generate_map(
        theme.zone_types, theme.map_rules, zones=zones, players=players, seed=seed,
        extra_check=theme.extra_check, **options,
    )
