"""Zone names and the short codes players type to pick a zone.

Names come from the theme's list first (the richest zones get them), then from a
syllable generator that makes pronounceable, unique names ("Veltharo", "Quessin
Prime"). Codes are 2-4 uppercase letters and digits taken from the name where
possible: Skaro is ``SKA``, a second Sk... zone ``SK2``.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
import random
import re
import string
from collections.abc import Iterator, Mapping, Sequence

_ONSETS = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
           "br", "ch", "dr", "gr", "kr", "ph", "qu", "sh", "st", "th", "tr", "vr", "x", "y"]
_VOWELS = ["a", "e", "i", "o", "u", "a", "e", "o", "ae", "ia", "io", "ou"]
_CODAS = ["l", "n", "r", "s", "th", "x", "m", "nd", "rk", "ss"]
_HARD = re.compile(r"[^aeiouy]{4}|(.)\1\1")  # four consonants running, or a letter three times
_SUFFIXES = ["Prime", "Minor", "Major", "II", "III", "IV", "V", "VII", "Reach", "Drift"]


def _syllables(first: bool) -> tuple[list[str], list[float]]:
    """Every syllable with its cumulative weight: a coda 3 times in 10, and for a
    first syllable no onset 3 times in 20."""
    table, weights = [], []
    onsets = [("", 0.15)] + [(o, 0.85 / len(_ONSETS)) for o in _ONSETS] if first else [(o, 1 / len(_ONSETS)) for o in _ONSETS]
    codas = [("", 0.7)] + [(c, 0.3 / len(_CODAS)) for c in _CODAS]
    for onset, wo in onsets:
        for vowel in _VOWELS:
            for coda, wc in codas:
                table.append(onset + vowel + coda)
                weights.append(wo * wc)
    return table, list(itertools.accumulate(weights))


# Names are made by the thousand on big maps: one weighted draw per syllable from
# ready-made tables is several times faster than a draw per letter group.
_FIRST, _FIRST_CUM = _syllables(first=True)
_LATER, _LATER_CUM = _syllables(first=False)
_FIRST_TOTAL, _FIRST_LAST = _FIRST_CUM[-1] + 0.0, len(_FIRST) - 1
_LATER_TOTAL, _LATER_LAST = _LATER_CUM[-1] + 0.0, len(_LATER) - 1


def made_up_name(rng: random.Random) -> str:
    """A pronounceable name of two or three syllables, sometimes with a suffix."""
    draw = rng.random
    while True:
        # What rng.choices(table, cum_weights=cum, k=...) draws, one bisection a syllable.
        later = [_LATER[bisect_right(_LATER_CUM, draw() * _LATER_TOTAL, 0, _LATER_LAST)] for _ in range(2 if draw() < 0.3 else 1)]
        name = _FIRST[bisect_right(_FIRST_CUM, draw() * _FIRST_TOTAL, 0, _FIRST_LAST)] + "".join(later)
        if 4 <= len(name) <= 10 and not _HARD.search(name):
            break
    name = name.capitalize()
    if rng.random() < 0.1:
        name += " " + rng.choice(_SUFFIXES)
    return name


def zone_names(
    count: int,
    theme_names: Sequence[str],
    rng: random.Random,
    *,
    fixed: Mapping[int, str] | None = None,
    priority: Sequence[int] | None = None,
) -> list[str]:
    """A unique name for each of ``count`` zones.

    ``fixed`` names are kept where they are. The theme's names go, shuffled, to the
    zones in ``priority`` order (all zones in id order by default); the rest get
    made-up names. Names are unique ignoring case.
    """
    fixed = dict(fixed or {})
    names: list[str | None] = [None] * count
    used = set()
    for zone, name in fixed.items():
        names[zone] = name
        used.add(name.lower())
    pool = list({n.lower(): n for n in reversed(theme_names)}.values())[::-1]  # first spelling wins
    pool = [n for n in pool if n.lower() not in used]
    rng.shuffle(pool)
    order = [z for z in (priority if priority is not None else range(count)) if names[z] is None]
    for zone, name in zip(order, pool):
        names[zone] = name
        used.add(name.lower())
    empty = [zone for zone in range(count) if names[zone] is None]
    for zone, (word, suffix) in zip(empty, _made_up_batch(rng, len(empty))):
        name = word + suffix
        if 4 <= len(word) <= 10 and name.lower() not in used and not _HARD.search(word):
            names[zone] = name
            used.add(name.lower())
        else:
            names[zone] = _fresh(rng, used)
    return names  # type: ignore[return-value]


def _made_up_batch(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """``count`` (word, suffix) pairs like :func:`made_up_name` makes before its
    checks, drawn all at once: a 100,000-zone map needs 100,000 of them."""
    if count == 0:
        return []
    first = rng.choices(_FIRST, cum_weights=_FIRST_CUM, k=count)
    second = rng.choices(_LATER, cum_weights=_LATER_CUM, k=count)
    third = rng.choices(_LATER, cum_weights=_LATER_CUM, k=count)
    out = []
    for a, b, c in zip(first, second, third):
        roll = rng.random()
        word = (a + b + c if roll < 0.3 else a + b).capitalize()
        suffix = " " + _SUFFIXES[int((roll - 0.9) * 10 * len(_SUFFIXES))] if roll >= 0.9 else ""
        out.append((word, suffix))
    return out


def _fresh(rng: random.Random, used: set[str]) -> str:
    for _ in range(50):
        name = made_up_name(rng)
        if name.lower() not in used:
            used.add(name.lower())
            return name
    base = made_up_name(rng)
    for n in itertools.count(2):
        name = f"{base} {n}"
        if name.lower() not in used:
            used.add(name.lower())
            return name
    raise AssertionError("unreachable")


_NOT_CODE = re.compile(r"[^A-Z0-9]")


def _letters(name: str) -> str:
    letters = name.upper()
    if not (letters.isascii() and letters.isalnum()):  # most names are letters only
        letters = _NOT_CODE.sub("", letters)
    if not letters or not letters[0].isalpha():
        letters = "Z" + letters
    return (letters + "ZZ")[: max(3, len(letters))]


# Codes tried for a name, shortest and closest to the name first; each family is
# shared by every name with the same first letters, so a family is walked only once,
# and its codes are written only as far as it is walked.
_TWO_DIGITS = tuple(str(d) for d in range(10, 100))
_THREE_DIGITS = tuple(str(d) for d in range(100, 1000))
_FAMILIES = (
    (3, lambda p: iter((p,))),
    (2, lambda p: (p + d for d in "23456789")),
    (3, lambda p: (p + d for d in "23456789")),
    (2, lambda p: (p + d for d in _TWO_DIGITS)),
    (1, lambda p: (p + d for d in _THREE_DIGITS)),
)


def zone_codes(names: Sequence[str]) -> list[str]:
    """A unique code of 2-4 uppercase letters and digits for each name.

    No code equals another zone's name (ignoring case), so typing either finds one zone.
    """
    owner = {n.lower(): i for i, n in enumerate(names)}
    taken: set[str] = set()
    families: dict[tuple[int, str], Iterator[str]] = {}
    spare = ("".join(p) for p in itertools.product(string.ascii_uppercase, repeat=4))
    codes: list[str] = [""] * len(names)
    # A name that is its own first code ("Sto" is STO) gets it before any other zone
    # walks past it, so typing the name and the code find the same zone.
    letters_of = [_letters(n) for n in names]
    first = [i for i, n in enumerate(names) if letters_of[i][:3] == n.upper()]
    for i in itertools.chain(first, range(len(names))):
        if codes[i]:
            continue
        letters = letters_of[i]
        quick = letters[:3]
        if quick not in taken and owner.get(quick.lower(), i) == i:
            codes[i] = quick
            taken.add(quick)
            continue
        # The families in order, then the spare codes; a family is made when first
        # walked, and a code passed over is never offered again.
        for f, (width, make) in enumerate(_FAMILIES):
            key = (f, letters[:width])
            walk = families.get(key)
            if walk is None:
                walk = families[key] = make(letters[:width])
            for c in walk:
                if c not in taken and owner.get(c.lower(), i) == i:
                    codes[i] = c
                    break
            if codes[i]:
                break
        else:
            for c in spare:
                if c not in taken and owner.get(c.lower(), i) == i:
                    codes[i] = c
                    break
        taken.add(codes[i])
    return codes
