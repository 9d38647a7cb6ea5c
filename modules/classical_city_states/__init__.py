"""City States of Hellas: the classical city-state game on the Warp Empires engine.

The rules are in ``RULES.md``; zone types, units, cards and numbers in ``data/``. The code
is split by what it rules: ``places`` (cities, siege, Hostile and Razed counters),
``moving`` (carrying, movement, entering enemy spaces), ``attacks`` (the declared attacks of
the battle phases), ``upkeep``, ``recruit`` (with the experience roll), ``diplomacy`` (with
the Rebels), ``captives`` (ransom), ``traits`` (the City and Leader trait tables),
``cards`` and, for the computer players alone, ``campaign`` (how far a march has to go).
This file binds them to the engine: the setup, the phases, revenue, battle modifiers,
victory and tiebreak.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from warp_empires.kit import (
    AfterBattles, CollectRevenue, Modifier, MovePhase, Step, ThemePlugin, draw_cards, hookimpl, pick_start_zones,
)

from . import ledger, places
from .attacks import AttackPhase
from .campaign import march_worth
from .captives import CaptiveSweep
from .cards import EFFECTS
from .diplomacy import Diplomacy, free_rolls
from .moving import Arrive, Marches, allowance, closed_zones, landing_zones, move_costs
from .recruit import leaders_to_gain, recruit_phase, take_from_pool
from .traits import has_city_trait, leaders_with
from .upkeep import PayUpkeep, armed_at_most, starvation, supplied

#: The home city Defense Modifier: a defender in its own home city, and no other side, adds it (C1).
HOME_DEFENSE = 8
#: What the computer players count a city for, beyond its income: the most cities win at the turn limit.
CITY_WORTH = 1.0
#: What they count off for a home city of their own with nobody in it to defend it.
BARE_HOME = 10.0
LONG_WALLS = 4
#: The map this theme is played on unless another is asked for (C2): the hex map of the Aegean
#: and Sicily, a real classical region with its cities by name. Random hex maps of the theme come
#: from ``map generate --layout hex`` and its 1D10 terrain table (data/zones.toml).
AEGEAN = Path(__file__).resolve().parents[2] / "maps" / "aegean.json"


@attrs.frozen
class Rebuild(Step):
    """Each razed city of the active player's removes one Razed counter (a neutral city does
    so in the first player's revenue phase)."""

    seat: int

    def run(self, game) -> None:
        s = game.state
        for zone, counters in sorted(ledger.of(game).razed.items()):
            holder = s.control.get(zone, 0)  # a neutral city rebuilds in seat 0's revenue phase
            if holder == self.seat:
                places.set_razed(game, zone, counters - 1)
                game.emit("unrazed", zone=zone, counters=counters - 1)
        return None


def marches(game, seat: int) -> list[Step]:
    units = len(game.state.units_of(seat))
    return [Marches(seat, units), CaptiveSweep()] if units else []


PHASES = {
    "revenue": lambda game, seat: [CollectRevenue(seat), Rebuild(seat)],
    "upkeep": lambda game, seat: [PayUpkeep(seat)],
    "recruit": recruit_phase,
    "diplomacy": lambda game, seat: [Diplomacy(seat, free_rolls(game, seat))],
    "first_move": lambda game, seat: [MovePhase(seat), *marches(game, seat)],
    "sea_battle": lambda game, seat: [AttackPhase(seat, sea=True), CaptiveSweep()],
    "land_battle": lambda game, seat: [AttackPhase(seat, sea=False), AfterBattles(seat), CaptiveSweep()],
    "second_move": marches,
}


def bind_home_cities(game) -> list[int]:
    """Each seat's home city (C2). A map that ties its start zones to city states (the Aegean)
    decides; on other maps a home city named after a seat's city state is that seat's, and
    the others get start zones spread apart."""
    s = game.state
    if (game.setup.zone_map.meta.get("options") or {}).get("start_factions"):
        return pick_start_zones(game, len(s.players))
    by_name = {game.zone_name(z).lower(): z for z, t in enumerate(s.zone_types) if t.id == "home_city"}
    homes = [by_name.get(p.faction.name.lower()) for p in s.players]
    if None in homes:
        spare = [z for z in pick_start_zones(game, len(s.players)) if z not in homes]
        homes = [z if z is not None else spare.pop(0) for z in homes]
    return homes


