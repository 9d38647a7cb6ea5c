"""``warp-empires map``: generate, show, check and import territory maps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import click
from rich.console import Console

from .. import limits
from ..words import count
from ..zonemap import ZoneMap
from .common import distinct_files, friendly
from .groups import Group

if TYPE_CHECKING:
    from ..mapgen import MapTheme

# The map generator, importers and renderers need numpy and scipy, which take most of a
# second to import: each command imports what it uses, so other commands start at once.

#: Maps of at least this many zones take a second or more; they show a progress line.
PROGRESS_ZONES = 1500


def _theme(ctx: click.Context, module: str, players: int) -> MapTheme:
    """The zone types and map rules of ``module``, through its plugin manager."""
    from ..mapgen import map_theme
    from ..plugins import make_manager

    paths = tuple(((ctx.find_root().obj or {}).get("module_paths", ())))
    theme = map_theme(make_manager(module, module_paths=paths), players)
    if not theme.zone_types:
        raise click.ClickException(f"module {module!r} defines no zone types, so it cannot type a map")
    return theme


def _with_module(zone_map: ZoneMap, module: str | None) -> ZoneMap:
    options = dict(zone_map.meta.get("options") or {})
    options["module"] = module
    return attrs.evolve(zone_map, meta={**zone_map.meta, "options": options})


def _most_zones() -> int:
    """The most zones a map may have, read when checked (so a test can lower it)."""
    return limits.MAX_ZONES


def _at_most_zones(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """A zone count, or a hex grid side, no bigger than a map may be (nan refused too)."""
    if value is not None and not value <= _most_zones():
        what = ", the most zones a map may have" if param.name == "zones" else " (hex: columns or rows; Voronoi: a proportion)"
        raise click.BadParameter(f"{value} is not allowed; use at most {_most_zones():,}{what}")
    return value


@contextmanager
def _progress(zones: int) -> Iterator[Callable[[str], None] | None]:
    """A progress line on standard error for big maps; nothing for small ones."""
    if zones < PROGRESS_ZONES:
        yield None
        return
    console = Console(stderr=True)
    with console.status(f"Generating a {zones:,}-zone map...") as status:
        yield lambda stage: status.update(f"Generating a {zones:,}-zone map: {stage}...")


def _draw(zone_map: ZoneMap, zone_types, svg: str | None, png: str | None) -> None:
    from ..mapgen.render import save_png, save_svg

    if svg:
        save_svg(zone_map, svg, zone_types)
        click.echo(f"wrote {svg}")
    if png:
        save_png(zone_map, png, zone_types)
        click.echo(f"wrote {png}")


@click.group("map", cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
def map_group() -> None:
    """Generate, show, check and import territory maps."""


@map_group.command("generate")
@click.option("--module", default="doctor_who", show_default=True, help="Theme whose zone types and map rules to use.")
@click.option("--zones", default=40, show_default=True, type=click.IntRange(2), callback=_at_most_zones, help="Number of zones (voronoi layout).")
@click.option("--players", default=4, show_default=True, type=click.IntRange(1, 12), help="Number of players (one start zone each).")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(-limits.MAX_SEED, limits.MAX_SEED), help="Same seed and options, same map, byte for byte.")
@click.option("--balanced", is_flag=True, help="Even out the revenue within 2 borders of every start zone.")
@click.option("--symmetric", is_flag=True, help="Mirror image for 2 players, four quarter turns for 4.")
@click.option("--layout", type=click.Choice(["voronoi", "hex"]), default="voronoi", show_default=True, help="Irregular territories or a hex grid.")
@click.option("--width", type=click.FloatRange(min=0, min_open=True), callback=_at_most_zones, help="Hex layout: columns. Voronoi: width of the frame (a proportion).")
@click.option("--height", type=click.FloatRange(min=0, min_open=True), callback=_at_most_zones, help="Hex layout: rows. Voronoi: height of the frame (a proportion).")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="Map file to write (JSON).")
@click.option("--svg", type=click.Path(dir_okay=False), help="Also draw the map as SVG.")
@click.option("--png", type=click.Path(dir_okay=False), help="Also draw the map as PNG.")
@click.pass_context
@friendly
def generate_command(ctx, module, zones, players, seed, balanced, symmetric, layout, width, height, output, svg, png) -> None:
    """Generate a random map that meets the theme's rules and save it."""
    from ..mapgen import fairness, generate_map, save

    distinct_files(**{"--output": output, "--svg": svg, "--png": png})

    if layout == "hex":
        for name, value in (("--width", width), ("--height", height)):
            if value is not None and value != int(value):
                raise click.ClickException(f"{name} counts hexes in the hex layout; use a whole number, not {value}")
        width = int(width) if width else None
        height = int(height) if height else None
        if width and height:
            zones = width * height
            if zones > _most_zones():
                raise click.ClickException(f"a {width} x {height} hex map has {zones:,} zones; a map may have at most {_most_zones():,}")
    theme = _theme(ctx, module, players)
    with _progress(zones) as progress:
        zone_map = generate_map(
            theme.zone_types, theme.map_rules, zones=zones, players=players, seed=seed, layout=layout,
            width=width, height=height, balanced=balanced, symmetric=symmetric,
            extra_check=theme.extra_check, progress=progress,
        )
    zone_map = _with_module(zone_map, module)
    save(zone_map, output)
    click.echo(f"wrote {output}: {count(len(zone_map.zones), 'zone')}, {count(len(zone_map.edges), 'border')}, {count(len(zone_map.starts), 'start zone')} (seed {seed})")
    click.echo(fairness(zone_map, theme.zone_types).describe())
    _draw(zone_map, theme.zone_types, svg, png)


