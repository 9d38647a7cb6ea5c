"""War Hammer Space Empires battles on the module's own units: the ruling W5 (space battle
first, transports, ships over transports, landing, then the ground battle with bombardment).

The map (Void is deep space)::

    Orkworld(homeworld) - Void(deep space) - Piscina(rich planet) - Terra(homeworld)
                              |
                          Gorka(poor planet)

The Orks (seat 0) attack in their own battle phase; the Tyranids or the Imperium (seat 1)
defend. Every position is built with ``warp_empires.testing.Position`` and a fixed seed.
"""

from __future__ import annotations

from warp_empires import Game
from warp_empires.cli.narrate import describe
from warp_empires.testing import Position, events, option_ids, units_in

ZONES = "Orkworld:homeworld Void:deep_space Piscina:rich_planet Terra:homeworld Gorka:poor_planet"
EDGES = "Orkworld-Void Void-Piscina Piscina-Terra Void-Gorka"
ORKWORLD, VOID, PISCINA, TERRA, GORKA = range(5)


def fight(orks: list[str], enemy: list[str], *, zone: int, enemy_faction: str = "tyranids", control=None,
          cards=(), phases=("battle",)) -> Game:
    """The Orks' battle phase (and any later phases named) with these units in ``zone``."""
    pos = Position("warhammer_space", ["orks", enemy_faction], ZONES, EDGES, seed=5)
    pos.place(0, zone, *orks)
    pos.place(1, zone, *enemy)
    pos.set_control(0, ORKWORLD)
    pos.set_control(1, TERRA)
    for held, seat in (control or {}).items():
        pos.set_control(seat, held)
    pos.give(0, *cards)
    return pos.start(0, *phases)


def unit(game: Game, zone: int, seat: int, type_id: str) -> int:
    s = game.state
    return next(u for u in s.stack(zone, seat) if s.units[u].type.id == type_id)


def kinds_of(game: Game, *ids: int) -> list[str]:
    return sorted(game.state.units[u].type.id for u in ids)


def lost(game: Game, seat: int) -> list[str]:
    """The units ``seat`` lost, in the order they went (captured leaders included)."""
    return [e.data["unit"] for e in game.events if e.kind in ("unit_lost", "leader_captured") and e.data["player"] == seat]


def battles(game: Game) -> list[tuple[str, int, int, int]]:
    """Every battle fought: (kind, attacker's force, defender's force, winner)."""
    return [(b["battle_kind"], b["attacker"]["force"], b["defender"]["force"], b["winner"]) for b in events(game, "battle")]


def decide(game: Game, kind: str, choice) -> None:
    assert game.pending is not None and game.pending.kind == kind, game.pending
    game.decide(choice)


def pass_cards(game: Game) -> None:
    """Both sides pass in the card rounds (hands are refilled to 7 after every battle)."""
    while game.pending is not None and game.pending.kind == "battle_card":
        game.decide("pass")


# ---------------------------------------------------------------------- space before ground


