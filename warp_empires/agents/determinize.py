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

import operator
import random
import weakref
from typing import TYPE_CHECKING

from ..model.state import OFFER, POOL

if TYPE_CHECKING:
    from ..engine import Game


def hidden_chits(game: Game, seat: int) -> tuple[list[int], list[int]]:
    """The unit chits whose kind ``seat`` cannot see: those under the top of another
    player's stack (a battle shows both sides, B5), and, apart, those on another player's
    recruit offer and in the pools (B4, B14).

    They come in the order every player sees them stand: on the board by zone and place in
    the stack, then the offers, then the pools, by id. Kinds are dealt in this order, not by
    chit id: ids follow the kinds the chits were made as, so dealing by id would let the
    true kinds steer the deal. One pass finds them: a search deals thousands of times a
    decision."""
    s = game.state
    units = s.units
    fought = s.battle.zone if s.battle is not None else None
    gone = set(s.destroyed_this_turn)
    out = []
    for zone, ids in sorted(s.zone_units.items()):
        if zone == fought:
            continue
        owners: set[int] = set()
        for u in ids:
            owner = units[u].owner
            if owner not in owners:
                owners.add(owner)  # the top of a stack: seen by all (B4)
            elif owner != seat and u not in gone:
                out.append(u)
    hide_offer = seat != s.active
    offers, pools = [], []
    for u in units:
        if u.place == POOL:
            if u.id not in gone:
                pools.append(u.id)
        elif u.place == OFFER and hide_offer and u.id not in gone:
            offers.append(u.id)
    return out, offers + pools


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` with everything hidden from ``seat`` dealt again from ``rng``,
    and the copy's own dice reseeded from ``rng``.

    The deal keeps to what every player knows beyond the view: a theme's
    ``warp_hidden_limits`` (a player pays upkeep for at most so many Armies, say)."""
    limits = hidden_limits(game, seat)
    twin = game.clone()
    s = twin.state
    units = s.units
    board, elsewhere = hidden_chits(twin, seat)
    by_pool: dict[str, list[int]] = {}
    for u in board + elsewhere:
        by_pool.setdefault(units[u].pool, []).append(u)
    for pool in sorted(by_pool):
        ids = by_pool[pool]
        kinds = sorted((units[u].type for u in ids), key=_type_id)
        rng.shuffle(kinds)
        for u, kind in zip(ids, kinds):
            units[u].type = kind
    for owner, tag, at_most in limits:
        if owner != seat:
            _keep_within(twin, owner, tag, at_most, board, elsewhere, rng)
    others = [p for p in s.players if p.seat != seat]
    cards = sorted(s.deck + [c for p in others for c in p.hand])
    rng.shuffle(cards)
    s.deck = cards[: len(s.deck)]
    rest = cards[len(s.deck):]
    for p in others:
        p.hand, rest = rest[: len(p.hand)], rest[len(p.hand):]
    twin.rng = random.Random(rng.getrandbits(64))
    return twin


_LIMITS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # game -> (events, seat, limits)


def hidden_limits(game: Game, seat: int) -> tuple[tuple[int, str, int], ...]:
    """The themes' ``warp_hidden_limits`` for ``seat``, asked again only when the game has
    new events: a search deals thousands of times a decision from the same game."""
    known = _LIMITS.get(game)
    if known is not None and known[0] == len(game.events) and known[1] == seat:
        return known[2]
    limits = tuple(limit for answer in game.hook.warp_hidden_limits(game=game, seat=seat) for limit in answer)
    _LIMITS[game] = (len(game.events), seat, limits)
    return limits


def _keep_within(game: Game, owner: int, tag: str, at_most: int, board: list[int], elsewhere: list[int], rng: random.Random) -> None:
    """Deal ``owner`` no more hidden units tagged ``tag`` than ``at_most`` leaves room for
    beside those seen: the extra ones, picked at random, swap kinds with untagged chits off
    the board (the offers and pools) of the same pool, so every pool keeps its kinds."""
    units = game.state.units
    dealt = {u for u in board if units[u].owner == owner}
    seen = sum(1 for u in game.state.units_of(owner) if u not in dealt and tag in units[u].type.tags)
    tagged = [u for u in board if u in dealt and tag in units[u].type.tags]
    excess = len(tagged) - max(0, at_most - seen)
    if excess <= 0:
        return
    spare: dict[str, list[int]] = {}
    for u in elsewhere:
        if tag not in units[u].type.tags:
            spare.setdefault(units[u].pool, []).append(u)
    for u in rng.sample(tagged, excess):
        partners = spare.get(units[u].pool)
        if not partners:
            continue  # nothing untagged left to swap with: the deal cannot keep the limit
        i = rng.randrange(len(partners))
        partner = partners[i]
        partners[i] = partners[-1]
        partners.pop()
        units[u].type, units[partner].type = units[partner].type, units[u].type


_type_id = operator.attrgetter("id")
