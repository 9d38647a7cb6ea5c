"""Every hook a theme module (or an extra such as a variant or a statistics collector)
may implement, with when it is called and how several answers are combined.

A theme implements the hooks it needs as plain functions marked with
:data:`warp_empires.hookimpl`; the generic ruleset implements the rule hooks too,
marked ``trylast``, so a theme's answer comes first and the generic one is the fallback.

Data hooks are called once, when a game (or the map generator, or ``warp-empires rules``)
is set up. Rule hooks are called while a game runs. Where several plugins answer a
combining hook, the engine merges the answers in a fixed order (generic ruleset, then
the theme, then extras in the order given), so registration order never changes a game.
"""

from __future__ import annotations

import pluggy

PROJECT = "warp_empires"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --------------------------------------------------------------------------- data hooks


@hookspec(firstresult=True)
def warp_module_info():
    """Name, version and one-line description of the theme.

    Called by ``warp-empires modules`` and when a save is written.
    Returns a :class:`~warp_empires.model.data.ModuleInfo`. Only the theme answers.
    """


@hookspec(firstresult=True)
def warp_text():
    """The theme's own words: its money, its phases' names, sentences for its events and
    help for its decisions.

    Called once at game setup (and by the rules reference). Returns a
    :class:`~warp_empires.model.data.ThemeText`; a ThemePlugin answers from ``[text]`` in
    its theme.toml, and the generic ruleset answers last with the engine's words.
    """


@hookspec
def warp_unit_types():
    """The unit types of the theme.

    Called once at game setup. Returns a list of :class:`~warp_empires.model.data.UnitType`.
    All answers are concatenated; two types with one id is an error naming the id.
    """


@hookspec
def warp_card_types():
    """The action card types of the theme (and of any extra that adds cards).

    Called once at game setup; ``copies`` of each go into the deck. Returns a list of
    :class:`~warp_empires.model.data.CardType`; answers are concatenated, ids must be unique.
    """


@hookspec
def warp_factions():
    """The factions (races, empires, cities) a player may pick.

    Returns a list of :class:`~warp_empires.model.data.Faction`; answers are concatenated.
    """


@hookspec
def warp_zone_types():
    """The zone types the theme's maps use, with revenue, passability and the
    rolls that pick them on the theme's zone type table.

    Returns a list of :class:`~warp_empires.model.data.ZoneType`; answers are concatenated.
    """


@hookspec(firstresult=True)
def warp_settings():
    """The theme's setup and turn numbers (draw count, hand limit, phase list, pools...).

    Returns a :class:`~warp_empires.model.data.Settings`. The first answer wins; the generic
    ruleset answers last with the base numbers.
    """


@hookspec(firstresult=True)
def warp_map_rules(players):
    """The constraints a random map must meet for ``players`` players.

    Called by the map generator. Returns a :class:`~warp_empires.model.data.MapRules`;
    the first answer wins, the generic ruleset answers last with no constraints.
    """


@hookspec(firstresult=True)
def warp_default_map(players):
    """The map file a game of the theme is played on when nobody names a map or asks for a
    random one (a theme's own drawn map, such as a real region).

    Called by ``play`` and ``simulate`` before they roll a random map. Returns the path of
    a map file, or ``None`` (the default) for a random map; the first answer wins.
    """


@hookspec
def warp_check_map(zone_map, players):
    """Constraints the theme cannot state as data.

    Called after a random map is rolled and when a map file is checked for a theme.
    Returns a list of problem strings (empty when the map is fine); all answers are joined.
    """


@hookspec
def warp_card_effects():
    """Card effects written in code by the theme, to add to the engine's effect library.

    Returns a mapping of effect name to an :class:`~warp_empires.effects.base.Effect`
    subclass. Merged over the library; a theme may not replace a library effect.
    """


# --------------------------------------------------------------------------- rule hooks


@hookspec
def warp_phase_handlers():
    """Phases the plugin can run, by name.

    Returns a mapping ``{phase name: handler}``; a handler is called as
    ``handler(game, seat)`` at the start of that phase of ``seat``'s turn and returns the
    list of :class:`~warp_empires.step.Step` objects that make up the phase. Mappings are
    merged generic first, so a theme replaces a generic phase by answering its name.
    Which phases run, and in what order, is ``Settings.phases``.
    """


