"""--set: rule variants for a whole run, checked like the theme's own data."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from warp_empires.cli.main import cli
from warp_empires.engine import Game
from warp_empires.simulation import Variant, VariantError, play_game
from warp_empires.simulation.play import setup_for, table_for
from warp_empires.simulation.variants import parse

from .support import short_run


def _first_position(settings):
    table = table_for(settings)
    plan = table.plan(settings, 0)
    return Game(setup_for(settings, plan, table.zone_map(settings, plan.map_seed)), plugins=table.pm)


def test_a_setting_variant_changes_the_game_the_players_get():
    plain = _first_position(short_run())
    fewer = _first_position(short_run(variants=[parse("settings.start_cards=2")]))
    assert [len(p.hand) for p in plain.state.players] == [5, 5]
    assert [len(p.hand) for p in fewer.state.players] == [2, 2]


def test_a_unit_variant_changes_the_unit_everywhere_it_shows():
    game = _first_position(short_run(variants=[parse("units.war_fleet.force=5"), parse("units.scouts.speed=S")]))
    assert game.rules.unit_label(game.rules.unit_types["war_fleet"]) == "War Fleet (F5)"  # F6 in the theme
    assert game.rules.unit_types["scouts"].speed == 1
    assert game.rules.unit_types["patrols"].force == 2  # the others as they were


def test_a_variant_changes_the_games_played():
    plain = [play_game(short_run(turn_limit=10), i) for i in range(3)]
    richer = [play_game(short_run(turn_limit=10, variants=[Variant("settings.draw_count", 6)]), i) for i in range(3)]
    assert [r.factions for r in plain] == [r.factions for r in richer]  # same deals
    assert sum(sum(r.cards) for r in richer) > sum(sum(r.cards) for r in plain)  # more cards drawn, more played


def _refusal(*sets):
    args = ["simulate", "doctor_who", "--games", "1", "--workers", "1"]
    for s in sets:
        args += ["--set", s]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    return lines[0]


@pytest.mark.parametrize(
    "given, said",
    [
        ("settings.hand_limt=8", "--set settings.hand_limt: no such setting; settings are draw_count, hand_limit, leader_bonus, "
         "pools, recruit_draw, repeat_factions, start_cards, start_units, upkeep_per_revenue"),
        ("settings.hand_limit=many", "--set settings.hand_limit, field 'hand_limit': expected a whole number, got 'many'; use 0 to 1000"),
        ("settings.pools=2", "--set settings.pools, field 'pools': expected text, got 2; use 'shared' or 'faction'"),
        ("settings.hand_limit=-1", "--set settings.hand_limit, field 'hand_limit': -1 is not allowed; use 0 to 1000"),
        ("settings.pools=everyone", "--set settings.pools, field 'pools': 'everyone' is not allowed; use 'shared' or 'faction'"),
        ("units.war_flet.force=5", "--set units.war_flet.force: no unit 'war_flet'; units are scouts, patrols, auxiliary_fleet, "
         "raiding_force, monitors, punitive_force, expeditionary_fleet, war_fleet, invasion_force, defense_force, battle_fleet, armada"),
        ("units.war_fleet.colour=red", "--set units.war_fleet.colour: a variant may change a unit's force, speed, cost, copies"),
        ("units.war_fleet.speed=Q", "--set units.war_fleet.speed, field 'speed': 'Q' is not allowed; use F (3), M (2), S (1), X (0) or a number"),
        ("cards.scouts.copies=0", "--set cards.scouts.copies, field 'copies': 0 is not allowed; use 1 to 1000"),
        ("factions.daleks.name=X", "--set factions.daleks.name: unknown path; use settings.NAME (draw_count, hand_limit, leader_bonus, "
         "pools, recruit_draw, repeat_factions, start_cards, start_units, upkeep_per_revenue), units.ID.FIELD (force, speed, cost, "
         "copies) or cards.ID.FIELD (copies)"),
        ("hand_limit", "--set 'hand_limit': write PATH=VALUE, e.g. settings.hand_limit=8; PATH is settings.NAME (draw_count, "
         "hand_limit, leader_bonus, pools, recruit_draw, repeat_factions, start_cards, start_units, upkeep_per_revenue), "
         "units.ID.FIELD (force, speed, cost, copies) or cards.ID.FIELD (copies)"),
    ],
)
def test_a_variant_the_rules_cannot_take_is_one_line_naming_what_is_allowed(given, said):
    assert _refusal(given) == f"Error: {said}"


def test_a_variant_given_twice_or_one_the_whole_rulebook_refuses_is_one_line():
    assert _refusal("settings.hand_limit=8", "settings.hand_limit=9") == "Error: --set settings.hand_limit is given twice; give each change once"
    units = ["scouts", "patrols", "auxiliary_fleet", "raiding_force", "monitors", "punitive_force", "expeditionary_fleet",
             "war_fleet", "invasion_force", "defense_force", "battle_fleet"]
    line = _refusal(*(f"units.{u}.copies=1000" for u in units))
    assert line.startswith("Error: with --set units.scouts.copies=1000, --set units.patrols.copies=1000, ")
    assert line.endswith(": 11,004 units in all; a game may have at most 10,000")


def test_variant_errors_are_value_errors_the_command_reports():
    with pytest.raises(VariantError):
        parse("=3")
