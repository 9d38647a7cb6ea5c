"""War Hammer Space Empires: Orks, Imperium, Eldar and Tyranids fight over a sector of planets.

The rules are in ``RULES.md``; the unit lists, zone types and cards in ``data/``. This file
holds what the data cannot say:

* the setup (W3: 8 random ships and 12 random ground units of your own faction at your
  Homeworld);
* no ship recruited at a Poor planet (W4; the recruit limits and leaders' half price are
  plain data: ``recruit_limit`` in ``zones.toml``, each leader's ``cost`` in ``units.toml``);
* transports: ground units cross space at the transport speed (Medium) whatever their own;
  a move an opponent undoes (Decoy Force) leaves them where they stood, not in transit (W5);
* space battles before ground battles (W5), with transports and the attacker's choice of
  bombarding ships (W7); planets taken only by ground units (W7);
* victory at more than 80% of the planets (W2), and the map check (W2: a Homeworld per player).

The unit lists (W1), zone types (W2) and cards (W6) are the files in ``data/``.
"""

from __future__ import annotations

from math import ceil

import attrs

from warp_empires.kit import (
    BattleCards, EndBattle, LoserPicks, Option, ResolveBattle, Retreat, StartBattle, Step, ThemePlugin,
    WinnerPicksFirst, force_report, generic_setup, hookimpl, pool_key,
)

SPACE = "space"
VICTORY_SHARE = (4, 5)  # more than 4/5 of all planets


def is_ship(game, unit: int) -> bool:
    return SPACE in game.state.units[unit].type.tags


def is_planet(game, zone: int) -> bool:
    return "planet" in game.state.zone_types[zone].tags


def held_planets(game, seat: int) -> int:
    """How many planets (W2: the zones that count for victory) carry ``seat``'s marker
    (asked at every position a computer player weighs: counted over the seat's markers,
    not every zone)."""
    types = game.state.zone_types
    return sum(1 for z in game.state.control.zones_of(seat) if "planet" in types[z].tags)


@attrs.define
class SentBack:
    """Ground units whose move out of a planet their side holds an opponent undid this
    turn (Decoy Force): back where they stood, on the surface (W5). Forgotten in the
    control phase, the turn's last."""

    turn: int = 0
    units: tuple[int, ...] = ()


def sent_back(game) -> tuple[int, ...]:
    """The ground units sent back home this turn (see :class:`SentBack`)."""
    record = game.state.themes.get(SentBack)
    return record.units if record is not None and record.turn == game.state.turn else ()


def in_space(game, zone: int, seat: int) -> list[int]:
    """``seat``'s units in space in ``zone`` (W5): its ships, and its ground units on their
    transports. Above a planet, ground units stand on the surface of a planet their side
    holds, unless they arrived this turn; anywhere else they are still in transit (they
    land after the space battle). A unit whose move was undone arrived nowhere: it has
    used its move, but it stands where it stood."""
    s = game.state
    units = s.stack(zone, seat)
    if not is_planet(game, zone) or s.control.get(zone) != seat:
        return units
    back = sent_back(game)
    return [u for u in units if is_ship(game, u) or (s.units[u].moved and u not in back)]


@attrs.frozen
class NoteSentBack(Step):
    """Once the others have had their chance to react to a move out of a planet the mover
    holds: the ground units a reaction sent back (Decoy Force undoes the move) are on the
    planet's surface again, not in transit (W5)."""

    units: tuple[int, ...]
    frm: int

    def run(self, game) -> None:
        s = game.state
        back = [u for u in self.units if s.units[u].zone == self.frm and not is_ship(game, u)]
        if back:
            record = s.theme(SentBack)
            if record.turn != s.turn:
                record.turn, record.units = s.turn, ()
            record.units = tuple(sorted({*record.units, *back}))
        return None


