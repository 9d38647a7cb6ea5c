"""Rules data: the frozen value classes a theme supplies (usually from TOML).

Nothing here changes during a game. A game refers to these objects by reference,
so copying a game never copies them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

#: Speed letters used in unit tables, as zones per move.
SPEED_LETTERS = {"F": 3, "M": 2, "S": 1, "X": 0}

#: Tags the generic rules give a meaning to.
LEADER = "leader"
FORTIFICATION = "fortification"


def _frozen_mapping(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(value or {}))


@attrs.frozen
class Ability:
    """One entry of the ability vocabulary, configured by a theme.

    ``kind`` names what the engine does (see :data:`warp_empires.effects.abilities.ABILITY_KINDS`);
    ``amount`` is its number, ``zone_types`` the zone types it is about (for ``can_enter``)
    and ``tag`` limits it to units carrying that tag.
    """

    kind: str
    amount: int = 0
    zone_types: frozenset[str] = attrs.field(default=frozenset(), converter=frozenset)
    tag: str | None = None


@attrs.frozen
class UnitType:
    """A kind of unit chit: ``copies`` of it go into the pool."""

    id: str
    name: str
    force: int
    speed: int
    cost: int
    copies: int = 1
    tags: frozenset[str] = attrs.field(default=frozenset(), converter=frozenset)
    abilities: tuple[Ability, ...] = ()
    faction: str | None = None
    notes: str = ""

    @property
    def is_leader(self) -> bool:
        return LEADER in self.tags

    @property
    def is_fortification(self) -> bool:
        return FORTIFICATION in self.tags


@attrs.frozen
class CardType:
    """A kind of action card: ``copies`` of it go into the deck.

    ``effect`` names an effect of the effect library; ``params`` configure it.
    """

    id: str
    name: str
    copies: int
    effect: str
    params: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen_mapping)
    text: str = ""


# Not slotted: attrs gives a slotted class with a cached_property a __getattr__, and a
# class with one has every attribute read the slow way (the rules read these at every decision).
@attrs.frozen(slots=False)
class Faction:
    """A side a player can pick (a race, an empire, a city state)."""

    id: str
    name: str
    description: str = ""
    abilities: tuple[Ability, ...] = ()
    ability_text: str = ""

    @functools.cached_property
    def _totals(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for a in self.abilities:
            totals[a.kind] = totals.get(a.kind, 0) + a.amount
        return totals

    def ability_total(self, kind: str) -> int:
        """Sum of the amounts of this faction's abilities of ``kind``."""
        return self._totals.get(kind, 0)


# Not slotted: attrs gives a slotted class with a cached_property a __getattr__, and a
# class with one has every attribute read the slow way (the rules read these at every decision).
@attrs.frozen(slots=False)
class ZoneType:
    """A kind of zone: what it earns, whether units may enter it, what it costs to enter."""

    id: str
    name: str
    revenue: int = 0
    passable: bool = True
    move_cost: int = 1
    rolls: tuple[int, ...] = ()
    recruit_limit: int | None = None
    tags: frozenset[str] = attrs.field(default=frozenset(), converter=frozenset)
    notes: str = ""  # what the numbers do not say, for the rules reference

    @functools.cached_property
    def generates_revenue(self) -> bool:
        """Whether control of such a zone earns revenue and takes new units (read for
        every zone at every turn's control and recruit: worked out once)."""
        return self.revenue > 0 or "revenue" in self.tags


@attrs.frozen
class Settings:
    """The numbers of a theme's setup and turn; unset values take the generic defaults."""

    draw_count: int = 5
    hand_limit: int = 7
    start_units: int = 5
    start_cards: int = 5
    recruit_draw: int = 5
    upkeep_per_revenue: int = 5
    leader_bonus: int = 5
    pools: str = "shared"  # "shared" or "faction"
    repeat_factions: bool = True  # may two seats play the same faction? (never with faction pools)
    turn_limit: int | None = None
    #: The computer player ``play`` seats when asked for one (an agent spec, e.g.
    #: ``ai:greedy``); empty: the engine's own choice, ``ai:mcts``.
    computer_player: str = ""
    phases: tuple[str, ...] = ("draw", "move", "battle", "revenue", "recruit", "upkeep", "control")
    extra: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen_mapping)

    @property
    def factions_repeat(self) -> bool:
        """Whether two seats may play one faction: when the theme allows it and the
        factions share one unit pool (a faction with a pool of its own is played once).

        >>> Settings().factions_repeat, Settings(pools="faction").factions_repeat
        (True, False)
        """
        return self.repeat_factions and self.pools != "faction"


