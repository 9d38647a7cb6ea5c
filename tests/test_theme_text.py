"""A theme's own voice (``[text]`` in theme.toml, the ``warp_text`` hook): its money, its
phases, its events and its decisions, on every screen, in the log and in the rules reference."""

from __future__ import annotations

import io
import re
import shutil

import pytest
from rich.console import Console

from warp_empires import Game, GameSetup, Seat, hookimpl
from warp_empires.cli import render
from warp_empires.cli.explain import help_lines, unreachable
from warp_empires.cli.narrate import describe
from warp_empires.events import Event
from warp_empires.mapgen import generate_for_theme
from warp_empires.model.data import ThemeText
from warp_empires.model.loading import DataError, load_theme_data
from warp_empires.plugins import make_manager
from warp_empires.rules.move import can_move, destinations
from warp_empires.rulesref import gather, render_rules

from contract_support import FIXTURES, ORBITAL_MAP, PASSIVE, _passive_answer, new_game


def city_states(seed: int = 3) -> Game:
    pm = make_manager("classical_city_states")
    zone_map = generate_for_theme(pm, zones=24, players=2, seed=seed)
    seats = [Seat("Ann", "athens", "ai:random"), Seat("Bob", "sparta", "ai:random")]
    return Game(GameSetup("classical_city_states", seats, zone_map, seed, turn_limit=3), plugins=pm)


def shown(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(renderable)
    return out.getvalue()


def test_the_city_states_count_in_gold_and_name_their_own_phases():
    game = city_states()
    assert game.rules.text.currency == "gold"
    while game.state.phase != "first_move":
        game.decide(_passive_answer(game, PASSIVE))
    header = shown(render.header(game, game.state.active))
    assert "First move phase" in header and " gold · last revenue " in header and " EP" not in header
    assert "gold" in shown(render.board_table(game, 0)).splitlines()[2]  # the revenue column's heading


def test_a_themes_event_sentence_is_filled_with_names():
    game = city_states()
    paid = Event("upkeep_paid", 3, 0, {"player": 0, "paid": 4, "unpaid": 1, "treasury": 7})
    assert describe(game, paid) == "Ann paid upkeep for 4 units (1 unpaid); treasury 7 gold"
    hungry = Event("starving", 3, 0, {"player": 1, "zone": 0, "roll": 2, "total": 3, "counters": 1})
    assert describe(game, hungry) == f"Bob's unit in {game.board.names[0]} ({game.board.codes[0]}) goes hungry (roll 2, total 3): 1 starvation counter(s)"
    # A sentence naming a field the event lacks falls back to the plain telling, never an error.
    short = Event("upkeep_paid", 3, 0, {"player": 0, "paid": 4})
    assert describe(game, short) == "Ann: upkeep paid (paid 4)"


def test_the_owner_reads_which_unit_went_hungry_and_the_others_only_that_one_did():
    # B14: an event with two sentences tells each reader the first it may be told.
    game = city_states()
    where = f"{game.board.names[0]} ({game.board.codes[0]})"
    hungry = Event("starving", 3, 0, {"player": 0, "zone": 0, "roll": 2, "total": 3, "counters": 1},
                   secret={"unit": "Rowers"}, knows=frozenset({0}))
    assert describe(game, hungry.seen_by(0)) == f"Ann's Rowers in {where} goes hungry (roll 2, total 3): 1 starvation counter(s)"
    assert describe(game, hungry.seen_by(1)) == f"Ann's unit in {where} goes hungry (roll 2, total 3): 1 starvation counter(s)"
    assert describe(game, hungry.seen_by(None)) == describe(game, hungry.seen_by(1))


def test_a_themes_help_for_its_own_decision():
    pm = make_manager("warhammer_space")
    game = Game(GameSetup("warhammer_space", [Seat("A", "orks"), Seat("B", "eldar")], generate_for_theme(pm, zones=30, players=2, seed=2), 2), plugins=pm)
    decision = game.pending._replace(kind="bombard")
    assert "Now: Choose which of your ships in orbit bombard the planet" in "\n".join(help_lines(game, decision, False))


def test_the_rules_reference_names_the_money_and_the_phases():
    ref = gather("classical_city_states")
    assert ref.text["currency"] == "gold"
    page = render_rules("classical_city_states")
    assert "| Money | gold |" in page
    # The turn, in order and in the theme's words, each phase with what happens in it.
    assert [p["name"] for p in ref.phases] == [
        "Draw phase", "Revenue phase", "Upkeep phase", "Recruit phase", "Diplomacy phase", "First move phase", "Sea battle phase",
        "Land battle phase", "Second move phase"]
    assert "| Second move phase | Move the units that have neither moved nor attacked this turn. |" in page
    assert "| Draw phase | Discard any cards you like, one at a time, then draw" in page  # the generic phase, as the engine runs it


def test_the_rules_reference_tells_a_themes_own_phase_as_its_help_does():
    from contract_support import CONTRACT

    page = render_rules("contract_skirmish", module_paths=[CONTRACT / "skirmish"])
    assert "| Muster phase | Each empty fort you hold raises one Militia, while the pool has one. |" in page


class Ducats:
    """An extra answering warp_text ahead of the theme."""

    @hookimpl(tryfirst=True)
    def warp_text(self):
        return ThemeText(currency="ducats", phases={"move": "Marching"})


def test_warp_text_from_a_plugin_and_the_engines_own_words_by_default():
    plain = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"])
    assert plain.rules.text == ThemeText() and render.phase_name(plain, "move") == "Move phase"
    game = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], extras=[Ducats()])
    assert render.phase_name(game, "move") == "Marching phase"
    assert render.money(game, 3) == "3 ducats"
    # The engine's help on the phase it runs goes by the theme's name for it, not "Move phase".
    from warp_empires.cli.explain import phase_help

    assert phase_help(game, "move").startswith("Marching phase: Play move cards")


