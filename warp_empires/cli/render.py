"""What the hotseat shows, as rich renderables: the table, a decision, a battle, the board.

Everything here reads the game (``view_for``, ``pending``, events) and draws it; nothing
changes the game. What a seat sees of other players' stacks comes from
:meth:`~warp_empires.engine.Game.view_for`, so an enemy stack is only its top unit and a count.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..rules.triggers import CardPlayed, DieRolled, MoveMade
from ..zonemap import ZoneMap
from .narrate import battle_words, counted, who, zone

if TYPE_CHECKING:
    from ..decisions import Decision, Option
    from ..engine import Game

STYLES = ("bold cyan", "bold magenta", "bold yellow", "bold green", "bold red", "bold blue", "bold white", "bold bright_black")




def name_text(game: Game, seat: int) -> Text:
    if 0 <= seat < len(game.state.players):
        return Text(game.state.players[seat].name, style=STYLES[seat % len(STYLES)])
    return Text("nobody", style="dim")


def seat_text(game: Game, seat: int) -> Text:
    """"Ann plays the Daleks" in the theme's words (``[text] plays``), the name in its colour."""
    player = game.state.players[seat]
    before, _, after = game.rules.text.seat_line("\0", player.faction.name).partition("\0")
    return Text.assemble(before, name_text(game, seat), after)


def phase_name(game: Game, phase: str) -> str:
    """The phase as players call it, in the theme's words (``[text] phases``)."""
    return "Setup" if phase == "setup" else game.rules.text.phase_name(phase)


def money(game: Game, amount: Any) -> str:
    """An amount in the theme's money: "5 EP", "5 gold"."""
    return f"{amount} {game.rules.text.currency}"


def round_of(game: Game) -> int:
    return (game.state.turn - 1) // len(game.state.players) + 1


# ---------------------------------------------------------------------- the player's own table


def header(game: Game, seat: int) -> Panel:
    """Whose turn and phase, and the deciding player's books and hand (theirs only)."""
    s = game.state
    me = s.players[seat]
    limit = game.setup.turn_limit
    title = Text.assemble(
        f"Turn {s.turn} · round {round_of(game)}" + (f" of {limit}" if limit else "") + " · ",
        name_text(game, s.active), f"'s turn · {phase_name(game, s.phase)}",
    )
    zones = s.controlled(seat)
    books = Text.assemble(
        name_text(game, seat), f" ({me.faction.name})   treasury {money(game, me.treasury)} · last revenue {money(game, me.revenue)} · "
        f"{len(zones)} zone(s) · {len(s.units_of(seat))} unit(s) on the map",
    )
    # What everyone sees of the others at the table: treasuries, hands' sizes, the board.
    others = Text("Others: ", style="dim")
    for i, p in enumerate(q for q in s.players if q.seat != seat):
        if i:
            others.append(" · ", style="dim")
        others.append_text(name_text(game, p.seat))
        others.append(f" {money(game, p.treasury)}, {len(s.controlled(p.seat))} zone(s), {len(s.units_of(p.seat))} unit(s), "
                      f"{len(p.hand)} card(s)", style="dim")
    hand = Text("Your hand: ", style="bold")
    hand.append(", ".join(game.card_name(c) for c in me.hand) or "no cards")
    return Panel(Group(books, others, hand), title=title, title_align="left")


def commands_table(rows: list[tuple[str, str]]) -> Table:
    """The prompt's commands, each description wrapping under itself rather than to column 0."""
    table = Table(title="Commands", title_justify="left", box=None, pad_edge=False, show_header=False)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(overflow="fold")
    for name, text in rows:
        table.add_row(name, text)
    return table


def card_when(game: Game, card_type_id: str) -> str:
    effect = game.rules.effects[card_type_id]
    if effect.reacts_to:
        return f"reaction (after a {effect.reacts_to})"
    names = {"move": "your move phase", "battle": "in a battle", "after_battle": "after your battles"}
    return ", ".join(names.get(p, p) for p in sorted(effect.phases)) or "-"


def hand_table(game: Game, seat: int) -> Table:
    table = Table(title=f"{game.state.players[seat].name}'s hand", title_justify="left")
    for col in ("card", "when", "what it does"):
        table.add_column(col)
    for card in game.state.players[seat].hand:
        ct = game.rules.cards[card]
        table.add_row(ct.name, card_when(game, ct.id), ct.text)
    if not game.state.players[seat].hand:
        table.add_row("(no cards)", "", "")
    return table


