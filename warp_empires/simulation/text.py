"""The summary of a run as tables on the terminal."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table


def _interval(tally: Mapping[str, Any]) -> str:
    low, high = tally["interval"]
    return f"{low * 100:.0f}-{high * 100:.0f}%"


def _rates(title: str, first: str, rows: list[tuple[str, Mapping[str, Any]]]) -> Table:
    table = Table(title=title, title_justify="left")
    for col in (first, "games", "wins", "win rate", "95% interval"):
        table.add_column(col, justify="left" if col == first else "right")
    for name, t in rows:
        if t["games"]:
            table.add_row(name, f"{t['games']:,}", f"{t['wins']:,}", f"{t['win_rate']:.0%}", _interval(t))
    return table


def show(summary: Mapping[str, Any], title: str, console: Console) -> None:
    """Print ``summary`` (from :func:`~warp_empires.simulation.summary.summarize`)."""
    s = summary
    limit = f"turn limit {s['turn_limit']}" if s["turn_limit"] else "no turn limit"
    stopped = f" (stopped early: {s['planned'] - s['games']:,} of {s['planned']:,} not played)" if s["planned"] > s["games"] else ""
    say = functools.partial(console.print, soft_wrap=True)  # prose lines are not cut at 80 columns
    say(f"{s['games']:,} games of {title}{stopped}: {s['players']} seats, {s['map']}, {limit}, seed {s['seed']}")
    if s["variants"]:
        say(f"Rule variants: {', '.join(s['variants'])}")
    if not s["games"]:
        return
    reasons = ", ".join(f"{n:,} {'at the' if r == 'turn limit' else 'by'} {r}" for r, n in s["end_reasons"].items())
    rounds = s["rounds"]
    say(f"Ended: {reasons}; {s['draws']:,} drawn")
    say(
        f"Rounds: mean {rounds['mean']:.1f}, shortest {rounds['min']}, median {rounds['median']:g}, longest {rounds['max']}; "
        f"{s['decisions_per_game']:,.0f} decisions a game"
    )
    names = {f: t["name"] for f, t in s["factions"].items()}
    console.print(_rates(f"{title}: results by faction", "faction", [(t["name"], t) for t in s["factions"].values()]))
    console.print(_rates("by seat", "seat", [(str(t["seat"]), t) for t in s["seats"]]))
    if len(s["agents"]) > 1:
        console.print(_rates("by agent", "agent", list(s["agents"].items())))
    versus = s["versus"]
    if versus:
        # Numbered columns keep ten factions within 80 columns.
        played = [f for f in names if f in versus]
        table = Table(title="row against column: share of their games together the row won", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 0, 0, 1))
        table.add_column("", no_wrap=True)
        for n, _ in enumerate(played, 1):
            table.add_column(str(n), justify="right", min_width=4)
        for n, f in enumerate(played, 1):
            cells = []
            for o in played:
                cell = versus[f].get(o)
                cells.append(f"{cell['share']:.0%}" if cell and cell["games"] else "")
            table.add_row(f"{n} {names[f]}", *cells)
        console.print(table)
    say(f"Verdict (fair share {s['fair_share']:.0%}):")
    for line in s["verdict"]:
        say(f"  {line}")
