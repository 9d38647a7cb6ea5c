"""War Hammer Space Empires' data and opening on the module itself: the rulings W1 (the four
factions' unit lists and pools), W2 (the sector's zones and revenue), W3 (the setup),
W4 (recruit limits and prices) and W6 (the action deck).

Every number below is written out here, from the theme's own unit, zone and card tables,
and compared with what the module loads and plays.
"""

from __future__ import annotations

from collections import Counter
from math import ceil

import pytest

from warp_empires import Game
from warp_empires.model.data import SPEED_LETTERS
from warp_empires.plugins import make_manager
from warp_empires.rulebook import Rulebook
from warp_empires.testing import Position, events, new_game, option_ids, units_in

FACTION_IDS = ["orks", "imperium", "eldar", "tyranids"]

# ---------------------------------------------------------------------- W1: the unit lists

# name: (copies, force, speed, type letters); speed F = Fast, M = Medium.
ORKS = {
    "Bad Moonz Ork Boyz": (2, 2, "M", "I"),
    "Death Skulls Ork Boyz": (2, 2, "M", "I"),
    "Snakebites Ork Boyz": (2, 2, "M", "I"),
    "Goffs Ork Boyz": (2, 2, "M", "I"),
    "Blood Axes Ork Boyz": (2, 2, "M", "I"),
    "Evil Sunz Ork Boyz": (2, 2, "M", "I"),
    "Bikeboyz": (1, 1, "F", "V"),
    "Boarboyz": (1, 1, "M", "R"),
    "Wildboyz": (1, 2, "M", "I"),
    "Stormboyz": (1, 2, "M", "I"),
    "Madboyz": (1, 2, "M", "I"),
    "Nobz": (1, 3, "M", "L"),
    "Warboss": (1, 4, "M", "L"),
    "Warlord": (1, 5, "M", "L"),
    "Ghazghkull Thraka": (1, 6, "M", "L"),
    "Gretchin Mob": (1, 1, "M", "I"),
    "Ork Freeboterz": (1, 2, "M", "I"),
    "Battlewagons": (1, 3, "F", "V"),
    "War Buggys": (1, 2, "F", "V"),
    "Traktor Kannons": (1, 3, "M", "A"),
    "Lungburstas": (1, 3, "M", "V"),
    "Gutrippas": (1, 3, "M", "V"),
    "Giblet Grinda BF": (1, 4, "M", "V"),
    "Skullhamma BF": (1, 4, "M", "V"),
    "Bonecrunchers": (1, 2, "M", "V"),
    "Bonebreakers": (1, 3, "M", "V"),
    "Braincrushas": (1, 3, "M", "V"),
    "Evil Sunz Bowel Burnas": (1, 3, "F", "V"),
    "Evil Sunz Gobsmashas": (1, 3, "F", "V"),
    "Mekboy Speedstas": (1, 2, "F", "V"),
    "Mekboy Dragsters": (1, 2, "F", "V"),
    "Nobz Warbikes": (1, 2, "F", "VL"),
    "Evil Sunz Spleenrippas": (1, 2, "F", "V"),
    "Wartracks": (1, 1, "F", "V"),
    "Bubble Chukka Speedstas": (1, 3, "F", "V"),
    "Mekboy Tinbotz": (1, 3, "M", "I"),
    "Evil Sunz Scorchers": (1, 3, "F", "V"),
    "Ork Dreadnaughts": (1, 4, "M", "I"),
    "Squig Katapults": (1, 2, "M", "A"),
    "Mekboy Pulsa Rokkits": (1, 5, "M", "A"),
    "Snakebite Squiggoths": (1, 3, "M", "V"),
    "Hop Splat Guns": (1, 3, "M", "A"),
    "Shokk Attack Guns": (1, 4, "M", "A"),
    "Stompers": (1, 5, "M", "I"),
    "Weirdboy Battle Tower": (1, 2, "M", "VP"),
    "Great Gargant": (1, 10, "M", "T"),
    "Slasher Gargant": (1, 8, "M", "T"),
    "Mekboy Gargant": (1, 6, "M", "T"),
    "Boss Dreadnaught": (2, 10, "M", "S"),
    "Nobz Hulk": (4, 8, "M", "S"),
    "Mekboy Battle Barge": (6, 6, "M", "S"),
    "Ork Warship": (8, 4, "M", "S"),
    "Freeboterz Corsair": (10, 2, "M", "SR"),
}

