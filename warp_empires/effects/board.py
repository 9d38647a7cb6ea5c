"""Card effects on units, stacks and zones: looking, destroying, taking over, placing, changing a zone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..decisions import Decision, Option
from ..step import Step, rule_step
from ..model.state import BOARD, POOL
from ..rules.battle import note_destroyed
from ..rules.recruit import draw_units, pool_key
from .base import Effect, opponents, unknown_names
from .battle import enemy_fighter_options, enemy_fighting

if TYPE_CHECKING:
    from ..engine import Game
    from ..rulebook import Rulebook


class LookAtStack(Effect):
    """See every unit of an enemy stack you choose."""

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        out = []
        for other in opponents(game, seat):
            for zone in game.state.zones_with_units(other):
                out.append(Option(f"stack:{zone}:{other}", f"{game.state.players[other].name} in {game.zone_name(zone)}", (zone, other)))
        return out

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        occupied = game.state.occupied
        for other in opponents(game, seat):  # a loop, not any(): tested at nearly every decision
            if occupied.get(other):
                return True
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        zone, other = target
        units = [game.state.units[u].type.name for u in game.state.stack(zone, other)]
        game.emit("stack_seen", visible_to=(seat,), player=seat, owner=other, zone=zone, units=units)


def destroy_by_card(game: Game, unit_id: int, by: int) -> None:
    """A card destroys a unit outside a battle: it goes back to its pool (a leader is
    captured by ``by``, the player of the card, as in a battle)."""
    s = game.state
    unit = s.units[unit_id]
    owner, zone = unit.owner, unit.zone
    if unit.type.is_leader:
        s.capture(unit_id, by)
        game.emit("leader_captured", player=owner, by=by, unit=unit.type.name, zone=zone)
    else:
        name = unit.type.name
        s.return_to_pool(unit_id)
        note_destroyed(game, unit_id, owner)
        # Outside a battle nobody sees the stack: the others learn only that a unit went (B14).
        game.emit("unit_lost", player=owner, zone=zone, secret={"unit": name})


def stack_option(game: Game, zone: int, owner: int) -> Option:
    return Option(f"stack:{zone}:{owner}", f"{game.state.players[owner].name} in {game.zone_name(zone)}", (zone, owner))


class DestroyStack(Effect):
    """Destroy every unit of one enemy stack that is in, or at most ``range`` zones
    from, a zone holding your units (``range = 0``: only where your units are)."""

    defaults = {"range": 1}
    param_help = {"range": "how many zones from one holding your units the stack may be (0: only there)"}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        near: set[int] = set()
        for zone in s.zones_with_units(seat):
            near |= game.board.within(zone, self.params["range"])
        return [stack_option(game, z, o) for z in sorted(near) for o in sorted(s.owners_in(z) - {seat})]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        # One search outward from all of the player's zones at once, ring by ring, rather
        # than one search per zone: it is asked at every decision of a move phase.
        s = game.state
        enemy = [zones for other, zones in s.occupied.items() if other != seat and zones]  # each rival's zones
        if not enemy:
            return False
        seen = set(s.occupied.get(seat, ()))
        ring = list(seen)
        for distance in range(self.params["range"] + 1):
            for z in ring:
                for zones in enemy:
                    if z in zones:
                        return True
            if distance == self.params["range"]:
                break
            outer = []
            for z in ring:
                for n in game.board.adjacency[z]:
                    if n not in seen:
                        seen.add(n)
                        outer.append(n)
            ring = outer
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        zone, owner = target
        doomed = game.state.stack(zone, owner)
        for u in doomed:
            destroy_by_card(game, u, seat)
        game.emit("stack_destroyed", player=seat, victim=owner, zone=zone, count=len(doomed))


class TakeControl(Effect):
    """Battle: one enemy unit in this battle changes sides at once and stays yours."""

    phases = frozenset({"battle"})

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return enemy_fighter_options(game, seat)

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        return enemy_fighting(game, seat)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        unit = game.state.units[target]
        if unit.place != BOARD or unit.zone != game.state.battle.zone or unit.owner == seat:
            return  # it left the battle before the card took effect
        before = unit.owner
        game.state.change_owner(target, seat)
        game.emit("unit_taken", player=seat, victim=before, unit=unit.type.name, zone=unit.zone)


class ChangeZoneType(Effect):
    """A zone you choose becomes a zone of type ``to``; its revenue follows the new type,
    and a type that earns nothing loses its control marker.

    Which zones qualify: ``where`` is ``"adjacent"`` (next to a zone holding your units),
    ``"controlled"`` (carrying your marker), ``"occupied"`` (holding your units) or
    ``"any"``; ``from`` lists the zone type ids it may change (empty: any type but ``to``);
    zones with a tag in ``not_tags`` never change; with ``empty`` the zone must hold no
    units. ``cost`` is paid from your treasury when the card takes effect, and the card
    cannot be played without it.

    Doomsday Weapon: ``{to = "hazard", where = "adjacent", empty = true, not_tags = ["nexus"]}``;
    a terraforming card: ``{to = "rich", from = ["poor"], where = "controlled", cost = 10}``.
    """

    defaults = {"to": "hazard", "from": [], "where": "adjacent", "not_tags": [], "empty": False, "cost": 0}
    param_help = {
        "to": "the zone type the zone becomes",
        "from": "zone types that may change (empty: any but `to`)",
        "where": '"adjacent", "controlled", "occupied" or "any": which zones qualify',
        "not_tags": "zones with any of these tags never change",
        "empty": "true: only a zone holding no units",
        "cost": "paid from your treasury when the card takes effect; without it the card is not offered",
    }

    def __init__(self, card):
        super().__init__(card)
        if self.params["where"] not in ("adjacent", "controlled", "occupied", "any"):
            raise ValueError(f"where {self.params['where']!r}; use 'adjacent', 'controlled', 'occupied' or 'any'")

    def check(self, book: Rulebook) -> list[str]:
        p = self.params
        zone_tags = {tag for z in book.zone_types.values() for tag in z.tags}
        return unknown_names({"to": [p["to"]], "from": list(p["from"])}, set(book.zone_types), "zone type") + unknown_names(
            {"not_tags": list(p["not_tags"])}, zone_tags, "zone tag"
        )

    def _candidates(self, game: Game, seat: int) -> set[int]:
        s = game.state
        where = self.params["where"]
        if where == "controlled":
            return set(s.controlled(seat))
        if where == "occupied":
            return set(s.zones_with_units(seat))
        if where == "any":
            return set(range(len(game.board)))
        return {n for z in s.zones_with_units(seat) for n in game.board.adjacency[z]}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        p = self.params
        s = game.state
        if s.players[seat].treasury < p["cost"]:
            return []
        new = game.rules.zone_types[p["to"]]
        out = []
        for zone in sorted(self._candidates(game, seat)):
            ztype = s.zone_types[zone]
            if ztype.id == new.id or (p["from"] and ztype.id not in p["from"]):
                continue
            if ztype.tags & set(p["not_tags"]) or (p["empty"] and s.zone_units[zone]):
                continue
            out.append(Option(f"zone:{zone}", f"{game.zone_name(zone)} ({ztype.name})", zone))
        return out

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        """:meth:`targets`' tests, stopping at the first zone that passes (asked at every
        decision of a move phase: no options are made)."""
        p = self.params
        s = game.state
        if s.players[seat].treasury < p["cost"]:
            return False
        new, frm, not_tags, empty = p["to"], p["from"], frozenset(p["not_tags"]), p["empty"]
        types, zone_units = s.zone_types, s.zone_units
        if p["where"] == "adjacent":
            adjacency = game.board.adjacency
            zones: Any = []
            for z in s.occupied.get(seat, ()):  # a loop, not a generator (docs/speed.md)
                zones.extend(adjacency[z])
        else:
            zones = self._candidates(game, seat)
        for zone in zones:
            ztype = types[zone]
            if ztype.id == new or (frm and ztype.id not in frm):
                continue
            if (not_tags and ztype.tags & not_tags) or (empty and zone_units.get(zone)):
                continue
            return True
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        s = game.state
        old, new = s.zone_types[target], game.rules.zone_types[self.params["to"]]
        s.players[seat].treasury -= self.params["cost"]
        s.set_zone_type(target, new)
        if not new.generates_revenue and target in s.control:
            del s.control[target]
        game.emit("zone_changed", player=seat, zone=target, frm=old.name, to=new.name, cost=self.params["cost"])


class PlaceFreeUnits(Effect):
    """``count`` random units from your pool join you, free, in a zone you control."""

    defaults = {"count": 2}
    param_help = {"count": "units drawn from your pool"}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        if not s.pools.get(pool_key(game, seat)):
            return []
        zones = game.board.zone_options
        return [zones[z] for z in s.controlled(seat)]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        s = game.state
        return bool(s.pools.get(pool_key(game, seat))) and bool(s.control.zones_of(seat))

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        s = game.state
        names = []
        for unit in draw_units(game, seat, self.params["count"]):
            s.put_on_board(unit, seat, target)
            names.append(s.units[unit].type.name)
        game.emit("free_units", player=seat, zone=target, count=len(names), secret={"units": names})


class Regenerate(Effect):
    """After the battles of your turn: one of your units destroyed this turn, still in
    its pool, comes back into play in a zone you control."""

    phases = frozenset({"after_battle"})

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        if not s.controlled(seat):
            return []
        out = []
        for u in dict.fromkeys(s.destroyed_this_turn):
            if s.units[u].place == POOL and s.last_owner.get(u) == seat and comeback_zones(game, seat, u):
                out.append(Option(f"unit:{u}", game.unit_label(u), u))
        return out

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.push(PlaceRegenerated(seat, target))


def comeback_zones(game: Game, seat: int, unit: int) -> list[int]:
    """The zones ``seat`` controls where ``unit`` may come back into play: every one, less
    those the theme forbids for its kind (``warp_can_place``, as for a recruit)."""
    zones = game.state.controlled(seat)
    if game.hook.absent["warp_can_place"]:
        return list(zones)
    unit_type = game.state.units[unit].type
    return [z for z in zones if False not in game.hook.warp_can_place(game=game, seat=seat, unit_type=unit_type, zone=z)]


@rule_step
class PlaceRegenerated(Step):
    seat: int
    unit: int

    def run(self, game: Game) -> Decision | None:
        if game.state.units[self.unit].place != POOL:
            return None  # drawn from the pool again in the meantime
        zones = game.board.zone_options
        options = [zones[z] for z in comeback_zones(game, self.seat, self.unit)]
        return game.ask(self.seat, "place", f"Bring {game.unit_label(self.unit)} back in", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        if not picked:
            return
        zone = decision.options[picked[0]].value
        game.state.put_on_board(self.unit, self.seat, zone)
        # It fought (or moved) this turn before it fell: back, it does not move again this
        # turn (a theme with a move phase after the battles, the city states' second move).
        game.state.units[self.unit].moved = True
        game.emit("unit_regenerated", player=self.seat, zone=zone, secret={"unit": game.state.units[self.unit].type.name})


