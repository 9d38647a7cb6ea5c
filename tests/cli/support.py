"""Shared pieces of the command-line tests: a small Doctor Who map, a runner, position helpers.

The map: a road Home - Void One - Void Two - Far - Beyond; a short cut Home - Hazard - Beyond
through an impassable Hazard zone; and a branch Void One - Enemy - Behind - Earth - Beyond.
Seat 1 starts in Home, seat 2 in Enemy, seat 3 in Far. From Home, Beyond is 4 zones away by
road, and Behind 3 zones away through Enemy.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from warp_empires import Game, GameSetup, Seat, ZoneMap
from warp_empires.cli.main import cli
from warp_empires.testing import Position

HOME, VOID1, VOID2, FAR, BEYOND, HAZARD, ENEMY, BEHIND, EARTH = range(9)
ZONES = [
    ("Home", "rich", 3, "HOM"), ("Void One", "void", 0, "VO1"), ("Void Two", "void", 0, "VO2"),
    ("Far", "rich", 3, "FAR"), ("Beyond", "nexus", 3, "BEY"), ("Hazard", "hazard", 0, "HAZ"),
    ("Enemy", "rich", 3, "ENE"), ("Behind", "nexus", 3, "BEH"), ("Earth", "nexus", 3, "EAR"),
]
EDGES = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 5), (5, 4), (1, 6), (6, 7), (7, 8), (8, 4)]


def small_map(players: int = 2) -> ZoneMap:
    starts = (HOME, ENEMY, FAR)[:players]
    return ZoneMap.build(ZONES, EDGES, starts=starts)


def new_game(*seats: Seat, seed: int = 1, turn_limit: int | None = None) -> Game:
    return Game(GameSetup("doctor_who", seats, small_map(len(seats)), seed=seed, turn_limit=turn_limit))


def run(args: list[str], text: str = "", width: int = 200) -> Result:
    """``warp-empires ARGS`` with ``text`` as standard input, on a screen ``width`` wide."""
    return CliRunner().invoke(cli, args, input=text, catch_exceptions=False, env={"COLUMNS": str(width)})


def one_line_error(result: Result) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith("Error: "), result.output
    return lines[0]


def give(game: Game, seat: int, card_type: str) -> int:
    """Move one card of ``card_type`` from the deck into ``seat``'s hand."""
    return Position.of(game, empty=False).give(seat, card_type)[0]


def only_units(game: Game, seat: int, zone: int, *unit_types: str) -> list[int]:
    """Replace ``seat``'s units with exactly these, all in ``zone``."""
    s = game.state
    for u in s.units_of(seat):
        s.return_to_pool(u)
    return Position.of(game, empty=False).place(seat, zone, *unit_types)


QUIET = {"discard": "done", "play_card": "pass", "reaction": "pass", "battle_card": "pass", "buy": "done", "choose_stack": "stop"}


def quiet_choice(game: Game):
    """A choice that does as little as possible: keep, pass, buy nothing."""
    d = game.pending
    ids = [o.id for o in d.options]
    wanted = QUIET.get(d.kind)
    if wanted in ids:
        return wanted
    return list(range(d.count)) if d.count > 1 else 0


def play_quietly_until(game: Game, stop) -> None:
    while game.pending is not None and not stop(game.pending):
        game.decide(quiet_choice(game))


def latest_save(folder: Path) -> Path:
    return max(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