@hookspec(firstresult=True)
def warp_setup(game):
    """Put the game in its starting position: zones, units, cards, control, treasuries.

    Called once when a game starts, after the state is built and before turn 1.
    Return ``True`` when done; the generic ruleset answers last
    (:func:`warp_empires.rules.setup.generic_setup`), and a theme that only adds to
    the generic setup calls that function itself and then makes its changes.
    """


@hookspec(firstresult=True)
def warp_victory(game):
    """Whether someone has won, checked at the end of every player's turn.

    Returns the winning seat, or ``None`` to play on. The first non-None answer wins.
    """


@hookspec(firstresult=True)
def warp_tiebreak(game):
    """Who wins a game stopped at its turn limit.

    Returns the winning seat or ``-1`` for a draw. The generic ruleset answers last
    (most revenue-generating zones controlled, then most revenue, else a draw).
    """


@hookspec
def warp_force_modifiers(game, battle, side):
    """Extra force for one side of a battle.

    Called once per side whenever a battle's forces are totalled. ``battle`` is the
    :class:`~warp_empires.rules.battle.Battle` and ``side`` the seat. Returns a list of
    :class:`~warp_empires.rules.battle.Modifier` (label and amount); all answers are
    added, and they are shown itemised to the players.
    """


@hookspec
def warp_blocked_zones(game, seat, units):
    """Zones the given group of moving units may not enter this move.

    Called once per move (and retreat) before reachable zones are listed. Returns an
    iterable of zone ids, or a mapping ``{zone: reason}`` whose reasons ``why`` shows a
    player asking why a zone is closed; the answers are united. Passability by zone
    type and the never-through-enemies rule are applied by the engine already.
    """


@hookspec
def warp_stop_zones(game, seat, units):
    """Zones the given group of moving units may end its move in but never pass through.

    Called once per move, after ``warp_blocked_zones``. Returns an iterable of zone ids,
    or a mapping ``{zone: reason}`` whose reasons ``why`` shows a player asking why a zone
    beyond one of them is out of reach; the answers are united. Zones holding another
    player's units stop every path already (the engine's rule).
    """


@hookspec
def warp_move_costs(game, seat, units):
    """What entering a kind of zone costs the given moving group, where that is not the
    zone type's ``move_cost`` (the city states' Forest costs an Army 2, a Leader alone 1).

    Called once per move (and per test of whether a group can move at all), only when a
    theme answers it. Returns a mapping ``{zone type id: cost}`` (each cost 1 or more), or
    ``None``; the answers are merged, a later answer's cost for a type standing.
    """


@hookspec(firstresult=True)
def warp_move_allowance(game, seat, units):
    """How many movement points a group has for one move.

    The generic answer (last) is the speed of the slowest unit plus speed abilities;
    each zone entered costs its zone type's ``move_cost``. Returns an int.
    """


@hookspec(firstresult=True)
def warp_recruit_cost(game, seat, unit_type):
    """What ``seat`` pays for one unit of ``unit_type`` in the recruit phase.

    The generic answer (last) is the type's cost plus the faction's ``cost_delta``,
    never below 1. Returns an int.
    """


@hookspec
def warp_can_place(game, seat, unit_type, zone):
    """Whether a unit of ``unit_type`` coming into play may be placed in ``zone``.

    Called for each revenue-generating zone ``seat`` controls when placing a recruit, and
    for each zone it controls when a card brings a destroyed unit back (Regeneration).
    Return ``False`` to forbid, ``None`` to have no say; any ``False`` forbids.
    The generic ruleset applies ``ZoneType.recruit_limit`` (to recruits) itself.
    """


@hookspec
def warp_revenue_modifiers(game, seat):
    """Additions to or deductions from ``seat``'s revenue this revenue phase.

    Returns a list of :class:`~warp_empires.rules.battle.Modifier`; all are added to the
    revenue of the zones ``seat`` controls. Revenue never goes below zero.
    """


