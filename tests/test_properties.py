"""Properties of whole random games (random agents, 2-4 players, the fixture theme and
Doctor Who, small turn limits), checked after every decision:

* the units are all there, each in exactly one place, never both pooled and on the board;
* every card is in exactly one hand or pile;
* treasuries are never negative; control markers sit only on revenue-generating zones;
* the game always waits for a decision or has ended, and never asks a question with
  nothing to choose;
* right after each draw phase, the active player's hand is within the hand limit;
* a clone played with the same choices stays identical to the original, and playing
  on the clone leaves the original untouched;
* no step of the rules changes once it is made (a game and its copies share them).
"""

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import BASIC, make_map
from warp_empires import Game, GameSetup, Seat, Step, hookimpl, make_manager
from warp_empires import invariants
from warp_empires.agents import RandomAgent
from warp_empires.plugins import find_module

DOCTOR_WHO = find_module("doctor_who").plugin

# Four start zones round a centre, with impassable and barren zones in between.
FIXTURE_MAP = make_map(
    "North:city East:city South:city West:city Centre:plain Ridge:mountains Ford:plain Moor:waste Vale:plain Heath:plain",
    "North-Ford Ford-East East-Moor Moor-South South-Vale Vale-West West-Heath Heath-North "
    "Centre-Ford Centre-Moor Centre-Vale Centre-Heath Ridge-Centre Ridge-North",
    starts=["North", "East", "South", "West"],
)
DOCTOR_WHO_MAP = make_map(
    "Skaro:rich Telos:rich Sontar:rich Gallifrey:rich Earth:nexus Mars:nexus Karn:nexus Void:void "
    "Peladon:poor Solos:average Hazard:hazard Vortis:average",
    "Skaro-Peladon Peladon-Telos Telos-Solos Solos-Sontar Sontar-Vortis Vortis-Gallifrey Gallifrey-Void Void-Skaro "
    "Earth-Peladon Earth-Solos Earth-Vortis Earth-Void Mars-Earth Karn-Earth Hazard-Mars Hazard-Karn Mars-Skaro Karn-Sontar",
    starts=["Skaro", "Telos", "Sontar", "Gallifrey"],
    plugin=DOCTOR_WHO,
)
THEMES = {
    "basic": (BASIC, FIXTURE_MAP),
    "doctor_who": (DOCTOR_WHO, DOCTOR_WHO_MAP),
}


class HandLimitWatch:
    """An extra plugin that appends a check to whatever draw phase the game runs."""

    def __init__(self):
        self.checked = 0

    @hookimpl(hookwrapper=True)
    def warp_phase_handlers(self):
        outcome = yield
        answers = []
        for answer in outcome.get_result():
            answer = dict(answer or {})
            if "draw" in answer:
                answer["draw"] = self._wrap(answer["draw"])
            answers.append(answer)
        outcome.force_result(answers)

    def _wrap(self, handler):
        def draw_phase(game, seat):
            return [*handler(game, seat), HandLimitCheck(seat, self)]

        return draw_phase


class HandLimitCheck(Step):
    __slots__ = ("seat", "watch")

    def __init__(self, seat, watch):
        self.seat = seat
        self.watch = watch

    def run(self, game):
        player = game.state.players[self.seat]
        limit = game.rules.hand_limit(player.faction)
        assert len(player.hand) <= limit, f"{player.name} ends the draw phase with {len(player.hand)} cards (limit {limit})"
        self.watch.checked += 1
        return None


@st.composite
def game_setups(draw):
    theme = draw(st.sampled_from(sorted(THEMES)))
    plugin, zone_map = THEMES[theme]
    players = draw(st.integers(2, 4))
    ids = [f.id for f in plugin.data.factions]
    if plugin.data.settings.factions_repeat:
        factions = [draw(st.sampled_from(ids)) for _ in range(players)]
    else:  # a theme whose factions are played once each
        factions = draw(st.permutations(ids))[: min(players, len(ids))]
    seed = draw(st.integers(0, 2**32 - 1))
    turn_limit = draw(st.integers(1, 5))
    setup = GameSetup(theme, [Seat(f"P{i}", f) for i, f in enumerate(factions)], zone_map, seed=seed, turn_limit=turn_limit)
    return setup, plugin


def new_game(setup, plugin, watch):
    return Game(setup, plugins=make_manager(plugin, [watch]))


def check(game, units, all_cards, steps):
    assert len(game.state.units) == units
    assert len(game.rules.cards) == len(all_cards)
    invariants.check(game)
    waiting = list(game._stack) + ([] if game.pending is None else [game._waiting])
    for step in waiting:
        kept = steps.setdefault(id(step), (step, _values(step)))  # the step itself is kept: its id is never reused
        assert kept[0] is step and kept[1] == _values(step), f"{type(step).__name__} changed on the stack: {kept[1]} -> {_values(step)}"


def _values(step):
    if attrs.has(type(step)):
        return attrs.astuple(step, recurse=False)
    return tuple(getattr(step, name) for klass in type(step).__mro__ for name in getattr(klass, "__slots__", ()))


@settings(max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups(), st.integers(0, 2**16))
def test_invariants_hold_after_every_decision(setup_and_plugin, agent_seed):
    setup, plugin = setup_and_plugin
    watch = HandLimitWatch()
    game = new_game(setup, plugin, watch)
    units = len(game.state.units)
    all_cards = list(range(len(game.rules.cards)))
    agent = RandomAgent(agent_seed)
    steps = {}
    check(game, units, all_cards, steps)
    while game.pending is not None:
        game.decide(agent.choose(game))
        check(game, units, all_cards, steps)
    assert game.is_over
    assert watch.checked >= 1
    assert watch.checked == sum(1 for e in game.events if e.kind == "turn_started")


@settings(max_examples=250, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups(), st.integers(0, 2**16), st.integers(0, 150), st.integers(1, 60))
def test_clone_follows_the_same_choices_and_leaves_the_original_alone(setup_and_plugin, agent_seed, split, ahead):
    setup, plugin = setup_and_plugin
    game = new_game(setup, plugin, HandLimitWatch())
    agent = RandomAgent(agent_seed)
    for _ in range(split):
        if game.pending is None:
            break
        game.decide(agent.choose(game))
    before = game.digest()
    twin = game.clone()
    assert twin.digest() == before
    made, seen = [], []
    while twin.pending is not None and len(made) < ahead:
        choice = agent.choose(twin)
        twin.decide(choice)
        made.append(choice)
        seen.append(twin.digest())
    assert game.digest() == before, "playing on the clone changed the original"
    for choice, expected in zip(made, seen):
        game.decide(choice)
        assert game.digest() == expected
    assert game.choices == twin.choices
