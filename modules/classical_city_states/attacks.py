"""The sea and land battle phases (C3): declared attacks from a neighbouring space.

In the sea battle phase the active player's manned Fleets may attack another player's units
in a neighbouring sea space; in the land battle phase their Armies and Rowers may attack
another player's units in a neighbouring land space, or another player's city. Each space
attacks once a phase, with every unit able to fight there (and the Leaders with them). The
attackers enter the space and the battle is fought by the base rules (B5-B7), land battles
by Armies, Rowers and Leaders, sea battles by manned Fleets and the Leaders aboard; a
defender in its own home city adds the Defense Modifier (C1).

When the attackers hold the space at the end, whatever the beaten side left there that
cannot fight is captured, as on entering a space; a city left with no defender falls: it
changes hands, a minor city becomes Hostile, and the conqueror may sack it (plunder of twice
its income in gold, and ``RAZE_COUNTERS`` Razed counters: the module's own design, C4).
"""

from __future__ import annotations

import attrs

from warp_empires.kit import BOARD, CAPTURED, BattleCards, Option, ResolveBattle, StartBattle, Step

from . import places
from .captives import Ransom, take
from .moving import carry_problem, settle_at_sea

DONE = Option("done", "No more attacks")


def fighters(game, zone: int, seat: int, sea: bool) -> list[int]:
    """Who of ``seat``'s stack fights here (C1): manned Fleets only at sea, Armies and Rowers
    on land, with the Leaders (none when nobody else fights)."""
    s = game.state
    stack = s.stack(zone, seat)
    if sea:
        manned = places.manned_fleets(game, zone, seat)
        main = [u for u in stack if s.units[u].type.id == "fleet"][:manned]
    else:
        main = [u for u in stack if s.units[u].type.id in places.ARMED]
    if not main:
        return []
    return main + [u for u in stack if s.units[u].type.is_leader]


def attackers(game, zone: int, seat: int, sea: bool) -> list[int]:
    """The units that go in: the fighters; at sea also the Rowers manning the Fleets, and the
    Baggage they carry that nothing left behind could (a group leaves nothing adrift at sea)."""
    s = game.state
    out = fighters(game, zone, seat, sea)
    if sea and out:
        fleets = sum(1 for u in out if s.units[u].type.id == "fleet")
        out += [u for u in s.stack(zone, seat) if s.units[u].type.id == "rowers"][:fleets]
        if places.is_sea(game, zone):
            baggage = [u for u in s.stack(zone, seat) if s.units[u].type.id == "baggage"]
            for u in baggage[: 2 * fleets]:  # a Fleet has room for 2
                left = [w for w in s.stack(zone, seat) if w not in out]
                if carry_problem(places.kinds_of(game, left), moving=False) is None:
                    break
                out.append(u)
    return out


def attack_options(game, seat: int, sea: bool, done: tuple[int, ...]) -> list[Option]:
    s = game.state
    out = []
    for frm in s.zones_with_units(seat):
        if frm in done or not fighters(game, frm, seat, sea):
            continue
        for to in game.board.adjacency[frm]:
            if to in done or places.is_sea(game, to) != sea:
                continue
            enemy_units = any(o != seat for o in s.owners_in(to))
            enemy_city = places.is_city(game, to) and s.control.get(to, seat) != seat
            if enemy_units or enemy_city:
                out.append(Option(f"attack:{frm}:{to}", f"Attack {game.zone_name(to)} from {game.zone_name(frm)}", (frm, to)))
    return out