@attrs.frozen
class SpaceBattle(Step):
    """The battle in space, fought before any ground battle (W5): each side's units in
    space (``in_space``), ships fighting at their force and transports at force 0 with no
    per-unit or card bonus, ships lost before transports (W5). There is none unless both
    sides have units in space and at least one of them a ship (W7: transports never fight
    transports)."""

    zone: int
    attacker: int
    defender: int

    def run(self, game) -> None:
        attackers = in_space(game, self.zone, self.attacker)
        defenders = in_space(game, self.zone, self.defender)
        if not attackers or not defenders:
            return None  # nobody to meet in space: transports land unopposed
        has_ships = {seat: any(is_ship(game, u) for u in units) for seat, units in ((self.attacker, attackers), (self.defender, defenders))}
        if not any(has_ships.values()):
            return None  # W7: transports against transports is no battle
        fighters = attackers + defenders
        transports = tuple(u for u in fighters if not is_ship(game, u))
        game.emit("space_battle", zone=self.zone, attacker=self.attacker, defender=self.defender, transports=len(transports))
        start = StartBattle(
            self.zone, self.attacker, self.defender, units=tuple(fighters),
            force=tuple((u, 0) for u in transports), no_bonus=transports,
            loss_order=tuple((u, 1 if u in transports else 0) for u in fighters), kind=SPACE,
        )
        if has_ships[self.attacker] != has_ships[self.defender]:  # W5: ships against transports alone
            game.push(start, ShipsOverTransports(self.attacker if has_ships[self.attacker] else self.defender))
        else:
            game.push(start, BattleCards(self.attacker, 0), ResolveBattle())
        return None


@attrs.frozen
class ShipsOverTransports(Step):
    """Ships against transports alone win without loss (W5); half the transports (rounded
    up) are lost and the rest retreat."""

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
    """The battle on a planet's surface, once the space battle is over and the surviving
    transports have landed (W5): the attacker's ground units, and the ships it chooses to
    bombard with (W7), against the defender's ground units. Ships never fight a ground
    battle on their own (W7)."""

    zone: int
    attacker: int
    defender: int

    def run(self, game) -> None:
        s = game.state
        if not is_planet(game, self.zone):
            return None
        landed = [u for u in s.stack(self.zone, self.attacker) if not is_ship(game, u)]
        defenders = [u for u in s.stack(self.zone, self.defender) if not is_ship(game, u)]
        if not landed or not defenders:
            return None
        ships = tuple(u for u in s.stack(self.zone, self.attacker) if is_ship(game, u))
        if ships:
            game.push(ChooseBombardment(self.zone, self.attacker, self.defender, ships))
        else:
            game.push(*ground_battle(game, self.zone, self.attacker, self.defender, ()))
        return None


