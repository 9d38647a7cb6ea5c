"""The library of card effects every theme can configure, by the name cards use.

Each effect class documents its parameters; a card's ``params`` table sets them.
The effects live in one module per kind: movement, battle, reactions, hands, economy, board.
"""

from __future__ import annotations

from .base import Effect
from .battle import BattleFlag, BattleForce, DestroyUnit, enemy_fighter_options
from .board import (
    ChangeZoneType,
    DestroyStack,
    LookAtStack,
    PlaceFreeUnits,
    Regenerate,
    TakeControl,
    destroy_by_card,
    stack_option,
)
from .economy import NoEntryTreaty, RevenueDelta, StealRevenue, ZoneRevolt, next_turn_of
from .hands import Discard, DrawCards, LookAtDeck, LookAtHand, RedrawAll, StealCard
from .movement import InterceptMove, MoveStacks, NegateMove
from .reactions import Negate, Reroll

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
    "destroy_stack": DestroyStack,
    "take_control": TakeControl,
    "change_zone_type": ChangeZoneType,
    "place_free_units": PlaceFreeUnits,
    "regenerate": Regenerate,
    "no_entry_treaty": NoEntryTreaty,
    "zone_revolt": ZoneRevolt,
    "look_at_deck": LookAtDeck,
    "redraw_all": RedrawAll,
}


__all__ = ["EFFECTS", "destroy_by_card", "enemy_fighter_options", "next_turn_of", "stack_option"] + [c.__name__ for c in EFFECTS.values()]
