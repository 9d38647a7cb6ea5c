"""The module contract: what a theme can say through data and hooks, shown by fixture themes.

* ``skirmish`` (Border Skirmish): its own phase list, zone types, a data-only faction
  ability, a force modifier in code, its own victory and tiebreak.
* ``orbital`` (Orbital War, shaped like War Hammer Space Empires): per-faction pools,
  recruit limits per zone type, half-price leaders, transports, a space battle before the
  ground battle with bombardment.

Every fixture is a folder theme under ``tests/fixtures/contract/`` loaded like a
``--module-path`` folder; scenarios replace the theme's setup with an arranged position.
"""

from __future__ import annotations

import pytest

from warp_empires import ZoneMap
from warp_empires.agents import RandomAgent
from warp_empires.model.state import BOARD
from warp_empires.plugins import make_manager
from warp_empires.testing import events, option_ids, play_random

from contract_support import (
    ORBITAL_MAP,
    PASSIVE,
    SKIRMISH_MAP,
    advance,
    end_turn,
    fixture_plugin,
    give_card,
    new_game,
    phases_of_turns,
    place,
)

# --------------------------------------------------------------------------- Border Skirmish

SKIRMISH_PHASES = ["draw", "move", "battle", "control", "revenue", "recruit", "muster"]

# 0 Stonegate (fort) - 1 Fen (bog) - 4 Kingsfort (fort); 0 - 2 Meadow - 4; 0 - 3 Crag (cliff)
SKIRMISH_SCENARIO_MAP = ZoneMap.build(
    [("Stonegate", "fort", 2), ("Fen", "bog", 0), ("Meadow", "field", 1), ("Crag", "cliff", 0), ("Kingsfort", "fort", 2)],
    [(0, 1), (0, 2), (0, 3), (1, 4), (2, 4)],
)

# Three forts (0, 3, 5) and two fields (1, 2), in a ring.
SKIRMISH_TIEBREAK_MAP = ZoneMap.build(
    [("Stonegate", "fort", 2), ("Meadow", "field", 1), ("Ashford", "field", 1), ("Kingsfort", "fort", 2),
     ("Fen", "bog", 0), ("Redwall", "fort", 2)],
    [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)],
)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_skirmish_plays_to_the_end_with_its_own_phases(seed):
    """Random players finish a Border Skirmish game; every turn runs the theme's phase list
    (warp_settings), including its own muster phase (warp_phase_handlers) and no upkeep."""
    game = play_random(new_game("skirmish", SKIRMISH_MAP, ["highlanders", "riverfolk"], seed=seed, turn_limit=30), seed)
    assert game.is_over and game.pending is None
    (over,) = events(game, "game_over")
    assert over["winner"] == game.winner and over["reason"] in ("victory", "turn limit")
    turns = phases_of_turns(game)
    assert len(turns) == game.state.turn
    assert all(t == SKIRMISH_PHASES for t in turns)


def _stonegate_assault(defender_faction: str):
    def arrange(game):
        s = game.state
        for type_id in ("spearmen", "spearmen", "riders", "captain"):
            place(game, 0, type_id, 0)
        for type_id in ("militia", "spearmen"):
            place(game, 1, type_id, 0)
        s.control[0] = 1  # Stonegate is the defender's
        s.control[4] = 0  # Kingsfort is the attacker's, and empty

    return new_game("skirmish", SKIRMISH_SCENARIO_MAP, ["riverfolk", defender_faction], seed=7, arrange=arrange)