# ---------------------------------------------------------------------- the board


def stacks_text(game: Game, zone_view: dict, seat: int | None) -> Text:
    """A zone's stacks as ``seat`` sees them: own units listed, others' top unit and count."""
    out = Text()
    for i, stack in enumerate(zone_view["stacks"]):
        if i:
            out.append("; ")
        out.append_text(name_text(game, stack["owner"]))
        if "units" in stack:
            out.append(f": {counted(stack['units'])}")
        else:
            more = stack["count"] - 1
            out.append(f": {stack['top']}" + (f" +{more} more" if more else ""))
    return out


#: Boards of more zones than this are shown in part unless every zone is asked for: a
#: 263-zone map listed in full is some 500 lines, mostly empty sea.
BOARD_IN_FULL = 60


def board_table(game: Game, seat: int | None, every: bool = False, reveal: bool = False) -> Table:
    """The zones: code, name, type, revenue, control marker and the stacks ``seat`` may see
    (``reveal``: every unit of every stack, as the replay of a finished game shows them).

    A board of more than :data:`BOARD_IN_FULL` zones lists only the zones that earn
    revenue, are held by someone or have units on them, unless ``every`` is true.
    """
    view = game.view_for(seat)
    zones = view["zones"]
    if reveal:
        s = game.state
        for z in zones:
            z["stacks"] = [{"owner": o, "units": [s.units[u].type.name for u in s.stack(z["id"], o)]} for o in sorted(s.owners_in(z["id"]))]
    if not every and len(zones) > BOARD_IN_FULL:
        shown = [z for z in zones if z["revenue"] > 0 or z["control"] >= 0 or z["stacks"]]
        title = (f"The board: {len(shown)} of {len(zones)} zones, those that earn {game.rules.text.currency}, "
                 "are held or have units on them (`map all` lists every zone)")
    else:
        shown, title = zones, "The board"
    table = Table(title=title, title_justify="left")
    notes = {z["id"]: zone_notes(game, z["id"], seat) for z in shown}
    columns = [("code", "left"), ("zone", "left"), ("type", "left"), (game.rules.text.currency, "right"), ("control", "left"),
               ("neighbours", "left"), ("stacks", "left")]
    with_notes = any(notes.values())  # a column only for a theme that marks zones, once one is marked
    for col, justify in columns + ([("notes", "left")] if with_notes else []):
        table.add_column(col, justify=justify)
    codes = game.board.codes
    for z in shown:
        control = name_text(game, z["control"]) if z["control"] >= 0 else Text("-", style="dim")
        near = " ".join(codes[n] for n in game.board.adjacency[z["id"]])
        row = [z["code"], z["name"], z["type"], str(z["revenue"]), control, near, stacks_text(game, z, seat)]
        table.add_row(*row, *(["; ".join(notes[z["id"]]) or "-"] if with_notes else []))
    return table


def zone_notes(game: Game, z: int, seat: int | None) -> list[str]:
    """The theme's markers on zone ``z`` that ``seat`` may read (``warp_zone_notes``)."""
    return [note for answer in game.hook.warp_zone_notes(game=game, zone=z, seat=seat) if answer for note in answer]


def zone_panel(game: Game, seat: int | None, z: int) -> Panel:
    view = game.view_for(seat)["zones"][z]
    ztype = game.state.zone_types[z]
    lines = [
        Text(f"{ztype.name}: {money(game, ztype.revenue)} revenue" + ("" if ztype.passable else ", impassable") + f", entering costs {ztype.move_cost}"),
        Text.assemble("Control: ", name_text(game, view["control"]) if view["control"] >= 0 else "nobody"),
        Text("Borders: " + ", ".join(zone(game, n) for n in game.board.adjacency[z])),
        Text.assemble("Stacks: ", stacks_text(game, view, seat) if view["stacks"] else "none"),
    ]
    notes = zone_notes(game, z, seat)
    if notes:
        lines.append(Text("Notes: " + "; ".join(notes)))
    return Panel(Group(*lines), title=zone(game, z), title_align="left")