IMPERIUM = {
    "Land Raiders": (1, 3, "M", "V"),
    "Rhinos": (1, 1, "F", "V"),
    "Predator Tanks": (1, 3, "F", "V"),
    "Vindicators": (1, 2, "M", "V"),
    "Whirlwinds": (1, 1, "M", "A"),
    "Land Speeders": (1, 1, "F", "V"),
    "Leman Russ Tanks": (1, 3, "M", "V"),
    "Basilisks": (1, 1, "M", "A"),
    "Bombards": (1, 2, "M", "A"),
    "Manticores": (1, 3, "M", "A"),
    "Deathstrikes": (1, 4, "M", "A"),
    "Shadow Sword SHT": (1, 6, "M", "V"),
    "Bane Blade SHT": (1, 5, "M", "V"),
    "Storm Blade SHT": (1, 7, "M", "V"),
    "Termites": (1, 1, "M", "VR"),
    "Moles": (1, 2, "M", "VR"),
    "Hellbores": (1, 3, "M", "VR"),
    "Hellhound Firethrowers": (1, 3, "M", "V"),
    "Assault Landing Pods": (1, 1, "F", "I"),
    "Support Landing Pods": (1, 2, "M", "A"),
    "Deathwind Pods": (1, 3, "M", "A"),
    "Gorgon SHT": (1, 5, "M", "V"),
    "Capitol Imperialis": (1, 6, "M", "LV"),
    "Tactical Marines": (1, 2, "M", "I"),
    "Assault Marines": (1, 3, "M", "I"),
    "Devastator Marines": (1, 4, "M", "I"),
    "Marine Scouts": (1, 2, "M", "R"),
    "Ultramarines": (1, 3, "M", "I"),
    "Space Wolf Marines": (1, 3, "M", "I"),
    "Blood Angel Marines": (1, 3, "M", "I"),
    "Terminators": (1, 5, "M", "I"),
    "Space Marine HQ": (1, 1, "M", "L"),
    "Space Marine Chaplain": (1, 2, "M", "LP"),
    "Space Marine Librarian": (1, 3, "M", "LP"),
    "Imperial Troops": (1, 1, "M", "I"),
    "Imperial Assault Troops": (1, 2, "M", "I"),
    "Imperial Support Troops": (1, 3, "M", "I"),
    "Imperial Bike": (1, 1, "F", "V"),
    "Imperial Assassin": (1, 3, "M", "R"),
    "Ogryns": (1, 3, "M", "I"),
    "Ratling Snipers": (1, 2, "M", "R"),
    "Rough Riders": (1, 1, "M", "R"),
    "Commissar": (1, 2, "M", "L"),
    "Commissar Yarrick": (1, 5, "M", "L"),
    "Dreadnaughts": (1, 5, "M", "I"),
    "Robots": (1, 2, "M", "I"),
    "Rapiers": (1, 2, "M", "A"),
    "Tarantulas": (1, 2, "M", "A"),
    "Mole Mortars": (1, 1, "M", "AR"),
    "Thudd Guns": (1, 1, "M", "A"),
    "Sentinels": (1, 3, "F", "V"),
    "Warlord Titan": (1, 10, "M", "T"),
    "Reaver Titan": (1, 8, "M", "T"),
    "Warhound Scout Titan": (1, 6, "F", "T"),
    "Emperor Capital Ship": (2, 10, "M", "S"),
    "Gothic Battleship": (4, 8, "M", "S"),
    "Firestorm Cruiser": (6, 6, "M", "S"),
    "Thunderbolt Cruiser": (8, 4, "M", "S"),
    "Cobra Destroyer": (10, 2, "F", "S"),
}

