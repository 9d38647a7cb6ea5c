"""City and Leader traits: the module's own tables (C1, C4), shown by ``rules`` from RULES.md.

A city state starts with the City Trait of its faction and may win more on the
experience roll; every Leader has one Leader Trait, printed on his counter.

>>> CITY_TRAITS["orators"].name, LEADER_TRAITS["pericles"].name
('Orators', 'Diplomat')
>>> sorted(FACTION_TRAIT.values()) == sorted(set(FACTION_TRAIT.values()))
True
"""

from __future__ import annotations

import attrs

from . import ledger


@attrs.frozen
class Trait:
    id: str
    name: str
    text: str


def _table(*rows: tuple[str, str, str]) -> dict[str, Trait]:
    return {row[0]: Trait(*row) for row in rows}


#: The City Trait table: the experience roll's 10 draws one a city state lacks.
CITY_TRAITS = _table(
    ("orators", "Orators", "One more diplomacy roll every turn."),
    ("oracle", "Favoured by the Oracle", "+1 to every diplomacy roll."),
    ("shipwrights", "Shipwrights", "Fleets and Transports cost 1 gold less."),
    ("long_walls", "Long Walls", "The home city Defense Modifier is +4 higher."),
    ("silver_mines", "Silver Mines", "+2 gold in every revenue phase."),
    ("hoplites", "Hoplites", "Each Army gets Force +1 in land battles."),
    ("skilled_rowers", "Skilled Rowers", "Each Fleet gets Force +1 in sea battles."),
    ("granaries", "Granaries", "-1 on every upkeep roll."),
    ("horsemen", "Horsemen", "Groups moving by land get 1 more movement point."),
    ("mercenaries", "Mercenaries", "Armies cost 1 gold less."),
)

#: Each city state's own trait, held from the start.
FACTION_TRAIT = {
    "athens": "skilled_rowers",
    "sparta": "hoplites",
    "corinth": "shipwrights",
    "thebes": "horsemen",
    "argos": "long_walls",
    "syracuse": "granaries",
}

_LEADER_KINDS = {
    "diplomat": ("Diplomat", "One more diplomacy roll every turn while this Leader is on the map."),
    "admiral": ("Admiral", "A group this Leader sails with gets 2 more movement points."),
    "strategist": ("Strategist", "Force +2 in every battle this Leader fights."),
    "defender": ("Defender", "Force +3 in every battle this Leader fights as the defender."),
    "marcher": ("Marcher", "A group this Leader moves with by land gets 1 more movement point."),
    "quartermaster": ("Quartermaster", "Armies and Rowers in this Leader's space can always be paid upkeep."),
}

#: Leader id -> his trait.
LEADER_TRAITS = {
    leader: Trait(kind, *_LEADER_KINDS[kind])
    for leader, kind in {
        "pericles": "diplomat", "themistocles": "admiral",
        "leonidas": "defender", "lysander": "admiral",
        "periander": "quartermaster", "timoleon": "strategist",
        "epaminondas": "strategist", "pelopidas": "marcher",
        "pheidon": "quartermaster", "telesilla": "defender",
        "gelon": "marcher", "dionysius": "diplomat",
    }.items()
}


def city_traits(game, seat: int) -> tuple[str, ...]:
    """The City Traits ``seat``'s city state has: its faction's, then those won."""
    own = FACTION_TRAIT.get(game.state.players[seat].faction.id)
    won = ledger.of(game).traits.get(seat, ())
    return ((own,) if own else ()) + won


def has_city_trait(game, seat: int, trait: str) -> bool:
    return trait in city_traits(game, seat)


def gain_city_trait(game, seat: int, trait: str) -> None:
    traits = ledger.of(game).traits
    traits[seat] = traits.get(seat, ()) + (trait,)


def leader_trait(game, unit: int) -> str | None:
    """The trait kind of a Leader unit (None for any other unit)."""
    trait = LEADER_TRAITS.get(game.state.units[unit].type.id)
    return None if trait is None else trait.id


def leaders_with(game, units, kind: str) -> int:
    """How many of ``units`` are Leaders with the trait ``kind``."""
    return sum(1 for u in units if leader_trait(game, u) == kind)
