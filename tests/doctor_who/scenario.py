"""Doctor Who scenarios: a real game on a small hand-made map, rearranged into an exact position
by :class:`warp_empires.testing.Position` (what is here is only what these tests share).

    game = scenario("daleks", "cybermen")          # empty board, empty hands, no markers
    place(game, 0, EARTH, "war_fleet")             # units from the common pool
    card = give(game, 0, "mind_control")[0]        # cards into a hand
    run_phases(game, 0, "battle")                  # seat 0's battle phase, then stop
    game.decide(f"card:{card}")

or, the same in fewer words::

    game = scenario("daleks", "cybermen")
    (war_fleet,), (scouts,) = face_off(game, EARTH, ["war_fleet"], ["scouts"])
    card, = start_battle_phase(game, ["mind_control"])   # seat 0's hand, then seat 1's
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

import pytest

from warp_empires import Game, GameSetup, IllegalChoice, Seat, ZoneMap
from warp_empires.rules.economy import revenue_parts
from warp_empires.testing import Position, option_ids, units_in  # noqa: F401  (some are re-exported for older tests)
from warp_empires.testing import answer as play_answer

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
    game = Position.of(new_game(*factions, **kwargs)).game
    s = game.state
    s.deck = [c for c, ct in enumerate(game.rules.cards) if ct.id == "space_travel"]
    return game


def place(game: Game, seat: int, zone: int, *unit_types: str) -> list[int]:
    """Put one chit of each named unit type from the pool into ``zone`` for ``seat``."""
    return Position.of(game, empty=False).place(seat, zone, *unit_types)


def give(game: Game, seat: int, *card_types: str) -> list[int]:
    """Put one card of each named type into ``seat``'s hand (from the deck or the discards,
    or set aside by ``scenario``)."""
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


def deal(game: Game, *hands: Sequence[str]) -> list[int]:
    """Give seat 0 the card types of the first hand, seat 1 those of the second, and so on:
    every card id given, in that order."""
    return [card for seat, hand in enumerate(hands) for card in give(game, seat, *hand)]


def face_off(game: Game, zone: int, attackers: Sequence[str], defenders: Sequence[str]) -> tuple[list[int], list[int]]:
    """Seat 0's ``attackers`` and seat 1's ``defenders`` in ``zone``: the two sides' unit ids."""
    return place(game, 0, zone, *attackers), place(game, 1, zone, *defenders)


def lost_this_turn(game: Game, seat: int, unit_type: str) -> int:
    """A unit of ``seat``'s that was destroyed earlier this turn: back in the pool, and
    remembered as ``seat``'s loss."""
    s = game.state
    unit = place(game, seat, SKARO, unit_type)[0]  # out of the pool, onto the map, and back
    s.return_to_pool(unit)
    s.destroyed_this_turn.append(unit)
    s.last_owner[unit] = seat
    return unit


def stack_deck(game: Game, *card_types: str) -> list[int]:
    """Make the deck one card of each named type, drawn in the order given: their ids, in that order."""
    cards = [cards_of(game, t)[0] for t in card_types]
    game.state.deck = cards[::-1]  # cards are drawn from the end
    return cards


def cards_of(game: Game, type_id: str) -> list[int]:
    """Every card id of one card type."""
    return [c for c, ct in enumerate(game.rules.cards) if ct.id == type_id]


def control(game: Game, seat: int, *zones: int) -> None:
    Position.of(game, empty=False).set_control(seat, *zones)


def set_pool(game: Game, *unit_types: str) -> list[int]:
    """Make the common pool hold exactly one chit of each named type (the rest are set aside)."""
    return Position.of(game, empty=False).set_pool(*unit_types)


def run_phases(game: Game, seat: int, *phases: str, turn: int | None = None, end_turn: bool = False) -> None:
    """Run the named phases of ``seat``'s turn on the position as it is, then stop
    (``game.pending`` is None once they are over). ``turn`` defaults to ``seat``'s first
    turn; ``end_turn`` adds the end-of-turn checks (victory, turn limit) and play goes on."""
    Position.of(game, empty=False).start(seat, *phases, turn=turn, end_turn=end_turn)


def run_phases_holding(game: Game, seat: int, phases: Sequence[str], *hands: Sequence[str], turn: int | None = None) -> list[int]:
    """``deal`` the hands (seat 0's first), then ``run_phases``: the card ids dealt."""
    cards = deal(game, *hands)
    run_phases(game, seat, *phases, turn=turn)
    return cards


def start_move_phase(game: Game, *hands: Sequence[str]) -> list[int]:
    """``deal`` the hands and start seat 0's move phase (turn 1): the card ids dealt."""
    return run_phases_holding(game, 0, ["move"], *hands)


def start_battle_phase(game: Game, *hands: Sequence[str]) -> list[int]:
    """``deal`` the hands and start seat 0's battle phase (turn 1): the card ids dealt."""
    return run_phases_holding(game, 0, ["battle"], *hands)


def play_move_card(game: Game, card_type: str, *choices) -> int:
    """Seat 0 is given a card of ``card_type``, starts its move phase and plays the card,
    then makes ``choices``: the card's id."""
    card = give(game, 0, card_type)[0]
    run_phases(game, 0, "move")
    answer(game, f"card:{card}", *choices)
    return card


def start_turn(game: Game, seat: int, turn: int | None = None) -> None:
    """Start ``seat``'s whole turn (expiring old card effects first), and play on from there."""
    Position.of(game, empty=False).start_turn(seat, turn)


def answer(game: Game, *choices) -> None:
    """Make several choices in order."""
    play_answer(game, *choices)


def refused(game: Game, card: int) -> None:
    """The card is not among the choices, and choosing it anyway is illegal."""
    assert f"card:{card}" not in option_ids(game)
    with pytest.raises(IllegalChoice):
        game.decide(f"card:{card}")


def refused_in_move_phase(game: Game, card_type: str) -> None:
    """Seat 0 starts its move phase holding a card of ``card_type`` and Research Experiments
    (playable while there is a card to draw, so the phase has a question to ask): the card
    is ``refused``."""
    card, _research = start_move_phase(game, [card_type, "research_experiments"])
    refused(game, card)


def refused_in_battle(game: Game, card_type: str) -> None:
    """Seat 0 starts its battle phase holding a card of ``card_type`` and Surprise Attack:
    Surprise Attack is the only card offered, and the other is ``refused``."""
    card, surprise = start_battle_phase(game, [card_type, "surprise_attack"])
    assert option_ids(game) == ["pass", f"card:{surprise}"]
    refused(game, card)


def revenue(game: Game, seat: int) -> int:
    """What ``seat`` would earn in a revenue phase now."""
    return sum(p.amount for p in revenue_parts(game, seat))


class LoadedDice(random.Random):
    """The game's generator with scripted die rolls (everything else stays seeded)."""

    def __init__(self, rolls: Sequence[int], seed: int = 0):
        super().__init__(seed)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)
