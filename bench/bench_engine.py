"""Engine speed, side by side with an earlier version of the engine, in one run.

    python bench/bench_engine.py                      # against commit e4aa3f3
    python bench/bench_engine.py --baseline main~5    # against any commit
    python bench/bench_engine.py --no-baseline        # this tree only

Prints games/s and decisions/s (CPU time, the best of several runs) of random-agent games:
the test suite's small fixture theme on a 50-zone and a 10,000-zone grid, and Doctor
Who Empires on the bundled 40-zone galaxy (maps/doctor_who_galaxy.json); then the cost
of ``game.clone()`` against ``copy.deepcopy`` of the state.

The earlier version is taken with ``git archive`` into a cache folder
(``$TMPDIR/warp-empires-bench/<commit>``) and both versions are measured in fresh
processes by this same script, on the same maps, fixture theme and seeds, so the
ratio compares engines and nothing else. Each line runs three times in a process
of its own (what one line leaves in memory slows the next: after the 10,000-zone games,
Doctor Who's ran at three quarters of its speed in a fresh process, the garbage
collector having more to scan). The two versions take turns line by line (``--rounds`` times, the
earlier one first in odd rounds) and each keeps its best run of every line: on a shared
or virtual machine the speed of the processor drifts by a third from one minute to the
next, and a version measured only before or only after the other would carry that drift
into the ratio. A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "basic"
GALAXY = ROOT / "maps" / "doctor_who_galaxy.json"
BASELINE = "e4aa3f3"
ROUNDS = 4
REPEATS = 3


# ---------------------------------------------------------------------- measuring (in a child process)


def grid_map(book, zones: int, seed: int):
    """A square-ish grid of zones with types rolled from the theme's table and two far corners as starts."""
    from warp_empires import ZoneMap

    rng = random.Random(seed)
    cols = max(2, int(zones**0.5))
    rolled = [t for t in book.zone_types.values() if t.rolls and t.passable] or list(book.zone_types.values())
    start_type = next((t for t in book.zone_types.values() if t.generates_revenue), rolled[0])
    rows_out = []
    for i in range(zones):
        t = start_type if i in (0, zones - 1) else rng.choice(rolled)
        rows_out.append((f"Zone {i}", t.id, t.revenue, f"Z{i}"))
    edges = [(i, i + 1) for i in range(zones - 1) if (i + 1) % cols] + [(i, i + cols) for i in range(zones - cols)]
    return ZoneMap.build(rows_out, edges, starts=[0, zones - 1])


def play(module: str, zone_map, factions: list[str], seed: int, turn_limit: int, paths):
    from warp_empires import Game, GameSetup, Seat
    from warp_empires.agents import RandomAgent

    game = Game(GameSetup(module, [Seat(f"P{i}", f) for i, f in enumerate(factions)], zone_map, seed, turn_limit), module_paths=paths)
    agents = [RandomAgent(seed * 31 + i) for i in range(len(factions))]
    while game.pending is not None:
        game.decide(agents[game.pending.player].choose(game))
    return game


def rulebook(module: str, paths):
    from warp_empires.plugins import make_manager
    from warp_empires.rulebook import Rulebook

    return Rulebook.from_plugins(make_manager(module, module_paths=paths))


def measure(module: str, zone_map, games: int, turn_limit: int, paths) -> dict:
    factions = list(rulebook(module, paths).factions)[:2]
    spent = float("inf")
    for _ in range(REPEATS):  # the first run also fills the caches a long-running program would have filled
        decisions = 0
        started = time.process_time()
        for g in range(games):
            decisions += play(module, zone_map, factions, g, turn_limit, paths).decisions
        spent = min(spent, time.process_time() - started)
    return {"games_s": games / spent, "decisions_s": decisions / spent, "us": spent / max(decisions, 1) * 1e6}


def clone_cost(zone_map, paths) -> dict:
    from warp_empires import Game, GameSetup, Seat
    from warp_empires.agents import RandomAgent

    factions = list(rulebook("basic", paths).factions)[:2]
    game = Game(GameSetup("basic", [Seat(f"P{i}", f) for i, f in enumerate(factions)], zone_map, 1, 20), module_paths=paths)
    agent = RandomAgent(1)
    for _ in range(200):
        if game.pending is None:
            break
        game.decide(agent.choose(game))
    clone = min(timeit.repeat(game.clone, number=500, repeat=REPEATS, timer=time.process_time)) / 500
    deep = min(timeit.repeat(lambda: copy.deepcopy(game.state), number=20, repeat=REPEATS, timer=time.process_time)) / 20
    return {"clone_us": clone * 1e6, "deepcopy_us": deep * 1e6}


#: What one child process measures (each line in a process of its own).
LINES = ("fixture_50", "fixture_10000", "clone_50", "clone_10000", "doctor_who")


