"""Moving by land and by sea (the source rules, C3): who carries whom, how far a group goes, where
it may not go, and what happens when it enters a space holding another player's units.

A group moving by land is Armies, Rowers, Leaders and the Baggage its Armies carry (4 each);
it never goes to sea. A group with ships is a sea group: it sails through the sea and may put
in at the coastal spaces next to it. Each Fleet needs one Rowers aboard and carries 2
Baggage; each Transport carries one Army (or Rowers) or 8 Baggage; Leaders sail with a Fleet
or with an Army.
"""

from __future__ import annotations

import attrs

from warp_empires.kit import Option, Step, can_move, destinations, move_group, movable

from . import places
from .captives import Ransom, take
from .traits import has_city_trait, leaders_with


def carry_problem(k: dict[str, int], moving: bool = True) -> str | None:
    """Why units of these kinds cannot travel together (or, ``moving=False``, lie at sea)."""
    ships = k["fleet"] + k["transport"]
    if not ships and not moving:
        return "nothing carries them" if any(k.values()) else None
    if not ships:
        if k["baggage"] > 4 * k["army"]:
            return "Baggage moves only when carried (an Army carries 4)"
        return None
    if moving and k["fleet"] > k["rowers"]:
        return "a Fleet moves only with Rowers aboard"
    passengers = k["army"] + max(0, k["rowers"] - k["fleet"])
    if passengers > k["transport"]:
        return "an Army crosses the sea on a Transport (one each)"
    room = 2 * k["fleet"] + 8 * (k["transport"] - passengers)
    if k["baggage"] > room:
        return "no room for the Baggage (a Fleet carries 2, an empty Transport 8)"
    if k["leader"] and not (k["fleet"] or k["army"]):
        return "Leaders sail with a Fleet or an Army"
    return None


def group_problem(game, seat: int, units) -> str | None:
    """Why this group cannot move: what it carries, or what it would leave adrift at sea."""
    s = game.state
    k = places.kinds_of(game, units)
    if not (k["army"] or k["rowers"] or k["fleet"] or k["transport"] or k["leader"]):
        return "Baggage cannot move by itself"
    problem = carry_problem(k)
    if problem is None:
        zone = s.units[units[0]].zone
        if places.is_sea(game, zone):
            left = [u for u in s.stack(zone, seat) if u not in units]
            if left and carry_problem(places.kinds_of(game, left), moving=False):
                return "it would leave units adrift at sea"
    return problem


def allowance(game, seat: int, units) -> int:
    """Movement points: Fleets 10 and Transports 8 by sea (an Admiral +2); by land Armies and
    Rowers 4, Leaders alone 6 (a Marcher, Horsemen +1). 0 for a group that cannot move."""
    if group_problem(game, seat, units):
        return 0
    k = places.kinds_of(game, units)
    if k["fleet"] or k["transport"]:
        return min(p for p, n in ((10, k["fleet"]), (8, k["transport"])) if n) + 2 * bool(leaders_with(game, units, "admiral"))
    points = 4 if (k["army"] or k["rowers"]) else 6
    return points + bool(leaders_with(game, units, "marcher")) + has_city_trait(game, seat, "horsemen")


#: The terrains whose move_cost (2) only Armies pay: the source makes Armies use 2 points
#: to enter Forest or Hill; Rowers and Leaders without an Army pay 1 there, as anywhere.
HEAVY_GOING = ("forest", "hill")


def move_costs(game, seat: int, units) -> dict[str, int] | None:
    """Forest and Hill at 1 point for a group with no Army in it (C3); ``None`` otherwise."""
    chits = game.state.units
    if any(chits[u].type.id == "army" for u in units):
        return None
    return dict.fromkeys(HEAVY_GOING, 1)


