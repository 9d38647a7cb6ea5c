"""Reading a theme's TOML data into rules data, with errors that say where.

A theme keeps its data in a ``data/`` folder inside its package::

    data/theme.toml     [module], [settings], [map], [extra], [text], [ai]
    data/zones.toml     [[zone]] entries
    data/units.toml     [[unit]] entries
    data/factions.toml  [[faction]] entries
    data/cards.toml     [[card]] entries

Every problem is reported as one line naming the file, the entry and the field, e.g.
``units.toml: unit 'scouts', field 'force': expected a whole number, got 'one'``.
"""

from __future__ import annotations

import copy
import difflib
import importlib.resources
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import attrs

from .. import limits
from .data import (
    SPEED_LETTERS,
    Ability,
    CardType,
    Faction,
    MapRules,
    ModuleInfo,
    Settings,
    ThemeText,
    UnitType,
    ZoneType,
)

T = TypeVar("T")

#: Ability kinds the engine implements (the shared vocabulary themes configure).
ABILITY_KINDS = frozenset(
    {
        "force_per_unit",
        "force_per_unit_attacking",
        "force_per_unit_defending",
        "force_per_stack",
        "speed_bonus",
        "cost_delta",
        "draw_bonus",
        "unit_draw_bonus",
        "hand_limit",
        "can_enter",
    }
)


class DataError(ValueError):
    """A theme's data is malformed; the message says the file, entry and field."""


@attrs.frozen
class ThemeData:
    """Everything one theme's TOML files hold, validated."""

    info: ModuleInfo
    settings: Settings
    map_rules: MapRules
    zone_types: tuple[ZoneType, ...]
    unit_types: tuple[UnitType, ...]
    factions: tuple[Faction, ...]
    card_types: tuple[CardType, ...]
    text: ThemeText = ThemeText()
    folder: str = ""  # where the files were read, for messages
    ai_weights: Mapping[str, float] = attrs.field(factory=dict)  # the [ai] weights table
    #: The data files that were not there or could not be read: nothing was checked against them.
    unread: frozenset[str] = frozenset()


#: What a field that is wrong reads as while the other problems are looked for.
_STAND_IN: dict[Any, Any] = {int: 0, str: "", bool: False, list: [], dict: {}, (str, int): 0}


class _Entry:
    """Typed access to one TOML table, raising DataError with its location; given a
    ``sink`` (a list), it adds each problem there instead and reads a stand-in value, so
    that one pass finds every problem."""

    def __init__(self, where: str, table: Mapping[str, Any], sink: list[str] | None = None):
        self.where = where
        self.table = table
        self.sink = sink
        if not isinstance(table, Mapping):
            raise DataError(f"{where}: expected a table, got {type(table).__name__}")

    def fail(self, field: str, problem: str) -> DataError:
        return DataError(f"{self.where}, field '{field}': {problem}")

    def problem(self, field: str, problem: str) -> None:
        """Raise the problem, or note it in the sink and carry on."""
        if self.sink is None:
            raise self.fail(field, problem)
        self.sink.append(str(self.fail(field, problem)))

    def get(self, field: str, kind: type | tuple[type, ...], default: Any = ..., check: Callable[[Any], bool] | None = None, allowed: str = "") -> Any:
        if self.sink is None:
            return self._get(field, kind, default, check, allowed)
        try:
            return self._get(field, kind, default, check, allowed)
        except DataError as exc:
            self.sink.append(str(exc))
            return copy.copy(_STAND_IN.get(kind)) if default is ... else default

    def _get(self, field: str, kind: type | tuple[type, ...], default: Any, check: Callable[[Any], bool] | None, allowed: str) -> Any:
        if field not in self.table:
            if default is ...:
                raise self.fail(field, "missing")
            return default
        value = self.table[field]
        names = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        wanted = {"int": "a whole number", "str": "text", "bool": "true or false", "list": "a list", "dict": "a table"}.get(names, names)
        if isinstance(value, bool) and kind is int or not isinstance(value, kind):
            raise self.fail(field, f"expected {wanted}, got {value!r}{'; ' + allowed if allowed else ''}")
        if isinstance(value, str) and any(ord(c) < 32 and c not in "\n\t" or 127 <= ord(c) < 160 for c in value):
            # Names and texts are printed to terminals: no escape codes.
            raise self.fail(field, "holds control characters; use printable text")
        if check is not None and not check(value):
            raise self.fail(field, f"{value!r} is not allowed{'; ' + allowed if allowed else ''}")
        return value

    def unknown(self, known: set[str] | frozenset[str]) -> None:
        for field in sorted(set(self.table) - known):
            self.problem(field, f"unknown field{did_you_mean(field, known)}; known fields are {', '.join(sorted(known))}")


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a near miss among ``known``, else nothing."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _nonneg(v: int) -> bool:
    return 0 <= v <= limits.MAX_NUMBER