def _recorded_theme(ctx, zone_map: ZoneMap, module: str | None, players: int):
    """The theme named on the command line, else the one the file records (if it loads)."""
    if module:
        return _theme(ctx, module, players)
    recorded = (zone_map.meta.get("options") or {}).get("module")
    if not recorded:
        return None
    try:
        return _theme(ctx, recorded, players)
    except Exception:  # only used for names and colours; the file stands on its own
        return None


@map_group.command("show")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--module", help="Theme for zone type names and colours (default: the one the file records).")
@click.option("--svg", type=click.Path(dir_okay=False), help="Draw the map as SVG.")
@click.option("--png", type=click.Path(dir_okay=False), help="Draw the map as PNG.")
@click.pass_context
@friendly
def show_command(ctx, file, module, svg, png) -> None:
    """Describe a map file in the terminal, and optionally draw it."""
    from ..mapgen import load
    from ..mapgen.summary import print_summary

    distinct_files(**{"FILE": file, "--svg": svg, "--png": png})

    zone_map = load(file)
    theme = _recorded_theme(ctx, zone_map, module, max(1, len(zone_map.starts)))
    zone_types = theme.zone_types if theme else None
    print_summary(zone_map, zone_types, Console(highlight=False), title=Path(file).name)
    _draw(zone_map, zone_types, svg, png)


@map_group.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--module", help="Also check the rules of this theme.")
@click.option("--players", type=click.IntRange(1, 12), help="Players to check for (default: one per start zone).")
@click.pass_context
@friendly
def check_command(ctx, file, module, players) -> None:
    """Check a map file: print "ok" (exit 0) or every problem, one per line (exit 1)."""
    from ..mapgen import check_map, load

    zone_map = load(file)
    problems: list[str] = []
    problems += _save_problems(zone_map)
    if module:
        players = players or len(zone_map.starts) or 1
        theme = _theme(ctx, module, players)
        problems += check_map(zone_map, theme.zone_types, theme.map_rules, players, extra_check=theme.extra_check)
        unchecked = ""
    else:
        # The theme the file records (if it loads) still vouches for each zone's type and revenue.
        theme_problems, unchecked = _recorded_theme_problems(ctx, zone_map)
        problems += theme_problems
    if problems:
        for p in problems:
            click.echo(p)
        ctx.exit(1)
    click.echo("ok" + unchecked)


