"""``warp-empires module new``: start a new theme module from a working example."""

from __future__ import annotations

import click

from ..scaffold import create, package_name
from .common import friendly


@click.group("module")
def module_group() -> None:
    """Make theme modules."""


@module_group.command("new")
@click.argument("name")
@click.option("--dir", "folder", default=".", show_default=True, type=click.Path(file_okay=False), help="Where to make the project folder.")
@friendly
def new_command(name: str, folder: str) -> None:
    """Make a new theme called NAME: data files with comments, a rule in code, RULES.md,
    a passing test and a pyproject.toml, in the folder DIR/NAME."""
    root = create(name, folder)
    pkg = package_name(name)
    click.echo(f"Made the theme {name!r} in {root}:")
    click.echo(f"  {pkg}/data/*.toml   zones, units, factions, cards and settings, with comments")
    click.echo(f"  {pkg}/__init__.py   a rule in code (walls for a defender in a Fort)")
    click.echo(f"  {pkg}/RULES.md      the rules as players read them")
    click.echo(f"  tests/test_{pkg}.py, pyproject.toml, README.md")
    click.echo("Try it:")
    click.echo(f"  warp-empires --module-path {root} play {name}")
    click.echo(f"  cd {root} && pip install -e '.[test]' && python -m pytest")
