"""Recruiting (B9): five units drawn from the pool, bought at cost, 1D6 more when every
one was bought, the rest back to the pool, purchases placed in controlled revenue zones.

Costs: Scout 1, Infantry 2, Cavalry 3, General 4, Guard 5. The pool is set exactly; the
units left out of it wait in the Reserve, a zone with no borders."""

from helpers import build, drive, events, ids, opts, pool_types, start, types_in, zone_id

MAP = ("Home:city Farm:plain Dunes:waste Reserve:waste Away:city", "Home-Farm Farm-Dunes Dunes-Away")


def recruit(pool, treasury, control=None, seed=0):
    game = build(*MAP, pool=pool, park=("Reserve", 1), control=control or {"Home": 0, "Farm": 0, "Away": 1},
                 treasury={0: treasury}, seed=seed, deck=[])
    return start(game, "recruit")


def bought(game):
    return [(e["unit"], e["cost"]) for e in events(game, "unit_bought")]


def buy(game, type_id):
    """Buy the first offered unit of ``type_id``."""
    option = next(o for o in game.pending.options if o.id != "done" and game.state.units[o.value].type.id == type_id)
    drive(game, option.id)


def test_five_drawn_bought_at_cost_and_the_rest_returned():
    game = recruit(["scout", "infantry", "cavalry", "guard", "general"], treasury=6)
    assert sorted(events(game, "recruit_draw")[0]["units"]) == ["Cavalry", "General", "Guard", "Infantry", "Scout"]
    assert pool_types(game) == []
    d = game.pending
    assert (d.kind, d.player, len(d.options)) == ("buy", 0, 6)
    buy(game, "guard")
    # Placed where the player says, among the revenue zones it controls.
    assert (game.pending.kind, opts(game)) == ("place", [f"zone:{zone_id(game, 'Home')}", f"zone:{zone_id(game, 'Farm')}"])
    assert [(o.label, o.value) for o in game.pending.options] == [("Home", zone_id(game, "Home")), ("Farm", zone_id(game, "Farm"))]
    drive(game, f"zone:{zone_id(game, 'Farm')}")
    # 1 left: only the scout is affordable.
    assert [game.state.units[o.value].type.id for o in game.pending.options if o.id != "done"] == ["scout"]
    buy(game, "scout")
    drive(game, f"zone:{zone_id(game, 'Home')}")
    # Treasury 0: nothing more can be bought, so nobody is asked and the rest go back.
    assert game.pending is None
    assert bought(game) == [("Guard", 5), ("Scout", 1)]
    assert game.state.players[0].treasury == 0
    assert types_in(game, "Farm", 0) == ["guard"] and types_in(game, "Home", 0) == ["scout"]
    assert pool_types(game) == ["cavalry", "general", "infantry"]


def test_stopping_early_returns_every_unbought_unit():
    game = recruit(["infantry"] * 5, treasury=20)
    buy(game, "infantry")
    drive(game, f"zone:{zone_id(game, 'Home')}", "done")
    assert game.state.players[0].treasury == 18
    assert pool_types(game) == ["infantry"] * 4
    assert events(game, "die_rolled") == []


def test_nothing_affordable_means_no_question_and_everything_back():
    game = recruit(["guard"] * 5, treasury=4)
    assert game.pending is None
    assert pool_types(game) == ["guard"] * 5
    assert game.state.players[0].treasury == 4


def test_buying_all_five_draws_one_die_more():
    # Seed 5 rolls a 1: one more infantry is offered after the first five.
    game = recruit(["infantry"] * 10, treasury=40, control={"Home": 0}, seed=5)
    for _ in range(5):
        buy(game, "infantry")  # Home is the only place: nobody is asked where
    assert [e["value"] for e in events(game, "die_rolled")] == [1]
    assert events(game, "recruit_draw")[1] == {"player": 0, "count": 1, "units": ["Infantry"], "extra": True}
    buy(game, "infantry")
    # All six bought: no further die.
    assert game.pending is None
    assert len(events(game, "die_rolled")) == 1
    assert game.state.players[0].treasury == 40 - 6 * 2
    assert len(ids(game, "Home", 0)) == 6
    assert pool_types(game) == ["infantry"] * 4


def test_extra_draw_size_follows_the_seeded_die_and_unbought_extras_return():
    game = recruit(["infantry"] * 10, treasury=40, control={"Home": 0}, seed=9)
    for _ in range(5):
        buy(game, "infantry")
    assert [e["value"] for e in events(game, "die_rolled")] == [2]
    assert len(opts(game)) == 1 + 2
    buy(game, "infantry")
    drive(game, "done")
    assert game.state.players[0].treasury == 40 - 6 * 2
    assert pool_types(game) == ["infantry"] * 4


def test_no_controlled_revenue_zone_means_no_recruiting():
    game = recruit(["scout"] * 4, treasury=10, control={"Away": 1})
    assert game.pending is None
    assert events(game, "recruit_draw") == []
    assert pool_types(game) == ["scout"] * 4


def test_recruits_never_go_to_uncontrolled_or_barren_zones():
    # Dunes is occupied by seat 0 but earns nothing; Away is seat 1's.
    game = build(*MAP, pool=["scout"] * 4, park=("Reserve", 1), control={"Farm": 0, "Away": 1},
                 units={"Dunes": {0: ["infantry"]}}, treasury={0: 1}, deck=[])
    start(game, "recruit")
    buy(game, "scout")
    assert game.pending is None  # Farm was the only place
    assert types_in(game, "Farm", 0) == ["scout"]
