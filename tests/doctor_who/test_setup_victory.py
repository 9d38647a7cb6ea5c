"""D2 setup (distinct Rich start zones, 5 units, 5 cards, Earth), D3 victory by the Nexus
Points, and the D3 tiebreak at a turn limit (Nexus Points, then B13)."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from warp_empires import Game, GameSetup, Seat
from warp_empires.cli.common import random_zone_map
from warp_empires.model.state import BOARD
from warp_empires.plugins import make_manager
from warp_empires.rulebook import SetupError
from warp_empires.zonemap import ZoneMap

from .scenario import EARTH, MARS, PELADON, SKARO, TELOS, KARN, control, new_game, place, run_phases, scenario

# A bigger map for three and four players: four Rich zones among others.
#   Gallifrey(rich) - Void(void) - Earth(nexus) - Dust(void) - Skaro(rich)
#        |                            |                          |
#   Karn(poor) ---------------- Mars(nexus) --------------- Telos(rich)
#        |                                                       |
#   Sontar(rich) ---- Ash(average) ---- Hazard(hazard) ---- Ruta(poor)
BIG = [
    ("Gallifrey", "rich", 3), ("Void", "void", 0), ("Earth", "nexus", 3), ("Dust", "void", 0),
    ("Skaro", "rich", 3), ("Karn", "poor", 1), ("Mars", "nexus", 3), ("Telos", "rich", 3),
    ("Sontar", "rich", 3), ("Ash", "average", 2), ("Hazard", "hazard", 0), ("Ruta", "poor", 1),
]
BIG_EDGES = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 5), (2, 6), (4, 7), (5, 6), (6, 7), (5, 8), (8, 9), (9, 10), (10, 11), (7, 11)]


def start_zones(game):
    return list(game.state.starts)


# ---------------------------------------------------------------------- setup (D2)


def test_two_players_start_in_distinct_rich_zones_with_5_units_and_5_cards():
    game = new_game("daleks", "cybermen")
    s = game.state
    assert start_zones(game) == [SKARO, TELOS]  # the map's only two Rich zones
    for seat, zone in enumerate(start_zones(game)):
        assert s.zone_types[zone].id == "rich"
        assert s.control[zone] == seat
        assert len(s.stack(zone, seat)) == 5
        assert sorted(s.units_of(seat)) == sorted(s.stack(zone, seat))  # nowhere else
        assert len(s.players[seat].hand) == 5
        assert s.players[seat].treasury == 0
    assert len(s.pools["common"]) == 60 - 10  # one shared pool
    assert EARTH not in s.control  # nobody is the Earth Empire


@pytest.mark.parametrize("players", [3, 4])
def test_every_player_gets_a_rich_start_zone_of_their_own(players):
    races = ["daleks", "cybermen", "sontarans", "rutans"][:players]
    game = new_game(*races, zones=BIG, edges=BIG_EDGES)
    starts = start_zones(game)
    assert len(set(starts)) == players
    assert all(game.state.zone_types[z].id == "rich" for z in starts)
    assert all(len(game.state.stack(z, seat)) == 5 for seat, z in enumerate(starts))


def test_the_earth_empire_controls_earth_from_the_start():
    game = new_game("cybermen", "earth_empire")
    s = game.state
    assert s.control[EARTH] == 1
    assert s.control[start_zones(game)[1]] == 1
    assert s.zone_units[EARTH] == []  # control only, no units there


def test_d2_start_units_are_drawn_at_random_from_the_shared_pool():
    stacks = []
    for seed in range(1, 7):
        s = new_game("daleks", "cybermen", seed=seed).state
        units = [u for seat in (0, 1) for u in s.units_of(seat)]
        assert len(set(units)) == 10
        assert not set(units) & set(s.pools["common"])  # out of the one pool, 50 left there
        assert len(s.pools["common"]) == 50
        stacks.append(tuple(sorted(s.units[u].type.id for u in s.units_of(0))))
    # Six seeds, six different start stacks for the Daleks: nothing fixed about them.
    assert len(set(stacks)) == 6


def test_d2_a_random_galaxy_gives_every_player_a_fair_rich_start():
    """The galaxy the game commands deal (fair unless asked otherwise), 40 zones for three:
    the start zones are Rich, at least 3 borders apart, and the revenue within 2 borders
    of each differs by at most 1 EP."""
    seats = [Seat(name, race) for name, race in zip("ABC", ["daleks", "cybermen", "sontarans"])]
    game = Game(GameSetup("doctor_who", seats, random_zone_map(make_manager("doctor_who"), 40, 3, 1), seed=1))
    s = game.state
    starts = start_zones(game)
    assert len(set(starts)) == 3
    graph = game.setup.zone_map.graph()
    graph = graph.subgraph([z for z in graph if s.zone_types[z].passable])
    for seat, zone in enumerate(starts):
        assert s.zone_types[zone].id == "rich" and s.control[zone] == seat
        assert len(s.stack(zone, seat)) == 5 and len(s.players[seat].hand) == 5
    assert min(nx.shortest_path_length(graph, a, b) for a, b in itertools.combinations(starts, 2)) >= 3
    nearby = [sum(s.zone_types[z].revenue for z in nx.single_source_shortest_path_length(graph, zone, cutoff=2)) for zone in starts]
    assert max(nearby) - min(nearby) <= 1


def test_start_units_are_on_the_board_and_the_first_turn_begins_with_seat_0():
    game = new_game("daleks", "cybermen", seed=7)
    assert all(game.state.units[u].place == BOARD for u in game.state.units_of(0))
    assert game.pending.player == 0 and game.pending.kind == "discard"
    assert game.state.turn == 1


# ---------------------------------------------------------------------- victory (D3)


def test_controlling_every_nexus_point_wins_at_the_end_of_the_turn():
    game = scenario("daleks", "cybermen")
    control(game, 0, EARTH)
    place(game, 0, MARS, "scouts")
    run_phases(game, 0, "control", end_turn=True)
    assert game.state.control[MARS] == 0
    assert game.is_over and game.winner == 0
    over = next(e for e in game.events if e.kind == "game_over")
    assert over.data["reason"] == "victory"


def test_victory_is_checked_at_the_end_of_every_players_turn():
    game = scenario("daleks", "cybermen")
    control(game, 1, EARTH, MARS)
    run_phases(game, 0, end_turn=True)  # the Daleks' turn ends: the Cybermen hold both
    assert game.is_over and game.winner == 1


def test_one_nexus_point_short_is_no_victory():
    game = scenario("daleks", "cybermen", turn_limit=3)
    control(game, 0, EARTH, SKARO, TELOS)
    run_phases(game, 0, end_turn=True, turn=1)
    assert not game.is_over
    assert game.state.turn > 1


# ---------------------------------------------------------------------- tiebreak at the turn limit (D3, then B13)


def end_at_limit(game, seat):
    """End the last turn of a one-round game."""
    run_phases(game, seat, end_turn=True, turn=len(game.state.players))
    assert game.is_over
    assert next(e for e in game.events if e.kind == "game_over").data["reason"] == "turn limit"
    return game.winner


def test_most_nexus_points_wins_at_the_turn_limit():
    game = scenario("daleks", "cybermen", turn_limit=1)
    control(game, 0, SKARO, TELOS, KARN, PELADON)
    control(game, 1, MARS)
    assert end_at_limit(game, 1) == 1


def test_equal_nexus_points_fall_back_to_zones_then_revenue():
    game = scenario("daleks", "cybermen", turn_limit=1)
    control(game, 0, EARTH, SKARO)  # 2 zones, 6 EP
    control(game, 1, MARS, PELADON)  # 2 zones, 4 EP
    assert end_at_limit(game, 1) == 0
    game = scenario("daleks", "cybermen", turn_limit=1)
    control(game, 0, EARTH)
    control(game, 1, MARS, PELADON)  # more zones beats more revenue
    assert end_at_limit(game, 1) == 1


def test_a_full_tie_is_a_draw():
    game = scenario("daleks", "cybermen", turn_limit=1)
    control(game, 0, EARTH, SKARO)
    control(game, 1, MARS, TELOS)
    assert end_at_limit(game, 1) == -1


def test_only_the_players_tied_on_nexus_points_go_to_the_generic_tiebreak():
    game = scenario("daleks", "cybermen", "rutans", turn_limit=1)
    control(game, 0, EARTH, PELADON)
    control(game, 1, MARS)
    control(game, 2, SKARO, TELOS, KARN)  # most zones and revenue, but no Nexus Point
    assert end_at_limit(game, 2) == 0


def test_a_map_without_room_for_every_start_zone_is_a_setup_error_not_a_fault_of_the_theme():
    """D2: every player starts in a zone of their own. A map whose zones cannot give every
    seat one is refused as the setup's fault, in one line, not blamed on the theme's code."""
    two_zones = ZoneMap.build([("Skaro", "rich", 3, "SKA"), ("Void", "void", 0, "VOI")], [(0, 1)], starts=[0])
    seats = [Seat("Ann", "daleks"), Seat("Bob", "cybermen"), Seat("Cy", "rutans")]
    with pytest.raises(SetupError, match="^the map has room for 2 start zones but 3 players are seated$"):
        Game(GameSetup("doctor_who", seats, two_zones, seed=1))
