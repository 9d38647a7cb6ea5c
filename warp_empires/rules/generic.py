"""The generic ruleset as a plugin: the base answer to every rule hook.

Every implementation here is ``trylast``, so a theme's answer to a first-result hook
wins and the generic one is the fallback.
"""

from __future__ import annotations

from ..hookspecs import hookimpl
from ..model.data import MapRules, Settings, ThemeText
from . import battle, draw, economy, move, recruit
from .move import generic_allowance
from .setup import generic_setup

PHASES = {
    "draw": draw.draw_phase,
    "move": move.move_phase,
    "battle": battle.battle_phase,
    "revenue": economy.revenue_phase,
    "recruit": recruit.recruit_phase,
    "upkeep": economy.upkeep_phase,
    "control": economy.control_phase,
}


@hookimpl(trylast=True)
def warp_settings():
    return Settings()


@hookimpl(trylast=True)
def warp_text():
    return ThemeText()


@hookimpl(trylast=True)
def warp_map_rules(players):
    return MapRules()


@hookimpl(trylast=True)
def warp_phase_handlers():
    return PHASES


@hookimpl(trylast=True)
def warp_setup(game):
    generic_setup(game)
    return True


@hookimpl(trylast=True)
def warp_tiebreak(game):
    """Most revenue-generating zones controlled, then most revenue, else a draw (B13)."""
    s = game.state
    scores = []
    for p in s.players:
        zones = [z for z in s.controlled(p.seat) if s.zone_types[z].generates_revenue]
        scores.append((len(zones), sum(s.zone_types[z].revenue for z in zones), p.seat))
    scores.sort(key=lambda t: (t[0], t[1]), reverse=True)
    if len(scores) > 1 and scores[0][:2] == scores[1][:2]:
        return -1
    return scores[0][2]


@hookimpl(trylast=True)
def warp_move_allowance(game, seat, units):
    return generic_allowance(game, seat, units)


@hookimpl(trylast=True)
def warp_recruit_cost(game, seat, unit_type):
    return recruit.generic_cost(game, seat, unit_type)


@hookimpl(trylast=True)
def warp_option_zone(game, option):
    """The zone of an option written ``zone:Z...`` or ``stack:Z:SEAT`` (as the kit writes them)."""
    head, _, rest = option.id.partition(":")
    if head in ("zone", "stack"):
        first = rest.partition(":")[0]
        if first.isdigit() and int(first) < len(game.board):
            return int(first)
    return None


@hookimpl(trylast=True)
def warp_battle_steps(game, zone, attacker, defender):
    return battle.generic_battle_steps(zone, attacker, defender)


@hookimpl
def warp_revenue_modifiers(game, seat):
    return economy.lasting_revenue_modifiers(game, seat)


@hookimpl
def warp_blocked_zones(game, seat, units):
    """Zones of players ``seat`` has promised not to enter (lasting ``no_entry`` effects)."""
    s = game.state
    if not s.lasting:
        return ()
    closed = set()
    for e in s.lasting:  # a loop, not comprehensions (docs/speed.md)
        if e.kind == "no_entry" and e.seat == seat:
            closed.update(s.occupied.get(e.source, ()))
    return closed or ()
