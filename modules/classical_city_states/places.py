"""Cities, the sea and the state of a city: home cities, siege, Hostile and Razed counters.

What a rule asks of another player's stack is only what everyone sees of it (B4, B14):
that it is there, and the unit it shows on top. A stack *shows arms* when its top unit is
an Army, Rowers or a Fleet: such a stack lays siege to the cities next to it and bars the
way (the source rules' "enemy Armies, Rowers or manned Fleets", judged by what can be seen).
"""

from __future__ import annotations

from . import ledger

ARMED = frozenset({"army", "rowers"})  # fight on land and cost upkeep
SHOWS_ARMS = frozenset({"army", "rowers", "fleet"})
COUNTED = frozenset({"army", "fleet", "transport"})  # the kinds stacking limits count (C1)
RAZE_COUNTERS = 3  # what a sacked city receives (C4: the module's number)


def home_city(game, seat: int) -> int | None:
    return ledger.of(game).home.get(seat)


def is_city(game, zone: int) -> bool:
    return "city" in game.state.zone_types[zone].tags


def is_minor_city(game, zone: int) -> bool:
    return game.state.zone_types[zone].id == "city"


def is_sea(game, zone: int) -> bool:
    return "sea" in game.state.zone_types[zone].tags


def on_the_sea(game, zone: int) -> bool:
    """A coastal zone (sandy coast, fishing village, city) next to a sea zone: ships may
    enter it and its city may build ships."""
    types = game.state.zone_types
    return "coast" in types[zone].tags and any("sea" in types[n].tags for n in game.board.adjacency[zone])


def kinds_of(game, units) -> dict[str, int]:
    """How many of ``units`` are of each kind (army, rowers, fleet, transport, baggage, leader)."""
    out = dict.fromkeys(("army", "rowers", "fleet", "transport", "baggage", "leader"), 0)
    for u in units:
        t = game.state.units[u].type
        out["leader" if t.is_leader else t.id] += 1
    return out


def manned_fleets(game, zone: int, seat: int) -> int:
    """Fleets of ``seat`` in ``zone`` with Rowers aboard (one Rowers a Fleet)."""
    k = kinds_of(game, game.state.stack(zone, seat))
    return min(k["fleet"], k["rowers"])


def shows_arms(game, zone: int, seat: int) -> bool:
    """Whether ``seat``'s stack in ``zone`` shows an Army, Rowers or Fleet on top."""
    stack = game.state.stack(zone, seat)
    return bool(stack) and game.state.units[stack[0]].type.id in SHOWS_ARMS


def shows_troops(game, zone: int, seat: int) -> bool:
    """Whether ``seat``'s stack in ``zone`` shows an Army or Rowers on top: a Fleet on top
    may be unmanned (C3: captured by whoever enters), which only entering tells."""
    stack = game.state.stack(zone, seat)
    return bool(stack) and game.state.units[stack[0]].type.id in ARMED


def besieged(game, zone: int, holder: int) -> bool:
    """Another player's stack showing arms stands next to (or in) the city."""
    s = game.state
    for z in (zone, *game.board.adjacency[zone]):
        for owner in s.owners_in(z):
            if owner != holder and shows_arms(game, z, owner):
                return True
    return False


def surrounded(game, zone: int, seat: int) -> bool:
    """Every space next to ``zone`` holds another player's units."""
    s = game.state
    around = game.board.adjacency[zone]
    return bool(around) and all(any(o != seat for o in s.owners_in(z)) for z in around)


def hostile(game, zone: int) -> bool:
    return zone in ledger.of(game).hostile


def set_hostile(game, zone: int, value: bool) -> None:
    hostile = ledger.of(game).hostile
    if value:
        hostile.add(zone)
    else:
        hostile.discard(zone)


def razed(game, zone: int) -> int:
    """How many Razed counters the city carries."""
    return ledger.of(game).razed.get(zone, 0)


def set_razed(game, zone: int, counters: int) -> None:
    razed = ledger.of(game).razed
    if counters > 0:
        razed[zone] = counters
    else:
        razed.pop(zone, None)


def income(game, zone: int) -> int:
    """The city's base income: 7 for a home city, the 1D6 rolled at setup for a minor city
    (kept on the zone's own type, so every screen shows it as the zone's revenue)."""
    return game.state.zone_types[zone].revenue


def can_recruit(game, zone: int, seat: int) -> bool:
    """A city of ``seat``'s that is not besieged, razed or hostile."""
    return game.state.control.get(zone) == seat and not (besieged(game, zone, seat) or razed(game, zone) or hostile(game, zone))


def stacking_limit(game, zone: int) -> int:
    """The zone's stacking limit, by terrain: the module's own numbers (C1, data/theme.toml)."""
    limits = game.rules.settings.extra["stacking"]
    return limits.get(game.state.zone_types[zone].id, 10**6)


def stacked(game, seat: int, zone: int) -> int:
    """``seat``'s Armies, Fleets and Transports in ``zone`` (what stacking limits count)."""
    s = game.state
    return sum(1 for u in s.zone_units.get(zone) if s.units[u].owner == seat and s.units[u].type.id in COUNTED)


def room(game, seat: int, zone: int) -> int:
    """How many more Armies, Fleets and Transports ``seat`` may bring into ``zone``."""
    return max(0, stacking_limit(game, zone) - stacked(game, seat, zone))


def within_limit(game, seat: int, zone: int, units: list[int]) -> list[int]:
    """``units`` cut so that, once in ``zone``, ``seat`` keeps to its stacking limit: the
    counted kinds in their order up to the room left, every other unit."""
    s = game.state
    left = room(game, seat, zone)
    out = []
    for u in units:
        if s.units[u].type.id in COUNTED:
            if not left:
                continue
            left -= 1
        out.append(u)
    return out


def burn_excess(game, seat: int, zone: int, taken: list[int]) -> None:
    """Captured ships and Transports the captor has no room for are burnt (our design, C4):
    the stacking limit holds after a capture as after a move."""
    s = game.state
    over = stacked(game, seat, zone) - stacking_limit(game, zone)
    for u in [u for u in reversed(taken) if s.units[u].type.id in COUNTED][:max(0, over)]:
        game.emit("burnt", player=seat, zone=zone, unit=s.units[u].type.name)
        s.return_to_pool(u)