ELDAR = {
    "Guardians": (2, 1, "M", "I"),
    "Ulthwe Black Guardians": (1, 1, "M", "I"),
    "Scouts": (2, 1, "M", "R"),
    "Alaitoc Scouts": (1, 1, "M", "R"),
    "Swooping Hawks": (2, 1, "F", "I"),
    "Dire Avengers": (2, 2, "M", "I"),
    "Biel-Tan Avengers": (1, 2, "M", "I"),
    "Dark Reapers": (2, 3, "M", "I"),
    "Fire Dragons": (2, 3, "M", "I"),
    "Howling Banshees": (2, 4, "M", "I"),
    "Striking Scorpions": (2, 4, "M", "I"),
    "Warlock": (1, 2, "M", "LP"),
    "Exarch": (1, 5, "M", "LP"),
    "Avatar": (1, 6, "M", "LP"),
    "Harlequins": (2, 3, "M", "I"),
    "Eldar Jet Bikes": (2, 1, "F", "VR"),
    "Saim-Hann Wild Riders": (1, 1, "F", "V"),
    "Vyper Jet Bikes": (2, 2, "F", "VR"),
    "Falcon Grav Tanks": (2, 3, "F", "V"),
    "Wave Serpents": (2, 3, "F", "V"),
    "Warp Hunters": (2, 3, "F", "V"),
    "Deathstalkers": (2, 5, "F", "V"),
    "Tempests": (2, 4, "M", "V"),
    "Doomweavers": (2, 4, "M", "A"),
    "War Walkers": (2, 3, "M", "I"),
    "Dreadnaughts": (2, 3, "M", "I"),
    "Wraithguards": (1, 2, "M", "I"),
    "Iyanden Ghost Warriors": (1, 2, "M", "I"),
    "Vibrocannons": (2, 2, "M", "A"),
    "Antigrav Lascannons": (2, 3, "M", "A"),
    "Warlock Titan": (1, 10, "M", "T"),
    "Phantom Titan": (1, 8, "M", "T"),
    "Revenant Scout Titan": (1, 6, "M", "T"),
    "Void Stalker": (2, 10, "M", "S"),
    "Wraithship": (4, 8, "M", "S"),
    "Shadow Hunter": (6, 6, "M", "S"),
    "Eclipse Cruiser": (8, 4, "M", "S"),
    "Hellbore Escort": (10, 2, "F", "S"),
}

TYRANIDS = {
    "Genestealer Cultists": (4, 1, "M", "I"),
    "Hybrid Genestealers": (2, 2, "M", "I"),
    "Genestealers": (4, 3, "M", "I"),
    "Genestealer Magus": (2, 1, "M", "LP"),
    "Devourer Swarm": (2, 1, "M", "R"),
    "Biovore": (2, 4, "M", "A"),
    "Carniflex": (2, 5, "M", "I"),
    "Dactylis": (2, 2, "M", "A"),
    "Dominatrix": (2, 6, "M", "AP"),
    "Exocrine": (2, 3, "M", "A"),
    "Gargoyles": (2, 1, "F", "I"),
    "Harridan": (1, 5, "F", "V"),
    "Haruspex": (2, 4, "M", "V"),
    "Hive Tyrant": (1, 5, "M", "LP"),
    "Hormagaunts": (4, 1, "M", "I"),
    "Lictors": (2, 3, "M", "I"),
    "Zoats": (2, 2, "M", "I"),
    "Malefactor": (2, 3, "M", "V"),
    "Mycetic Spores": (2, 1, "M", "A"),
    "Termagants": (4, 1, "M", "I"),
    "Trygon": (2, 4, "M", "V"),
    "Tyranid Warriors": (2, 4, "M", "I"),
    "Zoanthrope": (2, 2, "M", "V"),
    "Hierophant Bio-Titan": (1, 10, "M", "T"),
    "Hierodule Bio-Titan": (1, 8, "M", "T"),
    "Hierozoan Bio-Titan": (1, 6, "M", "T"),
    "Hive Ship": (2, 10, "M", "S"),
    "Dark Prowler": (4, 8, "M", "S"),
    "Void Fiend": (6, 6, "M", "S"),
    "Kraken": (8, 4, "M", "S"),
    "Wardrones": (10, 2, "F", "S"),
}
LISTS = {"orks": ORKS, "imperium": IMPERIUM, "eldar": ELDAR, "tyranids": TYRANIDS}

