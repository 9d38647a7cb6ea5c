"""The rules one game runs by, gathered once from the plugins and shared by its copies."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from . import limits, words, zonelabels
from .answers import checked_effects, checked_handlers, handler_problem
from .decisions import Option
from .model.data import CardType, Faction, ModuleInfo, Settings, ThemeText, UnitType, ZoneType
from .model.loading import ABILITY_KINDS, did_you_mean, weight_problem
from .model.state import GameState, Player, Unit, ZoneUnits

if TYPE_CHECKING:
    from .effects.base import Effect
    from .engine import GameSetup, Seat
    from .zonemap import ZoneMap


class SetupError(ValueError):
    """The game cannot be set up as asked; the message says what and what is allowed."""


def collect(results: list[list[Any]], what: str, kind: type | None = None, pm: Any = None, hook: str = "") -> dict[str, Any]:
    """Concatenate data-hook answers into a dict by id, refusing duplicate ids (and, with
    ``kind``, answers that are not lists of ``kind``, naming the plugin that gave them)."""
    out: dict[str, Any] = {}
    for answer in reversed(results):  # pluggy answers last-registered first
        if kind is not None and not (isinstance(answer, (list, tuple)) and all(isinstance(i, kind) for i in answer)):
            raise SetupError(wrong_answer(pm, hook, lambda a: isinstance(a, (list, tuple)) and all(isinstance(i, kind) for i in a), f"a list of {kind.__name__}"))
        for item in answer or ():
            if item.id in out:
                raise SetupError(f"two {what} have the id {item.id!r}")
            out[item.id] = item
    return out


def wrong_answer(pm: Any, hook: str, fits: Callable[[Any], bool], wanted: str) -> str:
    """A line naming the plugin whose ``hook`` answers something that does not fit, with the
    file and line of its hook (asked again one plugin at a time, only once something is
    known to be wrong)."""
    for impl in getattr(pm.hook, hook).get_hookimpls():
        if impl.hookwrapper or getattr(impl, "wrapper", False):
            continue
        answer = impl.function()
        if answer is not None and not fits(answer):
            if isinstance(answer, (list, tuple)):
                kinds = sorted({type(a).__name__ for a in answer})
                # "a list of UnitType, not a list of UnitType, dict" read as if it were right:
                # name the kinds that are not the one wanted.
                odd = [k for k in kinds if not wanted.startswith(f"a list of {k}")] or kinds
                shown = f"a {type(answer).__name__} holding {' and '.join(odd)}"
            else:
                shown = f"a {type(answer).__name__}"
            code = getattr(impl.function, "__code__", None)
            where = f"{code.co_filename}:{code.co_firstlineno}: " if code is not None else ""
            return f"{where}{impl.plugin_name}: {hook} must return {wanted}, not {shown}"
    return f"{hook} must return {wanted}"


def effect_problem(pm: Any, name: str, impl: Any) -> str | None:
    """What is wrong with ``impl`` as the card effect ``name`` a plugin's
    ``warp_card_effects`` gives, in one line naming that hook's file and line, or None."""
    from .effects.base import Effect

    if isinstance(impl, type) and issubclass(impl, Effect):
        return None
    if isinstance(impl, Effect):
        problem = f"effect {name!r} must be an Effect class, not an instance of one: give {type(impl).__name__}, not {type(impl).__name__}(...)"
    else:
        shown = f"the class {impl.__name__}, which does not derive from Effect" if isinstance(impl, type) else f"a {type(impl).__name__}"
        problem = f"effect {name!r} must be a class deriving from Effect (warp_empires.kit), not {shown}"
    return f"{given_at(pm, 'warp_card_effects', name)}warp_card_effects: {problem}"


def given_at(pm: Any, hook: str, key: str) -> str:
    """``"file:line: "`` of the implementation of the mapping ``hook`` whose answer gives
    ``key`` its value (asked again, only once something is known to be wrong), or ""."""
    found = ""
    for hookimpl in getattr(pm.hook, hook).get_hookimpls():  # in the order the answers are merged: the last one giving key
        answer = hookimpl.function()
        code = getattr(hookimpl.function, "__code__", None)
        if isinstance(answer, Mapping) and key in answer and code is not None:
            found = f"{code.co_filename}:{code.co_firstlineno}: "
    return found


