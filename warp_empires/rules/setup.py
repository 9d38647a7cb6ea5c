"""The generic starting position: a start zone each, units there, a hand of cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import words
from .cards import draw_cards
from .recruit import draw_units

if TYPE_CHECKING:
    from ..engine import Game


def faction_starts(game: Game, count: int) -> list[int] | None:
    """Each seat's start zone on a map that ties its start zones to factions (the Aegean's
    home cities): the seat's faction's own, else one no seated faction claims. ``None`` on
    other maps, or when more players sit than the map has start zones."""
    zone_map = game.setup.zone_map
    factions = (zone_map.meta.get("options") or {}).get("start_factions")
    if not factions or count > len(zone_map.starts):
        return None
    unclaimed = dict(zip(factions, zone_map.starts))
    picked = [unclaimed.pop(seat.faction, None) for seat in game.setup.seats[:count]]
    spare = [z for z in zone_map.starts if z in unclaimed.values()]
    return [zone if zone is not None else spare.pop(0) for zone in picked]


def pick_start_zones(game: Game, count: int) -> list[int]:
    """The map's start zones in seat order (or by faction, see :func:`faction_starts`), or
    else revenue zones (of the theme's start zone type when there are enough) spread far apart."""
    starts = faction_starts(game, count) or list(game.setup.zone_map.starts[:count])
    if len(starts) == count:
        return starts
    s = game.state
    candidates = [z for z in range(len(game.board)) if s.zone_types[z].generates_revenue and z not in starts] or [
        z for z in range(len(game.board)) if s.zone_types[z].passable and z not in starts
    ]
    # A theme that names a start zone type (Doctor Who: Rich) starts everyone on one when it can.
    # A wrong kind of answer is named where maps are made (mapgen.theme); here it only prefers none.
    wanted = getattr(game.pm.hook.warp_map_rules(players=count), "start_zone_type", None)
    preferred = [z for z in candidates if s.zone_types[z].id == wanted]
    if wanted is not None and len(preferred) >= count - len(starts):
        candidates = preferred
    import networkx as nx

    graph = game.setup.zone_map.graph()
    while len(starts) < count and candidates:
        if not starts:
            best = candidates[0]
        else:
            dist = {z: min(nx.shortest_path_length(graph, z, t) if nx.has_path(graph, z, t) else 10**6 for t in starts) for z in candidates}
            best = max(candidates, key=lambda z: (dist[z], -z))
        starts.append(best)
        candidates.remove(best)
    if len(starts) < count:
        from ..rulebook import SetupError  # a map too small for the table, not a fault of the theme calling this

        raise SetupError(f"the map has room for {words.count(len(starts), 'start zone')} but {count} players are seated")
    return starts


def generic_setup(game: Game) -> None:
    """Each seat controls its start zone, gets ``start_units`` random units there from its
    pool and draws ``start_cards`` cards; treasuries start at 0."""
    s = game.state
    settings = game.rules.settings
    starts = pick_start_zones(game, len(s.players))
    for player, zone in zip(s.players, starts):
        if s.zone_types[zone].generates_revenue:
            s.control[zone] = player.seat
        for unit in draw_units(game, player.seat, settings.start_units):
            s.put_on_board(unit, player.seat, zone)
        draw_cards(game, player.seat, settings.start_cards)
        game.emit("start_zone", player=player.seat, zone=zone)
    s.starts = tuple(starts)
