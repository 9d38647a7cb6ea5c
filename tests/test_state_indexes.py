"""The state's indexes (occupied zones per seat, control markers per seat) follow every
way units and markers change, copies keep their own, and zone types are shared by copies
until one of them changes a zone's type."""

import copy

import pytest

from helpers import build, ids, zone_id
from warp_empires import invariants


def test_occupied_zones_follow_units_placed_moved_taken_over_and_lost():
    game = build(units={"Meadow": {0: ["guard", "scout"]}, "Crossing": {1: ["infantry"]}})
    s = game.state
    meadow, crossing, hamlet = (zone_id(game, z) for z in ("Meadow", "Crossing", "Hamlet"))
    guard, scout = ids(game, "Meadow", 0, "guard")[0], ids(game, "Meadow", 0, "scout")[0]
    infantry = ids(game, "Crossing", 1, "infantry")[0]
    assert s.zones_with_units(0) == [meadow] and s.zones_with_units(1) == [crossing]
    s.move_unit(guard, hamlet)
    assert s.zones_with_units(0) == [meadow, hamlet]
    s.change_owner(infantry, 0)  # a unit changes sides where it stands
    assert s.zones_with_units(0) == [meadow, crossing, hamlet] and s.zones_with_units(1) == []
    s.return_to_pool(scout)
    s.capture(guard, 1)
    assert s.zones_with_units(0) == [crossing] and s.units_of(0) == [infantry]
    assert [p for p in invariants.problems(game) if "index" in p] == []


def test_control_markers_per_seat_follow_every_change():
    game = build(control={"Westhold": 0, "Eastport": 1})
    s = game.state
    west, east, meadow = (zone_id(game, z) for z in ("Westhold", "Eastport", "Meadow"))
    s.control[east] = 0
    s.control.update({meadow: 1})
    assert s.controlled(0) == [west, east] and s.controlled(1) == [meadow]
    assert s.control.pop(west) == 0 and s.control.pop(west, None) is None
    del s.control[meadow]
    assert s.controlled(0) == [east] and s.controlled(1) == []
    s.control = {west: 1}  # a plain dict is taken in and indexed
    assert s.controlled(1) == [west] and s.controlled(0) == []
    twin = s.copy()
    twin.control[east] = 1
    assert s.controlled(1) == [west] and twin.controlled(1) == sorted([west, east])
    assert copy.deepcopy(s).controlled(1) == [west]


def test_an_index_out_of_step_is_reported():
    game = build(units={"Meadow": {0: ["guard"]}})
    game.state.units[ids(game, "Meadow", 0, "guard")[0]].owner = 1  # behind the state's back
    assert "the index of occupied zones disagrees with the units on the board" in invariants.problems(game)


def test_a_copy_changes_zone_types_without_changing_the_original():
    game = build()
    s = game.state
    meadow = zone_id(game, "Meadow")
    waste = game.rules.zone_types["waste"]
    twin = s.copy()
    twin.set_zone_type(meadow, waste)
    assert twin.zone_types[meadow] is waste and s.zone_types[meadow].id == "plain"
    s.set_zone_type(meadow, game.rules.zone_types["city"])
    assert twin.zone_types[meadow] is waste and s.zone_types[meadow].id == "city"
    with pytest.raises(TypeError, match="set_zone_type"):
        s.zone_types[meadow] = waste