def merged(pm: Any, hook: str) -> dict[str, Any]:
    """Merge mapping answers: generic ruleset first, then the theme, then extras."""
    out: dict[str, Any] = {}
    for answer in reversed(getattr(pm.hook, hook)()):
        if answer is not None and not isinstance(answer, Mapping):
            raise SetupError(wrong_answer(pm, hook, lambda a: isinstance(a, Mapping), "a mapping (a dict)"))
        out.update(answer or {})
    return out


# A map never changes, and checking every zone of a 10,000-zone map takes longer than
# setting up the rest of a game, so games set up one after another on the same map
# (a simulation, a benchmark) check its zones once. The last few maps are remembered.
_MAP_FACTS: dict[int, tuple[ZoneMap, str | None, frozenset[tuple[str, int]]]] = {}


def _map_facts(zone_map: ZoneMap) -> tuple[str | None, frozenset[tuple[str, int]]]:
    """The problem with the map's zone names and codes (what a save of the game will be
    read with), and the (type, revenue) pairs its zones carry."""
    known = _MAP_FACTS.get(id(zone_map))
    if known is None or known[0] is not zone_map:
        if len(_MAP_FACTS) >= 8:
            del _MAP_FACTS[next(iter(_MAP_FACTS))]
        zones = zone_map.zones
        known = _MAP_FACTS[id(zone_map)] = (zone_map, zonelabels.label_problem(zones), frozenset((z.type, z.revenue) for z in zones))
    return known[1], known[2]


# Building a rulebook (asking the data hooks, making every card's effect) took a quarter
# of setting up a game. Plugins that are modules or theme objects last as long as the
# program and answer the data hooks the same way every time, so games set up one after
# another with the same plugins (a simulation, a benchmark, a search) share one rulebook,
# which no game changes. Any other plugin (an extra made for one game) gets its own.
_BOOKS: dict[tuple[int, ...], tuple[tuple[Any, ...], Rulebook]] = {}


def ai_weights(pm: Any) -> dict[str, float]:
    """The evaluation weights the plugins tune (``warp_ai_weights``), checked."""
    tuned = merged(pm, "warp_ai_weights")
    if tuned:
        for name, value in tuned.items():
            problem = weight_problem(name, value)
            if problem is not None:
                raise SetupError(f"{given_at(pm, 'warp_ai_weights', name)}warp_ai_weights: {problem}")
    return {name: float(value) for name, value in tuned.items()}


