"""Playing one game of a run: a pure function of the run's settings and the game's index.

What does not change between games is built once per process and reused: the plugin
manager (with the rule variants), the rulebook the plans are drawn from, and the map
(the ``--map`` one, or the last deal's random map, shared by the games of a deal).
A game played here is the same game as one set up from scratch with the same seeds
(the test suite plays both and compares them).

>>> from warp_empires.simulation import RunSettings, play_game
>>> result = play_game(RunSettings("doctor_who", seed=1, zones=24, turn_limit=3), 0)
>>> result.rounds, result.reason
(3, 'turn limit')
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from .. import agents as computer_players
from .. import invariants
from ..blame import blamed
from ..engine import Game, GameSetup, Seat
from ..mapgen.errors import MapGenerationError
from ..plugins import make_manager
from ..rulebook import Rulebook
from ..zonemap import ZoneMap
from .plan import GamePlan, RunSettings, plan_game
from .result import GameResult
from .variants import VariantPlugin


@attrs.define
class Table:
    """What a process keeps between the games of one run."""

    pm: Any
    book: Rulebook
    fixed_map: ZoneMap | None
    last_map: tuple[int, ZoneMap] | None = None

    def zone_map(self, settings: RunSettings, map_seed: int) -> ZoneMap:
        if self.fixed_map is not None:
            return self.fixed_map
        if self.last_map is None or self.last_map[0] != map_seed:
            from ..cli.common import random_zone_map

            self.last_map = (map_seed, random_zone_map(self.pm, settings.zones, settings.players, map_seed, fair=settings.fair_maps))
        return self.last_map[1]

    def plan(self, settings: RunSettings, index: int) -> GamePlan:
        return plan_game(settings, tuple(self.book.factions), self.book.settings.factions_repeat, index)


def new_manager(settings: RunSettings) -> Any:
    """A plugin manager of the run's theme, with its rule variants."""
    extras = (VariantPlugin(settings.variants),) if settings.variants else ()
    return make_manager(settings.module, extras=extras, module_paths=settings.module_paths)


@functools.lru_cache(maxsize=4)
def table_for(settings: RunSettings) -> Table:
    """The process's table for ``settings`` (built on first use)."""
    pm = new_manager(settings)
    fixed = None
    if settings.map_text is not None:
        from ..mapgen.mapfile import loads

        fixed = loads(settings.map_text)
    return Table(pm, Rulebook.from_plugins(pm), fixed)


def setup_for(settings: RunSettings, plan: GamePlan, zone_map: ZoneMap) -> GameSetup:
    seats = [Seat(f"AI {i + 1}", faction, agent) for i, (faction, agent) in enumerate(zip(plan.factions, plan.agents))]
    return GameSetup(settings.module, seats, zone_map, plan.seed, settings.turn_limit)


def play_to_the_end(game: Game, plan: GamePlan, check: bool = False) -> None:
    """Let each seat's agent decide until the game is over (``check``: the engine's
    invariants after every decision)."""
    # Looked up at each game, so an agent kind added to the factory is found.
    agents = [computer_players.make_agent(spec, seed) for spec, seed in zip(plan.agents, plan.agent_seeds)]
    while game.pending is not None:
        game.decide(blamed(game.pm, game.setup.module, agents[game.pending.player].choose, game))
        if check:
            invariants.check(game)


def play_game(settings: RunSettings, index: int) -> GameResult:
    """Play game ``index`` of the run and return its result."""
    table = table_for(settings)
    plan = table.plan(settings, index)
    try:
        zone_map = table.zone_map(settings, plan.map_seed)
    except MapGenerationError as exc:
        raise MapGenerationError(f"game {index + 1}'s map: {exc}; a map of more zones (--zones) may meet them") from None
    game = Game(setup_for(settings, plan, zone_map), plugins=table.pm)
    play_to_the_end(game, plan, settings.check)
    return GameResult.of(game, plan)


def play_batch(settings: RunSettings, indices: list[int]) -> list[GameResult]:
    """Several games in one go (what a worker process or a cluster task is handed)."""
    return [play_game(settings, i) for i in indices]