#: What the bounded checks allow, for the error line.
_UPTO = f"use 0 to {limits.MAX_NUMBER}"


def _between(low: int, high: int) -> Callable[[int], bool]:
    return lambda v: low <= v <= high


def parse_abilities(entry: _Entry, field: str = "abilities") -> tuple[Ability, ...]:
    raw = entry.get(field, list, default=[])
    out = []
    for i, item in enumerate(raw):
        sub = _Entry(f"{entry.where}, {field}[{i}]", item, entry.sink)
        kind = sub.get("kind", str, check=lambda k: k in ABILITY_KINDS, allowed="known kinds: " + ", ".join(sorted(ABILITY_KINDS)))
        sub.unknown({"kind", "amount", "zone_types", "tag"})
        out.append(
            Ability(
                kind=kind,
                amount=sub.get("amount", int, default=0, check=_between(-limits.MAX_NUMBER, limits.MAX_NUMBER),
                               allowed=f"use {-limits.MAX_NUMBER} to {limits.MAX_NUMBER}"),
                zone_types=frozenset(sub.get("zone_types", list, default=[])),
                tag=sub.get("tag", str, default=None),
            )
        )
    return tuple(out)


def _speed(entry: _Entry) -> int:
    raw = entry.get("speed", (str, int))
    if isinstance(raw, int):
        if not 0 <= raw <= limits.MAX_NUMBER:
            raise entry.fail("speed", f"{raw} is not allowed; use 0 to {limits.MAX_NUMBER}, or one of F, M, S, X")
        return raw
    if raw.upper() not in SPEED_LETTERS:
        raise entry.fail("speed", f"{raw!r} is not allowed; use F (3), M (2), S (1), X (0) or a number")
    return SPEED_LETTERS[raw.upper()]


def parse_zone(entry: _Entry) -> ZoneType:
    entry.unknown({"id", "name", "revenue", "passable", "move_cost", "rolls", "recruit_limit", "tags", "notes"})
    return ZoneType(
        id=entry.get("id", str),
        name=entry.get("name", str),
        revenue=entry.get("revenue", int, default=0, check=_between(0, limits.MAX_REVENUE), allowed=f"use 0 to {limits.MAX_REVENUE}"),
        passable=entry.get("passable", bool, default=True),
        move_cost=entry.get("move_cost", int, default=1, check=_between(1, limits.MAX_NUMBER), allowed=f"use 1 to {limits.MAX_NUMBER}"),
        rolls=tuple(entry.get("rolls", list, default=[])),
        recruit_limit=entry.get("recruit_limit", int, default=None, check=_nonneg, allowed=_UPTO),
        tags=frozenset(entry.get("tags", list, default=[])),
        notes=entry.get("notes", str, default=""),
    )


def parse_unit(entry: _Entry) -> UnitType:
    entry.unknown({"id", "name", "force", "speed", "cost", "copies", "tags", "abilities", "faction", "notes"})
    force = entry.get("force", int, check=_nonneg, allowed=_UPTO)
    return UnitType(
        id=entry.get("id", str),
        name=entry.get("name", str),
        force=force,
        speed=_speed(entry),
        cost=entry.get("cost", int, default=force, check=_nonneg, allowed=_UPTO),
        copies=entry.get("copies", int, default=1, check=_between(1, limits.MAX_COPIES), allowed=f"use 1 to {limits.MAX_COPIES}"),
        tags=frozenset(entry.get("tags", list, default=[])),
        abilities=parse_abilities(entry),
        faction=entry.get("faction", str, default=None),
        notes=entry.get("notes", str, default=""),
    )