def save_svg(game: Game, seat: int | None, path: str) -> str:
    """Draw the board as ``seat`` may see it into an SVG file: zones coloured by who controls
    them, each zone labelled with how many units each player has there."""
    from ..mapgen import render as map_render

    s = game.state
    base = game.setup.zone_map
    zones = tuple(attrs.evolve(z, type=s.zone_types[z.id].id, revenue=s.zone_types[z.id].revenue) for z in base.zones)
    now = ZoneMap(zones, base.edges, base.starts)
    view = game.view_for(seat)
    owners = {z["id"]: game.state.players[z["control"]].name for z in view["zones"] if z["control"] >= 0}
    stacks = {
        z["id"]: " · ".join(f"{game.state.players[st['owner']].name} {st['count']}" for st in z["stacks"])
        for z in view["zones"] if z["stacks"]
    }
    title = f"Turn {s.turn}: the board as {game.state.players[seat].name} sees it" if seat is not None else f"Turn {s.turn}"
    map_render.save_svg(now, path, list(game.rules.zone_types.values()), owners=owners, stacks=stacks, title=title)
    return str(path)


# ---------------------------------------------------------------------- a battle


def battle_panel(game: Game, report: dict, seat: int | None, result: int | None = None) -> Panel:
    """Both sides' forces, itemised, and what ``seat`` may see of their units."""
    z = report["zone"]
    table = Table(expand=False, show_lines=False)
    table.add_column("")
    sides = [("attacker", report["attacker"]), ("defender", report["defender"])]
    for role, side in sides:
        table.add_column(Text.assemble(name_text(game, side["seat"]), f" ({role})"), justify="right")
    labels: list[str] = []
    for _, side in sides:
        for label, _amount in side["parts"]:
            if label not in labels:
                labels.append(label)
    for label in labels:
        cells = []
        for _, side in sides:
            amounts = [a for lab, a in side["parts"] if lab == label]
            cells.append(f"{sum(amounts):+d}" if amounts and label != "units" else (str(sum(amounts)) if amounts else ""))
        table.add_row(label, *cells)
    table.add_row(Text("force", style="bold"), *(Text(str(side["force"]), style="bold") for _, side in sides))
    view = game.view_for(seat)["zones"][z]
    units = Text.assemble("In the zone: ", stacks_text(game, view, seat) if view["stacks"] else "no units left")
    parts: list[Any] = [table, units]
    battle = game.state.battle
    if battle is not None and battle.zone == z:
        # Cards played in the battle that change its losses, not its forces: no row above shows them.
        if battle.no_casualties:
            parts.append(Text("In effect: nobody loses units; the loser still retreats.", style="bold"))
        elif battle.exterminate:
            parts.append(Text("In effect: the loser loses every unit.", style="bold"))
    if result is not None:
        parts.append(Text.assemble(name_text(game, result), " wins the battle (a tie goes to the defender)"))
    else:
        parts.append(Text("The higher force wins; a tie goes to the defender.", style="dim"))
    return Panel(Group(*parts), title=f"{battle_words(report.get('battle_kind', ''))} in {zone(game, z)}", title_align="left")


def last_battle(game: Game, z: int) -> dict | None:
    for event in reversed(game.events):
        if event.kind == "battle" and event.data["zone"] == z:
            return event.data
    return None


# ---------------------------------------------------------------------- a decision