# How many kinds and chits each list holds, and how many of the chits are Space units.
TOTALS = {"orks": (53, 84, 30), "imperium": (59, 84, 30), "eldar": (38, 84, 30), "tyranids": (31, 85, 30)}

# The type letters, as the module's tags.
LETTER_TAGS = {
    "L": "leader", "S": "space", "I": "infantry", "A": "artillery", "V": "vehicle", "R": "stealth", "T": "titan",
    "P": "psychic",
}

SPEED_OF = {speed: letter for letter, speed in SPEED_LETTERS.items()}


@pytest.fixture(scope="module")
def book() -> Rulebook:
    return Rulebook.from_plugins(make_manager("warhammer_space"))


def faction_units(book: Rulebook, faction: str) -> list:
    return [u for u in book.unit_types.values() if u.faction == faction]


@pytest.mark.parametrize("faction", FACTION_IDS)
def test_w1_each_faction_has_its_own_unit_list(book, faction):
    """W1: copies, force, speed (F Fast, otherwise Medium) and type letters of every unit."""
    table = {u.name: (u.copies, u.force, SPEED_OF[u.speed], u.notes) for u in faction_units(book, faction)}
    assert table == LISTS[faction]
    kinds, chits, ships = TOTALS[faction]
    units = faction_units(book, faction)
    assert len(units) == kinds
    assert sum(u.copies for u in units) == chits
    assert sum(u.copies for u in units if "space" in u.tags) == ships


def test_w1_the_four_factions_and_nothing_else(book):
    assert {f.id: f.name for f in book.factions.values()} == {
        "orks": "Orks", "imperium": "Imperium", "eldar": "Eldar", "tyranids": "Tyranids",
    }
    assert {u.faction for u in book.unit_types.values()} == set(FACTION_IDS)  # no common units
    assert book.settings.pools == "faction" and book.settings.repeat_factions is False


def test_w1_type_letters_combine_into_tags(book):
    """W1: "LP" is a Leader and Psychic, "SR" a Space unit and Stealth...; Fast units carry
    the tag fast (for Outflank), and only the Leaders are leaders."""
    for u in book.unit_types.values():
        letters = LISTS[u.faction][u.name][3]
        fast = {"fast"} if u.speed == SPEED_LETTERS["F"] else set()
        assert set(u.tags) == {LETTER_TAGS[c] for c in letters} | fast, u.name
        assert u.is_leader == ("L" in letters), u.name
    combined = {u.name: sorted(u.tags) for u in book.unit_types.values() if u.name in ("Freeboterz Corsair", "Avatar", "Nobz Warbikes")}
    assert combined == {
        "Freeboterz Corsair": ["space", "stealth"],
        "Avatar": ["leader", "psychic"],
        "Nobz Warbikes": ["fast", "leader", "vehicle"],
    }


def test_w1_bf_and_sht_are_part_of_a_units_name(book):
    """W1: a Battle Fortress (BF) or a Super Heavy Tank (SHT) is a Vehicle; the letters stay
    in its name and are no type letters."""
    named = {u.name: u.notes for u in book.unit_types.values() if u.name.endswith((" BF", " SHT"))}
    assert named == {
        "Giblet Grinda BF": "V", "Skullhamma BF": "V",
        "Shadow Sword SHT": "V", "Bane Blade SHT": "V", "Storm Blade SHT": "V", "Gorgon SHT": "V",
    }


