"""``help`` and ``why``: the rules behind the current decision, in words.

``why`` never decides legality itself: it asks the engine's own queries (reachable
zones, the movement allowance, blocked zones, recruit costs and placements) and puts
their answers into words, naming the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..effects.battle import BattleForce
from ..model.state import ZoneUnits
from ..rules import move, recruit
from .. import rulesref
from ..words import a
from .narrate import who, zone
from .render import BOARD_IN_FULL, trigger_text

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..engine import Game

FAR = 10**6

KIND_HELP = {
    "discard": "Pick a card to throw away before drawing, or keep the rest of your hand.",
    "discard_to_limit": "You hold more cards than your hand limit: pick the ones to discard.",
    "discard_forced": "A card played against you makes you discard: pick which cards go.",
    "play_card": "Play one of the listed cards, or pass to end this part of your turn.",
    "card_target": "Pick what the card you just played works on.",
    "reaction": "Something just happened that a card in your hand can answer. Play it, or pass.",
    "choose_stack": "Pick the stack (a zone holding your units) to move, or stop moving.",
    "choose_units": "Move the whole stack, or add units one at a time and then move the ones chosen.",
    "choose_top": "Pick the unit other players see on top of this stack; they see only it and how many units are under it.",
    "choose_destination": "Pick where the group goes. Type a zone code; `why CODE` explains a zone that is not listed.",
    "choose_battle": "Pick which battle to fight next; every one is fought this phase.",
    "battle_card": "Play a battle card to raise your force (or change the battle), or pass. Two passes in a row end the card rounds.",
    "pick_enemy_loss": "You won: pick the first unit the loser loses.",
    "pick_own_losses": "Pick which of your units are lost.",
    "retreat": "You lost: pick the zone your surviving units retreat to together.",
    "buy": "Buy one of the drawn units, or buy nothing more. Unbought units go back to the pool.",
    "place": "Pick the zone where the new unit arrives: a revenue zone you control.",
    "disband": "The revenue printed on your zones cannot support all your units: pick the ones to disband.",
}

def commands(game: Game, can_undo: bool) -> list[tuple[str, str]]:
    """The commands of the prompt, with examples from this game's board and rules."""
    code = game.board.codes[0]
    card = game.rules.cards[0].name if game.rules.cards else "a card"
    unit = next(iter(game.rules.unit_types.values())).name
    faction = next(iter(game.rules.factions.values())).name
    undo = ("take back your last choice (not past a die roll, a card drawn or anything else new you have seen)" if can_undo
            else "not available now: nothing of yours to take back since the last new information")
    return [
        ("N or CODE", f"answer: an option number, or a zone or unit code such as {code} or U12; where several are asked for, "
         "answers separated by spaces, e.g. 7 2 9 or 3-6, all at once or a few at a time"),
        ("help", "this help"),
        ("map", "the board: zones, their neighbours, owners and the stacks you can see (on a board of more than "
         f"{BOARD_IN_FULL} zones, those that earn, are held or have units; `map all` lists every zone); `map --svg FILE` draws it"),
        ("hand", "your cards and what they do"),
        ("zone CODE", f"one zone in detail: type, borders, stacks (e.g. zone {code})"),
        ("odds CODE", "your chances in the battle moving there (or fighting there) would start"),
        ("log [N]", "the last N things that happened (20 by default)"),
        ("why N / CODE / CARD", f"why an option is allowed, or why a zone, unit or card is not among the options (e.g. why {card})"),
        ("rules", "the turn and the main rules of this game"),
        ("unit NAME", f"a unit's force, speed, cost and abilities (e.g. unit {unit})"),
        ("faction NAME", f"a faction's ability and who plays it (e.g. faction {faction})"),
        ("undo", undo),
        ("save [FILE]", "save the game now (to the autosave file unless you name one)"),
        ("quit", "save and stop; `warp-empires resume` carries on"),
    ]


def phase_help(game: Game, phase: str) -> str | None:
    """What happens in ``phase``, after the name the theme calls it by (see
    :func:`~warp_empires.rulesref.phase_help`), or None."""
    text = rulesref.phase_help(game.rules, phase)
    return f"{game.rules.text.phase_name(phase)}: {text}" if text else None


