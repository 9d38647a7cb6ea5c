"""The searching player (``ai:mcts``): Information Set Monte Carlo Tree Search.

After Cowling, Powley and Whitehouse (2012), single-observer form: one tree over the
choices of every seat, searched many times; each search deals the hidden things again
from the searching seat's view (:mod:`.determinize`), walks down the tree choosing among
the options that this deal offers (the upper confidence bound, with an option counted
as available only in the searches that offered it), adds one new choice, plays on for a
short while, and weighs where it stopped with the generic evaluation: by how much each
seat's margin over the others grew or shrank since the search began (from the start, not
from zero, so that a seat far ahead or behind still tells a good choice from a bad one).
The greedy player's opinion of each root choice (the greedy player itself, with all its
dice futures, weighing the choices on one deal) guides the first searches (progressive
bias) and fades as they pile up. When three quarters of the budget are spent and the most
searched choice is not the greedy player's favourite, the rest checks those two alone, in
turn, each carried out as it would be played (below) and then played on at random; the most
searched is played only if the check scores it above the favourite by more than the noise
(1.64 standard errors); else the favourite is. Searches that play on at random are noisy,
a choice picked on noise alone is, on average, worse than the greedy player's, and the
searches that picked a choice out cannot judge it: the most searched of several is also,
on average, the luckiest, and they tried its follow-ups (a move card's moves) at random.

Once it has chosen, it carries the choice out as the greedy player's look-ahead would:
the follow-up choices of the action begun (the units of the stack picked, where they go)
are played from the line that look-ahead found for the chosen option, unsearched.
Searched anew at every step, it picked a stack, moved nothing from it, and picked again.

It never makes the same choice twice in the same position in one turn (but for passing
and stopping): a choice that changes nothing the evaluation sees, such as showing another
unit on top of a stack, searches as well as passing, and was chosen again and again, the
move phase never ending. Positions are told apart by what the seat sees, less the order of
its own stacks.

Options with the same label (two copies of one card, two units of one kind) are one
branch, so a branch means the same thing in every deal. Decisions that pick several
options at once are made by the greedy player's rule, not branched on (inside a search, by
a quicker greedy look-ahead: one dice future, fewer positions weighed, and of the sets only
the least and the most valuable).

The budget is ``think`` seconds a decision, or ``iterations`` searches (then a game with
the same seeds is the same game on any machine). The search stops sooner once the most
searched choice cannot be overtaken in the searches left:

>>> from warp_empires import Game, GameSetup, Seat
>>> from warp_empires.mapgen import generate_for_theme
>>> from warp_empires.plugins import make_manager
>>> pm = make_manager("doctor_who")
>>> game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen")],
...             generate_for_theme(pm, zones=20, players=2, seed=1), seed=1), plugins=pm)
>>> MctsAgent(seed=1, iterations=30).choose(game) == MctsAgent(seed=1, iterations=30).choose(game)
True
"""

from __future__ import annotations

import json
import math
import random
import time
from typing import TYPE_CHECKING, Any

from .determinize import Dealer
from .evaluate import scores
from .greedy import FOLLOW_UP, INSIDE, STOPS, GreedyAgent

if TYPE_CHECKING:
    from ..engine import Game

#: Points of evaluation that make a position a 73% favourite (a logistic scale).
SCALE = 6.0
#: The exploration constant of the upper confidence bound.
EXPLORE = 0.7
#: How much the greedy player's opinion of a root choice counts, fading with its searches.
BIAS = 3.0
#: How many standard errors a choice must beat the greedy player's favourite by to be played instead.
SURE = 1.64
#: The share of the budget spent searching every choice; the rest checks the most searched
#: one against the greedy player's favourite when they differ.
SEARCH_SHARE = 0.75
#: At most this many decisions are played carrying a checked choice out.
MOST_STEPS = 40


class Node:
    """A choice in the tree: who made it, how often it was searched and how often offered,
    the reward it earned its chooser, and the choices after it (by label)."""

    __slots__ = ("player", "visits", "offered", "reward", "squares", "children")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.offered = 0
        self.reward = 0.0
        self.squares = 0.0  # the sum of the rewards squared: how much they spread
        self.children: dict[str, Node] = {}


