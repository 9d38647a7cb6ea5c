"""Where a run's games are played: here, on a pool of processes, or on a Dask cluster.

Each runner takes the run's settings and the indices still to play and yields results
as games finish, in whatever order they finish. Games are handed out in batches of
whole deals (a deal's games share a map), so a worker builds each random map once.
Stopping the iteration early (Ctrl-C) stops the workers too.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator, Sequence

from .plan import RunSettings
from .play import play_batch, table_for
from .result import GameResult


#: How long to keep trying to reach a Dask scheduler before giving up.
CONNECT_TIMEOUT = "20s"


def every_core() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def batches(settings: RunSettings, indices: Sequence[int], workers: int) -> list[list[int]]:
    """``indices`` cut into batches of whole deals: small enough that every worker gets
    several (and the progress moves), large enough that handing one out costs little."""
    deals: dict[int, list[int]] = {}
    for i in sorted(indices):
        deals.setdefault(i // settings.deal_size, []).append(i)
    per_batch = max(1, min(20, len(indices) // (max(1, workers) * 8)))
    out: list[list[int]] = []
    current: list[int] = []
    for deal in deals.values():
        current.extend(deal)
        if len(current) >= per_batch:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def run_here(settings: RunSettings, indices: Sequence[int]) -> Iterator[GameResult]:
    """In this process, in index order."""
    for batch in batches(settings, indices, 1):
        yield from play_batch(settings, batch)


def _quiet_worker() -> None:
    # Ctrl-C reaches every process of the terminal's group: the main process handles
    # it (keeps the results, prints the summary) and ends the workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play(args: tuple[RunSettings, list[int]]) -> list[GameResult]:
    return play_batch(*args)


def run_pool(settings: RunSettings, indices: Sequence[int], workers: int) -> Iterator[GameResult]:
    """On ``workers`` processes of this machine (one: in this process)."""
    if workers <= 1:
        yield from run_here(settings, indices)
        return
    import multiprocessing

    table_for(settings)  # a forked worker starts with the theme loaded
    pool = multiprocessing.Pool(workers, initializer=_quiet_worker)
    try:
        for results in pool.imap_unordered(_play, [(settings, b) for b in batches(settings, indices, workers)]):
            yield from results
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def run_dask(settings: RunSettings, indices: Sequence[int], address: str, workers: int, processes: bool = True) -> Iterator[GameResult]:
    """On a Dask cluster: ``address`` is a scheduler's (``tcp://HOST:PORT``), or ``local``
    to start a cluster of ``workers`` single-threaded workers on this machine
    (``processes=False``: threads of this process, for quick checks)."""
    import logging

    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    if address == "local":
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=processes, dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = Client(cluster)
    else:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    futures = []
    try:
        futures = [client.submit(play_batch, settings, b, pure=False) for b in batches(settings, indices, workers_of(client))]
        for future in as_completed(futures):
            yield from future.result()
    finally:
        client.cancel(futures)
        client.close()
        if cluster is not None:
            cluster.close()


def workers_of(client) -> int:
    """How many worker threads a Dask cluster has right now (at least one)."""
    info = client.scheduler_info()
    return max(1, sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()))
