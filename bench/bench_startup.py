"""How long the command line takes to start, side by side with an earlier version.

    python bench/bench_startup.py                    # against commit e4aa3f3
    python bench/bench_startup.py --no-baseline

Prints the wall-clock time (best of ``--repeat`` runs) of ``warp-empires --help``,
``warp-empires modules`` and ``warp-empires rules doctor_who``, each run as
``python -m warp_empires`` in a fresh process. The earlier version is unpacked as the
engine benchmark does it (see bench_engine.py).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from bench_engine import BASELINE, ROOT, baseline_tree, import_dir

COMMANDS = (["--help"], ["modules"], ["rules", "doctor_who"])


def best_time(tree, args: list[str], repeat: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(import_dir(tree)))
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        # run from a neutral folder: ``-m`` would import the package in the current folder first
        subprocess.run([sys.executable, "-m", "warp_empires", *args], env=env, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, check=True)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    old = None if args.no_baseline else baseline_tree(args.baseline)
    for command in COMMANDS:
        now = best_time(ROOT, command, args.repeat)
        line = f"warp-empires {' '.join(command):20} {now:6.3f} s"
        if old is not None:
            before = best_time(old, command, args.repeat)
            line += f"   before {before:6.3f} s ({before / now:4.1f}x faster now)"
        print(line)


if __name__ == "__main__":
    main()