@attrs.frozen
class ModuleInfo:
    """What ``warp-empires modules`` shows about a theme."""

    name: str
    version: str
    description: str
    title: str = ""


@attrs.frozen
class ThemeText:
    """A theme's own words, used by every screen: the name of its money, of its phases,
    sentences for its own events and help for its own decisions (``[text]`` in theme.toml).

    ``events`` maps an event kind to a sentence with ``{field}`` places, filled from the
    event's data with names (players, zones) written out; ``{player}`` is the player. It may
    map a kind to several sentences instead: a reader is told the first whose places the
    event, as that reader may see it, fills; so the owner can read which unit starved, and
    everyone else that a unit did (B14). Either way the sentences are kept as a tuple.

    ``plays`` introduces a seat, with ``{player}`` and ``{faction}`` places.

    ``noteworthy`` names the theme's events (each with a sentence) told in every player's
    summary of the others' turns, beside the engine's own (battles, control, cards played):
    a city taken by assault, say, where a tax paid is not.

    ``phase_help`` says in a sentence or two what happens in each of the theme's phases
    (``help`` and ``rules`` at the prompt); a phase the generic rules run has the engine's.

    >>> text = ThemeText(currency="gold", phases={"muster": "Muster"}, plays="{player} plays {faction}",
    ...                  events={"mustered": "{player} musters in {zone}"})
    >>> text.phase_name("muster"), text.phase_name("draw"), text.seat_line("Ann", "Athens")
    ('Muster phase', 'Draw phase', 'Ann plays Athens')
    >>> text.events["mustered"]
    ('{player} musters in {zone}',)
    """

    currency: str = "EP"
    plays: str = "{player} plays the {faction}"
    phases: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    events: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict, converter=lambda value: _frozen_mapping(
        {kind: (told,) if isinstance(told, str) else tuple(told) for kind, told in (value or {}).items()}))
    decisions: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    noteworthy: frozenset[str] = attrs.field(factory=frozenset, converter=frozenset)
    phase_help: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)

    def seat_line(self, player: str, faction: str) -> str:
        """How a seat is introduced: "Ann plays the Daleks", or the theme's own words."""
        return self.plays.format(player=player, faction=faction)

    def phase_name(self, phase: str) -> str:
        """What players call ``phase`` ("Move phase", or the theme's own name for it)."""
        return f"{self.phases.get(phase) or phase.replace('_', ' ').capitalize()} phase"


@attrs.frozen
class MapRules:
    """What a theme demands of a random map for a given number of players.

    The zone type table itself comes from the zone types' ``rolls``; these are the
    constraints a rolled map must meet (a map that breaks one is rolled again).
    """

    die: int = 6
    min_counts: Mapping[str, int] = attrs.field(factory=dict, converter=_frozen_mapping)
    start_zone_type: str | None = None
    named_zones: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    names: tuple[str, ...] = ()
    passable_connected: bool = True


def roll_table(zone_types: Iterable[ZoneType], die: int) -> dict[int, str]:
    """The zone type table: die face to zone type id (ValueError: a face taken twice, or no face at all)."""
    table: dict[int, str] = {}
    for zt in zone_types:
        for face in zt.rolls:
            if face in table:
                raise ValueError(f"die face {face} picks both {table[face]!r} and {zt.id!r} on the zone type table")
            if not 1 <= face <= die:
                raise ValueError(f"zone type {zt.id!r} rolls {face}, which is not a face of a {die}-sided die")
            table[face] = zt.id
    if not table:
        raise ValueError("no zone type has rolls; the theme's zone type table is empty")
    return dict(sorted(table.items()))
