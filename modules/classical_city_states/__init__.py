"""City States of Hellas: the classical city-state game on the Warp Empires engine.

The rules are in ``RULES.md``; zone types, units, cards and numbers in ``data/``. This file
holds what the data cannot say: the nine-phase turn's own phases (gold upkeep, recruiting
by city, the experience roll, diplomacy, free movement, sea and land battles), minor city
incomes, sieges, land and sea movement, stacking limits, the home city Defense Modifier,
the Levy and Gain Gold card effects, the setup, the victory and the tiebreak.
"""

from __future__ import annotations

import attrs

from warp_empires.kit import (
    BOARD, AfterBattles, BattlePhase, Effect, Modifier, MovePhase, Option, RollDie, StackMoves, Step, TakeControl,
    ThemePlugin, draw_cards, hookimpl, pick_start_zones, pool_key,
)

HOME_DEFENSE = 8
STACKED = frozenset({"army", "ship"})  # what stacking limits count, and what besieges a city
NOTHING = Option("done", "Recruit nothing here")


# ---------------------------------------------------------------------- places


def home_city(game, seat: int) -> int | None:
    starts = game.state.registers.get("starts", ())
    return starts[seat] if seat < len(starts) else None


def is_city(game, zone: int) -> bool:
    return "city" in game.state.zone_types[zone].tags


def on_the_sea(game, zone: int) -> bool:
    """A coastal zone (coast, fishing village, city) next to a sea zone: ships may enter it."""
    types = game.state.zone_types
    return "coast" in types[zone].tags and any("sea" in types[n].tags for n in game.board.adjacency[zone])


def besieged(game, zone: int, seat: int) -> bool:
    """Another player's Army or Fleet stands in or next to the city."""
    s = game.state
    for z in (zone, *game.board.adjacency[zone]):
        for u in s.zone_units[z]:
            if s.units[u].owner != seat and STACKED & s.units[u].type.tags:
                return True
    return False


def city_income(game, zone: int) -> int:
    """A minor city's base income (rolled at setup); a home city's is its type's revenue."""
    return game.state.registers.get(f"income:{zone}", game.state.zone_types[zone].revenue)


def stacking_limit(game, zone: int) -> int:
    limits = game.rules.settings.extra["stacking"]
    return limits.get(game.state.zone_types[zone].id, 10**6)


# ---------------------------------------------------------------------- upkeep


def starvation(game, unit: int) -> int:
    return game.state.registers.get(f"starving:{unit}", 0)


def set_starvation(game, unit: int, count: int) -> None:
    if count:
        game.state.registers[f"starving:{unit}"] = count
    else:
        game.state.registers.pop(f"starving:{unit}", None)


def supplied(game, unit: int, seat: int) -> bool:
    """An Army in or next to a city of its owner that is not under siege can be paid."""
    zone = game.state.units[unit].zone
    for z in (zone, *game.board.adjacency[zone]):
        if game.state.control.get(z) == seat and is_city(game, z) and not besieged(game, z, seat):
            return True
    return False


