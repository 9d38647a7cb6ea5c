"""Doctor Who Empires: races of the Doctor Who universe fight for the Nexus Points."""

from __future__ import annotations

from warp_empires import ThemePlugin, hookimpl
from warp_empires.model.data import MapRules
from warp_empires.rules.setup import generic_setup


def nexus_points(game) -> list[int]:
    return [z for z, t in enumerate(game.state.zone_types) if "nexus" in t.tags]


class DoctorWho(ThemePlugin):
    @hookimpl
    def warp_map_rules(self, players):
        base = self.data.map_rules
        counts = dict(base.min_counts)
        counts["nexus"] = max(counts.get("nexus", 0), 3, players + 1)
        counts["rich"] = max(counts.get("rich", 0), players)
        return MapRules(base.die, counts, base.start_zone_type, base.named_zones, base.names, base.passable_connected)

    @hookimpl
    def warp_setup(self, game):
        generic_setup(game)
        earth = game.board.find("Earth")
        for p in game.state.players:
            if p.faction.id == "earth_empire" and earth is not None:
                game.state.control[earth] = p.seat
                game.emit("control", zone=earth, player=p.seat, previous=-1)
        return True

    @hookimpl
    def warp_victory(self, game):
        nexus = nexus_points(game)
        owners = {game.state.control.get(z, -1) for z in nexus}
        if nexus and len(owners) == 1 and -1 not in owners:
            return owners.pop()
        return None

    @hookimpl
    def warp_tiebreak(self, game):
        counts = sorted(((sum(1 for z in nexus_points(game) if game.state.control.get(z) == p.seat), p.seat) for p in game.state.players), reverse=True)
        if len(counts) > 1 and counts[0][0] == counts[1][0]:
            return None  # equal Nexus Points: the generic tiebreak decides
        return counts[0][1]


plugin = DoctorWho(__name__)
