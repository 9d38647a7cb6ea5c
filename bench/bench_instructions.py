"""Machine instructions a decision, for the same games on this tree and an earlier commit.

    python bench/bench_instructions.py                     # against commit e4aa3f3
    python bench/bench_instructions.py --baseline main~5

bench_engine.py times the games, and on a shared or virtual machine the processor's speed
drifts from one minute to the next. This counts what the games cost instead: each line's
random-agent games (the fixture theme on a 50-zone grid, Doctor Who on the bundled galaxy,
the same maps, seeds and fixture theme as bench_engine.py) run under valgrind's callgrind,
which counts only what runs inside the games: they are played from inside one call of
``functools.reduce`` and callgrind collects only within that C function
(``--toggle-collect``), so the start-up, the imports and a warm-up game are left out. The
count divided by the decisions played is the same in every run; counting start-up and all
and taking away a run without the games did not give that (Doctor Who's map loader imports
numpy, whose start-up alone varies by tens of millions of instructions from run to run). A
change that saves instructions usually saves time, though not always in the same proportion
(memory, not instructions, is what some code waits on). Needs valgrind on the PATH. A
benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_engine as engine  # noqa: E402  (the maps, games and earlier trees of the timed benchmark)

LINES = ("fixture_50", "doctor_who")


def play_line(line: str, games: int, turn_limit: int, fixture: str) -> int:
    """One warm-up game (it fills the caches a program running many games would have
    filled), then ``games`` games, all inside one ``functools.reduce`` call (what callgrind
    counts); the decisions of those."""
    if line == "doctor_who":
        from warp_empires.mapgen import mapfile

        module, zone_map, paths = "doctor_who", mapfile.load(engine.GALAXY), []
    else:
        module, paths = "basic", [fixture]
        zone_map = engine.grid_map(engine.rulebook(module, paths), 50, seed=50)
    factions = list(engine.rulebook(module, paths).factions)[:2]
    engine.play(module, zone_map, factions, 10_000, turn_limit, paths)
    return functools.reduce(lambda played, g: played + engine.play(module, zone_map, factions, g, turn_limit, paths).decisions, range(games), 0)


def per_decision(tree: Path, line: str, games: int, turn_limit: int) -> tuple[float, int]:
    """(instructions a decision, decisions) of ``games`` games of ``line`` on ``tree``, under callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=os.pathsep.join([str(engine.import_dir(tree)), os.environ.get("PYTHONPATH", "")]))
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=functools_reduce", sys.executable, __file__,
           "--child", line, "--games", str(games), "--turn-limit", str(turn_limit), "--fixture", str(tree / "tests" / "fixtures" / "basic")]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"the count failed on {tree}:\n{done.stderr[-2000:]}")
    decisions = json.loads(done.stdout.splitlines()[-1])
    if not int(found.group(1)):
        raise SystemExit("callgrind counted nothing inside functools_reduce: this Python's symbols are stripped")
    return int(found.group(1)) / decisions, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turn-limit", type=int, default=30)
    parser.add_argument("--baseline", default=engine.BASELINE, help=f"the commit to compare with (default {engine.BASELINE})")
    parser.add_argument("--child", choices=LINES, help=argparse.SUPPRESS)
    parser.add_argument("--fixture", default=str(engine.FIXTURE), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(play_line(args.child, args.games, args.turn_limit, args.fixture)))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed; it counts the instructions (apt-get install valgrind)")
    before_tree = engine.baseline_tree(args.baseline)
    print(f"{args.games} random-agent games per line, turn limit {args.turn_limit} rounds, python {sys.version.split()[0]}")
    print(f"{'':28}{'instructions/decision':>22} {'decisions':>10}  {'x fewer':>8}   (before: {args.baseline})")
    # A count does not depend on what else the machine runs: the four are made side by side.
    jobs = [(tree, line) for line in LINES for tree in (engine.ROOT, before_tree)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        counts = dict(zip(jobs, pool.map(lambda job: per_decision(*job, args.games, args.turn_limit), jobs)))
    for line, name in (("fixture_50", "fixture theme, 50 zones"), ("doctor_who", "Doctor Who, 40-zone galaxy")):
        now, played = counts[engine.ROOT, line]
        before, played_before = counts[before_tree, line]
        print(f"{name:28}{now:22,.0f} {played:10,}  {before / now:7.2f}x")
        print(f"{'  before':28}{before:22,.0f} {played_before:10,}")


if __name__ == "__main__":
    main()
