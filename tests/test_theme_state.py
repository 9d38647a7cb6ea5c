"""A theme's own state: one namespace per class, copied by clone(), covered by the digest."""

from __future__ import annotations

import attrs
import pytest

from warp_empires import Game, GameSetup, Seat
from warp_empires.agents import RandomAgent
from warp_empires.mapgen import generate_for_theme
from warp_empires.plugins import make_manager

GALAXY = generate_for_theme(make_manager("doctor_who"), zones=24, players=2, seed=5)


@attrs.define
class Raids:
    count: int = 0
    by_zone: dict[int, list[int]] = attrs.Factory(dict)


@attrs.define
class OtherRaids:  # another theme's class with the same field names
    count: int = 0


def game_after(decisions: int = 30) -> Game:
    game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "vardans", "ai:random")], GALAXY, 4, 6))
    agent = RandomAgent(4)
    while game.pending is not None and game.decisions < decisions:
        game.decide(agent.choose(game))
    return game


def test_a_theme_reaches_the_same_instance_every_time_and_other_classes_are_apart():
    s = game_after().state
    s.theme(Raids).count += 2
    s.theme(OtherRaids).count = 7
    assert s.theme(Raids).count == 2 and s.theme(OtherRaids).count == 7


def test_clone_copies_theme_state_so_looking_ahead_never_changes_the_game():
    game = game_after()
    game.state.theme(Raids).by_zone[3] = [1, 2]
    twin = game.clone()
    twin.state.theme(Raids).by_zone[3].append(9)
    twin.state.theme(Raids).count = 5
    assert game.state.theme(Raids) == Raids(0, {3: [1, 2]})
    assert twin.state.theme(Raids) == Raids(5, {3: [1, 2, 9]})


def test_the_digest_sees_a_themes_values_but_not_an_untouched_default():
    game = game_after()
    before = game.digest()
    game.state.theme(Raids)  # made with its defaults: the same position
    assert game.digest() == before
    game.state.theme(Raids).count = 1
    changed = game.digest()
    assert changed != before
    game.state.theme(Raids).count = 0
    game.state.theme(OtherRaids).count = 1  # same value, other namespace: another position
    assert game.digest() not in (before, changed)


@pytest.mark.parametrize("change", [
    lambda s: s.rolls.__setitem__("revolt:3", 4),
    lambda s: s.placed.__setitem__(2, 1),
    lambda s: s.last_owner.__setitem__(0, 1),
    lambda s: s.negated.add(99),
    lambda s: setattr(s, "next_play", s.next_play + 1),
])
def test_the_digest_covers_the_engines_bookkeeping_that_version_1_left_out(change):
    game = game_after()
    before, before_v1 = game.digest(), game.digest(1)
    change(game.state)
    assert game.digest() != before
    assert game.digest(1) == before_v1


def test_a_theme_state_class_must_be_attrs_with_defaults():
    s = game_after(0).state

    class Plain:
        pass

    @attrs.define
    class NoDefault:
        count: int

    with pytest.raises(TypeError, match="theme state must be an attrs class"):
        s.theme(Plain)
    with pytest.raises(TypeError, match="theme state NoDefault needs a default for every field; count has none"):
        s.theme(NoDefault)


def test_the_bundled_themes_keep_their_values_in_their_own_state():
    """Doctor Who finds its Nexus Points once a game; the city states note each player's
    home city at setup."""
    from warp_modules.classical_city_states.ledger import Hellas
    from warp_modules.doctor_who import Galaxy, nexus_points

    game = game_after()
    points = nexus_points(game)
    assert points and game.state.theme(Galaxy).nexus_points == points
    assert all("nexus" in game.state.zone_types[z].tags for z in points)

    pm = make_manager("classical_city_states")
    hellas = generate_for_theme(pm, zones=30, players=2, seed=3)
    polis = Game(GameSetup("classical_city_states", [Seat("Ann", "athens"), Seat("Bob", "sparta")], hellas, 3, 6), plugins=pm)
    home = polis.state.theme(Hellas).home
    assert sorted(home) == [0, 1]
    assert all(polis.state.control[zone] == seat and polis.state.zone_types[zone].id == "home_city" for seat, zone in home.items())
