"""D4: the ten races' special abilities, as a player meets them at the table; with them
the rules they bend: Hazard zones (D1), the Cost column and the shared pool (D5), draw 3
and hand limit 7 (D2)."""

from __future__ import annotations

from .scenario import (
    EARTH, KARN, MAELSTROM, PELADON, SKARO, TELOS, VOID,
    cards_of, control, face_off, give, option_ids, place, run_phases, scenario, set_pool, units_in,
)


def battle_report(game):
    """The itemised forces of the battle just fought."""
    event = next(e for e in game.events if e.kind == "battle")
    return event.data["attacker"], event.data["defender"]


def fight(attacker_race, attacker_units, defender_race, defender_units):
    """A battle in Earth between the given races' units, with empty hands."""
    game = scenario(attacker_race, defender_race)
    place(game, 0, EARTH, *attacker_units)
    place(game, 1, EARTH, *defender_units)
    run_phases(game, 0, "battle")
    return battle_report(game)


# ---------------------------------------------------------------------- force in battle (D4)

PLAIN = ("scouts", "auxiliary_fleet", "war_fleet")  # 1 + 2 + 6 = 9, no unit notes


def test_daleks_add_1_per_unit_attacking_and_defending():
    attacker, defender = fight("daleks", PLAIN, "earth_empire", ["armada"])
    assert attacker["parts"] == [("units", 9), ("unit and faction abilities", 3)]
    assert attacker["force"] == 12
    attacker, defender = fight("earth_empire", ["armada"], "daleks", PLAIN)
    assert defender["force"] == 12
    assert attacker["parts"] == [("units", 10)]


def test_cybermen_add_2_per_unit_only_when_attacking():
    attacker, _ = fight("cybermen", PLAIN, "earth_empire", ["armada"])
    assert attacker["parts"] == [("units", 9), ("unit and faction abilities", 6)]
    assert attacker["force"] == 15
    _, defender = fight("earth_empire", ["armada"], "cybermen", PLAIN)
    assert defender["parts"] == [("units", 9)]
    assert defender["force"] == 9


def test_ice_warriors_add_2_per_unit_only_when_defending():
    _, defender = fight("earth_empire", ["armada"], "ice_warriors", PLAIN)
    assert defender["parts"] == [("units", 9), ("unit and faction abilities", 6)]
    assert defender["force"] == 15
    attacker, _ = fight("ice_warriors", PLAIN, "earth_empire", ["armada"])
    assert attacker["force"] == 9


def test_great_vampires_add_5_per_stack_whatever_its_size():
    attacker, _ = fight("great_vampires", PLAIN, "earth_empire", ["armada"])
    assert attacker["parts"] == [("units", 9), ("stack ability", 5)]
    assert attacker["force"] == 14
    _, defender = fight("earth_empire", ["armada"], "great_vampires", ["scouts"])
    assert defender["force"] == 1 + 5


def test_unit_notes_add_per_unit_on_top_of_race_abilities():
    # Cybermen attack: Invasion Force 6 (+4 attacking), Raiding Force 2 (+2 attacking),
    # Patrols 2 (+2 only when defending); +2 each for the Cybermen.
    # Ice Warriors defend: Defense Force 6 (+4 defending), Monitors 4 (+2 defending),
    # Punitive Force 4 (+2 only when attacking); +2 each for the Ice Warriors.
    attacker, defender = fight(
        "cybermen", ["invasion_force", "raiding_force", "patrols"],
        "ice_warriors", ["defense_force", "monitors", "punitive_force"],
    )
    assert attacker["parts"] == [("units", 10), ("unit and faction abilities", 4 + 2 + 6)]
    assert attacker["force"] == 22
    assert defender["parts"] == [("units", 14), ("unit and faction abilities", 4 + 2 + 6)]
    assert defender["force"] == 26


def test_unit_notes_alone_for_a_race_without_force_ability():
    attacker, defender = fight("earth_empire", ["invasion_force", "patrols"], "rutans", ["patrols", "monitors"])
    assert attacker["force"] == 6 + 4 + 2  # Patrols get nothing when attacking
    assert defender["force"] == 2 + 2 + 4 + 2


# ---------------------------------------------------------------------- movement (D4 Movellans and Vardans; D1 Hazard)

LINE = [("Base", "rich", 3, "Z0")] + [(f"Reach {i}", "void", 0, f"Z{i}") for i in range(1, 5)] + [("Far", "rich", 3, "Z5")]
LINE_EDGES = [(i, i + 1) for i in range(5)]