def closed_zones(game, seat: int, units) -> dict[int, str]:
    """Where this group may not go, with the reason a player asking ``why`` is told."""
    # Asked for every group the player could move, at every decision of a move phase: what
    # the map alone decides comes ready made, and only zones holding units are looked into.
    s = game.state
    if s.battle is None:  # a card's own movement points (Forced March) skip the allowance, not the carrying
        problem = group_problem(game, seat, units)
        if problem:
            return dict.fromkeys(range(len(game.board)), problem)
    k = places.kinds_of(game, units)
    by_sea = bool(k["fleet"] or k["transport"])
    adding = k["army"] + k["fleet"] + k["transport"]
    control, chits = s.control, s.units
    way = _by_the_map(game)[by_sea]
    out = dict(way.closed)
    for z in way.cities:
        if control.get(z) != seat:
            out[z] = "no unit enters a neutral or enemy city (take it by diplomacy or assault)"
    held: list[int] = []  # open zones holding the group's own units alone
    foreign: set[int] = set()  # and those holding another player's
    for z, here in s.zone_units.items():
        if not here or z in out or z not in way.limit:
            continue
        others = {chits[u].owner for u in here} - {seat}
        if not others:
            held.append(z)
            continue
        foreign.add(z)
        if any(places.shows_troops(game, z, o) for o in others):
            out[z] = "another player's Armies or Rowers hold it (attack it in a battle phase)"
    if adding:  # the stacking limits (C1), in empty zones and in zones holding units alike
        for limit, zones in way.by_limit:  # lowest first
            if limit >= adding:
                break
            for z in zones:
                if z not in out and z not in foreign:
                    out[z] = f"the stacking limit there is {limit} Armies, Fleets and Transports"
        for z in (*held, *sorted(foreign)):
            limit = way.limit[z]
            if z not in out and places.stacked(game, seat, z) + adding > limit:
                out[z] = f"the stacking limit there is {limit} Armies, Fleets and Transports"
    return out


@attrs.frozen
class _Way:
    """What the map alone says of the zones, for groups by land or for groups by sea."""

    closed: dict[int, str]  # closed whatever stands there, with the reason
    cities: tuple[int, ...]  # open but for a city not the mover's
    limit: dict[int, int]  # every zone not closed -> its stacking limit
    by_limit: tuple[tuple[int, tuple[int, ...]], ...]  # (limit, the zones with it), lowest first
    landings: tuple[int, ...]  # zones to end a move in, never to pass through


_MAPS: list[tuple[object, tuple[_Way, _Way]]] = []  # (zone types, by land and by sea), latest last


def _by_the_map(game) -> tuple[_Way, _Way]:
    """The zones as a group by land (index 0) and by sea (1) finds them on the map. Kept
    for the few zone type lists seen last: copies of a game share theirs until a zone
    changes type."""
    types = game.state.zone_types
    for known, ways in _MAPS:
        if known is types:
            return ways
    limits = game.rules.settings.extra["stacking"]
    closed: tuple[dict[int, str], dict[int, str]] = ({}, {})
    open_: tuple[list[int], list[int]] = ([], [])
    for z, t in enumerate(types):
        if "sea" in t.tags:
            closed[0][z] = "only a group with ships goes to sea"
            open_[1].append(z)
        else:
            open_[0].append(z)
            if places.on_the_sea(game, z):
                open_[1].append(z)
            else:
                closed[1][z] = "ships keep to the sea and the coast next to it"
    ways = []
    for shut, zones in zip(closed, open_):
        limit = {z: limits.get(types[z].id, 10**6) for z in zones}
        by_limit: dict[int, list[int]] = {}
        for z in zones:
            by_limit.setdefault(limit[z], []).append(z)
        cities = tuple(z for z in zones if "city" in types[z].tags)
        # Ships sail through sea zones only: the coast is where they land.
        landings = tuple(z for z in zones if "sea" not in types[z].tags) if shut is closed[1] else ()
        ways.append(_Way(shut, cities, limit, tuple((n, tuple(zs)) for n, zs in sorted(by_limit.items())), landings))
    split = (ways[0], ways[1])
    _MAPS.append((types, split))
    del _MAPS[:-8]
    return split


