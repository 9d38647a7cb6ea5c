"""Running a whole simulation: pick where games are played, keep each result as it comes,
and stop cleanly on Ctrl-C with everything finished so far kept."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from .plan import RunSettings
from .result import GameResult
from .runners import run_dask, run_pool
from .store import ResultsFile


@attrs.frozen
class Outcome:
    """The games of a run in index order, and whether Ctrl-C stopped it early."""

    results: list[GameResult]
    interrupted: bool


def run(
    settings: RunSettings, games: int, *, workers: int = 1, dask: str | None = None, store: ResultsFile | None = None,
    on_result: Callable[[GameResult], None] | None = None, dask_processes: bool = True,
) -> Outcome:
    """Play games ``0 .. games-1`` of the run (those not already in ``store``).

    ``workers`` processes of this machine, or a Dask cluster (``dask``: a scheduler
    address or ``local``). ``on_result`` is called for each game as it finishes.
    The results are the same whichever way they were played.
    """
    done = store.done() if store is not None else set()
    todo = [i for i in range(games) if i not in done]
    results: list[GameResult] = []
    stream: Iterator[GameResult]
    if dask:
        stream = run_dask(settings, todo, dask, workers, processes=dask_processes)
    else:
        stream = run_pool(settings, todo, workers)
    interrupted = False
    try:
        for result in stream:
            if store is not None:
                store.add(result)
            results.append(result)
            if on_result is not None:
                on_result(result)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()  # ends the workers of a pool or cluster
    if store is not None:
        results = store.results(below=games)
    return Outcome(sorted(results, key=lambda r: r.index), interrupted)