@map_group.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="Map file to write (JSON).")
@click.option("--module", help="Roll zone types on this theme's table and meet its rules.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(-limits.MAX_SEED, limits.MAX_SEED), help="Seed of the zone type rolls.")
@click.option("--players", default=0, type=click.IntRange(0, 12), help="With --module: choose this many start zones.")
@click.option("--svg", type=click.Path(dir_okay=False), help="Also draw the map as SVG.")
@click.option("--png", type=click.Path(dir_okay=False), help="Also draw the map as PNG.")
@click.pass_context
@friendly
def import_command(ctx, file, output, module, seed, players, svg, png) -> None:
    """Turn a Risk-style .map file or a .graphml graph into a map file."""
    from ..mapgen import save
    from ..mapgen.importers import import_map

    distinct_files(**{"FILE": file, "--output": output, "--svg": svg, "--png": png})

    if players and not module:
        raise click.ClickException("--players needs --module (start zones take the theme's start zone type)")
    theme = _theme(ctx, module, players) if module else None
    zone_map = import_map(
        file,
        theme.zone_types if theme else None,
        theme.map_rules if theme else None,
        players=players, seed=seed, extra_check=theme.extra_check if theme else None,
    )
    zone_map = _with_module(zone_map, module)
    save(zone_map, output)
    typed = f"types rolled from {module}" if module else "zone types not set"
    click.echo(f"wrote {output}: {count(len(zone_map.zones), 'zone')}, {count(len(zone_map.edges), 'border')} ({typed})")
    _draw(zone_map, theme.zone_types if theme else None, svg, png)


@map_group.command("build")
@click.argument("source", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="Map file to write (JSON).")
@click.option("--module", help="Theme whose zone types the places use (default: the one the source names).")
@click.option("--svg", type=click.Path(dir_okay=False), help="Also draw the map as SVG.")
@click.option("--png", type=click.Path(dir_okay=False), help="Also draw the map as PNG.")
@click.pass_context
@friendly
def build_command(ctx, source, output, module, svg, png) -> None:
    """Build a hand-made hex map from its source: a text grid of places and seas (see maps/aegean.toml)."""
    from ..mapgen import check_map, save
    from ..mapgen.hexmap import build_hex_map, source_module

    distinct_files(**{"SOURCE": source, "--output": output, "--svg": svg, "--png": png})

    try:
        text = Path(source).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"cannot read {source}: {getattr(exc, 'strerror', None) or exc}") from None
    module = module or source_module(text)
    if not module:
        raise click.ClickException(f"{source} names no theme; add module = \"...\" to it or give --module")
    theme = _theme(ctx, module, 1)
    zone_map = build_hex_map(text, theme.zone_types)
    players = max(1, len(zone_map.starts))
    theme = _theme(ctx, module, players)
    problems = _save_problems(zone_map) + check_map(zone_map, theme.zone_types, theme.map_rules, players, extra_check=theme.extra_check)
    if problems:
        for p in problems:
            click.echo(p)
        ctx.exit(1)
    save(zone_map, output)
    click.echo(f"wrote {output}: {count(len(zone_map.zones), 'zone')}, {count(len(zone_map.edges), 'border')}, {count(len(zone_map.starts), 'start zone')}")
    _draw(zone_map, theme.zone_types, svg, png)


def _save_problems(zone_map: ZoneMap) -> list[str]:
    """The map is too big to go into a save (so a game on it could not be resumed)."""
    from ..saves import SaveError, check_map_fits

    try:
        check_map_fits(zone_map)
    except SaveError as exc:
        return [str(exc)]
    return []


def _recorded_theme_problems(ctx: click.Context, zone_map: ZoneMap) -> tuple[list[str], str]:
    """Zones of a type the theme the file records lacks, or whose revenue disagrees with
    their type's; and, when no such theme loads, what "ok" then leaves unchecked."""
    from ..mapgen.constraints import revenue_mismatches

    recorded = (zone_map.meta.get("options") or {}).get("module")
    theme = _recorded_theme(ctx, zone_map, None, max(1, len(zone_map.starts)))
    if theme is None:
        why = f"its theme {recorded!r} is not installed" if recorded else "it names no theme"
        return [], f" as a map file; {why}, so its zone types are not checked (--module THEME checks them)"
    types = {zt.id: zt for zt in theme.zone_types}
    unknown = [f"zone {z.name} is of type {z.type!r}, which {recorded} does not know; its zone types are {', '.join(types)}"
               for z in zone_map.zones if z.type and z.type not in types]
    return unknown[:5] + revenue_mismatches(zone_map, types), ""


if __name__ == "__main__":
    map_group()