@attrs.frozen
class AttackPhase(Step):
    """The active player declares attacks one at a time, or stops."""

    seat: int
    sea: bool
    done: tuple[int, ...] = ()

    def run(self, game):
        options = attack_options(game, self.seat, self.sea, self.done)
        if not options:
            return None
        kind = "sea" if self.sea else "land"
        # Who would go in, by the space attacked (the first space it is attacked from): what
        # the hotseat's `odds CODE` works the chances out for.
        going: dict[int, tuple[int, ...]] = {}
        for option in options:
            frm, to = option.value
            going.setdefault(to, tuple(places.within_limit(game, self.seat, to, attackers(game, frm, self.seat, self.sea))))
        return game.ask(self.seat, "declare_attack", f"{kind.capitalize()} battle phase: declare an attack?", [DONE, *options],
                        context={"units_for": going})

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id == "done":
            return
        frm, to = option.value
        game.push(Assault(self.seat, frm, to, self.sea), attrs.evolve(self, done=(*self.done, frm, to)))


@attrs.frozen
class Assault(Step):
    seat: int
    frm: int
    to: int
    sea: bool

    def run(self, game) -> None:
        s = game.state
        going = places.within_limit(game, self.seat, self.to, attackers(game, self.frm, self.seat, self.sea))
        for u in going:
            s.move_unit(u, self.to)
            s.units[u].moved = True
        holder = s.control.get(self.to, -1)
        others = sorted(s.owners_in(self.to) - {self.seat}, key=lambda o: (o - self.seat) % len(s.players))
        defender = holder if holder in others else (others[0] if others else holder)
        game.emit("attack", player=self.seat, frm=self.frm, to=self.to, defender=defender, count=len(going))
        theirs = fighters(game, self.to, defender, self.sea) if defender in others else []
        mine = fighters(game, self.to, self.seat, self.sea)
        fleets = tuple((seat, fleets_of(game, seat)) for seat in (self.seat, defender) if seat >= 0)
        after = AfterAssault(self.seat, self.to, self.sea, tuple(mine + theirs), fleets, self.frm)
        if not theirs:
            game.push(after)
            return None
        kind = "sea" if self.sea else "land"
        game.push(StartBattle(self.to, self.seat, defender, units=tuple(mine + theirs), kind=kind), BattleCards(self.seat, 0), ResolveBattle(), after)
        return None


def capture_leftovers(game, zone: int, seat: int) -> None:
    """``seat`` holds ``zone`` with fighting units: the other players' units there that
    cannot fight are taken (Leaders captive, the rest change sides). On land a stack with
    Armies or Rowers fights and keeps everything. At sea only manned Fleets fight: from a
    stack without one the Leaders, Baggage and ships are taken, but Armies and Rowers are
    never captured (C3), and with their ships gone they are lost at sea."""
    s = game.state
    sea = places.is_sea(game, zone)
    if not fighters(game, zone, seat, sea):
        return
    for o in sorted(s.owners_in(zone) - {seat}):
        if fighters(game, zone, o, sea):
            continue
        taken = [u for u in s.stack(zone, o) if s.units[u].type.id not in places.ARMED]
        if taken:
            take(game, seat, zone, o, taken)  # the Leaders' fate is decided after the battle
        settle_at_sea(game, zone, o)


def fleets_of(game, seat: int) -> int:
    s = game.state
    return sum(1 for u in s.units_of(seat) if s.units[u].type.id == "fleet")


