"""Doctor Who scenarios: a real game on a small hand-made map, rearranged into an exact position.

    game = scenario("daleks", "cybermen")          # empty board, empty hands, no markers
    place(game, 0, EARTH, "war_fleet")             # units from the common pool
    card = give(game, 0, "mind_control")[0]        # cards into a hand
    run_phases(game, 0, "battle")                  # seat 0's battle phase, then stop
    game.decide(f"card:{card}")

The map (Maelstrom is a Hazard zone)::

    Skaro(rich) --- Void(void) --- Earth(nexus) --- Mars(nexus)
        |              |               |                |
    Peladon(poor) - Maelstrom(hazard) - Karn(average) - Telos(rich)

After ``scenario`` the deck holds only Space Travel cards (every other card is set aside),
so a refill after a battle never hands anyone a surprise reaction; ``give`` takes any card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from warp_empires import Game, GameSetup, Seat, ZoneMap
from warp_empires.model.state import POOL
from warp_empires.rules.turn import EndTurn, PhaseStep, TurnStep

SKARO, VOID, EARTH, MARS, PELADON, MAELSTROM, KARN, TELOS = range(8)

ZONES = [
    ("Skaro", "rich", 3, "SK"),
    ("Void", "void", 0, "VO"),
    ("Earth", "nexus", 3, "EA"),
    ("Mars", "nexus", 3, "MA"),
    ("Peladon", "poor", 1, "PE"),
    ("Maelstrom", "hazard", 0, "ML"),
    ("Karn", "average", 2, "KA"),
    ("Telos", "rich", 3, "TE"),
]
EDGES = [(0, 1), (1, 2), (2, 3), (0, 4), (1, 5), (2, 6), (3, 7), (4, 5), (5, 6), (6, 7)]

SEAT_NAMES = "ABCDEF"


def new_game(*factions: str, seed: int = 1, turn_limit: int | None = None, zones=ZONES, edges=EDGES, starts: Sequence[int] = ()) -> Game:
    """A game as the engine sets it up (start zones, units, cards, Earth)."""
    seats = [Seat(SEAT_NAMES[i], f) for i, f in enumerate(factions)]
    return Game(GameSetup("doctor_who", seats, ZoneMap.build(zones, edges, starts), seed=seed, turn_limit=turn_limit))


def scenario(*factions: str, **kwargs) -> Game:
    """A game with nothing in play: no units on the map, empty hands, no control markers,
    empty treasuries and a deck of Space Travel cards only."""
    game = new_game(*factions, **kwargs)
    s = game.state
    for u in s.units:
        if u.place != POOL:
            s.return_to_pool(u.id)
    for p in s.players:
        p.hand.clear()
        p.treasury = p.revenue = 0
    s.deck = [c for c, ct in enumerate(game.rules.cards) if ct.id == "space_travel"]
    s.discard.clear()
    s.control.clear()
    s.lasting.clear()
    s.destroyed_this_turn.clear()
    s.registers.clear()
    return game


def place(game: Game, seat: int, zone: int, *unit_types: str) -> list[int]:
    """Put one chit of each named unit type from the pool into ``zone`` for ``seat``."""
    s = game.state
    ids = []
    for type_id in unit_types:
        unit = next(u.id for u in s.units if u.type.id == type_id and u.place == POOL and u.id in s.pools[u.pool])
        s.put_on_board(unit, seat, zone)
        ids.append(unit)
    return ids


def give(game: Game, seat: int, *card_types: str) -> list[int]:
    """Put one card of each named type into ``seat``'s hand (taken from wherever it is)."""
    s = game.state
    held = {c for p in s.players for c in p.hand}
    ids = []
    for type_id in card_types:
        card = next(c for c, ct in enumerate(game.rules.cards) if ct.id == type_id and c not in held)
        for pile in (s.deck, s.discard):
            if card in pile:
                pile.remove(card)
        s.players[seat].hand.append(card)
        held.add(card)
        ids.append(card)
    return ids


def cards_of(game: Game, type_id: str) -> list[int]:
    """Every card id of one card type."""
    return [c for c, ct in enumerate(game.rules.cards) if ct.id == type_id]


def control(game: Game, seat: int, *zones: int) -> None:
    for zone in zones:
        game.state.control[zone] = seat


def set_pool(game: Game, *unit_types: str) -> list[int]:
    """Make the common pool hold exactly one chit of each named type (the rest are set aside)."""
    s = game.state
    chosen = []
    for type_id in unit_types:
        chosen.append(next(u.id for u in s.units if u.type.id == type_id and u.place == POOL and u.id not in chosen))
    s.pools["common"] = chosen[:]
    return chosen


def units_in(game: Game, zone: int, seat: int) -> list[str]:
    """Type ids of ``seat``'s units in ``zone``, sorted."""
    return sorted(game.state.units[u].type.id for u in game.state.stack(zone, seat))


def option_ids(game: Game) -> list[str]:
    return [o.id for o in game.pending.options]


def _restart(game: Game, steps: list) -> None:
    """Replace whatever the rules were about to do with ``steps`` and run them.

    Tests rearrange the position first and then start the rules at a chosen point; the
    engine has no public way to do that, so this reaches into its step stack.
    """
    game._stack = []
    game._pending = None
    game.push(*steps)
    game._advance()


def run_phases(game: Game, seat: int, *phases: str, turn: int | None = None, end_turn: bool = False) -> None:
    """Run the named phases of ``seat``'s turn on the position as it is, then stop
    (``game.pending`` is None once they are over). ``turn`` defaults to ``seat``'s first
    turn; ``end_turn`` adds the end-of-turn checks (victory, turn limit) and play goes on."""
    s = game.state
    s.turn = seat + 1 if turn is None else turn
    s.active = seat
    steps = [PhaseStep(name, seat) for name in phases]
    if end_turn:
        steps.append(EndTurn(seat))
    _restart(game, steps)


def start_turn(game: Game, seat: int, turn: int | None = None) -> None:
    """Start ``seat``'s whole turn (expiring old card effects first), and play on from there."""
    game.state.turn = seat + 1 if turn is None else turn
    _restart(game, [TurnStep(seat)])


def answer(game: Game, *choices) -> None:
    """Make several choices in order."""
    for choice in choices:
        game.decide(choice)


class LoadedDice(random.Random):
    """The game's generator with scripted die rolls (everything else stays seeded)."""

    def __init__(self, rolls: Sequence[int], seed: int = 0):
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)
