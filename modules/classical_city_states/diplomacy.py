"""The diplomacy phase (the source rules) and the Rebels of a revolt (the module's design, C4).

Each turn a city state has one free diplomacy roll, one more with Orators, and one more for
each Diplomat Leader of its own on the map; cards give more. A roll targets a minor city that
is hostile, neutral or another player's: 1D6, +1 if the city is hostile, +1 when Favoured by
the Oracle. On 6 or more: a hostile city of yours loses its Hostile counter, a neutral city
joins you, another player's city revolts.

A revolt raises 1D3 Rebels in the city, and they attack its garrison at once: each Rebel
fights with Force 2 against the printed Force of the holder's units there (a tie to the
garrison). If the Rebels win, the garrison is destroyed (its Leaders die with it); if they
lose, they are destroyed and the garrison loses one Army or Rowers for every two Rebels
(rounded up). A city left holding only Rebels becomes neutral: its Hostile counter goes and
the Rebels disband.
"""

from __future__ import annotations

from math import ceil

import attrs

from warp_empires.kit import Option, RollDie, Step

from . import captives, ledger, places
from .traits import has_city_trait, leaders_with

PASS = Option("pass", "No more diplomacy this turn")


def free_rolls(game, seat: int) -> int:
    return 1 + has_city_trait(game, seat, "orators") + leaders_with(game, game.state.units_of(seat), "diplomat")


def targets(game, seat: int, enemy_only: bool = False) -> list[int]:
    """Minor cities a diplomacy roll of ``seat``'s may target."""
    s = game.state
    out = []
    for z, t in enumerate(s.zone_types):
        if t.id != "city":
            continue
        holder = s.control.get(z, -1)
        if enemy_only:
            if holder not in (-1, seat):
                out.append(z)
        elif holder != seat or places.hostile(game, z):
            out.append(z)
    return out


def approach(game, seat: int, zone: int) -> Option:
    """The answer of approaching ``zone`` with a diplomacy roll, saying whose it is."""
    s = game.state
    holder = s.control.get(zone, -1)
    whose = "neutral" if holder == -1 else ("yours" if holder == seat else s.players[holder].name)
    mood = ", hostile" if places.hostile(game, zone) else ""
    return Option(f"zone:{zone}", f"Approach {game.zone_name(zone)} ({whose}{mood})", zone)


def roll_at(game, seat: int, zone: int, bonus: int = 0) -> tuple:
    """The steps of one diplomacy roll of ``seat``'s at ``zone`` (the die may be answered)."""
    key = f"diplomacy:{seat}"
    return RollDie(key, seat, purpose=f"diplomacy in {game.zone_name(zone)}"), Persuade(seat, zone, key, bonus)


@attrs.frozen
class Diplomacy(Step):
    """``left`` diplomacy rolls, each at +``bonus`` (cards), one city at a time."""

    seat: int
    left: int = 1
    bonus: int = 0
    enemy_only: bool = False

    def run(self, game):
        if self.left <= 0:
            return None
        zones = targets(game, self.seat, self.enemy_only)
        if not zones:
            return None
        options = [PASS, *(approach(game, self.seat, z) for z in zones)]
        return game.ask(self.seat, "diplomacy", f"Diplomacy roll ({self.left} left): approach a city?", options)

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id == "pass":
            return
        game.push(*roll_at(game, self.seat, option.value, self.bonus), attrs.evolve(self, left=self.left - 1))


@attrs.frozen
class Persuade(Step):
    seat: int
    zone: int
    key: str
    bonus: int = 0

    def run(self, game) -> None:
        s = game.state
        roll = ledger.take_roll(game, self.key)
        holder = s.control.get(self.zone, -1)
        total = roll + places.hostile(game, self.zone) + has_city_trait(game, self.seat, "oracle") + self.bonus
        outcome = "nothing"
        if total >= 6 and holder == self.seat:
            places.set_hostile(game, self.zone, False)
            outcome = "calmed"
        elif total >= 6 and holder == -1:
            outcome = "joined"
        elif total >= 6:
            outcome = "revolt"
            key = f"rebels:{self.zone}"
            game.push(RollDie(key, self.seat, 3, f"how many Rebels rise in {game.zone_name(self.zone)}"), Rebels(self.seat, self.zone, key))
        # The attempt first, then what it brings: the log read "took control of Cyme", then
        # "tried diplomacy in Cyme".
        game.emit("diplomacy", player=self.seat, zone=self.zone, roll=roll, total=total, outcome=outcome)
        if outcome == "joined":
            s.control[self.zone] = self.seat
            game.emit("control", zone=self.zone, player=self.seat, previous=-1)
        return None


@attrs.frozen
class Rebels(Step):
    """The Rebels of a revolt (their number in the register ``key``, or ``count``) attack."""

    seat: int
    zone: int
    key: str = ""
    count: int = 0

    def run(self, game) -> None:
        s = game.state
        rebels = ledger.take_roll(game, self.key) if self.key else self.count
        holder = s.control.get(self.zone, -1)
        if holder == -1:
            return None
        garrison = s.stack(self.zone, holder)
        strength = sum(s.units[u].type.force for u in garrison)
        won = 2 * rebels > strength
        lost = 0
        if won:
            for u in garrison:
                if s.units[u].type.is_leader:
                    captives.put_to_death(game, u, self.seat)
                else:
                    s.return_to_pool(u)
                lost += 1
        else:
            armed = [u for u in garrison if s.units[u].type.id in places.ARMED]
            for u in armed[: ceil(rebels / 2)]:
                s.return_to_pool(u)
                lost += 1
        game.emit("rebels_rise", player=holder, zone=self.zone, rebels=rebels, garrison=strength, won=won, lost=lost)
        if won:  # beaten Rebels are destroyed: a garrison they emptied still holds the city
            del s.control[self.zone]
            places.set_hostile(game, self.zone, False)
            game.emit("city_neutral", zone=self.zone, previous=holder)
        return None