@pytest.mark.parametrize(
    "defender, defender_parts",
    [
        # Highlanders: +1 per defending unit, from factions.toml alone.
        ("highlanders", [("units", 3), ("unit and faction abilities", 2), ("walls", 3)]),
        ("riverfolk", [("units", 3), ("walls", 3)]),
    ],
)
def test_skirmish_assault_on_a_fort(defender, defender_parts):
    """The attacker's Riders get their unit ability, its Captain the leader bonus; the defender
    of a fort gets the walls (warp_force_modifiers, code) and, if Highlanders, their faction
    ability (data only). The winner takes the fort; the theme's muster fills the empty fort;
    holding every fort wins at the end of the turn (warp_victory)."""
    game = _stonegate_assault(defender)
    advance(game, {"pick_enemy_loss"})
    (battle,) = events(game, "battle")
    assert battle["attacker"] == {"seat": 0, "force": 15, "parts": [("units", 9), ("unit and faction abilities", 1), ("leader", 5)]}
    assert battle["defender"] == {"seat": 1, "force": sum(a for _, a in defender_parts), "parts": defender_parts}
    assert battle["winner"] == 0

    s = game.state
    spearmen = next(u for u in s.stack(0, 1) if s.units[u].type.id == "spearmen")
    game.decide(f"unit:{spearmen}")  # the winner picks the defender's loss: 2 force lost
    assert game.pending.kind == "pick_own_losses" and game.pending.player == 0  # it owes 1 force
    riders = next(u for u in s.stack(0, 0) if s.units[u].type.id == "riders")
    game.decide(f"unit:{riders}")
    assert game.pending.kind == "retreat" and option_ids(game) == ["zone:1", "zone:2"]  # never the cliff
    game.decide("zone:2")
    advance(game, set())

    assert sorted(s.units[u].type.id for u in s.stack(0, 0)) == ["captain", "spearmen", "spearmen"]
    assert [s.units[u].type.id for u in s.stack(2, 1)] == ["militia"]
    assert s.control[0] == 0
    assert [e["amount"] for e in events(game, "revenue")] == [4]  # control came before revenue
    assert events(game, "mustered") == [{"player": 0, "zone": 4, "unit": "Militia"}]
    assert [s.units[u].type.id for u in s.stack(4, 0)] == ["militia"]
    assert phases_of_turns(game) == [SKIRMISH_PHASES]
    assert game.winner == 0 and events(game, "game_over") == [{"winner": 0, "reason": "victory"}]


def test_skirmish_tiebreak_counts_forts_before_the_generic_rule():
    """At the turn limit the theme's warp_tiebreak (most forts) beats the generic one (most
    revenue zones); with equal forts it answers None and the generic rule decides."""

    def one_fort_against_two_fields(game):
        s = game.state
        place(game, 0, "militia", 1)
        place(game, 0, "militia", 2)
        s.control.update({1: 0, 2: 0})  # two fields: the generic rule would pick seat 0
        place(game, 1, "militia", 0)
        s.control[0] = 1  # one fort of three: not a victory, but the most forts

    game = new_game("skirmish", SKIRMISH_TIEBREAK_MAP, ["highlanders", "riverfolk"], arrange=one_fort_against_two_fields, turn_limit=1)
    end_turn(game)
    end_turn(game)
    assert events(game, "game_over") == [{"winner": 1, "reason": "turn limit"}]

    def no_forts(game):
        s = game.state
        place(game, 0, "militia", 1)
        place(game, 0, "militia", 2)
        s.control.update({1: 0, 2: 0})
        place(game, 1, "militia", 4)  # the bog earns nothing and takes no marker

    game = new_game("skirmish", SKIRMISH_TIEBREAK_MAP, ["highlanders", "riverfolk"], arrange=no_forts, turn_limit=1)
    end_turn(game)
    end_turn(game)
    assert events(game, "game_over") == [{"winner": 0, "reason": "turn limit"}]


# --------------------------------------------------------------------------- Orbital War

# 0 Orkworld (homeworld) - 3 Void - 1 Gorka (poor), 2 Piscina (rich), 4 Terra (homeworld);
# 4 - 5 Void Far - 6 Dust (poor)
ORBITAL_SCENARIO_MAP = ZoneMap.build(
    [
        ("Orkworld", "homeworld", 5), ("Gorka", "poor_planet", 1), ("Piscina", "rich_planet", 3), ("Void", "deep_space", 0),
        ("Terra", "homeworld", 5), ("Void Far", "deep_space", 0), ("Dust", "poor_planet", 1),
    ],
    [(0, 3), (1, 3), (2, 3), (3, 4), (4, 5), (5, 6)],
)


@pytest.mark.parametrize("seed", [4, 5])
def test_orbital_players_only_ever_hold_their_own_factions_units(seed):
    """pools = "faction": every draw, purchase and unit on the board of a player is of their
    own faction, all game long (checked after every decision). The theme's warp_setup starts
    each player at their Homeworld with 2 ships and 3 ground units of their own pool."""
    game = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], seed=seed, turn_limit=20)
    s = game.state
    assert sorted(s.pools) == ["imperium", "orks"]
    assert all(s.units[u].type.faction == faction for faction, pool in s.pools.items() for u in pool)
    faction_of_name = {t.name: t.faction for t in game.rules.unit_types.values()}
    for p, home in zip(s.players, (0, 8)):
        units = [s.units[u].type for u in s.units_of(p.seat)]
        assert {t.faction for t in units} == {p.faction.id}
        assert sorted("space" in t.tags for t in units) == [False, False, False, True, True]
        assert {s.units[u].zone for u in s.units_of(p.seat)} == {home} and s.control[home] == p.seat

    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    while game.pending is not None:
        game.decide(agents[game.pending.player].choose(game))
        for u in s.units:
            if u.place == BOARD:
                assert u.type.faction == s.players[u.owner].faction.id, (u, s.players[u.owner].faction.id)
    draws = events(game, "recruit_draw")
    bought = events(game, "unit_bought")
    assert draws and bought
    for e in draws + bought:
        names = e["units"] if "units" in e else [e["unit"]]
        assert {faction_of_name[n] for n in names} <= {s.players[e["player"]].faction.id}


