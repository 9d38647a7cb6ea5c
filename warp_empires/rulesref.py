"""A theme's rules reference, built from its loaded data and its RULES.md.

>>> text = render_rules("doctor_who")                   # doctest: +SKIP
>>> page = render_rules("doctor_who", "html")           # doctest: +SKIP

Three formats: ``markdown`` (tables and the rules text, for reading in a terminal or a
repository), ``json`` (the raw lists: units, factions, cards, zone types, settings) and
``html`` (one self-contained page to read or print). The tables come from the same data
the engine plays with, so they can never disagree with the game.
"""

from __future__ import annotations

import html
import importlib.resources
import json
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

from .model.data import SPEED_LETTERS
from .plugins import find_module, make_manager
from .rulebook import Rulebook
from .rules.generic import PHASES as GENERIC_PHASES

FORMATS = ("markdown", "json", "html")

SPEED_NAMES = {3: "Fast", 2: "Medium", 1: "Slow", 0: "Immobile"}
LETTERS = {v: k for k, v in SPEED_LETTERS.items()}

#: How an ability reads in a table when the theme gives no text of its own.
ABILITY_TEXT = {
    "force_per_unit": "Force {amount:+} per unit",
    "force_per_unit_attacking": "Force {amount:+} per unit when attacking",
    "force_per_unit_defending": "Force {amount:+} per unit when defending",
    "force_per_stack": "Force {amount:+} per stack in a battle",
    "speed_bonus": "Speed {amount:+}",
    "cost_delta": "Units cost {amount:+} (never below 1)",
    "draw_bonus": "Draws {amount:+} card(s) in the draw phase",
    "unit_draw_bonus": "Draws {amount:+} unit(s) to recruit from",
    "hand_limit": "Hand limit {amount}",
    "can_enter": "May enter {zones}",
}

REACTION_TEXT = {"card": "Reaction (to a card)", "die": "Reaction (to a die roll)", "move": "Reaction (to a move)"}


# ---------------------------------------------------------------------- gathering


@attrs.frozen
class Reference:
    """Everything a rules reference shows, as plain values."""

    module: dict[str, Any]
    settings: dict[str, Any]
    zone_types: list[dict[str, Any]]
    units: list[dict[str, Any]]
    factions: list[dict[str, Any]]
    cards: list[dict[str, Any]]
    rules_text: str | None
    text: dict[str, Any] = attrs.field(factory=dict)  # the theme's own words (ThemeText)
    #: The phases of the turn the generic rules carry out (a theme replaces the others):
    #: only the settings feeding these are shown.
    generic_phases: list[str] = attrs.field(factory=list)
    #: The phases of the turn in order: ``id``, ``name`` (the theme's word) and ``help``
    #: (what happens in it, or "").
    phases: list[dict[str, str]] = attrs.field(factory=list)


