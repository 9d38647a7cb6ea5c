"""At the terminal the city states' own targets are picked by zone code, as the kit's are:
an attack by the code of the zone attacked, a Storm at Sea by the sea it strikes."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from warp_empires.cli import render
from warp_empires.cli.prompts import BadAnswer, parse_answer

from .scenario import ATTICA, CITHAERON, CORINTH, ELEUSIS, MEGARA, MYRTOAN, SARONIC, give, place, run_phases, scenario


def codes_shown(game) -> list[str]:
    screen = io.StringIO()
    Console(file=screen, width=200).print(render.options_table(game, game.pending))
    return [line.split()[-1] for line in screen.getvalue().splitlines() if line.strip()]


def test_an_attack_shows_and_takes_the_code_of_the_zone_attacked():
    game = scenario("athens", "corinth")
    place(game, 0, ATTICA, "army")
    place(game, 0, MEGARA, "army")
    game.state.control[MEGARA] = 0
    place(game, 1, ELEUSIS, "army")
    place(game, 1, CITHAERON, "army")
    run_phases(game, 0, "land_battle")
    codes = game.board.codes
    ids = [o.id for o in game.pending.options]
    assert ids[0] == "done" and sorted(ids[1:]) == sorted(
        [f"attack:{ATTICA}:{ELEUSIS}", f"attack:{ATTICA}:{CITHAERON}", f"attack:{MEGARA}:{ELEUSIS}", f"attack:{MEGARA}:{CORINTH}"])
    assert codes_shown(game)[1:] == [codes[o.value[1]] for o in game.pending.options[1:]]
    picked = parse_answer(game, game.pending, codes[CITHAERON].lower())
    assert game.pending.options[picked].id == f"attack:{ATTICA}:{CITHAERON}"
    with pytest.raises(BadAnswer, match=f"2 options are in {codes[ELEUSIS]}: type the number of the one you mean."):
        parse_answer(game, game.pending, codes[ELEUSIS])


def test_a_storm_at_sea_shows_and_takes_the_code_of_the_sea():
    game = scenario("athens", "corinth")
    place(game, 1, SARONIC, "transport", "army")
    place(game, 1, MYRTOAN, "transport")
    (card,) = give(game, 0, "storm_at_sea")
    run_phases(game, 0, "first_move")
    game.decide(f"card:{card}")
    assert game.pending.kind == "card_target"
    picked = parse_answer(game, game.pending, game.board.codes[MYRTOAN])
    assert game.pending.options[picked].value == (MYRTOAN, 1)
    assert sorted(codes_shown(game)) == sorted([game.board.codes[SARONIC], game.board.codes[MYRTOAN]])