def help_lines(game: Game, decision: Decision, can_undo: bool) -> list[str]:
    lines = [phase_help(game, game.state.phase) or f"{game.rules.text.phase_name(game.state.phase)}."]
    now = game.rules.text.decisions.get(decision.kind) or KIND_HELP.get(decision.kind)
    if now:
        lines.append("Now: " + now)
    if decision.count > 1:
        lines.append(f"Pick {decision.count} different options, separated by spaces or commas (a range such as 3-6 stands "
                     "for each number in it), all at once or a few at a time (clear: start the picks again).")
    return lines


# ---------------------------------------------------------------------- why an option is allowed


def _card_text(game: Game, card: int) -> str:
    ct = game.rules.cards[card]
    return f"{ct.name}: {ct.text}" if ct.text else ct.name


def _allowance_words(game: Game, seat: int, units: tuple[int, ...], points: int | None = None) -> tuple[int, str]:
    """The group's movement points and where they come from; ``points``: a card's own."""
    if points is not None:
        return points, f"{points} movement point(s), as the card played gives"
    s = game.state
    allow = move.allowance(game, seat, units)
    if not game.hook.generic["warp_move_allowance"]:
        # The theme works the allowance out its own way (ships by sea, ground units carried).
        return allow, f"{allow} movement point(s), as {game.rules.info.title or game.rules.info.name} moves this group"
    slowest = min(units, key=lambda u: s.units[u].type.speed)
    bonus = allow - s.units[slowest].type.speed
    extra = f" {bonus:+d} from {s.players[s.units[slowest].owner].faction.name}" if bonus else ""
    return allow, f"{allow} movement point(s) (slowest unit {s.units[slowest].type.name}, speed {s.units[slowest].type.speed}{extra})"


def why_option(game: Game, decision: Decision, index: int) -> str:
    """Why option ``index`` (0-based) of ``decision`` is legal, naming the rule.

    Options are told apart by their ids (``card:``, ``zone:``, ``unit:``) as the generic
    rules make them; anything else (a theme's own kind of answer) gets the general reason.
    """
    option = decision.options[index]
    kind, value, ctx = decision.kind, option.value, decision.context
    head = option.id.partition(":")[0] if isinstance(value, int) else ""
    if option.id in ("pass", "done", "stop"):
        return f"'{option.label}' is always allowed: nobody has to play a card, buy or keep moving."
    if option.id == "all":
        return "A whole stack may move together; it moves at the speed of its slowest unit."
    if option.id == "go":
        return "The units picked so far move together, at the speed of the slowest of them."
    if option.id == "arrange":
        return "A stack holding more than one kind of unit may show any of its kinds on top: the others see only that unit and the count."
    if head == "card":
        return why_card(game, decision, value)
    if head == "zone":
        return why_zone(game, decision, value)
    if head == "unit":
        return why_unit(game, decision, value)
    if kind == "card_target":
        return f"It is a legal target of {ctx.get('card', 'the card') if isinstance(ctx, dict) else 'the card'}."
    # A theme's own kind of decision: its help for it is the rule the answers come from.
    told = game.rules.text.decisions.get(kind)
    return f"The rules list it among the answers to: {decision.prompt}." + (f" {told}" if told else "")


