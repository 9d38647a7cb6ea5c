"""``warp-empires play`` and ``warp-empires resume``: hotseat games at the terminal.

``play`` sets a game up from its options, asking (numbered menus, defaults on Enter)
for whatever is missing; ``play`` alone starts a short Doctor Who game against the
computer. ``resume`` carries on from a save, the latest autosave by default.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Collection
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from .. import limits, saves
from ..agents import DEFAULT_AGENT, make_agent
from ..engine import Game, GameSetup, Seat
from ..model.loading import did_you_mean
from ..plugins import discover
from ..rulebook import Rulebook
from ..zonemap import ZoneMap
from . import render
from .common import ANY_MAP_HELP, command, default_map_file, distinct_files, fit_map, map_warning, friendly, make_console, module_paths, one_line, random_zone_map, read_map, rulebook
from .hotseat import Hotseat
from .prompts import InputEnded, ask_number, ask_text, menu
from .replay_view import replay_command

QUICK_MODULE = "doctor_who"
QUICK_ZONES = 14
QUICK_ROUNDS = 10
DEFAULT_ROUNDS = 20  # a game set up from options ends by then unless the theme says otherwise
NO_LIMIT = "none"
MAP_SIZES = (("small", 14), ("medium", 24), ("large", 40))
SEAT_HELP = (
    "NAME:FACTION for a person; ai:AGENT:FACTION for the computer, AGENT being random, greedy "
    "or mcts (it searches for --think seconds; the default). Repeat once per seat."
)

__all__ = ["play_command", "replay_command", "resume_command"]


def default_zones(players: int) -> int:
    return max(MAP_SIZES[0][1], 5 * players + 4)


def make_random_map(pm: Any, zones: int, players: int, seed: int) -> ZoneMap:
    """A fair random map of the theme's kind (the map generator's, from the seed)."""
    return random_zone_map(pm, zones, players, seed)


def parse_turn_limit(ctx: click.Context, param: click.Parameter, value: str | None) -> int | str | None:
    """``--turn-limit``: a number of rounds, or ``none`` for a game without a limit."""
    if value is None:
        return None
    if value.strip().lower() == "none":
        return NO_LIMIT
    if value.strip().isdigit() and 1 <= int(value) <= limits.MAX_ROUNDS:
        return int(value)
    raise click.BadParameter(f"{value!r}: give a number of rounds from 1 to {limits.MAX_ROUNDS}, or none", param=param)


def find_faction(book: Rulebook, text: str, who: str) -> str:
    """The faction id ``text`` names (its id or its name, any case)."""
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    for fid, faction in book.factions.items():
        if key in (fid.lower(), faction.name.lower().replace(" ", "_").replace("-", "_")):
            return fid
    raise click.ClickException(f"unknown faction {text!r} for {who}{did_you_mean(key, book.factions)}; choose one of: {', '.join(book.factions)}")


def with_think(agent: str, think: float | None) -> str:
    """The agent spec, with ``--think`` given to a searching agent that names no budget of its own."""
    if think is None or not agent.startswith("ai:mcts") or "/" in agent:
        return agent
    return f"{agent}/think={think:g}"


def computer_player(book: Rulebook) -> str:
    """The computer player ``play`` seats when it is not told which: the theme's choice (the
    strongest of its ladder, ``[settings] computer_player``), else the searching player. A
    theme naming a player this installation lacks is refused in one line naming the setting."""
    spec = book.settings.computer_player
    if not spec:
        return DEFAULT_AGENT
    try:
        make_agent(spec, 0)
    except ValueError as exc:
        raise click.ClickException(f"the theme {book.info.name!r} names its computer player in [settings] computer_player: {exc}") from None
    return spec


def parse_seats(specs: tuple[str, ...], book: Rulebook, console: Console, rng: random.Random, think: float | None = None) -> list[Seat]:
    """Seats from ``--seat`` options; a person without a faction is asked for one."""
    seats: list[Seat] = []
    taken: set[str] = set()
    pending: list[tuple[int, str]] = []
    for i, spec in enumerate(specs, 1):
        parts = spec.split(":")
        if parts[0].lower() == "ai":
            if len(parts) < 2 or not parts[1] or len(parts) > 3:
                raise click.BadParameter(f"{spec!r}: write ai:AGENT:FACTION (e.g. ai:greedy:daleks)", param_hint="--seat")
            agent = with_think(f"ai:{parts[1]}", think)
            try:
                make_agent(agent, 0)
            except ValueError as exc:
                raise click.ClickException(f"seat {i}: {exc}") from None
            faction = find_faction(book, parts[2], f"seat {i}") if len(parts) > 2 and parts[2] else None
            seats.append(Seat("", faction or "", agent))
        else:
            name = parts[0].strip()
            if not name or len(parts) > 2:
                raise click.BadParameter(f"{spec!r}: write NAME:FACTION (e.g. Ann:daleks)", param_hint="--seat")
            faction = find_faction(book, parts[1], f"seat {i} ({name})") if len(parts) == 2 and parts[1] else None
            seats.append(Seat(name, faction or "", "human"))
        if seats[-1].faction:
            taken.add(seats[-1].faction)
        else:
            pending.append((len(seats) - 1, spec))
    for index, _spec in pending:
        seat = seats[index]
        free = free_factions(book, taken)
        if not free:
            raise click.ClickException(f"{len(seats)} seats but {book.info.title or book.info.name} has {len(book.factions)} factions, each played once")
        if seat.agent == "human":
            faction = ask_faction(console, book, seat.name, free[0], taken)
        else:
            faction = rng.choice(free)
        taken.add(faction)
        seats[index] = Seat(seat.name, faction, seat.agent)
    return name_computers(seats, book)


def free_factions(book: Rulebook, taken: set[str]) -> list[str]:
    """The factions a new seat may take: those nobody plays yet, or any when the theme
    lets factions repeat and all are taken."""
    free = [f for f in book.factions if f not in taken]
    return free or (list(book.factions) if book.settings.factions_repeat else [])


def name_computers(seats: list[Seat], book: Rulebook) -> list[Seat]:
    out: list[Seat] = []
    names = {s.name.lower() for s in seats if s.name}
    for seat in seats:
        if not seat.name:
            base = f"{book.factions[seat.faction].name} AI"
            name, n = base, 2
            while name.lower() in names:
                name, n = f"{base} {n}", n + 1
            names.add(name.lower())
            seat = Seat(name, seat.faction, seat.agent)
        out.append(seat)
    lowered = [s.name.lower() for s in out]
    for seat in out:
        if lowered.count(seat.name.lower()) > 1:
            raise click.BadParameter(f"two seats are called {seat.name!r}; give every player a different name", param_hint="--seat")
    book.check_seats(out)
    return out


def ask_faction(console: Console, book: Rulebook, name: str, default: str, taken: Collection[str] = ()) -> str:
    """A faction for ``name`` from a menu; factions already played are left out unless
    the theme lets them repeat."""
    ids = free_factions(book, set(taken)) if not book.settings.factions_repeat else list(book.factions)
    items = [(fid, f"{book.factions[fid].name}: {book.factions[fid].ability_text or book.factions[fid].description}") for fid in ids]
    return ids[menu(console, f"Faction for {name}:", items, ids.index(default) if default in ids else 0)]


def ask_name(console: Console, prompt: str, default: str, taken: Collection[str] = ()) -> str:
    """A player's name: printable, not too long, not already at the table."""
    while True:
        name = ask_text(console, prompt, default)
        if len(name) > limits.MAX_PLAYER_NAME or limits.has_control_characters(name):
            console.print(f"A name has at most {limits.MAX_PLAYER_NAME} printable characters.", markup=False, highlight=False)
        elif name.lower() in taken:
            console.print(f"Another seat is called {name}; choose another name.", markup=False, highlight=False)
        else:
            return name


