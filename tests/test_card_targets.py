"""A card is offered exactly when it has a target: every effect's quick answer to "is
there a legal target" (``has_target``) agrees with the full list of targets, at every
decision of seeded random games, for every seat and every card of the theme; and an
effect whose methods could not take what the engine passes is refused when written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import FIXTURE_DIR
from warp_empires import Game, GameSetup, Seat
from warp_empires.agents import RandomAgent
from warp_empires.effects import Effect
from warp_empires.mapgen import mapfile
from warp_empires.model.data import CardType
from warp_empires.plugins import make_manager

RECORD = json.loads((Path(__file__).parent / "seeded_games" / "digests.json").read_text())


def contexts(game: Game) -> list:
    """The card windows that make sense now: a battle's rounds when one is on, else the turn."""
    return ["battle"] if game.state.battle is not None else [None]


@pytest.mark.parametrize("theme", [t for t in RECORD["themes"] if t["module"] in ("basic", "doctor_who")], ids=lambda t: t["module"])
def test_has_target_agrees_with_the_list_of_targets(theme):
    pm = make_manager(theme["module"], module_paths=[str(FIXTURE_DIR)] if theme["fixture"] else ())
    seats = [Seat(name, faction) for name, faction in theme["seats"]]
    game = Game(GameSetup(theme["module"], seats, mapfile.validate(theme["map"]), 4, 12), plugins=pm)
    agent = RandomAgent(9)
    effects = [(type_id, effect) for type_id, effect in game.rules.effects.items() if type(effect).targets is not Effect.targets]
    seen = set()
    while game.pending is not None:
        for ctx in contexts(game):
            for seat in range(len(seats)):
                for type_id, effect in effects:
                    if ctx == "battle" and "battle" not in effect.phases:
                        continue
                    if ctx is None and "battle" in effect.phases:
                        continue
                    targets = effect.targets(game, seat, ctx)
                    answer = effect.has_target(game, seat, ctx)
                    assert answer == (targets is None or bool(targets)), (type_id, seat, ctx)
                    seen.add((type_id, answer))
        game.decide(agent.choose(game))
    assert {answer for _, answer in seen} == {True, False}  # cards both with and without a target were met
    assert len({type_id for type_id, _ in seen}) >= 6


@pytest.mark.parametrize("method, source", [
    ("resolve", "def resolve(self, game, seat): pass"),
    ("playable", "def playable(self, game): return True"),
    ("targets", "def targets(self, game, seat, ctx, extra): return None"),
])
def test_an_effect_method_the_engine_cannot_call_is_refused_when_the_class_is_written(method, source):
    """A card effect whose method takes other arguments than the engine passes would fail
    only when the card is played, deep in the engine; it is refused as the theme loads."""
    body = {}
    exec(source, body)
    with pytest.raises(TypeError) as refused:
        type("TreasureMap", (Effect,), {method: body[method]})
    assert str(refused.value).startswith(f"TreasureMap.{method}(")
    assert f"the engine calls a card effect's {method} as (self, game, seat" in str(refused.value)


def test_a_static_or_class_method_the_engine_cannot_call_is_refused_too():
    with pytest.raises(TypeError, match=r"^Bad\.resolve\(game, seat\): the engine calls a card effect's resolve as "):
        type("Bad", (Effect,), {"resolve": staticmethod(lambda game, seat: None)})
    with pytest.raises(TypeError, match=r"^Bad\.targets\(cls, game\): "):
        type("Bad", (Effect,), {"targets": classmethod(lambda cls, game: None)})


def test_an_effect_method_with_defaults_or_star_args_is_accepted():
    fine = type("Fine", (Effect,), {"resolve": lambda self, game, seat, target=None, ctx=None, extra=1: None,
                                    "playable": lambda self, *args: True,
                                    "targets": staticmethod(lambda game, seat, ctx: None),
                                    "has_target": classmethod(lambda cls, game, seat, ctx: True)})
    assert issubclass(fine, Effect)


def test_a_hands_test_asks_the_effects_own_playable_or_else_has_target():
    """The card windows call ``playable_test()``: an effect's own ``playable`` when it has
    one (here, never on a Monday), else ``has_target`` straight away, which the default
    ``playable`` would have asked."""
    monday = type("Monday", (Effect,), {
        "resolve": lambda self, game, seat, target, ctx: None,
        "playable": lambda self, game, seat, ctx: ctx != "monday",
    })
    targetless = type("Targetless", (Effect,), {
        "resolve": lambda self, game, seat, target, ctx: None,
        "has_target": lambda self, game, seat, ctx: ctx == "target",
    })
    card = CardType("c", "C", 1, "custom")
    own, default = monday(card).playable_test(), targetless(card).playable_test()
    assert (own(None, 0, "monday"), own(None, 0, "friday")) == (False, True)
    assert own.__func__ is monday.playable
    assert default.__func__ is targetless.has_target
    assert (default(None, 0, "target"), default(None, 0, None)) == (True, False)
