"""Saving, loading and replaying games as JSON.

A save holds the setup (module and its version, map, seats, seed, turn limit), every
choice made, and the digest of the position reached. Loading builds the game afresh
and replays the choices, so a save made by another version of the rules is detected
rather than silently giving a different game. Files are written atomically: a crash
while saving never leaves a half-written save behind. Never pickle, never eval.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import __version__
from .decisions import IllegalChoice
from .engine import Game, GameSetup, Seat
from .mapgen import mapfile

FORMAT = "warp-empires-save"
FORMAT_VERSION = 1
MAX_BYTES = 64 * 1024 * 1024


class SaveError(ValueError):
    """A save file cannot be used; the message says why in one line."""


def setup_to_dict(setup: GameSetup) -> dict[str, Any]:
    return {
        "module": setup.module,
        "seats": [{"name": s.name, "faction": s.faction, "agent": s.agent} for s in setup.seats],
        "seed": setup.seed,
        "turn_limit": setup.turn_limit,
        "options": dict(setup.options),
        "map": mapfile.to_document(setup.zone_map),
    }


def setup_from_dict(doc: Any) -> GameSetup:
    if not isinstance(doc, dict):
        raise SaveError("the save's setup is not a JSON object")
    try:
        seats = tuple(Seat(str(s["name"]), str(s["faction"]), str(s.get("agent", "human"))) for s in doc["seats"])
        turn_limit = doc.get("turn_limit")
        if turn_limit is not None and (not isinstance(turn_limit, int) or turn_limit < 1):
            raise SaveError(f"turn_limit must be a positive whole number, not {turn_limit!r}")
        seed = doc["seed"]
        if not isinstance(seed, int):
            raise SaveError(f"seed must be a whole number, not {seed!r}")
        return GameSetup(str(doc["module"]), seats, mapfile.validate(doc["map"]), seed, turn_limit, dict(doc.get("options", {})))
    except KeyError as exc:
        raise SaveError(f"the save's setup has no {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError(f"the save's setup is malformed: {exc}") from None


def to_dict(game: Game) -> dict[str, Any]:
    """Everything needed to rebuild ``game``, as JSON-ready data."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": __version__,
        "module_version": game.rules.info.version,
        "setup": setup_to_dict(game.setup),
        "choices": list(game.choices),
        "digest": game.digest(),
        "turn": game.state.turn,
        "over": game.is_over,
    }


def write_json_atomic(path: str | Path, doc: Any) -> Path:
    """Write JSON to ``path`` through a temporary file and a rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def save(game: Game, path: str | Path) -> Path:
    """Write ``game`` to ``path`` atomically; returns the path."""
    return write_json_atomic(path, to_dict(game))


def read(path: str | Path) -> dict[str, Any]:
    """Read and check a save file's outer form; raises :class:`SaveError`."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise SaveError(f"cannot read save {path}: {exc.strerror or exc}") from None
    if size > MAX_BYTES:
        raise SaveError(f"{path} is {size} bytes; a save is at most {MAX_BYTES}")
    try:
        doc = json.loads(path.read_bytes())
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path} is not a save file (not valid JSON: {exc}); it may be truncated") from None
    except RecursionError:
        raise SaveError(f"{path} is not a save file (nested too deeply)") from None
    return check(doc, str(path))


def check(doc: Any, where: str = "save") -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{where} is not a warp-empires save")
    version = doc.get("format_version")
    if version != FORMAT_VERSION:
        raise SaveError(f"{where} has save format version {version!r}; this warp-empires reads version {FORMAT_VERSION}")
    for key, kind in (("setup", dict), ("choices", list), ("digest", str)):
        if not isinstance(doc.get(key), kind):
            raise SaveError(f"{where} has no valid {key!r}")
    for i, c in enumerate(doc["choices"]):
        if not (isinstance(c, str) or (isinstance(c, list) and all(isinstance(x, str) for x in c))):
            raise SaveError(f"{where}: choice {i + 1} is {c!r}, not an option id")
    return doc


def replay(doc: dict[str, Any], module_paths: Iterable[str] = (), upto: int | None = None, check_digest: bool = True) -> Game:
    """Rebuild the game a save describes by replaying its choices.

    ``upto`` stops after that many choices (for stepping through a game). The digest
    is checked only when every choice was replayed.
    """
    setup = setup_from_dict(doc["setup"])
    try:
        game = Game(setup, module_paths=module_paths)
    except (ValueError, KeyError) as exc:
        raise SaveError(f"cannot set the saved game up: {exc}") from None
    saved_version = doc.get("module_version")
    mine = game.rules.info.version
    choices = doc["choices"] if upto is None else doc["choices"][:upto]
    for i, choice in enumerate(choices):
        try:
            game.decide(choice)
        except IllegalChoice:
            raise SaveError(
                f"choice {i + 1} of the save ({choice!r}) is not legal here: this save was made by a different "
                f"version of module {setup.module} (saved with {saved_version}, this is {mine})"
            ) from None
    if check_digest and upto is None and game.digest() != doc["digest"]:
        raise SaveError(
            f"the replayed game does not match the save: this save was made by a different version of module "
            f"{setup.module} (saved with {saved_version}, this is {mine})"
        )
    return game


def load(path: str | Path, module_paths: Iterable[str] = ()) -> Game:
    """The game saved at ``path``, replayed and checked. Raises :class:`SaveError`."""
    return replay(read(path), module_paths)
