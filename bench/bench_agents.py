"""The strength ladder of the computer players: two-player games, seats alternated.

    python bench/bench_agents.py                       # every theme, every pairing
    python bench/bench_agents.py --games 10 --think 0.5 --theme doctor_who --pairs greedy-random
    python bench/bench_agents.py --pairs mcts-greedy --mcts ai:mcts/iterations=150 --mcts-games 8 --rounds 10
    python bench/bench_agents.py --pairs mcts-greedy --mcts-games 8 --both-seats   # 4 seeds, each from both seats

For each theme it plays greedy against random and mcts against greedy (each agent takes
the first seat in half the games), and greedy against greedy. It prints each pairing's
win rate with a 95% interval (Wilson; a draw counts half), the milliseconds a decision of
each agent (CPU time, which a busy machine does not inflate, and wall time, which is what
``--think`` budgets), and for greedy against greedy the share of games ended by the victory
condition rather than the turn limit and each faction's win rate. Factions and maps
change from game to game, from the seed; with ``--both-seats`` each seed is played twice,
the agents changing seats, so that a map or a pair of factions that favours one seat
counts for both agents alike.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict

from warp_empires import Game, GameSetup, Seat
from warp_empires.agents import make_agent
from warp_empires.mapgen import generate_for_theme
from warp_empires.plugins import make_manager
from warp_empires.rulebook import Rulebook
from warp_empires.simulation.summary import wilson  # a draw counts half, so wins may be x.5

THEMES = ("doctor_who", "warhammer_space", "classical_city_states")


def play(module: str, pm, specs: list[str], seed: int, zones: int, rounds: int, clock: dict) -> Game:
    rng = random.Random(seed)
    factions = rng.sample(sorted(Rulebook.from_plugins(pm).factions), 2)
    zone_map = generate_for_theme(pm, zones=zones, players=2, seed=seed)
    game = Game(GameSetup(module, [Seat("A", factions[0]), Seat("B", factions[1])], zone_map, seed, turn_limit=rounds), plugins=pm)
    agents = [make_agent(spec, seed * 31 + i) for i, spec in enumerate(specs)]
    while game.pending is not None:
        seat = game.pending.player
        started, cpu = time.perf_counter(), time.process_time()
        choice = agents[seat].choose(game)
        clock[specs[seat]].append((time.perf_counter() - started, time.process_time() - cpu))
        game.decide(choice)
    return game


def pairing(module: str, first: str, second: str, games: int, seed: int, zones: int, rounds: int, verbose: bool = False,
            both_seats: bool = False) -> None:
    pm = make_manager(module)
    score = 0.0
    ends: Counter = Counter()
    by_faction: dict[str, list[float]] = defaultdict(list)
    clock: dict[str, list[float]] = defaultdict(list)
    by_seed: dict[int, float] = defaultdict(float)  # the first agent's score on each seed
    both_seats = both_seats and first != second  # between two of one agent the two games would be one
    started = time.perf_counter()
    for g in range(games):
        specs = [first, second] if g % 2 == 0 else [second, first]
        game_seed = seed + (g // 2 if both_seats else g)
        game = play(module, pm, specs, game_seed, zones, rounds, clock)
        ends[game.events[-1].data.get("reason", "?")] += 1
        for p in game.state.players:
            result = 0.5 if game.winner == -1 else float(game.winner == p.seat)
            by_faction[p.faction.name].append(result)
        # Between two of one agent, the score is the first seat's.
        won = 0.5 if game.winner == -1 else float(game.winner == 0 if first == second else specs[game.winner] == first)
        score += won
        by_seed[game_seed] += won
        if verbose:
            print(f"{'':22} game {g + 1} (seed {game_seed}): {' / '.join(specs)} -> {won:g} ({game.events[-1].data.get('reason', '?')})", flush=True)
    low, high = wilson(score, games)
    times = "  ".join(
        f"{spec} {1000 * sum(c for _, c in t) / len(t):.1f} ms CPU a decision (max {1000 * max(c for _, c in t):.0f}; "
        f"wall {1000 * sum(w for w, _ in t) / len(t):.0f}, max {1000 * max(w for w, _ in t):.0f})"
        for spec, t in clock.items()
    )
    who = "the first seat" if first == second else first
    print(f"{module:22} {first} vs {second}: {who} wins {score / games:.0%} [{low:.0%}-{high:.0%}] of {games}; "
          f"victory {ends['victory']}/{games}; {time.perf_counter() - started:.0f} s", flush=True)
    print(f"{'':22} {times}", flush=True)
    if both_seats:
        # The same map and factions from both seats: what the seed decides cancels out.
        pairs = Counter(won for s, won in by_seed.items() if s < seed + games // 2)  # an odd last game has no pair
        drawn = sum(n for won, n in pairs.items() if won not in (0.0, 1.0, 2.0))
        print(f"{'':22} seeds played from both seats: {first} won both games of {pairs[2.0]}, one of {pairs[1.0]}, "
              f"none of {pairs[0.0]}" + (f", a game drawn in {drawn}" if drawn else ""), flush=True)
    if first == second:
        for faction, results in sorted(by_faction.items()):
            low, high = wilson(sum(results), len(results))
            print(f"{'':22} {faction:28} {sum(results) / len(results):.0%} [{low:.0%}-{high:.0%}] of {len(results)}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (greedy vs random, greedy vs greedy)")
    parser.add_argument("--mcts-games", type=int, default=6, help="games per theme of mcts vs greedy")
    parser.add_argument("--think", type=float, default=1.0, help="seconds mcts thinks a decision")
    parser.add_argument("--mcts", metavar="SPEC", help="the searching player to seat instead, e.g. ai:mcts/iterations=150 (the same games on any machine)")
    parser.add_argument("--theme", action="append", choices=THEMES, help="only this theme (repeatable)")
    parser.add_argument("--pairs", action="append", choices=("greedy-random", "greedy-greedy", "mcts-greedy"), help="only these pairings")
    parser.add_argument("--zones", type=int, default=24)
    parser.add_argument("--rounds", type=int, default=20, help="turn limit in rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="a line for every game as it ends")
    parser.add_argument("--both-seats", action="store_true",
                        help="play each seed twice, the two agents changing seats (games 1-2 on the first seed, 3-4 on the next...)")
    args = parser.parse_args(argv)
    pairs = args.pairs or ["greedy-random", "greedy-greedy", "mcts-greedy"]
    print(f"{args.zones}-zone maps, {args.rounds}-round limit, mcts {args.mcts or f'thinking {args.think} s'}; python {sys.version.split()[0]}", flush=True)
    for module in args.theme or THEMES:
        for pair in pairs:
            first, second = pair.split("-")
            games = args.mcts_games if first == "mcts" else args.games
            spec = (args.mcts or f"ai:mcts/think={args.think}") if first == "mcts" else f"ai:{first}"
            pairing(module, spec, f"ai:{second}", games, args.seed, args.zones, args.rounds, args.verbose, args.both_seats)


if __name__ == "__main__":
    main()