def ask_module(console: Console, paths: tuple[str, ...]) -> str:
    found = discover(paths)
    names = sorted(found.modules)
    if not names:
        raise click.ClickException("no theme module is installed; see `warp-empires modules`")
    items = [(n, f"{n}: {found.modules[n].info.description}") for n in names]
    default = names.index(QUICK_MODULE) if QUICK_MODULE in names else 0
    return names[menu(console, "Which game?", items, default)]


def ask_seats(console: Console, book: Rulebook, rng: random.Random, think: float | None = None) -> list[Seat]:
    most = limits.MAX_SEATS if book.settings.factions_repeat else min(limits.MAX_SEATS, len(book.factions))
    count = ask_number(console, "How many players", min(2, most), 1, most)
    seats: list[Seat] = []
    order = list(book.factions)
    rng.shuffle(order)
    taken: set[str] = set()
    for i in range(count):
        kind = menu(console, f"Seat {i + 1}:", [("human", "a person at this terminal"), ("ai", "the computer")], 0 if i == 0 else 1)
        free = free_factions(book, taken)
        default = next(f for f in order if f in free)
        if kind == 0:
            name = ask_name(console, f"Name of seat {i + 1}", f"Player {i + 1}", {s.name.lower() for s in seats})
            seat = Seat(name, ask_faction(console, book, name, default, taken), "human")
        else:
            seat = Seat("", default, with_think(computer_player(book), think))
        seats.append(seat)
        taken.add(seat.faction)
    return name_computers(seats, book)