def ground_battle(game, zone: int, attacker: int, defender: int, bombarding: tuple[int, ...]) -> list[Step]:
    """The ground battle's steps: ground units at their force, bombarding ships at half
    their printed force (W5: rounded down, lost last; no per-unit bonuses)."""
    s = game.state
    fighters = [u for u in s.stack(zone, attacker) if not is_ship(game, u) or u in bombarding]
    fighters += [u for u in s.stack(zone, defender) if not is_ship(game, u)]
    game.emit("ground_battle", zone=zone, attacker=attacker, defender=defender, bombarding=len(bombarding))
    return [
        StartBattle(
            zone, attacker, defender, units=tuple(fighters),
            force=tuple((u, s.units[u].type.force // 2) for u in bombarding), no_bonus=bombarding,
            loss_order=tuple((u, 1 if u in bombarding else 0) for u in fighters), kind="ground",
        ),
        BattleCards(attacker, 0),
        ResolveBattle(),
    ]


@attrs.frozen
class ChooseBombardment(Step):
    """The attacker picks which of its ships in orbit bombard (W7): none, all, or one by one."""

    zone: int
    attacker: int
    defender: int
    ships: tuple[int, ...]
    chosen: tuple[int, ...] = ()

    def run(self, game):
        left = [u for u in self.ships if u not in self.chosen]
        force = sum(game.state.units[u].type.force // 2 for u in self.chosen)
        if self.chosen:
            options = [Option("go", f"Bombard with the {len(self.chosen)} ship(s) chosen (+{force})")]
        else:
            total = sum(game.state.units[u].type.force // 2 for u in self.ships)
            options = [Option("none", "No bombardment"), Option("all", f"Bombard with all {len(self.ships)} ship(s) (+{total})")]
        if len(self.ships) > 1:
            options += [Option(f"unit:{u}", f"Add {game.unit_label(u)} (+{game.state.units[u].type.force // 2})", u) for u in left]
        where = game.zone_name(self.zone)
        return game.ask(self.attacker, "bombard", f"Ground battle in {where}: which ships bombard (half force, lost last)?", options)

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id.startswith("unit:"):
            chosen = (*self.chosen, option.value)
            if len(chosen) < len(self.ships):
                game.push(attrs.evolve(self, chosen=chosen))
                return
        else:
            chosen = {"none": (), "all": self.ships, "go": self.chosen}[option.id]
        game.push(*ground_battle(game, self.zone, self.attacker, self.defender, tuple(chosen)))


@attrs.frozen
class TakePlanets(Step):
    """Control (B11) as War Hammer has it: a planet is taken by ground units standing on
    it; ships in orbit alone never take it (W7)."""

    seat: int

    def run(self, game) -> None:
        s = game.state
        if SentBack in s.themes:
            s.themes[SentBack] = SentBack()  # the turn ends: who was sent back no longer matters
        for zone in s.zones_with_units(self.seat):
            # W2: only planets (the zones that earn revenue) take a control marker.
            if not s.zone_types[zone].generates_revenue or s.control.get(zone) == self.seat:
                continue
            if all(is_ship(game, u) for u in s.stack(zone, self.seat)):
                continue
            before = s.control.get(zone, -1)
            s.control[zone] = self.seat
            game.emit("control", zone=zone, player=self.seat, previous=before)
        return None


class WarHammer(ThemePlugin):
    @hookimpl
    def warp_setup(self, game):
        # W3: the Homeworld and 5 cards come from the generic setup (``start_cards``); then
        # ``start_space`` ships and ``start_ground`` ground units at random from the seat's
        # own faction pool (W1).
        generic_setup(game)
        s = game.state
        extra = game.rules.settings.extra
        for seat, zone in enumerate(s.starts):
            pool = s.pools[pool_key(game, seat)]
            for ships, count in ((True, extra["start_space"]), (False, extra["start_ground"])):
                candidates = [u for u in pool if is_ship(game, u) == ships]
                for unit in game.rng.sample(candidates, min(count, len(candidates))):
                    s.put_on_board(unit, seat, zone)
        return True

    @hookimpl
    def warp_move_allowance(self, game, seat, units):
        # Asked for every stack at nearly every decision of a move phase: one pass.
        s = game.state
        chits = s.units
        transport = game.rules.settings.extra["transport_speed"]
        slowest = None
        for u in units:
            kind = chits[u].type
            if kind.speed == 0:
                return 0  # a fortification never moves
            speed = kind.speed if SPACE in kind.tags else transport
            if slowest is None or speed < slowest:
                slowest = speed
        return slowest + s.players[seat].faction.ability_total("speed_bonus")

    @hookimpl
    def warp_after_move(self, game, seat, units, frm, to):
        # W5: ground units leaving a planet their side holds are on its surface again if a
        # reaction undoes the move; the step runs once the reactions are over.
        s = game.state
        if s.control.get(frm) == seat and is_planet(game, frm) and not all(is_ship(game, u) for u in units):
            return [NoteSentBack(tuple(units), frm)]
        return None

    @hookimpl
    def warp_can_place(self, game, seat, unit_type, zone):
        # W4: a Poor planet recruits ground units only (its limit of 1 is its recruit_limit).
        if SPACE in unit_type.tags and "no_ship_recruits" in game.state.zone_types[zone].tags:
            return False
        return None

    @hookimpl
    def warp_phase_handlers(self):
        return {"control": lambda game, seat: [TakePlanets(seat)]}

    @hookimpl
    def warp_battle_steps(self, game, zone, attacker, defender):
        # W5: the space battle first, then the ground battle.
        return [SpaceBattle(zone, attacker, defender), GroundBattle(zone, attacker, defender)]

    @hookimpl
    def warp_victory(self, game):
        # W2: whoever holds more than four fifths of the planets when a turn ends wins.
        every = sum(1 for t in game.state.zone_types if "planet" in t.tags)
        share, of = VICTORY_SHARE
        for p in game.state.players:
            if every and held_planets(game, p.seat) * of > every * share:
                return p.seat
        return None

    @hookimpl
    def warp_evaluate(self, game, seat):
        """Every planet held brings the four fifths of the planets that win nearer."""
        return 2.0 * held_planets(game, seat)

    @hookimpl
    def warp_check_map(self, zone_map, players):
        # W2: a Homeworld for every player.
        homeworlds = sum(1 for z in zone_map.zones if z.type == "homeworld")
        if homeworlds < players:
            return [f"the map has {homeworlds} Homeworld(s) but {players} players need one each"]
        return []


plugin = WarHammer(__name__)
