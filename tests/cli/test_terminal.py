"""Hotseat in a real pseudo-terminal: two people and the computer, a battle, quit, resume, the end.

The people are played by a script that reads the screen like a player would: it moves
stacks toward the enemy, passes on cards otherwise, and answers every pass screen.
What one person holds must never be on the screen while the other is choosing.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect

from warp_empires import make_manager
from warp_empires.rulebook import Rulebook

ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])")
PEOPLE = ("Amy", "Bob")
#: Names shared by a card and a unit (Scouts) say nothing about a hand when seen on the board.
UNIT_NAMES = {t.name for t in Rulebook.from_plugins(make_manager("doctor_who")).unit_types.values()}
PASS = r"Pass to (Amy|Bob), press Enter"
PROMPT = r"(Amy|Bob) \([^)]*, help\)> "
TURN_DONE = r"(Amy|Bob) \(Enter: pass the device on\)> "  # the rest of one's turn, read before the device passes
#: More screens than the games here ever show: a script stuck on a refused answer fails, not hangs.
MOST_SCREENS = 3000
SETUP = ["--seat", "Amy:daleks", "--seat", "Bob:cybermen", "--seat", "ai:random:sontarans", "--zones", "9", "--seed", "5", "--turn-limit", "3"]


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(sys.executable, ["-m", "warp_empires", *args], cwd=str(tmp_path), env=env,
                          encoding="utf-8", dimensions=(50, 200), timeout=30)
    child.logfile_read = io.StringIO()  # everything the terminal received, escape codes included
    return child


def answer(screen: str) -> str:
    """What the script answers to the decision on ``screen``: move toward the enemy, else pass."""
    options = {int(m.group(1)): m.group(2) for m in re.finditer(r"^\s*(\d+)  (.*)$", screen, flags=re.M)}

    def first(test):
        return next((str(k) for k, label in sorted(options.items()) if test(label)), None)

    pick = re.search(r"\bpick (\d+)\b", screen)  # "(pick 2)", or a question that says it: "pick 2 more unit(s) to lose"
    if pick:
        return " ".join(str(k) for k in range(1, int(pick.group(1)) + 1))
    if "Move phase: play a card or pass" in screen:
        return first(lambda v: v.startswith(("Play Space Travel", "Play Galactic Invasion"))) or "pass"
    if "Choose a stack to move" in screen:
        return first(lambda v: " unit" in v and not v.startswith("Stop")) or "stop"
    if "Which units leave" in screen:
        return "all"
    if re.search(r"Move \d+ unit\(s\) from", screen):
        return first(lambda v: any(f"{name}:" in v for name in ("Amy", "Bob", "Sontarans AI"))) or "1"
    return first(lambda v: v.startswith(("Pass", "Keep", "Buy nothing", "Stop"))) or "1"


class Table:
    """Plays the people's seats and keeps what each screen showed, stint by stint."""

    def __init__(self, child: pexpect.spawn):
        self.child = child
        self.stints: list[tuple[str, str]] = []  # (who, everything shown until the next pass screen)
        self.transcript = ""

    def shown(self, text: str) -> None:
        text = clean(text)
        self.transcript += text
        if self.stints:
            who, seen = self.stints[-1]
            self.stints[-1] = (who, seen + text)

    def play(self, stop=lambda table: False) -> None:
        """Answer pass screens and decisions until ``stop`` says so or the program ends."""
        child = self.child
        for _ in range(MOST_SCREENS):
            index = child.expect([PASS, PROMPT, TURN_DONE, pexpect.EOF])
            self.shown(child.before)
            if index == 3:
                return
            self.shown(child.after)
            if index == 0:
                self.stints.append((child.match.group(1), clean(child.after)))
                child.sendline("")
                continue
            if index == 2:
                child.sendline("")
                continue
            if stop(self):
                return
            child.sendline(answer(clean(child.before)))
        raise AssertionError(f"still playing after {MOST_SCREENS} screens (an answer refused again and again?)\n{self.transcript[-2000:]}")


