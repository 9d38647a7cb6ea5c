"""Engine speed: random-agent games on small and huge maps, and the cost of a copy.

Run: python bench/bench_engine.py [--games 20]

Prints games/s and decisions/s (CPU time of this process) for the test suite's small
fixture theme on a 50-zone and a 10,000-zone map, for Doctor Who Empires on a
generated 40-zone galaxy, and game.clone() against copy.deepcopy of the state.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
import timeit
from pathlib import Path

from warp_empires import Game, GameSetup, Seat, ZoneMap
from warp_empires.agents import RandomAgent
from warp_empires.plugins import make_manager
from warp_empires.rulebook import Rulebook

REPEATS = 3
FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures"


def grid_map(book: Rulebook, zones: int, seed: int) -> ZoneMap:
    """A square-ish grid of zones with types rolled from the theme's table and two far corners as starts."""
    rng = random.Random(seed)
    cols = max(2, int(zones**0.5))
    rolled = [t for t in book.zone_types.values() if t.rolls and t.passable] or list(book.zone_types.values())
    start_type = next((t for t in book.zone_types.values() if t.generates_revenue), rolled[0])
    rows_out = []
    for i in range(zones):
        t = start_type if i in (0, zones - 1) else rng.choice(rolled)
        rows_out.append((f"Zone {i}", t.id, t.revenue, f"Z{i}"))
    edges = [(i, i + 1) for i in range(zones - 1) if (i + 1) % cols] + [(i, i + cols) for i in range(zones - cols)]
    if "Earth" not in {r[0] for r in rows_out} and "nexus" in book.zone_types:
        rows_out[zones // 2] = ("Earth", "nexus", book.zone_types["nexus"].revenue, "EAR")
    return ZoneMap.build(rows_out, edges, starts=[0, zones - 1])


def play(module: str, zone_map: ZoneMap, factions: list[str], seed: int, turn_limit: int, paths) -> Game:
    game = Game(GameSetup(module, [Seat(f"P{i}", f) for i, f in enumerate(factions)], zone_map, seed, turn_limit), module_paths=paths)
    agents = [RandomAgent(seed * 31 + i) for i in range(len(factions))]
    while game.pending is not None:
        game.decide(agents[game.pending.player].choose(game))
    return game


def measure(module: str, zones: int, games: int, turn_limit: int, paths, zone_map: ZoneMap | None = None) -> tuple[float, float, float]:
    book = Rulebook.from_plugins(make_manager(module, module_paths=paths))
    factions = list(book.factions)[:2]
    zone_map = zone_map or grid_map(book, zones, seed=zones)
    best = float("inf")
    for _ in range(REPEATS):  # the best of a few runs: other work on the machine only slows a run
        decisions = 0
        started = time.process_time()
        for g in range(games):
            decisions += play(module, zone_map, factions, g, turn_limit, paths).decisions
        best = min(best, time.process_time() - started)
    return games / best, decisions / best, best / max(decisions, 1) * 1e6


def clone_cost(module: str, zones: int, paths) -> tuple[float, float]:
    book = Rulebook.from_plugins(make_manager(module, module_paths=paths))
    game = Game(GameSetup(module, [Seat("A", f) for f in list(book.factions)[:2]], grid_map(book, zones, 1), 1, 20), module_paths=paths)
    agent = RandomAgent(1)
    for _ in range(200):
        if game.pending is None:
            break
        game.decide(agent.choose(game))
    clone = min(timeit.repeat(game.clone, number=200, repeat=REPEATS, timer=time.process_time)) / 200
    deep = min(timeit.repeat(lambda: copy.deepcopy(game.state), number=20, repeat=REPEATS, timer=time.process_time)) / 20
    return clone * 1e6, deep * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turn-limit", type=int, default=30)
    args = parser.parse_args()
    print(f"{args.games} random-agent games per line, turn limit {args.turn_limit} rounds, python {sys.version.split()[0]}")
    fixture = ("basic", [str(FIXTURE / "basic")])
    per_decision = {}
    for zones in (50, 10_000):
        gps, dps, us = measure(*fixture[:1], zones, args.games, args.turn_limit, fixture[1])
        per_decision[zones] = us
        print(f"fixture theme, {zones:>6} zones: {gps:8.2f} games/s  {dps:10,.0f} decisions/s  {us:6.1f} us/decision")
    print(f"a decision on 10,000 zones costs {per_decision[10_000] / per_decision[50]:.2f}x one on 50 zones")
    from warp_empires.mapgen import generate_for_theme

    galaxy = generate_for_theme(make_manager("doctor_who"), zones=40, players=2, seed=1)
    gps, dps, us = measure("doctor_who", 40, args.games, args.turn_limit, [], galaxy)
    print(f"Doctor Who,        40 zones: {gps:8.2f} games/s  {dps:10,.0f} decisions/s  {us:6.1f} us/decision")
    for zones in (50, 10_000):
        clone, deep = clone_cost("basic", zones, fixture[1])
        print(f"clone at {zones:>6} zones: {clone:8.1f} us, deepcopy(state) {deep:9.1f} us, {deep / clone:5.1f}x faster")


if __name__ == "__main__":
    main()
