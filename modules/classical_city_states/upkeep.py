"""The upkeep phase (the source rules): gold for Armies and Rowers that can be supplied, Baggage for
those that cannot be paid, and the upkeep roll for the rest.

An Army or Rowers can be paid where it stands in or next to a city of its owner's that is
neither besieged nor razed, unless it is completely surrounded by other players' units; a
Quartermaster Leader in its space supplies it anywhere. An unpaid unit eats a Baggage of
its owner's in its space if there is one; otherwise it makes the upkeep roll: 1D6, +1 a
starvation counter, -1 in farmland or a fishing village (-1 more with Granaries): 6 or more,
it disbands; else it takes a starvation counter. Paying or eating clears the counters.
"""

from __future__ import annotations

import attrs

from warp_empires.kit import BOARD, Option, RollDie, Step

from . import ledger, places
from .moving import settle_at_sea
from .traits import has_city_trait, leaders_with


def starvation(game, unit: int) -> int:
    return ledger.of(game).starving.get(unit, 0)


def set_starvation(game, unit: int, count: int) -> None:
    starving = ledger.of(game).starving
    if count:
        starving[unit] = count
    else:
        starving.pop(unit, None)


def supplied(game, unit: int, seat: int) -> bool:
    s = game.state
    zone = s.units[unit].zone
    if leaders_with(game, s.stack(zone, seat), "quartermaster"):
        return True
    if places.surrounded(game, zone, seat):
        return False
    for z in (zone, *game.board.adjacency[zone]):
        if s.control.get(z) == seat and places.is_city(game, z) and not places.besieged(game, z, seat) and not places.razed(game, z):
            return True
    return False


@attrs.frozen
class PayUpkeep(Step):
    """Gold for the units that can be paid; when it runs short the player picks who is paid."""

    seat: int

    def run(self, game):
        s = game.state
        for unit in list(ledger.of(game).starving):
            if s.units[unit].place != BOARD:
                set_starvation(game, unit, 0)
        needy = [u for u in s.units_of(self.seat) if "upkeep" in s.units[u].type.tags]
        if not needy:
            return None
        price = game.rules.settings.extra["upkeep_per_army"]
        payable = [u for u in needy if supplied(game, u, self.seat)]
        cut_off = [u for u in needy if u not in payable]
        affordable = min(len(payable), s.players[self.seat].treasury // price)
        if affordable == 0 or affordable == len(payable):
            self._settle(game, payable[:affordable], payable[affordable:] + cut_off)
            return None
        options = [Option(f"unit:{u}", f"{game.unit_label(u)} in {game.zone_name(s.units[u].zone)}", u) for u in payable]
        prompt = f"Upkeep: gold for {affordable} of {len(payable)} supplied units ({len(cut_off)} cut off): choose who is paid"
        return game.ask(self.seat, "pay_upkeep", prompt, options, count=affordable, context={"cut_off": cut_off})

    def resume(self, game, decision, picked) -> None:
        paid = [decision.options[i].value for i in picked]
        unpaid = [o.value for o in decision.options if o.value not in paid] + list(decision.context["cut_off"])
        self._settle(game, paid, unpaid)

    def _settle(self, game, paid: list[int], unpaid: list[int]) -> None:
        s = game.state
        s.players[self.seat].treasury -= len(paid) * game.rules.settings.extra["upkeep_per_army"]
        for u in paid:
            set_starvation(game, u, 0)
        game.emit("upkeep_paid", player=self.seat, paid=len(paid), unpaid=len(unpaid), treasury=s.players[self.seat].treasury)
        steps: list[Step] = []
        for u in sorted(unpaid):
            baggage = next((b for b in s.stack(s.units[u].zone, self.seat) if s.units[b].type.id == "baggage"), None)
            if baggage is not None:
                set_starvation(game, u, 0)
                s.return_to_pool(baggage)
                game.emit("baggage_eaten", player=self.seat, zone=s.units[u].zone, secret={"unit": s.units[u].type.name})
            else:
                hunger = f"the hunger of a unit in {game.zone_name(s.units[u].zone)}: with its starvation counters, 6 or more disbands it"
                steps += [RollDie(f"upkeep:{u}", self.seat, purpose=hunger), Starve(self.seat, u)]
        game.push(*steps)


@attrs.frozen
class Starve(Step):
    """The upkeep roll of an unpaid unit that had no Baggage to eat."""

    seat: int
    unit: int

    def run(self, game) -> None:
        s = game.state
        roll = ledger.take_roll(game, f"upkeep:{self.unit}")
        counters = starvation(game, self.unit)
        food = "food" in s.zone_types[s.units[self.unit].zone].tags
        total = roll + counters - food - has_city_trait(game, self.seat, "granaries")
        name = s.units[self.unit].type.name
        zone = s.units[self.unit].zone
        if total >= 6:
            set_starvation(game, self.unit, 0)
            game.emit("unit_disbanded", player=self.seat, zone=zone, reason="starvation", roll=roll, total=total, secret={"unit": name})
            s.return_to_pool(self.unit)
            settle_at_sea(game, zone, self.seat)  # C3: what it carried at sea (its Leaders) is lost with it
        else:
            set_starvation(game, self.unit, counters + 1)
            game.emit("starving", player=self.seat, zone=zone, roll=roll, total=total, counters=counters + 1, secret={"unit": name})
        return None


def armed_at_most(game, seat: int) -> list[tuple[int, str, int]]:
    """For each other player, the most Armies and Rowers it can have on the board, from what
    ``seat`` saw: the units it paid upkeep for at its latest upkeep (paid from a treasury
    everyone sees, so the count is public), plus one for each unit put on the board since
    (which kind is its own secret, B14). Before a player's first upkeep nothing is said of it.
    The computer players deal the chits they cannot see within these counts."""
    others = {p.seat for p in game.state.players} - {seat}
    placed: dict[int, int] = {}
    limits = []
    for event in reversed(game.events):
        if event.kind not in ("unit_placed", "upkeep_paid"):
            continue
        seen = event.seen_by(seat)
        owner = None if seen is None else seen.data.get("player")
        if owner not in others:
            continue
        if seen.kind == "unit_placed":
            placed[owner] = placed.get(owner, 0) + 1
        else:
            limits.append((owner, "upkeep", seen.data["paid"] + seen.data["unpaid"] + placed.get(owner, 0)))
            others.discard(owner)
            if not others:
                break
    return limits