class CityStates(ThemePlugin):
    @hookimpl
    def warp_phase_handlers(self):
        return PHASES

    @hookimpl
    def warp_card_effects(self):
        return EFFECTS

    @hookimpl
    def warp_default_map(self, players):
        """The Aegean (C2), for as many players as it has home cities."""
        return str(AEGEAN) if AEGEAN.is_file() and players <= 6 else None

    @hookimpl
    def warp_setup(self, game):
        s = game.state
        rules = game.rules
        extra = rules.settings.extra
        homes = bind_home_cities(game)
        for z, t in enumerate(s.zone_types):
            if t.id == "home_city" and z not in homes:
                s.set_zone_type(z, rules.zone_types["city"])  # a home city nobody plays is a minor city
        for zone in homes:
            s.set_zone_type(zone, rules.zone_types["home_city"])
        for z, t in enumerate(s.zone_types):
            if t.id == "city":
                income = game.rng.randint(1, 6)  # rolled once, kept all game
                s.set_zone_type(z, attrs.evolve(t, revenue=income))
        for seat, zone in enumerate(homes):
            ledger.of(game).home[seat] = zone
            s.control[zone] = seat
            wanted = ["army"] * extra["start_armies"] + ["baggage"] * extra["start_baggage"]
            if places.on_the_sea(game, zone):
                wanted += ["fleet", "rowers", "transport"] * extra["start_navy"]
            for type_id in wanted:
                unit = take_from_pool(game, seat, type_id)
                if unit is not None:
                    s.put_on_board(unit, seat, zone)
            leaders = leaders_to_gain(game, seat)
            if leaders:
                s.put_on_board(leaders[0], seat, zone)
            draw_cards(game, seat, rules.settings.start_cards)
            game.emit("start_zone", player=seat, zone=zone)
        return True

    @hookimpl
    def warp_revenue_modifiers(self, game, seat):
        s = game.state
        silenced = {e.zone for e in s.lasting if e.kind == "zone_no_revenue" and e.seat == seat}
        out = []
        for zone in s.controlled(seat):
            if zone in silenced or not places.is_city(game, zone):
                continue
            income = places.income(game, zone)
            if places.razed(game, zone):
                out.append(Modifier(f"{game.zone_name(zone)} razed", -income))
            elif places.besieged(game, zone, seat):
                out.append(Modifier(f"siege of {game.zone_name(zone)}", -income))
            elif places.hostile(game, zone) and places.is_minor_city(game, zone):
                out.append(Modifier(f"{game.zone_name(zone)} hostile (half)", -(income // 2)))
        if has_city_trait(game, seat, "silver_mines"):
            out.append(Modifier("Silver Mines", 2))
        return out

    @hookimpl
    def warp_can_place(self, game, seat, unit_type, zone):
        """A unit a card brings back (Healers of Asclepius) stands only in a city with room
        for it under the stacking limit (C1), and a ship only in a city on the sea. (The
        module's own recruit phase places recruits by the same rules.)"""
        if not places.is_city(game, zone) or ("ship" in unit_type.tags and not places.on_the_sea(game, zone)):
            return False
        if unit_type.id in places.COUNTED and not places.room(game, seat, zone):
            return False
        return None

    @hookimpl
    def warp_move_allowance(self, game, seat, units):
        return allowance(game, seat, units)

    @hookimpl
    def warp_move_costs(self, game, seat, units):
        return move_costs(game, seat, units)

    @hookimpl
    def warp_blocked_zones(self, game, seat, units):
        return closed_zones(game, seat, units)

    @hookimpl
    def warp_stop_zones(self, game, seat, units):
        return landing_zones(game, seat, units)

    @hookimpl
    def warp_after_move(self, game, seat, units, frm, to):
        if any(o != seat for o in game.state.owners_in(to)):
            return [Arrive(seat, tuple(units), frm, to)]
        return []

    @hookimpl
    def warp_force_modifiers(self, game, battle, side):
        """What the module adds to the base battle (B5-B7, C1): the home city Defense Modifier
        for a defender in its own home city, and the City and Leader traits (C1, C4)."""
        out = []
        fighters = battle.fighters(game, side)
        if side == battle.defender and places.home_city(game, side) == battle.zone:
            out.append(Modifier("home city Defense Modifier", HOME_DEFENSE))
            if has_city_trait(game, side, "long_walls"):
                out.append(Modifier("Long Walls", LONG_WALLS))
        strategists = leaders_with(game, fighters, "strategist")
        if strategists:
            out.append(Modifier("Strategist", 2 * strategists))
        defenders = leaders_with(game, fighters, "defender")
        if defenders and side == battle.defender:
            out.append(Modifier("Defender", 3 * defenders))
        units = game.state.units
        if battle.kind == "land" and has_city_trait(game, side, "hoplites"):
            out.append(Modifier("Hoplites", sum(1 for u in fighters if units[u].type.id == "army")))
        if battle.kind == "sea" and has_city_trait(game, side, "skilled_rowers"):
            out.append(Modifier("Skilled Rowers", sum(1 for u in fighters if units[u].type.id == "fleet")))
        return [m for m in out if m.amount]

    @hookimpl
    def warp_tiebreak(self, game):
        """Most cities, then most income (home cities 7, minor cities their base income), else a draw."""
        s = game.state
        scores = []
        for p in s.players:
            cities = [z for z in s.controlled(p.seat) if places.is_city(game, z)]
            scores.append((len(cities), sum(places.income(game, z) for z in cities), p.seat))
        scores.sort(key=lambda t: t[:2], reverse=True)
        if len(scores) > 1 and scores[0][:2] == scores[1][:2]:
            return -1
        return scores[0][2]

    @hookimpl
    def warp_evaluate(self, game, seat):
        """Home cities win the game (one's own above all: losing it loses everything) and
        cities break the tie at the turn limit, so every city counts beyond its income; a
        besieged city earns and supplies nothing; a home city with no Army or Rowers in it
        falls to any enemy group that walks in, without a battle, from as far as a fleet
        sails; an Army or Rowers out of supply with no Baggage to eat makes the upkeep roll
        and may starve, the more likely the more counters it carries; and an Army or Rowers
        counts the more, the nearer it stands to another player's city (``campaign``)."""
        s = game.state
        homes = sum(1 for p in s.players if s.control.get(places.home_city(game, p.seat)) == seat)
        worth = 8.0 * homes
        for zone in s.control.zones_of(seat):
            if places.is_city(game, zone):
                worth += CITY_WORTH
                if places.besieged(game, zone, seat):
                    worth -= places.income(game, zone)
        home = places.home_city(game, seat)
        if s.control.get(home) == seat and not any(s.units[u].type.id in places.ARMED for u in s.stack(home, seat)):
            worth -= BARE_HOME
        hungry = 0
        for zone in s.zones_with_units(seat):
            stack = s.stack(zone, seat)
            armed = [u for u in stack if s.units[u].type.id in places.ARMED]
            if not armed or supplied(game, armed[0], seat):  # supply goes by the space
                continue
            baggage = sum(1 for u in stack if s.units[u].type.id == "baggage")
            hungry += sum(1 + starvation(game, u) for u in armed[baggage:])
        return worth - 1.0 * hungry + march_worth(game, seat)

    @hookimpl
    def warp_hidden_limits(self, game, seat):
        return armed_at_most(game, seat)

    @hookimpl
    def warp_zone_notes(self, game, zone, seat):
        # What decides a city's income, upkeep and recruits (C1-C3), where the players see it.
        s = game.state
        out = []
        holder = s.control.get(zone)
        if places.is_city(game, zone):
            if places.razed(game, zone):
                out.append(f"razed ({places.razed(game, zone)} counters): no income, supply or recruits")
            elif holder is not None and places.besieged(game, zone, holder):
                out.append("besieged: no income, supply or recruits")
            if places.hostile(game, zone):
                out.append("hostile: " + ("half income, " if places.is_minor_city(game, zone) else "") + "no recruits")
        if seat is not None:  # starvation counters are the owner's to know
            hungry = sum(1 for u in s.stack(zone, seat) if starvation(game, u))
            if hungry:
                out.append(f"{hungry} of your units starving")
        return out

    @hookimpl
    def warp_option_zone(self, game, option):
        # At the terminal an attack is picked by the code of the zone attacked, a storm by
        # the sea it strikes.
        head, _, rest = option.id.partition(":")
        if head == "attack":
            return option.value[1]
        if head == "storm":
            return option.value[0]
        return None

    @hookimpl
    def warp_victory(self, game):
        homes = [places.home_city(game, p.seat) for p in game.state.players]
        owners = {game.state.control.get(z, -1) for z in homes}
        if len(homes) > 1 and len(owners) == 1 and -1 not in owners:
            return owners.pop()
        return None


plugin = CityStates(__name__)
