"""D1 at the table: what each zone type of the galaxy earns, which zones take a control
marker, and the Nexus Points (Earth among them) of a random galaxy a game is set up on.
The generator's side of D1 is in tests/mapgen/test_doctor_who_maps.py; Hazard zones
closed to all but the Vardans in test_races.py (D1, D4)."""

from __future__ import annotations

from collections import Counter

from warp_empires import Game, GameSetup, Seat
from warp_empires.cli.common import random_zone_map
from warp_empires.plugins import make_manager

from .scenario import KARN, MAELSTROM, MARS, PELADON, SKARO, TELOS, VOID, control, place, run_phases, scenario


def test_d1_each_zone_type_earns_its_revenue():
    game = scenario("vardans", "daleks")
    control(game, 0, PELADON, KARN, SKARO, MARS)  # Poor 1, Average 2, Rich 3, Nexus Point 3
    run_phases(game, 0, "revenue")
    assert game.state.players[0].treasury == 1 + 2 + 3 + 3


def test_d1_void_and_hazard_zones_take_no_marker_and_earn_nothing():
    # Vardans may stand in a Hazard zone (D4); neither it nor the Void earns, so neither
    # takes their marker. Telos, a Rich zone, does.
    game = scenario("vardans", "daleks")
    place(game, 0, VOID, "scouts")
    place(game, 0, MAELSTROM, "scouts")
    place(game, 0, TELOS, "scouts")
    run_phases(game, 0, "control", "revenue")
    assert dict(game.state.control.items()) == {TELOS: 0}
    assert game.state.players[0].treasury == 3


def test_d1_a_game_on_a_random_galaxy_has_its_nexus_points_and_earth():
    """Five players on the random galaxy the game commands deal (40 zones, seed 4): six
    Nexus Points or more, Earth one of them, a Rich zone for each; the Earth Empire
    controls Earth from the start (D2)."""
    seats = [Seat(name, race) for name, race in zip("ABCDE", ["earth_empire", "daleks", "cybermen", "rutans", "vardans"])]
    zone_map = random_zone_map(make_manager("doctor_who"), 40, 5, 4)
    game = Game(GameSetup("doctor_who", seats, zone_map, seed=4))
    s = game.state
    types = Counter(t.id for t in s.zone_types)
    assert types["nexus"] >= 6 and types["rich"] >= 5
    earth = game.board.find("Earth")
    assert s.zone_types[earth].id == "nexus"
    assert s.control[earth] == 0
    assert all(s.zone_types[z].id == "rich" for z in s.starts)

