"""One possible truth behind what a seat sees: the hidden things dealt again.

A computer player must not look at what its seat cannot see (B4, B14). Before it looks
ahead it takes a copy of the game and deals again everything hidden from it: the kinds
of the units under the tops of other players' stacks, of the units in the pools (and on
another player's recruit offer), the other players' hands and the order of the deck.
The copy's dice are reseeded too, so its future is not the real game's.

The deal starts from the hidden things sorted, then shuffled by the player's own
generator, so two games that look the same from the seat give the same copy, whatever
is really hidden:

>>> import random
>>> from warp_empires import Game, GameSetup, Seat
>>> from warp_empires.mapgen import generate_for_theme
>>> from warp_empires.plugins import make_manager
>>> pm = make_manager("doctor_who")
>>> game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen")],
...             generate_for_theme(pm, zones=20, players=2, seed=1), seed=1), plugins=pm)
>>> a = determinize(game, 0, random.Random(5))
>>> a.state.players[0].hand == game.state.players[0].hand  # one's own hand stays
True
>>> a.view_for(0) == game.view_for(0)  # and so does everything the seat can see
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..model.state import BOARD, OFFER, POOL

if TYPE_CHECKING:
    from ..engine import Game


def shown_tops(game: Game) -> set[int]:
    """The unit on top of every stack: every player sees it (B4)."""
    units = game.state.units
    out = set()
    for ids in game.state.zone_units.occupied_lists():
        owners: set[int] = set()
        for u in ids:
            owner = units[u].owner
            if owner not in owners:
                owners.add(owner)
                out.add(u)
    return out


def hidden_units(game: Game, seat: int) -> list[int]:
    """The unit chits whose kind ``seat`` cannot see, in id order."""
    s = game.state
    tops = shown_tops(game)
    fought = s.battle.zone if s.battle is not None else None  # a battle shows both sides (B5)
    gone = set(s.destroyed_this_turn)
    out = []
    for u in s.units:
        if u.id in gone:
            continue
        if u.place == POOL or (u.place == OFFER and seat != s.active) or (
            u.place == BOARD and u.owner != seat and u.id not in tops and u.zone != fought
        ):
            out.append(u.id)
    return out


def seen_place(game: Game, unit: int) -> tuple[int, int, int]:
    """Where a hidden chit stands as every player sees it: on the board by zone and place in
    the zone, then recruit offers, then the pools. Kinds are dealt in this order, not by
    chit id: ids follow the kinds the chits were made as, so dealing by id would let the
    true kinds steer the deal."""
    u = game.state.units[unit]
    if u.place == BOARD:
        return (0, u.zone, game.state.zone_units[u.zone].index(unit))
    return (1 if u.place == OFFER else 2, 0, unit)


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with everything hidden from ``seat`` dealt again from ``rng``,
    and the copy's own dice reseeded from ``rng``."""
    twin = game.clone()
    s = twin.state
    by_pool: dict[str, list[int]] = {}
    for u in sorted(hidden_units(twin, seat), key=lambda u: seen_place(twin, u)):
        by_pool.setdefault(s.units[u].pool, []).append(u)
    for pool in sorted(by_pool):
        ids = by_pool[pool]
        kinds = sorted((s.units[u].type for u in ids), key=lambda t: t.id)
        rng.shuffle(kinds)
        for u, kind in zip(ids, kinds):
            s.units[u].type = kind
    others = [p for p in s.players if p.seat != seat]
    cards = sorted(s.deck + [c for p in others for c in p.hand])
    rng.shuffle(cards)
    s.deck = cards[: len(s.deck)]
    rest = cards[len(s.deck):]
    for p in others:
        p.hand, rest = rest[: len(p.hand)], rest[len(p.hand):]
    twin.rng = random.Random(rng.getrandbits(64))
    return twin
