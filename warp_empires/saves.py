"""Saving, loading and replaying games as JSON.

A save holds the setup (module and its version, map, seats, seed, turn limit), every
choice made, and the digest of the position reached (with its version, see
:mod:`warp_empires.fingerprint`); and, for a game played with ``play --ask-everyone``,
``"ask_everyone": true``, which ``resume`` keeps to and ``replay`` heeds (it hides
whom the rules asked at a card, a move or a die roll). Loading builds the game afresh
and replays the choices, so a save made by another version of the rules is detected
rather than silently giving a different game. Files are written atomically: a crash
while saving never leaves a half-written save behind. Never pickle, never eval.
"""

from __future__ import annotations

import errno
import glob
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import __version__, fingerprint, limits
from .decisions import IllegalChoice
from .engine import Game, GameSetup, Seat
from .mapgen import mapfile

FORMAT = "warp-empires-save"
FORMAT_VERSION = 1


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


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise SaveError(f"the save's {what} is {_kind(value)}, not text")
    return value


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(type(value), "a number")


def setup_from_dict(doc: Any) -> GameSetup:
    if not isinstance(doc, dict):
        raise SaveError("the save's setup is not a JSON object")
    for key in ("module", "seats", "seed", "map"):
        if key not in doc:
            raise SaveError(f"the save's setup has no {key!r}")
    module = _text(doc["module"], "module")
    raw_seats = doc["seats"]
    if not isinstance(raw_seats, list):
        raise SaveError(f"the save's seats are {_kind(raw_seats)}, not a list")
    seats = []
    for i, raw in enumerate(raw_seats, 1):
        if not isinstance(raw, dict) or "name" not in raw or "faction" not in raw:
            raise SaveError(f"seat {i} of the save is not an object with a name and a faction")
        seats.append(Seat(_text(raw["name"], f"seat {i} name"), _text(raw["faction"], f"seat {i} faction"),
                          _text(raw.get("agent", "human"), f"seat {i} agent")))
    turn_limit = doc.get("turn_limit")
    if turn_limit is not None and (isinstance(turn_limit, bool) or not isinstance(turn_limit, int) or not 1 <= turn_limit <= limits.MAX_ROUNDS):
        raise SaveError(f"turn_limit must be a whole number from 1 to {limits.MAX_ROUNDS}, or null, not {turn_limit!r}")
    seed = doc["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > limits.MAX_SEED:
        raise SaveError(f"seed must be a whole number from {-limits.MAX_SEED} to {limits.MAX_SEED}")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise SaveError(f"the save's options are {_kind(options)}, not an object")
    try:
        zone_map = mapfile.validate(doc["map"])
    except ValueError as exc:
        raise SaveError(f"the save's map: {exc}") from None
    return GameSetup(module, tuple(seats), zone_map, seed, turn_limit, dict(options))


def to_dict(game: Game, ask_everyone: bool = False) -> dict[str, Any]:
    """Everything needed to rebuild ``game``, as JSON-ready data (``ask_everyone``: the
    table plays with ``--ask-everyone``)."""
    doc = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": __version__,
        "module_version": game.rules.info.version,
        "setup": setup_to_dict(game.setup),
        "choices": list(game.choices),
        "digest": game.digest(),
        "digest_version": fingerprint.VERSION,
        "turn": game.state.turn,
        "over": game.is_over,
    }
    if ask_everyone:
        doc["ask_everyone"] = True
    return doc


def dumps(doc: Any) -> str:
    """A save's text: compact JSON in one call, ASCII only, so any editor or terminal shows it."""
    return json.dumps(doc, separators=(",", ":"), allow_nan=False)


def map_bytes(zone_map: Any) -> int:
    """How many bytes ``zone_map`` takes inside a save."""
    return len(dumps(mapfile.to_document(zone_map)))


def check_map_fits(zone_map: Any) -> None:
    """Refuse a map too big for a save (see :data:`limits.MAX_MAP_IN_SAVE_BYTES`): the
    game could start but its save could never be resumed."""
    size = map_bytes(zone_map)
    if size > limits.MAX_MAP_IN_SAVE_BYTES:
        raise SaveError(
            f"the map takes {size:,} bytes in a save; a save keeps at most {limits.MAX_MAP_IN_SAVE_BYTES:,} for the map "
            f"(about {limits.MAX_MAP_IN_SAVE_BYTES // 370 // 1000 * 1000:,} generated zones), so a game on it could not be resumed"
        )


def leftovers(path: str | Path) -> list[Path]:
    """Temporary files a save to ``path`` left behind when the program was killed mid-write."""
    path = Path(path)
    return sorted(path.parent.glob(f".{glob.escape(path.name)}.*.tmp")) if path.parent.is_dir() else []


def clean_leftovers(path: str | Path) -> None:
    """Remove :func:`leftovers` of ``path`` (a save in progress there is this program's own)."""
    for tmp in leftovers(path):
        tmp.unlink(missing_ok=True)


