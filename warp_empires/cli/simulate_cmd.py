"""``warp-empires simulate``: AI-only games, one line each, then a summary."""

from __future__ import annotations

import random
import time

import click
from rich.console import Console
from rich.table import Table

from .. import invariants, limits
from ..agents import RandomAgent
from ..engine import Seat
from .common import ANY_MAP_HELP, friendly, load_zone_map, module_paths, new_game, pick_factions, random_zone_map, rulebook


def play_out(game, seed: int, check: bool = False) -> None:
    """Play ``game`` to its end with one random agent per seat, seeded from ``seed``;
    with ``check``, the invariants are checked after every decision."""
    agents = [RandomAgent(seed * 7919 + i) for i in range(len(game.state.players))]
    while game.pending is not None:
        game.decide(agents[game.pending.player].choose(game))
        if check:
            invariants.check(game)


@click.command("simulate")
@click.argument("module")
@click.option("--games", default=10, show_default=True, type=click.IntRange(1), help="How many games to play.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(-limits.MAX_SEED, limits.MAX_SEED), help="Seed of the whole run: same seed, same output.")
@click.option("--turn-limit", default=50, show_default=True, type=click.IntRange(1, limits.MAX_ROUNDS), help="Rounds before the tiebreak decides.")
@click.option("--players", default=2, show_default=True, type=click.IntRange(1, limits.MAX_SEATS), help="Seats per game.")
@click.option("--zones", default=40, show_default=True, type=click.IntRange(4, limits.MAX_ZONES), help="Zones of each random map.")
@click.option("--map", "map_file", type=click.Path(dir_okay=False), help="Play every game on this map file instead.")
@click.option("--any-map", is_flag=True, help=ANY_MAP_HELP)
@click.option("--check", is_flag=True, help="Check the engine's invariants after every decision (slower).")
@click.pass_context
@friendly
def simulate_command(ctx, module, games, seed, turn_limit, players, zones, map_file, any_map, check) -> None:
    """Play GAMES games of MODULE between random agents and report the results."""
    paths = module_paths(ctx)
    pm, book = rulebook(module, paths)
    if players > len(book.factions) and not book.settings.factions_repeat:
        raise click.BadParameter(
            f"{players} players, but {book.info.title or module} has {len(book.factions)} factions and each is played once",
            param_hint="--players",
        )
    fixed_map = load_zone_map(map_file) if map_file else None
    rng = random.Random(seed)
    console = Console(highlight=False)
    per_faction: dict[str, list[int]] = {f: [0, 0] for f in book.factions}
    draws = total_turns = total_decisions = 0
    started = time.perf_counter()
    for number in range(1, games + 1):
        game_seed = rng.randrange(2**31)
        factions = pick_factions(book, players, rng)
        zone_map = fixed_map or random_zone_map(pm, zones, players, game_seed, fair=not any_map)
        seats = [Seat(f"AI {i + 1}", f, "ai:random") for i, f in enumerate(factions)]
        game = new_game(module, seats, zone_map, game_seed, turn_limit, paths)
        play_out(game, game_seed, check)
        rounds = (game.state.turn - 1) // players + 1
        total_turns += rounds
        total_decisions += game.decisions
        for f in factions:
            per_faction[f][0] += 1
        if game.winner is None or game.winner < 0:
            draws += 1
            result = "draw"
        else:
            winner = game.state.players[game.winner]
            per_faction[winner.faction.id][1] += 1
            result = f"winner {winner.faction.name} (seat {game.winner + 1})"
        console.print(f"game {number:>4}: {result:<36} rounds {rounds:>3}  decisions {game.decisions:>6}")
    elapsed = time.perf_counter() - started
    console.print(
        f"\n{games} games, {games - draws} won, {draws} drawn; "
        f"{total_turns / games:.1f} rounds and {total_decisions / games:.0f} decisions a game"
    )
    table = Table(title=f"{book.info.title or book.info.name}: results by faction", title_justify="left")
    for col in ("faction", "games", "wins", "win rate"):
        table.add_column(col, justify="left" if col == "faction" else "right")
    for fid, (played, won) in per_faction.items():
        if played:
            table.add_row(book.factions[fid].name, str(played), str(won), f"{won / played:.0%}")
    console.print(table)
    # Speed varies with the machine, so it goes to stderr: stdout stays identical run to run.
    click.echo(f"{total_decisions / elapsed:,.0f} decisions/s", err=True)
