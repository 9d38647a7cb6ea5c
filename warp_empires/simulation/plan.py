"""What a run plays: its settings, and who sits where in each of its games.

Every game of a run is known from the run's settings and the game's index alone, so
games can be played in any order, on any number of processes or machines, and a
stopped run can carry on: the results are the same.

Agents take turns at the seats. With several agents, the games come in *rounds of
the table* of one game per seat: within one, the map, the factions at each seat and
the dice seed stay the same, and the agents move one seat along each game, so every
agent plays every seat and every faction of that deal once::

    >>> s = RunSettings("doctor_who", agents=("ai:greedy", "ai:random"))
    >>> [plan_seats(s, i) for i in range(4)]
    [('ai:greedy', 'ai:random'), ('ai:random', 'ai:greedy'), ('ai:greedy', 'ai:random'), ('ai:random', 'ai:greedy')]
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

from .variants import Variant


def _agents(value: Any) -> tuple[str, ...]:
    return tuple(a if a.startswith("ai:") else f"ai:{a}" for a in value)


@attrs.frozen
class RunSettings:
    """Everything a run's games depend on (not how many games, nor where they are played).

    ``agents`` holds one spec per seat, or a single spec for every seat; ``map_text``
    is the JSON of a map every game is played on (``None``: a random map a deal);
    ``variants`` are the rule changes of ``--set``; ``fair_maps`` false (``--any-map``)
    takes random maps as they fall.
    """

    module: str
    seed: int = 0
    players: int = 2
    zones: int = 40
    turn_limit: int | None = 50
    agents: tuple[str, ...] = attrs.field(default=("ai:random",), converter=_agents)
    map_text: str | None = None
    variants: tuple[Variant, ...] = attrs.field(default=(), converter=tuple)
    module_paths: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    check: bool = False
    fair_maps: bool = True  # random maps even out the revenue around the start zones

    def __attrs_post_init__(self) -> None:
        if len(self.agents) not in (1, self.players):
            raise ValueError(f"{len(self.agents)} agents for {self.players} seats; give one agent for every seat, or one for all")

    @property
    def lineup(self) -> tuple[str, ...]:
        """The agent of each seat in a deal's first game."""
        return self.agents * self.players if len(self.agents) == 1 else self.agents

    @property
    def deal_size(self) -> int:
        """Games a deal: one per seat when the agents differ, else one."""
        return self.players if len(set(self.lineup)) > 1 else 1

    def to_json(self) -> str:
        doc = attrs.asdict(self, recurse=False)
        doc["agents"] = list(self.agents)
        doc["variants"] = [[v.path, v.value] for v in self.variants]
        doc["module_paths"] = list(self.module_paths)
        return json.dumps(doc, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> RunSettings:
        doc = json.loads(text)
        doc["variants"] = [Variant(p, v) for p, v in doc.get("variants", [])]
        return cls(**doc)

    def differences(self, other: RunSettings) -> list[str]:
        """The fields that differ, as ``name: ours vs theirs`` (the map by its presence)."""
        out = []
        for f in attrs.fields(RunSettings):
            a, b = getattr(self, f.name), getattr(other, f.name)
            if a != b:
                if f.name == "map_text":
                    a, b = ("a map file" if x else "random maps" for x in (a, b))
                elif f.name == "variants":
                    a, b = (" ".join(map(str, x)) or "none" for x in (a, b))
                out.append(f"{f.name.replace('_', ' ')} {a} vs {b}")
        return out


@attrs.frozen
class GamePlan:
    """Who plays game ``index``: its dice seed, the map seed, each seat's faction, agent and agent seed."""

    index: int
    seed: int
    map_seed: int
    factions: tuple[str, ...]
    agents: tuple[str, ...]
    agent_seeds: tuple[int, ...]


def deal_rng(settings: RunSettings, deal: int) -> random.Random:
    # Seeding from text hashes it with SHA-512: the same stream on every machine and
    # process, whatever PYTHONHASHSEED says.
    return random.Random(f"warp-empires simulate {settings.seed} deal {deal}")


def plan_seats(settings: RunSettings, index: int) -> tuple[str, ...]:
    """The agent at each seat of game ``index``: the lineup moved along one seat a game of a deal."""
    lineup = settings.lineup
    shift = index % settings.deal_size
    return tuple(lineup[(seat - shift) % len(lineup)] for seat in range(len(lineup)))


def plan_game(settings: RunSettings, faction_ids: tuple[str, ...], factions_repeat: bool, index: int) -> GamePlan:
    """The plan of game ``index`` (``faction_ids`` in the theme's order)."""
    deal = index // settings.deal_size
    rng = deal_rng(settings, deal)
    seed = rng.randrange(2**31)
    players = settings.players
    if players <= len(faction_ids) or not factions_repeat:
        factions = tuple(rng.sample(faction_ids, players))
    else:
        factions = tuple(rng.choice(faction_ids) for _ in range(players))
    agent_seeds = tuple((seed * 7919 + index * 104_729 + seat) % 2**31 for seat in range(players))
    return GamePlan(index, seed, seed, factions, plan_seats(settings, index), agent_seeds)