def plain(value: Any) -> Any:
    """Rules data as JSON-ready values: attrs classes become dicts, sets sorted lists."""
    if attrs.has(type(value)):
        return {f.name: plain(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def ability_text(ability: Any) -> str:
    template = ABILITY_TEXT.get(ability.kind, ability.kind + " {amount}")
    text = template.format(amount=ability.amount, zones=", ".join(sorted(ability.zone_types)) or "any zone")
    return text + (f" ({ability.tag} units)" if ability.tag else "")


def speed_text(speed: int) -> str:
    return f"{SPEED_NAMES[speed]} ({speed})" if speed in SPEED_NAMES else str(speed)


def card_timing(effect: Any) -> str:
    """When a card is played, in the players' words."""
    if effect.reacts_to:
        return REACTION_TEXT.get(effect.reacts_to, "Reaction")
    parts = []
    if "move" in effect.phases:
        parts.append("Move phase")
    if "battle" in effect.phases:
        parts.append("Battle")
    if "after_battle" in effect.phases:
        parts.append("After battles")
    return ", ".join(parts) or ", ".join(sorted(effect.phases))


def _module_of(plugin: Any) -> ModuleType | None:
    """The module that registered ``plugin`` (the plugin itself, or holds it as ``plugin``)."""
    if isinstance(plugin, ModuleType):
        return plugin
    for module in list(sys.modules.values()):
        if getattr(module, "__dict__", {}).get("plugin") is plugin:
            return module
    return None


def rules_text(plugin: Any) -> str | None:
    """The RULES.md shipped in the theme's package, if there is one."""
    module = _module_of(plugin)
    if module is None:
        return None
    package = module if hasattr(module, "__path__") else sys.modules.get(module.__package__ or "")
    if package is None:
        return None
    try:
        resource = importlib.resources.files(package) / "RULES.md"
        return resource.read_text(encoding="utf-8") if resource.is_file() else None
    except (OSError, TypeError, ValueError):  # a package without a readable location
        return None


def gather(module_name: str, module_paths: Iterable[str | Path] = ()) -> Reference:
    """Load ``module_name`` and collect its reference. Raises ModuleError if it is unknown."""
    paths = tuple(module_paths)
    entry = find_module(module_name, paths)
    book = Rulebook.from_plugins(make_manager(module_name, module_paths=paths))
    info = book.info
    units = []
    for u in book.unit_types.values():
        row = plain(u)
        row["speed_name"] = speed_text(u.speed)
        row["speed_letter"] = LETTERS.get(u.speed)
        parts = [k for k, flag in (("Leader", u.is_leader), ("Fortification", u.is_fortification)) if flag]
        parts += [u.notes] if u.notes else [ability_text(a) for a in u.abilities]
        row["ability_text"] = "; ".join(parts)
        units.append(row)
    factions = []
    for f in book.factions.values():
        row = plain(f)
        row["ability_text"] = f.ability_text or "; ".join(ability_text(a) for a in f.abilities)
        factions.append(row)
    cards = []
    for c in book.card_types.values():
        row = plain(c)
        row["when"] = card_timing(book.effects[c.id])
        cards.append(row)
    return Reference(
        module={"name": info.name, "title": info.title or info.name, "version": info.version, "description": info.description},
        settings=plain(book.settings),
        zone_types=[plain(z) for z in book.zone_types.values()],
        units=units,
        factions=factions,
        cards=cards,
        rules_text=rules_text(entry.plugin),
        text=plain(book.text),
        generic_phases=[p for p in book.settings.phases if generic_phase(book, p)],
        phases=[{"id": p, "name": book.text.phase_name(p), "help": phase_help(book, p) or ""} for p in book.settings.phases],
    )


#: What happens in each phase the generic rules run; a theme says it of its own phases in
#: ``[text] phase_help``.
GENERIC_PHASE_HELP = {
    "draw": "Discard any cards you like, one at a time, then draw; over your hand limit you discard down to it.",
    "move": "Play move cards (and other cards of your turn) as often as you like, then pass. "
    "A group moves at the speed of its slowest unit, each unit once a turn; it may end in a zone with enemy units but never pass through one.",
    "battle": "Every zone holding your units and an enemy's is a battle. Both sides play battle cards, attacker first, "
    "until both pass in a row; the higher force wins, a tie goes to the defender. The loser loses half its units (rounded up) and retreats; "
    "the winner loses units of at least half the printed force the loser lost.",
    "revenue": "You earn the revenue of every zone carrying your control marker.",
    "recruit": "Buy units from the ones drawn; each bought unit is placed in a revenue zone you control.",
    "upkeep": "You may keep a number of units set by the revenue printed on the zones you control; disband the rest, choosing which.",
    "control": "Every revenue zone holding your units gets your control marker.",
}


def phase_help(book: Rulebook, phase: str) -> str | None:
    """What happens in ``phase``, in a sentence or two: the theme's words (``[text]
    phase_help``), else the engine's for a phase the generic rules run, else None."""
    own = book.text.phase_help.get(phase)
    if own:
        return own
    return GENERIC_PHASE_HELP.get(phase) if generic_phase(book, phase) else None


def generic_phase(book: Rulebook, phase: str) -> bool:
    """Whether the turn has ``phase`` and the generic rules carry it out (no theme replaced
    them), so that the settings feeding it apply: ``upkeep_per_revenue`` to ``upkeep``."""
    return phase in book.settings.phases and book.phases.get(phase) is GENERIC_PHASES.get(phase)


# ---------------------------------------------------------------------- tables


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def tables(ref: Reference) -> list[tuple[str, list[str], list[list[str]]]]:
    """The reference's tables as (title, header, rows) of text, shared by markdown and HTML."""
    s = ref.settings
    # A setting feeding a rule the theme carries out its own way would only mislead: the
    # theme's rules (below the tables) say what happens instead.
    settings_rows = [
        ["Cards drawn per turn", str(s["draw_count"])],
        ["Hand limit", str(s["hand_limit"])],
        *([["Units at the start", str(s["start_units"])]] if s["start_units"] else []),
        ["Cards at the start", str(s["start_cards"])],
        *([["Units drawn to recruit from", str(s["recruit_draw"])]] if "recruit" in ref.generic_phases else []),
        *([["Units kept per revenue point", str(s["upkeep_per_revenue"])]] if "upkeep" in ref.generic_phases else []),
        ["Leader bonus", f"+{s['leader_bonus']}"],
        ["Unit pools", "one shared pool" if s["pools"] == "shared" else "one pool per faction"],
        ["Money", ref.text.get("currency", "EP")],
    ]
    if s.get("turn_limit"):
        settings_rows.append(["Turn limit", str(s["turn_limit"])])

    zone_notes = any(z.get("notes") for z in ref.zone_types)
    zone_header = ["Zone type", "Die roll", "Revenue", "Can be entered", "Move cost"] + (["Notes"] if zone_notes else [])
    zone_rows = [
        [z["name"], ", ".join(str(r) for r in z["rolls"]) or "-", str(z["revenue"]), _yes(z["passable"]), str(z["move_cost"])]
        + ([z.get("notes") or "-"] if zone_notes else [])
        for z in ref.zone_types
    ]

    with_faction = any(u["faction"] for u in ref.units)
    unit_header = ["Unit", "#", "Cost", "Force", "Speed", "Notes"] + (["Faction"] if with_faction else [])
    unit_rows = []
    for u in ref.units:
        row = [u["name"], str(u["copies"]), str(u["cost"]), str(u["force"]), u["speed_name"], u["ability_text"] or "-"]
        if with_faction:
            row.append(u["faction"] or "-")
        unit_rows.append(row)

    faction_rows = [[f["name"], f["description"] or "-", f["ability_text"] or "-"] for f in ref.factions]
    card_rows = [[c["name"], str(c["copies"]), c["when"], c["text"] or c["effect"]] for c in ref.cards]

    units_total = sum(u["copies"] for u in ref.units)
    cards_total = sum(c["copies"] for c in ref.cards)
    return [
        ("Settings", ["Setting", "Value"], settings_rows),
        ("The turn", ["Phase", "What happens"], [[p["name"], p["help"] or "-"] for p in ref.phases]),
        (f"Zone types ({len(ref.zone_types)})", zone_header, zone_rows),
        (f"Units ({len(ref.units)} types, {units_total} units)", unit_header, unit_rows),
        (f"Factions ({len(ref.factions)})", ["Faction", "Description", "Ability"], faction_rows),
        (f"Action cards ({len(ref.cards)} types, {cards_total} cards)", ["Card", "#", "When", "Effect"], card_rows),
    ]


# ---------------------------------------------------------------------- markdown


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def to_markdown(ref: Reference) -> str:
    m = ref.module
    out = [f"# {m['title']}: rules reference", ""]
    if m["description"]:
        out += [m["description"], ""]
    out += [f"Module `{m['name']}`, version {m['version']}.", ""]
    for title, header, rows in tables(ref):
        out += [f"## {title}", ""]
        if not rows:
            out += ["(none)", ""]
            continue
        out.append("| " + " | ".join(header) + " |")
        out.append("|" + "|".join("---" for _ in header) + "|")
        out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
        out.append("")
    if ref.rules_text:
        out += ["---", "", ref.rules_text.strip(), ""]
    return "\n".join(out)


# ---------------------------------------------------------------------- json


def to_json(ref: Reference) -> str:
    doc = {
        "module": ref.module,
        "settings": ref.settings,
        "zone_types": ref.zone_types,
        "units": ref.units,
        "factions": ref.factions,
        "cards": ref.cards,
        "rules_text": ref.rules_text,
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------- html

CSS = """
body { font-family: Georgia, serif; max-width: 60em; margin: 2em auto; padding: 0 1em; color: #111; }
h1, h2, h3, h4 { font-family: Helvetica, Arial, sans-serif; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #999; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #eee; }
code { font-size: 0.95em; }
@media print { body { margin: 0; max-width: none; } h2 { page-break-after: avoid; } table { page-break-inside: avoid; } }
"""


def _inline(text: str) -> str:
    """Escape, then turn `code`, **bold** and *emphasis* into tags."""
    text = html.escape(text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"<em>\1</em>", text)


def _html_table(header: list[str], rows: list[list[str]], inline: bool = False) -> list[str]:
    cell = _inline if inline else html.escape
    out = ["<table>", "<thead><tr>" + "".join(f"<th>{cell(h)}</th>" for h in header) + "</tr></thead>", "<tbody>"]
    out += ["<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>" for row in rows]
    out += ["</tbody>", "</table>"]
    return out


def markdown_to_html(text: str) -> str:
    """The small part of Markdown a RULES.md uses: headings (one level down, under the
    page's own title), paragraphs, lists, tables and inline code/bold/emphasis."""
    out: list[str] = []
    para: list[str] = []
    items: list[str] = []
    list_tag = ""
    table: list[list[str]] = []

    def flush() -> None:
        nonlocal list_tag
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append(f"<{list_tag}>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + f"</{list_tag}>")
            items.clear()
            list_tag = ""
        if table:
            out.extend(_html_table(table[0], table[1:], inline=True))
            table.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("|"):
            if para or items:
                flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):  # skip the |---| row
                table.append(cells)
            continue
        if table or not stripped:
            flush()
        if not stripped:
            continue
        heading = re.fullmatch(r"(#{1,5})\s+(.*)", stripped)
        bullet = re.fullmatch(r"[-*]\s+(.*)", stripped)
        number = re.fullmatch(r"\d+\.\s+(.*)", stripped)
        if heading:
            flush()
            level = len(heading.group(1)) + 1
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif bullet or number:
            tag = "ul" if bullet else "ol"
            if para or (items and tag != list_tag):
                flush()
            list_tag = tag
            items.append((bullet or number).group(1))
        elif stripped == "---":
            flush()
            out.append("<hr>")
        elif items and line[:1].isspace():
            items[-1] += " " + stripped  # a list item wrapped onto the next line
        else:
            if items:
                flush()
            para.append(stripped)
    flush()
    return "\n".join(out)


def to_html(ref: Reference) -> str:
    m = ref.module
    title = f"{m['title']}: rules reference"
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    if m["description"]:
        out.append(f"<p>{html.escape(m['description'])}</p>")
    out.append(f"<p>Module <code>{html.escape(m['name'])}</code>, version {html.escape(m['version'])}.</p>")
    for heading, header, rows in tables(ref):
        out.append(f"<h2>{html.escape(heading)}</h2>")
        out.extend(_html_table(header, rows) if rows else ["<p>(none)</p>"])
    if ref.rules_text:
        out += ['<section class="rules">', markdown_to_html(ref.rules_text), "</section>"]
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


# ---------------------------------------------------------------------- entry point

RENDERERS = {"markdown": to_markdown, "json": to_json, "html": to_html}


def render_rules(module_name: str, fmt: str = "markdown", module_paths: Iterable[str | Path] = ()) -> str:
    """The rules reference of ``module_name`` as text in ``fmt`` (markdown, json or html).

    Raises :class:`~warp_empires.plugins.ModuleError` for an unknown module and
    ``ValueError`` for an unknown format.
    """
    if fmt not in RENDERERS:
        raise ValueError(f"unknown format {fmt!r}; use one of: {', '.join(FORMATS)}")
    return RENDERERS[fmt](gather(module_name, module_paths))