def ask_map(console: Console, book: Rulebook, players: int, paths: tuple[str, ...] = ()) -> tuple[ZoneMap | None, int]:
    """The map file read (asked again until one reads and fits the game) or, for a random
    map, its zones."""
    items = [(size, f"a {size} random map ({max(zones, default_zones(players))} zones)") for size, zones in MAP_SIZES]
    items.append(("file", "a map file"))
    pick = menu(console, "Which map?", items, 0)
    if pick < len(MAP_SIZES):
        return None, max(MAP_SIZES[pick][1], default_zones(players))
    while True:
        path = ask_text(console, "Map file", "map.json")
        try:
            return fit_map(book, read_map(path), players, path, paths), 0
        except click.ClickException as exc:
            console.print(f"{exc.message}; give another map file.", markup=False, highlight=False, soft_wrap=True)  # one line, however long the path



def new_save_path(folder: Path, module: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{module}-{stamp}.json"
    n = 2
    while path.exists():
        path, n = folder / f"{module}-{stamp}-{n}.json", n + 1
    return path


def introduce(console: Console, game: Game, save_path: Path, ask_everyone: bool = False) -> None:
    s = game.state
    book = game.rules
    console.rule(book.info.title or book.info.name, align="left")
    for seat, player in zip(game.setup.seats, s.players):
        who = "person" if seat.agent == "human" else f"computer ({seat.agent})"
        console.print(render.seat_text(game, player.seat), f", {who}", sep="", highlight=False)
    limit = f"{game.setup.turn_limit} rounds" if game.setup.turn_limit else "no turn limit"
    console.print(f"{len(game.board)} zones, seed {game.setup.seed}, {limit}. Saving after every turn to {save_path}.", highlight=False, markup=False, soft_wrap=True)
    people = [i for i, seat in enumerate(game.setup.seats) if seat.agent == "human"]
    console.print(render.board_table(game, people[0] if len(people) == 1 else None))
    console.print("Answer with an option number (or a zone code); type help at any prompt for the rules of the moment.", markup=False, highlight=False)
    if len(people) > 1 and game.rules.has_reactions and not ask_everyone:
        console.print("The device passes to a person in another's turn only when they hold a card that answers what was done; "
                      "to hide who does, play with --ask-everyone (the save remembers it).", markup=False, highlight=False, soft_wrap=True)


def play_game(console: Console, game: Game, save_path: Path, paths: tuple[str, ...], live_svg: str | None = None, ask_everyone: bool = False) -> None:
    Hotseat(game, console, save_path, paths, live_svg, ask_everyone).run()


ASK_EVERYONE_HELP = ("Between people at one screen: pass the device to every other person at each card played, move and die "
                     "roll that a card could answer, whether or not they hold one, so no pass screen tells who does.")


@click.command("play")
@click.argument("module", required=False)
@click.option("--seat", "seat_specs", multiple=True, metavar="SPEC", help=SEAT_HELP)
@click.option("--map", "map_file", type=click.Path(dir_okay=False), help="Play on this map file.")
@click.option("--zones", type=click.IntRange(4, 2000), help="Play on a random map of this many zones.")
@click.option("--seed", type=click.IntRange(-limits.MAX_SEED, limits.MAX_SEED), help="Seed of the game and its random map (a fresh one if not given).")
@click.option("--turn-limit", callback=parse_turn_limit, metavar="N|none",
              help=f"Rounds before the tiebreak decides the game ({DEFAULT_ROUNDS} unless the theme sets its own); none for no limit.")
@click.option("--any-map", is_flag=True, help=ANY_MAP_HELP)
@click.option("--map-svg", "live_svg", type=click.Path(dir_okay=False),
              help="Keep a picture of the board in this SVG file, redrawn after every choice as the player at the keyboard may see it.")
@click.option("--ask-everyone", is_flag=True, help=ASK_EVERYONE_HELP)
@click.option("--saves", "saves_dir", default="saves", show_default=True, type=click.Path(file_okay=False), help="Folder for the autosaves.")
@click.option("--think", type=click.FloatRange(0.01, 600), metavar="SECONDS", help="How long an ai:mcts seat thinks a decision (default 1).")
@click.pass_context
@friendly
def play_command(ctx, module, seat_specs, map_file, zones, seed, turn_limit, any_map, live_svg, ask_everyone, saves_dir, think) -> None:
    """Play MODULE at this terminal: people take turns, computer players mixed in.

    With no arguments at all, a short Doctor Who game against the computer starts.
    Whatever is missing is asked for, with a default on Enter.
    """
    if map_file and zones:
        raise click.UsageError("give --map or --zones, not both")
    distinct_files(**{"--map": map_file, "--map-svg": live_svg})
    paths = module_paths(ctx)
    console = make_console()
    quick = not any((module, seat_specs, map_file, zones, turn_limit))  # --seed or --think alone keeps it quick
    seed = secrets.randbelow(1_000_000) if seed is None else seed
    rng = random.Random(seed)
    zone_map = read_map(map_file) if map_file else None  # a bad map file is refused before any question
    try:
        if quick:
            module = QUICK_MODULE
            pm, book = rulebook(module, paths)
            console.print(f"A short game of {book.info.title or module}: you against the computer, {QUICK_ROUNDS} rounds.", markup=False)
            name = ask_name(console, "Your name", "Player")
            mine = ask_faction(console, book, name, rng.choice(list(book.factions)))
            theirs = rng.choice([f for f in book.factions if f != mine])
            seats = name_computers([Seat(name, mine, "human"), Seat("", theirs, with_think(computer_player(book), think))], book)
            zones, turn_limit = QUICK_ZONES, QUICK_ROUNDS
        else:
            guided = not seat_specs
            module = module or ask_module(console, paths)
            pm, book = rulebook(module, paths)
            if zone_map is not None:
                fit_map(book, zone_map, 0, map_file)  # a map of another theme is refused before the seats are asked
            seats = parse_seats(seat_specs, book, console, rng, think) if seat_specs else ask_seats(console, book, rng, think)
            if zone_map is not None:
                fit_map(book, zone_map, len(seats), map_file, paths)
                warning = map_warning(pm, module, zone_map, len(seats), map_file, paths)
                if warning:
                    console.print(warning, style="yellow", markup=False, highlight=False, soft_wrap=True)
            if zone_map is None and not zones:
                own_map = default_map_file(pm, len(seats))  # the theme's own map, if it has one
                zone_map = read_map(own_map) if own_map else None
            if guided and zone_map is None and not zones:
                zone_map, zones = ask_map(console, book, len(seats), paths)
            if guided and turn_limit is None:
                asked = ask_number(console, "Turn limit in rounds", DEFAULT_ROUNDS, 1, limits.MAX_ROUNDS, none_word="none")
                turn_limit = NO_LIMIT if asked is None else asked
            if turn_limit is None:
                turn_limit = book.settings.turn_limit or DEFAULT_ROUNDS
        if turn_limit == NO_LIMIT:
            turn_limit = None
    except InputEnded:
        raise click.ClickException("input ended before the game was set up; no game started") from None
    if zone_map is None:
        zone_map = (random_zone_map(pm, zones or default_zones(len(seats)), len(seats), seed, fair=False) if any_map
                    else make_random_map(pm, zones or default_zones(len(seats)), len(seats), seed))
    saves.check_map_fits(zone_map)
    game = Game(GameSetup(module, tuple(seats), zone_map, seed, turn_limit), plugins=pm)
    save_path = new_save_path(Path(saves_dir), module)
    try:
        saves.save(game, save_path, ask_everyone)
    except OSError as exc:
        raise click.ClickException(f"cannot save games in {saves_dir}: {exc.strerror or exc}; choose a folder you can write to with --saves") from None
    introduce(console, game, save_path, ask_everyone)
    play_game(console, game, save_path, paths, live_svg, ask_everyone)


def latest_save(folder: Path) -> Path:
    found = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime) if folder.is_dir() else []
    if not found:
        raise click.ClickException(f"no saved games in {folder}/; start one with: warp-empires play")
    return found[-1]


