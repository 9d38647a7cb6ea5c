"""Recruit phase (B9): draw units from the pool, buy what you can pay for, place them.

If every drawn unit is bought, 1D6 more are drawn once and may be bought too.
Unbought units go back to the pool. Bought units are placed in revenue-generating
zones the player controls, within each zone type's recruit limit.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..decisions import Decision, Later, Option, unit_keys
from ..step import Step, rule_step
from ..model.state import OFFER
from .reactions import RollDie

if TYPE_CHECKING:
    from ..engine import Game

DONE = Option("done", "Buy nothing more")


def pool_key(game: Game, seat: int) -> str:
    s = game.state
    faction = s.players[seat].faction.id
    return faction if faction in s.pools and game.rules.settings.pools == "faction" else "common"


def draw_units(game: Game, seat: int, count: int) -> tuple[int, ...]:
    """Take ``count`` random units from ``seat``'s pool (fewer if it runs out)."""
    s = game.state
    pool = s.pools.get(pool_key(game, seat), [])
    drawn = []
    rng = game.rng
    take = min(count, len(pool))
    if type(rng) is random.Random:
        getrandbits = rng.getrandbits
        for _ in range(take):
            # randrange(n) as random.Random works it out (the same numbers), without its calls
            n = len(pool)
            bits = n.bit_length()
            r = getrandbits(bits)
            while r >= n:
                r = getrandbits(bits)
            drawn.append(pool.pop(r))
    else:  # a generator of another kind may draw its numbers its own way
        for _ in range(take):
            drawn.append(pool.pop(rng.randrange(len(pool))))
    for unit in drawn:
        s.own_unit(unit).place = OFFER
    return tuple(drawn)


def cost(game: Game, seat: int, unit: int) -> int:
    kind = game.state.units[unit].type
    if game.hook.generic["warp_recruit_cost"]:  # the generic price without a hook call: asked of every unit drawn
        return generic_cost(game, seat, kind)
    return game.hook.warp_recruit_cost(game=game, seat=seat, unit_type=kind)


def generic_cost(game: Game, seat: int, unit_type) -> int:
    delta = game.state.players[seat].faction.ability_total("cost_delta")
    return max(1, unit_type.cost + delta) if delta else unit_type.cost


def placements(game: Game, seat: int, unit: int) -> list[int]:
    if game.hook.absent["warp_can_place"]:  # a zone takes every kind of unit or none
        zones = []
        for zone in game.state.controlled(seat):  # a loop, not a comprehension (docs/speed.md)
            if zone_takes_units(game, zone):
                zones.append(zone)
        return zones
    return [zone for zone in game.state.controlled(seat) if can_place(game, seat, unit, zone)]


def can_place(game: Game, seat: int, unit: int, zone: int) -> bool:
    """Whether ``seat`` may place ``unit`` in ``zone``, a zone it controls."""
    s = game.state
    if not zone_takes_units(game, zone):
        return False
    return False not in game.hook.warp_can_place(game=game, seat=seat, unit_type=s.units[unit].type, zone=zone)


def zone_takes_units(game: Game, zone: int) -> bool:
    """Whether new units may be placed in ``zone`` at all: it generates revenue and its
    type's recruit limit is not reached this phase (whatever the unit)."""
    s = game.state
    ztype = s.zone_types[zone]
    if not ztype.generates_revenue:
        return False
    return ztype.recruit_limit is None or s.placed.get(zone, 0) < ztype.recruit_limit


def recruit_phase(game: Game, seat: int) -> list[Step]:
    s = game.state
    s.placed.clear()
    types = s.zone_types
    for z in s.control.zones_of(seat):
        if types[z].generates_revenue:
            count = game.rules.settings.recruit_draw + s.players[seat].faction.ability_total("unit_draw_bonus")
            return [DrawOffer(seat, count, False)]
    game.emit("recruit_skipped", player=seat, reason="no revenue-generating zone to place units in")
    return []


