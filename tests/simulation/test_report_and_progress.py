"""--report writes one page that stands alone; progress shows as a bar on a terminal and
as plain lines in a pipe."""

from __future__ import annotations

import base64
import io
import re

from click.testing import CliRunner
from rich.console import Console

from warp_empires.cli.main import cli
from warp_empires.simulation.progress import Meter


def test_the_report_is_one_self_contained_page_with_the_plots_and_the_variants(tmp_path):
    page = tmp_path / "report.html"
    result = CliRunner().invoke(cli, [
        "simulate", "doctor_who", "--games", "6", "--seed", "2", "--zones", "24", "--turn-limit", "6", "--workers", "1",
        "--set", "settings.hand_limit=8", "--report", str(page),
    ])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    images = re.findall(r'<img alt="" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', text)
    assert len(images) == 6  # faction, seat and agent win rates; game length; revenue; cards played
    assert all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    assert not re.search(r'(src|href)="(?!data:)', text)  # nothing outside the page
    assert "<li><code>settings.hand_limit=8</code></li>" in text
    for heading in ("Win rates", "Faction against faction", "Game length", "Revenue", "Cards played", "Verdict"):
        assert f"<h2>{heading}</h2>" in text
    assert "6 simulated games" in text and "within chance of the fair 50%" in text


def test_a_pipe_gets_plain_progress_lines():
    out = io.StringIO()
    with Meter(4, 1, Console(file=out, force_terminal=False), every=0) as meter:
        for _ in range(3):
            meter.advance()
    lines = out.getvalue().splitlines()
    assert [line.split(",")[0] for line in lines] == ["2/4 games", "3/4 games", "4/4 games"]
    assert lines[0].endswith("s left") and "games/s" in lines[-1]


def test_a_terminal_gets_a_progress_bar():
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    with Meter(4, 0, console) as meter:
        meter.advance()
        meter.bar.refresh()
        assert "1/4" in out.getvalue() and "━" in out.getvalue()


def test_a_report_with_nowhere_to_go_is_refused_before_any_game(tmp_path):
    missing = tmp_path / "no" / "such" / "report.html"
    result = CliRunner().invoke(cli, ["simulate", "doctor_who", "--games", "2", "--report", str(missing)])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: Invalid value for --report: {missing}: there is no folder {missing.parent} to write it in")
    assert "games/s" not in result.output  # refused before playing