def situation(game: Game, decision: Decision) -> Any:
    """What the decision is about, drawn from its context and the board; ``None`` if nothing more to show."""
    kind, ctx, seat = decision.kind, decision.context, decision.player
    s = game.state
    if kind == "battle_card" and isinstance(ctx, dict) and "attacker" in ctx:
        return battle_panel(game, ctx, seat)
    if kind in ("pick_enemy_loss", "pick_own_losses", "retreat") and s.battle is not None:
        report = last_battle(game, s.battle.zone)
        if report is not None:
            return battle_panel(game, report, seat, report["winner"])
    if kind == "choose_destination" and isinstance(ctx, dict) and "reach" in ctx:
        return destinations_panel(game, seat, ctx)
    if kind == "buy" and isinstance(ctx, dict) and "drawn" in ctx:
        table = Table(title=f"Recruits drawn (treasury {money(game, ctx['treasury'])})", title_justify="left")
        table.add_column("unit")
        table.add_column("cost")
        dear = any(price > ctx["treasury"] for _u, _label, price in ctx["drawn"])
        if dear:  # else the column would stand empty
            table.add_column("")
        for _u, label, price in ctx["drawn"]:
            note = [Text("too dear", style="dim") if price > ctx["treasury"] else ""] if dear else []
            table.add_row(label, money(game, price), *note)
        return table
    if kind == "reaction" and isinstance(ctx, dict) and "trigger" in ctx:
        said = Text(trigger_text(game, ctx["trigger"]))
        if s.battle is not None and s.battle.winner < 0:
            # An answer to a card played in a battle: the battle itself first, or a player
            # asked about a Graviton Weapon has not yet been told there is a battle at all.
            from ..rules.battle import force_report

            return Group(battle_panel(game, force_report(game, s.battle), seat), said)
        return said
    if kind == "choose_units" and all(o.id != "go" for o in decision.options):
        # A theme may offer no way on until the group can travel (an Army at sea needs a
        # Transport): say what is picked and why, or the question only comes back. (Where
        # the group can go, the option to move it names the units.)
        chosen = chosen_units(game, decision)
        if chosen:
            # A theme may say why in the context (the city states: "a Fleet moves only with Rowers aboard").
            why = ctx.get("cannot_go") if isinstance(ctx, dict) else None
            then = f"{why}. Change" if why else "change"
            return Text("Chosen so far: " + counted([game.unit_label(u) for u in chosen])
                        + f". They cannot move as they are: {then} the group, or move nothing from here.")
    if kind == "choose_stack":
        view = game.view_for(seat)
        table = Table(title="Your stacks", title_justify="left")
        for col in ("zone", "units", "not yet moved"):
            table.add_column(col)
        for z in s.zones_with_units(seat):
            ids = s.stack(z, seat)
            fresh = [u for u in ids if not s.units[u].moved and s.units[u].type.speed > 0]
            table.add_row(zone(game, z), stacks_text(game, {"stacks": [st for st in view["zones"][z]["stacks"] if st["owner"] == seat]}, seat), str(len(fresh)))
        return table
    if kind in ("disband",):
        from ..rules.economy import printed_revenue, upkeep_capacity

        return Text(
            f"The revenue zones you control print {money(game, printed_revenue(game, seat))}; upkeep keeps "
            f"{game.rules.settings.upkeep_per_revenue} units per {game.rules.text.currency}: {upkeep_capacity(game, seat)} units "
            f"(cards that cut the {game.rules.text.currency} you collect do not cut this)."
        )
    return None


def destinations_panel(game: Game, seat: int, ctx: dict) -> Panel:
    s = game.state
    units = ctx["units"]
    view = game.view_for(seat)
    table = Table(box=None, pad_edge=False)
    reach = sorted(ctx["reach"].items(), key=lambda item: (item[1], item[0]))
    fights = {z: destination_odds(game, seat, units, z) for z, _ in reach if s.has_enemy(z, seat)}
    for col in ("code", "zone", "type", "cost", "there now", *(("battle: your win, losses yours / theirs",) if fights else ())):
        table.add_column(col)
    for z, cost in reach:
        z_view = view["zones"][z]
        odds = (fights[z].short() if fights.get(z) else "",) if fights else ()
        table.add_row(game.board.codes[z], game.board.names[z], z_view["type"], str(cost), stacks_text(game, z_view, seat), *odds)
    moving = counted([game.unit_label(u) for u in units])
    # The group's allowance as the rules work it out: a theme's own (a Fleet's 10 by sea)
    # may be none of its units' speeds.
    # A card's own points (Expedition, Forced March) replace it.
    points = ctx.get("points")
    if points is None:
        points = game.hook.warp_move_allowance(game=game, seat=seat, units=list(units))
    title = f"Moving {len(units)} unit(s) from {zone(game, ctx['from'])}"
    note = Text(f"{moving}; {points} movement point(s). A move may end in a zone with enemy units, never pass through one.", style="dim")
    if fights:
        note.append("\nBattle odds count the units' forces, not the cards in hand; `odds CODE` tells more.", style="dim")
    return Panel(Group(note, table), title=title, title_align="left")


def destination_odds(game: Game, seat: int, units: Any, z: int) -> Any:
    """The odds of the battle moving ``units`` into ``z`` starts (from what ``seat`` sees)."""
    from ..odds import move_odds

    return move_odds(game, seat, tuple(units), z)


