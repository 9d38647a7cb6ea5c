"""The digest of a position: a short fingerprint that equal games share.

Version 2 covers the whole state, the engine's own bookkeeping and every theme's state
alike, so two games that differ anywhere a rule could read differ in their digest.
Saves record which version their digest is; version 1 (which left out the battle in
progress, lasting effects, die rolls in flight and themes' own values) is kept so the
saves written with it still load.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from .engine import Game

VERSION = 2  #: the digest version new saves record


def digest(game: Game, version: int = VERSION) -> str:
    """The fingerprint of ``game``'s position, computed as digest ``version`` defines it."""
    if version == 1:
        doc: Any = _version_1(game)
    elif version == 2:
        doc = parts(game)
    else:
        raise ValueError(f"unknown digest version {version!r}; this warp-empires knows 1 and 2")
    return hashlib.sha256(json.dumps(doc, separators=(",", ":")).encode()).hexdigest()[:16]


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data in one canonical form: dicts and sets sorted, tuples as
    lists, rules data (frozen values with an ``id``) by id, other attrs values field by field."""
    kind = type(value)
    if value is None or kind in (int, str, bool, float):
        return value
    if isinstance(value, (list, tuple)):  # with ZoneTypes and named tuples such as Modifier
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return sorted(([plain(k), plain(v)] for k, v in value.items()), key=_order)
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=_order)
    if attrs.has(kind):
        if kind.__hash__ is not None and isinstance(getattr(value, "id", None), str):
            return value.id  # rules data (unit, card, zone types, factions) is named by its id
        return [kind.__qualname__, *(plain(getattr(value, f.name)) for f in attrs.fields(kind))]
    raise TypeError(f"cannot fingerprint a {kind.__qualname__} ({value!r}); game state holds plain values only")


def _order(item: Any) -> str:
    return json.dumps(item, separators=(",", ":"))


def parts(game: Game) -> dict[str, Any]:
    """What the current digest covers, part by part, as plain data: two positions differ
    where these differ (``module check`` names the parts a copy changed)."""
    s = game.state
    pending = game.pending
    return {
        "turn": s.turn,
        "active": s.active,
        "phase": s.phase,
        "over": s.over,
        "winner": s.winner,
        "units": [[u.type.id, u.pool, u.place, u.owner, u.zone, u.moved] for u in s.units],
        "zones": [list(z) for z in s.zone_units],
        "types": [z.id for z in s.zone_types],
        "control": sorted(s.control.items()),
        "players": [[p.treasury, p.hand, p.revenue, p.faction.id] for p in s.players],
        "deck": s.deck,
        "discard": s.discard,
        "pools": {k: sorted(v) for k, v in sorted(s.pools.items())},
        "lasting": plain(s.lasting),
        "destroyed_this_turn": s.destroyed_this_turn,
        "rolls": plain(s.rolls),
        "negated": sorted(s.negated),
        "battle": plain(s.battle),
        "next_play": s.next_play,
        "starts": list(s.starts),
        "placed": plain(s.placed),
        "last_owner": plain(s.last_owner),
        # A theme's state that still holds its defaults is the same position as none at all.
        "themes": sorted(
            [f"{cls.__module__}.{cls.__qualname__}", plain(obj)] for cls, obj in s.themes.items() if obj != cls()
        ),
        "pending": None if pending is None else [pending.player, pending.kind, pending.count, [o.id for o in pending.options]],
    }


def _version_1(game: Game) -> dict[str, Any]:
    s = game.state
    return {
        "turn": s.turn,
        "active": s.active,
        "phase": s.phase,
        "over": s.over,
        "winner": s.winner,
        "units": [[u.place, u.owner, u.zone] for u in s.units],
        "zones": [list(z) for z in s.zone_units],
        "types": [z.id for z in s.zone_types],
        "control": sorted(s.control.items()),
        "players": [[p.treasury, p.hand, p.revenue] for p in s.players],
        "deck": s.deck,
        "discard": s.discard,
        "pools": {k: sorted(v) for k, v in sorted(s.pools.items())},
        "pending": None if game.pending is None else [game.pending.player, [o.id for o in game.pending.options]],
    }