@rule_step
class DrawOffer(Step):
    seat: int
    count: int
    extra: bool
    die_key: str | None = None

    def run(self, game: Game) -> None:
        count = game.state.rolls.pop(self.die_key) if self.die_key else self.count
        offer = draw_units(game, self.seat, count)
        units = game.state.units
        names = []
        for u in offer:  # a loop, not a comprehension (docs/speed.md)
            names.append(units[u].type.name)
        game.emit("recruit_draw", player=self.seat, count=len(offer), extra=self.extra, secret={"units": names})
        if offer:
            game.push(Buy(self.seat, offer, offer, self.extra))
        return None


def buy_text(unit_label: str, price: int) -> str:
    return f"Buy {unit_label} for {price}"


@rule_step
class Buy(Step):
    seat: int
    drawn: tuple[int, ...]
    left: tuple[int, ...]
    extra: bool

    def run(self, game: Game) -> Decision | None:
        treasury = game.state.players[self.seat].treasury
        units = game.state.units
        zones = game.state.control.zones_of(self.seat)
        # A unit's name, price and the zones it may be placed in depend on its type only,
        # and a draw often holds several units of one type: each type is asked about once.
        priced: dict[str, tuple[str, int]] = {}
        placeable: dict[str, bool] = {}
        anywhere = None
        if game.hook.absent["warp_can_place"]:
            # Nothing says where a kind of unit may go: a zone takes every kind or none.
            anywhere = False
            for z in zones:
                if zone_takes_units(game, z):
                    anywhere = True
                    break
        label = game.rules.unit_label
        keys = unit_keys(len(units))
        options = []
        drawn = []
        for u in self.left:
            kind = units[u].type
            known = priced.get(kind.id)
            if known is None:
                known = priced[kind.id] = (label(kind), cost(game, self.seat, u))
            name, price = known
            drawn.append((u, name, price))
            if price > treasury:
                continue
            ok = anywhere
            if ok is None:
                ok = placeable.get(kind.id)
                if ok is None:
                    ok = placeable[kind.id] = any(can_place(game, self.seat, u, z) for z in zones)
            if ok:
                options.append(tuple.__new__(Option, (keys[u], Later((buy_text, name, price)), u)))
        if not options:
            self._finish(game)
            return None
        context = {"drawn": drawn, "treasury": treasury}
        return game.ask(self.seat, "buy", f"Recruit (treasury {treasury})", [DONE, *options], context=context)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        option = decision.options[picked[0]]
        if option.id == "done":
            self._finish(game)
            return
        unit = option.value
        price = cost(game, self.seat, unit)
        game.state.players[self.seat].treasury -= price
        game.emit("unit_bought", player=self.seat, secret={"unit": game.state.units[unit].type.name, "cost": price})
        rest = list(self.left)  # a unit is drawn once: it is in the offer once
        rest.remove(unit)
        left = tuple(rest)
        follow: list[Step] = [Place(self.seat, unit)]
        if left:
            follow.append(Buy(self.seat, self.drawn, left, self.extra))
        elif not self.extra:
            key = f"recruit_more:{self.seat}"
            follow += [RollDie(key, self.seat, purpose="how many more units are drawn to recruit from"), DrawOffer(self.seat, 0, True, key)]
        game.push(*follow)

    def _finish(self, game: Game) -> None:
        for u in self.left:
            game.state.return_to_pool(u)


@rule_step
class Place(Step):
    seat: int
    unit: int

    def run(self, game: Game) -> Decision:
        named = game.board.zone_options
        options = []
        for z in placements(game, self.seat, self.unit):  # a loop, not a comprehension (docs/speed.md)
            options.append(named[z])
        return game.ask(self.seat, "place", f"Place {game.unit_label(self.unit)} in", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        zone = decision.options[picked[0]].value
        s = game.state
        s.put_on_board(self.unit, self.seat, zone)
        s.placed[zone] = s.placed.get(zone, 0) + 1
        game.emit("unit_placed", player=self.seat, zone=zone, secret={"unit": s.units[self.unit].type.name})
