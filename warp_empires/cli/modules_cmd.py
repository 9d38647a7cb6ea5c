"""``warp-empires modules``: what themes are installed, and which failed to load."""

from __future__ import annotations

import click
from rich.console import Console
from rich.table import Table

from ..plugins import discover
from .common import module_paths


@click.command("modules")
@click.pass_context
def modules_command(ctx: click.Context) -> None:
    """List the installed theme modules and any that failed to load."""
    found = discover(module_paths(ctx))
    console = Console()
    table = Table(title="Theme modules", title_justify="left")
    table.add_column("name")
    table.add_column("version")
    table.add_column("description")
    for name, entry in sorted(found.modules.items()):
        table.add_row(name, entry.info.version, entry.info.description)
    console.print(table)
    if found.failures:
        console.print("[bold red]Failed to load:[/]")
        for name, reason in sorted(found.failures.items()):
            console.print(f"  {name}: {reason}", markup=False, highlight=False, soft_wrap=True)
        ctx.exit(1)
