"""The library of card effects every theme can configure.

Each class documents its parameters; a card's ``params`` table sets them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..decisions import Decision, Option
from ..engine import Step
from ..model.state import Lasting
from ..rules.battle import Modifier, lose_unit
from ..rules.cards import discard_card, draw_cards
from ..rules.move import StackMoves, can_move, destinations, movable
from ..rules.reactions import RollDie
from .base import Effect, opponent_options, opponents

if TYPE_CHECKING:
    from ..engine import Game


def next_turn_of(game: Game, seat: int) -> int:
    """The turn number of ``seat``'s current or next turn."""
    s = game.state
    return s.turn + (seat - s.active) % len(s.players)


# ---------------------------------------------------------------------- movement


class MoveStacks(Effect):
    """Move up to ``max`` of your stacks (``points`` overrides their allowance; ``tag``
    limits which units may go; ``single`` moves one unit rather than a group)."""

    defaults = {"min": 1, "max": 1, "points": None, "tag": None, "single": False}

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        p = self.params
        for zone in game.state.zones_with_units(seat):
            group = movable(game, seat, zone, p["tag"])
            if group and can_move(game, seat, zone, group[:1] if p["single"] else group, p["points"]):
                return True
        return False

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        p = self.params
        game.push(StackMoves(seat, p["max"], points=p["points"], tag=p["tag"], single=p["single"]))


class InterceptMove(MoveStacks):
    """Reaction: right after an opponent's move in their move phase, move your stacks."""

    reacts_to = "move"
    phases = frozenset()

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return game.state.phase == "move" and ctx[2] == game.state.active != seat and super().playable(game, seat, ctx)


class NegateMove(Effect):
    """Reaction: the move just made is undone; the units go back where they came from."""

    reacts_to = "move"
    phases = frozenset()

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return ctx[2] != seat

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        _, _, by, start, to, units = ctx
        s = game.state
        back = [u for u in units if s.units[u].zone == to]
        for u in back:
            s.move_unit(u, start)
        game.emit("move_undone", player=seat, frm=to, to=start, count=len(back))


# ---------------------------------------------------------------------- battle


class BattleForce(Effect):
    """Battle: add ``flat`` force, plus ``per_unit`` for each of your fighting units
    (only those tagged ``tag`` if given). With ``requires``, you need such a unit there."""

    phases = frozenset({"battle"})
    defaults = {"flat": 0, "per_unit": 0, "tag": None, "requires": None}

    def _units(self, game: Game, seat: int) -> list[int]:
        battle = game.state.battle
        units = game.state.units
        tag = self.params["tag"]
        return [u for u in battle.fighters(game, seat) if tag is None or tag in units[u].type.tags]

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        req = self.params["requires"]
        if req is None:
            return True
        units = game.state.units
        return any(req in units[u].type.tags for u in game.state.battle.fighters(game, seat))

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        amount = self.params["flat"] + self.params["per_unit"] * len(self._units(game, seat))
        game.state.battle.cards.setdefault(seat, []).append(Modifier(self.card.name, amount))


class BattleFlag(Effect):
    """Battle: ``flag = "exterminate"`` (the loser loses every unit) or
    ``"no_casualties"`` (nobody loses units; the loser still retreats)."""

    phases = frozenset({"battle"})
    defaults = {"flag": "exterminate"}

    def __init__(self, card):
        super().__init__(card)
        if self.params["flag"] not in ("exterminate", "no_casualties"):
            raise ValueError(f"flag {self.params['flag']!r}; use 'exterminate' or 'no_casualties'")

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        setattr(game.state.battle, self.params["flag"], True)


class DestroyUnit(Effect):
    """Battle: destroy one enemy unit of your choice in this battle (a leader is captured)."""

    phases = frozenset({"battle"})

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        battle = game.state.battle
        return [Option(f"unit:{u}", game.unit_label(u), u) for u in battle.fighters(game, battle.other(seat))]

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        unit = game.state.units[target]
        if unit.zone == game.state.battle.zone:
            lose_unit(game, target, game.state.battle)


