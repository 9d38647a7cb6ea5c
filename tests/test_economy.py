"""Revenue (B8), upkeep (B10) and control markers (B11).

Default map: Westhold (city, 3) - Meadow (plain, 1) - Crossing (plain, 1) - Eastport (city, 3),
with Barrens (waste, 0) off Westhold, Peak (mountains) off Meadow, Hamlet (plain, 1) off Crossing."""

from warp_empires.model.state import Lasting

from helpers import build, card, cards, drive, events, ids, in_pool, play_out, start, start_turn, zone_id


def control_of(game):
    return {game.board.names[z]: seat for z, seat in sorted(game.state.control.items())}


# ---------------------------------------------------------------------- B8 revenue


def test_revenue_of_controlled_zones_is_added_to_the_treasury():
    game = build(control={"Westhold": 0, "Meadow": 0, "Eastport": 1}, treasury={0: 5, 1: 2})
    start(game, "revenue")
    assert game.state.players[0].treasury == 9
    assert game.state.players[0].revenue == 4
    assert game.state.players[1].treasury == 2  # only the active player earns
    start(game, "revenue")
    assert game.state.players[0].treasury == 13


def test_control_earns_without_units_there():
    game = build(control={"Eastport": 0}, units={"Westhold": {0: ["guard"]}})
    start(game, "revenue")
    assert game.state.players[0].treasury == 3


def test_treasury_builds_up_over_whole_turns_and_revenue_cards_apply_once():
    # Seat 0 holds Windfall (+2 for itself this turn) and Drought (-2 to seat 1's next revenue).
    game = build(control={"Westhold": 0, "Eastport": 1}, hands={0: ["windfall", "drought"]}, deck=[], turn_limit=2)
    start_turn(game)
    drive(game, "done")                                      # keep both cards
    drive(game, card(cards(game, 0, "windfall")[0]))
    drive(game, card(cards(game, 0, "drought")[0]))          # the only opponent is the target
    play_out(game, buy="done", play_card="pass", discard="done")
    assert game.is_over
    assert [(e["player"], e["amount"]) for e in events(game, "revenue")] == [(0, 5), (1, 1), (0, 3), (1, 3)]
    assert [p.treasury for p in game.state.players] == [8, 4]


def test_revenue_never_drops_below_zero():
    game = build(control={"Meadow": 1}, hands={0: ["drought"]}, deck=[])
    start(game, "move")
    drive(game, card(cards(game, 0, "drought")[0]))
    game.state.active, game.state.turn = 1, 2
    start(game, "revenue")
    assert events(game, "revenue")[0]["amount"] == 0
    assert game.state.players[1].treasury == 0


def test_a_zone_under_two_revolts_earns_nothing_once():
    # Two lasting "earns nothing" effects on Westhold (3): it earns nothing, and Meadow still
    # pays its 1. Counted twice, Westhold would have taken Meadow's revenue as well.
    game = build(control={"Westhold": 0, "Meadow": 0})
    westhold = zone_id(game, "Westhold")
    game.state.lasting += [Lasting("zone_no_revenue", 0, zone=westhold, until_turn=5, source=1) for _ in range(2)]
    start(game, "revenue")
    assert events(game, "revenue")[0]["amount"] == 1
    assert [p for p in events(game, "revenue")[0]["parts"] if p[1] < 0] == [("no revenue from Westhold", -3)]


# ---------------------------------------------------------------------- B10 upkeep


def test_upkeep_keeps_five_units_per_revenue_and_the_player_picks_the_rest():
    game = build(control={"Meadow": 0}, units={"Meadow": {0: ["infantry"] * 4 + ["general"]}, "Crossing": {0: ["cavalry", "cavalry"]}})
    start(game, "revenue", "upkeep")
    d = game.pending
    assert (d.kind, d.player, d.count, len(d.options)) == ("disband", 0, 2, 7)
    general = ids(game, "Meadow", 0, "general")[0]
    cavalry = ids(game, "Crossing", 0, "cavalry")[0]
    drive(game, [f"unit:{general}", f"unit:{cavalry}"])
    assert game.pending is None
    assert len(game.state.units_of(0)) == 5
    assert in_pool(game, general) and in_pool(game, cavalry)


def test_leaders_count_toward_upkeep():
    game = build(control={"Meadow": 0}, units={"Meadow": {0: ["infantry"] * 5 + ["general"]}})
    start(game, "revenue", "upkeep")
    d = game.pending
    assert (d.kind, d.count, len(d.options)) == ("disband", 1, 6)


