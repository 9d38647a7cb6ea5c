"""The greedy player (``ai:greedy``): tries every option one step ahead and keeps the best.

For each option it plays the option on a copy of the game, dealt again from what its
seat may see (:mod:`.determinize`), and weighs the position with the generic evaluation
(:mod:`.evaluate`). A choice that only leads to another choice of the same action (a
move card, then the stack, then the units, then where to) is followed to the end of the
action, assuming the best at every further step; what is asked inside it (reactions,
battle cards, a battle's losses and retreat), of this player or another, gets a stand-in
answer, so a roll or an attack is weighed once it has done what it does. A choice that
rolls dice is weighed over a few rolls. Decisions that pick several options at once
(losses, disbanding, discarding to the hand limit) weigh a few likely sets: the least and
the most valuable units or cards, and sets one swap away.

>>> from warp_empires import Game, GameSetup, Seat
>>> from warp_empires.mapgen import generate_for_theme
>>> from warp_empires.plugins import make_manager
>>> pm = make_manager("doctor_who")
>>> game = Game(GameSetup("doctor_who", [Seat("Ann", "daleks"), Seat("Bob", "cybermen")],
...             generate_for_theme(pm, zones=20, players=2, seed=1), seed=1, turn_limit=3), plugins=pm)
>>> bot = GreedyAgent(seed=1)
>>> while game.pending:
...     game.decide(bot.choose(game))
>>> game.winner in (-1, 0, 1)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .determinize import determinize
from .evaluate import Weights, card_worth, evaluate, unit_worth

if TYPE_CHECKING:
    from ..decisions import Decision
    from ..engine import Game

#: Decisions that only say more about an action already begun (which stack, which units,
#: where to, at whom, where to place): followed to the end of the action before weighing.
FOLLOW_UP = frozenset({"choose_stack", "choose_units", "choose_destination", "card_target", "place", "choose_top"})
#: Options that begin nothing (or give up the action begun): weighed on the position as it
#: stands. Giving up must not borrow the worth of the best action still open after it, or a
#: player picks a stack, gives it up, and picks it again until its moves run out.
STOPS = frozenset({"stop", "pass", "done", "back"})
#: Answers given inside an action already under way, by whoever is asked: reactions to a
#: card, a die or a move, battle cards, a battle's losses and the retreat. In a look-ahead
#: they get a stand-in answer (:func:`stand_in`) and the action runs on to its end: stopped
#: there, a diplomacy roll or an attack that opens a reaction window or a battle looked
#: like doing nothing, because what it does comes after the answers.
INSIDE = frozenset({"reaction", "battle_card", "pick_enemy_loss", "pick_own_losses", "retreat"})
#: At most this many stand-in answers in one look-ahead (card rounds can nest).
MOST_STAND_INS = 40


class GreedyAgent:
    """One step ahead with the generic evaluation. ``rolls``: how many dice futures a
    choice that rolls is weighed over (up to four times as many while they all come out
    alike); ``budget``: at most this many positions weighed for each option of a decision
    in a theme of at most 120 unit chits, fewer in bigger ones but never under 30 (the rest
    are weighed where the action stands); ``weights``: what it thinks each part of a
    position is worth (by default the game's, :func:`~.evaluate.weights_for`);
    ``swaps``: whether a decision picking several options also weighs the sets one swap
    away from the least valuable (without, only the least and the most valuable set)."""

    def __init__(self, seed: int = 0, weights: Weights | None = None, rolls: int = 3, budget: int = 60, swaps: bool = True):
        self.seed = seed
        self.rng = random.Random(seed)
        self.weights = weights
        self.rolls = rolls
        self.budget = budget
        self.swaps = swaps
        self._left = 0
        self._plan: list[str] = []  # labels of the follow-up choices still to make
        self._line: tuple[str, ...] = ()  # the follow-up choices of the position last weighed
        self._best_line: tuple[str, ...] = ()  # and of the option chosen

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed})"

    def choose(self, game: Game) -> Any:
        decision = game.pending
        planned = self._planned(decision)
        if planned is not None:
            return planned
        world = determinize(game, decision.player, self.rng)
        choice = self.choose_in(world)
        self._plan = list(self._best_line)
        return choice

    def _planned(self, decision: Decision) -> int | None:
        """The next step of the action chosen earlier, if this decision carries it on.
        Weighing each step anew on a fresh deal makes a player pick a stack, give it up
        and pick it again; keeping to the line it chose ends the action it began."""
        plan, self._plan = self._plan, []
        if not plan or decision.kind not in FOLLOW_UP or decision.count > 1:
            return None
        for i, option in enumerate(decision.options):
            if option.label == plan[0]:
                self._plan = plan[1:]
                return i
        return None

    def choose_in(self, world: Game) -> Any:
        """The choice for ``world.pending``, looking ahead on ``world`` itself (a game the
        caller has already dealt from the seat's view)."""
        decision = world.pending
        self._best_line = ()
        if decision.count > 1:
            self._left = self._budget_for(world)
            return self._best_set(world, decision)
        if len(decision.options) == 1:
            return 0
        best, best_value = 0, None
        for i, value, line in self.weigh_options(world).values():
            if best_value is None or value > best_value + 1e-9:
                best, best_value = i, value
                self._best_line = line
        return best

    def weigh_options(self, world: Game) -> dict[str, tuple[int, float, tuple[str, ...]]]:
        """Every option of ``world.pending`` (one pick) by label, in option order: the first
        option carrying the label, its worth for the deciding seat, and the follow-up
        choices that reach that worth."""
        decision = world.pending
        budget = self._budget_for(world)
        seen: dict[str, tuple[int, float, tuple[str, ...]]] = {}
        for i, option in enumerate(decision.options):
            label = option.label
            if label in seen:  # two options named alike (two copies of a card) are alike
                continue
            self._line = ()
            if option.id in STOPS and decision.kind not in INSIDE:
                # Doing nothing is weighed on the position as it stands, as every other
                # option is weighed where its action ends: then a choice that changes
                # nothing (showing another unit on top) never beats passing, and the
                # player cannot loop on it.
                value = evaluate(world, decision.player, self.weights)
            else:
                # Each option is weighed with the whole budget: shared, the first move
                # card spent it on its first stacks and the others were weighed unplayed.
                self._left = budget
                value = self.value_of(world, i, decision.player)
            seen[label] = (i, value, self._line)
        return seen

    def _budget_for(self, world: Game) -> int:
        # A copy of the game costs what its unit chits cost (a theme with 300 chits copies
        # five times slower than one with 60), so fewer positions are weighed in big themes.
        return max(30, min(self.budget, self.budget * 120 // max(1, len(world.state.units))))

    # ------------------------------------------------------------------ weighing

    def value_of(self, world: Game, choice: Any, seat: int) -> float:
        """The worth for ``seat`` of making ``choice`` now (over a few dice futures if it rolls)."""
        ahead = world.clone()
        ahead.decide(choice)
        value, line = self._settle(ahead, seat, 4)
        if self.rolls > 1 and ahead._rng is not None:  # it rolled: weigh other rolls too
            values = [value]
            # A roll that seldom succeeds (a 6 to win a city over) looks like doing nothing
            # in a few futures, and doing nothing wins a tie: while every future weighed
            # came out alike, a few more are weighed.
            while len(values) < self.rolls or (len(values) < 4 * self.rolls and max(values) - min(values) < 1e-9):
                again = world.clone()
                again.rng = random.Random(self.rng.getrandbits(32))
                again.decide(choice)
                values.append(self._settle(again, seat, 4)[0])
            value = sum(values) / len(values)
        self._line = line
        return value

    def _settle(self, game: Game, seat: int, depth: int, asked: frozenset[str] = frozenset()) -> tuple[float, tuple[str, ...]]:
        """The worth of ``game`` for ``seat`` once the action under way is over, and the
        labels of the follow-up choices that reach it: a follow-up decision of ``seat`` is
        answered with its best option; a second stack to move with the same card (a kind
        of decision ``asked`` already) starts another action."""
        self._left -= 1
        run_inside(game)
        decision = game.pending
        if (
            decision is None or decision.player != seat or decision.kind not in FOLLOW_UP or depth == 0 or self._left <= 0
            or (decision.kind in asked and decision.kind != "choose_units")
        ):
            return evaluate(game, seat, self.weights), ()
        asked = asked | {decision.kind}
        if decision.count > 1:
            ahead = game.clone()
            ahead.decide(list(range(decision.count)))
            return evaluate(ahead, seat, self.weights), ()
        best: tuple[float, tuple[str, ...]] | None = None
        tries: list[tuple[Game, tuple[str, ...], int | None]] = []
        seen: set[str] = set()
        for i in self._follow_ups(game, decision):
            label = decision.options[i].label
            if label not in seen:
                seen.add(label)
                tries.append((game, (label,), i))
        if decision.kind == "choose_units" and not any(o.id in ("go", "all") for o in decision.options):
            gathered = gather(game, decision)
            if gathered is not None:
                tries.append(gathered + (None,))
        for start, labels, i in tries:
            ahead = start.clone()
            if i is not None:
                ahead.decide(i)
            value, line = self._settle(ahead, seat, depth - 1, asked)
            if best is None or value > best[0]:
                best = (value, labels + line)
            if self._left <= 0:
                break
        return (evaluate(game, seat, self.weights), ()) if best is None else best

    def _follow_ups(self, game: Game, decision: Decision) -> list[int]:
        """The options of a follow-up decision worth weighing. Picking the units of a group
        is weighed for three groups only: the whole stack, its least valuable unit alone
        (to take an empty zone) and its most valuable alone; once units are picked, they go."""
        options = decision.options
        if decision.kind != "choose_units":
            return list(range(len(options)))
        ids = [o.id for o in options]
        if "go" in ids:
            return [ids.index("go")]
        units = sorted((option_worth(game, o), i) for i, o in enumerate(options) if o.id.startswith("unit:"))
        picks = [i for i, o in enumerate(options) if o.id == "all"]
        if units:
            picks += [units[0][1], units[-1][1]]
        return picks

    # ------------------------------------------------------------------ picking several

    def _best_set(self, world: Game, decision: Decision) -> list[int]:
        """The best of a few likely sets of ``decision.count`` options."""
        n, k = len(decision.options), decision.count
        order = sorted(range(n), key=lambda i: (option_worth(world, decision.options[i]), i))
        candidates = [sorted(order[:k]), sorted(order[-k:])]
        low = order[:k]
        for out in range(min(k, 3) if self.swaps else 0):
            for extra in order[k:k + 3]:
                swapped = sorted([x for j, x in enumerate(low) if j != out] + [extra])
                candidates.append(swapped)
        best, best_value = None, None
        weighed: set[tuple[int, ...]] = set()
        for picks in candidates:
            if tuple(picks) in weighed:  # the swaps may repeat a set already weighed
                continue
            weighed.add(tuple(picks))
            value = self.value_of(world, picks, decision.player)
            self._line = ()
            if best_value is None or value > best_value + 1e-9:
                best, best_value = picks, value
        return best


def stand_in(decision: Decision, game: Game) -> Any:
    """What a player is assumed to answer inside an action, in a look-ahead: no card when
    it may pass (its hand is a guess anyway), its least valuable units as its own losses,
    the most valuable as the enemy's, the first way out as the retreat.

    Every player can play a reaction or a battle card, so the look-ahead that assumes none
    is played is hopeful; without it the look-ahead never sees a battle end."""
    ids = [o.id for o in decision.options]
    if "pass" in ids:
        return ids.index("pass")
    order = sorted(range(len(ids)), key=lambda i: (option_worth(game, decision.options[i]), i))
    if decision.kind == "pick_enemy_loss":
        order.reverse()
    return sorted(order[: decision.count]) if decision.count > 1 else order[0]


def run_inside(game: Game) -> None:
    """Answer the decisions inside the action under way (:data:`INSIDE`) with their stand-in
    answers, on ``game`` itself, until a decision of another kind, or the end, is reached."""
    for _ in range(MOST_STAND_INS):
        decision = game.pending
        if decision is None or decision.kind not in INSIDE:
            return
        game.decide(stand_in(decision, game))


def option_worth(game: Game, option: Any) -> float:
    """What the thing an option names is worth: a unit by its force, a card by what it
    does (moving stacks most)."""
    value = option.value
    if isinstance(value, int) and not isinstance(value, bool):
        if option.id.startswith("unit:") and 0 <= value < len(game.state.units):
            return unit_worth(game.state.units[value].type)
        if option.id.startswith("card:") and 0 <= value < len(game.rules.cards):
            return card_worth(game, value)
    return 0.0


def gather(game: Game, decision: Decision) -> tuple[Game, tuple[str, ...]] | None:
    """The biggest group that can still go together, most valuable units first: a copy of
    the game with those units picked, and the labels of the picks. Without it a stack only
    ever sends out one unit at a time, and a big garrison never marches."""
    ahead = game.clone()
    labels: list[str] = []
    for option in sorted(decision.options, key=lambda o: -option_worth(game, o)):
        if not option.id.startswith("unit:"):
            continue
        pending = ahead.pending
        if pending is None or pending.kind != "choose_units":
            break
        ids = [o.id for o in pending.options]
        if option.id not in ids:
            continue
        trial = ahead.clone()
        trial.decide(ids.index(option.id))
        pending = trial.pending
        if pending is not None and pending.kind == "choose_units" and any(o.id == "go" for o in pending.options):
            ahead = trial
            labels.append(option.label)
    if len(labels) < 2:
        return None  # one unit alone is weighed already
    return ahead, tuple(labels)