def opponent(race):
    """Seat 1's race: the Daleks, unless seat 0 plays them (a race is played by one seat)."""
    return "cybermen" if race == "daleks" else "daleks"


def reach(race, unit_type):
    """The zones offered to a lone unit of ``unit_type`` moving from Base with Space Travel."""
    game = scenario(race, opponent(race), zones=LINE, edges=LINE_EDGES)
    unit = place(game, 0, 0, unit_type)[0]
    card = give(game, 0, "space_travel")[0]
    run_phases(game, 0, "move")
    game.decide(f"card:{card}")
    game.decide("zone:0")
    if game.pending is None:  # a single destination is taken without asking
        return [f"zone:{game.state.units[unit].zone}"]
    return option_ids(game)


def test_movellans_move_one_zone_further_at_every_speed():
    assert reach("movellans", "armada") == ["zone:1", "zone:2"]  # Slow: 2
    assert reach("movellans", "war_fleet") == ["zone:1", "zone:2", "zone:3"]  # Medium: 3
    assert reach("movellans", "scouts") == ["zone:1", "zone:2", "zone:3", "zone:4"]  # Fast: 4


def test_other_races_move_at_the_printed_speeds():
    assert reach("daleks", "armada") == ["zone:1"]
    assert reach("daleks", "war_fleet") == ["zone:1", "zone:2"]
    assert reach("daleks", "scouts") == ["zone:1", "zone:2", "zone:3"]


def scout_reach_from_peladon(race):
    game = scenario(race, opponent(race))
    place(game, 0, PELADON, "scouts")
    card = give(game, 0, "space_travel")[0]
    run_phases(game, 0, "move")
    game.decide(f"card:{card}")
    game.decide(f"zone:{PELADON}")
    return option_ids(game)


def test_vardans_enter_and_cross_hazard_zones():
    # Through the Maelstrom a Vardan Scout reaches Karn in 2 and Telos in 3.
    expected = [SKARO, VOID, EARTH, MAELSTROM, KARN, TELOS]
    assert scout_reach_from_peladon("vardans") == [f"zone:{z}" for z in expected]


def test_other_races_may_not_enter_hazard_zones():
    assert scout_reach_from_peladon("daleks") == [f"zone:{z}" for z in (SKARO, VOID, EARTH)]


def test_vardans_may_retreat_into_a_hazard_zone():
    # Peladon borders Skaro (Daleks there) and the Maelstrom: a Dalek loser would be
    # destroyed there for want of a retreat; a Vardan one escapes into the Maelstrom.
    game = scenario("daleks", "vardans")
    _, dalek_scouts = place(game, 0, PELADON, "armada", "scouts")
    place(game, 0, SKARO, "scouts")
    scouts, patrols = place(game, 1, PELADON, "scouts", "patrols")
    run_phases(game, 0, "battle")
    game.decide(f"unit:{patrols}")  # the Daleks (13 to 5) pick the Vardans' loss
    game.decide(f"unit:{dalek_scouts}")  # and pay for it; the Vardans' Scouts retreat
    assert game.pending is None  # to the one zone open to them, without asking
    assert units_in(game, MAELSTROM, 1) == ["scouts"]
    assert game.state.units[scouts].zone == MAELSTROM


# ---------------------------------------------------------------------- recruiting (D4 Rutans and Sontarans; D5)

FIVE = ("scouts", "auxiliary_fleet", "patrols", "war_fleet", "armada")


def recruit_offer(race, *pool):
    """The units and prices the recruit phase offers (treasury 50, Skaro controlled)."""
    game = scenario(race, opponent(race))
    control(game, 0, SKARO)
    game.state.players[0].treasury = 50
    set_pool(game, *pool)
    run_phases(game, 0, "recruit")
    assert game.pending.kind == "buy"
    return sorted((game.state.units[u].type.id, price) for u, _, price in game.pending.context["drawn"])


def test_rutans_pay_1_less_per_unit_but_never_below_1():
    assert recruit_offer("rutans", *FIVE) == [
        ("armada", 7), ("auxiliary_fleet", 1), ("patrols", 1), ("scouts", 1), ("war_fleet", 4),
    ]


def test_other_races_pay_the_cost_column():
    assert recruit_offer("daleks", *FIVE) == [
        ("armada", 8), ("auxiliary_fleet", 1), ("patrols", 2), ("scouts", 1), ("war_fleet", 5),
    ]


