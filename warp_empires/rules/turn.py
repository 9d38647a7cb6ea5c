"""Turns and phases (B1): whole turns in seat order, each running the phase list."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .. import limits
from ..step import Step, rule_step

if TYPE_CHECKING:
    from ..engine import Game


def round_of(game: Game) -> int:
    """The round number (every player has one turn a round), from 1."""
    return (game.state.turn - 1) // len(game.state.players) + 1


def finish(game: Game, winner: int, reason: str) -> None:
    """End the game: ``winner`` is a seat, or -1 for a draw."""
    game.state.winner = winner
    game.state.over = True
    game.emit("game_over", winner=winner, reason=reason)


@rule_step
class TurnStep(Step):
    seat: int

    def run(self, game: Game) -> None:
        s = game.state
        s.active = self.seat
        s.destroyed_this_turn.clear()
        s.negated.clear()
        units = s.units
        for ids in s.zone_units.occupied_lists():  # only units on the board can have moved
            for u in ids:
                units[u].moved = False
        if s.lasting:
            lasting = []
            for e in s.lasting:  # a loop, not a comprehension (docs/speed.md)
                if e.until_turn >= s.turn:
                    lasting.append(e)
            s.lasting = lasting
        game.emit("turn_started", round=round_of(game), player=s.players[self.seat].name)
        phases = game.rules.settings.phases
        game.push(*turn_steps(phases if type(phases) is tuple else tuple(phases), self.seat))
        return None


@functools.lru_cache(maxsize=256)
def turn_steps(phases: tuple[str, ...], seat: int) -> tuple[Step, ...]:
    """The steps of one turn of ``seat``: steps never change, so every turn can share them."""
    return (*(PhaseStep(name, seat) for name in phases), EndTurn(seat))


@rule_step
class PhaseStep(Step):
    name: str
    seat: int

    def run(self, game: Game) -> None:
        name = game.state.phase = self.name
        game.emit("phase_started", phase=name, player=self.seat)
        game.push(*game.rules.phases[name](game, self.seat))
        return None


@rule_step
class EndTurn(Step):
    seat: int

    def run(self, game: Game) -> None:
        s = game.state
        winner = game.hook.warp_victory(game=game)
        if winner is not None:
            finish(game, winner, "victory")
            return None
        # B13: at the turn limit the tiebreak decides. A game without one still ends after
        # limits.MAX_ROUNDS rounds, so its save (which grows with every choice) always
        # stays small enough to resume.
        limit = game.setup.turn_limit or limits.MAX_ROUNDS
        if s.turn >= limit * len(s.players):
            finish(game, game.hook.warp_tiebreak(game=game), "turn limit")
            return None
        s.turn += 1
        game.push(_turn_step((self.seat + 1) % len(s.players)))
        return None


#: Each seat's turn step: steps never change, so every round shares it.
_turn_step = functools.lru_cache(maxsize=64)(TurnStep)
