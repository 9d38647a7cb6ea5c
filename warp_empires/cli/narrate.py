"""Events in words: one line per event, and short summaries of whole turns.

Every text a player reads about what happened comes from ``game.events`` through
here: the live feed after a choice, the "since your last turn" digest, the summary
of a computer player's turn, the ``log`` command and the replay viewer. Each event is
first passed through :meth:`~warp_empires.events.Event.seen_by` for the reader, so an
opponent's line says "placed a unit" where the owner's says which (B14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine import Game
    from ..events import Event


def who(game: Game, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(game.state.players):
        return game.state.players[seat].name
    return str(seat)


def zone(game: Game, z: Any) -> str:
    if isinstance(z, int) and 0 <= z < len(game.board):
        return f"{game.board.names[z]} ({game.board.codes[z]})"
    return str(z)


def battle_words(kind: str) -> str:
    """What a battle of ``kind`` is called: "Battle", or "Space battle" where a theme fights
    battles of several kinds."""
    return f"{kind.replace('_', ' ').capitalize()} battle" if kind else "Battle"


def with_article(name: str) -> str:
    """``name`` with its article: "a Rich Zone", "an Average Zone".

    >>> with_article("Rich Zone"), with_article("Average Zone")
    ('a Rich Zone', 'an Average Zone')
    """
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _names(items: Iterable[str]) -> str:
    return ", ".join(items) or "nothing"


def counted(names: list[str]) -> str:
    """Names with repeats counted, in the order each first comes (a stack's top unit stays
    first): ``Army ×4, Baggage ×2, Fleet``. A city-states stack may carry 30 Baggage.

    >>> counted(["Army", "Army", "Fleet", "Army"])
    'Army ×3, Fleet'
    """
    tally = Counter(names)
    return ", ".join(name if tally[name] == 1 else f"{name} ×{tally[name]}" for name in tally)


def _units(d: dict, count_key: str = "count") -> str:
    """The units of an event: their names for a reader who may know them, else how many."""
    if "units" in d:
        return counted(d["units"]) or "nothing"
    n = d.get(count_key, 0)
    return f"{n} unit{'s' if n != 1 else ''}"


def _unit(d: dict) -> str:
    return d["unit"] if "unit" in d else "a unit"


def _force(game: Game, side: dict) -> str:
    parts = ", ".join(f"{label} {amount}" if i == 0 else f"{label} {amount:+d}" for i, (label, amount) in enumerate(side.get("parts", ())) if amount)
    return f"{who(game, side['seat'])} {side['force']}" + (f" ({parts})" if parts else "")


def describe(game: Game, event: Event) -> str | None:
    """One line about ``event``, or ``None`` for bookkeeping nobody needs to read."""
    d = event.data
    p = who(game, d.get("player"))
    k = event.kind
    cur = game.rules.text.currency
    for sentence in game.rules.text.events.get(k, ()):
        told = themed(game, sentence, event)  # the first sentence this reader may be told
        if told is not None:
            return told
    if k == "turn_started":
        return f"Turn {event.turn} (round {d.get('round')}): {d.get('player')}"
    if k == "start_zone":
        return f"{p} starts in {zone(game, d['zone'])}"
    if k == "cards_drawn":
        return f"{p} drew: {_names(d['cards'])}" if "cards" in d else f"{p} drew {d['count']} card(s)"
    if k == "card_discarded":
        return f"{p} discarded {d['card']}"
    if k == "card_played":
        target = f" on {d['target']}" if d.get("target") else ""
        return f"{p} played {d['card']}{target}"
    if k == "card_negated":
        return f"{p}'s {d['card']} was cancelled"
    if k == "moved":
        what = f"{d['count']} unit(s) ({counted(d['units'])})" if "units" in d else f"{d['count']} unit(s)"
        top = f"; {p}'s stack there shows {d['top']} on top" if d.get("top") else ""
        if d.get("by") not in (None, d.get("player")):
            return f"{who(game, d['by'])} moved {p}'s {what} from {zone(game, d['frm'])} to {zone(game, d['to'])}{top}"
        return f"{p} moved {what} from {zone(game, d['frm'])} to {zone(game, d['to'])}{top}"
    if k == "move_undone":
        return f"{p} sent {d['count']} unit(s) back from {zone(game, d['frm'])} to {zone(game, d['to'])}"
    if k == "battle_started":
        return f"{battle_words(d.get('battle_kind', ''))} in {zone(game, d['zone'])}: {who(game, d['attacker'])} attacks {who(game, d['defender'])}"
    if k == "battle":
        a, b = d["attacker"], d["defender"]
        won = f"{who(game, d['winner'])} wins"
        if d.get("unopposed"):
            beaten = b if d["winner"] == a["seat"] else a
            won += f": {who(game, beaten['seat'])} has no unit left in it"
        return f"{battle_words(d.get('battle_kind', ''))} in {zone(game, d['zone'])}: {_force(game, a)} against {_force(game, b)}; {won}"
    if k == "unit_lost":
        return f"{p} lost {_unit(d)} in {zone(game, d['zone'])}"
    if k == "leader_captured":
        return f"{p}'s leader {d['unit']} was captured by {who(game, d['by'])}"
    if k == "retreated":
        return f"{p} retreated {d['count']} unit(s) from {zone(game, d['frm'])} to {zone(game, d['to'])}"
    if k == "no_retreat":
        return f"{p} had nowhere to retreat from {zone(game, d['zone'])} and lost {d['lost']} more unit(s)"
    if k == "revenue":
        # Itemised when more than the zones counts (a siege, a razed city, a card): "earned 0"
        # alone left a besieged player guessing why.
        parts = [(label, amount) for label, amount in d.get("parts", ()) if amount]
        why = "; ".join(f"{label} {amount:+}" for label, amount in parts) + "; " if len(parts) > 1 or any(a < 0 for _, a in parts) else ""
        return f"{p} earned {d['amount']} {cur} ({why}treasury {d['treasury']})"
    if k == "recruit_draw":
        extra = " more" if d.get("extra") else ""
        return f"{p} drew{extra} recruits: {_names(d['units'])}" if "units" in d else f"{p} drew {d['count']}{extra} unit(s) to recruit from"
    if k == "recruit_skipped":
        return f"{p} recruits nothing: {d.get('reason', '')}"
    if k == "unit_bought":
        return f"{p} bought {d['unit']} for {d['cost']} {cur}" if "unit" in d else f"{p} bought a unit"
    if k == "unit_placed":
        return f"{p} placed {_unit(d)} in {zone(game, d['zone'])}"
    if k == "unit_disbanded":
        where = f" in {zone(game, d['zone'])}" if "zone" in d else ""
        return f"{p} disbanded {_unit(d)}{where}"
    if k == "control":
        before = f" from {who(game, d['previous'])}" if d.get("previous", -1) >= 0 else ""
        return f"{p} took control of {zone(game, d['zone'])}{before}"
    if k == "moves_unused":
        return f"{p} has no other stack that can move: {d['count']} move(s) of the card go unused (each stack a card moves comes from another zone)"
    if k == "die_rolled":
        return f"{p} rolled {d['value']} (1D{d['sides']})" + (f" for {d['purpose']}" if d.get("purpose") else "")
    if k == "deck_reshuffled":
        return f"The discard pile was shuffled into a new deck of {d['cards']} cards"
    if k == "cards_taken":
        if "cards" in d:
            return f"{p} took {_names(d['cards'])} from {who(game, d['victim'])}"
        return f"{p} took {d.get('count', 1)} card(s) from {who(game, d['victim'])}'s hand"
    if k == "revenue_stolen":
        return f"{p} took {d['amount']} {cur} from {who(game, d['victim'])}"
    if k == "hand_seen":
        return f"{p} looked at {who(game, d['victim'])}'s hand: {_names(d['cards'])}"
    if k == "stack_seen":
        return f"{p} looked at {who(game, d['owner'])}'s stack in {zone(game, d['zone'])}: {counted(d['units'])}"
    if k == "deck_seen":
        return f"{p} looked at the top of the deck: {_names(d['cards'])}"
    if k == "stack_destroyed":
        return f"{p} destroyed {who(game, d['victim'])}'s stack of {d['count']} in {zone(game, d['zone'])}"
    if k == "unit_taken":
        return f"{p} took over {who(game, d['victim'])}'s {d['unit']} in {zone(game, d['zone'])}"
    if k == "zone_changed":
        return f"{p} turned {zone(game, d['zone'])} from {with_article(d['frm'])} into {with_article(d['to'])}"
    if k == "free_units":
        return f"{p} gained {_units(d)} in {zone(game, d['zone'])}"
    if k == "unit_regenerated":
        return f"{p} brought {_unit(d)} back in {zone(game, d['zone'])}"
    if k == "treaty":
        return f"{p} bound {who(game, d['bound'])} not to enter zones holding {p}'s units until the end of turn {d['until_turn']}"
    if k == "revolt":
        return f"{zone(game, d['zone'])} revolts against {who(game, d['victim'])} for {d['turns']} turn(s)"
    if k == "hands_redrawn":
        return f"Every hand was discarded; everyone drew {d['count']} cards"
    if k == "game_over":
        return f"Game over ({d.get('reason', '')}): " + ("a draw" if d.get("winner", -1) is None or d.get("winner", -1) < 0 else f"{who(game, d['winner'])} wins")
    if k in ("game_started", "phase_started", "card_resolved"):
        return None
    return generic(game, event)


#: Data keys that name a seat, and keys that name a zone, in any theme's events.
SEAT_KEYS = frozenset({"player", "victim", "by", "owner", "bound", "attacker", "defender", "winner", "loser", "previous"})
ZONE_KEYS = frozenset({"zone", "frm", "to"})


def themed(game: Game, sentence: str, event: Event) -> str | None:
    """The theme's sentence for ``event`` (``[text] events``), its ``{field}`` places filled
    with the event's data, players and zones by name; ``None`` when a field is one the reader
    may not see (a secret, B14) or the event lacks (an event of the engine's own under the
    same name, say), and the engine's telling is used."""
    fields = {}
    for key, value in event.data.items():
        if key in SEAT_KEYS and isinstance(value, int):
            value = who(game, value) if value >= 0 else "nobody"
        elif key in ZONE_KEYS and isinstance(value, int):
            value = zone(game, value)
        elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            value = counted(list(value)) or "nothing"  # a list of names, as a player writes one
        fields[key] = value
    try:
        return sentence.format_map(fields)
    except (KeyError, IndexError, ValueError, AttributeError):
        return None


