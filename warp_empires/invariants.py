"""Checks that hold in every position of every game, whatever the theme.

Used by the property tests, by ``warp-empires simulate --check`` and by anyone
debugging a theme: no unit is created or lost outside the rules, the indexes of
occupied and controlled zones agree with the units and markers, no card is lost or
duplicated, treasuries never go negative, control markers sit only on zones that earn,
and the game always either waits for a decision or is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model.state import BOARD, CAPTURED, NOBODY, OFFER, POOL

if TYPE_CHECKING:
    from .engine import Game


class InvariantError(AssertionError):
    """A position broke an invariant; the message lists what is wrong."""


def problems(game: Game) -> list[str]:
    """Everything wrong with the position (an empty list when all is well)."""
    s = game.state
    out: list[str] = []
    pooled = [u for ids in s.pools.values() for u in ids]
    on_board = [u for ids in s.zone_units for u in ids]
    if len(set(pooled)) != len(pooled):
        out.append("a unit is in a pool twice")
    if len(set(on_board)) != len(on_board):
        out.append("a unit is on the board twice")
    pooled_set, board_set = set(pooled), set(on_board)
    if pooled_set & board_set:
        out.append("a unit is both in a pool and on the board")
    for u in s.units:
        if u.place == POOL and (u.id not in s.pools.get(u.pool, ()) or u.owner != NOBODY):
            out.append(f"unit {u.id} ({u.type.name}) is marked pooled but is not in its pool unowned")
        elif u.place == BOARD and (u.id not in s.zone_units.get(u.zone) or u.owner == NOBODY):
            out.append(f"unit {u.id} ({u.type.name}) is marked on the board but is not in its zone with an owner")
        elif u.place in (CAPTURED, OFFER) and (u.id in pooled_set or u.id in board_set):
            out.append(f"unit {u.id} ({u.type.name}) is set aside but also in a pool or on the board")
        elif u.place == CAPTURED and (u.owner == NOBODY or u.zone != NOBODY):
            out.append(f"captured unit {u.id} ({u.type.name}) has no captor or still has a zone")
    if sum(1 for u in s.units if u.place == POOL) != len(pooled) or sum(1 for u in s.units if u.place == BOARD) != len(on_board):
        out.append("the pools or the board hold units marked as elsewhere")
    if s.phase != "recruit" and any(u.place == OFFER for u in s.units):
        out.append("units are left on offer outside the recruit phase")
    counted: dict[int, dict[int, int]] = {}
    for u in s.units:
        if u.place == BOARD:
            zones = counted.setdefault(u.owner, {})
            zones[u.zone] = zones.get(u.zone, 0) + 1
    if {seat: zones for seat, zones in s.occupied.items() if zones} != counted:
        out.append("the index of occupied zones disagrees with the units on the board")
    for p in s.players:
        if set(s.control.zones_of(p.seat)) != {z for z, c in s.control.items() if c == p.seat}:
            out.append(f"the index of {p.name}'s controlled zones disagrees with the control markers")
    held = sorted([c for p in s.players for c in p.hand] + s.deck + s.discard)
    if held != list(range(len(game.rules.cards))):
        out.append("a card is lost or duplicated")
    for p in s.players:
        if p.treasury < 0:
            out.append(f"{p.name}'s treasury is negative ({p.treasury})")
    for zone, seat in s.control.items():
        if not s.zone_types[zone].generates_revenue:
            out.append(f"a control marker sits on {game.zone_name(zone)}, which earns nothing")
        if not 0 <= seat < len(s.players):
            out.append(f"the control marker on {game.zone_name(zone)} belongs to no seat ({seat})")
    d = game.pending
    if d is None and not game.is_over:
        out.append("the game waits for nothing but is not over")
    if d is not None and (len(d.options) <= d.count or not 0 <= d.player < len(s.players)):
        out.append(f"the pending decision {d.kind!r} has nothing to choose or no valid player")
    if game.is_over and game.winner is None:
        out.append("the game is over without a result")
    return out


def check(game: Game) -> None:
    """Raise :class:`InvariantError` if the position breaks any invariant."""
    found = problems(game)
    if found:
        raise InvariantError(f"turn {game.state.turn}, phase {game.state.phase}: " + "; ".join(found))
