"""``warp-empires modules``: what themes are installed, and which failed to load."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import themecheck
from ..plugins import Discovery, discover
from .common import module_paths


@click.command("modules")
@click.pass_context
def modules_command(ctx: click.Context) -> None:
    """List the installed theme modules and any that failed to load, with every problem
    of each (as `module check` lists them); exit code 1 when one failed."""
    found = discover(module_paths(ctx))
    console = Console(emoji=False)  # a problem's "file.py:100:" is no emoji code
    table = Table(title="Theme modules", title_justify="left")
    table.add_column("name")
    table.add_column("version")
    table.add_column("description")
    for name, entry in sorted(found.modules.items()):
        table.add_row(Text(name), Text(entry.info.version), Text(entry.info.description))  # a theme's words, never markup
    console.print(table)
    if found.failures:
        console.print("[bold red]Failed to load:[/]")
        for name, reason in sorted(found.failures.items()):
            lines = _every_problem(name, module_paths(ctx), found) or [reason]
            console.print(f"  {name}: {lines[0]}", markup=False, highlight=False, soft_wrap=True)
            for line in lines[1:]:
                console.print(f"    {line}", markup=False, highlight=False, soft_wrap=True)
        ctx.exit(1)


def _every_problem(name: str, paths: tuple[str, ...], found: Discovery) -> list[str]:
    """Every problem of a theme that failed to load, as ``module check`` lists them (none
    when the failure is not one theme's: a missing folder, two themes of one name)."""
    if name in found.clashes.values() or "/" in name or any(
        name == str(p) and not (Path(p) / "__init__.py").is_file() and not (Path(p) / "data" / "theme.toml").is_file() for p in paths
    ):
        return []
    try:
        return themecheck.problems(name, paths)
    except Exception:  # the one-line reason discovery gave stands
        return []
