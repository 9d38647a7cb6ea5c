"""The results file: an SQLite database with one row a game, written as each game comes in.

A run stopped by Ctrl-C or a crash keeps every game it finished; the same command with
``--resume`` plays only the games the file lacks. The file also holds the run's
settings, so a resume with other settings is refused rather than mixing two runs.
Plain SQLite, so the results are open to any tool::

    sqlite3 results.sqlite "select winner_faction, count(*) from games group by 1"
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .plan import RunSettings
from .result import GameResult

_SCHEMA = """
create table if not exists run (key text primary key, value text not null);
create table if not exists games (
    idx integer primary key,      -- the game's index in the run
    seed integer not null,        -- its dice seed (and its map's)
    seats integer not null,
    factions text not null,       -- JSON list, seat order
    agents text not null,         -- JSON list, seat order
    winner integer not null,      -- winning seat (0-based), -1 for a draw
    winner_faction text,
    winner_agent text,
    end_reason text not null,     -- 'victory' or 'turn limit'
    rounds integer not null,
    decisions integer not null,
    revenue text not null,        -- JSON list: each seat's last revenue
    units text not null,          -- JSON list: each seat's units on the map at the end
    cards text not null,          -- JSON list: cards each seat played
    revenue_by_round text not null,  -- JSON list per seat of each round's revenue
    cards_by_name text not null   -- JSON object: card name -> times played
);
"""

_COLUMNS = (
    "idx", "seed", "seats", "factions", "agents", "winner", "winner_faction", "winner_agent", "end_reason",
    "rounds", "decisions", "revenue", "units", "cards", "revenue_by_round", "cards_by_name",
)


class ResultsError(ValueError):
    """The results file cannot be used as asked; the message says why and what to do."""


class ResultsFile:
    """An open results file for one run's settings.

    Opening a file that already holds games needs ``resume=True`` and the same settings
    (the number of games may grow).
    """

    def __init__(self, path: str | Path, settings: RunSettings, resume: bool = False):
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(self.path)
            self.db.execute("select 1")
        except sqlite3.Error as exc:
            raise ResultsError(f"{self.path}: cannot be opened ({exc})") from None
        try:
            self.db.executescript(_SCHEMA)
            self.db.execute("pragma journal_mode=wal")
            self.db.execute("pragma synchronous=normal")
            stored = self.db.execute("select value from run where key = 'settings'").fetchone()
            count = self.db.execute("select count(*) from games").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise ResultsError(f"{self.path}: not a results file ({exc})") from None
        if stored is not None:
            if count and not resume:
                raise ResultsError(f"{self.path} already holds {count} games; add --resume to carry on, or choose another --out file")
            try:
                theirs = RunSettings.from_json(stored[0])
            except (ValueError, TypeError) as exc:
                raise ResultsError(f"{self.path}: its run settings cannot be read ({exc})") from None
            differs = settings.differences(theirs)
            if differs and count:
                raise ResultsError(f"{self.path} holds a run with other settings ({'; '.join(differs)}); use the same options, or another --out file")
        with self.db:
            self.db.execute("insert or replace into run values ('settings', ?)", (settings.to_json(),))

    def done(self) -> set[int]:
        """The indices of the games already in the file."""
        return {row[0] for row in self.db.execute("select idx from games")}

    def add(self, result: GameResult) -> None:
        """Keep one game (committed at once: a crash loses at most the game being written)."""
        r = result
        won = r.winner >= 0
        values = (
            r.index, r.seed, r.players, json.dumps(r.factions), json.dumps(r.agents), r.winner,
            r.factions[r.winner] if won else None, r.agents[r.winner] if won else None, r.reason,
            r.rounds, r.decisions, json.dumps(r.revenue), json.dumps(r.units), json.dumps(r.cards),
            json.dumps(r.revenue_by_round), json.dumps(r.cards_by_name),
        )
        with self.db:
            self.db.execute(f"insert or replace into games ({', '.join(_COLUMNS)}) values ({', '.join('?' * len(_COLUMNS))})", values)

    def results(self, below: int | None = None) -> list[GameResult]:
        """The games in the file in index order (only those under ``below`` if given)."""
        rows = self.db.execute(f"select {', '.join(_COLUMNS)} from games order by idx")
        out = []
        for row in rows:
            d = dict(zip(_COLUMNS, row))
            if below is not None and d["idx"] >= below:
                continue
            out.append(GameResult(
                d["idx"], d["seed"], json.loads(d["factions"]), json.loads(d["agents"]), d["winner"], d["end_reason"],
                d["rounds"], d["decisions"], json.loads(d["revenue"]), json.loads(d["units"]), json.loads(d["cards"]),
                json.loads(d["revenue_by_round"]), json.loads(d["cards_by_name"]),
            ))
        return out

    def close(self) -> None:
        self.db.close()
