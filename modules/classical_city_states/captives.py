"""Captured Leaders (the source rules: "ransomed or put to death"); the ransom is the module's own
design (C4).

The captor chooses at once: put the Leader to death, or offer him back for a ransom of
``RANSOM`` gold. His own city state then pays (if its treasury holds the ransom), and he
returns to its home city, or to another city it holds, or (holding none) to the pool to be
gained again on the experience roll; or it refuses, and he is put to death. A Leader put to
death never returns to play.
"""

from __future__ import annotations

import attrs

from warp_empires.kit import CAPTURED, Option, Step

from . import ledger, places

RANSOM = 5


def seat_of_leader(game, unit: int) -> int | None:
    """The seat playing the city state the Leader serves (his faction tag)."""
    tags = game.state.units[unit].type.tags
    return next((p.seat for p in game.state.players if p.faction.id in tags), None)


def take(game, captor: int, zone: int, previous: int, units) -> list[int]:
    """``captor`` takes ``previous``'s ``units`` in ``zone`` (C3): the Leaders captive, the
    rest change sides there (what the stacking limit leaves no room for is burnt); returns
    the Leaders taken, whose fate the captor decides (:class:`Ransom`)."""
    s = game.state
    names = [s.units[u].type.name for u in units]
    leaders = []
    for u in units:
        if s.units[u].type.is_leader:
            s.capture(u, captor)
            leaders.append(u)
        else:
            if s.units[u].zone != zone:
                s.move_unit(u, zone)
            s.change_owner(u, captor)
    game.emit("captured", player=captor, zone=zone, previous=previous, units=names)
    places.burn_excess(game, captor, zone, units)
    return leaders


def is_dead(game, unit: int) -> bool:
    return unit in ledger.of(game).dead


def put_to_death(game, unit: int, by: int) -> None:
    s = game.state
    ledger.of(game).dead.add(unit)
    game.emit("leader_executed", player=by, unit=s.units[unit].type.name)
    s.return_to_pool(unit)


@attrs.frozen
class Ransom(Step):
    """The captor of a Leader offers him for ransom or puts him to death."""

    captor: int
    unit: int

    def run(self, game):
        s = game.state
        if s.units[self.unit].place != CAPTURED:
            return None
        name = s.units[self.unit].type.name
        owner = seat_of_leader(game, self.unit)
        if owner is None or owner == self.captor:
            s.return_to_pool(self.unit)  # a Leader of no rival in play simply goes home
            return None
        options = [
            Option("ransom", f"Offer {name} back to {s.players[owner].name} for {RANSOM} gold"),
            Option("death", f"Put {name} to death"),
        ]
        return game.ask(self.captor, "ransom", f"You hold {name} captive", options)

    def resume(self, game, decision, picked) -> None:
        if decision.options[picked[0]].id == "death":
            put_to_death(game, self.unit, self.captor)
        else:
            game.push(PayRansom(self.captor, self.unit))


@attrs.frozen
class PayRansom(Step):
    captor: int
    unit: int

    def run(self, game):
        s = game.state
        owner = seat_of_leader(game, self.unit)
        name = s.units[self.unit].type.name
        options = [Option("refuse", f"Refuse: {name} is put to death")]
        if s.players[owner].treasury >= RANSOM:
            options.insert(0, Option("pay", f"Pay {RANSOM} gold to free {name}"))
        return game.ask(owner, "pay_ransom", f"{s.players[self.captor].name} offers {name} back for {RANSOM} gold", options)

    def resume(self, game, decision, picked) -> None:
        s = game.state
        owner = seat_of_leader(game, self.unit)
        if decision.options[picked[0]].id != "pay":
            # Said before the death: whether the holder could not pay or would not.
            answer = "refuses to pay" if any(o.id == "pay" for o in decision.options) else "cannot pay"
            game.emit("ransom_refused", player=owner, by=self.captor, amount=RANSOM, unit=s.units[self.unit].type.name, answer=answer)
            put_to_death(game, self.unit, self.captor)
            return
        s.players[owner].treasury -= RANSOM
        s.players[self.captor].treasury += RANSOM
        home = places.home_city(game, owner)
        cities = [home] if home is not None and s.control.get(home) == owner else [z for z in s.controlled(owner) if places.is_city(game, z)]
        if cities:
            s.put_on_board(self.unit, owner, cities[0])
            s.units[self.unit].moved = True
        else:
            s.return_to_pool(self.unit)
        where = {"zone": cities[0]} if cities else {}
        game.emit("ransomed", player=owner, by=self.captor, amount=RANSOM, unit=s.units[self.unit].type.name, **where)


@attrs.frozen
class CaptiveSweep(Step):
    """Every Leader held captive (in a battle, by a card) meets his captor's choice now."""

    def run(self, game) -> None:
        game.push(*[Ransom(u.owner, u.id) for u in game.state.units if u.place == CAPTURED])
        return None
