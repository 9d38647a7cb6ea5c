"""Revenue (B8), upkeep (B10) and control (B11): the empire's books."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..decisions import Decision, Option
from ..step import Step, rule_step
from .battle import Modifier

if TYPE_CHECKING:
    from ..engine import Game


def zone_revenue(game: Game, zone: int) -> int:
    return game.state.zone_types[zone].revenue


def revenue_parts(game: Game, seat: int) -> list[Modifier]:
    """What ``seat`` would earn now: controlled zones plus every modifier, itemised."""
    s = game.state
    types = s.zone_types
    earned = 0
    for z in s.control.zones_of(seat):  # a loop, not a comprehension (docs/speed.md)
        earned += types[z].revenue
    parts = [tuple.__new__(Modifier, ("controlled zones", earned))]  # without the named tuple's keyword handling
    if s.lasting or not game.hook.generic["warp_revenue_modifiers"]:  # the generic rules: lasting effects alone
        extra = [m for answer in game.hook.warp_revenue_modifiers(game=game, seat=seat) for m in answer or ()]
        parts.extend(sorted(extra))  # sorted: the order plugins were registered in never shows
    return parts


def lasting_revenue_modifiers(game: Game, seat: int) -> list[Modifier]:
    """Card effects still running against (or for) ``seat``'s revenue."""
    out = []
    s = game.state
    idle: set[int] = set()
    for e in s.lasting:
        if e.seat != seat:
            continue
        if e.kind == "revenue_delta":
            out.append(Modifier("card effect", e.amount))
        elif e.kind == "zone_no_revenue" and s.control.get(e.zone) == seat and e.zone not in idle:
            # B8: a zone that earns nothing earns nothing once, however many cards say so;
            # a second revolt there must not take the revenue of the owner's other zones.
            idle.add(e.zone)
            out.append(Modifier(f"no revenue from {game.zone_name(e.zone)}", -zone_revenue(game, e.zone)))
    return out


def printed_revenue(game: Game, seat: int) -> int:
    """The revenue printed on the revenue-generating zones ``seat`` controls, before any
    card effect on what is collected (B15: what upkeep counts)."""
    types = game.state.zone_types
    printed = 0
    for z in game.state.control.zones_of(seat):  # a loop, not a comprehension (docs/speed.md)
        t = types[z]
        if t.generates_revenue:
            printed += t.revenue
    return printed


def upkeep_capacity(game: Game, seat: int) -> int:
    """How many units ``seat`` may keep at upkeep (B10, B15)."""
    return game.rules.settings.upkeep_per_revenue * printed_revenue(game, seat)


def revenue_phase(game: Game, seat: int) -> list[Step]:
    return [_revenue_step(seat)]


@functools.lru_cache(maxsize=64)
def _revenue_step(seat: int) -> Step:
    return CollectRevenue(seat)  # steps never change: every turn shares it


@rule_step
class CollectRevenue(Step):
    seat: int

    def run(self, game: Game) -> None:
        parts = revenue_parts(game, self.seat)
        amount = 0
        for part in parts:  # a loop, not a comprehension (docs/speed.md)
            amount += part.amount
        amount = max(0, amount)
        player = game.state.players[self.seat]
        player.revenue = amount
        player.treasury += amount
        game.emit("revenue", player=self.seat, amount=amount, parts=list(map(tuple, parts)), treasury=player.treasury)
        return None


def upkeep_phase(game: Game, seat: int) -> list[Step]:
    return [_upkeep_step(seat)]


@functools.lru_cache(maxsize=64)
def _upkeep_step(seat: int) -> Step:
    return Upkeep(seat)  # steps never change: every turn shares it


@rule_step
class Upkeep(Step):
    """Keep at most upkeep_per_revenue x the printed revenue of the zones controlled now
    (B10, B15: Raiding, Revolt and the like cut what is collected, not what is kept);
    the player picks the units to disband."""

    seat: int

    def run(self, game: Game) -> Decision | None:
        s = game.state
        limit = upkeep_capacity(game, self.seat)
        excess = sum(s.occupied.get(self.seat, {}).values()) - limit  # the units counted, not listed
        if excess <= 0:
            return None
        mine = s.units_of(self.seat)
        options = [Option(f"unit:{u}", f"{game.unit_label(u)} in {game.zone_name(s.units[u].zone)}", u) for u in mine]
        return game.ask(self.seat, "disband", f"Upkeep supports {limit} units: disband {excess}", options, count=excess)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        for i in picked:
            unit = decision.options[i].value
            u = game.state.units[unit]
            game.emit("unit_disbanded", player=self.seat, zone=u.zone, secret={"unit": u.type.name})
            game.state.return_to_pool(unit)


def control_phase(game: Game, seat: int) -> list[Step]:
    return [_control_step(seat)]


@functools.lru_cache(maxsize=64)
def _control_step(seat: int) -> Step:
    return TakeControl(seat)  # steps never change: every turn shares it


@rule_step
class TakeControl(Step):
    """Every revenue-generating zone holding the active player's units gets their marker."""

    seat: int

    def run(self, game: Game) -> None:
        s = game.state
        control, types = s.control, s.zone_types
        for zone in s.zones_with_units(self.seat):
            if types[zone].generates_revenue and control.get(zone) != self.seat:
                before = control.get(zone, -1)
                control[zone] = self.seat
                game.emit("control", zone=zone, player=self.seat, previous=before)
        return None
