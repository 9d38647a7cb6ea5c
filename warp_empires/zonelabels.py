"""The names and codes players type to pick a zone, and the rules they keep to.

Every map keeps them, whether it comes from a map file, a save or Python code
(:meth:`ZoneMap.build`): the map reader and game setup both ask :func:`label_problem`,
so a game that starts on a map can always be saved and read back.

>>> from warp_empires.zonemap import ZoneMap
>>> label_problem(ZoneMap.build([("Alpha", "rich", 3), ("alpha", "void", 0)], [(0, 1)]).zones)
"zone name 'alpha' is used twice (zones[0] and zones[1]); names must be unique"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import limits

if TYPE_CHECKING:
    from .zonemap import MapZone


def name_problem(name: str, i: int) -> str | None:
    """What is wrong with zone ``i``'s name, or ``None``."""
    if not name.strip():
        return f"zones[{i}], field 'name': is empty; every zone needs a name"
    if len(name) > limits.MAX_ZONE_NAME:
        return f"zones[{i}], field 'name': {len(name)} characters long; a name has at most {limits.MAX_ZONE_NAME}"
    if limits.has_control_characters(name) or name != name.strip():
        return f"zones[{i}], field 'name': {name!r} holds control characters or spaces at its ends; use printable text"
    return None


def code_problem(code: str, i: int, name: str) -> str | None:
    """What is wrong with zone ``i``'s code, or ``None``."""
    if not code:
        return f"zones[{i}] ({name}), field 'code': is empty"
    if len(code) > limits.MAX_CODE or not code.isalnum():
        return f"zones[{i}] ({name}), field 'code': {code!r} is not allowed; a code has 1 to {limits.MAX_CODE} letters and digits"
    return None


def label_problem(zones: Sequence[MapZone]) -> str | None:
    """The first problem with the zones' names and codes, or ``None``: each must be
    well formed, names and codes unique ignoring case, and no code another zone's name
    (typing it would find two zones)."""
    for i, z in enumerate(zones):
        problem = name_problem(z.name, i) or code_problem(z.code, i, z.name)
        if problem:
            return problem
    codes: dict[str, int] = {}
    for i, z in enumerate(zones):
        if z.code.lower() in codes:
            return f"zone code {z.code!r} is used twice (zones[{codes[z.code.lower()]}] and zones[{i}])"
        codes[z.code.lower()] = i
    names: dict[str, int] = {}
    for i, z in enumerate(zones):
        if z.name.lower() in names:
            return f"zone name {z.name!r} is used twice (zones[{names[z.name.lower()]}] and zones[{i}]); names must be unique"
        names[z.name.lower()] = i
    for i, z in enumerate(zones):
        other = names.get(z.code.lower(), i)
        if other != i:
            return f"zones[{i}] ({z.name}) has code {z.code!r}, the name of zones[{other}]; typing it would find two zones"
    return None