# ---------------------------------------------------------------------- choosing groups

STOP = Option("stop", "Stop moving")
GO = Option("go", "Move the units chosen so far")
BACK = Option("back", "Move nothing from here")


def one_of_each(game, units) -> list[int]:
    """One unit of each kind among ``units`` (alone, units of one kind go alike)."""
    seen: dict[str, int] = {}
    for u in units:
        seen.setdefault(game.state.units[u].type.id, u)
    return list(seen.values())


def can_go(game, seat: int, zone: int, units) -> bool:
    return bool(units) and can_move(game, seat, zone, tuple(units))


@attrs.frozen
class Marches(Step):
    """Move groups, one at a time, until the player stops (each unit moves once a turn);
    ``left`` counts the stacks still to be picked, so the phase always ends."""

    seat: int
    left: int

    def run(self, game):
        if self.left <= 0:
            return None
        options = []
        for zone in game.state.zones_with_units(self.seat):
            group = movable(game, self.seat, zone)
            if group and (can_go(game, self.seat, zone, group) or any(can_go(game, self.seat, zone, (u,)) for u in one_of_each(game, group))):
                options.append(Option(f"zone:{zone}", f"{game.zone_name(zone)}: {len(group)} unit(s) to move", zone))
        if not options:
            return None
        return game.ask(self.seat, "choose_stack", "Choose a stack to move", [STOP, *options])

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id != "stop":
            game.push(PickGroup(self.seat, option.value), Marches(self.seat, self.left - 1))


@attrs.frozen
class PickGroup(Step):
    """Pick the units that go together (a Fleet with its Rowers, an Army on a Transport...)."""

    seat: int
    zone: int
    chosen: tuple[int, ...] = ()
    #: Units taken back out of the group: they stay behind for this move, so picking a
    #: group always ends (a player may start again by moving nothing from here).
    left_behind: tuple[int, ...] = ()

    def run(self, game):
        everyone = movable(game, self.seat, self.zone)
        if len(everyone) == 1 and not self.chosen:
            game.push(PickDestination(self.seat, self.zone, everyone))  # nothing to choose
            return None
        left = [u for u in everyone if u not in self.chosen and u not in self.left_behind]
        options = [BACK]
        stuck = None  # why the units chosen so far cannot go, for the player's screen
        if self.chosen:
            if can_go(game, self.seat, self.zone, self.chosen):
                options.append(GO)
            else:
                stuck = group_problem(game, self.seat, self.chosen) or "they have nowhere to go from here"
                # A group too big for every space around, or all of the stack picked, is
                # mended by leaving a unit behind (else the only way on is to move nothing).
                last = self.chosen[-1]
                options.append(Option("drop", f"Leave {game.unit_label(last)} behind", last))
        elif can_go(game, self.seat, self.zone, everyone):
            options.append(Option("all", f"Move all {len(everyone)} units", everyone))
        options += [Option(f"unit:{u}", f"Add {game.unit_label(u)}", u) for u in left]
        context = {"cannot_go": stuck} if stuck else None
        return game.ask(self.seat, "choose_units", f"Which units leave {game.zone_name(self.zone)}?", options, context=context)

    def resume(self, game, decision, picked) -> None:
        option = decision.options[picked[0]]
        if option.id == "back":
            return
        if option.id.startswith("unit:"):
            game.push(attrs.evolve(self, chosen=(*self.chosen, option.value)))
            return
        if option.id == "drop":
            game.push(attrs.evolve(self, chosen=self.chosen[:-1], left_behind=(*self.left_behind, option.value)))
            return
        group = self.chosen if option.id == "go" else tuple(option.value)
        game.push(PickDestination(self.seat, self.zone, group))


LANDING = "ships land on the coast, they never sail across it to another sea"