def test_w1_each_faction_recruits_from_a_pool_of_its_own_chits():
    """W1: in a game each faction's pool holds exactly its own list, copy for copy."""
    game = Position("warhammer_space", FACTION_IDS, seed=2).game
    s = game.state
    assert sorted(s.pools) == sorted(FACTION_IDS)
    for faction, pool in s.pools.items():
        held = Counter(s.units[u].type for u in pool)
        assert {t.faction for t in held} == {faction}
        assert {t.name: n for t, n in held.items()} == {name: row[0] for name, row in LISTS[faction].items()}


LINE = "Hive:homeworld A:deep_space B:deep_space C:deep_space D:deep_space Orkworld:homeworld"
LINE_EDGES = "Hive-A A-B B-C C-D D-Orkworld"


def reach(*type_ids: str) -> list[str]:
    """The zones a Tactical Move offers a Tyranid stack of these units leaving its Hive."""
    pos = Position("warhammer_space", ["orks", "tyranids"], LINE, LINE_EDGES, seed=1)
    pos.place(1, "Hive", *type_ids)
    pos.place(0, "Orkworld", "bad_moonz_ork_boyz")
    pos.set_control(1, "Hive")
    pos.set_control(0, "Orkworld")
    (card,) = pos.give(1, "tactical_move")
    game = pos.start(1, "move")
    game.decide(f"card:{card}")
    game.decide("zone:0")
    if game.pending.kind == "choose_units":
        game.decide("all")
    assert game.pending.kind == "choose_destination"
    return [game.board.names[o.value] for o in game.pending.options]


def test_w1_a_fast_ship_moves_three_zones_a_medium_one_two():
    """W1: Wardrones are marked F (Fast, 3 zones), the Kraken is Medium (2 zones); a group
    moves at its slowest. Ground units, Fast or not, cross space on transports at Medium."""
    assert reach("wardrones") == ["A", "B", "C"]
    assert reach("kraken") == ["A", "B"]
    assert reach("wardrones", "kraken") == ["A", "B"]
    assert reach("gargoyles") == ["A", "B"]


# ---------------------------------------------------------------------- W2: the sector

# id: (name, revenue)
ZONE_TYPES = {
    "deep_space": ("Deep Space", 0),
    "poor_planet": ("Poor Planet", 1),
    "rich_planet": ("Rich Planet", 3),
    "homeworld": ("Homeworld", 5),
}

ZONES = "Orkworld:homeworld Void:deep_space Piscina:rich_planet Terra:homeworld Gorka:poor_planet"
EDGES = "Orkworld-Void Void-Piscina Piscina-Terra Void-Gorka"
ORKWORLD, VOID, PISCINA, TERRA, GORKA = range(5)


def position(enemy: str = "tyranids") -> Position:
    """The Orks (seat 0) at home at Orkworld, the enemy (seat 1) at Terra."""
    pos = Position("warhammer_space", ["orks", enemy], ZONES, EDGES, seed=3)
    pos.set_control(0, ORKWORLD)
    pos.set_control(1, TERRA)
    return pos


def test_w2_zone_types_and_their_revenue(book):
    assert {z.id: (z.name, z.revenue) for z in book.zone_types.values()} == ZONE_TYPES


def test_w2_planets_are_the_zones_that_earn_revenue(book):
    for z in book.zone_types.values():
        assert ("planet" in z.tags) == (z.revenue > 0) == z.generates_revenue, z.id
    assert sorted(z.id for z in book.zone_types.values() if "planet" in z.tags) == ["homeworld", "poor_planet", "rich_planet"]


def test_w2_revenue_comes_from_planets_and_never_from_deep_space():
    """W2: holding Orkworld (5) and Gorka (1) brings 6. Ork Boyz in the Void and on Piscina
    take Piscina in the control phase, never the Void; next turn the revenue is 5 + 1 + 3."""
    pos = position()
    pos.set_control(0, GORKA)
    pos.place(0, VOID, "bad_moonz_ork_boyz")
    pos.place(0, PISCINA, "goffs_ork_boyz")
    game = pos.start(0, "revenue", "control")
    assert game.pending is None
    assert game.state.players[0].treasury == 6
    assert game.state.control.get(PISCINA) == 0 and VOID not in game.state.control
    pos.start(0, "revenue", turn=3)
    assert [e["amount"] for e in events(game, "revenue")] == [6, 9]
    assert game.state.players[0].treasury == 15


