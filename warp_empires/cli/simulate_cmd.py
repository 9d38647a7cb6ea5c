"""``warp-empires simulate``: many games between computer players, on every core or a
Dask cluster, summed up with intervals and a verdict (docs/simulate.md)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .. import limits
from ..words import count
from .common import ANY_MAP_HELP, default_map_file, distinct_files, fit_map, map_warning, friendly, module_paths, read_map, rulebook

if TYPE_CHECKING:
    from ..simulation import RunSettings

# The simulation library is imported when the command runs, not when the program
# starts: every other command starts as fast without it.


def _settings(module, paths, seed, players, zones, zones_given, turn_limit, agents, map_file, sets, check, fair_maps=True) -> RunSettings:
    """The run's settings from the options, each checked with a one-line error."""
    from .. import agents as computer_players
    from ..rulebook import SetupError
    from ..simulation import RunSettings, VariantError
    from ..simulation import variants as variant_rules
    from ..simulation.play import table_for

    pm, book = rulebook(module, paths)
    for spec in agents:
        try:
            computer_players.make_agent(spec if spec.startswith("ai:") else f"ai:{spec}", 0)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--agent") from None
    if players is None:
        players = len(agents) if len(agents) > 1 else 2
    if not 1 <= players <= limits.MAX_SEATS:
        raise click.BadParameter(f"{players} is not allowed; use 1 to {limits.MAX_SEATS}", param_hint="--players")
    if len(agents) not in (1, players):
        raise click.BadParameter(f"{len(agents)} agents for {players} seats; give one --agent for every seat, or one for all", param_hint="--agent")
    if players > len(book.factions) and not book.settings.factions_repeat:
        raise click.BadParameter(
            f"{players} players, but {book.info.title or module} has {len(book.factions)} factions and each is played once",
            param_hint="--players",
        )
    variants = tuple(variant_rules.parse(text) for text in sets)
    variant_rules.check(variants, book.settings, book.unit_types.values(), book.card_types.values())
    map_text = None
    given = map_file
    if not map_file and not zones_given:
        map_file = default_map_file(pm, players)  # the theme's own map, unless --zones asks for random ones
    if map_file:
        zone_map = fit_map(book, read_map(map_file), players, map_file, paths)  # a broken or unfit map is refused here, not in every worker
        warning = map_warning(pm, module, zone_map, players, map_file, paths) if given else None  # the theme's own map is its author's
        if warning:
            click.echo(warning, err=True)
        map_text = Path(map_file).read_text(encoding="utf-8-sig")  # a byte order mark is no part of the map
    settings = RunSettings(module, seed, players, zones, turn_limit, tuple(agents), map_text, variants, paths, check, fair_maps)
    try:
        table_for(settings)  # the rules with the variants: a combination they refuse is said once, here
    except SetupError as exc:
        changes = ", ".join(f"--set {v}" for v in variants)
        raise VariantError(f"with {changes}: {exc}" if variants else str(exc)) from None
    return settings


def _dask_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--dask``: a scheduler's address or ``local``, said in one line before any game."""
    import re

    # tcp://HOST:PORT, HOST:PORT as Dask takes it too, and [IPv6]:PORT in either form.
    if value is None or value == "local" or re.fullmatch(r"(?:[a-z][a-z0-9+.-]*://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):\d{1,5}", value):
        return value
    raise click.BadParameter(f"{value!r} is no scheduler address; use tcp://HOST:PORT, or local to start a cluster here")