def trigger_text(game: Game, trigger: Any) -> str:
    """What a reaction would answer, in words."""
    by = who(game, trigger.by)
    if isinstance(trigger, CardPlayed):
        text = game.rules.cards[trigger.card].text  # what the card would do, so the answer is informed
        return f"{by} just played {game.card_name(trigger.card)}." + (f" ({text})" if text else "")
    if isinstance(trigger, DieRolled):
        value = game.state.rolls.get(trigger.key)
        purpose = f" for {trigger.purpose}" if trigger.purpose else ""
        return f"{by} just rolled a {value} (1D{trigger.sides}){purpose}." if value is not None else f"{by} just rolled a die{purpose}."
    if isinstance(trigger, MoveMade):
        return f"{by} just moved {len(trigger.units)} unit(s) from {zone(game, trigger.start)} to {zone(game, trigger.to)}."
    return "Something just happened that you may answer."


def class_letters(unit_type: Any) -> str:
    """A unit's notes, with class letters (War Hammer's S, SR, I, V, L...) spelt out from its tags.

    >>> from warp_empires.model.data import UnitType
    >>> from warp_empires.cli.render import class_letters
    >>> class_letters(UnitType("x", "X", 2, 2, 2, tags={"space", "stealth"}, notes="SR"))
    'SR (class: space, stealth)'
    """
    notes = unit_type.notes
    if notes and notes.replace(" ", "").isalpha() and notes.isupper() and len(notes) <= 6:
        tags = sorted(t for t in unit_type.tags if t != "fast")
        return f"{notes} (class: {', '.join(tags)})" if tags else notes
    return notes


def option_detail(game: Game, decision: Decision, option_id: str, value: Any) -> str:
    """A second column for an option: a card's text, a zone's type and stacks, a unit's numbers."""
    s = game.state
    if option_id.startswith("card:") and isinstance(value, int):
        return game.rules.cards[value].text
    if option_id.startswith("zone:") and isinstance(value, int) and 0 <= value < len(game.board):
        z_view = game.view_for(decision.player)["zones"][value]
        control = f", held by {who(game, z_view['control'])}" if z_view["control"] >= 0 else ""
        # Choosing one's own stack, the table above the options lists each in full already.
        listed = z_view["stacks"] and decision.kind != "choose_stack"
        return f"{z_view['type']} ({money(game, z_view['revenue'])}){control}" + (f"; {stacks_text(game, z_view, decision.player).plain}" if listed else "")
    if option_id.startswith("unit:") and isinstance(value, int):
        t = s.units[value].type
        return f"force {t.force}, speed {t.speed}" + (f", {class_letters(t)}" if t.notes else "")
    return ""


def options_table(game: Game, decision: Decision) -> Table:
    """The legal options, numbered from 1, with their code where they have one."""
    table = Table(box=None, pad_edge=False, show_header=False)
    table.add_column(justify="right", style="bold")
    table.add_column()
    table.add_column(style="dim")
    table.add_column(style="dim")
    rows = []
    for i, option in enumerate(decision.options, 1):
        label = option.label
        if option.id == "go" and decision.kind == "choose_units":
            label += ": " + counted([game.unit_label(u) for u in chosen_units(game, decision)])
        code = code_of(game, option)
        if code and label.endswith(f" ({code})"):
            label = label[: -len(code) - 3]  # the code has a column of its own: "Alaitoc  ALA", not "Alaitoc (ALA)  ALA"
        rows.append((i, label, code, option_detail(game, decision, option.id, option.value)))
    alike: dict[tuple[str, str], list[int]] = {}
    for i, label, _code, detail in rows:
        alike.setdefault((label, detail), []).append(i)
    above = ("", "")
    for i, label, code, detail in rows:
        numbers = alike[(label, detail)]
        if len(numbers) >= ALIKE_IN_ONE_ROW:
            # Thirty Baggage of a stack take one row, which gives every number that picks one.
            if i == numbers[0]:
                table.add_row(str(i), f"{label} ({len(numbers)} alike: {number_ranges(numbers)})", code, detail)
                above = ("", "")  # the row a reader sees above the next one: not alike to any
            continue
        # Two Armies of a stack, or two copies of a card, say their text once.
        shown = "as above" if detail and (label, detail) == above else detail
        above = (label, detail)
        table.add_row(str(i), label, code, shown)
    return table