class Drawbridge:
    """An extra closing one zone, with its reason."""

    @hookimpl
    def warp_blocked_zones(self, game, seat, units):
        return {3: "the drawbridge is up"}


def test_why_tells_the_reason_a_theme_gives_for_a_closed_zone():
    game = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], extras=[Drawbridge()])
    units = tuple(game.state.stack(0, 0))
    where = f"{game.board.names[3]} ({game.board.codes[3]})"
    assert unreachable(game, 0, units, 3) == f"{where} is closed to this group: the drawbridge is up."


class Minefield:
    """An extra whose zone 1 stops every move that enters it (B3: like a zone holding enemies)."""

    @hookimpl
    def warp_stop_zones(self, game, seat, units):
        return {1: "mines stop every fleet that enters"}


def test_a_zone_a_theme_lets_a_group_stop_in_but_not_cross_cuts_the_way_beyond():
    game = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], extras=[Minefield()])
    units = tuple(game.state.stack(0, 0))
    assert destinations(game, 0, 0, units) == {1: 1}  # Gorka and Void B lie beyond it (2 points each)
    assert unreachable(game, 0, units, 3) == (
        "Every way to Void B (Z3) crosses a zone this group may end its move in but not pass through (Void A (Z1)): "
        "mines stop every fleet that enters."
    )
    plain = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"])
    assert destinations(plain, 0, 0, units) == {1: 1, 2: 2, 3: 2}


class Reefs:
    """An extra whose zones 0 and 1 stop every move that enters them."""

    @hookimpl
    def warp_stop_zones(self, game, seat, units):
        return {0: "reefs stop every fleet", 1: "reefs stop every fleet"}


def test_a_group_in_a_zone_it_may_not_cross_leaves_it_only_for_one_it_may():
    """Orkworld's only border is Void A: from one reef a fleet cannot go straight to the
    next, so it has nowhere to go and its stack is not offered to move."""
    game = new_game("orbital", ORBITAL_MAP, ["orks", "imperium"], extras=[Reefs()])
    units = tuple(game.state.stack(0, 0))
    assert destinations(game, 0, 0, units) == {}
    assert not can_move(game, 0, 0, units)
    assert unreachable(game, 0, units, 1) == (
        "Orkworld (Z0) is a zone this group may end its move in but not pass through, and it leaves it only for a "
        "zone it may pass through: no such way leads on to Void A (Z1): reefs stop every fleet."
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ('[text]\ncurrancy = "gold"', "[text], field 'currancy': unknown field (did you mean 'currency'?)"),
        ("[text]\nphases = { muster = 3 }", "[text], field 'phases.muster': expected text, got 3"),
        ('[text]\ncurrency = ""', "[text], field 'currency': '' is not allowed; use 1 to 20 characters"),
        ("[text]\nevents = { mustered = [] }", "[text], field 'events.mustered': expected text or a list of texts, got []"),
        ('[text]\nevents = { mustered = ["{player} musters", 4] }',
         "[text], field 'events.mustered': expected text or a list of texts, got ['{player} musters', 4]"),
        ('[text]\nphases = { muster = ["Muster"] }', "[text], field 'phases.muster': expected text, got ['Muster']"),
    ],
)
def test_bad_words_are_refused_when_the_theme_loads(tmp_path, text, message):
    folder = shutil.copytree(FIXTURES / "basic", tmp_path / "basic")
    theme = folder / "data" / "theme.toml"
    theme.write_text(theme.read_text() + "\n" + text + "\n")
    with pytest.raises(DataError, match=re.escape(message)):
        load_theme_data(folder / "data")
