"""A rule hook's answer is checked where a theme or an extra gives it (warp_empires.answers):
the right kinds of value pass untouched, a one-pass iterable is read once, a wrong one is
named with its plugin, file and line."""

from __future__ import annotations

import pytest

from warp_empires.blame import ThemeError
from warp_empires.kit import CardType, Effect, Modifier, hookimpl
from warp_empires.testing import Position, events, play_until


class Drums:
    """Answers with a generator, as the hook's "list" has always allowed in practice."""

    @hookimpl
    def warp_force_modifiers(self, game, battle, side):
        yield from [Modifier("drums", 1)] if side == battle.attacker else []


class Sums:
    @hookimpl
    def warp_force_modifiers(self, game, battle, side):
        return 3


class Miles:
    @hookimpl
    def warp_move_allowance(self, game, seat, units):
        return "two"


def fight(extra) -> dict:
    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus", "", extras=[extra])
    pos.place(0, "Earth", "war_fleet")
    pos.place(1, "Earth", "scouts")
    game = pos.start(0, "battle")
    play_until(game, "pick_own_losses", "pick_enemy_loss")
    return events(game, "battle")[0]


def test_a_generator_of_modifiers_is_read_once_and_counted():
    assert fight(Drums())["attacker"]["parts"][-1] == ("drums", 1)


def test_a_number_where_modifiers_are_wanted_names_the_extra_its_file_and_line():
    with pytest.raises(ThemeError) as caught:
        fight(Sums())
    line = Sums.warp_force_modifiers.__code__.co_firstlineno
    assert str(caught.value).splitlines() == [
        "the theme 'extra0:Sums' gave a wrong answer from warp_force_modifiers:",
        f"  {__file__}, line {line}, in warp_force_modifiers",
        "  warp_force_modifiers must return a list of Modifier(label text, whole-number amount), not 3 (an int)",
    ]


def test_text_where_movement_points_are_wanted_is_named_before_any_unit_moves():
    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus Mars:nexus", "Earth-Mars", extras=[Miles()])
    pos.place(0, "Earth", "scouts")
    pos.give(0, "space_travel")
    with pytest.raises(ThemeError, match=r"warp_move_allowance must return a whole number of movement points \(0 or more\) or None, not 'two' \(a str\)"):
        pos.start(0, "move")  # asked when the move card's targets are listed
    assert pos.game.state.stack(0, 0) and pos.game.state.stack(1, 0) == []


class BadOrders(Effect):
    """Targets named by plain text rather than options."""

    def targets(self, game, seat, ctx):
        return ["Earth"]

    def resolve(self, game, seat, target, ctx):
        return None


class Orders:
    @hookimpl
    def warp_card_effects(self):
        return {"bad_orders": BadOrders}

    @hookimpl
    def warp_card_types(self):
        return [CardType("orders", "Orders", 1, "bad_orders")]


def test_a_card_effect_whose_targets_are_not_options_names_the_card_and_its_code():
    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus", "", extras=[Orders()])
    pos.give(0, "orders")
    with pytest.raises(ThemeError) as caught:
        pos.start(0, "move")
    assert str(caught.value).splitlines() == [
        "the theme 'extra0:Orders' gave a wrong answer from card 'orders':",
        f"  {__file__}, line {BadOrders.targets.__code__.co_firstlineno}, in targets",
        "  BadOrders.targets must return a list of Option or None, not ['Earth'] (a list)",
    ]


def test_every_checked_answer_belongs_to_a_hook_and_every_collection_hook_is_checked():
    from warp_empires import answers, themecheck

    assert set(answers.RULES) <= set(themecheck.HOOKS)
    assert answers.COLLECTIONS <= set(answers.RULES)


class Walls:
    """Closes zones with the answer given, to a group of either player."""

    def __init__(self, answer):
        self.answer = answer

    @hookimpl
    def warp_blocked_zones(self, game, seat, units):
        return self.answer