def _keep_in_pool(game, seat: int, keep: dict[str, int], zone: int) -> None:
    """Arrange a faction pool to hold exactly ``keep``: every other unit goes on the board in ``zone``."""
    s = game.state
    pool = s.pools[game.state.players[seat].faction.id]
    left = dict(keep)
    for unit in list(pool):
        type_id = s.units[unit].type.id
        if left.get(type_id, 0) > 0:
            left[type_id] -= 1
        else:
            s.put_on_board(unit, seat, zone)
    assert not any(left.values()), left


def _imperium_at_terra(game) -> None:
    place(game, 1, "tactical_marines", 4)
    game.state.control[4] = 1


def test_orbital_recruit_limits_and_half_price_leaders():
    """Poor planet: one new unit a turn, Rich planet: three (ZoneType.recruit_limit); a Leader
    costs half its force rounded up (its cost in the data): Warboss 4 -> 2, Ghazghkull 5 -> 3."""

    def arrange(game):
        s = game.state
        _keep_in_pool(game, 0, {"ork_boyz": 3, "warboss": 1, "ghazghkull": 1}, zone=3)
        s.control.update({1: 0, 2: 0})  # Gorka (poor) and Piscina (rich); the Homeworld is not held
        s.players[0].treasury = 20
        _imperium_at_terra(game)

    game = new_game("orbital", ORBITAL_SCENARIO_MAP, ["orks", "imperium"], arrange=arrange)
    s = game.state
    advance(game, {"buy"})
    assert s.players[0].treasury == 24  # revenue 1 + 3 came first
    labels = sorted(o.label for o in game.pending.options[1:])
    assert labels == [
        "Buy Ghazghkull Thraka (F5) for 3", "Buy Ork Boyz (F2) for 2", "Buy Ork Boyz (F2) for 2",
        "Buy Ork Boyz (F2) for 2", "Buy Warboss (F4) for 2",
    ]

    def buy(type_id):
        option = next(o for o in game.pending.options[1:] if s.units[o.value].type.id == type_id)
        game.decide(option.id)

    buy("ghazghkull")
    assert game.pending.kind == "place" and option_ids(game) == ["zone:1", "zone:2"]
    game.decide("zone:1")  # Gorka takes its one unit
    for type_id in ("warboss", "ork_boyz", "ork_boyz"):
        assert game.pending.kind == "buy"
        buy(type_id)  # only Piscina is left: placed there without asking
    # Gorka and Piscina are full: the last Ork Boyz cannot be placed, so it is not offered.
    assert game.pending is None or game.pending.kind != "buy"
    assert [s.units[u].type.id for u in s.stack(1, 0)] == ["ghazghkull"]
    assert sorted(s.units[u].type.id for u in s.stack(2, 0)) == ["ork_boyz", "ork_boyz", "warboss"]
    assert [s.units[u].type.id for u in s.pools["orks"]] == ["ork_boyz"]
    assert [e["cost"] for e in events(game, "unit_bought")] == [3, 2, 2, 2]
    assert s.players[0].treasury == 24 - 9


def test_orbital_homeworld_takes_five_and_a_poor_planet_never_a_ship():
    """A Homeworld takes five new units a turn; warp_can_place keeps ships off Poor planets.
    All five ships drawn are bought, so 1D6 more are drawn: the one left cannot be placed."""

    def arrange(game):
        s = game.state
        _keep_in_pool(game, 0, {"ork_warship": 6}, zone=3)
        s.control.update({0: 0, 1: 0})  # Orkworld (homeworld) and Gorka (poor)
        s.players[0].treasury = 30
        _imperium_at_terra(game)

    game = new_game("orbital", ORBITAL_SCENARIO_MAP, ["orks", "imperium"], arrange=arrange)
    s = game.state
    advance(game, {"buy"})
    assert s.players[0].treasury == 36
    for _ in range(5):
        assert game.pending.kind == "buy"
        game.decide(game.pending.options[1].id)  # every placement is the Homeworld: never asked
    assert game.pending is None or game.pending.kind != "buy"
    draws = [e for e in events(game, "recruit_draw") if e["player"] == 0]
    assert [len(e["units"]) for e in draws] == [5, 1] and draws[1]["extra"] is True
    assert [s.units[u].type.id for u in s.stack(0, 0)] == ["ork_warship"] * 5
    assert s.stack(1, 0) == []
    assert [e["zone"] for e in events(game, "unit_placed")] == [0] * 5
    assert s.players[0].treasury == 36 - 5 * 4
    assert len(s.pools["orks"]) == 1


