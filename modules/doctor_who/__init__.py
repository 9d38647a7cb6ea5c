"""Doctor Who Empires: races of the Doctor Who universe fight for the Nexus Points.

Where the project's rulings D1-D6 are carried out: the galaxy (D1) in ``warp_map_rules``
and data/zones.toml, data/theme.toml; the setup (D2) in ``warp_setup`` and the settings
of data/theme.toml; victory and tiebreak (D3) in ``warp_victory`` and ``warp_tiebreak``;
the races (D4) in data/factions.toml; the units and their pool (D5) in data/units.toml;
the cards (D6) in data/cards.toml and effects.py."""

from __future__ import annotations

import attrs

from warp_empires.kit import MapRules, ThemePlugin, generic_setup, hookimpl

from .effects import EFFECTS


@attrs.define
class Galaxy:
    """What Doctor Who Empires remembers about its map during a game."""

    nexus_points: tuple[int, ...] | None = None  # found on first use


def nexus_points(game) -> tuple[int, ...]:
    """The Nexus Points of the map. No card turns a zone into or out of a Nexus Point,
    so they are found once per game (a scan of every zone is costly on big maps)."""
    galaxy = game.state.theme(Galaxy)
    if galaxy.nexus_points is None:
        galaxy.nexus_points = tuple(z for z, t in enumerate(game.state.zone_types) if "nexus" in t.tags)
    return galaxy.nexus_points


class DoctorWho(ThemePlugin):
    @hookimpl
    def warp_map_rules(self, players):
        """D1: at least max(3, players + 1) Nexus Points and a Rich zone for every player
        (each one's start zone, D2) on top of the 1D6 roll of data/zones.toml."""
        base = self.data.map_rules
        counts = dict(base.min_counts)
        counts["nexus"] = max(counts.get("nexus", 0), 3, players + 1)
        counts["rich"] = max(counts.get("rich", 0), players)
        return MapRules(base.die, counts, base.start_zone_type, base.named_zones, base.names, base.passable_connected)

    @hookimpl
    def warp_setup(self, game):
        """D2: the generic opening (a Rich start zone each, 5 units from the shared pool,
        5 cards), and the Earth Empire also takes Earth."""
        generic_setup(game)
        earth = game.board.find("Earth")
        for p in game.state.players:
            if p.faction.id == "earth_empire" and earth is not None:
                game.state.control[earth] = p.seat
                game.emit("control", zone=earth, player=p.seat, previous=-1)
        return True

    @hookimpl
    def warp_victory(self, game):
        """D3: asked whenever a turn ends; holding every Nexus Point then wins."""
        nexus = nexus_points(game)
        control = game.state.control
        owners = set()
        for z in nexus:  # a loop, not a comprehension (docs/speed.md): every turn
            owners.add(control.get(z, -1))
        if nexus and len(owners) == 1 and -1 not in owners:
            return owners.pop()
        return None

    @hookimpl
    def warp_tiebreak(self, game):
        """D3: most Nexus Points; among the players tied for most, the generic order of B13:
        most revenue-generating zones, then most revenue from them; still tied, a draw."""
        s = game.state
        nexus = nexus_points(game)
        held = {p.seat: sum(1 for z in nexus if s.control.get(z) == p.seat) for p in s.players}
        best = max(held.values())
        leaders = [seat for seat, n in held.items() if n == best]
        if len(leaders) == 1:
            return leaders[0]

        def zones_and_revenue(seat):
            zones = [z for z in s.controlled(seat) if s.zone_types[z].generates_revenue]
            return len(zones), sum(s.zone_types[z].revenue for z in zones)

        scores = sorted(((zones_and_revenue(seat), seat) for seat in leaders), reverse=True)
        if scores[0][0] == scores[1][0]:
            return -1
        return scores[0][1]

    @hookimpl
    def warp_card_effects(self):
        """D6: the card effect the engine's library lacks (Insidious Plot)."""
        return EFFECTS

    @hookimpl
    def warp_evaluate(self, game, seat):
        """Every Nexus Point held is a step to victory and the first tiebreak (D3)."""
        control = game.state.control
        return 5.0 * sum(1 for z in nexus_points(game) if control.get(z) == seat)


plugin = DoctorWho(__name__)