@pytest.mark.parametrize("answer, shown", [
    ([1, "Mars"], "[1, 'Mars'] (a list)"),
    ([True], "[True] (a list)"),
    ([2], "[2] (a list)"),  # the map has zones 0 and 1
    ([-1], "[-1] (a list)"),
    ([[1]], "[[1]] (a list)"),
    ({1: 5}, "{1: 5} (a dict)"),
    ("1", "'1' (a str)"),
])
def test_closed_zones_must_be_zone_ids_of_the_map(answer, shown):
    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus Mars:nexus", "Earth-Mars", extras=[Walls(answer)])
    pos.place(0, "Earth", "scouts")
    pos.give(0, "space_travel")
    with pytest.raises(ThemeError) as caught:
        pos.start(0, "move")
    assert str(caught.value).splitlines()[-1] == (
        f"  warp_blocked_zones must return a list of zone ids or a mapping {{zone id: reason}}, not {shown}"
    )


@pytest.mark.parametrize("answer", [[1], (1,), {1}, frozenset(), {1: "a wall of fire"}, []])
def test_closed_zones_as_a_list_a_set_or_reasons_keep_the_group_home(answer):
    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus Mars:nexus", "Earth-Mars", extras=[Walls(answer)])
    pos.place(0, "Earth", "scouts")
    pos.give(0, "space_travel")
    game = pos.start(0, "move")
    card_playable = game.pending is not None and any(o.id != "pass" for o in game.pending.options)
    assert card_playable == (1 not in answer)  # with Mars closed the scouts have nowhere to go


class Compass:
    @hookimpl
    def warp_option_zone(self, game, option):
        return "north"


def test_a_zone_name_where_an_options_zone_is_wanted_is_named_when_the_options_are_shown():
    from warp_empires.cli import render

    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus Mars:nexus", "Earth-Mars", extras=[Compass()])
    pos.place(0, "Earth", "scouts")
    pos.give(0, "space_travel")
    game = pos.start(0, "move")
    with pytest.raises(ThemeError, match=r"warp_option_zone must return a zone id on the map or None, not 'north' \(a str\)"):
        render.options_table(game, game.pending)


class Ambush:
    """Answers a move with one step where a list of steps is wanted."""

    @hookimpl
    def warp_after_move(self, game, seat, units, frm, to):
        from warp_empires.kit import CollectRevenue

        return CollectRevenue(seat)


def test_one_step_where_a_list_of_steps_is_wanted_after_a_move_is_named():
    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus Mars:nexus", "Earth-Mars", extras=[Ambush()])
    pos.place(0, "Earth", "scouts")
    (card,) = pos.give(0, "space_travel")
    game = pos.start(0, "move")
    game.decide(f"card:{card}")
    with pytest.raises(ThemeError, match=r"warp_after_move must return a list of Step, not CollectRevenue\(seat=0\) \(a CollectRevenue\)"):
        game.decide("zone:0")  # the lone Scout goes to Mars, the only way


class Ramparts:
    def __init__(self, amount):
        self.amount = amount

    @hookimpl
    def warp_force_modifiers(self, game, battle, side):
        return [Modifier("walls", self.amount)] if side == battle.defender else []


@pytest.mark.parametrize("amount, shown", [("2", "'2'"), (1.5, "1.5")])
def test_a_modifier_of_text_or_a_fraction_is_named_before_it_is_added(amount, shown):
    # A number read as text from theme.toml ("2") failed deep in the battle; a half was
    # added in silently (a force of 4.5, a treasury of 1.5).
    with pytest.raises(ThemeError) as caught:
        fight(Ramparts(amount))
    assert str(caught.value).splitlines()[-1] == (
        f"  warp_force_modifiers must return a list of Modifier(label text, whole-number amount), not [Modifier(label='walls', amount={shown})] (a list)")


class Placard:
    @hookimpl
    def warp_zone_notes(self, game, zone, seat):
        return "under siege"


def test_text_where_a_list_of_notes_is_wanted_is_named_when_the_map_is_shown():
    from warp_empires.cli import render

    pos = Position("doctor_who", ["daleks", "cybermen"], "Earth:nexus Mars:nexus", "Earth-Mars", extras=[Placard()])
    with pytest.raises(ThemeError, match=r"warp_zone_notes must return a list of texts or None, not 'under siege' \(a str\)"):
        render.board_table(pos.game, 0)