def test_w5_the_space_battle_comes_first_then_the_ground_battle():
    """W5: at a planet the space battle is fought first, between the Orks' ships and
    transports and the Imperial ship in orbit; the Imperial Troops on the surface stay out
    of it. The Orks win in space, their surviving transports land, the ground battle
    follows, and in the control phase the planet is theirs."""
    game = fight(
        ["mekboy_battle_barge", "ork_warship", "bad_moonz_ork_boyz", "goffs_ork_boyz"],
        ["thunderbolt_cruiser", "imperial_troops"],
        zone=PISCINA, enemy_faction="imperium", control={PISCINA: 1}, phases=("battle", "control"),
    )
    # Space: Barge 6 + Warship 4 + two transports at 0, against the Cruiser's 4 alone.
    assert battles(game) == [("space", 10, 4, 0)]
    assert events(game, "space_battle") == [{"zone": PISCINA, "attacker": 0, "defender": 1, "transports": 2}]
    (told,) = [describe(game, e) for e in game.events if e.kind == "space_battle"]
    assert told == "Space battle in Piscina (Z2): P0 against P1 (2 ground unit(s) carried as transports, fighting at Force 0)"
    assert lost(game, 1) == ["Thunderbolt Cruiser"]
    # The Orks owe 2 and pay with a ship; neither transport is offered.
    assert sorted(option_ids(game)) == sorted(f"unit:{unit(game, PISCINA, 0, t)}" for t in ("mekboy_battle_barge", "ork_warship"))
    decide(game, "pick_own_losses", f"unit:{unit(game, PISCINA, 0, 'ork_warship')}")

    # Both transports landed: the ground battle against the Troops, the Barge may bombard.
    decide(game, "bombard", "none")
    assert events(game, "ground_battle") == [{"zone": PISCINA, "attacker": 0, "defender": 1, "bombarding": 0}]
    pass_cards(game)
    assert battles(game) == [("space", 10, 4, 0), ("ground", 4, 1, 0)]
    decide(game, "pick_own_losses", f"unit:{unit(game, PISCINA, 0, 'goffs_ork_boyz')}")  # owes 1 of the Troops' 1
    assert game.pending is None
    assert lost(game, 1) == ["Thunderbolt Cruiser", "Imperial Troops"]
    assert lost(game, 0) == ["Ork Warship", "Goffs Ork Boyz"]
    assert units_in(game, PISCINA, 0) == ["bad_moonz_ork_boyz", "mekboy_battle_barge"]
    assert units_in(game, PISCINA, 1) == []
    assert game.state.control[PISCINA] == 0


def test_w5_transports_fight_at_force_zero_and_get_no_card_bonus():
    """W5: in deep space the Ork Boyz ride transports: force 0, and Hold Ground (+5 per
    Infantry) gives them nothing. So the Warship's 4 loses to Kraken and Wardrones (6),
    where Boyz at their printed force (4 + 2 + 2) or with the card (+10) would have won."""
    game = fight(["ork_warship", "bad_moonz_ork_boyz", "goffs_ork_boyz"], ["kraken", "wardrones"], zone=VOID, cards=["hold_ground"])
    hold_ground = game.state.players[0].hand[0]
    decide(game, "battle_card", f"card:{hold_ground}")
    (fought,) = events(game, "battle")
    assert fought["battle_kind"] == "space"
    assert fought["attacker"]["parts"] == [("units", 4), ("Hold Ground", 0)]
    assert (fought["attacker"]["force"], fought["defender"]["force"], fought["winner"]) == (4, 6, 1)
    # The Orks lose 2 of their 3 units: the Warship first, then one transport of their choice.
    assert lost(game, 0) == ["Ork Warship"]
    decide(game, "pick_own_losses", f"unit:{unit(game, VOID, 0, 'goffs_ork_boyz')}")
    # B6: the Tyranids owe 3, half the printed force lost (the Warship's 4 and the Boyz' 2,
    # whatever they fought with): the Wardrones pay 2, and the Kraken goes for the last 1.
    decide(game, "pick_own_losses", f"unit:{unit(game, VOID, 1, 'wardrones')}")
    decide(game, "retreat", f"zone:{ORKWORLD}")
    assert game.pending is None
    assert lost(game, 0) == ["Ork Warship", "Goffs Ork Boyz"] and lost(game, 1) == ["Wardrones", "Kraken"]
    assert units_in(game, ORKWORLD, 0) == ["bad_moonz_ork_boyz"]
    assert units_in(game, VOID, 1) == []
    assert events(game, "ground_battle") == []  # deep space has no surface to fight on


