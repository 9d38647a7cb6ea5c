"""``warp-empires module new`` starts a new theme from a working example; ``module check``
lists everything wrong with one and then plays it."""

from __future__ import annotations

import click

from .. import limits
from ..scaffold import create, package_name
from ..words import count
from .common import friendly, module_paths, rulebook
from .groups import Group


@click.group("module", cls=Group)
def module_group() -> None:
    """Make and check theme modules."""


@module_group.command("new")
@click.argument("name")
@click.option("--dir", "folder", default=".", show_default=True, type=click.Path(file_okay=False), help="Where to make the project folder.")
@click.pass_context
@friendly
def new_command(ctx: click.Context, name: str, folder: str) -> None:
    """Make a new theme called NAME: data files with comments, a rule in code, RULES.md,
    a passing test and a pyproject.toml, in the folder DIR/NAME."""
    from ..themecheck import theme_names

    # DIR too: `--module-path DIR` finds every theme made there.
    root = create(name, folder, theme_names((*module_paths(ctx), folder)))
    pkg = package_name(name)
    click.echo(f"Made the theme {name!r} in {root}:")
    click.echo(f"  {pkg}/data/*.toml   zones, units, factions, cards and settings, with comments")
    click.echo(f"  {pkg}/__init__.py   a rule in code (walls for a defender in a Fort)")
    click.echo(f"  {pkg}/RULES.md      the rules as players read them")
    click.echo(f"  tests/test_{pkg}.py, pyproject.toml, README.md")
    click.echo("Try it:")
    click.echo(f"  warp-empires --module-path {root} play {name}")
    click.echo(f"  cd {root} && pip install -e '.[test]' && python -m pytest")


@module_group.command("check")
@click.argument("name")
@click.option("--games", default=20, show_default=True, type=click.IntRange(1, 10_000), help="Seeded games to play.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0, limits.MAX_SEED), help="Seed of the whole run.")
@click.option("--players", default=2, show_default=True, type=click.IntRange(1, limits.MAX_SEATS), help="Seats per game.")
@click.option("--turn-limit", default=20, show_default=True, type=click.IntRange(1, limits.MAX_ROUNDS), help="Rounds a game may last.")
@click.option("--strict", is_flag=True, help="Also fail when a card was never playable, a unit never bought (of those that cost something) or a zone type never on a map.")
@click.pass_context
@friendly
def check_command(ctx: click.Context, name: str, games: int, seed: int, players: int, turn_limit: int, strict: bool) -> None:
    """Check the theme NAME: list every problem in its files and hooks (unknown keys, names
    that point at nothing, hooks misnamed or unmarked, numbers out of bounds), then play seeded games between random players with the engine's invariants
    checked after every decision and copies of the games played on (they must leave the games as they were), and report what never happened. Exit code 1 on a problem."""
    from .. import conformance, themecheck

    paths = module_paths(ctx)
    found = themecheck.problems(name, paths)
    if found:
        click.echo(f"{name}: {len(found)} problem(s) found before any game was played:")
        for problem in found:
            click.echo(f"problem: {problem}", color=False)
        ctx.exit(1)
    _, book = rulebook(name, paths)
    if players > len(book.factions) and not book.settings.factions_repeat:
        raise click.BadParameter(f"{players} players, but {name} has {len(book.factions)} factions and each is played once", param_hint="--players")
    click.echo(f"{name} {book.info.version}: loads cleanly (data files, cards, hooks and phases checked).")
    report = conformance.run(name, games=games, seed=seed, players=players, turn_limit=turn_limit, module_paths=paths)
    outcome = f"{len(report.problems)} problem(s):" if report.problems else "the invariants held after every decision, and no copy played on changed its game."
    cut = f" ({report.failed} cut short by an error)" if report.failed else ""
    click.echo(f"{count(report.games, 'game')}{cut}, {report.victories} won outright, {report.decisions:,} decisions; {outcome}")
    for problem in report.problems:
        click.echo(f"problem: {problem}")
    notes = [
        ("never playable in any game", report.never_playable),
        ("never bought in any game", report.never_bought),
        ("zone types on no generated map", report.zone_types_unseen),
    ]
    if report.failed:  # what games cut short never reached tells nothing
        click.echo("what never happened in the games is not listed: mend the errors above first")
    else:
        for label, names in notes:
            if names:
                click.echo(f"{label}: {', '.join(names)}")
        if report.victories == 0:
            click.echo(f"no game was won outright within {turn_limit} rounds; every one went to the tiebreak")
    if report.problems or (strict and any(names for _, names in notes)):
        ctx.exit(1)
