"""Rule variants for "what if" runs: ``--set settings.hand_limit=8``, ``--set units.war_fleet.force=5``.

A variant changes one number of the theme's rules data for every game of a run, with
no file edited. It is checked the way the theme's own TOML is checked (same ranges,
same messages), and applied by a small plugin that amends the theme's answers to the
data hooks, so the game, the map generator and the rulebook all see the same rules.

>>> parse("settings.hand_limit=8")
Variant(path='settings.hand_limit', value=8)
>>> parse("units.war_fleet.speed=F").value
'F'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..hookspecs import hookimpl
from ..model.data import CardType, Settings, UnitType
from ..model.loading import DataError, _Entry, parse_card, parse_settings, parse_unit

#: What a variant may change. Settings the command sets itself (the turn limit, the
#: players) and the list of phases (code, not a number) are left out.
SETTINGS = tuple(sorted(f.name for f in attrs.fields(Settings) if f.name not in ("extra", "phases", "turn_limit", "computer_player")))
UNIT_FIELDS = ("force", "speed", "cost", "copies")
CARD_FIELDS = ("copies",)
ALLOWED = (
    f"settings.NAME ({', '.join(SETTINGS)}), units.ID.FIELD ({', '.join(UNIT_FIELDS)}) "
    f"or cards.ID.FIELD ({', '.join(CARD_FIELDS)})"
)


class VariantError(ValueError):
    """A ``--set`` the rules cannot take; the message names what is allowed."""


@attrs.frozen
class Variant:
    """One change: a dotted path into the rules data and its new value (as written)."""

    path: str
    value: Any

    def __str__(self) -> str:
        return f"{self.path}={self.value}"


def parse(text: str) -> Variant:
    """``PATH=VALUE`` as a variant; the value is read as a TOML value (``8``, ``true``,
    ``"faction"``), a bare word standing for itself."""
    path, sep, raw = text.partition("=")
    path, raw = path.strip(), raw.strip()
    if not sep or not path or not raw:
        raise VariantError(f"--set {text!r}: write PATH=VALUE, e.g. settings.hand_limit=8; PATH is {ALLOWED}")
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    return Variant(path, value)


def check(variants: Sequence[Variant], settings: Settings, units: Iterable[UnitType], cards: Iterable[CardType]) -> None:
    """Raise :class:`VariantError` for the first variant the theme's data cannot take."""
    unit_ids = {u.id: u for u in units}
    card_ids = {c.id: c for c in cards}
    seen: set[str] = set()
    for v in variants:
        if v.path in seen:
            raise VariantError(f"--set {v.path} is given twice; give each change once")
        seen.add(v.path)
        try:
            _apply_one(v, settings, unit_ids, card_ids)
        except DataError as exc:
            raise VariantError(str(exc)) from None


def _apply_one(v: Variant, settings: Settings, units: dict[str, UnitType], cards: dict[str, CardType]) -> Any:
    """The changed object (a Settings, UnitType or CardType) for one variant."""
    parts = v.path.split(".")
    where = f"--set {v.path}"
    if parts[0] == "settings" and len(parts) == 2:
        if parts[1] not in SETTINGS:
            raise VariantError(f"{where}: no such setting; settings are {', '.join(SETTINGS)}")
        checked = parse_settings(_Entry(where, {parts[1]: v.value}))
        return attrs.evolve(settings, **{parts[1]: getattr(checked, parts[1])})
    if parts[0] in ("units", "cards") and len(parts) == 3:
        kind, known, fields = ("unit", units, UNIT_FIELDS) if parts[0] == "units" else ("card", cards, CARD_FIELDS)
        _, ident, field = parts
        if ident not in known:
            raise VariantError(f"{where}: no {kind} {ident!r}; {kind}s are {', '.join(known)}")
        if field not in fields:
            raise VariantError(f"{where}: a variant may change a {kind}'s {', '.join(fields)}")
        old = known[ident]
        if kind == "unit":
            table = {"id": old.id, "name": old.name, "force": old.force, "speed": old.speed, "cost": old.cost, "copies": old.copies}
            checked = parse_unit(_Entry(where, {**table, field: v.value}))
        else:
            table = {"id": old.id, "name": old.name, "copies": old.copies, "effect": old.effect}
            checked = parse_card(_Entry(where, {**table, field: v.value}))
        return attrs.evolve(old, **{field: getattr(checked, field)})
    raise VariantError(f"--set {v.path}: unknown path; use {ALLOWED}")


class VariantPlugin:
    """Amends the theme's settings, unit types and card types with the variants
    (registered after the theme, it wraps the theme's answers)."""

    def __init__(self, variants: Sequence[Variant]):
        self.variants = tuple(variants)

    def _amend(self, item: Any) -> Any:
        """``item`` (a Settings, UnitType or CardType) with the variants about it applied."""
        for v in self.variants:
            if isinstance(item, Settings) and v.path.startswith("settings."):
                item = _apply_one(v, item, {}, {})
            elif isinstance(item, UnitType) and v.path.startswith(f"units.{item.id}."):
                item = _apply_one(v, Settings(), {item.id: item}, {})
            elif isinstance(item, CardType) and v.path.startswith(f"cards.{item.id}."):
                item = _apply_one(v, Settings(), {}, {item.id: item})
        return item

    @hookimpl(wrapper=True)
    def warp_settings(self):
        settings = yield
        return self._amend(settings)

    @hookimpl(wrapper=True)
    def warp_unit_types(self):
        answers = yield
        return [[self._amend(u) for u in answer] if isinstance(answer, (list, tuple)) else answer for answer in answers]

    @hookimpl(wrapper=True)
    def warp_card_types(self):
        answers = yield
        return [[self._amend(c) for c in answer] if isinstance(answer, (list, tuple)) else answer for answer in answers]
