"""Movement (B3): speeds, groups at the slowest unit's speed, enemy and impassable zones,
one move per unit per turn, any number of move cards."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warp_empires import Game, GameSetup, Seat
from warp_empires.agents import RandomAgent
from warp_empires.kit import hookimpl
from warp_empires.plugins import find_module

from helpers import build, card, cards, drive, events, hand_types, ids, make_map, opts, start, types_in, zone_id

# A straight road of five plains.
LINE = ("A:plain B:plain C:plain D:plain E:plain", "A-B B-C C-D D-E")


def zones(game, *names):
    return [f"zone:{zone_id(game, n)}" for n in names]


def march_from(game, zone):
    """Play a March and pick the stack in ``zone``."""
    drive(game, card(cards(game, game.state.active, "march")[0]), f"zone:{zone_id(game, zone)}")


def road(units, hands=None, factions=("commoners", "commoners"), where=LINE):
    game = build(*where, units=units, hands=hands or {0: ["march"]}, factions=factions, deck=[])
    return start(game, "move")


@pytest.mark.parametrize("unit_type, reach", [("scout", "BCD"), ("cavalry", "BC")])
def test_fast_moves_three_medium_two(unit_type, reach):
    game = road({"A": {0: [unit_type]}})
    march_from(game, "A")
    assert game.pending.kind == "choose_destination"
    assert opts(game) == zones(game, *reach)
    board = game.board
    assert [(o.label, o.value) for o in game.pending.options] == [(f"{n} ({board.codes[z]})", z) for n in reach for z in [zone_id(game, n)]]


def test_slow_moves_one_zone_so_the_only_destination_is_taken_without_asking():
    game = road({"A": {0: ["infantry"]}})
    march_from(game, "A")
    assert game.pending is None
    assert types_in(game, "B", 0) == ["infantry"]


class Mired:
    """An extra making plains heavy going (2 points) for infantry alone (warp_move_costs)."""

    @hookimpl
    def warp_move_costs(self, game, seat, units):
        if all(game.state.units[u].type.id == "infantry" for u in units):
            return {"plain": 2}
        return None


def test_a_theme_may_make_a_kind_of_zone_cost_a_group_more():
    """A Nomad infantry unit's 2 points take it one plain further, or none with warp_move_costs
    making each plain cost infantry 2: it reaches B only; scouts go on as before."""
    game = build(*LINE, units={"A": {0: ["infantry"]}}, hands={0: ["march"]}, factions=("nomads", "commoners"), deck=[], extras=[Mired()])
    start(game, "move")
    march_from(game, "A")
    assert game.pending is None and types_in(game, "B", 0) == ["infantry"]  # the one zone in reach: taken without asking
    game = build(*LINE, units={"A": {0: ["scout"]}}, hands={0: ["march"]}, deck=[], extras=[Mired()])
    start(game, "move")
    march_from(game, "A")
    assert opts(game) == zones(game, "B", "C", "D")


def test_nomads_move_one_zone_further():
    game = road({"A": {0: ["infantry"]}}, factions=("nomads", "commoners"))
    march_from(game, "A")
    assert opts(game) == zones(game, "B", "C")


def test_fortification_never_moves():
    game = road({"A": {0: ["fort"]}})
    # A March has nothing to move, so it is not offered and the phase asks nothing.
    assert game.pending is None
    assert hand_types(game, 0) == ["march"]
    game = road({"A": {0: ["fort"]}}, factions=("nomads", "commoners"))
    assert game.pending is None


def test_fortification_stays_behind_when_its_stack_marches():
    game = road({"A": {0: ["fort", "scout"]}})
    march_from(game, "A")  # only the scout can go, so it is not asked which units
    drive(game, f"zone:{zone_id(game, 'D')}")
    assert types_in(game, "A", 0) == ["fort"] and types_in(game, "D", 0) == ["scout"]


def test_group_moves_at_its_slowest_units_speed():
    game = road({"A": {0: ["scout", "cavalry", "infantry"]}})
    march_from(game, "A")
    assert game.pending.kind == "choose_units"
    drive(game, "all")
    # One zone of movement: B is the only destination, taken without asking; the move
    # phase goes on with nothing left to play but arranging the mixed stack.
    assert [o.id for o in game.pending.options] == ["pass", "arrange"]
    assert types_in(game, "B", 0) == ["cavalry", "infantry", "scout"]


def test_picked_units_move_together_at_the_slower_speed():
    game = road({"A": {0: ["scout", "cavalry", "infantry"]}})
    march_from(game, "A")
    drive(game, f"unit:{ids(game, 'A', 0, 'scout')[0]}", f"unit:{ids(game, 'A', 0, 'cavalry')[0]}", "go")
    assert opts(game) == zones(game, "B", "C")
    drive(game, f"zone:{zone_id(game, 'C')}")
    assert types_in(game, "C", 0) == ["cavalry", "scout"]
    assert types_in(game, "A", 0) == ["infantry"]


def test_path_may_end_in_but_not_pass_an_enemy_zone():
    game = road({"A": {0: ["scout"]}, "C": {1: ["infantry"]}})
    march_from(game, "A")
    assert opts(game) == zones(game, "B", "C")


def test_path_goes_around_an_enemy_zone_when_it_can():
    square = ("A:plain B:plain C:plain D:plain", "A-B B-C A-D D-C")
    game = road({"A": {0: ["scout"]}, "B": {1: ["infantry"]}}, where=square)
    march_from(game, "A")
    assert opts(game) == zones(game, "B", "C", "D")


def test_impassable_zone_is_neither_entered_nor_crossed():
    # A - Peak - C directly, or the long way round A - X - Y - C.
    where = ("A:plain Peak:mountains C:plain X:plain Y:plain", "A-Peak Peak-C A-X X-Y Y-C")
    game = road({"A": {0: ["scout"]}}, where=where)
    march_from(game, "A")
    assert opts(game) == zones(game, "C", "X", "Y")
    game = road({"A": {0: ["cavalry"]}}, where=where)
    march_from(game, "A")
    assert opts(game) == zones(game, "X", "Y")


def test_stack_walled_in_by_mountains_cannot_be_marched():
    where = ("A:plain Peak:mountains C:plain", "A-Peak Peak-C")
    game = road({"A": {0: ["scout"]}}, where=where)
    assert game.pending is None


def test_each_unit_moves_once_a_turn_but_many_cards_may_be_played():
    game = road({"A": {0: ["scout", "infantry"]}}, hands={0: ["march", "march", "march"]})
    march_from(game, "A")
    drive(game, f"unit:{ids(game, 'A', 0, 'scout')[0]}", "go", f"zone:{zone_id(game, 'D')}")
    # Second March: only the infantry left in A can still move; the scout in D is spent.
    drive(game, card(cards(game, 0, "march")[0]))
    assert opts(game) == ["stop", f"zone:{zone_id(game, 'A')}"]
    drive(game, f"zone:{zone_id(game, 'A')}")  # the infantry alone, to B: nothing to choose
    # Third March: everything has moved, so it is not even offered.
    assert game.pending is None
    assert hand_types(game, 0) == ["march"]
    assert types_in(game, "D", 0) == ["scout"] and types_in(game, "B", 0) == ["infantry"]


def test_units_move_again_next_turn():
    game = road({"A": {0: ["scout"]}}, hands={0: ["march", "march"]})
    march_from(game, "A")
    drive(game, f"zone:{zone_id(game, 'B')}")
    assert game.pending is None
    for u in game.state.units:
        u.moved = False  # what the start of the next turn does
    start(game, "move")
    march_from(game, "B")
    assert opts(game) == zones(game, "A", "C", "D", "E")


def test_forced_march_moves_two_stacks():
    game = road({"A": {0: ["scout"]}, "E": {0: ["cavalry"]}}, hands={0: ["forced_march"]})
    drive(game, card(cards(game, 0, "forced_march")[0]), f"zone:{zone_id(game, 'A')}", f"zone:{zone_id(game, 'B')}")
    assert opts(game) == ["stop", f"zone:{zone_id(game, 'E')}"]
    drive(game, f"zone:{zone_id(game, 'E')}", f"zone:{zone_id(game, 'C')}")
    assert types_in(game, "B", 0) == ["scout"] and types_in(game, "C", 0) == ["cavalry"]
    assert [(e["count"], e["to"]) for e in events(game, "moved")] == [(1, zone_id(game, "B")), (1, zone_id(game, "C"))]


def test_moving_onto_an_enemy_starts_a_battle_there():
    game = road({"A": {0: ["guard"]}, "C": {1: ["infantry"]}})
    march_from(game, "A")
    drive(game, f"zone:{zone_id(game, 'C')}")
    start(game, "battle")
    assert [e["zone"] for e in events(game, "battle_started")] == [zone_id(game, "C")]


# --------------------------------------------------------------------------- the reach of a group

_GALAXY = make_map(
    "Skaro:rich Telos:rich Earth:nexus Mars:nexus Void:void Peladon:poor Solos:average Hazard:hazard Vortis:average",
    "Skaro-Peladon Peladon-Telos Telos-Solos Solos-Vortis Vortis-Void Void-Skaro Earth-Peladon Earth-Solos "
    "Earth-Vortis Earth-Void Mars-Earth Hazard-Mars Mars-Skaro Hazard-Telos",
    starts=["Skaro", "Telos"],
    plugin=find_module("doctor_who").plugin,
)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), decisions=st.integers(0, 300), blocked=st.sets(st.integers(0, 8), max_size=2),
       stops=st.sets(st.integers(0, 8), max_size=2))
def test_where_a_group_may_go_is_the_cheapest_way_there_ring_by_ring_as_by_the_heap(seed, decisions, blocked, stops):
    """Where every zone costs 1 to enter, reach is worked out ring by ring; it must give
    the same zones at the same costs as the general search (which any cost table, even
    an empty one, takes), enemy zones, closed zones and stop zones included."""
    game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen")], _GALAXY, seed=seed, turn_limit=6))
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(decisions):
        if game.pending is None:
            break
        game.decide(agents[game.pending.player].choose(game))
    s, board = game.state, game.board
    enter = game.rules.can_enter(s.players[0].faction)
    for seat in (0, 1):
        for zone in s.zones_with_units(seat):
            for allowance, stop in ((1, stops), (2, stops | {zone}), (4, stops), (4, stops | {zone})):  # a group starting where it may stop, too
                rings = board.reachable(s, seat, zone, allowance, enter, blocked, stop)
                assert rings == board.reachable(s, seat, zone, allowance, enter, blocked, stop, costs={})
