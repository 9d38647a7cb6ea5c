"""The ``warp-empires`` command.

Each command's module is imported only when that command runs (or shows its own help):
``warp-empires --help`` lists them from :data:`COMMANDS` without loading the engine, the
terminal library or any theme, so it answers at once.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from .. import __version__
from .groups import Group

#: name -> (module in this package, the click command in it, its line in ``--help``), in
#: the order ``--help`` lists them.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("play_cmd", "play_command", "Play a game at this terminal: people and computer players mixed."),
    "resume": ("play_cmd", "resume_command", "Carry on a saved game where it stopped."),
    "replay": ("replay_view", "replay_command", "Step through a saved game, or print it whole."),
    "simulate": ("simulate_cmd", "simulate_command", "Play many games between computer players and sum up who wins."),
    "odds": ("odds_cmd", "odds_command", "The chances of a battle: who holds the zone, and the units lost."),
    "rules": ("rules_cmd", "rules_command", "The rules reference of a theme: units, factions, cards, zones."),
    "map": ("map_cmd", "map_group", "Generate, show, check and import territory maps."),
    "modules": ("modules_cmd", "modules_command", "List the installed theme modules and any that failed to load."),
    "module": ("module_cmd", "module_group", "Make and check theme modules."),
}


class Commands(Group):
    """The commands of ``warp-empires``, each imported when it is called for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        entry = COMMANDS.get(name)
        if entry is None:
            return None
        module, attribute, _ = entry
        return getattr(importlib.import_module(f"{__package__}.{module}"), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, line) for name, (_, _, line) in COMMANDS.items()])


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--module-path", "module_paths", multiple=True, type=click.Path(exists=True, file_okay=False),
    help="A folder holding a theme module (or several) to load without installing it. Repeatable.",
)
@click.version_option(__version__, prog_name="warp-empires")
@click.pass_context
def cli(ctx: click.Context, module_paths: tuple[str, ...]) -> None:
    """Play, simulate and build maps for Warp Empires games."""
    ctx.obj = {"module_paths": module_paths}


def main() -> None:
    if sys.stdin is None:
        # Started with standard input closed (``<&-``): read it as empty, so every
        # question meets the end of input and says so in one line.
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as the program
    cli(prog_name="warp-empires")