def parse_faction(entry: _Entry) -> Faction:
    entry.unknown({"id", "name", "description", "abilities", "ability_text"})
    return Faction(
        id=entry.get("id", str),
        name=entry.get("name", str),
        description=entry.get("description", str, default=""),
        abilities=parse_abilities(entry),
        ability_text=entry.get("ability_text", str, default=""),
    )


def parse_card(entry: _Entry) -> CardType:
    entry.unknown({"id", "name", "copies", "effect", "params", "text"})
    return CardType(
        id=entry.get("id", str),
        name=entry.get("name", str),
        copies=entry.get("copies", int, check=_between(1, limits.MAX_COPIES), allowed=f"use 1 to {limits.MAX_COPIES}"),
        effect=entry.get("effect", str),
        params=_bounded_numbers(entry, "params", entry.get("params", dict, default={})),
        text=entry.get("text", str, default=""),
    )


def _bounded_numbers(entry: _Entry, field: str, value: Any) -> Any:
    """``value`` unchanged, once every number in it is within +-MAX_NUMBER (cards draw,
    roll and count with them, so an absurd one would only surface mid-game)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and not -limits.MAX_NUMBER <= value <= limits.MAX_NUMBER:
        raise entry.fail(field, f"{value!r} is not allowed; numbers here lie from {-limits.MAX_NUMBER} to {limits.MAX_NUMBER}")
    if isinstance(value, Mapping):
        for k, v in value.items():
            _bounded_numbers(entry, f"{field}.{k}", v)
    elif isinstance(value, list):
        for v in value:
            _bounded_numbers(entry, field, v)
    return value


_SETTINGS_FIELDS = {f.name: f for f in attrs.fields(Settings) if f.name != "extra"}
#: The tables of theme.toml. A theme's own numbers, which only its code reads, go in [extra].
THEME_TABLES = frozenset({"module", "settings", "map", "extra", "text", "ai"})


def parse_text(entry: _Entry) -> ThemeText:
    """The [text] table: the theme's own words (see :class:`ThemeText`)."""
    entry.unknown(frozenset({"currency", "phases", "events", "decisions", "plays", "noteworthy", "phase_help"}))
    words = {}
    for key in ("phases", "events", "decisions", "phase_help"):
        table = entry.get(key, dict, default={})
        for name, value in table.items():
            # An event may have several sentences, for readers who see more or less of it.
            several = key == "events" and isinstance(value, list)
            for text in value if several and value else [value]:
                if not isinstance(text, str) or not text.strip():
                    wanted = "text or a list of texts" if key == "events" else "text"
                    raise entry.fail(f"{key}.{name}", f"expected {wanted}, got {value!r}")
                if "\x1b" in text or any(ord(c) < 32 for c in text):
                    raise entry.fail(f"{key}.{name}", "holds control characters; use printable text")
        words[key] = table
    currency = entry.get("currency", str, default="EP", check=lambda v: 0 < len(v.strip()) <= 20, allowed="use 1 to 20 characters")
    plays = entry.get("plays", str, default="{player} plays the {faction}", check=_seat_line_ok,
                      allowed="write a sentence with {player} and {faction}, e.g. '{player} plays {faction}'")
    noteworthy = entry.get("noteworthy", list, default=[])
    for kind in noteworthy:
        if kind not in words["events"]:
            # The summaries tell an event in the theme's words: without a sentence it would read as a list of fields.
            raise entry.fail("noteworthy", f"{kind!r} has no sentence in [text.events]{did_you_mean(str(kind), words['events'])}")
    return ThemeText(currency=currency, plays=plays, noteworthy=noteworthy, **words)


