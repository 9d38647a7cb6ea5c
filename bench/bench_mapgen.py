"""How long maps take to generate, against scipy's Voronoi alone on the same sites.

    python bench/bench_mapgen.py                 # 100, 1,000, 10,000 and 100,000 zones
    python bench/bench_mapgen.py --sizes 500 5000 --repeat 5

Each size runs in a fresh process, so the peak memory printed is that size's own
(it includes about 100 MB of numpy, scipy and the rest of Python). Times are CPU
time, the best of ``--repeat`` runs: other work on a shared machine only slows a run. The generator times everything a user waits for: placing and
relaxing the sites, cutting the cells, rolling types until every rule holds, naming
the zones and building the ZoneMap; "map file" is writing its text (``mapfile.dumps``).
A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def measure(zones: int, repeat: int) -> dict:
    import numpy as np
    from scipy.spatial import Voronoi

    from warp_empires.mapgen import dumps, generate_map
    from warp_empires.mapgen.layout import build_layout
    from warp_empires.mapgen.seeds import stage_numpy
    from warp_empires.mapgen.voronoi import voronoi_cells
    from warp_empires.model.loading import load_theme_data

    theme = load_theme_data(ROOT / "modules" / "doctor_who" / "data")
    runs = 1 if zones >= 100_000 else repeat

    def best(fn) -> float:
        times = []
        for _ in range(runs):
            start = time.process_time()
            fn()
            times.append(time.process_time() - start)
        return min(times)

    made = []
    generate = best(lambda: made.append(generate_map(theme.zone_types, theme.map_rules, zones=zones, players=4, seed=1)))
    write = best(lambda: dumps(made[-1]))
    shape = build_layout("voronoi", zones, players=4, rng=stage_numpy(1, "layout"))
    sites = np.asarray(shape.sites)
    voronoi = best(lambda: Voronoi(sites))
    cells = best(lambda: voronoi_cells(sites, shape.width, shape.height))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    return {"zones": zones, "generate": generate, "voronoi": voronoi, "cells": cells, "write": write, "peak_mb": peak_mb}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 10_000, 100_000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.repeat)))
        return

    print(f"{'zones':>8} {'generate':>10} {'Voronoi alone':>14} {'ratio':>7} {'cells only':>11} {'map file':>9} {'peak memory':>12}")
    rows = {}
    for zones in args.sizes:
        out = subprocess.run(
            [sys.executable, __file__, "--one", str(zones), "--repeat", str(args.repeat)],
            capture_output=True, text=True, check=True,
        ).stdout
        r = rows[zones] = json.loads(out)
        print(
            f"{zones:>8,} {r['generate']:>9.3f}s {r['voronoi']:>13.4f}s {r['generate'] / r['voronoi']:>6.1f}x "
            f"{r['cells']:>10.4f}s {r['write']:>8.3f}s {r['peak_mb']:>9.0f} MB",
            flush=True,
        )
    worst = max(rows.values(), key=lambda r: r["generate"] / r["voronoi"])
    print(f"largest ratio: {worst['generate'] / worst['voronoi']:.1f}x scipy's Voronoi alone, at {worst['zones']:,} zones")
    if 10_000 in rows:
        r = rows[10_000]
        print(f"10,000 zones: generation takes {r['generate'] / r['voronoi']:.1f}x scipy's Voronoi alone (aim: at most 5x)")
    if 10_000 in rows and 100_000 in rows:
        ratio = rows[100_000]["generate"] / rows[10_000]["generate"]
        print(f"100,000 zones take {ratio:.1f}x as long as 10,000 (aim: at most 15x)")


if __name__ == "__main__":
    main()