def test_w2_a_random_sector_has_one_homeworld_per_player():
    game = new_game("warhammer_space", ["orks", "eldar", "tyranids"], seed=11)
    types = Counter(t.id for t in game.state.zone_types)
    assert set(types) <= set(ZONE_TYPES)
    assert types["homeworld"] == 3
    assert types["deep_space"] > 0 and types["poor_planet"] + types["rich_planet"] > 0


# ---------------------------------------------------------------------- W3: the setup


def is_ship(game: Game, unit: int) -> bool:
    return "space" in game.state.units[unit].type.tags


def test_w3_each_player_starts_at_their_homeworld_with_8_ships_12_ground_units_and_5_cards():
    game = new_game("warhammer_space", FACTION_IDS, seed=7)
    s = game.state
    assert len(s.starts) == 4
    for p in s.players:
        home = s.starts[p.seat]
        units = s.units_of(p.seat)
        assert s.zone_types[home].id == "homeworld" and s.control[home] == p.seat
        assert {s.units[u].zone for u in units} == {home}
        assert {s.units[u].type.faction for u in units} == {p.faction.id}
        assert sum(is_ship(game, u) for u in units) == 8
        assert sum(not is_ship(game, u) for u in units) == 12
        assert len(p.hand) == 5 and p.treasury == 0
        assert len(s.pools[p.faction.id]) == TOTALS[p.faction.id][1] - 20
    assert sorted(s.control.values()) == [0, 1, 2, 3]  # nothing else is held
    assert len(s.deck) == 49 - 4 * 5


def test_w3_the_starting_units_are_drawn_at_random():
    """W3: two games with different seeds start the Orks with different forces."""

    def opening(seed: int) -> list[str]:
        game = new_game("warhammer_space", ["orks", "imperium"], seed=seed)
        return sorted(game.state.units[u].type.id for u in game.state.units_of(0))

    assert opening(1) == opening(1)
    assert opening(1) != opening(2)


# ---------------------------------------------------------------------- W4: recruiting


def test_w4_recruit_limits_by_zone_type(book):
    limits = {z.id: z.recruit_limit for z in book.zone_types.values()}
    assert limits == {"deep_space": None, "poor_planet": 1, "rich_planet": 3, "homeworld": 5}


def test_w4_leaders_cost_half_their_force_rounded_up_and_others_their_force(book):
    for u in book.unit_types.values():
        assert u.cost == (ceil(u.force / 2) if u.is_leader else u.force), u.name
    costs = {u.name: (u.force, u.cost) for u in book.unit_types.values() if u.is_leader}
    assert costs["Warboss"] == (4, 2) and costs["Ghazghkull Thraka"] == (6, 3)
    assert costs["Nobz Warbikes"] == (2, 1) and costs["Capitol Imperialis"] == (6, 3)
    assert costs["Genestealer Magus"] == (1, 1)


def recruit(pool: list[str], treasury: int, *held: int) -> tuple[Position, Game]:
    """The Orks' recruit phase with exactly ``pool`` left to draw from (5 units or more)."""
    pos = position()
    pos.set_pool(*pool, pool="orks")
    pos.set_treasury(0, treasury)
    for zone in held:
        pos.set_control(0, zone)
    if ORKWORLD not in held:
        del pos.game.state.control[ORKWORLD]
    return pos, pos.start(0, "recruit")


def offered(game: Game) -> list[str]:
    assert game.pending is not None and game.pending.kind == "buy"
    return sorted(str(o.label) for o in game.pending.options[1:])


def buy(game: Game, type_id: str) -> None:
    s = game.state
    option = next(o for o in game.pending.options[1:] if s.units[o.value].type.id == type_id)
    game.decide(option.id)