def parse_ai(entry: _Entry) -> dict[str, float]:
    """The [ai] table: ``weights``, the computer players' evaluation weights this theme tunes."""
    entry.unknown(frozenset({"weights"}))
    weights = entry.get("weights", dict, default={})
    if not weights:
        return {}
    out = {}
    for name, value in weights.items():
        problem = weight_problem(name, value)
        if problem is None:
            out[name] = float(value)
        else:
            entry.problem("weights", problem)
    return out


def weight_problem(name: str, value: Any) -> str | None:
    """What is wrong with tuning the computer players' weight ``name`` to ``value``, in one
    line, or ``None``."""
    from ..agents.weights import WEIGHT_NAMES  # only a theme that tunes its players pays for the import

    if name not in WEIGHT_NAMES:
        return f"{name!r} is not a weight of the evaluation{did_you_mean(name, WEIGHT_NAMES)}; the weights are {', '.join(WEIGHT_NAMES)}"
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not -limits.MAX_NUMBER <= value <= limits.MAX_NUMBER:
        return f"weight {name!r}: {value!r} is not allowed; use a number from {-limits.MAX_NUMBER} to {limits.MAX_NUMBER}"
    return None


def _seat_line_ok(text: str) -> bool:
    try:
        line = text.format(player="\0", faction="\1")
    except (KeyError, IndexError, ValueError):
        return False
    return "\0" in line and "\1" in line and not any(ord(c) < 32 for c in text)


def parse_settings(entry: _Entry, extra_entry: _Entry | None = None) -> Settings:
    """The [settings] table (only the engine's settings: a misspelt key is an error, not
    a setting nobody reads) and the theme's own numbers from [extra]."""
    for key in sorted(set(entry.table) - set(_SETTINGS_FIELDS)):
        entry.problem(
            key,
            f"not a setting of the engine{did_you_mean(key, _SETTINGS_FIELDS)}; the settings are "
            f"{', '.join(sorted(_SETTINGS_FIELDS))}; numbers only the theme's own code reads go in [extra]",
        )
    values: dict[str, Any] = {}
    extra = {}
    if extra_entry is not None:
        extra = {key: _bounded_numbers(extra_entry, key, value) for key, value in extra_entry.table.items()}
    for key, value in entry.table.items():
        if key not in _SETTINGS_FIELDS:
            continue
        if key == "phases":
            values[key] = tuple(entry.get(key, list))
        elif key == "pools":
            values[key] = entry.get(key, str, check=lambda v: v in ("shared", "faction"), allowed="use 'shared' or 'faction'")
        elif key == "repeat_factions":
            values[key] = entry.get(key, bool)
        elif key == "turn_limit":
            values[key] = entry.get(key, int, check=_between(1, limits.MAX_ROUNDS), allowed=f"use 1 to {limits.MAX_ROUNDS}")
        elif key == "computer_player":
            # Only its form here: which agents there are is the agents' business (`module check` asks them).
            values[key] = entry.get(key, str, check=lambda v: v.startswith("ai:") and len(v) <= 200,
                                    allowed="use ai:random, ai:greedy or ai:mcts (with options, as --seat takes them)")
        else:
            values[key] = entry.get(key, int, check=_nonneg, allowed=_UPTO)
    if values.get("repeat_factions") and values.get("pools") == "faction":
        entry.problem("repeat_factions", "true needs pools = 'shared': a faction with a unit pool of its own is played once")
    return Settings(**values, extra=extra)


def parse_map_rules(entry: _Entry) -> MapRules:
    entry.unknown({"die", "min_counts", "start_zone_type", "named_zones", "names", "passable_connected"})
    return MapRules(
        die=entry.get("die", int, default=6, check=_between(1, limits.MAX_NUMBER), allowed=f"use 1 to {limits.MAX_NUMBER}"),
        min_counts=_min_counts(entry),
        start_zone_type=entry.get("start_zone_type", str, default=None),
        named_zones=entry.get("named_zones", dict, default={}),
        names=tuple(entry.get("names", list, default=[])),
        passable_connected=entry.get("passable_connected", bool, default=True),
    )


