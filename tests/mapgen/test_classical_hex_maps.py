"""Random hex maps of City States of Hellas (C2): a grid of hexes whose terrains are rolled on
the theme's 1D10 table (sea, sandy coast, fishing village, farmland, plain, forest, hill,
minor city) with a home city for every player, made by `map generate --layout hex` and
played with `--map`."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from warp_empires.cli.main import cli
from warp_empires.engine import Game, GameSetup, Seat
from warp_empires.mapgen import check_map, generate_for_theme, load, map_theme
from warp_empires.mapgen.hexgrid import HEX_WIDTH
from warp_empires.plugins import make_manager

MODULE = "classical_city_states"


@pytest.fixture(scope="module")
def pm():
    return make_manager(MODULE)


def hex_map(pm, **options):
    return generate_for_theme(pm, layout="hex", **options)


def terrains(zone_map) -> dict[str, int]:
    out: dict[str, int] = {}
    for z in zone_map.zones:
        out[z.type] = out.get(z.type, 0) + 1
    return dict(sorted(out.items()))


def test_c2_a_random_hex_map_is_a_grid_of_hexes(pm):
    m = hex_map(pm, players=3, seed=7, width=8, height=6)
    assert len(m.zones) == 48 and m.meta["options"]["layout"] == "hex"
    assert {len(z.polygon) for z in m.zones} == {6}
    sides = [len(m.neighbours(z.id)) for z in m.zones]
    assert sides.count(6) == 24  # the 6 x 4 hexes inside the rim border six others
    assert max(sides) == 6
    for a, b in m.edges:  # and only the hexes next to them
        assert math.isclose(math.dist(m.zones[a].centroid, m.zones[b].centroid), HEX_WIDTH, abs_tol=0.01)


def test_c2_a_random_hex_map_rolls_the_terrains_of_the_theme(pm):
    m = hex_map(pm, players=4, seed=1, width=16, height=12)
    assert terrains(m) == {
        "city": 20, "coast": 18, "farmland": 18, "fishing_village": 21, "forest": 27, "hill": 16, "home_city": 4,
        "plain": 33, "sea": 35,
    }
    assert sorted(m.zones[s].type for s in m.starts) == ["home_city"] * 4
    theme = map_theme(pm, 4)
    assert check_map(m, theme.zone_types, theme.map_rules, 4, extra_check=theme.extra_check) == []


def test_c2_every_city_state_starts_in_a_home_city_of_a_random_hex_map(pm):
    m = hex_map(pm, players=3, seed=7, width=8, height=6)
    seats = [Seat("Ann", "athens"), Seat("Bob", "sparta"), Seat("Cy", "corinth")]
    game = Game(GameSetup(MODULE, seats, m, 7), plugins=pm)
    s = game.state
    homes = [sorted(game.zone_name(z) for z in s.controlled(seat)) for seat in range(3)]
    assert homes == [["Laurium"], ["Dyme"], ["Aegina"]]
    assert [s.zone_types[s.units[u].zone].id for u in s.units_of(0) if s.units[u].type.is_leader] == ["home_city"]
    # the other cities are minor cities, each with its income rolled once
    minor = sorted((game.zone_name(z), t.revenue) for z, t in enumerate(s.zone_types) if t.id == "city")
    assert minor == [("Corinth", 1), ("Mantinea", 5), ("Marathon", 1), ("Salamis", 2)]


def test_c2_map_generate_makes_a_hex_map_the_game_plays_on(tmp_path):
    out = tmp_path / "hellas.json"
    runner = CliRunner()
    made = runner.invoke(cli, [
        "map", "generate", "--module", MODULE, "--layout", "hex", "--width", "8", "--height", "6",
        "--players", "2", "--seed", "3", "-o", str(out),
    ])
    assert made.exit_code == 0, made.output
    assert made.output.splitlines()[0] == f"wrote {out}: 48 zones, 117 borders, 2 start zones (seed 3)"
    m = load(out)
    assert m.meta["options"]["layout"] == "hex" and m.meta["options"]["module"] == MODULE
    played = runner.invoke(cli, [
        "simulate", MODULE, "--map", str(out), "--games", "1", "--workers", "1", "--turn-limit", "2",
    ])
    assert played.exit_code == 0, played.output
    assert "1 games of City States of Hellas: 2 seats, one map file, turn limit 2, seed 0" in played.output.splitlines()