def why_card(game: Game, decision: Decision, card: int) -> str:
    kind, ctx = decision.kind, decision.context
    if kind == "battle_card" and isinstance(effect := game.rules.card_tests[card][1], BattleForce) and not effect.bonus(game, decision.player):
        # Legal, as playing any card of the moment is, but worth saying before it is spent.
        tag = effect.params["tag"]
        battle, units, seat = game.state.battle, game.state.units, decision.player
        tagged = [u for u in battle.fighters(game, seat) if tag is None or tag in units[u].type.tags]
        # A unit may fight and still take no card's bonus (one riding a transport in a
        # space battle): say so, not that it is not there.
        if tagged:
            why = f"your units{f' tagged {tag!r}' if tag else ''} in it take no card's bonus"
        else:
            why = f"{f'no unit of yours tagged {tag!r}' if tag else 'none of your units'} fights in it"
        return f"{_card_text(game, card)} It can be played now, but it would add nothing to this battle: {why}."
    if kind in ("play_card", "battle_card"):
        return f"{_card_text(game, card)} It can be played now and has a legal use."
    if kind == "reaction" and isinstance(ctx, dict) and "trigger" in ctx:
        return f"{_card_text(game, card)} It answers what just happened: {trigger_text(game, ctx['trigger'])}"
    if kind == "discard":
        return f"Before drawing you may discard any card in your hand, one at a time; {game.card_name(card)} is in it."
    if kind == "discard_to_limit":
        return f"You hold more cards than your hand limit and choose which to discard; {game.card_name(card)} is in your hand."
    if kind == "discard_forced":
        return f"A card played against you makes you discard; you choose which, and {game.card_name(card)} is in your hand."
    return f"{_card_text(game, card)} The rules list it among the answers to: {decision.prompt}."


def why_zone(game: Game, decision: Decision, z: int) -> str:
    kind, seat, ctx = decision.kind, decision.player, decision.context
    s = game.state
    if kind == "choose_destination" and isinstance(ctx, dict) and "reach" in ctx and "units" in ctx:
        cost = ctx["reach"].get(z, 0)
        _, words = _allowance_words(game, seat, ctx["units"], ctx.get("points"))
        return f"{zone(game, z)} is in reach: the zones entered on the way cost {cost} movement point(s) and the group has {words}; no enemy units stand on the way."
    if kind == "choose_stack":
        group = move.movable(game, seat, z)
        return f"You have {len(group)} unit(s) in {zone(game, z)} that have not moved this turn and can reach at least one zone."
    if kind == "place":
        t = s.zone_types[z]
        limit = f"; at most {t.recruit_limit} new unit(s) a turn there" if t.recruit_limit is not None else ""
        return f"You control {zone(game, z)} and it earns revenue ({t.revenue} {game.rules.text.currency}){limit}: new units arrive in revenue zones you control."
    if kind == "choose_battle":
        others = ", ".join(who(game, o) for o in sorted(s.owners_in(z) - {seat}))
        return f"Your units and {others}'s share {zone(game, z)}: every such zone is a battle, fought in the order you choose."
    if kind == "retreat":
        return f"{zone(game, z)} borders the battle zone, your units may enter it and it holds no enemy units."
    return f"{zone(game, z)} is among the answers the rules give to: {decision.prompt}."


def why_unit(game: Game, decision: Decision, unit: int) -> str:
    kind, seat = decision.kind, decision.player
    if kind == "choose_top":
        return "Other players see only the top unit of your stack and how many units it holds; any kind in the stack may go on top."
    if kind == "choose_units":
        return f"{game.unit_label(unit)} is in the stack and has not moved this turn."
    if kind == "buy":
        price = recruit.cost(game, seat, unit)
        places = ", ".join(zone(game, z) for z in recruit.placements(game, seat, unit))
        cur = game.rules.text.currency
        return f"{game.unit_label(unit)} costs {price} {cur}, you have {game.state.players[seat].treasury} {cur}, and it could be placed in: {places}."
    if kind == "pick_enemy_loss":
        return "The winner picks the first unit the loser loses; the loser picks the rest of the half (rounded up)."
    if kind == "pick_own_losses":
        return ("The loser loses half its units, rounded up; the winner loses units with printed Force adding up to "
                "at least half (rounded up) of the Force the loser lost. You choose which of yours go.")
    if kind == "disband":
        return "Upkeep: each point of revenue printed on the zones you control supports a set number of units; any of yours may be disbanded."
    return f"{game.unit_label(unit)} is among the answers the rules give to: {decision.prompt}."


# ---------------------------------------------------------------------- why something is not an option