def _min_counts(entry: _Entry) -> dict[str, int]:
    counts = entry.get("min_counts", dict, default={})
    for key, n in counts.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= limits.MAX_ZONES:
            raise entry.fail(f"min_counts.{key}", f"{n!r} is not allowed; use 0 to {limits.MAX_ZONES}")
    return counts


def _entries(doc: Mapping[str, Any], fname: str, key: str, parse: Callable[[_Entry], T], sink: list[str] | None = None) -> tuple[T, ...]:
    for other in sorted(set(doc) - {key}):
        _report(sink, f"{fname}: unknown table [{other}]{did_you_mean(other, [key])}; this file holds [[{key}]] entries")
    items = doc.get(key, [])
    if not isinstance(items, list):
        _report(sink, f"{fname}: '{key}' must be an array of tables ([[{key}]])")
        return ()
    out: list[T] = []
    seen: set[str] = set()
    for i, table in enumerate(items):
        label = table.get("id", f"#{i + 1}") if isinstance(table, Mapping) else f"#{i + 1}"
        try:
            value = parse(_Entry(f"{fname}: {key} {label!r}", table, sink))
        except DataError as exc:
            _report(sink, str(exc))  # what cannot be read past: the rest of the entry is skipped
            continue
        if value.id in seen:  # type: ignore[attr-defined]
            _report(sink, f"{fname}: {key} {label!r}, field 'id': used twice")
            continue
        seen.add(value.id)  # type: ignore[attr-defined]
        out.append(value)
    return tuple(out)


def _report(sink: list[str] | None, problem: str) -> None:
    """Raise ``problem``, or note it in ``sink`` when every problem is being listed."""
    if sink is None:
        raise DataError(problem)
    sink.append(problem)


def _read(folder: Any, fname: str, where: str) -> dict[str, Any]:
    path = folder / fname
    if not path.is_file():
        return {}
    try:
        return tomllib.loads(path.read_text(encoding="utf-8-sig"))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}/{fname}: not valid TOML ({exc})") from None
    except UnicodeDecodeError:
        raise DataError(f"{where}/{fname}: not UTF-8 text") from None
    except ValueError:  # Python refuses to read integers of thousands of digits
        raise DataError(f"{where}/{fname}: holds a number thousands of digits long") from None
    except RecursionError:
        raise DataError(f"{where}/{fname}: nested too deeply") from None


