"""Card effects of Doctor Who Empires that the engine's effect library does not have."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import attrs

from warp_empires.kit import Decision, Effect, Option, Step, move_group, opponents, stack_option

if TYPE_CHECKING:
    from warp_empires.kit import Game


def plot_destinations(game: Game, seat: int, zone: int, owner: int) -> list[int]:
    """Where ``seat`` may push ``owner``'s stack from ``zone``: a neighbouring zone the
    stack could enter itself (Vardans can be pushed into Hazard) holding none of ``seat``'s units."""
    return list(_destinations(game, seat, zone, owner))


def _destinations(game: Game, seat: int, zone: int, owner: int) -> Iterator[int]:
    s = game.state
    can_enter = game.rules.can_enter(s.players[owner].faction)
    mine = s.occupied.get(seat, {})
    for nxt in game.board.adjacency[zone]:
        ztype = s.zone_types[nxt]
        if (ztype.passable or ztype.id in can_enter) and nxt not in mine:
            yield nxt


class MoveEnemyStack(Effect):
    """Insidious Plot (D6): move one enemy stack one zone, into a neighbouring zone it could
    enter and that holds none of your units. It counts as a move made by you, so the
    usual answers to a move (Time Loop, Intercept) apply."""

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        return [
            stack_option(game, zone, owner)
            for owner in sorted(opponents(game, seat))
            for zone in s.zones_with_units(owner)
            if plot_destinations(game, seat, zone, owner)
        ]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        # Tested at every decision of a move phase: stops at the first zone open to a push.
        occupied = game.state.occupied
        for owner in opponents(game, seat):
            for zone in occupied.get(owner, ()):
                for _ in _destinations(game, seat, zone, owner):
                    return True
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        zone, owner = target
        game.push(PushStack(seat, zone, owner))


@attrs.frozen
class PushStack(Step):
    """The player of Insidious Plot picks where the enemy stack goes."""

    seat: int
    zone: int
    owner: int

    def run(self, game: Game) -> Decision | None:
        if not game.state.stack(self.zone, self.owner):
            return None  # the stack is gone
        zones = plot_destinations(game, self.seat, self.zone, self.owner)
        named = game.board.zone_options
        options = [named[z] for z in zones]
        name = game.state.players[self.owner].name
        return game.ask(self.seat, "choose_destination", f"Move {name}'s stack from {game.zone_name(self.zone)} to", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        if not picked:
            return
        units = tuple(game.state.stack(self.zone, self.owner))
        move_group(game, units, decision.options[picked[0]].value, by=self.seat)


#: The theme's own effects, offered to its cards through ``warp_card_effects``.
EFFECTS = {"move_enemy_stack": MoveEnemyStack}
