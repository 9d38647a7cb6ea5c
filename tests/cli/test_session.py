"""A newcomer's first two rounds of each theme, in a real pseudo-terminal.

The player asks what a newcomer asks (the rules, a unit, a faction, why a card is or is
not offered, the board with its neighbours, the odds of attacking the enemy's start),
forms a group one unit at a time and then several at once, and keeps a map picture open
(`--map-svg`). The picture must show the zone codes and never a hidden unit (B14).
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from warp_empires import make_manager
from warp_empires.rulebook import Rulebook

from .test_terminal import MOST_SCREENS, clean, spawn

PROMPT = r"Ann \(([^)]*), help\)> "
THEMES = {
    "doctor_who": 9,
    "warhammer_space": 10,
    "classical_city_states": 12,
}


def options(screen: str) -> dict[int, str]:
    """The numbered options on ``screen``: number -> label (the columns after it left out)."""
    return {int(m.group(1)): re.split(r"\s{2,}", m.group(2).strip())[0] for m in re.finditer(r"^\s*(\d+)  (.*)$", screen, flags=re.M)}


class Session:
    def __init__(self, child: pexpect.spawn):
        self.child = child
        self.transcript = ""
        self.screens = 0

    def prompt(self) -> str | None:
        """Wait for Ann's prompt; the screen before it (``None`` once the program ends)."""
        self.screens += 1
        assert self.screens <= MOST_SCREENS, f"still playing after {MOST_SCREENS} screens\n{self.transcript[-2000:]}"
        index = self.child.expect([PROMPT, pexpect.EOF])
        screen = clean(self.child.before)
        self.transcript += screen
        return screen if index == 0 else None

    def ask(self, line: str) -> str:
        """Type a command; what it printed."""
        self.child.sendline(line)
        screen = self.prompt()
        assert screen is not None, self.transcript[-1500:]
        return screen


def answer(screen: str) -> str:
    """Pass on cards, keep hands, buy nothing: a cautious first game."""
    pick = re.search(r"\bpick (\d+)\b", screen)  # "(pick 2)", or a question that says it: "pick 2 more unit(s) to lose"
    if pick:  # several answers at once, as asked
        return " ".join(str(k) for k in range(1, int(pick.group(1)) + 1))
    opts = options(screen)
    for k, label in sorted(opts.items()):
        if label.startswith(("Pass", "Keep", "Buy nothing", "Stop", "Leave")):
            return str(k)
    return "1"


@pytest.mark.parametrize("module", sorted(THEMES))
def test_two_rounds_with_the_newcomers_commands(tmp_path: Path, module: str):
    book = Rulebook.from_plugins(make_manager(module))
    mine, theirs = list(book.factions)[:2]
    enemy = f"{book.factions[theirs].name} AI"
    child = spawn(tmp_path, "play", module, "--seat", f"Ann:{mine}", "--seat", f"ai:random:{theirs}", "--zones", str(THEMES[module]),
                  "--seed", "4", "--turn-limit", "2", "--map-svg", "live.svg", "--saves", "saves")
    s = Session(child)
    screen = s.prompt()
    assert screen is not None and "round 1 of 2" in screen

    rules = s.ask("rules")
    assert "the turn is" in rules and f"warp-empires rules {module}" in rules
    unit = max(book.unit_types.values(), key=lambda t: len(t.notes) if t.notes.isupper() else -1)
    shown = s.ask(f"unit {unit.name}")
    assert f"{unit.name} (" in shown and f"force {unit.force}" in shown
    if unit.notes.isupper():  # War Hammer's class letters, spelt out
        assert f"{unit.notes} (class: " in shown
    assert book.factions[theirs].name in s.ask(f"faction {book.factions[theirs].name}")
    card = book.cards[0].name
    why = s.ask(f"why {card}")
    assert card in why and re.search(r"You hold no|can be played now|is played|has no legal use|is a reaction", why)
    board = s.ask("map")
    assert "neighbours" in board
    home = next(line for line in board.splitlines() if f"{enemy}:" in line)
    enemy_code = re.findall(r"[│|]\s*([A-Z]{2,4})\s*[│|]", home)[0]

    asked_odds = grouped_one = grouped_many = False
    turns = 0
    child.sendline(answer(screen))
    while (screen := s.prompt()) is not None:
        opts = options(screen)
        if "Move phase: play a card or pass" in screen:
            move = next((k for k, v in sorted(opts.items()) if v.startswith("Play ") and "move" in book_text(book, v)), None)
            child.sendline(str(move) if move and not (grouped_one and grouped_many) else answer(screen))
        elif "Choose a stack to move" in screen:
            stack = next((k for k, v in sorted(opts.items()) if " unit" in v and not v.startswith("Stop")), None)
            child.sendline(str(stack) if stack and not (grouped_one and asked_odds) else answer(screen))
        elif "Which units leave" in screen:
            units = [k for k, v in sorted(opts.items()) if v.startswith(("Add", "Move ")) and not v.startswith(("Move all", "Move the", "Move nothing"))]
            if not grouped_one and len(units) >= 2:
                listed = s.ask(str(units[0]))
                assert re.search(r"Move the units chosen so far: \S", listed)
                grouped_one = True
                go = next(k for k, v in options(listed).items() if v.startswith("Move the units chosen so far"))
                child.sendline(str(go))
            elif not grouped_many and len(units) >= 3:
                child.sendline(f"{units[1]} {units[0]}")  # several at once, in any order
                grouped_many = True
            else:
                child.sendline(answer(screen))
        elif re.search(r"Moving \d+ unit\(s\) from", screen) and not asked_odds:
            said = s.ask(f"odds {enemy_code}")
            assert re.search(r"Battle in .*: you hold the zone \d+%", said) and "Method: " in said
            asked_odds = True
            child.sendline(answer(said))
        else:
            if "Turn " in screen and "Draw phase" in screen:
                turns += 1
            child.sendline(answer(screen))
    child.close()
    assert child.exitstatus == 0, s.transcript[-1500:]
    assert "Game over" in s.transcript and "round 2 of 2" in s.transcript
    assert asked_odds and grouped_one
    picture = (tmp_path / "live.svg").read_text()
    assert enemy_code in picture  # the zone codes are on the picture
    # Stacks show as counts only: no unit of the computer's is named on Ann's picture (B14).
    assert not any(f">{t.name}<" in picture for t in book.unit_types.values())


def book_text(book: Rulebook, label: str) -> str:
    name = label.removeprefix("Play ").strip()
    card = next((c for c in book.cards if c.name == name), None)
    return (card.text.lower() if card else "") + (" move" if card and book.effects[card.id].__class__.__name__ == "MoveStacks" else "")
