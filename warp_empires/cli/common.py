"""Pieces the commands share: errors as one line, building games from options."""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click
import pluggy
from rich.console import Console

from ..blame import ThemeError, blamed
from ..decisions import IllegalChoice
from ..engine import Game, GameSetup, Seat
from ..model.loading import DataError
from ..plugins import ModuleError, make_manager
from ..rulebook import Rulebook, SetupError
from ..saves import SaveError
from ..words import count
from ..zonemap import ZoneMap

#: Errors a user can cause; each becomes a one-line message and exit code 1.
USER_ERRORS: tuple[type[Exception], ...] = (
    ModuleError, SetupError, DataError, SaveError, IllegalChoice, OSError, pluggy.PluginValidationError,
)


def friendly(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the errors a user can cause into one-line messages (exit 1), never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except click.ClickException:
            raise
        except ThemeError as exc:  # a few lines naming the theme's file and line, no traceback
            raise click.ClickException(str(exc)) from None
        except USER_ERRORS as exc:
            raise click.ClickException(one_line(exc)) from None
        except ValueError as exc:  # malformed maps and files report as ValueError subclasses
            raise click.ClickException(one_line(exc)) from None

    return wrapper


def one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    if isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    return text.splitlines()[0] if text else type(exc).__name__


#: Width of screens written to a pipe or a file, where no terminal says how wide it is.
PIPE_WIDTH = 200


def make_console() -> Console:
    """The console of the game screens. On a terminal, its width; into a pipe or a file
    (no terminal to fit), text is never wrapped and tables get room, so nothing is cut
    at 80 columns in the middle of a word. ``COLUMNS`` still sets the width if given."""
    console = Console(highlight=False)
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console = Console(highlight=False, width=PIPE_WIDTH, soft_wrap=True)
    return console


def module_paths(ctx: click.Context) -> tuple[str, ...]:
    root = ctx.find_root()
    return tuple((root.obj or {}).get("module_paths", ()))


def distinct_files(**named: str | None) -> None:
    """Refuse two options naming one file (``--out`` and ``--report``, the map read and
    the picture written): the second written would silently replace the first, or the
    file read. ``named`` maps each option, as the player types it, to its path or None."""
    seen: dict[Path, str] = {}
    for option, path in named.items():
        if not path:
            continue
        key = Path(path).expanduser().resolve()
        if key in seen:
            raise click.UsageError(f"{seen[key]} and {option} both name {path}; give each a file of its own")
        seen[key] = option


def command(paths: Sequence[str], *words: Any) -> str:
    """The ``warp-empires`` command line of ``words``, with the ``--module-path`` folders
    the game's theme was loaded from: printed for the player to type, it must work as shown."""
    import shlex

    folders = [part for folder in paths for part in ("--module-path", str(folder))]
    return shlex.join(["warp-empires", *folders, *(str(w) for w in words)])


def rulebook(module: str, paths: Sequence[str] = ()) -> tuple[Any, Rulebook]:
    pm = make_manager(module, module_paths=paths)
    return pm, Rulebook.from_plugins(pm)


def read_map(path: str) -> ZoneMap:
    """The map file at ``path``; a ClickException naming the file if it cannot be used."""
    from ..mapgen.mapfile import load

    try:
        return load(path)
    except (OSError, ValueError) as exc:
        text = one_line(exc)
        named = text.startswith((f"{path} ", f"{path}:", f"cannot read {path}"))  # the reader's own messages naming it
        raise click.ClickException(text if named else f"map {path}: {text}") from None


def fit_map(book: Rulebook, zone_map: ZoneMap, players: int, path: str, paths: Sequence[str] = ()) -> ZoneMap:
    """``zone_map``, if this theme can be played on it by ``players`` players (0: not yet
    known); else an error naming the file: zone types the theme does not know (a map made
    for another theme), or fewer start zones than players."""
    try:
        book.check_map(zone_map)
    except SetupError as exc:
        raise click.ClickException(f"map {path}: {exc}") from None
    if players > len(zone_map.starts):
        raise click.ClickException(
            f"map {path}: it has {count(len(zone_map.starts), 'start zone')}; {players} players need {players} "
            f"({command(paths, 'map', 'generate', '--module', book.info.name, '--players', players, '-o', 'map.json')} makes one)"
        )
    return zone_map


def map_warning(pm: Any, module: str, zone_map: ZoneMap, players: int, path: str, paths: Sequence[str] = ()) -> str | None:
    """One line saying that the map file at ``path`` breaks the theme's map rules for
    ``players`` players (a start zone no unit may enter, a seat walled in, start zones side
    by side), or None. The game is played all the same, as a map drawn by hand may mean it;
    but a seat walled in wins nothing, and balance figures would blame its faction."""
    from ..mapgen.constraints import check_map
    from ..mapgen.theme import map_theme

    theme = map_theme(pm, players)
    problems = check_map(zone_map, theme.zone_types, theme.map_rules, players, extra_check=theme.extra_check)
    if not problems:
        return None
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return (f"Warning: {path} breaks {module}'s rules for a map of {players} players: {problems[0]}{more}; "
            f"`{command(paths, 'map', 'check', path, '--module', module, '--players', players)}` lists them")


def default_map_file(pm: Any, players: int) -> str | None:
    """The theme's own map (``warp_default_map``), used when no map is named or asked for;
    a ClickException naming the hook if it answers something else than a path to a file."""
    path = blamed(pm, "", lambda: pm.hook.warp_default_map(players=players))
    if path is None:
        return None
    if not isinstance(path, (str, os.PathLike)):
        raise click.ClickException(f"the theme's warp_default_map must return the path of a map file or None, not {str(path)[:60]!r}")
    if not Path(path).is_file():
        raise click.ClickException(f"the theme's own map (warp_default_map) is {path}, which is not a file; "
                                   "name a map with --map, or ask for a random one with --zones")
    return str(path)


#: The help of the flag that turns fair random maps off, shared by `play` and `simulate`.
ANY_MAP_HELP = "Random maps as they fall, without evening out the revenue around the start zones."


def random_zone_map(pm: Any, zones: int, players: int, seed: int, fair: bool = True) -> ZoneMap:
    """A random map of the theme's kind, from the seed: fair unless ``fair`` is false,
    every start zone with the same revenue within 2 borders (mapgen/fairness.py), so a
    first game and every balance figure start even; where no roll is even enough (many
    players on few zones), the evenest roll, so a run of games never stops at one deal."""
    from ..mapgen import generate_for_theme

    return generate_for_theme(pm, zones=zones, players=players, seed=seed, balanced=fair, evenest=fair)


def pick_factions(book: Rulebook, count: int, rng: random.Random) -> list[str]:
    """Distinct factions while there are enough, chosen from ``rng``."""
    ids = list(book.factions)
    if count <= len(ids):
        return rng.sample(ids, count)
    return [rng.choice(ids) for _ in range(count)]


def new_game(module: str, seats: Sequence[Seat], zone_map: ZoneMap, seed: int, turn_limit: int | None, paths: Sequence[str] = ()) -> Game:
    return Game(GameSetup(module, tuple(seats), zone_map, seed, turn_limit), module_paths=paths)