@click.command("simulate")
@click.argument("module")
@click.option("--games", default=10, show_default=True, type=click.IntRange(1, 10_000_000), help="How many games to play.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(-limits.MAX_SEED, limits.MAX_SEED), help="Seed of the whole run: same seed, same results.")
@click.option("--turn-limit", default=50, show_default=True, type=click.IntRange(1, limits.MAX_ROUNDS), help="Rounds before the tiebreak decides.")
@click.option("--players", type=click.IntRange(1, limits.MAX_SEATS), help="Seats per game  [default: one per --agent, or 2].")
@click.option("--agent", "agents", multiple=True, metavar="SPEC", help="The agent of a seat (random, greedy, mcts, or ai:mcts/think=0.5...); repeat once per seat, or once for all. Agents move one seat along every game.  [default: random]")
@click.option("--zones", default=40, show_default=True, type=click.IntRange(4, limits.MAX_ZONES), help="Zones of each random map.")
@click.option("--map", "map_file", type=click.Path(dir_okay=False), help="Play every game on this map file instead.")
@click.option("--any-map", is_flag=True, help=ANY_MAP_HELP)
@click.option("--set", "sets", multiple=True, metavar="PATH=VALUE", help="A rule variant for every game: settings.hand_limit=8, units.war_fleet.force=5. Repeatable.")
@click.option("--workers", type=click.IntRange(1, 1024), help="Processes to play on  [default: every core].")
@click.option("--dask", "dask", metavar="ADDRESS", callback=_dask_address, help="Play on a Dask cluster: tcp://HOST:PORT of its scheduler, or local to start one here.")
@click.option("--out", type=click.Path(dir_okay=False), help="Keep every game in this SQLite file as it finishes.")
@click.option("--resume", is_flag=True, help="Carry on the run kept in --out, playing only the games it lacks.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option("--report", type=click.Path(dir_okay=False), help="Write a self-contained HTML page with plots.")
@click.option("--check", is_flag=True, help="Check the engine's invariants after every decision (slower).")
@click.pass_context
@friendly
def simulate_command(ctx, module, games, seed, turn_limit, players, agents, zones, map_file, any_map, sets, workers, dask, out, resume, as_json, report, check) -> None:
    """Play GAMES games of MODULE between computer players and sum up who wins."""
    from rich.console import Console

    from ..simulation import ResultsError, ResultsFile, run, summarize
    from ..simulation.play import table_for
    from ..simulation.progress import Meter
    from ..simulation.runners import every_core
    from ..simulation.text import show

    distinct_files(**{"--map": map_file, "--out": out, "--report": report})
    if resume and not out:
        raise click.BadParameter("needs --out FILE, the results file to carry on", param_hint="--resume")
    if report and not Path(report).resolve().parent.is_dir():
        # Said now, not once every game has been played.
        raise click.BadParameter(f"{report}: there is no folder {Path(report).resolve().parent} to write it in", param_hint="--report")
    zones_given = ctx.get_parameter_source("zones") is not click.core.ParameterSource.DEFAULT
    settings = _settings(module, module_paths(ctx), seed, players, zones, zones_given, turn_limit, agents or ("random",), map_file, sets, check, not any_map)
    workers = workers or every_core()
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False)
    store = None
    try:
        if out:
            store = ResultsFile(out, settings, resume)
        done = len(store.done()) if store is not None else 0
        started = time.perf_counter()
        with Meter(games, min(done, games), errors) as meter:
            outcome = run(settings, games, workers=workers, dask=dask, store=store, on_result=lambda _: meter.advance())
        elapsed = time.perf_counter() - started
    except ResultsError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        if store is not None:
            store.close()
    book = table_for(settings).book
    title = book.info.title or book.info.name
    summary = summarize(outcome.results, settings, {f: faction.name for f, faction in book.factions.items()}, planned=games)
    if as_json:
        click.echo(json.dumps(summary, indent=1))
    else:
        show(summary, title, console)
    if report:
        from ..simulation.report import write_report

        write_report(report, summary, title)
        errors.print(f"report written to {report}")
    played = len(outcome.results) - done
    # Speed varies with the machine, so it goes to stderr: stdout stays identical run to run.
    if played > 0 and elapsed > 0:
        errors.print(f"{count(played, 'game')} in {elapsed:,.1f} s ({played / elapsed:,.1f} games/s)")
    if outcome.interrupted:
        kept = f"; they are kept in {out} (carry on with --resume)" if out else ""
        errors.print(f"stopped by Ctrl-C after {len(outcome.results):,} of {count(games, 'game')}{kept}", soft_wrap=True)
        ctx.exit(130)
