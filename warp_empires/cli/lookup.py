"""`rules`, `unit NAME`, `faction NAME` and `why CARD` at the prompt: the theme's data in words.

Everything here reads the rulebook and what the asking player may see; nothing changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..effects.movement import MoveStacks
from ..rules import move
from ..rulesref import ability_text, card_timing, generic_phase, speed_text
from .common import command
from .explain import phase_help
from .render import class_letters

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..engine import Game


def name_key(text: str) -> str:
    """A name as looked up: any case, a hyphen or underscore read as a space."""
    return text.strip().lower().replace("-", " ").replace("_", " ")


def find_named(items: dict[str, Any], text: str) -> Any | None:
    """The item whose id or name is ``text`` (any case), or the only one whose name starts with it."""
    key = name_key(text)
    if not key:
        return None
    exact = [v for k, v in items.items() if key in (name_key(k), name_key(v.name))]
    if exact:
        return exact[0]
    starting = [v for v in items.values() if name_key(v.name).startswith(key)]
    return starting[0] if len(starting) == 1 else None


def rules_lines(game: Game, paths: Sequence[str] = ()) -> list[str]:
    """The turn and the main rules of this theme, in a screenful."""
    book = game.rules
    s = book.settings
    out = [f"{book.info.title or book.info.name}: the turn is " + ", ".join(book.text.phase_name(p) for p in s.phases) + "."]
    for phase in s.phases:
        told = phase_help(game, phase)
        if told:
            out.append("  " + told)
    upkeep = (f"; upkeep keeps {s.upkeep_per_revenue} units per {book.text.currency} of printed revenue"
              if generic_phase(book, "upkeep") else "")  # else the theme's own upkeep, in its rules
    out.append(f"Hand limit {s.hand_limit} cards; a side with a leader against none gets +{s.leader_bonus} force{upkeep}.")
    out.append(f"The full reference (units, factions, cards, this theme's own rules): {command(paths, 'rules', book.info.name)}")
    return out


def unit_lines(game: Game, text: str) -> list[str] | None:
    """A unit type's numbers and abilities; ``None`` if ``text`` names none."""
    book = game.rules
    t = find_named(dict(book.unit_types), text)
    if t is None:
        return None
    # A unit that costs nothing is not for sale: the theme's own rules bring it into play
    # (the city states' Leaders, with the experience roll), not a recruit draw from a pool.
    for_sale = t.cost > 0
    who = f"{book.factions[t.faction].name} unit" if t.faction in book.factions else "unit of the common pool" if for_sale else "unit"
    price = f"cost {t.cost} {book.text.currency}" if for_sale else "not for sale"
    line = f"{t.name} ({who}): force {t.force}, speed {speed_text(t.speed)}, {price}, {t.copies} in the game"
    out = [line]
    if t.notes:
        out.append(f"  {class_letters(t)}")
    for a in t.abilities:
        out.append(f"  {ability_text(a)}")
    if t.is_leader:
        out.append(f"  Leader: +{book.settings.leader_bonus} force to its side against a side without one; captured rather than lost.")
    if t.is_fortification:
        out.append("  Fortification: never moves, and is always among the losses of a lost battle.")
    return out


def faction_lines(game: Game, text: str) -> list[str] | None:
    """A faction's ability and who plays it; ``None`` if ``text`` names none."""
    book = game.rules
    f = find_named(dict(book.factions), text)
    if f is None:
        return None
    players = [p.name for p in game.state.players if p.faction.id == f.id]
    out = [f"{f.name}" + (f", played by {', '.join(players)}" if players else ", not in this game") + "."]
    if f.description:
        out.append(f"  {f.description}")
    if f.ability_text:  # the theme's own words for it; else the engine's, ability by ability
        out.append(f"  Ability: {f.ability_text}")
    else:
        out += [f"  {ability_text(a)}" for a in f.abilities]
    return out


def find_card(game: Game, text: str) -> Any | None:
    """The card type ``text`` names (id or name)."""
    types = {c.id: c for c in game.rules.cards}
    return find_named(types, text)


def why_card(game: Game, decision: Decision, text: str) -> str | None:
    """Why the card named ``text`` is, or is not, among the options; ``None`` if no card has that name."""
    card_type = find_card(game, text)
    if card_type is None:
        return None
    seat = decision.player
    hand = game.state.players[seat].hand
    effect = game.rules.effects[card_type.id]
    name = card_type.name
    when = card_timing(effect)
    plays = decision.kind in ("play_card", "battle_card", "reaction")
    offered = plays and any(o.id.startswith("card:") and isinstance(o.value, int) and game.rules.cards[o.value].id == card_type.id
                            for o in decision.options)
    if offered:
        return f"{name} ({when}): {card_type.text} It is in your hand and can be played now."
    held = sum(1 for c in hand if game.rules.cards[c].id == card_type.id)
    if not held:
        shown = ", ".join(game.card_name(c) for c in hand) or "no cards"
        return f"You hold no {name} card (your hand: {shown}). {name} is played: {when}."
    if effect.reacts_to:
        return f"{name} is a {when.lower()}: it is offered only right after what it answers, never at a prompt of your own turn."
    # A question to play a card names its window (a theme's own phases of moving and fighting,
    # the city states' first_move or land_battle, ask the generic questions).
    context = decision.context if isinstance(decision.context, dict) else {}
    window = {"play_card": context.get("window"), "battle_card": "battle"}.get(decision.kind)
    if window is None or window not in effect.phases:
        return f"{name} is played: {when}; this decision is not one of those moments ({decision.prompt})."
    return f"{name} has no legal use now: {no_use(game, seat, card_type)}"


def no_use(game: Game, seat: int, card_type: Any) -> str:
    """Why a card held at its moment cannot be played, as far as the generic effects tell."""
    params = card_type.params
    if isinstance(game.rules.effects[card_type.id], MoveStacks):
        s = game.state
        stacks = [z for z in s.zones_with_units(seat) if move.movable(game, seat, z)]
        least = params.get("min", 1)
        return (f"it moves {least} stack(s) or more and you have {len(stacks)} stack(s) with units that have not moved "
                f"and can reach another zone (each unit moves once a turn).")
    return "none of its targets is open to it in this position (see `hand` for what it does)."
