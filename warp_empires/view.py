"""What one player may see of a game (B4: hidden stacks, hidden hands)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import Game


def view_for(game: Game, seat: int | None) -> dict[str, Any]:
    """A plain-data picture of the game from ``seat``'s chair.

    Own stacks are listed unit by unit; another player's stack shows only its top unit
    and how many units are under it. Only the viewer's own hand is listed; other hands
    are counts. Treasuries, control markers, deck and discard sizes are public.
    """
    s = game.state
    zones = []
    for zone, ids in enumerate(s.zone_units):  # every zone, occupied or not
        stacks = []
        for owner in sorted({s.units[u].owner for u in ids}):
            mine = [u for u in ids if s.units[u].owner == owner]
            if owner == seat:
                stacks.append({"owner": owner, "units": [s.units[u].type.name for u in mine], "count": len(mine)})
            else:
                stacks.append({"owner": owner, "top": s.units[mine[0]].type.name, "count": len(mine)})
        zones.append(
            {
                "id": zone,
                "code": game.board.codes[zone],
                "name": game.board.names[zone],
                "type": s.zone_types[zone].name,
                "revenue": s.zone_types[zone].revenue,
                "control": s.control.get(zone, -1),
                "stacks": stacks,
            }
        )
    players = []
    for p in s.players:
        entry: dict[str, Any] = {
            "seat": p.seat,
            "name": p.name,
            "faction": p.faction.name,
            "treasury": p.treasury,
            "revenue": p.revenue,
            "hand_size": len(p.hand),
            "units": sum(1 for u in s.units if u.owner == p.seat and u.place == 1),
            "captured": [u.type.name for u in s.units if u.owner == p.seat and u.place == 2],
        }
        if p.seat == seat:
            entry["hand"] = [game.card_name(c) for c in p.hand]
        players.append(entry)
    return {
        "viewer": seat,
        "turn": s.turn,
        "active": s.active,
        "phase": s.phase,
        "deck": len(s.deck),
        "discard": len(s.discard),
        "zones": zones,
        "players": players,
        "winner": s.winner,
    }