def generic(game: Game, event: Event) -> str:
    """An event the hotseat has no sentence for (a theme's own), told with names."""
    d = event.data
    parts = []
    for key, value in d.items():
        if key == "player":
            continue
        if key in SEAT_KEYS and isinstance(value, int):
            value = who(game, value) if value >= 0 else "nobody"
        elif key in ZONE_KEYS and isinstance(value, int):
            value = zone(game, value)
        parts.append(f"{key.replace('_', ' ')} {value}")
    head = (f"{who(game, d['player'])}: " if isinstance(d.get("player"), int) else "") + event.kind.replace("_", " ")
    return f"{head} ({', '.join(parts)})" if parts else head


def against(game: Game, event: Event, seat: int) -> bool:
    """Whether ``event`` was done to ``seat`` by another player (shown highlighted)."""
    d = event.data
    if d.get("player") == seat:
        return False
    # "previous" is whoever held what changed hands, in the engine's events and the themes' alike.
    if any(d.get(key) == seat for key in ("victim", "bound", "owner", "previous")):
        return True
    if event.kind == "battle":
        return seat in (d["attacker"]["seat"], d["defender"]["seat"])
    if event.kind == "card_played" and d.get("target"):
        name = game.state.players[seat].name
        target = str(d["target"])
        return target == name or target.startswith(f"{name} in ") or f"({name})" in target
    return False


