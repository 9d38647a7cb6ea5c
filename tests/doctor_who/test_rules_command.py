"""`warp-empires rules MODULE`: the rules reference built from a theme's data."""

from __future__ import annotations

import html
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from warp_empires.cli.rules_cmd import rules_command
from warp_empires.plugins import discover
from warp_empires.rulesref import markdown_to_html, render_rules

FIXTURES = str(Path(__file__).parent.parent / "fixtures")


def run(*args, module_paths=()):
    """Invoke the command under a group that passes --module-path folders, as the main CLI does."""

    @click.group()
    @click.pass_context
    def cli(ctx):
        ctx.obj = {"module_paths": module_paths}

    cli.add_command(rules_command)
    return CliRunner().invoke(cli, ["rules", *args])


def test_markdown_has_the_tables_and_the_rules_text():
    result = run("doctor_who")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("# Doctor Who Empires: rules reference")
    assert "## Units (12 types, 60 units)" in out
    assert "| Armada | 4 | 8 | 10 | Slow (1) | - |" in out
    assert "| Invasion Force | 5 | 7 | 6 | Medium (2) | +4 if Attacking |" in out
    assert "## Factions (10)" in out
    assert "| Vardans | Energy Beings | May enter and cross Hazard zones. |" in out
    assert "## Action cards (33 types, 85 cards)" in out
    assert "| Space Travel | 15 | Move phase | Move one stack. |" in out
    assert "| Time Lord Meddling | 4 | Reaction (to a card) |" in out
    assert "| Regeneration | 2 | After battles |" in out
    assert "| Nexus Point | 6 | 3 | yes | 1 |" in out
    assert "| Cards drawn per turn | 3 |" in out
    assert "## Rulings" in out and "Rulings of this module" in out  # from RULES.md


GENERIC_ROWS = ("| Units at the start | 5 |", "| Units drawn to recruit from | 5 |", "| Units kept per revenue point | 5 |")


def test_settings_of_rules_a_theme_carries_out_its_own_way_are_not_shown():
    """Doctor Who keeps the generic setup, recruit and upkeep (D2, B9, B10); the city states
    replace all three (their own rules follow the tables), War Hammer the opening units (W3)."""
    doctor_who, city_states, war_hammer = (run(name).output for name in ("doctor_who", "classical_city_states", "warhammer_space"))
    assert all(row in doctor_who for row in GENERIC_ROWS)
    assert not any(row.split(" | ")[0] in city_states for row in GENERIC_ROWS)
    assert "| Units at the start |" not in war_hammer and "| Units kept per revenue point | 5 |" in war_hammer


def test_zone_notes_say_what_the_numbers_do_not():
    """The city states' Minor City shows revenue 0 on the map: its note says the income is rolled."""
    out = run("classical_city_states").output
    assert "| Minor City | 10 | 0 | yes | 1 | Its income is rolled on 1D6 when the game starts and kept all game. |" in out
    assert "| Zone type | Die roll | Revenue | Can be entered | Move cost |\n" in run("doctor_who").output  # no notes, no column


def test_json_holds_the_raw_lists():
    result = run("doctor_who", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["module"]["name"] == "doctor_who"
    assert len(doc["units"]) == 12 and sum(u["copies"] for u in doc["units"]) == 60
    assert len(doc["factions"]) == 10
    assert len(doc["cards"]) == 33 and sum(c["copies"] for c in doc["cards"]) == 85
    assert [z["id"] for z in doc["zone_types"]] == ["hazard", "void", "poor", "average", "rich", "nexus"]
    assert doc["settings"]["draw_count"] == 3 and doc["settings"]["pools"] == "shared"
    armada = next(u for u in doc["units"] if u["id"] == "armada")
    assert (armada["cost"], armada["force"], armada["speed"]) == (8, 10, 1)
    doomsday = next(c for c in doc["cards"] if c["id"] == "doomsday_weapon")
    assert doomsday["params"]["to"] == "hazard"
    assert doc["rules_text"].startswith("# Doctor Who Empires")


def test_html_is_a_whole_escaped_page(tmp_path):
    target = tmp_path / "rules.html"
    result = run("doctor_who", "--format", "html", "-o", str(target))
    assert result.exit_code == 0, result.output
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<h2>Units (12 types, 60 units)</h2>" in page
    assert "<td>Armada</td><td>4</td><td>8</td><td>10</td>" in page
    assert "<td>Insidious Plot</td>" in page
    assert "opponent&#x27;s hand" in page  # apostrophes escaped
    assert "<script" not in page


def test_markdown_text_is_escaped_in_html():
    page = markdown_to_html("# Title <b>\n\nA *ruling* with `code` & <script>alert(1)</script>\n\n- one\n  wrapped\n- two")
    assert "<h2>Title &lt;b&gt;</h2>" in page
    assert "<em>ruling</em>" in page and "<code>code</code>" in page
    assert "&amp; &lt;script&gt;" in page and "<script>" not in page
    assert "<ul><li>one wrapped</li><li>two</li></ul>" in page


def test_output_file_for_markdown(tmp_path):
    target = tmp_path / "rules.md"
    result = run("doctor_who", "-o", str(target))
    assert result.exit_code == 0
    assert str(target) in result.output
    assert target.read_text(encoding="utf-8") == render_rules("doctor_who")


def test_unknown_module_is_one_line_listing_the_modules():
    result = run("tardis")
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert "tardis" in lines[0] and "doctor_who" in lines[0]


def test_unknown_format_is_refused():
    result = run("doctor_who", "--format", "pdf")
    assert result.exit_code == 2
    assert "pdf" in result.output


def test_a_module_from_a_folder_without_rules_text():
    result = run("basic", "--format", "markdown", module_paths=(FIXTURES,))
    assert result.exit_code == 0, result.output
    assert "| General | 2 | 4 | 2 | Medium (2) | Leader |" in result.output
    assert "| Fort | 3 | 3 | 4 | Immobile (0) | Fortification |" in result.output
    doc = json.loads(render_rules("basic", "json", module_paths=(FIXTURES,)))
    assert doc["rules_text"] is None


@pytest.mark.parametrize("fmt", ["markdown", "json", "html"])
def test_every_installed_module_renders(fmt):
    modules = sorted(discover().modules)
    assert "doctor_who" in modules
    for name in modules:
        text = render_rules(name, fmt)
        if fmt == "json":
            assert json.loads(text)["module"]["name"] == name
        elif fmt == "html":
            assert html.escape(name) in text and text.startswith("<!DOCTYPE html>")
        else:
            assert f"`{name}`" in text