# ---------------------------------------------------------------------- reactions


class Negate(Effect):
    """Reaction: the card just played has no effect (it may itself be a negation)."""

    reacts_to = "card"
    phases = frozenset()

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return ctx[2] != seat

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.state.negated.add(ctx[1])


class Reroll(Effect):
    """Reaction: the die just rolled is rolled again; the new roll stands."""

    reacts_to = "die"
    phases = frozenset()

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        _, key, roller, sides = ctx
        game.push(RollDie(key, roller, sides))


# ---------------------------------------------------------------------- cards and money


class DrawCards(Effect):
    """Draw ``count`` cards."""

    defaults = {"count": 2}

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        draw_cards(game, seat, self.params["count"])


class Discard(Effect):
    """An opponent you choose discards ``count`` cards of their choice (all if fewer)."""

    defaults = {"count": 2, "target": "opponent"}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return [o for o in opponent_options(game, seat) if game.state.players[o.value].hand]

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.push(ChooseDiscards(target, self.params["count"]))


@attrs.frozen
class ChooseDiscards(Step):
    seat: int
    count: int

    def run(self, game: Game) -> Decision:
        hand = game.state.players[self.seat].hand
        options = [Option(f"card:{c}", game.card_name(c), c) for c in hand]
        n = min(self.count, len(hand))
        return game.ask(self.seat, "discard_forced", f"Discard {n} card(s)", options, count=n)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        for i in picked:
            discard_card(game, self.seat, decision.options[i].value)


class StealCard(Effect):
    """Take ``count`` random cards from the hand of an opponent you choose."""

    defaults = {"count": 1}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return [o for o in opponent_options(game, seat) if game.state.players[o.value].hand]

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        theirs = game.state.players[target].hand
        for _ in range(min(self.params["count"], len(theirs))):
            card = theirs.pop(game.rng.randrange(len(theirs)))
            game.state.players[seat].hand.append(card)
            game.emit("card_taken", visible_to=(seat, target), player=seat, victim=target, card=game.card_name(card))
        game.emit("cards_taken", player=seat, victim=target)


class StealRevenue(Effect):
    """Take ``amount`` from an opponent's treasury (as much as they have)."""

    defaults = {"amount": 3}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return opponent_options(game, seat)

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

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option] | None:
        return None if self.params["target"] == "self" else opponent_options(game, seat)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        who = seat if target is None else target
        game.state.lasting.append(Lasting("revenue_delta", who, self.params["amount"], until_turn=next_turn_of(game, who), source=seat))


# ---------------------------------------------------------------------- information


class LookAtHand(Effect):
    """See the hand of an opponent you choose."""

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return opponent_options(game, seat)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        cards = [game.card_name(c) for c in game.state.players[target].hand]
        game.emit("hand_seen", visible_to=(seat,), player=seat, victim=target, cards=cards)


class LookAtStack(Effect):
    """See every unit of an enemy stack you choose."""

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        out = []
        for other in opponents(game, seat):
            for zone in game.state.zones_with_units(other):
                out.append(Option(f"stack:{zone}:{other}", f"{game.state.players[other].name} in {game.zone_name(zone)}", (zone, other)))
        return out

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        zone, other = target
        units = [game.state.units[u].type.name for u in game.state.stack(zone, other)]
        game.emit("stack_seen", visible_to=(seat,), player=seat, owner=other, zone=zone, units=units)


#: Every effect of the library, by the name cards use.
EFFECTS: dict[str, type[Effect]] = {
    "move_stacks": MoveStacks,
    "intercept_move": InterceptMove,
    "negate_move": NegateMove,
    "battle_force": BattleForce,
    "battle_flag": BattleFlag,
    "destroy_unit": DestroyUnit,
    "negate": Negate,
    "reroll": Reroll,
    "draw_cards": DrawCards,
    "discard": Discard,
    "steal_card": StealCard,
    "steal_revenue": StealRevenue,
    "revenue_delta": RevenueDelta,
    "look_at_hand": LookAtHand,
    "look_at_stack": LookAtStack,
}