@click.command("resume")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--saves", "saves_dir", default="saves", show_default=True, type=click.Path(file_okay=False), help="Folder to look for the latest save in.")
@click.option("--map-svg", "live_svg", type=click.Path(dir_okay=False),
              help="Keep a picture of the board in this SVG file, redrawn after every choice as the player at the keyboard may see it.")
@click.option("--ask-everyone", is_flag=True, help=ASK_EVERYONE_HELP + " A game played so goes on so without it.")
@click.pass_context
@friendly
def resume_command(ctx, file, saves_dir, live_svg, ask_everyone) -> None:
    """Carry on a saved game exactly where it stopped (the latest save by default)."""
    paths = module_paths(ctx)
    path = Path(file) if file else latest_save(Path(saves_dir))
    distinct_files(**{"FILE": str(path), "--map-svg": live_svg})  # the picture, redrawn each choice, would replace the save
    doc = saves.read(path)
    try:
        game = saves.replay(doc, paths)
    except saves.SaveError as exc:
        raise saves.naming(path, exc) from None
    ask_everyone = ask_everyone or doc.get("ask_everyone", False)  # a table that played so goes on so
    for seat in game.setup.seats:
        if seat.agent != "human":
            try:
                make_agent(seat.agent, 0)  # a computer player this installation lacks
            except ValueError as exc:
                raise click.ClickException(f"{path}: {exc}") from None
    saves.clean_leftovers(path)  # half-written saves from a program killed while saving
    console = make_console()
    names = ", ".join(f"{p.name} ({p.faction.name})" for p in game.state.players)
    console.print(f"Resuming {path}: {names}; turn {game.state.turn}.", markup=False, soft_wrap=True)
    if game.is_over:
        console.print(render.result_text(game))
        console.print(render.final_table(game))
        console.print(f"This game is over; watch it again with: {command(paths, 'replay', path)}", markup=False, soft_wrap=True)
        return
    play_game(console, game, path, paths, live_svg, ask_everyone)
