"""The card effects of this game's own deck (C1): diplomacy, rebels, fire, storms, plague,
grain, levies and silver. Each card's words are in data/cards.toml."""

from __future__ import annotations

import attrs

from warp_empires.kit import Effect, Option, RollDie, Step, pool_key

from . import places
from .ledger import take_roll
from .attacks import sack
from .diplomacy import Rebels, roll_at, targets
from .moving import settle_at_sea
from .upkeep import set_starvation, starvation


class ExtraDiplomacy(Effect):
    """One more diplomacy roll now, at +``bonus``; ``enemy_only``: at another player's city.
    The city is the card's target, chosen as it is played."""

    defaults = {"bonus": 0, "enemy_only": False}

    def has_target(self, game, seat, ctx) -> bool:
        return bool(targets(game, seat, self.params["enemy_only"]))

    def targets(self, game, seat, ctx):
        # Named as the log will tell everyone the card's target, not as the diplomacy phase
        # asks ("Approach Messene (yours)" read "played Proxenos on Approach ...").
        s = game.state
        out = []
        for z in targets(game, seat, self.params["enemy_only"]):
            holder = s.control.get(z, -1)
            whose = "neutral" if holder == -1 else s.players[holder].name
            out.append(Option(f"zone:{z}", f"{game.zone_name(z)} ({whose}{', hostile' if places.hostile(game, z) else ''})", z))
        return out

    def resolve(self, game, seat, target, ctx) -> None:
        game.push(*roll_at(game, seat, target, self.params["bonus"]))


def _next_to_mine(game, seat: int, zone: int, kinds=places.ARMED) -> bool:
    s = game.state
    return any(s.units[u].type.id in kinds for z in game.board.adjacency[zone] for u in s.stack(z, seat))


class StirRebels(Effect):
    """Pay ``cost`` gold: 1D3 Rebels rise in another player's minor city next to your Armies
    or Rowers, and attack its garrison as in a revolt."""

    defaults = {"cost": 3}

    def targets(self, game, seat, ctx):
        s = game.state
        if s.players[seat].treasury < self.params["cost"]:
            return []
        return [
            Option(f"zone:{z}", f"{game.zone_name(z)} ({s.players[c].name})", z)
            for z, c in sorted(s.control.items())
            if c != seat and places.is_minor_city(game, z) and _next_to_mine(game, seat, z)
        ]

    def resolve(self, game, seat, target, ctx) -> None:
        game.state.players[seat].treasury -= self.params["cost"]
        key = f"rebels:{target}"
        game.push(RollDie(key, seat, 3, f"how many Rebels rise in {game.zone_name(target)}"), Rebels(seat, target, key))


class Firebrands(Effect):
    """Another player's city next to your Armies or Rowers gets ``counters`` Razed counters."""

    defaults = {"counters": 2}

    def targets(self, game, seat, ctx):
        s = game.state
        return [
            Option(f"zone:{z}", f"{game.zone_name(z)} ({s.players[c].name})", z)
            for z, c in sorted(s.control.items())
            if c != seat and places.is_city(game, z) and _next_to_mine(game, seat, z)
        ]

    def resolve(self, game, seat, target, ctx) -> None:
        sack(game, seat, target, self.params["counters"], event="set_alight")  # burned, not sacked: no assault, no plunder


class StormAtSea(Effect):
    """A storm in a sea space holding another player's ships: each of their Fleets and
    Transports there sinks on 1D6 ``sinks_on`` or more (each die a roll Favour of Tyche may
    answer); what they carried is lost with them."""

    defaults = {"sinks_on": 5}

    def targets(self, game, seat, ctx):
        s = game.state
        out = []
        for z in range(len(game.board)):
            if places.is_sea(game, z):
                for o in sorted(s.owners_in(z) - {seat}):
                    out.append(Option(f"storm:{z}:{o}", f"{s.players[o].name}'s ships in {game.zone_name(z)}", (z, o)))
        return out

    def resolve(self, game, seat, target, ctx) -> None:
        zone, owner = target
        s = game.state
        ships = tuple(u for u in s.stack(zone, owner) if "ship" in s.units[u].type.tags)
        sinks = f"the storm on one of {game.state.players[owner].name}'s ships in {game.zone_name(zone)}: {self.params['sinks_on']} or more sinks it"
        game.push(*(RollDie(f"storm:{u}", seat, purpose=sinks) for u in ships), Storm(seat, zone, owner, ships, self.params["sinks_on"]))