def test_w4_a_poor_planet_recruits_one_ground_unit_a_turn_and_never_a_ship():
    pos, game = recruit(["bad_moonz_ork_boyz", "goffs_ork_boyz", "ork_warship", "nobz_hulk", "warboss"], 20, GORKA)
    assert offered(game) == [  # the ships cannot be placed anywhere, so they are not offered
        "Buy Bad Moonz Ork Boyz (F2) for 2", "Buy Goffs Ork Boyz (F2) for 2", "Buy Warboss (F4) for 2",
    ]
    buy(game, "bad_moonz_ork_boyz")
    assert game.pending is None  # Gorka is full for this turn
    assert units_in(game, GORKA, 0) == ["bad_moonz_ork_boyz"]
    assert game.state.players[0].treasury == 18
    assert len(game.state.pools["orks"]) == 4
    # Next turn Gorka takes one more.
    pos.start(0, "recruit", turn=3)
    buy(game, "warboss")
    assert game.pending is None
    assert units_in(game, GORKA, 0) == ["bad_moonz_ork_boyz", "warboss"]
    assert game.state.players[0].treasury == 16


def test_w4_a_rich_planet_recruits_three_units_ships_included():
    _, game = recruit(["ork_warship", "nobz_hulk", "bad_moonz_ork_boyz", "goffs_ork_boyz", "warboss"], 40, PISCINA)
    for type_id in ("ork_warship", "nobz_hulk", "bad_moonz_ork_boyz"):
        buy(game, type_id)
    assert game.pending is None  # Piscina is full: the last two are not offered
    assert units_in(game, PISCINA, 0) == ["bad_moonz_ork_boyz", "nobz_hulk", "ork_warship"]
    assert [e["cost"] for e in events(game, "unit_bought")] == [4, 8, 2]
    assert game.state.players[0].treasury == 40 - 14
    assert sorted(game.state.units[u].type.id for u in game.state.pools["orks"]) == ["goffs_ork_boyz", "warboss"]


def test_w4_a_homeworld_recruits_five_units():
    """W4: Orkworld takes 5 Warships; all five drawn are bought, so 1D6 more are drawn, and
    the sixth Warship cannot be placed (Gorka never takes a ship): it is not offered."""
    _, game = recruit(["ork_warship"] * 6, 30, ORKWORLD, GORKA)
    for _ in range(5):
        buy(game, "ork_warship")
    assert game.pending is None
    draws = events(game, "recruit_draw")
    assert [(len(e["units"]), e["extra"]) for e in draws] == [(5, False), (1, True)]
    assert units_in(game, ORKWORLD, 0) == ["ork_warship"] * 5
    assert units_in(game, GORKA, 0) == []
    assert game.state.players[0].treasury == 30 - 5 * 4


def test_w4_a_player_pays_half_price_for_leaders():
    """W4: Warboss 4 -> 2, Warlord 5 -> 3, Ghazghkull Thraka 6 -> 3, Nobz Warbikes 2 -> 1;
    an Ork Warship costs its force, 4. 13 buys all five."""
    _, game = recruit(["warboss", "warlord", "ghazghkull_thraka", "nobz_warbikes", "ork_warship"], 13, ORKWORLD)
    assert offered(game) == [
        "Buy Ghazghkull Thraka (F6) for 3", "Buy Nobz Warbikes (F2) for 1", "Buy Ork Warship (F4) for 4",
        "Buy Warboss (F4) for 2", "Buy Warlord (F5) for 3",
    ]
    for type_id in ("warboss", "warlord", "ghazghkull_thraka", "nobz_warbikes", "ork_warship"):
        buy(game, type_id)
    assert game.pending is None
    assert [e["cost"] for e in events(game, "unit_bought")] == [2, 3, 3, 1, 4]
    assert game.state.players[0].treasury == 0
    assert len(units_in(game, ORKWORLD, 0)) == 5


# ---------------------------------------------------------------------- W6: the action deck

