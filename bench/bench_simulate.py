"""Simulation throughput: one worker, two workers, and a local Dask cluster, in one run.

    python bench/bench_simulate.py                 # 1,000 Doctor Who games, as simulate plays them
    python bench/bench_simulate.py --games 300     # fewer, on a busy machine

Plays the same games (random agents, 2 seats, random 40-zone maps, turn limit 50, run
seed 1) three ways, checks the three give the same results, and prints wall time,
games/s, CPU time (with every worker's) and the cores that CPU time amounts to, the
speed-up of two workers over one, the extra wall time a game costs through the Dask
scheduler, and the time to start a local cluster. The three ways take
turns, one block of games each, so that on a shared machine a change in other people's
load falls on all three alike; the load average is printed with each block.
Then the cost of setting up a game from scratch against reusing what does not change.
A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import time


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _worker_cpu() -> float:
    t = os.times()
    return t.user + t.system


def timed(play, client):
    """(results, wall seconds, CPU seconds of this process, its pool workers and the cluster's workers)."""
    def cluster_cpu() -> float:
        return sum(client.run(_worker_cpu).values())

    cpu, wall, far = _cpu(), time.perf_counter(), cluster_cpu()
    results = list(play())
    wall = time.perf_counter() - wall
    return results, wall, _cpu() - cpu + cluster_cpu() - far


def setup_costs(settings) -> None:
    """A game set up from scratch (its own plugin manager and rulebook, a map read from
    its file) against the simulation's reuse of them."""
    from warp_empires.mapgen.mapfile import dumps, loads
    from warp_empires.plugins import make_manager
    from warp_empires.rulebook import Rulebook
    from warp_empires.simulation.play import table_for

    table = table_for(settings)
    text = dumps(table.zone_map(settings, 1))
    n = 200
    for label, work in (
        ("plugin manager", lambda: make_manager(settings.module)),
        ("rulebook", lambda: Rulebook.from_plugins(table.pm)),
        ("40-zone map from its file", lambda: loads(text)),
    ):
        started = time.perf_counter()
        for _ in range(n):
            work()
        print(f"| {label} | {(time.perf_counter() - started) / n * 1000:.2f} ms |")


def main() -> None:
    from dask.distributed import Client, LocalCluster

    from warp_empires.simulation import RunSettings
    from warp_empires.simulation.runners import run_dask, run_pool

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--blocks", type=int, default=5, help="the ways take turns, a block of games each, so a change of load hits all three alike")
    args = parser.parse_args()
    games, blocks = args.games, args.blocks
    settings = RunSettings("doctor_who", seed=1, zones=40, turn_limit=50)
    print(f"{games:,} random Doctor Who games in {blocks} blocks; {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start\n")
    started = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
    client = Client(cluster)
    client.wait_for_workers(2)
    startup = time.perf_counter() - started
    ways = {
        "--workers 1": lambda ix: run_pool(settings, ix, 1),
        "--workers 2": lambda ix: run_pool(settings, ix, 2),
        "--dask, local cluster of 2 worker processes": lambda ix: run_dask(settings, ix, cluster.scheduler_address, 2),
    }
    totals = {name: [[], 0.0, 0.0] for name in ways}
    ratios = []
    loads = []
    for b in range(blocks):
        indices = list(range(b * games // blocks, (b + 1) * games // blocks))
        loads.append(os.getloadavg()[0])
        walls = {}
        for name, play in ways.items():
            results, wall, cpu = timed(lambda play=play, indices=indices: play(indices), client)
            totals[name][0] += results
            totals[name][1] += wall
            totals[name][2] += cpu
            walls[name] = wall
        ratios.append(walls["--workers 1"] / walls["--workers 2"])
        print(f"block {b + 1}: " + ", ".join(f"{n.split(',')[0]} {w:.1f} s" for n, w in walls.items()) + f"; load {loads[-1]:.1f}", flush=True)
    client.close()
    cluster.close()
    print("\n| how | wall | games/s | CPU | CPU a game | cores used (CPU / wall) |\n|---|---:|---:|---:|---:|---:|")
    for name, (_, wall, cpu) in totals.items():
        print(f"| {name} | {wall:,.1f} s | {games / wall:,.1f} | {cpu:,.1f} s | {cpu / games * 1000:.1f} ms | {cpu / wall:.2f} |")
    same = [sorted(r, key=lambda g: g.index) for r, _, _ in totals.values()]
    t1, t2, td = (totals[n][1] for n in ways)
    print()
    print(f"two workers against one: {t1 / t2:.2f}x over the run; per block {min(ratios):.2f}x to {max(ratios):.2f}x")
    print(f"load average (1 min) at the blocks' starts: {', '.join(f'{x:.1f}' for x in loads)}")
    print(f"the same results all three ways: {'yes' if same[0] == same[1] == same[2] else 'NO'}")
    print(f"the cluster against --workers 2: {td / t2:.2f}x the wall time, {(td - t2) / games * 1000:+.1f} ms a game; "
          f"starting the local cluster took {startup:.1f} s more")
    print("\n| set up once per game from scratch | time |\n|---|---:|")
    setup_costs(settings)


if __name__ == "__main__":
    main()