class MctsAgent:
    """Searches ``iterations`` times a decision if given, else for ``think`` seconds.

    ``rollout`` is how each search plays on after the tree: ``greedy`` (the greedy
    player's choices) or ``random``; ``depth`` is how many decisions it plays before the
    evaluation weighs the position.
    """

    #: It searches for a while: the screen says it is thinking.
    thinks = True

    def __init__(self, seed: int = 0, think: float = 1.0, iterations: int | None = None, rollout: str = "random", depth: int = 30):
        self.seed = seed
        self.rng = random.Random(seed)
        self.think = think
        self.iterations = iterations
        self.rollout = rollout
        self.depth = depth
        self.advisor = GreedyAgent(seed)  # the greedy player itself: its opinion at the root
        # A quicker one inside the searches. Weighing every set one swap away, it spent a
        # quarter of War Hammer's thinking time on which units a lost battle takes.
        self.greedy = GreedyAgent(seed, rolls=1, budget=12, swaps=False)
        self.searches = 0  # searches made for the latest decision
        self._plan: list[str] = []  # labels of the follow-up choices still to make
        self._made: dict[str, set[str]] = {}  # this turn: position -> labels chosen there
        self._turn: int | None = None

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else f"think={self.think}"
        return f"MctsAgent(seed={self.seed}, {budget})"

    @staticmethod
    def check(spec: str, options: dict[str, Any]) -> None:
        """Refuse options out of range, in one line naming the allowed range."""
        if "think" in options and not 0.01 <= options["think"] <= 600:
            raise ValueError(f"agent {spec!r}: think must be from 0.01 to 600 seconds")
        if "iterations" in options and not 1 <= options["iterations"] <= 1_000_000:
            raise ValueError(f"agent {spec!r}: iterations must be from 1 to 1000000")
        if "depth" in options and not 0 <= options["depth"] <= 1000:
            raise ValueError(f"agent {spec!r}: depth must be from 0 to 1000")
        if options.get("rollout", "random") not in ("random", "greedy"):
            raise ValueError(f"agent {spec!r}: rollout must be random or greedy, not {options['rollout']!r}")

    def choose(self, game: Game) -> Any:
        decision = game.pending
        seat = decision.player
        self.searches = 0
        plan, self._plan = self._plan, []
        if decision.count > 1:
            return self.advisor.choose(game)
        first = first_of_each_label(decision)
        if len(first) == 1:
            return 0
        if plan and decision.kind in FOLLOW_UP and plan[0] in first:
            self._plan = plan[1:]
            return first[plan[0]]
        started = time.perf_counter()
        made = self._made_here(game)
        banned = {label for label in made if label in first and decision.options[first[label]].id not in STOPS}
        if len(banned) == len(first):
            banned = set()
        elif len(banned) == len(first) - 1:  # one choice left: nothing to search
            only = next(label for label in first if label not in banned)
            made.add(only)
            return first[only]
        root = Node(seat)
        dealer = Dealer(game, seat)
        prior, start, lines = self._prior(dealer.deal(self.rng))
        while True:
            left = self._left(started, SEARCH_SHARE)
            if left <= 0 or (self.searches % 16 == 0 and settled(root, left)):
                break
            self._search(root, dealer.deal(self.rng), prior, start, banned)
            self.searches += 1
        best = max(
            (label for label in first if label not in banned),
            key=lambda label: (root.children[label].visits, root.children[label].reward) if label in root.children else (-1, 0.0),
        )
        favourite = max((label for label in first if label not in banned), key=lambda label: (prior[label], -first[label]))
        if best != favourite:

            def carry_out(label: str) -> float:
                return self._play_plan(dealer.deal(self.rng), label, lines[label], start)

            best = self._check(carry_out, started, best, favourite)
        made.add(best)
        self._plan = list(lines[best])
        return first[best]

    def _left(self, started: float, share: float) -> int:
        """How many more searches fit in ``share`` of the budget."""
        if self.iterations is not None:
            return int(self.iterations * share) - self.searches
        spent = time.perf_counter() - started
        return int(self.searches * (self.think * share - spent) / spent) if spent > 0 and self.searches else 1

    def _check(self, play, started: float, challenger: str, favourite: str) -> str:
        """The challenger if fresh searches, made of it and of the greedy player's favourite
        in turn with the rest of the budget (``play(label)`` makes one and returns its
        reward), say it is surely better; else the favourite.

        The searches that made it the most searched cannot judge: the most searched of
        several choices is, on average, also the luckiest, so its lead overstates it."""
        tally = {challenger: Node(-1), favourite: Node(-1)}
        while self._left(started, 1.0) > 0:
            label = challenger if tally[challenger].visits <= tally[favourite].visits else favourite
            reward = play(label)
            self.searches += 1
            node = tally[label]
            node.visits += 1
            node.reward += reward
            node.squares += reward * reward
        return challenger if surely_better(tally[challenger], tally[favourite]) else favourite

    def _made_here(self, game: Game) -> set[str]:
        """The labels chosen earlier this turn at this decision in this position (as the
        deciding seat sees it, whatever order its own stacks are in)."""
        if game.state.turn != self._turn:
            self._made, self._turn = {}, game.state.turn
        decision = game.pending
        view = game.view_for(decision.player)
        for zone in view["zones"]:
            for stack in zone["stacks"]:
                if "units" in stack:
                    stack["units"].sort()
        key = json.dumps([decision.kind, [o.label for o in decision.options], view])
        return self._made.setdefault(key, set())

    # ------------------------------------------------------------------ one search

    def _prior(self, world: Game) -> tuple[dict[str, float], list[float], dict[str, tuple[str, ...]]]:
        """The greedy player's opinion of each choice at the root, from 0 to 1 (1: its
        favourite), weighed on one deal ``world``: it guides the first searches and fades
        as the searches pile up; every seat's margin now, which the searches' rewards are
        measured from; and, for each choice, the follow-up choices that carry it out."""
        start = margins(world)
        weighed = self.advisor.weigh_options(world)
        best = max(value for _, value, _ in weighed.values())
        prior = {label: math.exp(max(-50.0, (v - best) / SCALE)) for label, (_, v, _) in weighed.items()}
        return prior, start, {label: line for label, (_, _, line) in weighed.items()}

    def _search(self, root: Node, world: Game, prior: dict[str, float], start: list[float], banned: set[str]) -> None:
        node, path = root, []
        game = world
        while game.pending is not None:
            decision = game.pending
            if decision.count > 1:
                game.decide(self.greedy.choose_in(game))
                continue
            first = first_of_each_label(decision)
            if node is root and banned:
                first = {label: i for label, i in first.items() if label not in banned}
            if len(first) == 1:
                game.decide(next(iter(first.values())))
                continue
            untried = [label for label in first if label not in node.children]
            for label, child in node.children.items():
                if label in first:
                    child.offered += 1
            if untried:
                if node is root:  # the greedy player's favourites first
                    label = max(untried, key=lambda u: (prior[u], -first[u]))
                else:
                    label = untried[self.rng.randrange(len(untried))]
                child = node.children[label] = Node(decision.player)
                child.offered = 1
                game.decide(first[label])
                path.append(child)
                break
            label = self._select(node, first, prior if node is root else None)
            node = node.children[label]
            game.decide(first[label])
            path.append(node)
        rewards = self._play_on(game, start)
        for n in path:
            reward = rewards[n.player]
            n.visits += 1
            n.reward += reward
            n.squares += reward * reward

    def _play_plan(self, game: Game, label: str, line: tuple[str, ...], start: list[float]) -> float:
        """Make the root choice ``label`` on ``game`` and carry it out along ``line`` (the
        follow-up choices it will be played with), then play on as a search does; the
        searching seat's reward. What is checked is what would be played: searched, the
        follow-ups were tried at random, and a move card looked worse than its best move."""
        decision = game.pending
        seat = decision.player
        game.decide(first_of_each_label(decision)[label])
        steps = list(line)
        for _ in range(MOST_STEPS):
            decision = game.pending
            if not steps or decision is None:
                break
            if decision.player == seat and decision.kind in FOLLOW_UP and decision.count == 1:
                options = first_of_each_label(decision)
                if steps[0] not in options:
                    break
                game.decide(options[steps.pop(0)])
            elif decision.player != seat or decision.kind in INSIDE:
                self._roll(game, 1)  # an answer inside the action (a reaction, say), as a search plays it
            else:
                break
        return self._play_on(game, start)[seat]

    def _select(self, node: Node, first: dict[str, int], prior: dict[str, float] | None = None) -> str:
        best, best_score = None, -math.inf
        for label in first:
            child = node.children[label]
            score = child.reward / child.visits + EXPLORE * math.sqrt(math.log(child.offered) / child.visits)
            if prior is not None:
                score += BIAS * prior[label] / (1 + child.visits)  # progressive bias
            if score > best_score:
                best, best_score = label, score
        return best

    def _play_on(self, game: Game, start: list[float]) -> list[float]:
        """Play ``depth`` more decisions, then the reward of every seat, from 0 to 1."""
        self._roll(game, self.depth)
        return rewards(game, start)

    def _roll(self, game: Game, count: int) -> None:
        """Play ``count`` decisions as the searches play on (at random, or greedily)."""
        rng = self.rng
        for _ in range(count):
            decision = game.pending
            if decision is None:
                break
            n = len(decision.options)
            if self.rollout == "greedy":
                choice = self.greedy.choose_in(game)
            elif decision.count == 1:
                choice = rng.randrange(n)
            else:
                choice = rng.sample(range(n), decision.count)
            game.decide(choice)


