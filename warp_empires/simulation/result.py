"""One finished game as a row of plain values: what the summary, the results file and
the report are made of."""

from __future__ import annotations

from typing import Any

import attrs

from ..model.state import BOARD
from .plan import GamePlan


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


@attrs.frozen
class GameResult:
    """A game's outcome. Per-seat fields are in seat order; ``winner`` is a seat or -1
    for a draw; ``reason`` is ``victory`` or ``turn limit``; ``revenue_by_round`` holds
    each seat's revenue in every round played (0 for a round it earned nothing);
    ``cards_by_name`` counts the cards played in the game by card name."""

    index: int
    seed: int
    factions: tuple[str, ...] = attrs.field(converter=tuple)
    agents: tuple[str, ...] = attrs.field(converter=tuple)
    winner: int
    reason: str
    rounds: int
    decisions: int
    revenue: tuple[int, ...] = attrs.field(converter=_ints)
    units: tuple[int, ...] = attrs.field(converter=_ints)
    cards: tuple[int, ...] = attrs.field(converter=_ints)
    revenue_by_round: tuple[tuple[int, ...], ...] = attrs.field(converter=lambda rows: tuple(_ints(r) for r in rows))
    cards_by_name: dict[str, int] = attrs.field(factory=dict, converter=dict)

    @property
    def players(self) -> int:
        return len(self.factions)

    @classmethod
    def of(cls, game: Any, plan: GamePlan) -> GameResult:
        """Read a finished game: its last event says why it ended, the revenue and
        card events give the per-round figures."""
        state = game.state
        players = len(state.players)
        rounds = (state.turn - 1) // players + 1
        by_round = [[0] * rounds for _ in range(players)]
        cards = [0] * players
        names: dict[str, int] = {}
        reason = ""
        for event in game.events:
            kind = event.kind
            if kind == "revenue":
                by_round[event.data["player"]][min((event.turn - 1) // players, rounds - 1)] += event.data["amount"]
            elif kind == "card_played":
                cards[event.data["player"]] += 1
                names[event.data["card"]] = names.get(event.data["card"], 0) + 1
            elif kind == "game_over":
                reason = event.data["reason"]
        units = [0] * players
        for unit in state.units:
            if unit.place == BOARD and unit.owner >= 0:
                units[unit.owner] += 1
        return cls(
            plan.index, plan.seed, plan.factions, plan.agents, game.winner, reason, rounds, game.decisions,
            [p.revenue for p in state.players], units, cards, by_round, dict(sorted(names.items())),
        )