def hands(text: str) -> list[list[str]]:
    return [line.split("Your hand: ", 1)[1].strip(" │").split(", ") for line in text.splitlines() if "Your hand: " in line]


def check_hands_stay_hidden(stints: list[tuple[str, str]]) -> int:
    """No card of one person's hand shows while the other person has the screen.

    A card name may still appear there when the other person holds that card too, or when
    an event or a question names it in public (a card played, discarded, taken). Returns how
    many hidden card names were checked.
    """
    checked = 0
    last_hand: dict[str, list[str]] = {}
    for who, text in stints:
        for other, held in last_hand.items():
            if other == who:
                continue
            public = {c for line in text.splitlines() if re.search(r"played|discarded|drew|took|looked at|cancelled", line)
                      for c in held if c in line}
            own = {c for hand in hands(text) for c in hand}
            secret = set(held) - public - own - UNIT_NAMES
            checked += len(secret)
            for card in secret:
                assert card not in text, f"{other}'s {card} was shown while {who} had the screen"
            assert ", ".join(held) not in text
        if hands(text):
            last_hand[who] = hands(text)[-1]
    return checked


def battle_fought(table: Table) -> bool:
    return bool(re.search(r"Battle in .*; (Amy|Bob|Sontarans AI) wins", table.transcript))


def current_turn(table: Table) -> int:
    turns = re.findall(r"Turn (\d+) · round", table.transcript)
    return int(turns[-1]) if turns else 0


def test_two_people_and_the_computer(tmp_path):
    first = spawn(tmp_path, "play", "doctor_who", *SETUP)
    table = Table(first)
    table.play(stop=lambda t: battle_fought(t) and current_turn(t) >= 4)
    assert battle_fought(table), "no battle was fought before the players stopped"
    first.sendline("quit")
    first.expect(pexpect.EOF)
    table.shown(first.before)
    first.close()
    assert first.exitstatus == 0
    saved = re.search(r"Carry on with: warp-empires resume (\S+\.json)", table.transcript)
    assert saved, table.transcript[-2000:]
    before_quit = table.stints[:]

    second = spawn(tmp_path, "resume")
    again = Table(second)
    again.play()
    second.close()
    assert second.exitstatus == 0
    assert f"Resuming {saved.group(1)}" in again.transcript
    assert "Game over" in again.transcript and "Final position" in again.transcript
    assert "Game over (turn limit)" in again.transcript or "wins!" in again.transcript

    # Between two people the screen is cleared and the private part drawn on the alternate screen.
    raw = first.logfile_read.getvalue()
    assert raw.count("\x1b[?1049h") >= 2 and raw.count("\x1b[?1049l") >= 2 and "\x1b[2J" in raw
    assert {who for who, _ in before_quit + again.stints} == set(PEOPLE)
    assert check_hands_stay_hidden(before_quit) + check_hands_stay_hidden(again.stints) > 0
    # Each person's turn opens with what happened since their last one (the first, since the game began).
    assert any("Since the game began, Bob" in text for who, text in before_quit if who == "Bob")
    assert any("Since your last turn, Bob" in text for who, text in before_quit + again.stints if who == "Bob")


def test_ctrl_c_saves_and_resume_picks_up_the_same_question(tmp_path):
    child = spawn(tmp_path, "play", "doctor_who", "--seat", "Ann:daleks", "--seat", "ai:random:cybermen", "--zones", "9", "--seed", "5")
    child.expect(r"Ann \(1-\d+, help\)> ")
    question = clean(child.before).strip().splitlines()[-1]
    child.sendintr()
    child.expect(r"Interrupted; game saved to (\S+)\.")
    path = child.match.group(1)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in clean(child.before)

    again = spawn(tmp_path, "resume", path)
    again.expect(r"Ann \(1-\d+, help\)> ")
    assert question in clean(again.before)
    again.sendline("quit")
    again.expect(r"Game saved to")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0

