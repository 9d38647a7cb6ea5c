"""The engine's invariant checks catch broken positions (so the property tests can fail)."""

import pytest

from helpers import build, ids, start
from warp_empires import invariants


def test_a_sound_position_has_no_problems():
    game = build(units={"Meadow": {0: ["guard"]}}, hands={0: ["ambush"]})
    start(game, "draw")  # waits for the discard choice
    assert game.pending.kind == "discard"
    assert invariants.problems(game) == []


def test_a_unit_in_two_places_is_reported():
    game = build(units={"Meadow": {0: ["guard"]}})
    guard = ids(game, "Meadow", 0, "guard")[0]
    game.state.pools[game.state.units[guard].pool].append(guard)
    with pytest.raises(invariants.InvariantError, match="both in a pool and on the board"):
        invariants.check(game)


def test_a_negative_treasury_and_a_lost_card_are_reported():
    game = build(units={"Meadow": {0: ["guard"]}}, hands={0: ["ambush"]})
    game.state.players[0].treasury = -2
    game.state.players[0].hand.clear()
    found = invariants.problems(game)
    assert "a card is lost or duplicated" in found
    assert any("treasury is negative (-2)" in p for p in found)
