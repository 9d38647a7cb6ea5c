"""Plain line input: reading answers, turning them into choices, numbered menus.

Input is read a line at a time from standard input, so the game works the same in a
terminal, in a pipe and under a test runner. End of input is reported as ``None``,
never as an exception, so callers can save and leave cleanly.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console

from .explain import unit_code, why_not
from .render import zone_of_option

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..engine import Game


class InputEnded(Exception):
    """Standard input ran out (end of file) while a question was waiting."""


class BadAnswer(ValueError):
    """An answer that is not a legal choice; the message says why in one line."""


def whole_number(text: str) -> int | None:
    """``text`` as a whole number of up to 9 digits (0-9 only), else ``None``.

    >>> whole_number("12"), whole_number("²"), whole_number("9" * 5000)
    (12, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def read_line(console: Console, prompt: str) -> str | None:
    """Show ``prompt`` and read one line; ``None`` at the end of input."""
    console.print(prompt, end="", markup=False, highlight=False)
    console.file.flush()
    stdin = sys.stdin
    if stdin is None or stdin.closed:  # started with standard input closed: no answers will come
        console.print()
        return None
    try:
        line = stdin.readline()
    except (OSError, ValueError, UnicodeDecodeError):  # a closed or unreadable input ends like end of file
        line = ""
    if not line:
        console.print()
        return None
    line = line.rstrip("\r\n")
    if not stdin.isatty():
        console.print(line, markup=False, highlight=False)  # a transcript shows what was answered
    return line


def ask(console: Console, prompt: str) -> str:
    line = read_line(console, prompt)
    if line is None:
        raise InputEnded()
    return line


def menu(console: Console, title: str, items: Sequence[tuple[str, str]], default: int = 0) -> int:
    """A numbered menu of ``(key, label)`` items; returns the index picked (Enter: ``default``).

    A number, a key or a label (any case) picks an item; anything else asks again.
    """
    console.print(f"[bold]{title}[/]")
    for i, (_key, label) in enumerate(items, 1):
        console.print(f"  {i:>2}  {label}", markup=False, highlight=False)
    while True:
        text = ask(console, f"Choose 1-{len(items)} [{default + 1}]: ").strip()
        if not text:
            return default
        number = whole_number(text)
        if number is not None and 1 <= number <= len(items):
            return number - 1
        folded = text.lower().replace(" ", "_")
        for i, (key, label) in enumerate(items):
            if folded in (key.lower(), label.lower().replace(" ", "_")):
                return i
        console.print(f"'{text}' is not one of the choices: type a number from 1 to {len(items)}.", markup=False, highlight=False)


def ask_text(console: Console, prompt: str, default: str) -> str:
    text = ask(console, f"{prompt} [{default}]: ").strip()
    return text or default


def ask_number(console: Console, prompt: str, default: int | None, low: int, high: int, none_word: str | None = None) -> int | None:
    """A whole number from ``low`` to ``high`` (Enter: ``default``); ``none_word`` answers ``None``."""
    shown = none_word if default is None else str(default)
    while True:
        text = ask(console, f"{prompt} [{shown}]: ").strip().lower()
        if not text:
            return default
        if none_word is not None and text == none_word:
            return None
        number = whole_number(text)
        if number is not None and low <= number <= high:
            return number
        console.print(f"Type a whole number from {low} to {high}" + (f", or '{none_word}'." if none_word else "."), markup=False, highlight=False)


# ---------------------------------------------------------------------- answers to a decision


def _one(game: Game, decision: Decision, token: str) -> int:
    """The 0-based option index ``token`` stands for; raises :class:`BadAnswer`."""
    n = len(decision.options)
    if token.isdigit():
        k = whole_number(token)
        if k is None:
            raise BadAnswer(f"{token[:12]}{'...' if len(token) > 12 else ''} is not an option: choose a number from 1 to {n}.")
        if 1 <= k <= n:
            return k - 1
        raise BadAnswer(f"{k} is not an option: choose a number from 1 to {n}.")
    low = token.lower()
    for i, option in enumerate(decision.options):
        if option.id.lower() == low:
            return i
    z = game.board.find(token)
    if z is not None:
        there = [i for i, option in enumerate(decision.options) if zone_of_option(game, option) == z]
        if len(there) == 1:
            return there[0]
        if there:
            raise BadAnswer(f"{len(there)} options are in {game.board.codes[z]}: type the number of the one you mean.")
    unit = unit_code(token)
    if unit is not None:
        for i, option in enumerate(decision.options):
            if option.id == f"unit:{unit}":
                return i
    matches = [i for i, o in enumerate(decision.options) if low in (o.label.lower(), o.label.lower().partition(" ")[2])]
    if len(matches) == 1:
        return matches[0]
    reason = why_not(game, decision, token)
    if reason is not None:
        raise BadAnswer(f"{token} is not an option here. {reason}")
    if len(matches) > 1:
        raise BadAnswer(f"'{token}' matches several options: type its number.")
    if game.board.find(token) is not None or unit_code(token) is not None:
        raise BadAnswer(f"{token} is not one of the options here: type a number from 1 to {n}, or help.")
    raise BadAnswer(f"'{token}' is not an option or a command: type a number from 1 to {n}, or help.")


def is_zone_answer(game: Game, decision: Decision, text: str) -> bool:
    """Whether ``text`` is the code of a zone among the options, typed in capitals as the
    options show it: then it is an answer, even when a command is spelt the same (a zone
    Logopolis, LOG, and the command log)."""
    if not text or text != text.upper() or not text.isalnum():
        return False
    z = game.board.find(text)
    return z is not None and any(zone_of_option(game, option) == z for option in decision.options)


def tokens_of(text: str) -> list[str]:
    """The answers typed, separated by spaces or commas, a range such as ``12-15`` written
    out (the options list numbers alike that way).

    >>> tokens_of("3, 8 12-14")
    ['3', '8', '12', '13', '14']
    """
    out: list[str] = []
    for token in re.split(r"[,\s]+", text.strip()):
        low, dash, high = token.partition("-")
        if dash and low.isdigit() and high.isdigit() and 0 <= int(high) - int(low) < MOST_IN_A_RANGE:
            out.extend(str(k) for k in range(int(low), int(high) + 1))
        elif token:
            out.append(token)
    return out


#: A longer range is taken as one (wrong) answer rather than written out.
MOST_IN_A_RANGE = 1000


def parse_answer(game: Game, decision: Decision, text: str) -> Any:
    """Turn a typed answer into a choice for ``game.decide`` (0-based indices)."""
    text = text.strip()
    if decision.count == 1:
        tokens = tokens_of(text)
        if len(tokens) > 1 and all(t.isdigit() for t in tokens):
            raise BadAnswer(f"this question takes one answer and you gave {len(tokens)} ({' '.join(tokens)}): "
                            f"type one number from 1 to {len(decision.options)}.")
        return _one(game, decision, text)
    picked = parse_picks(game, decision, text)
    if len(picked) != decision.count:
        raise BadAnswer(f"pick exactly {decision.count} different options (you gave {len(picked)}), separated by spaces or commas.")
    return picked


def parse_picks(game: Game, decision: Decision, text: str, already: Sequence[int] = ()) -> list[int]:
    """``already`` and the options named in ``text``, for a decision asking for several
    (0-based indices, in the order given); each option may be named once."""
    picked = list(already)
    for token in tokens_of(text):
        index = _one(game, decision, token)
        if index in picked:
            raise BadAnswer(f"{decision.options[index].label} is picked already: each option may be picked once.")
        picked.append(index)
    return picked
