"""Zone names and codes."""

from __future__ import annotations

import random
import re

from warp_empires.mapgen.names import made_up_name, zone_codes, zone_names


def test_theme_names_come_first_then_made_up_ones(make, dw):
    m = make(zones=120, players=4, seed=3)
    names = [z.name for z in m.zones]
    theme = set(dw.map_rules.names)
    assert len({n.lower() for n in names}) == 120
    used = [n for n in names if n in theme]
    assert len(used) == len(theme)  # all 80 theme names are used before any made-up one
    assert "Earth" in names


def test_start_zones_and_rich_zones_get_the_theme_names(make, dw):
    m = make(zones=200, players=4, seed=1)
    theme = set(dw.map_rules.names)
    assert all(m.zones[s].name in theme for s in m.starts)
    assert all(z.name in theme or z.name == "Earth" for z in m.zones if z.type == "nexus")


def test_made_up_names_are_pronounceable_words():
    rng = random.Random(8)
    for _ in range(200):
        name = made_up_name(rng)
        word = name.split(" ")[0]
        assert 4 <= len(word) <= 10 and word[0].isupper()
        assert not re.search(r"[bcdfghjklmnpqrstvwxz]{4}", word.lower())


def test_codes_are_short_unique_and_typed_easily(make):
    m = make(zones=300, players=4, seed=2)
    codes = [z.code for z in m.zones]
    assert len(set(codes)) == 300
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]{1,3}", c) for c in codes)
    for z in m.zones:  # typing a zone's code or its name finds that zone and no other
        assert m.zone_by_code(z.code.lower()) == z
        assert m.zone_by_code(z.name) == z


def test_codes_follow_the_name():
    assert zone_codes(["Skaro", "Skarasen", "Ruta III", "42", "Sto", "Stonia"]) == ["SKA", "SK2", "RUT", "Z42", "STO", "ST2"]


def test_a_short_name_is_its_own_code_even_when_listed_late():
    codes = zone_codes(["Stonehenge", "Sto"])
    assert codes == ["ST2", "STO"]


def test_names_are_unique_ignoring_case():
    names = zone_names(50, ["Mars", "mars", "Venus"], random.Random(1), fixed={0: "Earth"})
    assert names[0] == "Earth"
    assert len({n.lower() for n in names}) == 50
    assert sum(n.lower() == "mars" for n in names) == 1