def write_atomic(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` through a temporary file and a rename, so a crash leaves
    either the old file or the new one; leftovers of earlier crashes go."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        # What the system says here ("File exists") hides the cause: a file where a folder
        # of the path should be. Name it.
        blocker = next((p for p in (path.parent, *path.parent.parents) if p.exists() and not p.is_dir()), path.parent)
        raise NotADirectoryError(errno.ENOTDIR, f"{blocker} is a file, not a folder", str(blocker)) from None
    clean_leftovers(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def save(game: Game, path: str | Path, ask_everyone: bool = False) -> Path:
    """Write ``game`` (played with ``--ask-everyone`` or not) to ``path`` atomically; returns the path.

    A save bigger than :data:`limits.MAX_SAVE_BYTES` could not be read back, so it is
    refused with :class:`SaveError` (the file already there is kept).
    """
    text = dumps(to_dict(game, ask_everyone))
    if len(text) > limits.MAX_SAVE_BYTES:
        raise SaveError(f"the save would be {len(text):,} bytes; a save may have at most {limits.MAX_SAVE_BYTES:,}")
    return write_atomic(path, text)


def read(path: str | Path) -> dict[str, Any]:
    """Read and check a save file's outer form; raises :class:`SaveError`."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise SaveError(f"cannot read save {path}: {exc.strerror or exc}") from None
    if not path.is_file():  # a device or a pipe could be read for ever
        raise SaveError(f"cannot read save {path}: not a regular file")
    if size > limits.MAX_SAVE_BYTES:
        raise SaveError(f"{path} is {size:,} bytes; a save may have at most {limits.MAX_SAVE_BYTES:,}")
    try:
        doc = json.loads(path.read_bytes())
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path} is not a save file (not valid JSON: {exc}); it may be truncated") from None
    except RecursionError:
        raise SaveError(f"{path} is not a save file (nested too deeply)") from None
    except ValueError:  # Python refuses to read integers of thousands of digits
        raise SaveError(f"{path} is not a save file (it holds a number thousands of digits long)") from None
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
    if type(doc.get("ask_everyone", False)) is not bool:
        raise SaveError(f"{where}: 'ask_everyone' is {str(doc['ask_everyone'])[:40]!r}; it may be true or false")
    return doc


def digest_version(doc: dict[str, Any]) -> int:
    """Which digest a save records: saves from before versions were recorded have version 1."""
    version = doc.get("digest_version", 1)
    if version not in (1, fingerprint.VERSION):
        raise SaveError(f"the save's digest has version {version!r}; this warp-empires checks versions 1 and {fingerprint.VERSION}")
    return version


def _version(text: str) -> tuple[int, ...] | None:
    parts = text.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() and len(p) < 10 for p in parts) else None


def why_it_differs(doc: dict[str, Any], game: Game) -> str:
    """Why replaying ``doc`` went astray: an edit, when the same version of the theme
    made it; otherwise the other version."""
    saved, mine = doc.get("module_version"), game.rules.info.version
    if saved == mine:
        return "the save was changed after it was written (its seed, seats, map or choices no longer fit together)"
    return f"this save was made by a different version of module {game.setup.module} (saved with {saved}, this is {mine})"


def replay(doc: dict[str, Any], module_paths: Iterable[str] = (), upto: int | None = None, check_digest: bool = True) -> Game:
    """Rebuild the game a save describes by replaying its choices.

    ``upto`` stops after that many choices (for stepping through a game). The digest
    is checked only when every choice was replayed. A save from a newer version of the
    theme is refused; one from an older version is replayed and must reach the same
    position; a save whose choices or digest do not fit its own setup was changed
    after it was written, and is refused as such.
    """
    setup = setup_from_dict(doc["setup"])
    try:
        game = Game(setup, module_paths=module_paths)
    except (ValueError, KeyError) as exc:
        raise SaveError(f"cannot set the saved game up: {exc}") from None
    saved = doc.get("module_version")
    mine = game.rules.info.version
    if not isinstance(saved, str):
        raise SaveError("the save does not say which version of its theme made it (field 'module_version')")
    newer = _version(saved) is not None and _version(mine) is not None and _version(saved) > _version(mine)
    if newer:
        raise SaveError(f"this save was made by version {saved} of module {setup.module}, newer than {mine} here; install {saved} or later to resume it")
    why = why_it_differs(doc, game)
    choices = doc["choices"] if upto is None else doc["choices"][:upto]
    for i, choice in enumerate(choices):
        try:
            game.decide(choice)
        except IllegalChoice:
            if game.is_over:
                raise SaveError(f"the save goes on after the game ended (choice {i + 1} of {len(choices)}): {why}") from None
            raise SaveError(f"choice {i + 1} of the save ({str(choice)[:40]!r}) is not legal here: {why}") from None
    if check_digest and upto is None and game.digest(digest_version(doc)) != doc["digest"]:
        raise SaveError(f"the replayed game does not reach the position the save records: {why}")
    return game


def load(path: str | Path, module_paths: Iterable[str] = ()) -> Game:
    """The game saved at ``path``, replayed and checked. Raises :class:`SaveError`, whose
    message names the file."""
    doc = read(path)
    try:
        return replay(doc, module_paths)
    except SaveError as exc:
        raise naming(path, exc) from None


def naming(path: str | Path, exc: SaveError) -> SaveError:
    """``exc`` with the save's file name in front, unless it already names the file."""
    text = str(exc)
    return exc if str(path) in text else SaveError(f"{path}: {text}")
