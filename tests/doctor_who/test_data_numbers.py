"""Every number of the Doctor Who data, checked against the theme's own tables: the zone
table and map demands (D1), the settings of the setup and the draw phase (D2), the races
(D4), the unit list and its one pool (D5), the cards (D6)."""

from __future__ import annotations

import pytest

from warp_empires.model.data import SPEED_LETTERS
from warp_empires.plugins import make_manager
from warp_empires.rulebook import Rulebook

# name: (copies, cost, force, speed, notes)
UNITS = {
    "Scouts": (6, 1, 1, "F", ""),
    "Patrols": (6, 2, 2, "M", "+2 if Defending"),
    "Auxiliary Fleet": (5, 1, 2, "M", ""),
    "Raiding Force": (5, 3, 2, "F", "+2 if Attacking"),
    "Monitors": (5, 3, 4, "S", "+2 if Defending"),
    "Punitive Force": (5, 4, 4, "M", "+2 if Attacking"),
    "Expeditionary Fleet": (5, 5, 4, "F", ""),
    "War Fleet": (5, 5, 6, "M", ""),
    "Invasion Force": (5, 7, 6, "M", "+4 if Attacking"),
    "Defense Force": (5, 6, 6, "S", "+4 if Defending"),
    "Battle Fleet": (4, 7, 8, "M", ""),
    "Armada": (4, 8, 10, "S", ""),
}

# name: people
RACES = {
    "Earth Empire": "Humans",
    "Cybermen": "Cyborgs",
    "Daleks": "Cyborgs",
    "Movellans": "Androids",
    "Sontarans": "Clones",
    "Rutans": "Amoeboid",
    "Ice Warriors": "Reptilians",
    "Gallifreyans": "Time Lords",
    "Great Vampires": "Vampires",
    "Vardans": "Energy Beings",
}

# race: the ability it has, as the engine's vocabulary says it
RACE_ABILITIES = {
    "Earth Empire": [("draw_bonus", 1)],
    "Cybermen": [("force_per_unit_attacking", 2)],
    "Daleks": [("force_per_unit", 1)],
    "Movellans": [("speed_bonus", 1)],
    "Sontarans": [("unit_draw_bonus", 3)],
    "Rutans": [("cost_delta", -1)],
    "Ice Warriors": [("force_per_unit_defending", 2)],
    "Gallifreyans": [("hand_limit", 10)],
    "Great Vampires": [("force_per_stack", 5)],
    "Vardans": [("can_enter", 0)],
}

CARDS = {
    "Space Travel": 15, "Galactic Invasion": 6, "Surrounded": 2, "Surprise Attack": 2,
    "Intrigue": 2, "Sabotage": 2, "Destroy Planet": 2, "Raiding": 2, "Energy Drain": 2,
    "Minor Race Allies": 2, "Biological Warfare": 2, "Spies": 2, "Graviton Weapon": 2,
    "Mind Control": 2, "Time Lord Meddling": 4, "Temporal Microjump": 2, "Expedition": 2,
    "Antimatter Bomb": 2, "Insidious Plot": 2, "Scouts": 2, "Time Travel": 2, "Peace Treaty": 2,
    "Time Loop": 2, "Increase Production": 2, "Regeneration": 2, "Research Experiments": 2,
    "Great Leader": 2, "Revolt": 2, "Intercept": 2, "Retreat": 2, "Temporal Disruption": 2,
    "Exterminate": 2, "Doomsday Weapon": 2,
}

# Cards played in a battle's card rounds, and cards played in answer to something.
BATTLE_CARDS = {"Surrounded", "Surprise Attack", "Graviton Weapon", "Mind Control", "Antimatter Bomb", "Retreat", "Exterminate"}
REACTIONS = {"Time Lord Meddling": "card", "Temporal Microjump": "die", "Intercept": "move", "Time Loop": "move"}

# id: (die roll, name, revenue, can be entered)
ZONE_TYPES = {
    "hazard": (1, "Hazard Zone", 0, False),
    "void": (2, "Void Zone", 0, True),
    "poor": (3, "Poor Zone", 1, True),
    "average": (4, "Average Zone", 2, True),
    "rich": (5, "Rich Zone", 3, True),
    "nexus": (6, "Nexus Point", 3, True),
}

LETTER = {v: k for k, v in SPEED_LETTERS.items()}


@pytest.fixture(scope="module")
def book():
    return Rulebook.from_plugins(make_manager("doctor_who"))


