"""The two engine hooks this theme needed: warp_after_move (steps after a move, once the
players have reacted to it) and warp_default_map (a theme's own map for play and simulate)."""

from __future__ import annotations

from pathlib import Path

import attrs

from warp_empires import Game, GameSetup, Seat
from warp_empires.cli.common import default_map_file
from warp_empires.kit import BOARD, Step, hookimpl
from warp_empires.plugins import make_manager

from .scenario import ATTICA, ELEUSIS, give, place, run_phases, saronic_map

OTHER_MAP = str(Path(__file__).resolve().parents[2] / "maps" / "doctor_who_galaxy.json")  # a map file, not the theme's


@attrs.frozen
class Note(Step):
    units: tuple[int, ...]
    to: int

    def run(self, game) -> None:
        where = [game.state.units[u].zone for u in self.units]
        game.emit("noted", player=game.state.active, arrived=where == [self.to] * len(where))


class Watcher:
    @hookimpl
    def warp_after_move(self, game, seat, units, frm, to):
        return [Note(tuple(units), to)]

    @hookimpl
    def warp_default_map(self, players):
        return OTHER_MAP


def watched_game() -> Game:
    pm = make_manager("classical_city_states", extras=[Watcher()])
    return Game(GameSetup("classical_city_states", [Seat("Ann", "athens"), Seat("Bob", "corinth")], saronic_map(), 1), plugins=pm)


def moving_army(reaction: bool):
    """Ann's Army about to leave Attica for Eleusis; Bob holds Ambush at the Pass if ``reaction``."""
    game = watched_game()
    s = game.state
    for u in s.units:
        if u.place == BOARD:
            s.return_to_pool(u.id)
    for p in s.players:
        p.hand.clear()
    army = place(game, 0, ATTICA, "army")[0]
    cards = give(game, 1, "ambush_at_the_pass") if reaction else []
    run_phases(game, 0, "first_move")
    game.decide(f"zone:{ATTICA}")
    game.decide(f"zone:{ELEUSIS}")
    return game, army, cards


def noted(game) -> list[bool]:
    return [e.data["arrived"] for e in game.events if e.kind == "noted"]


def test_warp_after_move_steps_run_after_the_reactions_and_see_an_undone_move():
    game, army, (ambush,) = moving_army(reaction=True)
    assert game.pending.kind == "reaction" and game.pending.player == 1
    assert noted(game) == []  # not before the players have had their say
    game.decide(f"card:{ambush}")
    assert game.state.units[army].zone == ATTICA
    assert noted(game) == [False]


def test_warp_after_move_steps_see_a_move_that_stands():
    game, army, _ = moving_army(reaction=False)
    assert game.state.units[army].zone == ELEUSIS
    assert noted(game) == [True]


def test_warp_default_map_first_answer_wins():
    pm = make_manager("classical_city_states", extras=[Watcher()])
    assert default_map_file(pm, 2) == OTHER_MAP
