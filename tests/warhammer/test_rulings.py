"""War Hammer Space Empires on its own data: the rulings W7, W8 and W9, and victory (W2).

The map (Void is deep space)::

    Orkworld(homeworld) - Void(deep space) - Piscina(rich planet) - Terra(homeworld)
                              |
                          Gorka(poor planet)

The Orks (seat 0) attack in their own turn; the Tyranids or the Imperium (seat 1) defend.
"""

from __future__ import annotations

from warp_empires import Game, GameSetup, Seat, ZoneMap
from warp_empires.cli import render
from warp_empires.cli.narrate import log_lines, zone as zone_words
from warp_empires.plugins import make_manager
from warp_empires.rulesref import gather
from warp_empires.testing import events, option_ids

from contract_support import PASSIVE, Scenario, advance, end_turn, give_card, place

ORKWORLD, VOID, PISCINA, TERRA, GORKA = range(5)
MAP = ZoneMap.build(
    [
        ("Orkworld", "homeworld", 5), ("Void", "deep_space", 0), ("Piscina", "rich_planet", 3),
        ("Terra", "homeworld", 5), ("Gorka", "poor_planet", 1),
    ],
    [(0, 1), (1, 2), (2, 3), (1, 4)],
    starts=[0, 3],
)


def battle(orks: list[str], enemy: list[str], *, zone: int, enemy_faction: str = "tyranids", control=None, cards=()) -> Game:
    """The Orks' turn with these units facing each other in ``zone``."""

    def arrange(game):
        for type_id in orks:
            place(game, 0, type_id, zone)
        for type_id in enemy:
            place(game, 1, type_id, zone)
        game.state.control.update({ORKWORLD: 0, TERRA: 1, **(control or {})})
        for card in cards:
            give_card(game, 0, card)

    pm = make_manager("warhammer_space", extras=[Scenario(arrange)])
    seats = [Seat("Orks", "orks", "ai:random"), Seat("Foe", enemy_faction, "ai:random")]
    return Game(GameSetup("warhammer_space", seats, MAP, seed=5, turn_limit=3), plugins=pm)


def kinds(game: Game, zone: int, seat: int) -> list[str]:
    s = game.state
    return sorted(s.units[u].type.id for u in s.stack(zone, seat))


def unit(game: Game, zone: int, seat: int, type_id: str) -> int:
    s = game.state
    return next(u for u in s.stack(zone, seat) if s.units[u].type.id == type_id)


# ---------------------------------------------------------------------- W8


def test_w8_a_winner_whose_ships_exactly_pay_the_debt_keeps_its_transports_and_leader():
    # In deep space: Ork Warship 4 + Warboss and Boyz on transports (force 0) + leader 5 = 9,
    # against a Dark Prowler's 8. The Prowler is lost (8 printed force): the Orks owe 4, and
    # their Warship (4) pays it exactly; the Warboss and the Boyz are not touched.
    game = battle(["ork_warship", "warboss", "bad_moonz_ork_boyz"], ["dark_prowler"], zone=VOID)
    end_turn(game)
    (fought,) = events(game, "battle")
    assert (fought["attacker"]["force"], fought["defender"]["force"], fought["winner"]) == (9, 8, 0)
    assert [e["unit"] for e in events(game, "unit_lost")] == ["Dark Prowler", "Ork Warship"]
    assert kinds(game, VOID, 0) == ["bad_moonz_ork_boyz", "warboss"]


def test_w8_a_winner_short_of_the_debt_loses_everything():
    # Freeboterz Corsair 2 + Warboss on its transport + leader 5 = 7 beats a Void Fiend's 6;
    # 3 is owed, the Corsair's 2 falls short, so the transport goes too (B6): the Warboss
    # is captured.
    game = battle(["freeboterz_corsair", "warboss"], ["void_fiend"], zone=VOID)
    end_turn(game, {**PASSIVE, "pick_enemy_loss": 0})
    assert events(game, "battle")[0]["winner"] == 0
    assert sorted(e["unit"] for e in events(game, "unit_lost")) == ["Freeboterz Corsair", "Void Fiend"]
    assert [e["unit"] for e in events(game, "leader_captured")] == ["Warboss"]
    assert kinds(game, VOID, 0) == []


