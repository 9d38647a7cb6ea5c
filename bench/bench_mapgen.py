"""How long maps take to generate, against scipy's Voronoi alone on the same sites.

    python bench/bench_mapgen.py                 # 100, 1,000, 10,000 and 100,000 zones
    python bench/bench_mapgen.py --sizes 500 5000 --repeat 5
    python bench/bench_mapgen.py --no-baseline   # this tree only

Each size is also generated, in the same run, by an earlier commit of the generator
(``--baseline``, default e4aa3f3, unpacked as bench_engine.py does), from that commit's
own theme data, and the time it took is printed beside this tree's.

Each size runs in a fresh process, so the peak memory printed is that size's own
(it includes about 100 MB of numpy, scipy and the rest of Python). Times are CPU
time: other work on a shared machine only slows a run. Each of ``--repeat`` rounds
times scipy's Voronoi alone on the map's sites (the best of three, it is cheap) and then
one generation, back to back; the ratio printed is the middle round's, and the times the
quickest. The generator times everything a user waits for: placing and relaxing the
sites, cutting the cells, rolling types until every rule holds, placing the starts,
naming the zones and building the ZoneMap. "sampler" is placing the sites alone
(``points.random_sites``), against the same Voronoi; "map file" is writing the map's
text (``mapfile.dumps``).
A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench_engine import BASELINE, baseline_tree, import_dir

ROOT = Path(__file__).resolve().parents[1]


def measure(zones: int, repeat: int, data: Path) -> dict:
    import statistics

    import numpy as np
    from scipy.spatial import Voronoi

    from warp_empires.mapgen import dumps, generate_map
    from warp_empires.mapgen.layout import build_layout
    from warp_empires.mapgen.points import random_sites
    from warp_empires.mapgen.seeds import stage_numpy
    from warp_empires.mapgen.voronoi import voronoi_cells
    from warp_empires.model.loading import load_theme_data

    theme = load_theme_data(data)
    rounds = min(3, repeat) if zones >= 100_000 else repeat  # a 100,000-zone map takes seconds

    def timed(fn) -> float:
        start = time.process_time()
        fn()
        return time.process_time() - start

    def quickest(fn, runs: int = 3) -> float:  # for the cheap parts, cheap to repeat
        return min(timed(fn) for _ in range(runs))

    shape = build_layout("voronoi", zones, players=4, rng=stage_numpy(1, "layout"))
    sites = np.asarray(shape.sites)
    made, generate, voronoi, ratios = [], [], [], []
    # Each round times the Voronoi alone and then the generator, back to back, so a slow
    # spell of a shared machine slows both sides of that round's ratio.
    for _ in range(rounds):
        voronoi.append(quickest(lambda: Voronoi(sites)))
        made.clear()  # one map at a time, so the peak memory is one map's
        generate.append(timed(lambda: made.append(generate_map(theme.zone_types, theme.map_rules, zones=zones, players=4, seed=1))))
        ratios.append(generate[-1] / voronoi[-1])
    write = min(timed(lambda: dumps(made[0])) for _ in range(rounds))
    sampler = quickest(lambda: random_sites(zones, shape.width, shape.height, np.random.default_rng(1)))
    cells = quickest(lambda: voronoi_cells(sites, shape.width, shape.height))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    return {"zones": zones, "generate": min(generate), "voronoi": min(voronoi), "ratio": statistics.median(ratios),
            "sampler": sampler, "cells": cells, "write": write, "peak_mb": peak_mb}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=5, help="rounds per size (default 5)")
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    parser.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--data", default=str(ROOT / "modules" / "doctor_who" / "data"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.repeat, Path(args.data))))
        return

    def run(tree: Path | None, zones: int) -> dict:
        env = None
        if tree is not None:
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(import_dir(tree)), os.environ.get("PYTHONPATH", "")]))
        data = (tree or ROOT) / "modules" / "doctor_who" / "data"
        cmd = [sys.executable, __file__, "--one", str(zones), "--repeat", str(args.repeat), "--data", str(data)]
        out = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if out.returncode:
            raise SystemExit(f"the map benchmark failed on {tree or ROOT}:\n{out.stderr}")
        return json.loads(out.stdout)

    earlier = None if args.no_baseline else baseline_tree(args.baseline)
    before_head = "" if earlier is None else f" {'before':>9}"
    print(f"{'zones':>8} {'generate':>10}{before_head} {'Voronoi alone':>14} {'ratio':>7} {'sampler':>9} {'cells only':>11} {'map file':>9} {'peak memory':>12}")
    rows = {}
    for zones in args.sizes:
        r = rows[zones] = run(None, zones)
        before = "" if earlier is None else f" {run(earlier, zones)['generate']:>8.3f}s"
        print(
            f"{zones:>8,} {r['generate']:>9.3f}s{before} {r['voronoi']:>13.4f}s {r['ratio']:>6.1f}x "
            f"{r['sampler'] / r['voronoi']:>8.2f}x {r['cells']:>10.4f}s {r['write']:>8.3f}s {r['peak_mb']:>9.0f} MB",
            flush=True,
        )
    if earlier is not None:
        print(f"(before: generation by {args.baseline}, measured in the same run)")
    worst = max(rows.values(), key=lambda r: r["sampler"] / r["voronoi"])
    print(f"sampler: at most {worst['sampler'] / worst['voronoi']:.2f}x scipy's Voronoi alone, at {worst['zones']:,} zones (aim: at most 5x at every size)")
    if 10_000 in rows:
        print(f"10,000 zones: generation takes {rows[10_000]['ratio']:.1f}x scipy's Voronoi alone (aim: at most 5x)")
    if 10_000 in rows and 100_000 in rows:
        ratio = rows[100_000]["generate"] / rows[10_000]["generate"]
        print(f"100,000 zones take {ratio:.1f}x as long as 10,000 (aim: at most 15x)")


if __name__ == "__main__":
    main()