def data_problems(units: Mapping[str, UnitType], zones: Mapping[str, ZoneType], cards: Mapping[str, CardType],
                  factions: Mapping[str, Faction] = {}) -> list[str]:
    """What is out of bounds in rules data (against the limits of the moment), one line each.
    A theme's TOML is checked as it is read; data a theme builds in code is checked here,
    and the pools and the deck are built from these numbers."""
    out = []

    def number(what: str, value: Any, low: int, high: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            out.append(f"{what}: {value!r} is not allowed; use {low} to {high:,}")

    def abilities(what: str, listed: Sequence[Any]) -> None:
        for i, ability in enumerate(listed):
            if ability.kind not in ABILITY_KINDS:
                out.append(f"{what}, abilities[{i}]: kind {ability.kind!r} is not known{did_you_mean(ability.kind, ABILITY_KINDS)}; "
                           f"known kinds: {', '.join(sorted(ABILITY_KINDS))}")
            number(f"{what}, abilities[{i}], amount", ability.amount, -limits.MAX_NUMBER, limits.MAX_NUMBER)

    for u in units.values():
        number(f"unit {u.id!r}, copies", u.copies, 1, limits.MAX_COPIES)
        for field in ("force", "cost", "speed"):
            number(f"unit {u.id!r}, {field}", getattr(u, field), 0, limits.MAX_NUMBER)
        abilities(f"unit {u.id!r}", u.abilities)
    for z in zones.values():
        number(f"zone {z.id!r}, revenue", z.revenue, 0, limits.MAX_REVENUE)
        number(f"zone {z.id!r}, move_cost", z.move_cost, 1, limits.MAX_NUMBER)
        if z.recruit_limit is not None:
            number(f"zone {z.id!r}, recruit_limit", z.recruit_limit, 0, limits.MAX_NUMBER)
    for c in cards.values():
        number(f"card {c.id!r}, copies", c.copies, 1, limits.MAX_COPIES)
    for f in factions.values():
        abilities(f"faction {f.id!r}", f.abilities)
    for what, kinds, most in (("unit", units, limits.MAX_UNITS), ("card", cards, limits.MAX_CARDS)):
        total = sum(k.copies for k in kinds.values() if isinstance(k.copies, int))
        if total > most:
            out.append(f"{total:,} {what}s in all; a game may have at most {most:,}")
    return out


def _check_data(units: Mapping[str, UnitType], zones: Mapping[str, ZoneType], cards: Mapping[str, CardType],
                factions: Mapping[str, Faction] = {}) -> None:
    problems = data_problems(units, zones, cards, factions)
    if problems:
        raise SetupError(problems[0])


# Not slotted: attrs gives a slotted class with a cached_property a __getattr__, and a
# class with one has every attribute read the slow way (the rules read these at every decision).
@attrs.frozen(slots=False)
class Rulebook:
    """Rules data, card effects and phase handlers of one game."""

    info: ModuleInfo
    settings: Settings
    unit_types: Mapping[str, UnitType]
    factions: Mapping[str, Faction]
    zone_types: Mapping[str, ZoneType]
    card_types: Mapping[str, CardType]
    cards: tuple[CardType, ...]  # indexed by card id
    effects: Mapping[str, Effect]  # by card type id
    phases: Mapping[str, Callable[..., Any]]
    has_reactions: bool = False
    #: Card windows: "move", "battle", "after_battle" (the phases effects name) and
    #: "reacts:card", "reacts:die", "reacts:move" -> the card type ids offered there.
    windows: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    #: Per card id: its option id (``card:<id>``) and the label of playing it.
    card_keys: tuple[str, ...] = ()
    play_labels: tuple[str, ...] = ()
    #: Card type id -> its effect's :meth:`~warp_empires.effects.base.Effect.test_key`, for those that share tests.
    test_keys: Mapping[str, Any] = attrs.field(factory=dict)
    #: Per card id: its name.
    card_names: tuple[str, ...] = ()
    #: The theme's own words (its money, phases, events, decisions) for the screens.
    text: ThemeText = ThemeText()
    #: Weights of the computer players' evaluation this theme (or a plugin) tunes, by name.
    ai_weights: Mapping[str, float] = attrs.field(factory=dict)
    _can_enter: dict[str, frozenset[str]] = attrs.field(factory=dict, eq=False, repr=False)
    _unit_labels: dict[str, str] = attrs.field(factory=dict, eq=False, repr=False)
    #: The limits (limits.MAX_NUMBER, ...) the data has been checked against and met.
    _passed: set[tuple[int, ...]] = attrs.field(factory=set, eq=False, repr=False)

    @classmethod
    def from_plugins(cls, pm: Any, setup: GameSetup | None = None) -> Rulebook:
        """The rulebook the plugins of ``pm`` give, checked against ``setup`` if given;
        a :class:`SetupError` names what is wrong with the theme's data or the setup."""
        plugins = tuple(plugin for _, plugin in pm.list_name_plugin()) if getattr(pm, "lasting", False) else None
        known = None if plugins is None else _BOOKS.get(tuple(map(id, plugins)))
        if known is not None and known[0] == plugins:
            book = known[1]
        else:
            book = cls._build(pm)
            if plugins is not None:
                if len(_BOOKS) >= 8:
                    del _BOOKS[next(iter(_BOOKS))]
                _BOOKS[tuple(map(id, plugins))] = (plugins, book)
        # The data never changes, the limits may (a test, a tool): checked once under each.
        bounds = (limits.MAX_NUMBER, limits.MAX_COPIES, limits.MAX_REVENUE, limits.MAX_UNITS, limits.MAX_CARDS)
        if bounds not in book._passed:
            _check_data(book.unit_types, book.zone_types, book.card_types, book.factions)
            book._passed.add(bounds)
        if setup is not None:
            book.check_setup(setup)
        return book

    @classmethod
    def _build(cls, pm: Any) -> Rulebook:
        from .effects import library

        hook = pm.hook
        info = hook.warp_module_info() or ModuleInfo("unnamed", "0", "")
        if not isinstance(info, ModuleInfo):
            raise SetupError(wrong_answer(pm, "warp_module_info", lambda a: isinstance(a, ModuleInfo), "a ModuleInfo"))
        text = hook.warp_text()
        if not isinstance(text, ThemeText):
            raise SetupError(wrong_answer(pm, "warp_text", lambda a: isinstance(a, ThemeText), "a ThemeText"))
        settings = hook.warp_settings()
        if not isinstance(settings, Settings):
            raise SetupError(wrong_answer(pm, "warp_settings", lambda a: isinstance(a, Settings), "a Settings"))
        units = collect(hook.warp_unit_types(), "unit types", UnitType, pm, "warp_unit_types")
        factions = collect(hook.warp_factions(), "factions", Faction, pm, "warp_factions")
        zones = collect(hook.warp_zone_types(), "zone types", ZoneType, pm, "warp_zone_types")
        card_types = collect(hook.warp_card_types(), "card types", CardType, pm, "warp_card_types")
        known = dict(library.EFFECTS)
        for name, impl in merged(pm, "warp_card_effects").items():
            if name in library.EFFECTS:
                raise SetupError(f"effect {name!r} is already in the effect library; give the theme's effect another name")
            problem = effect_problem(pm, name, impl)
            if problem:
                raise SetupError(problem)
            known[name] = impl
        effects = {}
        for ct in card_types.values():
            if ct.effect not in known:
                raise SetupError(f"card {ct.id!r}: unknown effect {ct.effect!r}; known effects: {', '.join(sorted(known))}")
            try:
                effects[ct.id] = known[ct.effect](ct)
            except (KeyError, TypeError, ValueError) as exc:
                raise SetupError(f"card {ct.id!r}: bad params for effect {ct.effect!r}: {exc}") from None
        _check_data(units, zones, card_types, factions)
        effects = checked_effects(effects)
        cards = tuple(ct for ct in card_types.values() for _ in range(ct.copies))
        phases = merged(pm, "warp_phase_handlers")
        for phase, handler in phases.items():
            problem = handler_problem(phase, handler)
            if problem:
                raise SetupError(given_at(pm, "warp_phase_handlers", phase) + problem)
        phases = checked_handlers(pm, phases)
        missing = [p for p in settings.phases if p not in phases]
        if missing:
            raise SetupError(f"phase {missing[0]!r} has no handler; known phases: {', '.join(sorted(phases))}")
        for field in ("phases", "phase_help"):  # a misspelt key would lose the name or help without a word
            for phase in getattr(text, field):
                if phase not in settings.phases:
                    raise SetupError(f"[text], field '{field}.{phase}': {phase!r} is not a phase of the turn"
                                     f"{did_you_mean(phase, settings.phases)}; the phases are {', '.join(settings.phases)}")
        has_reactions = any(e.reacts_to for e in effects.values())
        windows: dict[str, set[str]] = {}
        for type_id, effect in effects.items():
            for window in effect.phases:
                windows.setdefault(window, set()).add(type_id)
            if effect.reacts_to:
                windows.setdefault(f"reacts:{effect.reacts_to}", set()).add(type_id)
        book = cls(
            info, settings, units, factions, zones, card_types, cards, effects, phases, has_reactions,
            {k: frozenset(v) for k, v in windows.items()},
            tuple(f"card:{i}" for i in range(len(cards))), tuple(f"Play {ct.name}" for ct in cards),
            {type_id: key for type_id, effect in effects.items() if (key := effect.test_key()) is not None},
            tuple(ct.name for ct in cards),
            text=text,
            ai_weights=ai_weights(pm),
        )
        for type_id, effect in effects.items():
            for problem in effect.check(book):
                raise SetupError(f"card {type_id!r}: {problem}")
        return book

    def check_setup(self, setup: GameSetup) -> None:
        self.check_seats(setup.seats)
        if setup.turn_limit is not None and (
            isinstance(setup.turn_limit, bool) or not isinstance(setup.turn_limit, int) or not 1 <= setup.turn_limit <= limits.MAX_ROUNDS
        ):
            raise SetupError(f"turn limit {setup.turn_limit!r} is not allowed; use 1 to {limits.MAX_ROUNDS:,} rounds, or none")
        if isinstance(setup.seed, bool) or not isinstance(setup.seed, int) or abs(setup.seed) > limits.MAX_SEED:
            raise SetupError(f"seed {setup.seed!r} is not allowed; use a whole number from {-limits.MAX_SEED} to {limits.MAX_SEED}")
        self.check_map(setup.zone_map)

    def check_map(self, zone_map: ZoneMap) -> None:
        """Refuse a map this theme cannot be played on (zone types it does not know,
        revenues other than the types'), with one line saying why."""
        problem, kinds = _map_facts(zone_map)
        if problem:
            raise SetupError(f"the map: {problem}")
        if all(t in self.zone_types and self.zone_types[t].revenue == r for t, r in kinds):
            return  # the usual case, answered from the map's few kinds of zone
        for zone in zone_map.zones:
            if zone.type not in self.zone_types:
                raise SetupError(
                    f"zone {zone.name!r} has type {zone.type!r}, which {self.info.name} does not know; "
                    f"known types: {', '.join(self.zone_types)}"
                )
            earns = self.zone_types[zone.type].revenue
            if zone.revenue != earns:
                # Revenue follows the zone type (B8, D1, W2; cards change types in play), so a
                # map that says otherwise is refused rather than silently overruled.
                raise SetupError(
                    f"zone {zone.name!r} has revenue {zone.revenue} in the map, but {words.a(self.zone_types[zone.type].name)} "
                    f"earns {earns} in {self.info.name}; a zone's revenue is its type's"
                )

    def check_seats(self, seats: Sequence[Seat]) -> None:
        """Refuse seats this game cannot seat, with one line saying why.

        At most :data:`limits.MAX_SEATS`; every player a printable name of their own;
        factions this theme knows, each played once unless the theme's
        ``repeat_factions`` setting allows more (a faction with its own unit pool, as in
        W1, cannot be shared).
        """
        if not seats:
            raise SetupError("a game needs at least one seat")
        if len(seats) > limits.MAX_SEATS:
            raise SetupError(f"{len(seats)} seats is too many; a game has at most {limits.MAX_SEATS}")
        names: set[str] = set()
        factions: dict[str, str] = {}
        for i, seat in enumerate(seats, 1):
            name = seat.name
            if not isinstance(name, str) or not name.strip():
                raise SetupError(f"seat {i} has no name; every player needs one")
            if len(name) > limits.MAX_PLAYER_NAME:
                # Quoted in part: the name may be of any length.
                raise SetupError(
                    f"seat {i}: the name {name[:20]!r}... has {len(name):,} characters; use at most {limits.MAX_PLAYER_NAME} printable characters"
                )
            if limits.has_control_characters(name):
                raise SetupError(f"seat {i}: {name!r} is not a name; use at most {limits.MAX_PLAYER_NAME} printable characters")
            if name.lower() in names:
                raise SetupError(f"two seats are called {name!r}; give every player a different name")
            if not isinstance(seat.agent, str) or len(seat.agent) > limits.MAX_AGENT_SPEC or limits.has_control_characters(seat.agent):
                raise SetupError(f"seat {i} ({name}): {str(seat.agent)[:limits.MAX_AGENT_SPEC]!r} is not a kind of player; use human or ai:NAME")
            names.add(name.lower())
            if seat.faction not in self.factions:
                raise SetupError(f"unknown faction {seat.faction!r} for {name}; choose one of: {', '.join(self.factions)}")
            if seat.faction in factions and not self.settings.factions_repeat:
                raise SetupError(
                    f"{factions[seat.faction]} and {name} both play the {self.factions[seat.faction].name}; "
                    f"in {self.info.title or self.info.name} each faction may be played by one seat only"
                )
            factions.setdefault(seat.faction, name)

    # ------------------------------------------------------------------ a fresh position

    def pool_of(self, unit_type: UnitType) -> str:
        if self.settings.pools == "faction" and unit_type.faction is not None:
            return unit_type.faction
        return "common"

    def new_state(self, setup: GameSetup, rng: random.Random) -> GameState:
        units = []
        pools: dict[str, list[int]] = {}
        for ut in self.unit_types.values():
            pool = self.pool_of(ut)
            for _ in range(ut.copies):
                unit = Unit(len(units), ut, pool)
                units.append(unit)
                pools.setdefault(pool, []).append(unit.id)
        deck = list(range(len(self.cards)))
        rng.shuffle(deck)
        players = [Player(i, s.name, self.factions[s.faction]) for i, s in enumerate(setup.seats)]
        zones = setup.zone_map.zones
        return GameState(
            units=units,
            players=players,
            zone_units=ZoneUnits(len(zones)),
            zone_types=[self.zone_types[z.type] for z in zones],
            control={},
            pools=pools,
            deck=deck,
        )

    # ------------------------------------------------------------------ card options
    # Options are immutable, and the cards of a hand are offered at most decisions of a
    # game, so each card's options are built once per game rather than at every offer.

    @functools.cached_property
    def play_options(self) -> tuple[Option, ...]:
        """Per card id: the option of playing it (``card:<id>``, ``Play <name>``)."""
        return tuple(Option(key, label, card) for card, (key, label) in enumerate(zip(self.card_keys, self.play_labels)))

    @functools.cached_property
    def card_tests(self) -> tuple[tuple[str, Effect, Any], ...]:
        """Per card id: its type id, its effect and its effect's test key (what a hand's
        test for playable cards asks of every card, at nearly every decision)."""
        return tuple((ct.id, self.effects[ct.id], self.test_keys.get(ct.id)) for ct in self.cards)

    @functools.cached_property
    def window_cards(self) -> Mapping[str, frozenset[int]]:
        """Card window (as :attr:`windows`) -> the ids of the cards offered there, so that
        "does this hand hold any" is one set test."""
        return {window: frozenset(card for card, ct in enumerate(self.cards) if ct.id in types) for window, types in self.windows.items()}

    @functools.cached_property
    def window_offers(self) -> Mapping[str, Mapping[int, tuple[str, Callable[..., bool], Any, Option]]]:
        """Card window -> card id -> its type id, its effect's playability test
        (:meth:`~warp_empires.effects.base.Effect.playable_test`), test key and play option,
        for the cards offered there: what a hand's test for playable cards reads of each
        card, in one lookup (the move phase asks it at every one of its decisions)."""
        return {window: {card: self.card_offer(card) for card in cards} for window, cards in self.window_cards.items()}

    def card_offer(self, card: int) -> tuple[str, Callable[..., bool], Any, Option]:
        """One card's entry in :attr:`window_offers`."""
        type_id, effect, key = self.card_tests[card]
        return type_id, effect.playable_test(), key, self.play_options[card]

    @functools.cached_property
    def discard_options(self) -> tuple[Option, ...]:
        """Per card id: the option of discarding it by choice (``Discard <name>``)."""
        return tuple(Option(key, f"Discard {name}", card) for card, (key, name) in enumerate(zip(self.card_keys, self.card_names)))

    @functools.cached_property
    def card_options(self) -> tuple[Option, ...]:
        """Per card id: the option naming it, when cards must be picked (``<name>``)."""
        return tuple(Option(key, name, card) for card, (key, name) in enumerate(zip(self.card_keys, self.card_names)))

    # ------------------------------------------------------------------ abilities

    def hand_limit(self, faction: Faction) -> int:
        for a in faction.abilities:
            if a.kind == "hand_limit":
                return a.amount
        return self.settings.hand_limit

    def unit_label(self, unit_type: UnitType) -> str:
        """How options name a unit of ``unit_type``: its name and force (written once per type)."""
        label = self._unit_labels.get(unit_type.id)
        if label is None:
            label = self._unit_labels[unit_type.id] = f"{unit_type.name} (F{unit_type.force})"
        return label

    def can_enter(self, faction: Faction) -> frozenset[str]:
        """The impassable zone types ``faction``'s units may enter (worked out once per faction)."""
        out = self._can_enter.get(faction.id)
        if out is None:
            out = frozenset()
            for a in faction.abilities:
                if a.kind == "can_enter":
                    out = out | a.zone_types
            self._can_enter[faction.id] = out
        return out