# ---------------------------------------------------------------------- W7


def test_w7_bombardment_is_the_attackers_choice():
    # No Tyranid ship over Piscina: no space battle. The Orks' Warship may bombard (4 // 2)
    # or not; they choose not to, so their Boyz (2) fight the Genestealers (3) alone.
    game = battle(["ork_warship", "bad_moonz_ork_boyz"], ["genestealers"], zone=PISCINA, control={PISCINA: 1})
    decision = advance(game, {"bombard"})
    assert decision.player == 0
    assert option_ids(game) == ["none", "all"]
    assert decision.options[1].label == "Bombard with all 1 ship(s) (+2)"
    game.decide("none")
    end_turn(game)
    assert events(game, "space_battle") == []
    assert events(game, "ground_battle") == [{"zone": PISCINA, "attacker": 0, "defender": 1, "bombarding": 0}]
    (fought,) = events(game, "battle")
    assert fought["attacker"]["parts"] == [("units", 2)]
    assert fought["winner"] == 1
    assert kinds(game, PISCINA, 0) == ["ork_warship"]  # the Boyz are lost; the Warship never fought


def test_w7_ships_may_be_picked_one_by_one_to_bombard():
    game = battle(["ork_warship", "mekboy_battle_barge", "bad_moonz_ork_boyz"], ["genestealers"], zone=PISCINA, control={PISCINA: 1})
    advance(game, {"bombard"})
    barge = unit(game, PISCINA, 0, "mekboy_battle_barge")
    assert option_ids(game)[:2] == ["none", "all"] and f"unit:{barge}" in option_ids(game)
    game.decide(f"unit:{barge}")
    assert option_ids(game)[0] == "go"
    game.decide("go")
    advance(game, {"pick_enemy_loss"})
    assert events(game, "ground_battle")[0]["bombarding"] == 1
    assert events(game, "battle")[0]["attacker"]["parts"] == [("units", 2 + 6 // 2)]


def test_w7_ships_alone_never_fight_on_the_ground_nor_take_a_planet():
    # Ork ships over Piscina, held by Imperial Guard with no ship: no battle at all, the
    # battle phase does not ask about Piscina again, and the planet stays Imperial.
    game = battle(["ork_warship", "mekboy_battle_barge"], ["imperial_troops"], zone=PISCINA, enemy_faction="imperium", control={PISCINA: 1})
    end_turn(game)
    assert events(game, "battle") == [] and events(game, "ground_battle") == []
    assert kinds(game, PISCINA, 0) == ["mekboy_battle_barge", "ork_warship"] and kinds(game, PISCINA, 1) == ["imperial_troops"]
    assert game.state.control[PISCINA] == 1


def test_w7_ground_units_that_land_take_the_planet():
    game = battle(["ork_warship", "bad_moonz_ork_boyz"], [], zone=PISCINA, control={PISCINA: 1})
    end_turn(game)
    assert game.state.control[PISCINA] == 0


def test_w7_transports_against_transports_is_no_space_battle():
    # Boyz and Genestealers pass each other in deep space: no ship on either side, no battle
    # (before W7 this was a 0 against 0 battle the defender always won).
    game = battle(["bad_moonz_ork_boyz"], ["genestealers"], zone=VOID)
    end_turn(game)
    assert events(game, "space_battle") == [] and events(game, "battle") == []
    assert kinds(game, VOID, 0) == ["bad_moonz_ork_boyz"] and kinds(game, VOID, 1) == ["genestealers"]


def test_w7_a_garrison_stays_on_its_planets_surface_under_enemy_ships():
    # Piscina is the Orks' with Boyz on it; a Kraken sits in orbit. In the Orks' turn their
    # Boyz do not fly up to be shot down: no space battle, and nothing on the ground to fight.
    game = battle(["bad_moonz_ork_boyz"], ["kraken"], zone=PISCINA, control={PISCINA: 0})
    end_turn(game)
    assert events(game, "battle") == []
    assert kinds(game, PISCINA, 0) == ["bad_moonz_ork_boyz"] and game.state.control[PISCINA] == 0


# ---------------------------------------------------------------------- W9


def test_w9_fighter_escort_adds_five_to_a_side_in_a_space_battle():
    game = battle(["ork_warship", "bad_moonz_ork_boyz"], ["kraken"], zone=VOID, cards=["fighter_escort"])
    escort = next(c for c in game.state.players[0].hand if game.rules.cards[c].id == "fighter_escort")
    advance(game, {"battle_card"})
    assert f"card:{escort}" in option_ids(game)
    game.decide(f"card:{escort}")
    advance(game, {"pick_enemy_loss", "pick_own_losses"})
    (fought,) = events(game, "battle")
    assert fought["attacker"]["parts"] == [("units", 4), ("Fighter Escort", 5)]
    assert fought["winner"] == 0


def test_w9_fighter_escort_is_no_card_for_a_ground_battle():
    game = battle(["ork_warship", "bad_moonz_ork_boyz"], ["genestealers"], zone=PISCINA, control={PISCINA: 1}, cards=["fighter_escort"])
    escort = next(c for c in game.state.players[0].hand if game.rules.cards[c].id == "fighter_escort")
    advance(game, {"bombard"})
    game.decide("all")
    assert advance(game, {"battle_card"}).player == 0  # the Orks hold other battle cards
    assert events(game, "ground_battle")[0]["bombarding"] == 1
    assert f"card:{escort}" not in option_ids(game)


def test_w9_the_rules_reference_shows_what_leaders_really_cost():
    units = {u["id"]: u for u in gather("warhammer_space").units}
    assert (units["warboss"]["force"], units["warboss"]["cost"]) == (4, 2)
    assert (units["ghazghkull_thraka"]["force"], units["ghazghkull_thraka"]["cost"]) == (6, 3)
    assert units["ork_warship"]["cost"] == 4


# ---------------------------------------------------------------------- W2 victory


def test_w2_more_than_four_fifths_of_the_planets_wins_at_the_end_of_the_turn():
    # Four planets: holding all four is more than 80%; three (75%) is not.
    game = battle(["bad_moonz_ork_boyz"], [], zone=GORKA, control={PISCINA: 0, TERRA: 1})
    end_turn(game)
    assert not game.is_over  # Orkworld, Piscina, Gorka: 3 of 4
    game.state.control[TERRA] = 0
    end_turn(game)
    assert game.is_over and game.winner == 0
    assert events(game, "game_over")[-1]["reason"] == "victory"


def test_the_log_says_which_kind_of_battle_was_fought():
    # The engine's own battle lines name the theme's kind of battle, as the theme's lines do.
    game = battle(["ork_warship", "warboss", "bad_moonz_ork_boyz"], ["dark_prowler"], zone=VOID)
    end_turn(game)
    landing = battle(["ork_warship", "bad_moonz_ork_boyz"], ["genestealers"], zone=PISCINA, control={PISCINA: 1})
    end_turn(landing, {**PASSIVE, "bombard": 0})
    space = [line.strip() for line, _ in log_lines(game, game.events, 1) if "battle" in line.lower()]
    ground = [line.strip() for line, _ in log_lines(landing, landing.events, 1) if "battle" in line.lower()]
    void, piscina = zone_words(game, VOID), zone_words(game, PISCINA)
    assert space[1:] == [f"Space battle in {void}: Orks attacks Foe",
                         f"Space battle in {void}: Orks 9 (units 4, leader +5) against Foe 8 (units 8); Orks wins"]
    assert ground[1:] == [f"Ground battle in {piscina}: Orks attacks Foe",
                          f"Ground battle in {piscina}: Orks 2 (units 2) against Foe 3 (units 3); Foe wins"]
    assert render.battle_panel(game, events(game, "battle")[0], 1).title == f"Space battle in {void}"
