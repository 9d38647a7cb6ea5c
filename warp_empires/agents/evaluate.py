"""How good a position is for one seat: the computer players' yardstick.

The evaluation is generic: it reads only what every theme has (zones and their revenue,
control markers, units and their force, treasuries, hands, the victory and tiebreak
hooks). A theme adds what only it knows, chiefly how close a seat is to its victory, by
answering the ``warp_evaluate`` hook. Points are on the scale of revenue: one point is
one unit of revenue a turn.

>>> from warp_empires import Game, GameSetup, Seat
>>> from warp_empires.mapgen import generate_for_theme
>>> from warp_empires.plugins import make_manager
>>> pm = make_manager("doctor_who")
>>> game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen")],
...             generate_for_theme(pm, zones=20, players=2, seed=1), seed=1), plugins=pm)
>>> round(evaluate(game, 0), 2) == -round(evaluate(game, 1), 2)
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import attrs

from ..effects.movement import MoveStacks
from ..model.state import BOARD
from ..rules import economy
from ..rules.battle import side_force
from .weights import WEIGHTS, Weights

if TYPE_CHECKING:
    from ..engine import Game

#: What a won (or lost) game is worth; no position short of the end comes near it.
WON = 1000.0


def weights_for(game: Game) -> Weights:
    """The weights the computer players use in ``game``: the engine's, with what the theme
    (its ``[ai] weights`` table) and any plugin tuned (``game.rules.ai_weights``)."""
    tuned = game.rules.ai_weights
    return _tuned(tuple(sorted(tuned.items()))) if tuned else WEIGHTS


@functools.lru_cache(maxsize=32)
def _tuned(items: tuple[tuple[str, float], ...]) -> Weights:
    return attrs.evolve(WEIGHTS, **{name: float(value) for name, value in items})


def evaluate(game: Game, seat: int, weights: Weights | None = None) -> float:
    """``seat``'s worth less the best of the other seats' (a game won is worth ``WON``),
    weighed with ``weights`` (by default, the game's: :func:`weights_for`)."""
    s = game.state
    if s.over:
        return 0.0 if s.winner == -1 else (WON if s.winner == seat else -WON)
    worth = scores(game, weights)
    others = [w for i, w in enumerate(worth) if i != seat]
    return worth[seat] - (max(others) if others else 0.0)


def scores(game: Game, weights: Weights | None = None) -> list[float]:
    """Every seat's worth, by seat (before the others' worth is taken off)."""
    if weights is None:
        weights = weights_for(game)
    s = game.state
    types = s.zone_types
    units = s.units
    seats = len(s.players)
    worth = [0.0] * seats
    force_at: list[dict[int, float]] = [{} for _ in range(seats)]
    for seat in range(seats):
        occupied = s.occupied.get(seat, {})
        for zone in occupied:
            force_at[seat][zone] = stack_force(game, zone, seat)
    generic_upkeep = game.rules.phases.get("upkeep") is economy.upkeep_phase
    for p in s.players:
        seat = p.seat
        w = weights.revenue * sum(types[z].revenue for z in s.control.zones_of(seat))
        w += weights.treasury * p.treasury + hand_worth(game, p.hand, weights)
        mine = force_at[seat]
        count = sum(s.occupied.get(seat, {}).values())
        force = sum(mine.values())
        if generic_upkeep and count:
            keep = economy.upkeep_capacity(game, seat)
            if count > keep:
                # The excess is disbanded at the seat's next upkeep (B10): control markers
                # change only after it (the control phase ends a turn), so a unit beyond what
                # upkeep keeps is worth next to nothing (a tenth, so that stronger still
                # beats weaker).
                kept = keep + 0.1 * (count - keep)
                force *= kept / count
                count = kept
        w += weights.force * force + weights.unit * count
        for zone, f in mine.items():
            enemies = [force_at[o].get(zone, 0.0) for o in range(seats) if o != seat and zone in force_at[o]]
            if enemies:
                # A battle to come: the stronger side keeps the zone and the weaker loses
                # about half its units there (B5, B6); ties go to the defender.
                if f <= max(enemies):
                    w -= 0.5 * (weights.force * f)
                elif types[zone].generates_revenue and s.control.get(zone) != seat:
                    w += 0.5 * weights.occupied * types[zone].revenue
            elif types[zone].generates_revenue and s.control.get(zone) != seat:
                w += weights.occupied * types[zone].revenue
            threat = max((force_at[o].get(n, 0.0) for n in game.board.adjacency[zone] for o in range(seats) if o != seat), default=0.0)
            if threat > f:
                w -= weights.outgunned * weights.force * f
        # Zones a seat's units could take next turn or the one after: without this, a
        # player one step ahead never sets out for a planet two empty zones away.
        reach: set[int] = set()
        for zone in mine:
            reach |= near(game, zone)
        controlled = s.control.zones_of(seat)
        w += weights.reach * sum(types[z].revenue for z in reach if z not in controlled)
        enemies = [o for o in range(seats) if o != seat and force_at[o]]
        for zone in list(controlled):
            held = mine.get(zone)
            close = near(game, zone)
            if held is None:
                raiders = [o for o in enemies if any(n in force_at[o] for n in close)]
                if raiders:
                    w -= weights.exposed * types[zone].revenue
            else:
                # A garrison guards a zone only against what could reach it: an enemy stack
                # near and stronger takes it all the same (a Leader alone holds nothing).
                raiders = [o for o in enemies if any(force_at[o].get(n, 0.0) > held for n in close)]
                if not raiders:
                    continue
            # A zone an enemy could take and win with: gravest when the enemy is near,
            # serious wherever it is (some move far: roads, seas, long-range cards).
            winners = [o for o in enemies if wins_with(game, zone, o)]
            if winners:
                if any(o in raiders for o in winners):
                    w -= weights.lost_victory
                elif held is None:
                    w -= weights.lost_victory / 3
        worth[seat] = w
    leader = game.hook.warp_tiebreak(game=game)
    if leader is not None and leader >= 0:
        limit = game.setup.turn_limit
        progress = min(1.0, s.turn / (limit * seats)) if limit else 0.25
        worth[leader] += weights.leading * progress
    winner = game.hook.warp_victory(game=game)
    if winner is not None and 0 <= winner < seats:
        worth[winner] += weights.victory
    for seat in range(seats):
        for answer in game.hook.warp_evaluate(game=game, seat=seat):  # checked: a wrong answer names the theme
            worth[seat] += float(answer)
    return worth


def wins_with(game: Game, zone: int, seat: int) -> bool:
    """Whether ``seat`` would meet the victory condition if it held ``zone`` too (the
    marker is set for the question and put back)."""
    control = game.state.control
    before = control.get(zone)
    control[zone] = seat
    try:
        return game.hook.warp_victory(game=game) == seat
    finally:
        if before is None:
            del control[zone]
        else:
            control[zone] = before


def stack_force(game: Game, zone: int, seat: int) -> float:
    """The force ``seat``'s units in ``zone`` would fight with: printed force, per-unit and
    per-stack abilities and the leader bonus (B5); the exact force, cards and theme
    modifiers included, for the battle being fought."""
    s = game.state
    battle = s.battle
    if battle is not None and battle.zone == zone and seat in (battle.attacker, battle.defender):
        return float(side_force(game, battle, seat)[0])
    units = s.units
    faction = s.players[seat].faction
    total = 0
    leader = False
    for u in s.zone_units.get(zone):
        unit = units[u]
        if unit.owner != seat or unit.place != BOARD:
            continue
        t = unit.type
        total += t.force
        leader = leader or t.is_leader
        for a in t.abilities:
            if a.kind == "force_per_unit":
                total += a.amount
    per_unit = faction.ability_total("force_per_unit")
    if per_unit:
        total += per_unit * s.occupied[seat][zone]
    if leader:
        total += game.rules.settings.leader_bonus
    return float(total + faction.ability_total("force_per_stack"))


_NEAR: dict[int, tuple[Any, list[frozenset[int] | None]]] = {}


def near(game: Game, zone: int) -> frozenset[int]:
    """Zones one or two borders from ``zone`` (the map never changes: found once a zone)."""
    board = game.board
    known = _NEAR.get(id(board))
    if known is None or known[0] is not board:
        if len(_NEAR) > 16:
            _NEAR.clear()
        known = _NEAR[id(board)] = (board, [None] * len(board))
    found = known[1][zone]
    if found is None:
        found = known[1][zone] = frozenset(board.within(zone, 2) - {zone})
    return found


_KINDS: dict[int, tuple[Any, tuple[str, ...]]] = {}


def card_kinds(game: Game) -> tuple[str, ...]:
    """Per card id: ``move`` (it moves stacks: without one a player cannot move at all),
    ``battle`` (played in battles) or ``other``, found once per rulebook."""
    rules = game.rules
    known = _KINDS.get(id(rules))
    if known is None or known[0] is not rules:
        kinds = []
        for card in rules.cards:
            effect = rules.effects[card.id]
            kinds.append("move" if isinstance(effect, MoveStacks) else "battle" if "battle" in effect.phases else "other")
        if len(_KINDS) > 16:
            _KINDS.clear()
        known = _KINDS[id(rules)] = (rules, tuple(kinds))
    return known[1]


def hand_worth(game: Game, hand: list[int], weights: Weights = WEIGHTS) -> float:
    """What a hand is worth: every card something, the first two that move stacks and the
    first two battle cards more. Beyond two battle cards, or two other cards, a card is
    clutter: it takes the place of a card that moves, so it is worth discarding before the
    draw (B2)."""
    kinds = card_kinds(game)
    movers = sum(1 for c in hand if kinds[c] == "move")
    battle = sum(1 for c in hand if kinds[c] == "battle")
    other = len(hand) - movers - battle
    return (
        weights.card * len(hand) + weights.mover * min(movers, 2) + weights.battle_card * min(battle, 2)
        - weights.clutter * (max(0, battle - 2) + max(0, other - 2))
    )


def card_worth(game: Game, card: int) -> float:
    """What one card is worth against another, for choosing what to discard: a card that
    moves stacks most (without one a player cannot act), then a battle card."""
    return {"move": 3.0, "battle": 2.0}.get(card_kinds(game)[card], 1.0)


def unit_worth(unit_type) -> float:
    """What one unit is worth on its own, for picking losses and recruits: its force,
    and a leader's bonus to its stack."""
    return 1.0 + unit_type.force + (2.0 if unit_type.is_leader else 0.0)