def why_not_zone(game: Game, decision: Decision, z: int) -> str | None:
    """Why zone ``z`` is not among the options of ``decision`` (``None``: it has nothing to do with it)."""
    kind, seat, ctx = decision.kind, decision.player, decision.context
    s = game.state
    if kind == "choose_destination" and isinstance(ctx, dict) and "units" in ctx:
        return unreachable(game, ctx["from"], tuple(ctx["units"]), z, ctx.get("points"))
    if kind == "choose_stack":
        mine = s.stack(z, seat)
        if not mine:
            return f"You have no units in {zone(game, z)}."
        if not move.movable(game, seat, z):
            return f"Every unit of yours in {zone(game, z)} has moved this turn or cannot move (speed 0): each unit moves once a turn."
        return f"Your units in {zone(game, z)} have nowhere to go: " + unreachable_any(game, z, move.movable(game, seat, z))
    if kind == "place":
        if s.control.get(z) != seat:
            return f"You do not control {zone(game, z)}: new units arrive only in revenue zones carrying your control marker."
        if not s.zone_types[z].generates_revenue:
            return f"{zone(game, z)} earns no revenue: new units arrive only in revenue zones."
        return f"{zone(game, z)} takes no more new units this turn (its zone type's recruit limit, or a rule of the theme)."
    if kind == "retreat" and s.battle is not None:
        if not game.board.adjacent(s.battle.zone, z):
            return f"{zone(game, z)} does not border {zone(game, s.battle.zone)}: a retreat goes to one adjacent zone."
        if s.has_enemy(z, seat):
            return f"{zone(game, z)} holds enemy units: a retreat goes only to a zone free of enemies."
        return f"Your units cannot enter {zone(game, z)} ({s.zone_types[z].name})."
    if kind == "choose_battle":
        if not s.stack(z, seat):
            return f"You have no units in {zone(game, z)}, so there is no battle there."
        return f"No enemy units are in {zone(game, z)}, so there is no battle there."
    return None


def unreachable_any(game: Game, start: int, units: tuple[int, ...]) -> str:
    """Why the group cannot move at all, told for (up to three of) its neighbours."""
    near = game.board.adjacency[start][:3]
    return " ".join(unreachable(game, start, units, n) for n in near) or "the zone has no borders."


def unreachable(game: Game, start: int, units: tuple[int, ...], z: int, points: int | None = None) -> str:
    """Why the group of ``units`` in ``start`` cannot end a move in ``z`` (with ``points``,
    a card's own movement points, rather than its own allowance)."""
    s = game.state
    owner = s.units[units[0]].owner
    faction = s.players[owner].faction
    if z == start:
        return f"The group is already in {zone(game, z)}."
    ztype = s.zone_types[z]
    can_enter = game.rules.can_enter(faction)
    if not ztype.passable and ztype.id not in can_enter:
        return f"{zone(game, z)} is {a(ztype.name)}: impassable. {faction.name} units can neither enter nor cross it."
    blocked: set[int] = set()
    reasons: dict[int, str] = {}
    for answer in game.hook.warp_blocked_zones(game=game, seat=owner, units=list(units)):
        blocked.update(answer or ())
        if isinstance(answer, Mapping):  # a theme that says why answers {zone: reason}
            reasons.update({k: v for k, v in answer.items() if isinstance(v, str)})
    if z in blocked:
        return f"{zone(game, z)} is closed to this group: {reasons.get(z) or blocking_card(game, owner, z)}."
    stops: set[int] = set()
    stop_reasons: dict[int, str] = {}
    for answer in game.hook.warp_stop_zones(game=game, seat=owner, units=list(units)):
        stops.update(answer or ())
        if isinstance(answer, Mapping):
            stop_reasons.update({k: v for k, v in answer.items() if isinstance(v, str)})
    allow, words = _allowance_words(game, owner, units, points)
    costs = move.move_costs(game, owner, list(units))
    far = game.board.reachable(s, owner, start, FAR, can_enter, blocked, stops, costs)
    ghost = s.copy()
    ghost.zone_units = ZoneUnits.from_lists([[u for u in ids if ghost.units[u].owner == owner] for ids in ghost.zone_units])
    free = game.board.reachable(ghost, owner, start, FAR, can_enter, blocked, stops, costs)
    if z in far and far[z] <= allow:
        return f"{zone(game, z)} is in reach: it costs {far[z]} of the group's {allow} movement point(s)."
    if z in free and free[z] <= allow:
        stops = sorted(n for n in far if s.has_enemy(n, owner))
        where = ", ".join(zone(game, n) for n in stops) or "the zones on the way"
        return (f"Every way to {zone(game, z)} within the group's {allow} movement point(s) passes through a zone holding "
                f"enemy units ({where}): a move may end in such a zone, never pass through it.")
    if z in free:
        return f"Too far: reaching {zone(game, z)} costs {far.get(z, free[z])} movement point(s) and the group has {words}."
    beyond = game.board.reachable(ghost, owner, start, FAR, can_enter, blocked, costs=costs) if stops else {}
    if z in beyond:
        # Out of reach only because the way crosses zones the group may stop in, not cross:
        # named are those bordering the zones they cut off (three at most).
        cut = beyond.keys() - free.keys()
        crossed = sorted(n for n in stops if n in free and any(m in cut for m in game.board.adjacency[n]))
        if not crossed and start in stops:
            # Nothing on the way stops it: the start does, as the group may leave it only
            # for a zone it may pass through (Board.reachable).
            why = stop_reasons.get(start, "")
            return (f"{zone(game, start)} is a zone this group may end its move in but not pass through, and it "
                    f"leaves it only for a zone it may pass through: no such way leads on to {zone(game, z)}{': ' + why if why else ''}.")
        why = stop_reasons.get(crossed[0], "") if crossed else ""
        names = ", ".join(zone(game, n) for n in crossed[:3]) + (", ..." if len(crossed) > 3 else "")
        return (f"Every way to {zone(game, z)} crosses a zone this group may end its move in but not pass through "
                f"({names}){': ' + why if why else ''}.")
    return f"No route leads from {zone(game, start)} to {zone(game, z)}: impassable zones cut it off."