def _piscina_battle(attacker_units, defender_units, *, card=None):
    def arrange(game):
        for type_id in attacker_units:
            place(game, 0, type_id, 2)
        for type_id in defender_units:
            place(game, 1, type_id, 2)
        game.state.control.update({2: 1, 0: 0})  # Orkworld's revenue keeps the Orks' upkeep paid
        if card:
            give_card(game, 0, card)

    return new_game("orbital", ORBITAL_SCENARIO_MAP, ["orks", "imperium"], arrange=arrange, seed=3)


def _unit(game, seat, type_id, zone=2):
    s = game.state
    return next(u for u in s.stack(zone, seat) if s.units[u].type.id == type_id)


def test_orbital_space_battle_then_ground_battle_with_bombardment():
    """W5 through warp_battle_steps: the space battle first (transports at force 0 and no card
    bonus, ships lost first), then the ground battle with the surviving ship bombarding at
    half its force (5 -> 2), lost last."""
    game = _piscina_battle(
        ["battle_barge", "ork_kroozer", "ork_boyz", "warboss"],
        ["thunderbolt_cruiser", "tactical_marines", "assault_marines"],
        card="hold_ground",
    )
    s = game.state
    hold_ground = next(c for c in s.players[0].hand if game.rules.cards[c].id == "hold_ground")
    advance(game, {"battle_card"})
    assert game.pending.player == 0
    game.decide(f"card:{hold_ground}")  # +5 per infantry: the Boyz ride a transport, so +0
    advance(game, {"pick_own_losses"})

    space, = events(game, "battle")
    assert events(game, "space_battle") == [{"zone": 2, "attacker": 0, "defender": 1, "transports": 2}]
    assert space["attacker"] == {"seat": 0, "force": 16, "parts": [("units", 11), ("leader", 5), ("Hold Ground", 0)]}
    assert space["defender"] == {"seat": 1, "force": 4, "parts": [("units", 4)]}  # its marines are on the ground
    assert space["winner"] == 0
    assert [e["unit"] for e in events(game, "unit_lost")] == ["Thunderbolt Cruiser"]
    # The winner owes 2 force and pays with ships only, never with transports.
    barge, kroozer = _unit(game, 0, "battle_barge"), _unit(game, 0, "ork_kroozer")
    assert sorted(option_ids(game)) == sorted([f"unit:{barge}", f"unit:{kroozer}"])
    game.decide(f"unit:{barge}")

    advance(game, {"pick_enemy_loss"})
    assert events(game, "ground_battle") == [{"zone": 2, "attacker": 0, "defender": 1, "bombarding": 1}]
    ground = events(game, "battle")[1]
    assert ground["attacker"] == {"seat": 0, "force": 13, "parts": [("units", 8), ("leader", 5)]}  # 2 + 4 + 5 // 2
    assert ground["defender"] == {"seat": 1, "force": 5, "parts": [("units", 5)]}
    game.decide(f"unit:{_unit(game, 1, 'assault_marines')}")
    # 3 force lost: the winner owes 2, from its ground units before the bombarding ship.
    boyz, warboss = _unit(game, 0, "ork_boyz"), _unit(game, 0, "warboss")
    assert game.pending.kind == "pick_own_losses"
    assert sorted(option_ids(game)) == sorted([f"unit:{boyz}", f"unit:{warboss}"])
    game.decide(f"unit:{boyz}")
    end_turn(game)

    assert sorted(s.units[u].type.id for u in s.stack(2, 0)) == ["ork_kroozer", "warboss"]
    assert s.stack(2, 1) == []
    assert [s.units[u].type.id for u in s.stack(3, 1)] == ["tactical_marines"]  # retreated to the Void
    assert s.control[2] == 0  # the Orks hold Piscina after their control phase


