"""How far a run has come: a rich progress bar on a terminal, a plain line now and then
when the output goes to a file or a pipe (so logs stay readable)."""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
from rich.text import Text


class _GamesPerSecond(ProgressColumn):
    def render(self, task: Any) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s")


class Meter:
    """Counts finished games out of ``total`` (``done`` of them already in the results file)."""

    def __init__(self, total: int, done: int = 0, console: Console | None = None, every: float = 5.0):
        self.total, self.done, self.start_done = total, done, done
        self.console = console or Console(stderr=True)
        self.every = every
        self.started = self.last_said = time.perf_counter()
        self.bar: Progress | None = None

    def __enter__(self) -> Meter:
        if self.console.is_terminal:
            self.bar = Progress(
                TextColumn("games"), BarColumn(), MofNCompleteColumn(), _GamesPerSecond(), TimeRemainingColumn(),
                console=self.console, transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task("games", total=self.total, completed=self.done)
        return self

    def advance(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.advance(self.task)
            return
        now = time.perf_counter()
        if now - self.last_said >= self.every or self.done == self.total:
            self.last_said = now
            self.console.print(self.line(now), highlight=False, soft_wrap=True)

    def line(self, now: float | None = None) -> str:
        elapsed = (now or time.perf_counter()) - self.started
        played = self.done - self.start_done
        rate = played / elapsed if elapsed > 0 else 0.0
        # The first games say little about the rest (workers warm up, batches land together).
        settled = played >= max(1, (self.total - self.start_done) // 20)
        left = f", about {(self.total - self.done) / rate:,.0f} s left" if rate and settled and self.done < self.total else ""
        return f"{self.done:,}/{self.total:,} games, {rate:,.1f} games/s{left}"

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.stop()