def child(line: str, games: int, turn_limit: int, fixture: str) -> dict:
    if line == "doctor_who":
        from warp_empires.mapgen import mapfile

        return measure("doctor_who", mapfile.load(GALAXY), games, turn_limit, [])
    paths = [fixture]  # the fixture theme as the version measured has it (its imports change with the engine)
    kind, zones = line.split("_")
    if kind == "clone":
        return clone_cost(grid_map(rulebook("basic", paths), int(zones), seed=1), paths)
    return measure("basic", grid_map(rulebook("basic", paths), int(zones), seed=int(zones)), games, turn_limit, paths)


# ---------------------------------------------------------------------- running both versions


def import_dir(tree: Path) -> Path:
    """A folder where ``warp_empires`` and ``warp_modules`` import from ``tree``."""
    links = Path(tempfile.gettempdir()) / "warp-empires-bench" / "links" / hashlib.sha1(str(tree).encode()).hexdigest()[:12]
    links.mkdir(parents=True, exist_ok=True)
    for name, target in (("warp_empires", tree / "warp_empires"), ("warp_modules", tree / "modules")):
        link = links / name
        if not link.is_symlink():
            link.symlink_to(target, target_is_directory=True)
    return links


def baseline_tree(commit: str) -> Path:
    """The engine as it was at ``commit``, unpacked once into a cache folder."""
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{commit}^{{commit}}"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    tree = Path(tempfile.gettempdir()) / "warp-empires-bench" / sha
    if not (tree / "warp_empires").is_dir():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "archive", sha, "warp_empires", "modules", "tests/fixtures/basic"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def run_child(tree: Path, line: str, args) -> dict:
    """One line measured on ``tree``, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(import_dir(tree)), os.environ.get("PYTHONPATH", "")]))
    cmd = [sys.executable, __file__, "--child", line, "--games", str(args.games), "--turn-limit", str(args.turn_limit),
           "--fixture", str(tree / "tests" / "fixtures" / "basic")]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the benchmark failed on {tree}:\n{done.stderr}")
    return json.loads(done.stdout)


def best_of(results: list[dict]) -> dict:
    """Each line's quickest run (other work on the machine only ever slows a run)."""
    out = {}
    for key in results[0]:
        if key.startswith("clone"):
            out[key] = {k: min(r[key][k] for r in results) for k in results[0][key]}
        else:
            out[key] = max((r[key] for r in results), key=lambda line: line["decisions_s"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turn-limit", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"runs of each version, taking turns (default {ROUNDS})")
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    parser.add_argument("--no-baseline", action="store_true", help="measure this tree only")
    parser.add_argument("--child", choices=LINES, help=argparse.SUPPRESS)
    parser.add_argument("--fixture", default=str(FIXTURE), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.games, args.turn_limit, args.fixture)))
        return

    print(f"{args.games} random-agent games per line, turn limit {args.turn_limit} rounds, python {sys.version.split()[0]}")
    trees = {"now": ROOT} if args.no_baseline else {"before": baseline_tree(args.baseline), "now": ROOT}
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    for r in range(args.rounds):
        results: dict[str, dict] = {name: {} for name in trees}
        for line in LINES:  # a line's two versions one after the other, seconds apart rather than a minute
            for name in (trees if r % 2 == 0 else reversed(list(trees))):
                results[name][line] = run_child(trees[name], line, args)
        for name in trees:
            runs[name].append(results[name])
    now = best_of(runs["now"])
    before = best_of(runs["before"]) if "before" in runs else None
    print(f"each version's best of {args.rounds} runs, the versions taking turns")
    label = "" if before is None else f"   (before: {args.baseline})"
    print(f"{'':28}{'games/s':>9} {'decisions/s':>12} {'us/decision':>12}  {'x before':>8}{label}")
    for key, name in (("fixture_50", "fixture theme, 50 zones"), ("fixture_10000", "fixture theme, 10,000 zones"), ("doctor_who", "Doctor Who, 40-zone galaxy")):
        r = now[key]
        ratio = "" if before is None else f"{r['decisions_s'] / before[key]['decisions_s']:7.2f}x"
        print(f"{name:28}{r['games_s']:9.2f} {r['decisions_s']:12,.0f} {r['us']:12.1f}  {ratio:>8}")
        if before is not None:
            b = before[key]
            print(f"{'  before':28}{b['games_s']:9.2f} {b['decisions_s']:12,.0f} {b['us']:12.1f}")
    for zones in (50, 10_000):
        r = now[f"clone_{zones}"]
        line = f"clone at {zones:>6,} zones: {r['clone_us']:7.1f} us, deepcopy(state) {r['deepcopy_us']:8.1f} us"
        if before is not None:
            b = before[f"clone_{zones}"]
            line += f"; before {b['clone_us']:.1f} us ({b['clone_us'] / r['clone_us']:.2f}x faster now)"
        print(line)


if __name__ == "__main__":
    main()