def test_units(book):
    """D5: the price is the Cost column, and every unit is in the one shared pool."""
    table = {u.name: (u.copies, u.cost, u.force, LETTER[u.speed], u.notes) for u in book.unit_types.values()}
    assert table == UNITS
    assert sum(u.copies for u in book.unit_types.values()) == 60
    assert all(u.faction is None for u in book.unit_types.values())  # one common pool
    assert book.settings.pools == "shared"


def test_unit_notes_are_abilities(book):
    """D4: each unit's note is a bonus per unit."""
    for u in book.unit_types.values():
        notes = [(a.kind, a.amount) for a in u.abilities]
        expected = {
            "": [],
            "+2 if Defending": [("force_per_unit_defending", 2)],
            "+2 if Attacking": [("force_per_unit_attacking", 2)],
            "+4 if Defending": [("force_per_unit_defending", 4)],
            "+4 if Attacking": [("force_per_unit_attacking", 4)],
        }[u.notes]
        assert notes == expected, u.name


def test_races(book):
    """D4: the ten races and their abilities."""
    assert {f.name: f.description for f in book.factions.values()} == RACES
    assert {f.name: [(a.kind, a.amount) for a in f.abilities] for f in book.factions.values()} == RACE_ABILITIES
    vardans = next(f for f in book.factions.values() if f.name == "Vardans")
    assert book.can_enter(vardans) == {"hazard"}


def test_cards(book):
    """D6: 33 card types, 85 cards; which are battle cards and which are reactions."""
    assert {c.name: c.copies for c in book.card_types.values()} == CARDS
    assert len(book.card_types) == 33
    assert len(book.cards) == 85
    battle = {c.name for c in book.card_types.values() if "battle" in book.effects[c.id].phases}
    assert battle == BATTLE_CARDS
    reactions = {c.name: book.effects[c.id].reacts_to for c in book.card_types.values() if book.effects[c.id].reacts_to}
    assert reactions == REACTIONS
    assert all(c.text for c in book.card_types.values())


def test_card_numbers(book):
    """D6: the numbers on the cards."""
    params = {c.name: dict(c.params) for c in book.card_types.values()}
    assert params["Surprise Attack"] == {"flat": 10}
    assert params["Surrounded"] == {"per_unit": 1}
    assert params["Galactic Invasion"] == {"min": 2, "max": 3}
    assert params["Expedition"]["points"] == 6
    assert params["Destroy Planet"]["count"] == 4 and params["Sabotage"]["count"] == 2
    assert params["Raiding"]["amount"] == -5 and params["Increase Production"]["amount"] == 5
    assert params["Energy Drain"] == {"amount": 3}
    assert params["Research Experiments"] == {"count": 2} and params["Great Leader"] == {"count": 4}
    assert params["Minor Race Allies"] == {"count": 2}
    assert params["Time Travel"] == {"count": 7}
    assert params["Temporal Disruption"] == {"count": 5}
    assert params["Revolt"] == {"die": 6}


def test_zone_types(book):
    """D1: the 1D6 zone type table, the revenue of each type, Hazard closed."""
    table = {z.id: (z.rolls[0], z.name, z.revenue, z.passable) for z in book.zone_types.values()}
    assert table == ZONE_TYPES
    assert all(len(z.rolls) == 1 for z in book.zone_types.values())


def test_settings(book):
    """D2: draw 3, hand limit 7, 5 units and 5 cards to start."""
    s = book.settings
    assert (s.draw_count, s.hand_limit, s.start_units, s.start_cards) == (3, 7, 5, 5)
    assert s.phases == ("draw", "move", "battle", "revenue", "recruit", "upkeep", "control")
    assert book.info.name == "doctor_who"


@pytest.mark.parametrize("players, nexus", [(1, 3), (2, 3), (3, 4), (5, 6)])
def test_random_map_demands(players, nexus):
    """D1: a 1D6 table; max(3, players + 1) Nexus Points, one Rich zone per player (the
    start zones, D2), one Nexus Point named Earth."""
    rules = make_manager("doctor_who").hook.warp_map_rules(players=players)
    assert rules.die == 6
    assert rules.min_counts["nexus"] == nexus
    assert rules.min_counts["rich"] == max(1, players)
    assert rules.start_zone_type == "rich"
    assert dict(rules.named_zones) == {"Earth": "nexus"}