def load_theme_data(source: str | Path, problems: list[str] | None = None) -> ThemeData:
    """Load and validate a theme's data.

    ``source`` is a package name (its ``data/`` folder is read) or a folder path.
    Raises :class:`DataError` with a one-line message on the first problem; given a list
    ``problems``, adds every problem to it instead, one line each, and reads on (what it
    returns is then only good for finding further problems).
    """
    sink = problems
    unread: set[str] = set()
    if isinstance(source, Path):
        folder: Any = source
        where = str(source)
    else:
        folder = importlib.resources.files(source) / "data"
        where = source.rsplit(".", 1)[-1] + "/data"

    def read(fname: str) -> dict[str, Any]:
        if not (folder / fname).is_file():
            unread.add(fname)
            return {}
        try:
            return _read(folder, fname, where)
        except DataError as exc:
            _report(sink, str(exc))
            unread.add(fname)
            return {}

    theme = read("theme.toml")
    if not (folder / "theme.toml").is_file():
        _report(sink, f"{where}/theme.toml is missing; every theme needs one, with its [module] name (docs/authoring.md, step 2)")
        theme = {"module": {"name": ""}}  # said above: not again as a missing name
    for table in theme:
        if table not in THEME_TABLES:
            _report(sink,
                f"{where}/theme.toml: unknown table [{table}]{did_you_mean(table, THEME_TABLES)}; "
                f"the tables are {', '.join(f'[{t}]' for t in sorted(THEME_TABLES))}"
            )

    def entry(table: str) -> _Entry:
        value = theme.get(table, {})
        if not isinstance(value, Mapping):
            _report(sink, f"{where}/theme.toml: [{table}]: expected a table, got {type(value).__name__}")
            value = {}
        return _Entry(f"{where}/theme.toml: [{table}]", value, sink)

    module = entry("module")
    module.unknown(frozenset({"name", "version", "description", "title"}))
    info = ModuleInfo(
        name=module.get("name", str),
        version=module.get("version", str, default="0"),
        description=module.get("description", str, default=""),
        title=module.get("title", str, default=""),
    )
    parsed: dict[str, Any] = {"settings": Settings(), "map": MapRules(), "text": ThemeText(), "ai": {}}
    for table, parse in (
        ("settings", lambda: parse_settings(entry("settings"), entry("extra"))),
        ("map", lambda: parse_map_rules(entry("map"))),
        ("text", lambda: parse_text(entry("text"))),
        ("ai", lambda: parse_ai(entry("ai"))),
    ):
        try:
            parsed[table] = parse()
        except DataError as exc:
            _report(sink, str(exc))
    settings, map_rules, text = parsed["settings"], parsed["map"], parsed["text"]
    zones = _entries(read("zones.toml"), f"{where}/zones.toml", "zone", parse_zone, sink)
    units = _entries(read("units.toml"), f"{where}/units.toml", "unit", parse_unit, sink)
    factions = _entries(read("factions.toml"), f"{where}/factions.toml", "faction", parse_faction, sink)
    cards = _entries(read("cards.toml"), f"{where}/cards.toml", "card", parse_card, sink)
    # What one file names in another is checked only against a file that was read: one that
    # is missing or broken is said once, not again for every name pointing into it.
    zone_ids = {z.id for z in zones}
    for z in zones if "theme.toml" not in unread else ():
        for r in z.rolls:
            if not isinstance(r, int) or not 1 <= r <= map_rules.die:
                _report(sink, f"{where}/zones.toml: zone {z.id!r}, field 'rolls': {r!r} is not a face of a {map_rules.die}-sided die")
    for key in list(map_rules.min_counts) + list(map_rules.named_zones.values()) + [map_rules.start_zone_type]:
        if key is not None and key not in zone_ids and "zones.toml" not in unread:
            _report(sink, f"{where}/theme.toml: [map] names zone type {key!r}, which zones.toml does not define{did_you_mean(key, zone_ids)}")
    faction_ids = {f.id for f in factions}
    for u in units if "factions.toml" not in unread else ():
        if u.faction is not None and u.faction not in faction_ids:
            _report(sink, f"{where}/units.toml: unit {u.id!r}, field 'faction': {u.faction!r} is not a faction of this theme{did_you_mean(u.faction, faction_ids)}")
    unit_tags = {tag for u in units for tag in u.tags}
    for what, kinds in (("faction", factions), ("unit", units)):
        for kind in kinds:
            for i, ability in enumerate(kind.abilities):
                if ability.tag is not None and ability.tag not in unit_tags and "units.toml" not in unread:
                    _report(sink, f"{where}/{what}s.toml: {what} {kind.id!r}, abilities[{i}], field 'tag': no unit has the tag "
                                  f"{ability.tag!r}{did_you_mean(ability.tag, unit_tags)}")
                for zone_type in sorted(ability.zone_types - zone_ids) if "zones.toml" not in unread else ():
                    _report(sink, f"{where}/{what}s.toml: {what} {kind.id!r}, abilities[{i}], field 'zone_types': "
                                  f"{zone_type!r} is not a zone type of this theme{did_you_mean(zone_type, zone_ids)}")
    total = sum(u.copies for u in units)
    if total > limits.MAX_UNITS:
        _report(sink, f"{where}/units.toml: {total:,} unit chits in all; a theme may have at most {limits.MAX_UNITS:,}")
    total = sum(c.copies for c in cards)
    if total > limits.MAX_CARDS:
        _report(sink, f"{where}/cards.toml: {total:,} cards in all; a theme may have at most {limits.MAX_CARDS:,}")
    return ThemeData(info, settings, map_rules, zones, units, factions, cards, text, where, parsed["ai"], frozenset(unread))