def landing_zones(game, seat: int, units) -> dict[int, str]:
    """Where a group with ships may end its move but not pass through: every coastal zone
    (a neck of land never joins two seas). A group without ships has none."""
    k = places.kinds_of(game, units)
    if not (k["fleet"] or k["transport"]):
        return {}
    return dict.fromkeys(_by_the_map(game)[1].landings, LANDING)


@attrs.frozen
class PickDestination(Step):
    seat: int
    zone: int
    units: tuple[int, ...]

    def run(self, game):

        reach = destinations(game, self.seat, self.zone, self.units)
        named = game.board.zone_options
        options = [named[z] for z in sorted(reach)]
        return game.ask(
            self.seat, "choose_destination", f"Move {len(self.units)} unit(s) from {game.zone_name(self.zone)} to", options,
            context={"from": self.zone, "units": self.units, "reach": reach},
        )

    def resume(self, game, decision, picked) -> None:
        if picked:
            move_group(game, self.units, decision.options[picked[0]].value, by=self.seat)


# ---------------------------------------------------------------------- entering a space


@attrs.frozen
class Arrive(Step):
    """A group entered a space holding another player's units (C3): if those hold Armies,
    Rowers or a manned Fleet hidden under the top, the group is turned back to where it came
    from; otherwise a group with Armies, Rowers or a manned Fleet captures them: Baggage,
    Transports and unmanned Fleets change sides, Leaders are taken captive (and ransomed or
    put to death). Any other group shares the space with them."""

    seat: int
    units: tuple[int, ...]
    frm: int
    to: int

    def run(self, game) -> None:
        s = game.state
        if any(s.units[u].zone != self.to or s.units[u].owner != self.seat for u in self.units):
            return None  # the move was undone
        others = sorted(s.owners_in(self.to) - {self.seat})
        if not others:
            return None
        for o in others:
            k = places.kinds_of(game, s.stack(self.to, o))
            if k["army"] or k["rowers"]:
                for u in self.units:
                    s.move_unit(u, self.frm)
                # The stack that turned it back comes into the open, as in a battle.
                held = [s.units[u].type.name for u in s.stack(self.to, o)]
                game.emit("turned_back", player=self.seat, zone=self.to, frm=self.frm, owner=o, units=held)
                return None
        mine = places.kinds_of(game, self.units)
        if not (mine["army"] or mine["rowers"]):
            return None  # Leaders, Baggage or ships without Rowers capture nothing: the space is shared (C3)
        steps = []
        for o in others:
            steps += [Ransom(self.seat, u) for u in take(game, self.seat, self.to, o, s.stack(self.to, o))]
        game.push(*steps)
        return None


def settle_at_sea(game, zone: int, seat: int) -> None:
    """Units at sea that the ships left cannot carry are lost, and only those (after a lost
    sea battle, a storm or an upkeep roll): with no ship, all of them; else passengers beyond
    the Transports (Armies before Rowers), then Baggage beyond the room left, then Leaders
    with neither a Fleet nor an Army to sail with. Which ship carries what is not kept, so
    whatever the ships left can carry stays afloat."""
    s = game.state
    if not places.is_sea(game, zone):
        return
    while True:
        stack = s.stack(zone, seat)
        k = places.kinds_of(game, stack)
        if not stack or carry_problem(k, moving=False) is None:
            return
        passengers = k["army"] + max(0, k["rowers"] - k["fleet"])
        if not (k["fleet"] or k["transport"]):
            kind = None  # nothing afloat: every unit goes
        elif passengers > k["transport"]:
            kind = "army" if k["army"] else "rowers"
        elif k["baggage"] > 2 * k["fleet"] + 8 * (k["transport"] - passengers):
            kind = "baggage"
        else:
            kind = "leader"
        victim = next(u for u in stack if kind is None or (s.units[u].type.is_leader if kind == "leader" else s.units[u].type.id == kind))
        game.emit("lost_at_sea", player=seat, zone=zone, secret={"unit": s.units[victim].type.name})
        s.return_to_pool(victim)