# name: copies
CARDS = {
    "Tactical Move": 12, "Operational Move": 6, "Strategic Move": 3, "Leadership": 2, "Space Combat": 2,
    "Fighter Escort": 2, "Hold Ground": 2, "Barrage": 2, "Massed Armor": 2, "Surprise": 2, "Titan Attack": 2,
    "Psionic Storm": 2, "Outflank": 2, "Recon": 2, "Intelligence": 2, "Terraform": 1, "Industrialization": 1,
    "Decoy Force": 2,
}

# The battle cards: name: what gets +5.
BATTLE_BONUS = {
    "Leadership": {"tag": "leader", "per_unit": 5},
    "Space Combat": {"flat": 5, "requires": "space"},
    "Fighter Escort": {"flat": 5, "battle": "space"},
    "Hold Ground": {"tag": "infantry", "per_unit": 5},
    "Barrage": {"tag": "artillery", "per_unit": 5},
    "Massed Armor": {"tag": "vehicle", "per_unit": 5},
    "Surprise": {"tag": "stealth", "per_unit": 5},
    "Titan Attack": {"tag": "titan", "per_unit": 5},
    "Psionic Storm": {"tag": "psychic", "per_unit": 5},
    "Outflank": {"tag": "fast", "per_unit": 5},
}


def test_w6_the_deck_has_18_card_types_and_49_cards(book):
    assert {c.name: c.copies for c in book.card_types.values()} == CARDS
    assert len(book.card_types) == 18
    assert len(book.cards) == 49
    assert len(position().game.state.deck) == 49


def test_w6_card_numbers(book):
    params = {c.name: dict(c.params) for c in book.card_types.values()}
    assert {name: params[name] for name in BATTLE_BONUS} == BATTLE_BONUS
    assert [params[f"{n} Move"]["max"] for n in ("Tactical", "Operational", "Strategic")] == [1, 2, 3]
    assert params["Terraform"] == {"to": "rich_planet", "from": ["poor_planet"], "where": "controlled", "cost": 10}
    assert params["Industrialization"] == {"to": "homeworld", "from": ["rich_planet"], "where": "controlled", "cost": 10}


def play_upgrade(card: str, treasury: int, zone: int) -> Game:
    """The Orks, holding Orkworld and ``zone``, play ``card`` in their move phase if they
    can, then collect their revenue."""
    pos = position()
    pos.set_control(0, zone)
    pos.place(0, zone, "bad_moonz_ork_boyz")
    pos.set_treasury(0, treasury)
    (held,) = pos.give(0, card)
    game = pos.start(0, "move", "revenue")
    if game.pending is not None and f"card:{held}" in option_ids(game):
        game.decide(f"card:{held}")  # the only planet it fits is chosen without asking
    return game


def test_w6_terraform_costs_10_and_makes_a_poor_planet_rich():
    game = play_upgrade("terraform", 12, GORKA)
    assert game.pending is None
    assert events(game, "zone_changed") == [{"player": 0, "zone": GORKA, "frm": "Poor Planet", "to": "Rich Planet", "cost": 10}]
    assert game.state.zone_types[GORKA].id == "rich_planet"
    # 12 - 10, then revenue 5 (Orkworld) + 3 (Gorka, now Rich)
    assert [e["treasury"] for e in events(game, "revenue")] == [2 + 8]


def test_w6_terraform_cannot_be_played_without_10_in_the_treasury():
    game = play_upgrade("terraform", 9, GORKA)
    assert game.pending is None and events(game, "card_played") == []
    assert game.state.zone_types[GORKA].id == "poor_planet"
    assert game.state.players[0].treasury == 9 + 6


def test_w6_industrialization_costs_10_and_makes_a_rich_planet_a_homeworld():
    game = play_upgrade("industrialization", 10, PISCINA)
    assert game.pending is None
    assert game.state.zone_types[PISCINA].id == "homeworld"
    assert [e["treasury"] for e in events(game, "revenue")] == [0 + 10]  # two Homeworlds: 5 + 5
