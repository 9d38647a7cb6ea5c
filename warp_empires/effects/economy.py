"""Card effects on money and on what later turns bring: revenue, treaties, revolts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..decisions import Option
from ..step import Step, rule_step
from ..model.state import Lasting
from ..rules.reactions import RollDie
from .base import Effect, opponent_options, opponents

if TYPE_CHECKING:
    from ..engine import Game


def next_turn_of(game: Game, seat: int) -> int:
    """The turn number of ``seat``'s current or next turn."""
    s = game.state
    return s.turn + (seat - s.active) % len(s.players)


class StealRevenue(Effect):
    """Take ``amount`` from an opponent's treasury (as much as they have); only an
    opponent with something in their treasury is a target."""

    defaults = {"amount": 3}
    param_help = {"amount": "most taken from the opponent's treasury"}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return [o for o in opponent_options(game, seat) if game.state.players[o.value].treasury > 0]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        players = game.state.players
        for o in opponents(game, seat):  # a loop, not any(): tested at nearly every decision
            if players[o].treasury > 0:
                return True
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        s = game.state
        amount = min(self.params["amount"], s.players[target].treasury)
        s.players[target].treasury -= amount
        s.players[seat].treasury += amount
        game.emit("revenue_stolen", player=seat, victim=target, amount=amount)


class RevenueDelta(Effect):
    """Change a revenue phase by ``amount``: your own this turn (``target = "self"``)
    or the next one of an opponent you choose (``target = "opponent"``)."""

    defaults = {"amount": 5, "target": "self"}
    param_help = {
        "amount": "added to the revenue phase (negative: taken from it)",
        "target": '"self": your revenue phase this turn; "opponent": the next one of an opponent you choose',
    }

    def __init__(self, card):
        super().__init__(card)
        if self.params["target"] not in ("self", "opponent"):
            raise ValueError(f"target {self.params['target']!r}; use 'self' or 'opponent'")

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option] | None:
        return None if self.params["target"] == "self" else opponent_options(game, seat)

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        return self.params["target"] == "self" or len(game.state.players) > 1

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        who = seat if target is None else target
        game.state.lasting.append(Lasting("revenue_delta", who, self.params["amount"], until_turn=next_turn_of(game, who), source=seat))


class NoEntryTreaty(Effect):
    """An opponent you choose may not move into zones holding your units until the end
    of their next turn. Needs units of yours on the map; one treaty per opponent at a time."""

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        if not s.units_of(seat):
            return []
        bound = {e.seat for e in s.lasting if e.kind == "no_entry" and e.source == seat}
        return [o for o in opponent_options(game, seat) if o.value not in bound]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        s = game.state
        if not s.occupied.get(seat):
            return False
        bound = set()
        for e in s.lasting:  # loops, not comprehensions (docs/speed.md)
            if e.kind == "no_entry" and e.source == seat:
                bound.add(e.seat)
        for o in opponents(game, seat):
            if o not in bound:
                return True
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        until = next_turn_of(game, target)
        game.state.lasting.append(Lasting("no_entry", target, until_turn=until, source=seat))
        game.emit("treaty", player=seat, bound=target, until_turn=until)


class ZoneRevolt(Effect):
    """A revenue zone an opponent controls yields them nothing for their next 1D``die``
    revenue phases (the die is rolled when the card takes effect, and may be rerolled)."""

    defaults = {"die": 6}
    param_help = {"die": "sides of the die rolled for how many revenue phases the zone yields nothing"}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        return [
            Option(f"zone:{z}", f"{game.zone_name(z)} ({s.players[c].name})", z)
            for z, c in sorted(s.control.items())
            if c != seat and s.zone_types[z].generates_revenue
        ]

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        types = game.state.zone_types
        for z, c in game.state.control.items():  # a loop, not any(): tested at nearly every decision
            if c != seat and types[z].generates_revenue:
                return True
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        key = f"revolt:{target}"
        game.push(RollDie(key, seat, self.params["die"], f"how many turns {game.zone_name(target)} revolts"), StartRevolt(seat, target, key))


@rule_step
class StartRevolt(Step):
    seat: int
    zone: int
    key: str

    def run(self, game: Game) -> None:
        s = game.state
        turns = s.rolls.pop(self.key)
        ruler = s.control.get(self.zone)
        if ruler is None:
            return None
        # The ruler's next ``turns`` turns: one every round.
        until = next_turn_of(game, ruler) + (turns - 1) * len(s.players)
        s.lasting.append(Lasting("zone_no_revenue", ruler, zone=self.zone, until_turn=until, source=self.seat))
        game.emit("revolt", player=self.seat, victim=ruler, zone=self.zone, turns=turns, until_turn=until)
        return None


