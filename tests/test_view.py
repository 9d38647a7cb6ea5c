"""Hidden stacks (B4): an opponent sees only the top unit of a stack and how many units
it holds; hands are private. Also: the fixture theme loads through module discovery."""

from helpers import FIXTURE_DIR, build, drive, ids, start
from warp_empires.plugins import discover


def stacks(view, zone_name):
    return next(z["stacks"] for z in view["zones"] if z["name"] == zone_name)


def test_opponent_sees_only_the_top_unit_and_the_count():
    game = build(units={"Meadow": {0: ["guard", "scout", "general"]}}, hands={0: ["ambush", "march"]})
    theirs = stacks(game.view_for(1), "Meadow")
    assert theirs == [{"owner": 0, "top": "Guard", "count": 3}]
    mine = stacks(game.view_for(0), "Meadow")
    assert mine == [{"owner": 0, "units": ["Guard", "Scout", "General"], "count": 3}]


def test_hands_are_private_but_their_size_is_public():
    game = build(hands={0: ["ambush", "march"], 1: ["rally"]})
    seen_by_1 = game.view_for(1)["players"]
    assert "hand" not in seen_by_1[0] and seen_by_1[0]["hand_size"] == 2
    assert seen_by_1[1]["hand"] == ["Rally"]
    observer = game.view_for(None)["players"]
    assert all("hand" not in p for p in observer)


def test_fixture_theme_is_found_as_a_module_folder():
    found = discover([FIXTURE_DIR])
    assert "basic" in found.modules, found.failures
    info = found.modules["basic"].info
    assert (info.name, info.version) == ("basic", "1.0.0")


def test_owner_picks_which_unit_shows_on_top_in_the_move_phase():
    game = build(units={"Meadow": {0: ["guard", "scout", "general"]}})
    start(game, "move")
    assert [o.id for o in game.pending.options] == ["pass", "arrange"]
    drive(game, "arrange")  # the only mixed stack is taken without asking
    assert [o.label for o in game.pending.options] == ["Show Guard (F5)", "Show Scout (F1)", "Show General (F2)"]
    drive(game, f"unit:{ids(game, 'Meadow', 0, 'scout')[0]}")
    assert stacks(game.view_for(1), "Meadow") == [{"owner": 0, "top": "Scout", "count": 3}]
    drive(game, "pass")
    assert game.pending is None


def test_arranging_is_not_offered_for_a_stack_of_one_kind():
    game = build(units={"Meadow": {0: ["guard", "guard"]}})
    start(game, "move")
    assert game.pending is None