def blocking_card(game: Game, owner: int, z: int) -> str:
    """Which lasting card effect closes ``z`` to ``owner``'s units, named from the events."""
    s = game.state
    for effect in s.lasting:
        if effect.kind == "no_entry" and effect.seat == owner and s.stack(z, effect.source):
            card = "a treaty"
            for i, event in enumerate(game.events):
                if event.kind == "treaty" and event.data.get("player") == effect.source and event.data.get("bound") == owner:
                    played = [e for e in game.events[:i] if e.kind == "card_played" and e.data.get("player") == effect.source]
                    if played:
                        card = played[-1].data["card"]
            return (f"{card} played by {who(game, effect.source)}: you may not move into zones holding "
                    f"{who(game, effect.source)}'s units until the end of turn {effect.until_turn}")
    return "a card in play forbids it"


def why_not_unit(game: Game, decision: Decision, unit: int) -> str | None:
    s = game.state
    if not 0 <= unit < len(s.units):
        return f"There is no unit U{unit}."
    u = s.units[unit]
    if u.owner != decision.player and decision.kind not in ("pick_enemy_loss",):
        return f"U{unit} is not one of your units."
    if decision.kind == "choose_units" and u.moved:
        return f"{game.unit_label(unit)} has already moved this turn: each unit moves once a turn."
    return None


def why_not(game: Game, decision: Decision, text: str) -> str | None:
    """Why the zone or unit named by ``text`` is not an option; ``None`` when there is
    nothing more to say than that it is not one."""
    z = game.board.find(text)
    if z is not None:
        return why_not_zone(game, decision, z)
    unit = unit_code(text)
    if unit is not None:
        return why_not_unit(game, decision, unit)
    return None


def unit_code(text: str) -> int | None:
    t = text.strip().upper()
    if 1 < len(t) <= 10 and t[0] == "U" and t[1:].isascii() and t[1:].isdigit():
        return int(t[1:])
    return None


def describe_choice(decision: Decision, choice: Any) -> str:
    if isinstance(choice, list):
        return ", ".join(decision.options[i].label for i in choice)
    return decision.options[choice].label