def test_w5_a_beaten_fleet_loses_its_ships_before_its_transports_and_never_lands():
    """W5: the Orks lose in orbit over Piscina and must lose 2 of their 4 units: both ships,
    though the Boyz on transports would have been cheaper. The Boyz retreat with the fleet:
    nobody lands, there is no ground battle and Piscina stays Tyranid."""
    game = fight(
        ["ork_warship", "freeboterz_corsair", "bad_moonz_ork_boyz", "goffs_ork_boyz"],
        ["dark_prowler", "kraken", "genestealers"],
        zone=PISCINA, control={PISCINA: 1}, phases=("battle", "control"),
    )
    assert battles(game) == [("space", 6, 12, 1)]  # the Genestealers on the surface are not in it
    # The Tyranids pick the first loss among the Orks' ships only.
    assert sorted(option_ids(game)) == sorted(f"unit:{unit(game, PISCINA, 0, t)}" for t in ("freeboterz_corsair", "ork_warship"))
    decide(game, "pick_enemy_loss", f"unit:{unit(game, PISCINA, 0, 'freeboterz_corsair')}")
    # The second loss is the other ship, without a question; the Tyranids owe 3 and lose the Kraken.
    decide(game, "pick_own_losses", f"unit:{unit(game, PISCINA, 1, 'kraken')}")
    decide(game, "retreat", f"zone:{VOID}")
    assert game.pending is None
    assert lost(game, 0) == ["Freeboterz Corsair", "Ork Warship"]
    assert units_in(game, VOID, 0) == ["bad_moonz_ork_boyz", "goffs_ork_boyz"]
    assert events(game, "ground_battle") == []
    assert units_in(game, PISCINA, 1) == ["dark_prowler", "genestealers"]
    assert game.state.control[PISCINA] == 1


def test_w5_a_ship_against_transports_alone_wins_without_loss():
    """W5: a lone Thunderbolt Cruiser (4) meets Ork Boyz and a Warboss in transit. With their
    leader the Orks count 5, yet the ship wins at once, with no card rounds, and loses
    nothing; the Orks lose half their units (1 of 2) and the other one retreats."""
    game = fight(["bad_moonz_ork_boyz", "warboss"], ["thunderbolt_cruiser"], zone=VOID, enemy_faction="imperium",
                 cards=["leadership"])
    (fought,) = events(game, "battle")
    assert fought["walkover"] is True
    assert (fought["attacker"]["force"], fought["defender"]["force"], fought["winner"]) == (5, 4, 1)
    decide(game, "pick_enemy_loss", f"unit:{unit(game, VOID, 0, 'warboss')}")
    decide(game, "retreat", f"zone:{ORKWORLD}")
    assert game.pending is None  # the Orks' Leadership card was never asked for
    assert lost(game, 1) == []
    assert lost(game, 0) == ["Warboss"]
    assert events(game, "leader_captured") == [{"player": 0, "by": 1, "unit": "Warboss", "zone": VOID}]
    assert units_in(game, ORKWORLD, 0) == ["bad_moonz_ork_boyz"]
    assert units_in(game, VOID, 1) == ["thunderbolt_cruiser"]


def test_w5_the_smallest_ship_beats_a_titan_in_transit_and_its_transports_land():
    """W5 for the attacker: an Ork Freeboterz Corsair (2) and Boyz reach Gorka, where an
    Imperial Warlord Titan (10) and Commissar Yarrick are still on their transports (Gorka
    is not theirs). The Corsair wins without loss; the Imperium loses one of the two and the
    other retreats; the Boyz land unopposed and take Gorka in the control phase."""
    game = fight(["freeboterz_corsair", "bad_moonz_ork_boyz"], ["warlord_titan", "commissar_yarrick"], zone=GORKA,
                 enemy_faction="imperium", phases=("battle", "control"))
    (fought,) = events(game, "battle")
    assert fought["walkover"] is True and fought["winner"] == 0
    decide(game, "pick_enemy_loss", f"unit:{unit(game, GORKA, 1, 'warlord_titan')}")  # Yarrick retreats to the Void
    assert game.pending is None
    assert lost(game, 0) == [] and lost(game, 1) == ["Warlord Titan"]
    assert units_in(game, VOID, 1) == ["commissar_yarrick"]
    assert events(game, "ground_battle") == []
    assert units_in(game, GORKA, 0) == ["bad_moonz_ork_boyz", "freeboterz_corsair"]
    assert game.state.control[GORKA] == 0