#: Event kinds a digest or a turn summary keeps (the rest is detail for the log).
#: Events of other players' turns told as one line a kind, counted by zone (how many and
#: where is everyone's to know, which units only the owner's, B14): "recruited 3 units: ...".
FOLDED = {"unit_placed": "recruited", "unit_disbanded": "disbanded"}

NOTEWORTHY = frozenset(
    {
        "card_played", "card_negated", "moved", "move_undone", "battle", "unit_lost", "leader_captured",
        "retreated", "no_retreat", "control", "cards_taken", "revenue_stolen", "stack_destroyed",
        "unit_taken", "zone_changed", "free_units", "unit_regenerated", "treaty", "revolt", "hands_redrawn",
        "revenue", "game_over", "hand_seen", "stack_seen", "deck_seen",
    }
)


def summary(game: Game, events: Iterable[Event], seat: int | None, detail: bool = False) -> list[tuple[str, bool]]:
    """What ``seat`` may see of ``events``, grouped under a heading per turn, as
    ``(line, done_to_seat)`` pairs.

    Other players' turns keep only the noteworthy events, with the units they brought
    in, or disbanded, folded into one line ("recruited 3 units: 2 in Gallifrey (GAL), 1 in
    Skaro (SKA)"; which units, only to their owner: B14). With ``detail``, ``seat``'s own turns list
    everything it may see (the cards it drew, its discards, die rolls).
    """
    turns: list[tuple[str, list[tuple[str, bool]]]] = [("", [])]
    counted_units: dict[int | None, int] = {}  # zone (None: unsaid) -> units of ``folding`` there
    folding: tuple[str, str] = ("", "")  # the verb and the player whose units are being counted

    def flush() -> None:
        if counted_units:
            verb, player = folding
            total = sum(counted_units.values())
            units = f"{total} unit{'s' if total != 1 else ''}"
            places = [(z, n) for z, n in counted_units.items() if z is not None]
            if len(counted_units) == 1:
                line = f"{player} {verb} {units}" + (f" in {zone(game, places[0][0])}" if places else "")
            else:
                line = f"{player} {verb} {units}: " + ", ".join(f"{n} in {zone(game, z)}" for z, n in places)
            turns[-1][1].append((line, False))
            counted_units.clear()

    for raw in events:
        event = raw.seen_by(seat)
        if event is None:
            continue
        mine = detail and seat is not None and event.seat == seat
        if event.kind == "turn_started":
            flush()
            turns.append((f"Turn {event.turn} (round {event.data.get('round')}): {event.data.get('player')}", []))
        elif mine:
            if event.kind == "game_started":
                continue
            line = describe(game, event)
            if line:
                turns[-1][1].append((line, against(game, event, seat)))
        elif event.kind in FOLDED:
            key = (FOLDED[event.kind], who(game, event.data.get("player")))
            if counted_units and folding != key:
                flush()
            folding = key
            where = event.data.get("zone")
            counted_units[where] = counted_units.get(where, 0) + 1
        elif event.kind in NOTEWORTHY or event.kind in game.rules.text.noteworthy:
            flush()
            line = describe(game, event)
            if line:
                turns[-1][1].append((line, seat is not None and against(game, event, seat)))
    flush()
    out: list[tuple[str, bool]] = []
    for heading, lines in turns:
        if lines:  # a turn heading with nothing under it says nothing
            out += ([(heading, False)] if heading else []) + [("  " + line, hit) for line, hit in lines]
    return out


def log_lines(game: Game, events: Iterable[Event], seat: int | None) -> list[tuple[str, bool]]:
    """Every event ``seat`` may see, one line each, under a heading per turn."""
    out: list[tuple[str, bool]] = []
    for raw in events:
        event = raw.seen_by(seat)
        if event is None:
            continue
        line = describe(game, event)
        if line:
            out.append((line if event.kind == "turn_started" else "  " + line, against(game, event, seat)))
    return out
