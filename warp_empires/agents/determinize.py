"""One possible truth behind what a seat sees: the hidden things dealt again.

A computer player must not look at what its seat cannot see (B4, B14). Before it looks
ahead it takes a copy of the game and deals again everything hidden from it: the kinds
of the units under the tops of other players' stacks, of the units in the pools (and on
another player's recruit offer), the other players' hands and the order of the deck.
The copy's dice are reseeded too, so its future is not the real game's.

The deal starts from the hidden things sorted, then draws from them with the player's
own generator, so two games that look the same from the seat give the same copy, whatever
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
    ``warp_hidden_limits`` (a player pays upkeep for at most so many Armies, say). To deal
    many times from one position, make a :class:`Dealer` once."""
    return Dealer(game, seat).deal(rng)


class Dealer:
    """Deals the things of ``game`` hidden from ``seat`` again, as often as asked.

    What is hidden, and the sorted kinds it is dealt from, are worked out once: a search
    deals thousands of times a decision from one position. The chits in the pools are
    drawn at random when drawn at all, so which pool chit carries which kind tells the
    rules nothing; only the chits on the board and on the offers are dealt at random, and
    the pools keep what is left, laid out in sorted order (whatever the truth, so the
    copy still depends only on the view). Make a new dealer once the game has moved on.
    """

    def __init__(self, game: Game, seat: int):
        self.seat = seat
        self.limits = hidden_limits(game, seat)
        s = game.state
        units = s.units
        self.board, self.elsewhere = hidden_chits(game, seat)
        by_pool: dict[str, list[int]] = {}
        for u in self.board + self.elsewhere:
            by_pool.setdefault(units[u].pool, []).append(u)
        # For each pool: the chits dealt at random (board and offers come first in each
        # list), the pooled ones, and every kind among them sorted.
        self.pools = []
        for pool in sorted(by_pool):
            ids = by_pool[pool]
            kinds = sorted((units[u].type for u in ids), key=_type_id)
            dealt = [u for u in ids if units[u].place != POOL]
            self.pools.append((dealt, ids[len(dealt):], kinds))
        self.others = [p.seat for p in s.players if p.seat != seat]
        self.cards = sorted(s.deck + [c for i in self.others for c in s.players[i].hand])
        # The pools laid out in sorted order once: every deal copies this and changes only
        # the few pooled chits whose kinds the board and the offers drew (a copy shares
        # the pooled chits rather than copying them, GameState.copy).
        self._laid_out = game.clone()
        laid = self._laid_out.state
        for _, pooled, kinds in self.pools:
            for u, kind in zip(pooled, kinds):
                if laid.units[u].type is not kind:
                    laid.own_unit(u).type = kind

    def deal(self, rng: random.Random) -> Game:
        """A fresh copy of the game with the hidden things dealt from ``rng``."""
        twin = self._laid_out.clone()
        s = twin.state
        units = s.units
        for dealt, pooled, kinds in self.pools:
            m = len(pooled)
            if not dealt:
                continue
            # The dealt chits draw their kinds from every slot of the sorted kinds; the
            # pooled chits whose slots were drawn take the kinds of the slots left over
            # past the pooled ones.
            slots = rng.sample(range(len(kinds)), len(dealt))
            for u, slot in zip(dealt, slots):
                units[u].type = kinds[slot]
            drawn = set(slots)
            left_over = [slot for slot in range(m, len(kinds)) if slot not in drawn]
            for slot, spare in zip(sorted(slot for slot in slots if slot < m), left_over):
                s.own_unit(pooled[slot]).type = kinds[spare]
        for owner, tag, at_most in self.limits:
            if owner != self.seat:
                _keep_within(twin, owner, tag, at_most, self.board, self.elsewhere, rng)
        cards = self.cards[:]
        rng.shuffle(cards)
        s.deck = cards[: len(s.deck)]
        rest = cards[len(s.deck):]
        for i in self.others:
            p = s.players[i]
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
        mine, theirs = units[u].type, units[partner].type
        game.state.own_unit(u).type, game.state.own_unit(partner).type = theirs, mine


_type_id = operator.attrgetter("id")