@hookspec(firstresult=True)
def warp_battle_steps(game, zone, attacker, defender):
    """The steps that fight out the battle in ``zone``.

    The generic answer (last) is one battle between all units of both sides. A theme with
    several kinds of battle in one zone (a space battle, then a ground battle) answers
    with its own list of :class:`~warp_empires.step.Step`, usually built from
    :class:`~warp_empires.rules.battle.StartBattle` (whose ``units``, ``force``,
    ``no_bonus`` and ``loss_order`` say who fights, with what force, and who is lost
    first), ``BattleCards`` and ``ResolveBattle``.
    """


@hookspec
def warp_after_move(game, seat, units, frm, to):
    """A group of ``seat``'s units just moved from ``frm`` to ``to`` (by a move of the move
    phase or a card; not a retreat).

    Returns a list of :class:`~warp_empires.step.Step` to run once the players have had
    their chance to react to the move (a reaction may undo it, so a step checks that the
    units still stand in ``to``): entering a space may capture what is there, say. All
    answers are run, in plugin order.
    """


@hookspec
def warp_game_event(game, event):
    """Something happened (an :class:`~warp_empires.events.Event`).

    Called for every event, in order, for extras such as a narrator or a statistics
    collector. The event comes whole, secrets included: whatever shows it to a player
    passes it through :meth:`~warp_empires.events.Event.seen_by` first (B14). The return
    value is ignored. Not called at all when no plugin implements it.
    """


@hookspec
def warp_ai_weights():
    """Numbers that change how the computer players weigh a position in this theme.

    Called once when the rulebook is built. Returns a mapping from the name of a weight of
    :class:`~warp_empires.agents.weights.Weights` (``exposed``, ``reach``...) to a number
    in points of revenue, or ``None``. Answers are merged: a theme's over the generic
    ruleset's, an extra's over the theme's. A theme made of data says the same in the
    ``[ai] weights`` table of its theme.toml. It never changes the rules, only how the
    computer plays.
    """


@hookspec
def warp_evaluate(game, seat):
    """What the computer players should think of ``seat``'s position beyond the generic
    evaluation (:mod:`warp_empires.agents.evaluate`): chiefly how near the seat is to the
    theme's victory, which only the theme knows.

    Called whenever a computer player weighs a position (many times a decision, so keep it
    cheap). Returns a number of points on the evaluation's scale (one point is one unit of
    revenue a turn; meeting the victory condition is worth 50), or ``None``. All answers are
    added to the seat's worth. It never changes the rules, only how the computer plays.
    """


@hookspec
def warp_hidden_limits(game, seat):
    """What ``seat`` knows about the units hidden from it beyond what the view shows: how
    many of some kind another player can have at most.

    Called by the computer players before they deal the hidden units again
    (:mod:`warp_empires.agents.determinize`), on the game itself with its events, once for
    each new event. Answer only from what ``seat`` may know: a count announced in public,
    read from the events the seat saw (``event.seen_by(seat)``), never from the hidden
    units themselves. Returns a list of ``(owner, tag, at_most)``: ``owner`` has at most
    ``at_most`` units carrying ``tag`` on the board, seen or not; or ``None``. All answers
    are used. It never changes the rules, only what the computer believes.
    """


@hookspec(firstresult=True)
def warp_option_zone(game, option):
    """The zone a decision's ``option`` (a :class:`~warp_empires.decisions.Option`) is
    about, so that a player at the terminal may pick it by typing the zone's code, and the
    options show that code beside their numbers.

    Called by the terminal only, for every option it shows. Returns a zone id, or ``None``
    when the option is about no zone. The generic answer (last) reads the ids the kit
    writes: ``zone:Z...`` and a stack's ``stack:Z:SEAT`` (:func:`~warp_empires.kit.stack_option`);
    answer for options of your own whose ids say otherwise (an attack from one zone on
    another is about the zone attacked). It never changes the rules.
    """


@hookspec
def warp_zone_notes(game, zone, seat):
    """What ``seat`` may read of ``zone`` beyond its type, control and stacks: the theme's
    markers on it (a siege, razed counters, a revolt), each in a few words.

    Called by the terminal only, for the zones it shows (``map``, ``zone CODE``). Returns a
    list of short texts, or ``None``. Answer only what ``seat`` may know (B14): a marker on
    the board is public, a count on another player's hidden units is not. All answers are
    shown, in plugin order. It never changes the rules.
    """