def test_at_the_upkeep_limit_nothing_is_disbanded():
    game = build(control={"Meadow": 0, "Hamlet": 0}, units={"Meadow": {0: ["infantry"] * 10}})
    start(game, "revenue", "upkeep")
    assert game.pending is None
    assert len(ids(game, "Meadow", 0)) == 10


def test_without_revenue_no_unit_can_be_kept():
    game = build(units={"Barrens": {0: ["infantry", "guard"]}})
    start(game, "revenue", "upkeep")
    # Nothing to choose: both go back to the pool.
    assert game.pending is None
    assert ids(game, "Barrens", 0) == []
    assert [e["unit"] for e in events(game, "unit_disbanded")] == ["Infantry", "Guard"]


def test_b15_upkeep_counts_printed_revenue_not_what_a_card_cut():
    # Seat 1 holds Meadow (1) and Hamlet (1): 2 EP printed, so 10 units may be kept. Drought
    # cuts the EP it collects to 0, which under a literal B10 would disband all 10.
    game = build(control={"Meadow": 1, "Hamlet": 1}, units={"Meadow": {1: ["infantry"] * 10}}, hands={0: ["drought"]}, deck=[])
    start(game, "move")
    drive(game, card(cards(game, 0, "drought")[0]))
    game.state.active, game.state.turn = 1, 2
    start(game, "revenue", "upkeep")
    assert events(game, "revenue")[0]["amount"] == 0
    assert game.pending is None  # nothing to disband
    assert len(ids(game, "Meadow", 1)) == 10


def test_b15_a_windfall_does_not_raise_upkeep_either():
    # Meadow prints 1: 5 units; Windfall's +2 EP is money, not support.
    game = build(control={"Meadow": 0}, units={"Meadow": {0: ["infantry"] * 6}}, hands={0: ["windfall"]}, deck=[])
    start(game, "move")
    drive(game, card(cards(game, 0, "windfall")[0]))
    start(game, "revenue", "upkeep")
    assert events(game, "revenue")[-1]["amount"] == 3
    assert (game.pending.kind, game.pending.count) == ("disband", 1)


def test_b15_upkeep_counts_the_zones_controlled_at_upkeep_time():
    # Revenue was collected with Westhold and Meadow (4 EP); Westhold's marker is lost
    # before upkeep, so only Meadow's 1 EP counts: 5 units.
    game = build(control={"Westhold": 0, "Meadow": 0}, units={"Meadow": {0: ["infantry"] * 7}})
    start(game, "revenue")
    del game.state.control[zone_id(game, "Westhold")]
    start(game, "upkeep")
    assert (game.pending.kind, game.pending.count) == ("disband", 2)


# ---------------------------------------------------------------------- B11 control


def test_control_markers_go_on_occupied_revenue_zones_replacing_others():
    game = build(
        control={"Eastport": 1, "Westhold": 0},
        units={"Eastport": {0: ["scout"]}, "Meadow": {0: ["scout"]}, "Barrens": {0: ["scout"]}, "Westhold": {0: ["scout"]}},
    )
    start(game, "control")
    assert control_of(game) == {"Westhold": 0, "Meadow": 0, "Eastport": 0}
    assert [(e["zone"], e["previous"]) for e in events(game, "control")] == [
        (zone_id(game, "Meadow"), -1), (zone_id(game, "Eastport"), 1),
    ]


def test_markers_stay_when_the_units_leave():
    game = build(control={"Meadow": 0}, units={"Meadow": {0: ["cavalry"]}}, hands={0: ["march"]}, deck=[])
    start(game, "move", "control")
    drive(game, card(cards(game, 0, "march")[0]), f"zone:{zone_id(game, 'Meadow')}", f"zone:{zone_id(game, 'Hamlet')}")
    assert game.pending is None
    assert ids(game, "Meadow", 0) == []
    assert control_of(game) == {"Meadow": 0, "Hamlet": 0}


def test_only_the_active_players_units_take_control():
    game = build(units={"Hamlet": {1: ["scout"]}, "Meadow": {0: ["scout"]}})
    start(game, "control")
    assert control_of(game) == {"Meadow": 0}
    game.state.active = 1
    start(game, "control")
    assert control_of(game) == {"Meadow": 0, "Hamlet": 1}