@attrs.frozen
class Storm(Step):
    """The storm's dice are rolled (and any rerolled): the ships they sink go down."""

    by: int
    zone: int
    owner: int
    ships: tuple[int, ...]
    sinks_on: int

    def run(self, game) -> None:
        s, zone, owner = game.state, self.zone, self.owner
        sunk = fleets = 0
        for u in self.ships:
            roll = take_roll(game, f"storm:{u}")
            if s.units[u].zone == zone and s.units[u].owner == owner and roll >= self.sinks_on:
                fleets += s.units[u].type.id == "fleet"
                s.return_to_pool(u)
                sunk += 1
        game.emit("storm", player=owner, zone=zone, by=self.by, sunk=sunk)
        # A sunk Fleet's Rowers go down with it, as in a sea battle; what else nothing
        # carries any more is lost with the ships.
        for u in [u for u in s.stack(zone, owner) if s.units[u].type.id == "rowers"][:fleets]:
            game.emit("lost_at_sea", player=owner, zone=zone, secret={"unit": "Rowers"})
            s.return_to_pool(u)
        settle_at_sea(game, zone, owner)
        return None


class Plague(Effect):
    """Every Army and Rowers of one stack of another player's gets a starvation counter."""

    def targets(self, game, seat, ctx):
        s = game.state
        return [
            Option(f"stack:{z}:{o}", f"{s.players[o].name} in {game.zone_name(z)}", (z, o))
            for o in range(len(s.players)) if o != seat for z in s.zones_with_units(o)
        ]

    def resolve(self, game, seat, target, ctx) -> None:
        zone, owner = target
        s = game.state
        struck = [u for u in s.stack(zone, owner) if "upkeep" in s.units[u].type.tags]
        for u in struck:
            set_starvation(game, u, starvation(game, u) + 1)
        game.emit("plague", player=owner, zone=zone, by=seat, secret={"struck": len(struck)})


class GrainShips(Effect):
    """Every starvation counter on your units is removed."""

    def has_target(self, game, seat, ctx) -> bool:
        return any(starvation(game, u) for u in game.state.units_of(seat))

    def resolve(self, game, seat, target, ctx) -> None:
        fed = [u for u in game.state.units_of(seat) if starvation(game, u)]
        for u in fed:
            set_starvation(game, u, 0)
        game.emit("grain_ships", player=seat, secret={"fed": len(fed)})


class Levy(Effect):
    """``count`` Armies from the pool join you, free, in your home city (while you hold it),
    as many as its stacking limit leaves room for (C1)."""

    defaults = {"count": 1}

    def _armies(self, game, seat: int) -> list[int]:
        s = game.state
        home = places.home_city(game, seat)
        most = min(self.params["count"], places.room(game, seat, home))
        return [u for u in s.pools.get(pool_key(game, seat), []) if s.units[u].type.id == "army"][:most]

    def playable(self, game, seat, ctx) -> bool:
        home = places.home_city(game, seat)
        return home is not None and game.state.control.get(home) == seat and bool(self._armies(game, seat))

    def resolve(self, game, seat, target, ctx) -> None:
        home = places.home_city(game, seat)
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


EFFECTS = {
    "levy": Levy, "gain_gold": GainGold, "extra_diplomacy": ExtraDiplomacy, "stir_rebels": StirRebels,
    "firebrands": Firebrands, "storm_at_sea": StormAtSea, "plague": Plague, "grain_ships": GrainShips,
}