@attrs.frozen
class PayUpkeep(Step):
    """Gold for every Army that can be paid; when it runs short the player picks who is paid.

    With ``supply`` (the rule of this game) an Army can be paid only where it is
    :func:`supplied`; without it, wherever it stands.
    """

    seat: int
    supply: bool = True

    def run(self, game):
        s = game.state
        for key in [k for k in s.registers if k.startswith("starving:")]:
            if s.units[int(key.split(":")[1])].place != BOARD:
                del s.registers[key]
        armies = [u for u in s.units_of(self.seat) if "upkeep" in s.units[u].type.tags]
        if not armies:
            return None
        price = game.rules.settings.extra["upkeep_per_army"]
        payable = [u for u in armies if not self.supply or supplied(game, u, self.seat)]
        cut_off = [u for u in armies if u not in payable]
        affordable = min(len(payable), s.players[self.seat].treasury // price)
        if affordable == 0:
            self._settle(game, [], armies)
            return None
        options = [Option(f"unit:{u}", f"{game.unit_label(u)} in {game.zone_name(s.units[u].zone)}", u) for u in payable]
        prompt = f"Upkeep: gold for {affordable} of {len(payable)} supplied Armies ({len(cut_off)} cut off): choose who is paid"
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
            steps += [RollDie(f"upkeep:{u}", self.seat), Starve(self.seat, u)]
        game.push(*steps)


@attrs.frozen
class Starve(Step):
    """The upkeep roll of an unpaid Army: 1D6, +1 per starvation counter, -1 on food
    (farmland, fishing village); 6 or more: it disbands, else one more counter."""

    seat: int
    unit: int

    def run(self, game) -> None:
        s = game.state
        roll = s.registers.pop(f"upkeep:{self.unit}")
        counters = starvation(game, self.unit)
        food = "food" in s.zone_types[s.units[self.unit].zone].tags
        total = roll + counters - (1 if food else 0)
        name = s.units[self.unit].type.name
        if total >= 6:
            set_starvation(game, self.unit, 0)
            game.emit("unit_disbanded", player=self.seat, zone=s.units[self.unit].zone, reason="starvation", roll=roll, total=total, secret={"unit": name})
            s.return_to_pool(self.unit)
        else:
            set_starvation(game, self.unit, counters + 1)
            game.emit("starving", player=self.seat, zone=s.units[self.unit].zone, roll=roll, total=total, counters=counters + 1, secret={"unit": name})
        return None


# ---------------------------------------------------------------------- recruiting


def own_stacked(game, seat: int, zone: int) -> int:
    s = game.state
    return sum(1 for u in s.zone_units[zone] if s.units[u].owner == seat and STACKED & s.units[u].type.tags)


def take_from_pool(game, seat: int, type_id: str) -> int | None:
    s = game.state
    return next((u for u in s.pools.get(pool_key(game, seat), []) if s.units[u].type.id == type_id), None)


@attrs.frozen
class RecruitAt(Step):
    """One city recruits at most one Army or (on the sea) one Fleet a turn."""

    seat: int
    city: int

    def run(self, game):
        s = game.state
        if s.control.get(self.city) != self.seat or besieged(game, self.city, self.seat):
            return None
        if own_stacked(game, self.seat, self.city) >= stacking_limit(game, self.city):
            return None
        extra = game.rules.settings.extra
        treasury = s.players[self.seat].treasury
        options = [NOTHING]
        for type_id, price in (("army", extra["army_cost"]), ("fleet", extra["fleet_cost"])):
            if type_id == "fleet" and not on_the_sea(game, self.city):
                continue
            if price <= treasury and take_from_pool(game, self.seat, type_id) is not None:
                options.append(Option(f"type:{type_id}", f"{game.rules.unit_types[type_id].name} for {price} gold", (type_id, price)))
        if len(options) == 1:
            return None
        return game.ask(self.seat, "buy", f"Recruit in {game.zone_name(self.city)} (treasury {treasury})", options)

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id == "done":
            return
        type_id, price = option.value
        unit = take_from_pool(game, self.seat, type_id)
        s = game.state
        s.players[self.seat].treasury -= price
        s.put_on_board(unit, self.seat, self.city)
        name = s.units[unit].type.name
        game.emit("unit_bought", player=self.seat, secret={"unit": name, "cost": price})
        game.emit("unit_placed", player=self.seat, zone=self.city, secret={"unit": name})


@attrs.frozen
class Experience(Step):
    """The home city's experience roll: on a 10 a Leader joins you there."""

    seat: int
    key: str

    def run(self, game) -> None:
        s = game.state
        roll = s.registers.pop(self.key)
        home = home_city(game, self.seat)
        leaders = [u for u in s.pools.get(pool_key(game, self.seat), []) if s.units[u].type.is_leader]
        if roll == 10 and leaders and home is not None:
            leader = game.rng.choice(leaders)
            s.put_on_board(leader, self.seat, home)
            game.emit("leader_gained", player=self.seat, zone=home, secret={"unit": s.units[leader].type.name})
        return None


def recruit_phase(game, seat: int) -> list[Step]:
    s = game.state
    steps: list[Step] = []
    home = home_city(game, seat)
    if home is not None and s.control.get(home) == seat:
        key = f"experience:{seat}"
        steps += [RollDie(key, seat, 10), Experience(seat, key)]
    steps += [RecruitAt(seat, z) for z in s.controlled(seat) if is_city(game, z)]
    return steps


# ---------------------------------------------------------------------- diplomacy


@attrs.frozen
class Diplomacy(Step):
    seat: int

    def run(self, game):
        s = game.state
        targets = [z for z, t in enumerate(s.zone_types) if t.id == "city" and s.control.get(z) != self.seat]
        if not targets:
            return None
        options = [Option("pass", "No diplomacy this turn")]
        options += [Option(f"zone:{z}", f"Approach {game.zone_name(z)}", z) for z in targets]
        return game.ask(self.seat, "diplomacy", "Diplomacy roll: approach a minor city?", options)

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id != "pass":
            key = f"diplomacy:{self.seat}"
            game.push(RollDie(key, self.seat), Persuade(self.seat, option.value, key))


@attrs.frozen
class Persuade(Step):
    """6: a neutral city joins you; a rival's city with none of the rival's units in it
    revolts and becomes neutral."""

    seat: int
    zone: int
    key: str

    def run(self, game) -> None:
        s = game.state
        roll = s.registers.pop(self.key)
        holder = s.control.get(self.zone, -1)
        outcome = "nothing"
        if roll >= 6 and holder == -1:
            s.control[self.zone] = self.seat
            game.emit("control", zone=self.zone, player=self.seat, previous=-1)
            outcome = "joined"
        elif roll >= 6 and holder != self.seat and not s.stack(self.zone, holder):
            del s.control[self.zone]
            outcome = "revolt"
        game.emit("diplomacy", player=self.seat, zone=self.zone, roll=roll, outcome=outcome)
        return None


# ---------------------------------------------------------------------- the Levy card


class Levy(Effect):
    """``count`` Armies from the pool join you, free, in your home city (while you hold it)."""

    defaults = {"count": 1}

    def _armies(self, game, seat: int) -> list[int]:
        s = game.state
        return [u for u in s.pools.get(pool_key(game, seat), []) if s.units[u].type.id == "army"][: self.params["count"]]

    def playable(self, game, seat, ctx) -> bool:
        home = home_city(game, seat)
        return home is not None and game.state.control.get(home) == seat and bool(self._armies(game, seat))

    def resolve(self, game, seat, target, ctx) -> None:
        home = home_city(game, seat)
        if home is None or game.state.control.get(home) != seat:
            return
        for unit in self._armies(game, seat):
            game.state.put_on_board(unit, seat, home)
            game.emit("unit_placed", player=seat, zone=home, secret={"unit": game.state.units[unit].type.name})


class GainGold(Effect):
    """Take ``amount`` gold into your treasury now."""

    defaults = {"amount": 5}

    def resolve(self, game, seat, target, ctx) -> None:
        player = game.state.players[seat]
        player.treasury += self.params["amount"]
        game.emit("gold_gained", player=seat, amount=self.params["amount"], treasury=player.treasury)


# ---------------------------------------------------------------------- the phases


def move_phase(game, seat: int) -> list[Step]:
    units = len(game.state.units_of(seat))
    return [StackMoves(seat, units)] if units else []


PHASES = {
    "upkeep": lambda game, seat: [PayUpkeep(seat)],
    "recruit": recruit_phase,
    "diplomacy": lambda game, seat: [Diplomacy(seat)],
    "first_move": lambda game, seat: [MovePhase(seat), *move_phase(game, seat)],
    "sea_battle": lambda game, seat: [BattlePhase(seat, zone_tag="sea")],
    "land_battle": lambda game, seat: [BattlePhase(seat, exclude_tag="sea"), AfterBattles(seat), TakeControl(seat)],
    "second_move": move_phase,
}


class CityStates(ThemePlugin):
    @hookimpl
    def warp_phase_handlers(self):
        return PHASES

    @hookimpl
    def warp_card_effects(self):
        return {"levy": Levy, "gain_gold": GainGold}

    @hookimpl
    def warp_setup(self, game):
        s = game.state
        extra = game.rules.settings.extra
        starts = pick_start_zones(game, len(s.players))
        s.registers["starts"] = tuple(starts)
        home_type = game.rules.zone_types["home_city"]
        for zone in starts:
            s.set_zone_type(zone, home_type)  # a player's start zone is their home city
        for zone, ztype in enumerate(s.zone_types):
            if ztype.id == "city":
                s.registers[f"income:{zone}"] = game.rng.randint(1, 6)  # fixed for the whole game
        for seat, zone in enumerate(starts):
            s.control[zone] = seat
            wanted = ["army"] * extra["start_armies"] + (["fleet"] * extra["start_fleets"] if on_the_sea(game, zone) else [])
            for type_id in wanted:
                unit = take_from_pool(game, seat, type_id)
                if unit is not None:
                    s.put_on_board(unit, seat, zone)
            leaders = [u for u in s.pools[pool_key(game, seat)] if s.units[u].type.is_leader]
            if leaders:
                s.put_on_board(game.rng.choice(leaders), seat, zone)
            draw_cards(game, seat, game.rules.settings.start_cards)
            game.emit("start_zone", player=seat, zone=zone)
        return True

    @hookimpl
    def warp_revenue_modifiers(self, game, seat):
        s = game.state
        silenced = {e.zone for e in s.lasting if e.kind == "zone_no_revenue" and e.seat == seat}
        out = []
        minor = sum(city_income(game, z) for z in s.controlled(seat) if s.zone_types[z].id == "city" and z not in silenced)
        if minor:
            out.append(Modifier("minor city incomes", minor))
        for zone in s.controlled(seat):
            if is_city(game, zone) and zone not in silenced and besieged(game, zone, seat):
                out.append(Modifier(f"siege of {game.zone_name(zone)}", -city_income(game, zone)))
        return out

    @hookimpl
    def warp_blocked_zones(self, game, seat, units):
        s = game.state
        ships = [bool({"ship"} & s.units[u].type.tags) for u in units]
        counted = sum(1 for u in units if STACKED & s.units[u].type.tags)
        out = set()
        for z, t in enumerate(s.zone_types):
            if not all(ships) and "sea" in t.tags:
                out.add(z)  # Armies and Leaders never go to sea
            elif any(ships) and "sea" not in t.tags and not on_the_sea(game, z):
                out.add(z)  # Fleets keep to the sea and its shores
            elif counted and own_stacked(game, seat, z) + counted > stacking_limit(game, z):
                out.add(z)  # no room under the stacking limit
        return out

    @hookimpl
    def warp_force_modifiers(self, game, battle, side):
        if side == battle.defender and home_city(game, side) == battle.zone:
            return [Modifier("home city Defense Modifier", HOME_DEFENSE)]
        return []

    @hookimpl
    def warp_tiebreak(self, game):
        """Most cities, then most income (home city and minor city incomes), else a draw."""
        s = game.state
        scores = []
        for p in s.players:
            cities = [z for z in s.controlled(p.seat) if is_city(game, z)]
            scores.append((len(cities), sum(city_income(game, z) for z in cities), p.seat))
        scores.sort(key=lambda t: t[:2], reverse=True)
        if len(scores) > 1 and scores[0][:2] == scores[1][:2]:
            return -1
        return scores[0][2]

    @hookimpl
    def warp_evaluate(self, game, seat):
        """Home cities win the game (one's own above all: losing it loses everything) and
        cities break the tie."""
        s = game.state
        homes = sum(1 for p in s.players if s.control.get(home_city(game, p.seat)) == seat)
        return 8.0 * homes + sum(1.0 for z in s.control.zones_of(seat) if is_city(game, z))

    @hookimpl
    def warp_victory(self, game):
        homes = [home_city(game, p.seat) for p in game.state.players]
        owners = {game.state.control.get(z, -1) for z in homes}
        if len(homes) > 1 and len(owners) == 1 and -1 not in owners:
            return owners.pop()
        return None


plugin = CityStates(__name__)
