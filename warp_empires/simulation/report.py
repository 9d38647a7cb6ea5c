"""``--report``: one self-contained HTML page of a run, its plots embedded as PNG images.

The page needs nothing beside it (no scripts, no files, no network): it can be mailed
or attached to a review as it is. matplotlib is imported here only, when a report is
asked for.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    return f'<img alt="" src="data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}">'


def _rates_plot(plt: Any, title: str, rows: list[tuple[str, Mapping[str, Any]]], fair: float) -> str:
    rows = [(n, t) for n, t in rows if t["games"]]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rows) + 1.2))
    names = [n for n, _ in rows][::-1]
    rates = [t["win_rate"] * 100 for _, t in rows][::-1]
    # max(0, ...): a rate of 0 or 1 sits on its interval's end, give or take a rounding
    low = [max(0.0, t["win_rate"] - t["interval"][0]) * 100 for _, t in rows][::-1]
    high = [max(0.0, t["interval"][1] - t["win_rate"]) * 100 for _, t in rows][::-1]
    ax.errorbar(rates, range(len(rows)), xerr=[low, high], fmt="o", capsize=3)
    ax.axvline(fair * 100, color="grey", linestyle="--", label=f"fair share {fair:.0%}")
    ax.set_yticks(range(len(rows)), names)
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate, % (95% Wilson interval)")
    ax.set_title(title)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    out = _png(fig)
    plt.close(fig)
    return out


def _length_plot(plt: Any, histogram: Mapping[str, int]) -> str:
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.bar([int(k) for k in histogram], list(histogram.values()), width=0.9)
    ax.set_xlabel("rounds played")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    out = _png(fig)
    plt.close(fig)
    return out


def _revenue_plot(plt: Any, by_faction: Mapping[str, list[float]], names: Mapping[str, str]) -> str:
    fig, ax = plt.subplots(figsize=(7, 4))
    for faction, series in by_faction.items():
        ax.plot(range(1, len(series) + 1), series, label=names.get(faction, faction))
    ax.set_xlabel("round")
    ax.set_ylabel("mean revenue")
    ax.set_title("Revenue over the rounds, by faction (games that lasted that long)")
    ax.legend(fontsize="small", ncol=2)
    out = _png(fig)
    plt.close(fig)
    return out


def _cards_plot(plt: Any, cards: Mapping[str, int], games: int) -> str:
    fig, ax = plt.subplots(figsize=(7, 0.3 * len(cards) + 1.2))
    names = list(cards)[::-1]
    ax.barh(names, [cards[n] / games for n in names])
    ax.set_xlabel("plays a game")
    ax.set_title("Cards played")
    out = _png(fig)
    plt.close(fig)
    return out


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _rate_rows(rows: list[tuple[str, Mapping[str, Any]]]) -> list[list[Any]]:
    return [
        [n, t["games"], t["wins"], f"{t['win_rate']:.1%}", f"{t['interval'][0]:.1%} - {t['interval'][1]:.1%}"]
        for n, t in rows if t["games"]
    ]


def render(summary: Mapping[str, Any], title: str) -> str:
    """The page for ``summary`` (from :func:`~warp_empires.simulation.summary.summarize`)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    s = summary
    names = {f: t["name"] for f, t in s["factions"].items()}
    factions = [(t["name"], t) for t in s["factions"].values()]
    seats = [(f"seat {t['seat']}", t) for t in s["seats"]]
    agents = list(s["agents"].items())
    esc = html.escape
    parts = [
        f"<h1>{esc(title)}: {s['games']:,} simulated games</h1>",
        f"<p>{s['players']} seats, {esc(s['map'])}, turn limit {s['turn_limit'] or 'none'}, seed {s['seed']}"
        + (f"; stopped early after {s['games']:,} of {s['planned']:,} games" if s["planned"] > s["games"] else "") + ".</p>",
        "<h2>Rule variants</h2>",
        "<ul>" + "".join(f"<li><code>{esc(v)}</code></li>" for v in s["variants"]) + "</ul>" if s["variants"] else "<p>None: the theme's own rules.</p>",
        "<h2>Verdict</h2>",
        "<ul>" + "".join(f"<li>{esc(line)}</li>" for line in s["verdict"]) + "</ul>",
    ]
    if s["games"]:
        reasons = ", ".join(f"{n:,} {esc(r)}" for r, n in s["end_reasons"].items())
        parts += [
            "<h2>Win rates</h2>",
            _rates_plot(plt, "By faction", factions, s["fair_share"]),
            _table(["faction", "games", "wins", "win rate", "95% interval"], _rate_rows(factions)),
            _rates_plot(plt, "By seat", seats, s["fair_share"]),
            _table(["seat", "games", "wins", "win rate", "95% interval"], _rate_rows(seats)),
            _rates_plot(plt, "By agent", agents, s["fair_share"]),
            _table(["agent", "games", "wins", "win rate", "95% interval"], _rate_rows(agents)),
            "<h2>Faction against faction</h2><p>Share of their games together that the row's faction won.</p>",
            _table([""] + [names[f] for f in s["versus"]], [
                [names[f]] + [f"{c['share']:.0%} of {c['games']}" if (c := row.get(o)) else "" for o in s["versus"]]
                for f, row in s["versus"].items()
            ]),
            "<h2>Game length</h2>",
            f"<p>Ended: {reasons}; {s['draws']:,} drawn. Rounds: mean {s['rounds']['mean']:.1f}, "
            f"median {s['rounds']['median']:g}, from {s['rounds']['min']} to {s['rounds']['max']}.</p>",
            _length_plot(plt, s["rounds"]["histogram"]),
            "<h2>Revenue</h2>",
            _revenue_plot(plt, s["revenue_by_round"], names),
        ]
        if s["cards_played"]:
            parts += ["<h2>Cards played</h2>", _cards_plot(plt, s["cards_played"], s["games"])]
    style = "body{font-family:sans-serif;max-width:60em;margin:2em auto}table{border-collapse:collapse;margin:1em 0}" \
            "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}td:first-child{text-align:left}"
    return f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{esc(title)}: simulation</title><style>{style}</style></head><body>{''.join(parts)}</body></html>\n"


def write_report(path: str | Path, summary: Mapping[str, Any], title: str) -> None:
    Path(path).write_text(render(summary, title), encoding="utf-8")