#: Options alike (same label and text) this many times or more are listed in one row.
ALIKE_IN_ONE_ROW = 3


def number_ranges(numbers: list[int]) -> str:
    """Ascending numbers, runs written as ranges.

    >>> number_ranges([3, 8, 12, 13, 14, 20, 21])
    '3, 8, 12-14, 20, 21'
    """
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(f"{start}-{prev}" if prev - start >= 2 else ", ".join(str(k) for k in range(start, prev + 1)))
        if n is not None:
            start = prev = n
    return ", ".join(parts)


def chosen_units(game: Game, decision: Decision) -> list[int]:
    """The units picked so far for the group being formed (``choose_units``): the unit
    choices made one after the other just before this decision."""
    s, seat = game.state, decision.player
    out: list[int] = []
    for choice in reversed(game.choices):
        head, _, rest = choice.partition(":") if isinstance(choice, str) else ("", "", "")
        if head != "unit" or not rest.isdigit() or s.units[int(rest)].owner != seat:
            break
        out.append(int(rest))
    return out[::-1]


def zone_of_option(game: Game, option: Option) -> int | None:
    """The zone an option is about (the theme may say, ``warp_option_zone``): its code picks it."""
    return game.hook.warp_option_zone(game=game, option=option)


def code_of(game: Game, option: Option) -> str:
    """What a player may type instead of the number: a zone code, a unit code, a word."""
    head, _, rest = option.id.partition(":")
    z = zone_of_option(game, option)
    if z is not None:
        return game.board.codes[z]
    if head == "unit" and rest.isdigit():
        return f"U{rest}"
    if not rest:
        return head
    return ""


def decision_view(game: Game, decision: Decision) -> Group:
    parts: list[Any] = [header(game, decision.player)]
    shown = situation(game, decision)
    if shown is not None:
        parts.append(shown)
    # "(pick 5)", unless the question says so already ("pick 5 more unit(s) to lose").
    pick = f" (pick {decision.count})" if decision.count > 1 and f"pick {decision.count}" not in decision.prompt else ""
    parts.append(Text(decision.prompt + pick, style="bold"))
    parts.append(options_table(game, decision))
    return Group(*parts)


# ---------------------------------------------------------------------- between players and at the end


def pass_screen(game: Game, seat: int) -> Panel:
    me = game.state.players[seat]
    body = Text.assemble(
        (f"Pass to {me.name}, press Enter", STYLES[seat % len(STYLES)]),
        f"\n\n{game.rules.text.seat_line(me.name, me.faction.name)}. Everyone else, please look away:\nwhat follows is for {me.name}'s eyes only.",
    )
    return Panel(body, title="Hotseat", title_align="left", padding=(1, 4))


def result_text(game: Game) -> Text:
    reason = next((e.data.get("reason") for e in reversed(game.events) if e.kind == "game_over"), "")
    winner = game.winner
    how = " on the tiebreak (turn limit reached)" if reason == "turn limit" else ""
    if winner is None or winner < 0:
        tail = " (turn limit reached; the tiebreak could not split the leaders)" if reason == "turn limit" else ""
        return Text("The game is a draw" + tail + ".", style="bold")
    me = game.state.players[winner]
    return Text.assemble(name_text(game, winner), (f" ({me.faction.name}) wins{how}!", "bold"))


def final_table(game: Game) -> Table:
    s = game.state
    table = Table(title="Final position", title_justify="left")
    for col, justify in (("player", "left"), ("faction", "left"), ("zones", "right"), ("revenue zones", "right"),
                         ("revenue", "right"), ("treasury", "right"), ("units", "right"), ("revenue zones by type", "left")):
        table.add_column(col, justify=justify)
    for p in s.players:
        zones = s.controlled(p.seat)
        earning = [z for z in zones if s.zone_types[z].generates_revenue]
        # What a theme's victory and tiebreak count (Nexus Points, home cities) is a kind of zone.
        kinds = Counter(s.zone_types[z].name for z in earning)
        held = ", ".join(f"{name} {n}" for name, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))) or "-"
        table.add_row(name_text(game, p.seat), p.faction.name, str(len(zones)), str(len(earning)),
                      money(game, sum(s.zone_types[z].revenue for z in earning)), money(game, p.treasury), str(len(s.units_of(p.seat))), held)
    return table
