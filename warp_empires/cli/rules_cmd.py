"""``warp-empires rules MODULE``: a theme's rules reference, printed or written to a file."""

from __future__ import annotations

from pathlib import Path

import click

from ..rulesref import FORMATS, render_rules
from .common import friendly, module_paths


@click.command("rules")
@click.argument("module")
@click.option(
    "--format", "fmt", type=click.Choice(FORMATS), default="markdown", show_default=True,
    help="markdown to read, json for the raw lists, html for a page to read or print.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of the screen.")
@click.pass_context
@friendly
def rules_command(ctx: click.Context, module: str, fmt: str, output: str | None) -> None:
    """Show the rules reference of MODULE: its units, factions, cards and rules text."""
    text = render_rules(module, fmt, module_paths=module_paths(ctx))
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"Wrote the {module} rules reference ({fmt}) to {output}")
    else:
        click.echo(text, nl=not text.endswith("\n"))
