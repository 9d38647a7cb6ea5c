"""The ``warp-empires`` command."""

from __future__ import annotations

import os
import sys

import click

from .. import __version__
from .map_cmd import map_group
from .module_cmd import module_group
from .modules_cmd import modules_command
from .odds_cmd import odds_command
from .play_cmd import play_command, replay_command, resume_command
from .rules_cmd import rules_command
from .simulate_cmd import simulate_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--module-path", "module_paths", multiple=True, type=click.Path(exists=True, file_okay=False),
    help="A folder holding a theme module (or several) to load without installing it. Repeatable.",
)
@click.version_option(__version__, prog_name="warp-empires")
@click.pass_context
def cli(ctx: click.Context, module_paths: tuple[str, ...]) -> None:
    """Play, simulate and build maps for Warp Empires games."""
    ctx.obj = {"module_paths": module_paths}


for command in (play_command, resume_command, replay_command, simulate_command, odds_command, map_group, rules_command, modules_command, module_group):
    cli.add_command(command)


def main() -> None:
    if sys.stdin is None:
        # Started with standard input closed (``<&-``): read it as empty, so every
        # question meets the end of input and says so in one line.
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the program
    cli(prog_name="warp-empires")