def surely_better(challenger: Node | None, favourite: Node | None) -> bool:
    """Whether the searches say ``challenger`` beats the greedy player's favourite by more than
    their noise (``SURE`` standard errors: one chance in twenty of a lead this large by luck)."""
    if challenger is None or favourite is None or challenger.visits < 2 or favourite.visits < 2:
        return challenger is not None and favourite is None
    (mc, vc), (mf, vf) = _mean_and_variance(challenger), _mean_and_variance(favourite)
    return mc - mf > SURE * math.sqrt(vc + vf + 1e-12)


def _mean_and_variance(node: Node) -> tuple[float, float]:
    """A node's mean reward and the variance of that mean (from at least two searches)."""
    mean = node.reward / node.visits
    return mean, max(0.0, node.squares / node.visits - mean * mean) / (node.visits - 1)


def settled(root: Node, left: int) -> bool:
    """Whether the most searched choice stays first whatever the ``left`` searches to come do."""
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    return len(visits) > 1 and visits[0] - visits[1] > left


def margins(game: Game) -> list[float]:
    """Every seat's worth less the best of the others' (the evaluation of each seat)."""
    worth = scores(game)
    return [w - max((o for j, o in enumerate(worth) if j != i), default=0.0) for i, w in enumerate(worth)]


def rewards(game: Game, start: list[float] | None = None) -> list[float]:
    """Every seat's reward for the position: 1 won, 0 lost, 0.5 drawn; short of the end, a
    logistic of how much its margin grew since ``start`` (the margins when the search
    began). Measured from the start, a seat far ahead or far behind still tells a good
    choice from a bad one: from zero, its rewards would all be close to 1 (or 0)."""
    s = game.state
    seats = len(s.players)
    if s.over:
        return [0.5 if s.winner == -1 else (1.0 if s.winner == i else 0.0) for i in range(seats)]
    out = []
    for i, margin in enumerate(margins(game)):
        x = max(-50.0, min(50.0, (margin - (start[i] if start else 0.0)) / SCALE))
        out.append(1.0 / (1.0 + math.exp(-x)))
    return out


def first_of_each_label(decision: Any) -> dict[str, int]:
    """Label -> the first option carrying it, in option order."""
    out: dict[str, int] = {}
    for i, option in enumerate(decision.options):
        out.setdefault(option.label, i)
    return out
