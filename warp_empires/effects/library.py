"""The library of card effects every theme can configure.

Each class documents its parameters; a card's ``params`` table sets them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..decisions import Decision, Option
from ..engine import Step
from ..model.state import BOARD, POOL, Lasting
from ..rules.battle import Modifier, lose_unit, note_destroyed
from ..rules.cards import discard_card, draw_cards
from ..rules.move import StackMoves, can_move, movable
from ..rules.reactions import RollDie
from ..rules.recruit import draw_units, pool_key
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
    limits which units may go; ``single`` moves one unit rather than a group). The card
    is offered only when at least ``min`` of your stacks can move; once played, you may
    stop after any stack."""

    defaults = {"min": 1, "max": 1, "points": None, "tag": None, "single": False}

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        p = self.params
        able = 0
        for zone in game.state.zones_with_units(seat):
            group = movable(game, seat, zone, p["tag"])
            if group and can_move(game, seat, zone, group[:1] if p["single"] else group, p["points"]):
                able += 1
                if able >= p["min"]:
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
    (only those tagged ``tag`` if given). With ``requires``, you need such a unit there.
    Units the battle gives no per-unit bonus (``Battle.no_bonus``, e.g. transports in a
    space battle) neither count nor meet ``requires``."""

    phases = frozenset({"battle"})
    defaults = {"flat": 0, "per_unit": 0, "tag": None, "requires": None}

    def _units(self, game: Game, seat: int) -> list[int]:
        battle = game.state.battle
        units = game.state.units
        tag = self.params["tag"]
        return [u for u in battle.bonus_fighters(game, seat) if tag is None or tag in units[u].type.tags]

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        req = self.params["requires"]
        if req is None:
            return True
        units = game.state.units
        return any(req in units[u].type.tags for u in game.state.battle.bonus_fighters(game, seat))

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        amount = self.params["flat"] + self.params["per_unit"] * len(self._units(game, seat))
        game.state.battle.cards.setdefault(seat, []).append(Modifier(self.card.name, amount))


class BattleFlag(Effect):
    """Battle: ``flag = "exterminate"`` (the loser loses every unit) or
    ``"no_casualties"`` (nobody loses units; the loser still retreats). No casualties
    prevails over exterminate; a flag already in play is not offered again, nor
    exterminate once the battle has no casualties."""

    phases = frozenset({"battle"})
    defaults = {"flag": "exterminate"}

    def __init__(self, card):
        super().__init__(card)
        if self.params["flag"] not in ("exterminate", "no_casualties"):
            raise ValueError(f"flag {self.params['flag']!r}; use 'exterminate' or 'no_casualties'")

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        battle = game.state.battle
        return not (battle.no_casualties or getattr(battle, self.params["flag"]))

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        setattr(game.state.battle, self.params["flag"], True)


def enemy_fighter_options(game: Game, seat: int) -> list[Option]:
    """The other side's units fighting in this battle, as targets of ``seat``'s card."""
    battle = game.state.battle
    return [Option(f"unit:{u}", game.unit_label(u), u) for u in battle.fighters(game, battle.other(seat))]


class DestroyUnit(Effect):
    """Battle: destroy one enemy unit of your choice in this battle (a leader is captured)."""

    phases = frozenset({"battle"})

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return enemy_fighter_options(game, seat)

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
    """Draw ``count`` cards. Not offered when the deck and the discard pile are both
    empty (there would be nothing to draw but the card itself)."""

    defaults = {"count": 2}

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return bool(game.state.deck or game.state.discard)

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
    """Take ``amount`` from an opponent's treasury (as much as they have); only an
    opponent with something in their treasury is a target."""

    defaults = {"amount": 3}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return [o for o in opponent_options(game, seat) if game.state.players[o.value].treasury > 0]

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


# ---------------------------------------------------------------------- units, stacks and zones


def destroy_by_card(game: Game, unit_id: int, by: int) -> None:
    """A card destroys a unit outside a battle: it goes back to its pool (a leader is
    captured by ``by``, the player of the card, as in a battle)."""
    s = game.state
    unit = s.units[unit_id]
    owner, zone = unit.owner, unit.zone
    if unit.type.is_leader:
        s.capture(unit_id, by)
        game.emit("leader_captured", player=owner, by=by, unit=unit.type.name, zone=zone)
    else:
        s.return_to_pool(unit_id)
        note_destroyed(game, unit_id, owner)
        game.emit("unit_lost", player=owner, unit=unit.type.name, zone=zone)


def stack_option(game: Game, zone: int, owner: int) -> Option:
    return Option(f"stack:{zone}:{owner}", f"{game.state.players[owner].name} in {game.zone_name(zone)}", (zone, owner))


class DestroyStack(Effect):
    """Destroy every unit of one enemy stack that is in, or at most ``range`` zones
    from, a zone holding your units (``range = 0``: only where your units are)."""

    defaults = {"range": 1}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        near: set[int] = set()
        for zone in s.zones_with_units(seat):
            near |= game.board.within(zone, self.params["range"])
        return [stack_option(game, z, o) for z in sorted(near) for o in sorted(s.owners_in(z) - {seat})]

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        zone, owner = target
        doomed = game.state.stack(zone, owner)
        for u in doomed:
            destroy_by_card(game, u, seat)
        game.emit("stack_destroyed", player=seat, victim=owner, zone=zone, count=len(doomed))


class TakeControl(Effect):
    """Battle: one enemy unit in this battle changes sides at once and stays yours."""

    phases = frozenset({"battle"})

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return enemy_fighter_options(game, seat)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        unit = game.state.units[target]
        if unit.place != BOARD or unit.zone != game.state.battle.zone or unit.owner == seat:
            return  # it left the battle before the card took effect
        before = unit.owner
        unit.owner = seat
        game.emit("unit_taken", player=seat, victim=before, unit=unit.type.name, zone=unit.zone)


class ChangeZoneType(Effect):
    """A zone you choose becomes a zone of type ``to``; its revenue follows the new type,
    and a type that earns nothing loses its control marker.

    Which zones qualify: ``where`` is ``"adjacent"`` (next to a zone holding your units),
    ``"controlled"`` (carrying your marker), ``"occupied"`` (holding your units) or
    ``"any"``; ``from`` lists the zone type ids it may change (empty: any type but ``to``);
    zones with a tag in ``not_tags`` never change; with ``empty`` the zone must hold no
    units. ``cost`` is paid from your treasury when the card takes effect, and the card
    cannot be played without it.

    Doomsday Weapon: ``{to = "hazard", where = "adjacent", empty = true, not_tags = ["nexus"]}``;
    a terraforming card: ``{to = "rich", from = ["poor"], where = "controlled", cost = 10}``.
    """

    defaults = {"to": "hazard", "from": [], "where": "adjacent", "not_tags": [], "empty": False, "cost": 0}

    def __init__(self, card):
        super().__init__(card)
        if self.params["where"] not in ("adjacent", "controlled", "occupied", "any"):
            raise ValueError(f"where {self.params['where']!r}; use 'adjacent', 'controlled', 'occupied' or 'any'")

    def _candidates(self, game: Game, seat: int) -> set[int]:
        s = game.state
        where = self.params["where"]
        if where == "controlled":
            return set(s.controlled(seat))
        if where == "occupied":
            return set(s.zones_with_units(seat))
        if where == "any":
            return set(range(len(game.board)))
        return {n for z in s.zones_with_units(seat) for n in game.board.adjacency[z]}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        p = self.params
        s = game.state
        if s.players[seat].treasury < p["cost"]:
            return []
        new = game.rules.zone_types[p["to"]]
        out = []
        for zone in sorted(self._candidates(game, seat)):
            ztype = s.zone_types[zone]
            if ztype.id == new.id or (p["from"] and ztype.id not in p["from"]):
                continue
            if ztype.tags & set(p["not_tags"]) or (p["empty"] and s.zone_units[zone]):
                continue
            out.append(Option(f"zone:{zone}", f"{game.zone_name(zone)} ({ztype.name})", zone))
        return out

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        s = game.state
        old, new = s.zone_types[target], game.rules.zone_types[self.params["to"]]
        s.players[seat].treasury -= self.params["cost"]
        s.zone_types[target] = new
        if not new.generates_revenue and target in s.control:
            del s.control[target]
        game.emit("zone_changed", player=seat, zone=target, frm=old.name, to=new.name, cost=self.params["cost"])


class PlaceFreeUnits(Effect):
    """``count`` random units from your pool join you, free, in a zone you control."""

    defaults = {"count": 2}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        if not s.pools.get(pool_key(game, seat)):
            return []
        return [Option(f"zone:{z}", game.zone_name(z), z) for z in s.controlled(seat)]

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        s = game.state
        names = []
        for unit in draw_units(game, seat, self.params["count"]):
            s.put_on_board(unit, seat, target)
            names.append(s.units[unit].type.name)
        game.emit("free_units", player=seat, zone=target, units=names)


class Regenerate(Effect):
    """After the battles of your turn: one of your units destroyed this turn, still in
    its pool, comes back into play in a zone you control."""

    phases = frozenset({"after_battle"})

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        if not s.controlled(seat):
            return []
        out = []
        for u in dict.fromkeys(s.destroyed_this_turn):
            if s.units[u].place == POOL and s.registers.get(f"destroyed_owner:{u}") == seat:
                out.append(Option(f"unit:{u}", game.unit_label(u), u))
        return out

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.push(PlaceRegenerated(seat, target))


@attrs.frozen
class PlaceRegenerated(Step):
    seat: int
    unit: int

    def run(self, game: Game) -> Decision | None:
        if game.state.units[self.unit].place != POOL:
            return None  # drawn from the pool again in the meantime
        options = [Option(f"zone:{z}", game.zone_name(z), z) for z in game.state.controlled(self.seat)]
        return game.ask(self.seat, "place", f"Bring {game.unit_label(self.unit)} back in", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        if not picked:
            return
        zone = decision.options[picked[0]].value
        game.state.put_on_board(self.unit, self.seat, zone)
        game.emit("unit_regenerated", player=self.seat, unit=game.state.units[self.unit].type.name, zone=zone)


# ---------------------------------------------------------------------- lasting effects


class NoEntryTreaty(Effect):
    """An opponent you choose may not move into zones holding your units until the end
    of their next turn. Needs units of yours on the map; one treaty per opponent at a time."""

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        if not s.units_of(seat):
            return []
        bound = {e.seat for e in s.lasting if e.kind == "no_entry" and e.source == seat}
        return [o for o in opponent_options(game, seat) if o.value not in bound]

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        until = next_turn_of(game, target)
        game.state.lasting.append(Lasting("no_entry", target, until_turn=until, source=seat))
        game.emit("treaty", player=seat, bound=target, until_turn=until)


class ZoneRevolt(Effect):
    """A revenue zone an opponent controls yields them nothing for their next 1D``die``
    revenue phases (the die is rolled when the card takes effect, and may be rerolled)."""

    defaults = {"die": 6}

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        s = game.state
        return [
            Option(f"zone:{z}", f"{game.zone_name(z)} ({s.players[c].name})", z)
            for z, c in sorted(s.control.items())
            if c != seat and s.zone_types[z].generates_revenue
        ]

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        key = f"revolt:{target}"
        game.push(RollDie(key, seat, self.params["die"]), StartRevolt(seat, target, key))


@attrs.frozen
class StartRevolt(Step):
    seat: int
    zone: int
    key: str

    def run(self, game: Game) -> None:
        s = game.state
        turns = s.registers.pop(self.key)
        ruler = s.control.get(self.zone)
        if ruler is None:
            return None
        # The ruler's next ``turns`` turns: one every round.
        until = next_turn_of(game, ruler) + (turns - 1) * len(s.players)
        s.lasting.append(Lasting("zone_no_revenue", ruler, zone=self.zone, until_turn=until, source=self.seat))
        game.emit("revolt", player=self.seat, victim=ruler, zone=self.zone, turns=turns, until_turn=until)
        return None


# ---------------------------------------------------------------------- the deck


class LookAtDeck(Effect):
    """See the next ``count`` cards of the deck (fewer if the deck is shorter; the discard
    pile is not reshuffled to look). Cannot be played on an empty deck."""

    defaults = {"count": 7}

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        return bool(game.state.deck)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        deck = game.state.deck
        upcoming = deck[::-1][: self.params["count"]]  # cards are drawn from the end
        game.emit("deck_seen", visible_to=(seat,), player=seat, cards=[game.card_name(c) for c in upcoming])


class RedrawAll(Effect):
    """Every player discards their whole hand; then each draws ``count`` cards, starting
    with the player of the card and going round in seat order."""

    defaults = {"count": 5}

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        order = [seat, *opponents(game, seat)]
        for who in order:
            for card in game.state.players[who].hand[:]:
                discard_card(game, who, card)
        for who in order:
            draw_cards(game, who, self.params["count"])
        game.emit("hands_redrawn", player=seat, count=self.params["count"])


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
