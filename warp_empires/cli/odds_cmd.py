"""``warp-empires odds``: the chances of a battle between two given sides."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click
from rich.console import Console

from .. import limits
from ..model.loading import did_you_mean
from ..rulebook import Rulebook
from ..words import a
from .common import friendly, module_paths, rulebook
from .play_cmd import find_faction

SIDE_HELP = "FACTION:UNIT,UNIT,... (unit ids or names; NAME*3 for three of a kind)"


def find_unit(book: Rulebook, faction: str, text: str) -> str:
    """The unit type id ``text`` names (id or name, any case) among those ``faction`` may field."""
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    fielded = [t for t in book.unit_types.values() if t.faction in (None, faction)]
    for t in fielded:
        if key in (t.id.lower(), t.name.lower().replace(" ", "_").replace("-", "_")):
            return t.id
    names = ", ".join(t.id for t in fielded)
    hint = did_you_mean(key, [t.id for t in fielded])
    raise click.ClickException(f"the {book.factions[faction].name} have no unit {text.strip()!r}{hint}; they field: {names}")


def parse_side(book: Rulebook, spec: str, role: str) -> tuple[str, list[str]]:
    """``FACTION:UNIT,UNIT*2`` as (faction id, [unit type id, ...])."""
    faction_text, sep, units_text = spec.partition(":")
    if not sep or not units_text.strip():
        raise click.BadParameter(f"{spec!r}: write FACTION:UNIT,UNIT,... (e.g. {example(book)})", param_hint=f"--{role}")
    faction = find_faction(book, faction_text, f"the {role}")
    units: list[str] = []
    for item in units_text.split(","):
        name, star, times = item.partition("*")
        count = int(times) if star and times.strip().isdigit() and 0 < int(times) <= 100 else None
        if star and count is None:
            raise click.BadParameter(f"{item.strip()!r}: write NAME*N with N from 1 to 100", param_hint=f"--{role}")
        if name.strip():
            units += [find_unit(book, faction, name)] * (count or 1)
    if not units:
        raise click.BadParameter(f"{spec!r}: name at least one unit", param_hint=f"--{role}")
    return faction, units


def example(book: Rulebook) -> str:
    """A side as the theme would write it: its first faction and two of its units."""
    faction = next(iter(book.factions))
    units = [t.id for t in book.unit_types.values() if t.faction in (None, faction)][:2]
    return f"{faction}:{','.join(units)}"


def side_words(book: Rulebook, side: tuple[str, Sequence[str]]) -> str:
    faction, units = side
    counts: dict[str, int] = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    listed = ", ".join(f"{n}x {book.unit_types[u].name}" if n > 1 else book.unit_types[u].name for u, n in counts.items())
    return f"{book.factions[faction].name} ({listed})"


@click.command("odds")
@click.argument("module")
@click.option("--attacker", required=True, metavar="SIDE", help=f"The attacking side: {SIDE_HELP}.")
@click.option("--defender", required=True, metavar="SIDE", help=f"The defending side: {SIDE_HELP}.")
@click.option("--zone-type", metavar="TYPE", help="The type of the zone fought over (a zone type id of the theme); "
              "the defender's home type makes it fight at home.")
@click.option("--hand", default=0, show_default=True, type=click.IntRange(0, 20),
              help="Battle cards: each side holds this many cards dealt at random from the deck.")
@click.option("--battles", default=2000, show_default=True, type=click.IntRange(10, 1_000_000),
              help="Battles played when the odds cannot be counted exactly.")
@click.option("--seed", default=1, show_default=True, type=click.IntRange(-limits.MAX_SEED, limits.MAX_SEED), help="Seed of the simulated battles.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.pass_context
@friendly
def odds_command(ctx, module, attacker, defender, zone_type, hand, battles, seed, as_json) -> None:
    """The chances of a battle in MODULE: who holds the zone, and the units each side loses.

    The battle is played by the theme's own battle rules, every choice in it (cards,
    casualties, retreat) taken at random among the legal ones. The odds are exact when
    the choices are few enough to follow every one, else counted over many seeded battles.
    """
    import random

    from ..odds import battle_odds, cli_battle, deal, simulate_battle, started_battle

    paths = module_paths(ctx)
    _pm, book = rulebook(module, paths)
    sides = parse_side(book, attacker, "attacker"), parse_side(book, defender, "defender")
    if sides[0][0] == sides[1][0]:
        raise click.BadParameter("the two sides are of one faction; a battle is between two factions", param_hint="--defender")
    if zone_type is not None and zone_type not in book.zone_types:
        raise click.BadParameter(f"{zone_type!r} is not a zone type of {module}; choose one of: {', '.join(book.zone_types)}", param_hint="--zone-type")
    factions = [book.factions[side[0]] for side in sides]
    if zone_type is not None and (shut_out := [f for f in factions if not book.zone_types[zone_type].passable and zone_type not in book.can_enter(f)]):
        # Both sides stand in the zone fought over: where one of them may not be, no battle is fought.
        open_types = [t.id for t in book.zone_types.values() if all(t.passable or t.id in book.can_enter(f) for f in factions)]
        raise click.BadParameter(
            f"{shut_out[0].name} cannot enter {a(book.zone_types[zone_type].name)}, so no battle is fought there; "
            f"choose one of: {', '.join(open_types)}", param_hint="--zone-type",
        )
    game, zone = cli_battle(module, sides[0], sides[1], zone_type, paths=paths, seed=seed)
    if hand:
        def make_start(rng: random.Random):
            twin = game.clone()
            deal(twin, hand, rng, (0, 1))
            return started_battle(twin, zone, 0, 1, rng)

        odds = simulate_battle(make_start, zone, 0, 1, battles, seed, note=f"{hand} card(s) dealt to each side")
    else:
        odds = battle_odds(game, zone, 0, 1, battles=battles, seed=seed)
    where = game.state.zone_types[zone].name
    if as_json:
        doc = {"module": module, "zone_type": game.state.zone_types[zone].id, "hand": hand, **odds.as_dict(),
               "attacker": {"faction": sides[0][0], "units": sides[0][1]}, "defender": {"faction": sides[1][0], "units": sides[1][1]}}
        click.echo(json.dumps(doc, indent=2))
        return
    console = Console(highlight=False, soft_wrap=True)
    say = lambda text: console.print(text, markup=False)  # noqa: E731
    say(f"Battle in {a(where)}: {side_words(book, sides[0])} attacks {side_words(book, sides[1])}.")
    say(f"Method: {odds.how()}.")
    pm = lambda p: f" ± {odds.margin(p):.1%}" if not odds.exact else ""  # noqa: E731
    say(f"  attacker holds the zone: {odds.attacker_wins:.1%}{pm(odds.attacker_wins)}")
    say(f"  defender holds the zone: {odds.defender_wins:.1%}{pm(odds.defender_wins)}")
    neither = 1.0 - odds.attacker_wins - odds.defender_wins
    if neither > 1e-9:  # both sides fell (B6), or neither kept units there: said, so the three add up
        say(f"  neither holds it: {neither:.1%}{pm(neither)}")
    say(f"  expected units lost: attacker {odds.attacker_losses:.2f}, defender {odds.defender_losses:.2f}")
    cards = f"each side holds {hand} random card(s)" if hand else "no battle cards are held (use --hand N to deal some)"
    say(f"Every choice in the battle is taken at random among the legal ones; {cards}.")