@attrs.frozen
class AfterAssault(Step):
    """After the battle: the Rowers of every Fleet sunk go down with it; what a beaten side
    left in the space goes with its retreat; what nothing carries at sea is lost; the holder
    of the space captures what cannot fight; a city left without defenders falls."""

    seat: int
    zone: int
    sea: bool
    fought: tuple[int, ...] = ()
    fleets: tuple[tuple[int, int], ...] = ()
    frm: int | None = None  # where the attack came from

    def run(self, game) -> None:
        s = game.state
        for seat, before in self.fleets:
            rowers = [u for u in s.stack(self.zone, seat) if s.units[u].type.id == "rowers"]
            for u in rowers[: before - fleets_of(game, seat)]:
                game.emit("lost_at_sea", player=seat, zone=self.zone, secret={"unit": "Rowers"})
                s.return_to_pool(u)
        for u in self.fought:
            unit = s.units[u]
            if unit.place == BOARD and unit.zone != self.zone:  # a beaten side retreated there
                ships_too = places.is_sea(game, unit.zone) or places.on_the_sea(game, unit.zone)
                going = [w for w in s.stack(self.zone, unit.owner) if ships_too or "ship" not in s.units[w].type.tags]
                for left in places.within_limit(game, unit.owner, unit.zone, going):  # C1: the limit holds there
                    s.move_unit(left, unit.zone)  # ships left in port, or with no room, are taken below
        if not self.sea and self.frm is not None:
            self._fall_back(game)
        around = (self.zone, *game.board.adjacency[self.zone])
        for z in around:
            for o in sorted(s.owners_in(z)):
                settle_at_sea(game, z, o)
        steps: list[Step] = []
        if s.occupies(self.seat, self.zone):
            capture_leftovers(game, self.zone, self.seat)
            holder = s.control.get(self.zone, -1)
            if places.is_city(game, self.zone) and holder not in (-1, self.seat) and s.owners_in(self.zone) == {self.seat}:
                s.control[self.zone] = self.seat
                game.emit("city_taken", player=self.seat, zone=self.zone, previous=holder)
                if places.is_minor_city(game, self.zone):
                    places.set_hostile(game, self.zone, True)
                steps.append(Sack(self.seat, self.zone))
        steps += [Ransom(u.owner, u.id) for u in s.units if u.place == CAPTURED]
        game.push(*steps)
        return None

    def _fall_back(self, game) -> None:
        """Only Armies and Rowers take a space by assault (C3: a Leader alone may not enter a
        city of another's, nor a space holding another player's units). A winner left with
        neither, having paid for its win with them, goes back where the attack came from,
        unless the space is now its own to stand in: empty, and no city of another's; if the
        beaten side retreated there, it is captured walking back."""
        s = game.state
        left = s.stack(self.zone, self.seat)
        if not left or fighters(game, self.zone, self.seat, sea=False):
            return
        others_city = places.is_city(game, self.zone) and s.control.get(self.zone, -1) != self.seat
        if not others_city and s.owners_in(self.zone) == {self.seat}:
            return
        game.emit("fell_back", player=self.seat, zone=self.zone, frm=self.frm, count=len(left))
        captor = next((o for o in sorted(s.owners_in(self.frm)) if o != self.seat), None)
        if captor is None:
            for u in left:
                s.move_unit(u, self.frm)
            return
        # The beaten side retreated into the space the attack came from: Leaders may not
        # enter it (C3), and walking back they fall into its hands, as Leaders alone in a
        # space another player enters do.
        take(game, captor, self.frm, self.seat, left)


@attrs.frozen
class Sack(Step):
    """The conqueror of a city holds it, or sacks it for plunder and leaves it razed."""

    seat: int
    zone: int

    def run(self, game):
        plunder = 2 * places.income(game, self.zone)
        name = game.zone_name(self.zone)
        options = [
            Option("hold", f"Hold {name} as it is"),
            Option("sack", f"Sack {name}: {plunder} gold of plunder, {places.RAZE_COUNTERS} Razed counters"),
        ]
        return game.ask(self.seat, "sack", f"{name} has fallen", options)

    def resume(self, game, decision, picked) -> None:
        if decision.options[picked[0]].id == "sack":
            sack(game, self.seat, self.zone, places.RAZE_COUNTERS, plunder=True)


def sack(game, seat: int, zone: int, counters: int, plunder: bool = False, event: str = "razed") -> None:
    """``counters`` more Razed counters on ``zone``, and with ``plunder`` twice its income to
    ``seat``; ``event`` names what did it (a sack after an assault, Firebrands' fire)."""
    gold = 2 * places.income(game, zone) if plunder else 0
    game.state.players[seat].treasury += gold
    places.set_razed(game, zone, places.razed(game, zone) + counters)
    game.emit(event, player=seat, zone=zone, counters=places.razed(game, zone), plunder=gold)
