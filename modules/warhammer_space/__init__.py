"""War Hammer Space Empires: Orks, Imperium, Eldar and Tyranids fight over a sector of planets.

The rules are in ``RULES.md``; the unit lists, zone types and cards in ``data/``. This file
holds what the data cannot say:

* the setup (8 random ships and 12 random ground units of your own faction at your Homeworld);
* leaders recruited at half their force, rounded up; no ship recruited at a Poor planet;
* transports: ground units cross space at the transport speed (Medium) whatever their own;
* space battles before ground battles, with transports and bombardment;
* victory at more than 80% of the planets, and the map check (a Homeworld per player).
"""

from __future__ import annotations

from math import ceil

import attrs

from warp_empires import Step, ThemePlugin, hookimpl
from warp_empires.rules.battle import (
    BattleCards, EndBattle, LoserPicks, ResolveBattle, Retreat, StartBattle, WinnerPicksFirst, force_report,
)
from warp_empires.rules.recruit import pool_key
from warp_empires.rules.setup import generic_setup

SPACE = "space"
VICTORY_SHARE = (4, 5)  # more than 4/5 of all planets


def is_ship(game, unit: int) -> bool:
    return SPACE in game.state.units[unit].type.tags


def is_planet(game, zone: int) -> bool:
    return "planet" in game.state.zone_types[zone].tags


def planets(game) -> list[int]:
    return [z for z, t in enumerate(game.state.zone_types) if "planet" in t.tags]


@attrs.frozen
class SpaceBattle(Step):
    """The battle in space: all of the attacker's units (ground units on their transports)
    against the defender's ships (above a planet) or all its units (in deep space)."""

    zone: int
    attacker: int
    defender: int

    def run(self, game) -> None:
        s = game.state
        attackers = s.stack(self.zone, self.attacker)
        defenders = s.stack(self.zone, self.defender)
        if is_planet(game, self.zone):
            defenders = [u for u in defenders if is_ship(game, u)]  # the rest are on the surface
        if not attackers or not defenders:
            return None  # no enemy in space: the attackers land unopposed
        fighters = attackers + defenders
        transports = tuple(u for u in fighters if not is_ship(game, u))
        has_ships = {seat: any(is_ship(game, u) for u in units) for seat, units in ((self.attacker, attackers), (self.defender, defenders))}
        game.emit("space_battle", zone=self.zone, attacker=self.attacker, defender=self.defender, transports=len(transports))
        start = StartBattle(
            self.zone, self.attacker, self.defender, units=tuple(fighters),
            force=tuple((u, 0) for u in transports), no_bonus=transports,
            loss_order=tuple((u, 1 if u in transports else 0) for u in fighters),
        )
        if has_ships[self.attacker] != has_ships[self.defender]:
            game.push(start, ShipsOverTransports(self.attacker if has_ships[self.attacker] else self.defender))
        else:
            game.push(start, BattleCards(self.attacker, 0), ResolveBattle())
        return None


@attrs.frozen
class ShipsOverTransports(Step):
    """Ships against transports alone win without loss; half the transports (rounded up)
    are lost and the rest retreat."""

    winner: int

    def run(self, game) -> None:
        battle = game.state.battle
        battle.winner, battle.loser = self.winner, battle.other(self.winner)
        game.emit("battle", **force_report(game, battle), winner=battle.winner, walkover=True)
        count = ceil(len(battle.fighters(game, battle.loser)) / 2)
        steps: list[Step] = [WinnerPicksFirst()]
        if count > 1:
            steps.append(LoserPicks(count - 1))
        game.push(*steps, Retreat(), EndBattle())
        return None


@attrs.frozen
class GroundBattle(Step):
    """The battle on a planet's surface, once the space battle is over: the attacker's
    landed units and its bombarding ships (half force, lost last) against the defender."""

    zone: int
    attacker: int
    defender: int

    def run(self, game) -> None:
        s = game.state
        if not is_planet(game, self.zone):
            return None
        attackers = s.stack(self.zone, self.attacker)
        defenders = s.stack(self.zone, self.defender)
        if not attackers or not defenders:
            return None
        bombarding = tuple(u for u in attackers if is_ship(game, u))
        fighters = attackers + defenders
        game.emit("ground_battle", zone=self.zone, attacker=self.attacker, defender=self.defender, bombarding=len(bombarding))
        game.push(
            StartBattle(
                self.zone, self.attacker, self.defender, units=tuple(fighters),
                force=tuple((u, s.units[u].type.force // 2) for u in bombarding), no_bonus=bombarding,
                loss_order=tuple((u, 1 if u in bombarding else 0) for u in fighters),
            ),
            BattleCards(self.attacker, 0),
            ResolveBattle(),
        )
        return None


class WarHammer(ThemePlugin):
    @hookimpl
    def warp_setup(self, game):
        generic_setup(game)
        s = game.state
        extra = game.rules.settings.extra
        for seat, zone in enumerate(s.registers["starts"]):
            pool = s.pools[pool_key(game, seat)]
            for ships, count in ((True, extra["start_space"]), (False, extra["start_ground"])):
                candidates = [u for u in pool if is_ship(game, u) == ships]
                for unit in game.rng.sample(candidates, min(count, len(candidates))):
                    s.put_on_board(unit, seat, zone)
        return True

    @hookimpl
    def warp_move_allowance(self, game, seat, units):
        s = game.state
        if min(s.units[u].type.speed for u in units) == 0:
            return 0
        transport = game.rules.settings.extra["transport_speed"]
        return min(s.units[u].type.speed if is_ship(game, u) else transport for u in units) + s.players[seat].faction.ability_total("speed_bonus")

    @hookimpl
    def warp_recruit_cost(self, game, seat, unit_type):
        if unit_type.is_leader:
            return ceil(unit_type.force / 2)
        return None

    @hookimpl
    def warp_can_place(self, game, seat, unit_type, zone):
        if SPACE in unit_type.tags and "no_ship_recruits" in game.state.zone_types[zone].tags:
            return False
        return None

    @hookimpl
    def warp_battle_steps(self, game, zone, attacker, defender):
        return [SpaceBattle(zone, attacker, defender), GroundBattle(zone, attacker, defender)]

    @hookimpl
    def warp_victory(self, game):
        every = planets(game)
        share, of = VICTORY_SHARE
        for p in game.state.players:
            held = sum(1 for z in every if game.state.control.get(z) == p.seat)
            if every and held * of > len(every) * share:
                return p.seat
        return None

    @hookimpl
    def warp_check_map(self, zone_map, players):
        homeworlds = sum(1 for z in zone_map.zones if z.type == "homeworld")
        if homeworlds < players:
            return [f"the map has {homeworlds} Homeworld(s) but {players} players need one each"]
        return []


plugin = WarHammer(__name__)