def test_orbital_a_beaten_fleet_loses_its_ships_before_its_transports():
    """The loser of a space battle loses half its units, ships first: here both of its ships,
    though its transports (force 0) would have been the cheaper loss. The survivors retreat
    together and nobody lands."""
    game = _piscina_battle(["ork_kroozer", "ork_warship", "ork_boyz", "ork_boyz"], ["gothic_battleship", "thunderbolt_cruiser"])
    s = game.state
    advance(game, {"pick_enemy_loss"})
    (battle,) = events(game, "battle")
    assert (battle["attacker"]["force"], battle["defender"]["force"], battle["winner"]) == (9, 12, 1)
    kroozer, warship = _unit(game, 0, "ork_kroozer"), _unit(game, 0, "ork_warship")
    assert sorted(option_ids(game)) == sorted([f"unit:{kroozer}", f"unit:{warship}"])  # no transport offered
    game.decide(f"unit:{kroozer}")  # the loser's second loss is then its other ship, without asking
    end_turn(game, {**PASSIVE, "pick_own_losses": 0})
    assert [e["unit"] for e in events(game, "unit_lost") if e["player"] == 0] == ["Kill Kroozer", "Ork Warship"]
    assert [s.units[u].type.id for u in s.stack(3, 0)] == ["ork_boyz", "ork_boyz"]
    assert events(game, "ground_battle") == []


def test_orbital_ships_against_transports_alone_win_without_loss():
    """Transports with no ship against a ship: the ship wins (even against a leader's +5) and
    loses nothing; half the transports are lost, the rest retreat; nobody lands."""
    game = _piscina_battle(["ork_boyz", "warboss"], ["thunderbolt_cruiser", "tactical_marines"])
    s = game.state
    advance(game, {"pick_enemy_loss"})
    (battle,) = events(game, "battle")
    assert battle["walkover"] is True and battle["winner"] == 1
    assert battle["attacker"]["force"] == 5 and battle["defender"]["force"] == 4
    assert game.pending.player == 1
    game.decide(f"unit:{_unit(game, 0, 'warboss')}")
    end_turn(game)
    assert events(game, "leader_captured") == [{"player": 0, "by": 1, "unit": "Warboss", "zone": 2}]
    assert [s.units[u].type.id for u in s.stack(3, 0)] == ["ork_boyz"]
    assert sorted(s.units[u].type.id for u in s.stack(2, 1)) == ["tactical_marines", "thunderbolt_cruiser"]
    assert events(game, "ground_battle") == []
    assert len(events(game, "battle")) == 1


def test_orbital_no_defending_ship_means_no_space_battle():
    """With no enemy ship above the planet the attackers land at once: only a ground battle."""
    game = _piscina_battle(["ork_warship", "ork_boyz"], ["tactical_marines"])
    end_turn(game)
    assert events(game, "space_battle") == []
    (battle,) = events(game, "battle")
    assert battle["attacker"]["parts"] == [("units", 4)]  # Boyz 2 + Warship bombarding 4 // 2
    assert battle["defender"]["parts"] == [("units", 2)]


def test_orbital_ground_units_cross_space_at_transport_speed():
    """warp_move_allowance: Battlewagons are Fast (3) but ride a transport (2) between planets."""

    def arrange(game):
        place(game, 0, "battlewagons", 0)
        place(game, 1, "tactical_marines", 6)
        give_card(game, 0, "tactical_move")

    game = new_game("orbital", ORBITAL_SCENARIO_MAP, ["orks", "imperium"], arrange=arrange)
    advance(game, {"play_card"})
    card = next(c for c in game.state.players[0].hand if game.rules.cards[c].id == "tactical_move")
    game.decide(f"card:{card}")
    advance(game, {"choose_destination"}, answers={"choose_stack": "zone:0"})
    # Void (1), then Gorka, Piscina, Terra (2); never Void Far (3).
    assert option_ids(game) == ["zone:1", "zone:2", "zone:3", "zone:4"]


def test_orbital_checks_a_map_for_homeworlds():
    """warp_check_map reports what the theme cannot say as data."""
    pm = make_manager(fixture_plugin("orbital"))
    problems = [p for answer in pm.hook.warp_check_map(zone_map=ORBITAL_SCENARIO_MAP, players=3) for p in answer]
    assert problems == ["the map has 2 Homeworld(s) but 3 players need one each"]
    assert [p for answer in pm.hook.warp_check_map(zone_map=ORBITAL_SCENARIO_MAP, players=2) for p in answer] == []
