"""The answer of a run: win rates with 95% intervals, head-to-head results, game
lengths, why games ended, and a verdict in plain words.

Win rates carry Wilson score intervals: unlike "rate plus or minus two standard
errors" they stay within 0-100% and behave for small counts and rates near 0 or 1.
A faction is called too strong (or too weak) when its whole interval lies above (or
below) the fair share of a game of that many seats.

>>> [round(x, 3) for x in wilson(84, 100)]
[0.756, 0.899]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from ..words import count
from .plan import RunSettings
from .result import GameResult

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``(0, 1)`` with no games).

    >>> [round(x, 3) for x in wilson(0, 10)]
    [0.0, 0.278]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # With no wins (or no losses) the bound is 0 (or 1) exactly; computed, it comes out a
    # rounding error off (5.6e-17 for 0 wins in 3 games), and --json would print that.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def _rate(games: int, wins: int, draws: int = 0, players: int = 2) -> dict[str, Any]:
    """A tally as plain values. A drawn game counts as the fair share of a win (half of one
    between two players): counted as a loss, a run of draws called every faction too weak."""
    score = wins + draws / players
    low, high = wilson(score, games)
    return {"games": games, "wins": wins, "draws": draws, "win_rate": score / games if games else 0.0, "interval": [low, high]}


def verdict_line(name: str, tally: Mapping[str, Any], fair: float) -> str:
    """One faction's (or seat's, or agent's) result in words, against the fair share.

    >>> verdict_line("Earth Empire", {"games": 1000, "wins": 840, "win_rate": 0.84, "interval": [0.816, 0.861]}, 0.5)
    'Earth Empire won 84% (82-86%): too strong at the 95% level'
    """
    low, high = tally["interval"]
    said = f"{name} won {tally['win_rate']:.0%} ({low * 100:.0f}-{high * 100:.0f}%)"
    if tally.get("draws"):
        said += f", {count(tally['draws'], 'draw')} counted as the fair share of a win"
    if low > fair:
        return f"{said}: too strong at the 95% level"
    if high < fair:
        return f"{said}: too weak at the 95% level"
    return f"{said}: within chance of the fair {fair:.0%}"


def summarize(results: Sequence[GameResult], settings: RunSettings, faction_names: Mapping[str, str], planned: int | None = None) -> dict[str, Any]:
    """The summary of ``results`` as plain values (what ``--json`` prints).

    ``planned`` is the number of games the run was asked for (more than were played
    when it was stopped early).
    """
    results = sorted(results, key=lambda r: r.index)
    players = settings.players
    fair = 1 / players
    factions: dict[str, list[int]] = {f: [0, 0, 0] for f in faction_names}  # games, wins, draws
    seats = [[0, 0, 0] for _ in range(players)]
    agents: dict[str, list[int]] = {}
    vs: dict[str, dict[str, list[int]]] = {}
    reasons: dict[str, int] = {}
    cards: dict[str, int] = {}
    revenue: dict[str, list[list[int]]] = {}  # faction -> per round [total, games]
    draws = 0
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
        if r.winner < 0:
            draws += 1
        drawn = int(r.winner < 0)
        for seat, (faction, agent) in enumerate(zip(r.factions, r.agents)):
            won = int(seat == r.winner)
            for tally in (factions.setdefault(faction, [0, 0, 0]), seats[seat], agents.setdefault(agent, [0, 0, 0])):
                tally[0] += 1
                tally[1] += won
                tally[2] += drawn
            row = vs.setdefault(faction, {})
            for other_seat, other in enumerate(r.factions):
                if other_seat != seat:
                    cell = row.setdefault(other, [0, 0, 0])
                    cell[0] += 1
                    cell[1] += won
                    cell[2] += drawn
            per_round = revenue.setdefault(faction, [])
            for rnd, amount in enumerate(r.revenue_by_round[seat]):
                if rnd == len(per_round):
                    per_round.append([0, 0])
                per_round[rnd][0] += amount
                per_round[rnd][1] += 1
        for name, n in r.cards_by_name.items():
            cards[name] = cards.get(name, 0) + n
    rounds = [r.rounds for r in results]
    histogram: dict[int, int] = {}
    for n in rounds:
        histogram[n] = histogram.get(n, 0) + 1
    faction_rates = {f: {"name": faction_names.get(f, f), **_rate(*tally, players)} for f, tally in factions.items()}
    for tally in faction_rates.values():
        tally["verdict"] = verdict_line(tally["name"], tally, fair) if tally["games"] else "not played"
    played = [t for t in faction_rates.values() if t["games"]]
    return {
        "module": settings.module,
        "games": len(results),
        "planned": planned if planned is not None else len(results),
        "seed": settings.seed,
        "players": players,
        "turn_limit": settings.turn_limit,
        "map": "one map file" if settings.map_text else f"random {settings.zones}-zone maps",
        "variants": [str(v) for v in settings.variants],
        "fair_share": fair,
        "agents": {a: _rate(*tally, players) for a, tally in agents.items()},
        "factions": faction_rates,
        "seats": [{"seat": i + 1, **_rate(*tally, players)} for i, tally in enumerate(seats)],
        # The row's share of their games together, a draw counting as the fair share of a win.
        "versus": {f: {o: {"games": g, "wins": w, "draws": d, "share": (w + d / players) / g} for o, (g, w, d) in sorted(row.items())}
                   for f, row in sorted(vs.items())},
        # Both reasons always named: a script reading end_reasons["victory"] must not fail
        # on a run where every game went to the turn limit.
        "end_reasons": dict(sorted({"victory": 0, "turn limit": 0, **reasons}.items())),
        "draws": draws,
        "rounds": {
            "mean": statistics.fmean(rounds) if rounds else 0.0,
            "min": min(rounds, default=0),
            "median": statistics.median(rounds) if rounds else 0,
            "max": max(rounds, default=0),
            "histogram": {str(k): v for k, v in sorted(histogram.items())},
        },
        "decisions_per_game": statistics.fmean(r.decisions for r in results) if results else 0.0,
        "cards_played": dict(sorted(cards.items(), key=lambda kv: (-kv[1], kv[0]))),
        "revenue_by_round": {f: [t / n for t, n in per_round] for f, per_round in sorted(revenue.items())},
        "verdict": [t["verdict"] for t in sorted(played, key=lambda t: -t["win_rate"])],
    }