def test_sontarans_draw_8_units_to_recruit_from():
    ten = FIVE + ("monitors", "battle_fleet", "defense_force", "invasion_force", "raiding_force")
    assert len(recruit_offer("sontarans", *ten)) == 8
    assert len(recruit_offer("daleks", *ten)) == 5


def test_d4_the_sontarans_extra_units_come_with_the_draw_not_with_the_1d6_more():
    """The Sontarans draw 8; buying all 8 earns the 1D6 more of every race (B9), no more."""
    game = scenario("sontarans", "daleks")
    control(game, 0, SKARO)
    game.state.players[0].treasury = 50
    set_pool(game, *["scouts"] * 6, *["auxiliary_fleet"] * 5, *["patrols"] * 6)
    run_phases(game, 0, "recruit")
    for _ in range(8):
        game.decide(next(o.id for o in game.pending.options if o.id.startswith("unit:")))
    draws = [e.data for e in game.events if e.kind == "recruit_draw"]
    rolls = [e.data["value"] for e in game.events if e.kind == "die_rolled"]
    assert rolls == [5] and [d["count"] for d in draws] == [8, 5] and draws[1]["extra"]


def test_a_rutan_buys_a_scout_for_1():
    game = scenario("rutans", "daleks")
    control(game, 0, SKARO)
    game.state.players[0].treasury = 1
    scout = set_pool(game, "scouts")[0]
    run_phases(game, 0, "recruit")
    game.decide(f"unit:{scout}")  # placed in Skaro without asking: the only zone
    assert game.state.players[0].treasury == 0
    assert game.state.stack(SKARO, 0) == [scout]


def test_d5_a_unit_one_race_loses_is_recruited_by_another():
    """One pool for every race: the Cybermen's Scouts, lost in battle, are what the
    Daleks draw in their recruit phase, at the Cost column's price."""
    game = scenario("daleks", "cybermen")
    control(game, 0, SKARO)
    game.state.players[0].treasury = 5
    (fleet, aux), (scouts,) = face_off(game, EARTH, ["war_fleet", "auxiliary_fleet"], ["scouts"])
    set_pool(game)  # nothing else in the pool
    run_phases(game, 0, "battle", "recruit")
    game.decide(f"unit:{aux}")  # the Daleks win 10 to 1 and give up 2 printed force for the Scouts' 1
    assert game.pending.kind == "buy"
    assert sorted((u, price) for u, _, price in game.pending.context["drawn"]) == sorted([(scouts, 1), (aux, 1)])
    game.decide(f"unit:{scouts}")
    assert game.state.units[scouts].owner == 0
    assert units_in(game, SKARO, 0) == ["scouts"]
    assert game.state.players[0].treasury == 4


# ---------------------------------------------------------------------- cards in hand (D4 Earth Empire and Gallifreyans; D2)


def hand_after_draw(race, hand_size):
    game = scenario(race, opponent(race))
    give(game, 0, *["space_travel"] * hand_size)
    run_phases(game, 0, "draw")
    if hand_size:
        game.decide("done")  # keep the whole hand
    return game


def test_earth_empire_draws_4_cards_in_its_draw_phase():
    assert len(hand_after_draw("earth_empire", 0).state.players[0].hand) == 4
    assert len(hand_after_draw("daleks", 0).state.players[0].hand) == 3


def test_earth_empire_refills_to_7_after_a_battle_like_everyone():
    """Its extra card comes in its draw phase only."""
    game = scenario("earth_empire", "daleks")
    s = game.state
    s.deck += cards_of(game, "galactic_invasion")
    place(game, 0, EARTH, "war_fleet")
    place(game, 1, EARTH, "scouts")
    run_phases(game, 0, "battle")
    assert game.pending is None
    assert [len(p.hand) for p in s.players] == [7, 7]


def test_gallifreyans_keep_up_to_10_cards():
    game = hand_after_draw("gallifreyans", 9)  # 9 + 3 = 12
    assert game.pending.kind == "discard_to_limit" and game.pending.count == 2
    game = hand_after_draw("daleks", 9)
    assert game.pending.kind == "discard_to_limit" and game.pending.count == 5


def test_gallifreyans_refill_to_10_after_a_battle():
    game = scenario("gallifreyans", "daleks")
    s = game.state
    s.deck += cards_of(game, "galactic_invasion")  # 21 cards: enough for both refills
    place(game, 0, EARTH, "war_fleet")
    place(game, 1, EARTH, "scouts")
    run_phases(game, 0, "battle")
    assert game.pending is None
    assert len(s.players[0].hand) == 10
    assert len(s.players[1].hand) == 7