# ---------------------------------------------------------------------- bombardment


def test_w5_bombarding_ships_add_half_their_force():
    """W5: no Tyranid ship over Piscina, so no space battle: the Boyz land and the Mekboy
    Battle Barge bombards at half its force, 3 (not 6). Boyz 2 + 3 = 5 lose to two
    Genestealers (6); at full force the Orks would have won 8 to 6."""
    game = fight(["mekboy_battle_barge", "bad_moonz_ork_boyz"], ["genestealers", "genestealers"], zone=PISCINA,
                 control={PISCINA: 1}, phases=("battle", "control"))
    decide(game, "bombard", "all")
    assert events(game, "space_battle") == []
    assert events(game, "ground_battle") == [{"zone": PISCINA, "attacker": 0, "defender": 1, "bombarding": 1}]
    (fought,) = events(game, "battle")
    assert fought["battle_kind"] == "ground"
    assert (fought["attacker"]["force"], fought["defender"]["force"], fought["winner"]) == (5, 6, 1)
    # The Orks lose 1 of their 2 units: the Boyz, never the bombarding Barge, which retreats.
    assert lost(game, 0) == ["Bad Moonz Ork Boyz"]
    decide(game, "pick_own_losses", f"unit:{unit(game, PISCINA, 1, 'genestealers')}")  # the Tyranids owe 1
    decide(game, "retreat", f"zone:{VOID}")
    assert game.pending is None
    assert units_in(game, VOID, 0) == ["mekboy_battle_barge"]
    assert units_in(game, PISCINA, 1) == ["genestealers"]
    assert game.state.control[PISCINA] == 1


def test_w5_bombarding_ships_are_lost_last():
    """W5: the Orks win the ground battle 7 to 3 (Boyz 2 + 2 and the Barge's 3) and owe 2:
    they may pay only with Boyz, not with the bombarding Barge."""
    game = fight(["mekboy_battle_barge", "bad_moonz_ork_boyz", "goffs_ork_boyz"], ["genestealers"], zone=PISCINA,
                 control={PISCINA: 1}, phases=("battle", "control"))
    decide(game, "bombard", "all")
    assert battles(game) == [("ground", 7, 3, 0)]
    boyz = [unit(game, PISCINA, 0, t) for t in ("bad_moonz_ork_boyz", "goffs_ork_boyz")]
    assert sorted(option_ids(game)) == sorted(f"unit:{u}" for u in boyz)
    decide(game, "pick_own_losses", f"unit:{boyz[1]}")
    assert game.pending is None
    assert lost(game, 0) == ["Goffs Ork Boyz"] and lost(game, 1) == ["Genestealers"]
    assert units_in(game, PISCINA, 0) == ["bad_moonz_ork_boyz", "mekboy_battle_barge"]
    assert game.state.control[PISCINA] == 0


def test_w5_a_bombarding_ship_goes_only_once_the_ground_units_are_gone():
    """W5: Gretchin Mob (1) and a bombarding Barge (3) beat the Genestealers (3) 4 to 3 and
    owe 2: the Gretchin go first (1), and only then the Barge pays the rest."""
    game = fight(["mekboy_battle_barge", "gretchin_mob"], ["genestealers"], zone=PISCINA, control={PISCINA: 1})
    decide(game, "bombard", "all")
    assert battles(game) == [("ground", 4, 3, 0)]
    assert game.pending is None
    assert lost(game, 0) == ["Gretchin Mob", "Mekboy Battle Barge"]
    assert units_in(game, PISCINA, 0) == []


# ---------------------------------------------------------------------- what the winner owes (B6, W8)


