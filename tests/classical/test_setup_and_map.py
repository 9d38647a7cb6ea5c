"""Setup (the source rules) and the map (C2): each city state in its own home city, minor city
incomes rolled once and shown wherever revenue shows, the theme's own hex map of the Aegean by
default, random maps still. The Aegean itself and random hex maps are tested in
tests/mapgen/test_aegean.py and tests/mapgen/test_classical_hex_maps.py."""

from __future__ import annotations

from click.testing import CliRunner

from warp_empires import Game, GameSetup, Seat
from warp_empires.cli.common import default_map_file
from warp_empires.cli.main import cli
from warp_empires.mapgen import generate_for_theme, mapfile
from warp_empires.plugins import make_manager
from warp_empires.rules.economy import revenue_parts
from warp_modules import classical_city_states as cs

from .scenario import ARGOS, ATHENS, CORINTH, MEGARA, THEBES, kinds, new_game, saronic_map


def test_each_city_state_starts_in_the_home_city_of_its_name():
    game = new_game("corinth", "athens")  # seat order differs from the map's starts
    s = game.state
    assert (cs.places.home_city(game, 0), cs.places.home_city(game, 1)) == (CORINTH, ATHENS)
    assert s.control[CORINTH] == 0 and s.control[ATHENS] == 1
    # Athens lies on the Saronic Gulf: a Fleet with its Rowers and a Transport; its own first Leader.
    assert kinds(game, ATHENS, 1) == ["army"] * 4 + ["baggage"] * 2 + ["fleet", "pericles", "rowers", "transport"]
    assert kinds(game, CORINTH, 0) == ["army"] * 4 + ["baggage"] * 2 + ["fleet", "periander", "rowers", "transport"]


def test_home_cities_nobody_plays_are_minor_cities_with_a_rolled_income():
    game = new_game("athens", "corinth", seed=4)
    types = game.state.zone_types
    assert [types[z].id for z in (THEBES, ARGOS)] == ["city", "city"]
    rolled = [types[z].revenue for z in (THEBES, ARGOS)]
    assert rolled == [cs.places.income(game, THEBES), cs.places.income(game, ARGOS)]
    assert all(1 <= r <= 6 for r in rolled) and rolled == [3, 1]


def test_a_minor_city_income_shows_on_the_board_and_in_the_revenue():
    game = new_game("athens", "corinth")
    game.state.control[MEGARA] = 0
    zone = next(z for z in game.view_for(1)["zones"] if z["name"] == "Megara")
    income = game.state.zone_types[MEGARA].revenue
    assert zone["revenue"] == income and 1 <= income <= 6
    assert revenue_parts(game, 0)[0] == ("controlled zones", 7 + income)


def test_c2_random_maps_still_seat_every_city_state_in_a_home_city():
    pm = make_manager("classical_city_states")
    zone_map = generate_for_theme(pm, zones=30, players=3, seed=5)
    game = Game(GameSetup("classical_city_states", [Seat("A", "sparta"), Seat("B", "syracuse"), Seat("C", "argos")], zone_map, 5), plugins=pm)
    homes = [cs.places.home_city(game, seat) for seat in range(3)]
    assert len(set(homes)) == 3
    assert all(game.state.zone_types[z].id == "home_city" and game.state.control[z] == seat for seat, z in enumerate(homes))


def test_c2_the_aegean_map_is_the_default_only_once_it_is_there(tmp_path, monkeypatch):
    pm = make_manager("classical_city_states")
    monkeypatch.setattr(cs, "AEGEAN", tmp_path / "aegean.json")
    assert default_map_file(pm, 2) is None  # no map file: random maps as before
    mapfile.save(saronic_map(), tmp_path / "aegean.json")
    assert default_map_file(pm, 2) == str(tmp_path / "aegean.json")
    assert default_map_file(pm, 7) is None


def test_c2_simulate_plays_the_default_map_unless_zones_are_asked_for(tmp_path, monkeypatch):
    monkeypatch.setattr(cs, "AEGEAN", tmp_path / "aegean.json")
    mapfile.save(saronic_map(), tmp_path / "aegean.json")
    seen = []
    real = cs.CityStates.warp_setup

    def spy(self, game):
        seen.append(len(game.board))
        return real(self, game)

    monkeypatch.setattr(cs.CityStates, "warp_setup", spy)
    runner = CliRunner()
    assert runner.invoke(cli, ["simulate", "classical_city_states", "--games", "1", "--workers", "1", "--turn-limit", "1"]).exit_code == 0
    assert runner.invoke(cli, ["simulate", "classical_city_states", "--games", "1", "--workers", "1", "--turn-limit", "1", "--zones", "20"]).exit_code == 0
    assert seen == [13, 20]


def test_c2_simulate_plays_on_the_aegean_itself(monkeypatch):
    """No map asked for: the seats start in the home cities of their names on the 263 hexes
    of the Aegean."""
    seen = []
    real = cs.CityStates.warp_setup

    def spy(self, game):
        done = real(self, game)
        homes = [game.zone_name(cs.places.home_city(game, p.seat)) for p in game.state.players]
        seen.append((len(game.board), homes == [p.faction.name for p in game.state.players]))
        return done

    monkeypatch.setattr(cs.CityStates, "warp_setup", spy)
    result = CliRunner().invoke(cli, ["simulate", "classical_city_states", "--games", "2", "--workers", "1", "--turn-limit", "1"])
    assert result.exit_code == 0, result.output
    assert seen == [(263, True), (263, True)]
