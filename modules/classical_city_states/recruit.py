"""The recruit phase (the source rules): each city recruits one unit and up to 6 Baggage, and the
home city makes the experience roll.

A city of yours that is not besieged, razed or hostile may recruit one Army or Rowers
(2 gold), or, on the sea, one Fleet (4 gold) or Transport (2 gold), within its stacking
limit, and up to 6 Baggage (1 gold each). The home city rolls 1D10: on a 10, a coin decides
between a Leader of your own city state not yet in play and a City Trait you lack (when one
of the two is not to be had, you get the other).
"""

from __future__ import annotations

import attrs

from warp_empires.kit import Option, RollDie, Step, pool_key

from . import ledger, places
from .captives import is_dead
from .traits import CITY_TRAITS, city_traits, gain_city_trait, has_city_trait

NOTHING = Option("done", "Recruit nothing here")
SHIPS = ("fleet", "transport")
MOST_BAGGAGE = 6


def price(game, seat: int, type_id: str) -> int:
    """A unit's price for ``seat``: Shipwrights take 1 off ships, Mercenaries off Armies."""
    cost = game.rules.unit_types[type_id].cost
    if type_id in SHIPS and has_city_trait(game, seat, "shipwrights"):
        cost -= 1
    if type_id == "army" and has_city_trait(game, seat, "mercenaries"):
        cost -= 1
    return max(1, cost)


def take_from_pool(game, seat: int, type_id: str) -> int | None:
    s = game.state
    return next((u for u in s.pools.get(pool_key(game, seat), []) if s.units[u].type.id == type_id), None)


def place_new(game, seat: int, type_id: str, zone: int, cost: int) -> bool:
    unit = take_from_pool(game, seat, type_id)
    if unit is None:
        return False
    s = game.state
    s.players[seat].treasury -= cost
    s.put_on_board(unit, seat, zone)
    name = s.units[unit].type.name
    game.emit("unit_bought", player=seat, secret={"unit": name, "cost": cost})
    game.emit("unit_placed", player=seat, zone=zone, secret={"unit": name})
    return True


@attrs.frozen
class RecruitAt(Step):
    """One city recruits at most one Army, Rowers, Fleet or Transport."""

    seat: int
    city: int

    def run(self, game):
        s = game.state
        if not places.can_recruit(game, self.city, self.seat):
            return None
        treasury = s.players[self.seat].treasury
        room = places.stacked(game, self.seat, self.city) < places.stacking_limit(game, self.city)  # C1
        options = [NOTHING]
        for type_id in ("army", "rowers", *SHIPS):
            if type_id in SHIPS and not places.on_the_sea(game, self.city):
                continue
            if type_id != "rowers" and not room:
                continue
            cost = price(game, self.seat, type_id)
            if cost <= treasury and take_from_pool(game, self.seat, type_id) is not None:
                options.append(Option(f"type:{type_id}", f"{game.rules.unit_types[type_id].name} for {cost} gold", (type_id, cost)))
        if len(options) == 1:
            return None
        return game.ask(self.seat, "buy", f"Recruit in {game.zone_name(self.city)} (treasury {treasury} gold)", options)

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id != "done":
            type_id, cost = option.value
            place_new(game, self.seat, type_id, self.city, cost)


@attrs.frozen
class RecruitBaggage(Step):
    """Up to 6 Baggage a turn in a city that may recruit."""

    seat: int
    city: int

    def run(self, game):
        s = game.state
        if not places.can_recruit(game, self.city, self.seat):
            return None
        cost = price(game, self.seat, "baggage")
        pool = [u for u in s.pools.get(pool_key(game, self.seat), []) if s.units[u].type.id == "baggage"]
        most = min(MOST_BAGGAGE, s.players[self.seat].treasury // cost, len(pool))
        if most <= 0:
            return None
        options = [Option(f"baggage:{n}", f"{n} Baggage for {n * cost} gold" if n else "No Baggage", n) for n in range(most + 1)]
        return game.ask(self.seat, "buy_baggage", f"Baggage in {game.zone_name(self.city)}?", options)

    def resume(self, game, decision, picked) -> None:
        for _ in range(decision.options[picked[0]].value):
            place_new(game, self.seat, "baggage", self.city, price(game, self.seat, "baggage"))


def leaders_to_gain(game, seat: int) -> list[int]:
    """Leaders of ``seat``'s own city state still in the pool and alive."""
    s = game.state
    faction = s.players[seat].faction.id
    return sorted(u for u in s.pools.get(pool_key(game, seat), []) if s.units[u].type.is_leader and faction in s.units[u].type.tags and not is_dead(game, u))


@attrs.frozen
class Experience(Step):
    """The home city's experience roll (1D10): on a 10, a Leader or a City Trait."""

    seat: int
    key: str

    def run(self, game) -> None:
        s = game.state
        roll = ledger.take_roll(game, self.key)
        home = places.home_city(game, self.seat)
        if roll != 10 or home is None:
            return None
        leaders = leaders_to_gain(game, self.seat)
        traits = [t for t in CITY_TRAITS if t not in city_traits(game, self.seat)]
        leader_first = game.rng.randint(1, 2) == 1  # 50%: a Leader; else a City Trait
        if leaders and (leader_first or not traits):
            leader = leaders[0]
            s.put_on_board(leader, self.seat, home)
            game.emit("leader_gained", player=self.seat, zone=home, secret={"unit": s.units[leader].type.name})
        elif traits:
            trait = game.rng.choice(traits)
            gain_city_trait(game, self.seat, trait)
            game.emit("city_trait_gained", player=self.seat, trait=CITY_TRAITS[trait].name, text=CITY_TRAITS[trait].text)
        return None


def recruit_phase(game, seat: int) -> list[Step]:
    s = game.state
    steps: list[Step] = []
    home = places.home_city(game, seat)
    if home is not None and s.control.get(home) == seat:
        key = f"experience:{seat}"
        steps += [RollDie(key, seat, 10, f"experience in {game.zone_name(home)}: 10 brings a Leader or a City Trait"), Experience(seat, key)]
    for z in s.controlled(seat):
        if places.is_city(game, z):
            steps += [RecruitAt(seat, z), RecruitBaggage(seat, z)]
    return steps