def test_b6_the_winners_debt_is_half_the_printed_force_lost_even_of_units_in_transit():
    """B6: the Tyranids' Wardrones (2) and the Carniflex they carried (5, fighting at 0 in
    space) are lost: 7 printed force, so the Orks owe 4, not half of the 2 that fought."""
    game = fight(["ork_warship", "freeboterz_corsair", "nobz_hulk"], ["wardrones", "carniflex", "genestealers"], zone=VOID)
    pass_cards(game)
    decide(game, "pick_own_losses", f"unit:{unit(game, VOID, 1, 'carniflex')}")
    assert lost(game, 1) == ["Wardrones", "Carniflex"]
    assert game.pending.prompt == "Your losses: 4 more force to lose"
    decide(game, "pick_own_losses", f"unit:{unit(game, VOID, 0, 'ork_warship')}")  # 4 printed: paid
    assert lost(game, 0) == ["Ork Warship"]
    assert units_in(game, VOID, 0) == ["freeboterz_corsair", "nobz_hulk"]


def test_w8_a_bombarding_ship_pays_its_printed_force():
    """W8: the Orks win on Terra 27 to 19 and the Tyranids lose the Hierophant (10) and the
    Termagants (1): 6 owed. The Gretchin (1) go first, then one Nobz Hulk (8 printed,
    though it bombarded at 4) pays the rest: no second ship is lost."""
    orks = ["gretchin_mob", "nobz_hulk", "nobz_hulk", "nobz_hulk", "nobz_hulk", "boss_dreadnaught", "boss_dreadnaught"]
    game = fight(orks, ["hierophant_bio_titan", "hierodule_bio_titan", "termagants"], zone=TERRA)
    decide(game, "bombard", "all")
    pass_cards(game)
    assert battles(game) == [("ground", 27, 19, 0)]
    decide(game, "pick_enemy_loss", f"unit:{unit(game, TERRA, 1, 'hierophant_bio_titan')}")
    decide(game, "pick_own_losses", f"unit:{unit(game, TERRA, 1, 'termagants')}")
    assert game.pending.prompt == "Your losses: 5 more force to lose"  # the Gretchin paid 1
    decide(game, "pick_own_losses", f"unit:{unit(game, TERRA, 0, 'nobz_hulk')}")
    assert lost(game, 0) == ["Gretchin Mob", "Nobz Hulk"]
    assert units_in(game, TERRA, 0) == ["boss_dreadnaught"] * 2 + ["nobz_hulk"] * 3


def test_w8_transports_pay_what_the_ships_cannot_and_stop_once_it_is_paid():
    """W8: the Corsair (2) and the Warboss and two Boyz on transports (force 0; the Leader's
    +5) beat a Void Fiend 7 to 6: 3 owed. The Corsair pays 2; the last 1 is paid by one
    transport of the Orks' choice, not by all of them."""
    game = fight(["freeboterz_corsair", "warboss", "bad_moonz_ork_boyz", "goffs_ork_boyz"], ["void_fiend"], zone=VOID)
    pass_cards(game)
    assert battles(game) == [("space", 7, 6, 0)]
    assert lost(game, 0) == ["Freeboterz Corsair"]
    assert game.pending.prompt == "Your losses: 1 more force to lose"
    decide(game, "pick_own_losses", f"unit:{unit(game, VOID, 0, 'goffs_ork_boyz')}")
    assert game.pending is None
    assert lost(game, 0) == ["Freeboterz Corsair", "Goffs Ork Boyz"]  # lost() counts a captured Warboss too
    assert units_in(game, VOID, 0) == ["bad_moonz_ork_boyz", "warboss"]


def test_why_leadership_adds_nothing_says_the_warboss_in_transit_takes_no_card_bonus():
    """The Warboss riding a transport counts for the leader's +5 (W5), but a card's bonus goes
    to the ships alone: `why` said no leader fought, against the panel above it."""
    from warp_empires.cli.explain import why_option

    game = fight(["ork_warship", "bad_moonz_ork_boyz", "warboss"], ["thunderbolt_cruiser"], zone=VOID, enemy_faction="imperium",
                 cards=["leadership"])
    assert game.pending.kind == "battle_card" and game.pending.player == 0
    index = next(i for i, o in enumerate(game.pending.options) if o.label.startswith("Play Leadership"))
    assert why_option(game, game.pending, index).endswith(
        "it would add nothing to this battle: your units tagged 'leader' in it take no card's bonus.")
