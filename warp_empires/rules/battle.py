"""Battle phase (B5-B7): card rounds, forces, casualties, captured leaders, retreat.

Every zone holding units of the active player and of an opponent is a battle; the
active player attacks and picks the order. Both sides play battle cards in turn,
attacker first, until both pass one after the other. The higher force wins; a tie
goes to the defender.
"""

from __future__ import annotations

import functools
from math import ceil
from typing import TYPE_CHECKING, NamedTuple

import attrs

from ..decisions import Decision, Option
from ..step import Step, rule_step
from .cards import refill
from .reactions import PASS, PlayCard, card_options

if TYPE_CHECKING:
    from ..engine import Game

#: The context of the question after the battles: which card window it is (``why CARD`` reads it).
AFTER_BATTLE_WINDOW = {"window": "after_battle"}


class Modifier(NamedTuple):
    """A labelled addition to a force or a revenue (shown itemised)."""

    label: str
    amount: int


@attrs.define(slots=True)
class Battle:
    """The battle being fought, kept in ``game.state.battle`` while it lasts."""

    zone: int
    attacker: int
    defender: int
    cards: dict[int, list[Modifier]] = attrs.field(factory=dict)  # seat -> card bonuses
    exterminate: bool = False  # the loser loses every unit
    no_casualties: bool = False  # nobody loses units (the loser still retreats)
    units: tuple[int, ...] | None = None  # if set, only these units fight (e.g. a space battle)
    kind: str = ""  # what kind of battle a theme says this is ("space", "ground", "sea"...), for cards
    winner: int = -1
    loser: int = -1
    lost_force: int = 0  # the printed force of the units the loser lost (B6)
    # A theme with several kinds of battle (a space battle, then a ground battle) may set:
    force: dict[int, int] = attrs.field(factory=dict)  # unit -> the force it fights with here
    no_bonus: frozenset[int] = frozenset()  # units that get no per-unit bonus (abilities, cards)
    loss_order: dict[int, int] = attrs.field(factory=dict)  # unit -> rank; lower ranks are lost first

    def copy(self) -> Battle:
        return attrs.evolve(
            self, cards={k: v[:] for k, v in self.cards.items()}, force=dict(self.force), loss_order=dict(self.loss_order)
        )

    def other(self, seat: int) -> int:
        return self.defender if seat == self.attacker else self.attacker

    def fighters(self, game: Game, seat: int) -> list[int]:
        ids = game.state.stack(self.zone, seat)
        return ids if self.units is None else [u for u in ids if u in self.units]

    def unit_force(self, game: Game, unit_id: int) -> int:
        """The force ``unit_id`` fights with in this battle (its printed force unless set)."""
        force = self.force.get(unit_id)
        return game.state.units[unit_id].type.force if force is None else force

    def bonus_fighters(self, game: Game, seat: int) -> list[int]:
        """The fighters of ``seat`` that per-unit bonuses (abilities, battle cards) apply to."""
        return [u for u in self.fighters(game, seat) if u not in self.no_bonus]

    def loss_candidates(self, game: Game, seat: int, among: list[int] | None = None) -> list[int]:
        """The fighters of ``seat`` (or those of ``among``) that may be lost next: those of
        the lowest ``loss_order`` rank."""
        fighters = self.fighters(game, seat) if among is None else among
        if not self.loss_order or not fighters:
            return fighters
        first = min(self.loss_order.get(u, 0) for u in fighters)
        return [u for u in fighters if self.loss_order.get(u, 0) == first]


def battle_zones(game: Game, seat: int, zone_tag: str | None = None, exclude_tag: str | None = None) -> list[int]:
    """Zones holding ``seat``'s units and an opponent's; only zones whose type carries
    ``zone_tag`` (if given) and not ``exclude_tag`` (if given)."""
    s = game.state
    mine = s.occupied.get(seat)
    if not mine:
        return []
    # From the occupied index rather than a look at every unit of every stack (asked at
    # every turn): the zones where another seat has units too.
    theirs: set[int] = set()
    for other, zones in s.occupied.items():
        if other != seat:
            theirs.update(zones)
    zones = sorted(mine.keys() & theirs)
    if zone_tag is not None:
        zones = [z for z in zones if zone_tag in s.zone_types[z].tags]
    if exclude_tag is not None:
        zones = [z for z in zones if exclude_tag not in s.zone_types[z].tags]
    return zones


def battle_phase(game: Game, seat: int) -> list[Step]:
    return [*_battle_steps(seat)]


@functools.lru_cache(maxsize=64)
def _battle_steps(seat: int) -> tuple[Step, ...]:
    return (BattlePhase(seat), AfterBattles(seat))  # steps never change: every turn shares them


@rule_step
class BattlePhase(Step):
    """The active player fights every battle, choosing the order. ``zone_tag`` and
    ``exclude_tag`` limit it to some zones (e.g. a sea battle phase, then a land one).

    Each opponent in a zone is fought once a phase (``fought`` holds the (zone, opponent)
    pairs done): a theme may leave enemies side by side after their battle (W7: ships
    in orbit over enemy ground troops), and they are not fought again and again."""

    seat: int
    zone_tag: str | None = None
    exclude_tag: str | None = None
    fought: tuple[tuple[int, int], ...] = ()

    def _next_opponent(self, game: Game, zone: int) -> int | None:
        # Against several opponents in one zone, fight them one at a time in seat order.
        n = len(game.state.players)
        owners = game.state.owners_in(zone)
        for i in range(1, n):
            other = (self.seat + i) % n
            if other in owners and (zone, other) not in self.fought:
                return other
        return None

    def run(self, game: Game) -> Decision | None:
        zones = []
        for z in battle_zones(game, self.seat, self.zone_tag, self.exclude_tag):  # a loop, not a comprehension: asked every turn
            if self._next_opponent(game, z) is not None:
                zones.append(z)
        if not zones:
            return None
        options = [Option(f"zone:{z}", f"Battle in {game.zone_name(z)}", z) for z in zones]
        return game.ask(self.seat, "choose_battle", "Which battle next?", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        zone = decision.options[picked[0]].value
        defender = self._next_opponent(game, zone)
        steps = game.hook.warp_battle_steps(game=game, zone=zone, attacker=self.seat, defender=defender)
        game.push(*steps, attrs.evolve(self, fought=(*self.fought, (zone, defender))))


@rule_step
class AfterBattles(Step):
    """Once every battle is fought, the active player may play cards made for that moment
    (effects whose ``phases`` include ``"after_battle"``, e.g. bringing back a unit
    destroyed this turn). Nobody is asked when no such card can be played."""

    seat: int

    def run(self, game: Game) -> Decision | None:
        options = card_options(game, self.seat, None, "after_battle")
        if not options:
            return None
        return game.ask(self.seat, "play_card", "Battles are over: play a card or pass", [PASS, *options], context=AFTER_BATTLE_WINDOW)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        option = decision.options[picked[0]]
        if option.id != "pass":
            game.push(PlayCard(self.seat, option.value), self)


def generic_battle_steps(zone: int, attacker: int, defender: int) -> list[Step]:
    return [StartBattle(zone, attacker, defender), BattleCards(attacker, 0), ResolveBattle()]


@rule_step
class StartBattle(Step):
    """Open the battle in ``zone``. ``units`` limits who fights; ``force`` (unit, force)
    pairs set the force some units fight with; ``no_bonus`` units get no per-unit
    bonuses; ``loss_order`` (unit, rank) pairs make lower ranks be lost first; ``kind``
    names the kind of battle for cards that work only in one (``battle = "space"``)."""

    zone: int
    attacker: int
    defender: int
    units: tuple[int, ...] | None = None
    force: tuple[tuple[int, int], ...] = ()
    no_bonus: tuple[int, ...] = ()
    loss_order: tuple[tuple[int, int], ...] = ()
    kind: str = ""

    def run(self, game: Game) -> None:
        game.state.battle = Battle(
            self.zone, self.attacker, self.defender, {self.attacker: [], self.defender: []}, units=self.units,
            kind=self.kind, force=dict(self.force), no_bonus=frozenset(self.no_bonus), loss_order=dict(self.loss_order),
        )
        game.emit("battle_started", zone=self.zone, attacker=self.attacker, defender=self.defender, battle_kind=self.kind)
        return None


@rule_step
class BattleCards(Step):
    """Card rounds: ``seat`` may play a battle card or pass; two passes in a row end them."""

    seat: int
    passes: int

    def run(self, game: Game) -> Decision | None:
        battle = game.state.battle
        options = card_options(game, self.seat, "battle", "battle")
        if not options:
            self._passed(game, battle)
            return None
        return game.ask(self.seat, "battle_card", f"Battle in {game.zone_name(battle.zone)}: play a card?", [PASS, *options], context=force_report(game, battle))

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        battle = game.state.battle
        option = decision.options[picked[0]]
        if option.id == "pass":
            self._passed(game, battle)
        else:
            game.push(PlayCard(self.seat, option.value, "battle"), BattleCards(battle.other(self.seat), 0))

    def _passed(self, game: Game, battle: Battle) -> None:
        if self.passes == 0:
            game.push(BattleCards(battle.other(self.seat), 1))


def unit_bonus(game: Game, unit_id: int, seat: int, attacking: bool) -> int:
    """Per-unit force from the unit's own notes and its side's faction abilities."""
    faction = game.state.players[seat].faction
    bonus = 0
    for source in (game.state.units[unit_id].type.abilities, faction.abilities):
        for a in source:
            if a.tag is not None and a.tag not in game.state.units[unit_id].type.tags:
                continue
            if a.kind == "force_per_unit" or (a.kind == "force_per_unit_attacking" and attacking) or (a.kind == "force_per_unit_defending" and not attacking):
                bonus += a.amount
    return bonus


def side_force(game: Game, battle: Battle, seat: int) -> tuple[int, list[Modifier]]:
    """A side's total force and its itemised parts."""
    units = game.state.units
    fighters = battle.fighters(game, seat)
    attacking = seat == battle.attacker
    force = per_unit = 0
    mine = False  # a leader among the fighters
    for u in fighters:  # one loop, not a generator for each sum (docs/speed.md)
        kind = units[u].type
        force += battle.unit_force(game, u) if battle.force else kind.force
        if u not in battle.no_bonus:
            per_unit += unit_bonus(game, u, seat, attacking)
        mine = mine or kind.is_leader
    parts = [Modifier("units", force)]
    if per_unit:
        parts.append(Modifier("unit and faction abilities", per_unit))
    stack_bonus = game.state.players[seat].faction.ability_total("force_per_stack")
    if stack_bonus and fighters:
        parts.append(Modifier("stack ability", stack_bonus))
    if mine and not any(units[u].type.is_leader for u in battle.fighters(game, battle.other(seat))):
        parts.append(Modifier("leader", game.rules.settings.leader_bonus))
    parts.extend(battle.cards.get(seat, ()))
    extra = [m for answer in game.hook.warp_force_modifiers(game=game, battle=battle, side=seat) for m in answer or ()]
    parts.extend(sorted(extra))
    total = 0
    for m in parts:  # a loop, not a generator (docs/speed.md)
        total += m.amount
    return total, parts


def force_report(game: Game, battle: Battle) -> dict:
    out: dict = {"zone": battle.zone, "battle_kind": battle.kind}
    for role, seat in (("attacker", battle.attacker), ("defender", battle.defender)):
        total, parts = side_force(game, battle, seat)
        out[role] = {"seat": seat, "force": total, "parts": [tuple(p) for p in parts]}
    return out


@rule_step
class ResolveBattle(Step):
    """Compare forces, then schedule casualties, the retreat and the refills."""

    def run(self, game: Game) -> None:
        battle = game.state.battle
        report = force_report(game, battle)
        a, d = report["attacker"]["force"], report["defender"]["force"]
        left = [bool(battle.fighters(game, seat)) for seat in (battle.attacker, battle.defender)]
        if all(left):
            attacker_wins = a > d
        else:
            # A side with no unit left in the battle (its last taken by a card) cannot win
            # it on card bonuses alone; with neither side left, the defender keeps the zone.
            attacker_wins = left[0]
            report["unopposed"] = True
        battle.winner, battle.loser = (battle.attacker, battle.defender) if attacker_wins else (battle.defender, battle.attacker)
        game.emit("battle", **report, winner=battle.winner)
        steps: list[Step] = []
        if battle.no_casualties:
            pass
        elif battle.exterminate:  # every unit is lost: nobody has anything to choose (D7)
            for u in battle.fighters(game, battle.loser):
                lose_unit(game, u, battle)
            steps.append(WinnerLosses())
        else:
            losers = battle.fighters(game, battle.loser)
            units = game.state.units
            forts = [u for u in losers if units[u].type.is_fortification]
            count = max(ceil(len(losers) / 2), len(forts))
            for u in forts:
                lose_unit(game, u, battle)
            left = count - len(forts)
            if left > 0:
                steps.append(WinnerPicksFirst())
            if left > 1:
                steps.append(LoserPicks(left - 1))
            steps.append(WinnerLosses())
        steps += [Retreat(), EndBattle()]
        game.push(*steps)
        return None


def lose_unit(game: Game, unit_id: int, battle: Battle) -> None:
    """A unit of either side is lost: to its pool, or a leader to the other side as a captive."""
    s = game.state
    unit = s.units[unit_id]
    owner = unit.owner
    if owner == battle.loser:
        battle.lost_force += unit.type.force  # printed, whatever it fought with here (B6)
    if unit.type.is_leader:
        captor = battle.other(owner)
        s.capture(unit_id, captor)
        game.emit("leader_captured", player=owner, by=captor, unit=unit.type.name, zone=battle.zone)
    else:
        s.return_to_pool(unit_id)
        note_destroyed(game, unit_id, owner)
        game.emit("unit_lost", player=owner, unit=unit.type.name, zone=battle.zone)


def note_destroyed(game: Game, unit_id: int, owner: int) -> None:
    """Remember that ``owner`` lost this unit this turn: back in the pool it has no owner,
    and cards that bring destroyed units back (Regeneration) need to know whose it was."""
    game.state.destroyed_this_turn.append(unit_id)
    game.state.last_owner[unit_id] = owner


@rule_step
class WinnerPicksFirst(Step):
    def run(self, game: Game) -> Decision | None:
        battle = game.state.battle
        options = [Option(f"unit:{u}", game.unit_label(u), u) for u in battle.loss_candidates(game, battle.loser)]
        return game.ask(battle.winner, "pick_enemy_loss", "You won: pick the first unit your enemy loses", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        lose_unit(game, decision.options[picked[0]].value, game.state.battle)


@rule_step
class LoserPicks(Step):
    count: int

    def run(self, game: Game) -> Decision | None:
        battle = game.state.battle
        candidates = battle.loss_candidates(game, battle.loser)
        if self.count > len(candidates) and len(candidates) < len(battle.fighters(game, battle.loser)):
            # A loss order: this whole rank goes before anything of the next one.
            for u in candidates:
                lose_unit(game, u, battle)
            game.push(LoserPicks(self.count - len(candidates)))
            return None
        options = [Option(f"unit:{u}", game.unit_label(u), u) for u in candidates]
        return game.ask(battle.loser, "pick_own_losses", f"You lost: pick {self.count} more unit(s) to lose", options, count=self.count)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        for i in picked:
            lose_unit(game, decision.options[i].value, game.state.battle)


@rule_step
class WinnerLosses(Step):
    """The winner loses printed force of at least half (rounded up) of the printed force
    the loser lost (B6). It pays with units that have force in this battle, stopping as
    soon as the printed force removed reaches the debt; units fighting at force 0 here
    (transports) pay only when nothing else is left and a debt remains (W8). A winner who
    cannot pay loses everything. The winner chooses which, one at a time."""

    paid: int = 0

    def run(self, game: Game) -> Decision | None:
        battle = game.state.battle
        owed = ceil(battle.lost_force / 2) - self.paid
        if owed <= 0:
            return None
        mine = battle.fighters(game, battle.winner)
        paying = [u for u in mine if battle.unit_force(game, u) > 0] or mine
        units = game.state.units
        can_pay = sum(units[u].type.force for u in paying)
        if can_pay <= owed:
            # Every one of them goes: that pays the debt exactly, or falls short, and then
            # what is left (force 0 here) pays on; with nothing left, the winner has lost everything.
            for u in paying:
                lose_unit(game, u, battle)
            if can_pay < owed and len(paying) < len(mine):
                game.push(WinnerLosses(self.paid + can_pay))
            return None
        options = [Option(f"unit:{u}", game.unit_label(u), u) for u in battle.loss_candidates(game, battle.winner, paying)]
        return game.ask(battle.winner, "pick_own_losses", f"Your losses: {owed} more force to lose", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        unit = decision.options[picked[0]].value
        force = game.state.units[unit].type.force
        lose_unit(game, unit, game.state.battle)
        game.push(WinnerLosses(self.paid + force))


@rule_step
class Retreat(Step):
    """The loser's survivors retreat together to one adjacent zone free of enemies, or die."""

    def run(self, game: Game) -> Decision | None:
        battle = game.state.battle
        survivors = battle.fighters(game, battle.loser)
        if not survivors:
            return None
        faction = game.state.players[battle.loser].faction
        blocked: set[int] = set()
        for answer in game.hook.warp_blocked_zones(game=game, seat=battle.loser, units=list(survivors)):
            blocked.update(answer or ())
        zones = game.board.retreat_zones(game.state, battle.loser, battle.zone, game.rules.can_enter(faction), blocked)
        if not zones:
            for u in survivors:
                lose_unit(game, u, battle)
            game.emit("no_retreat", player=battle.loser, zone=battle.zone, lost=len(survivors))
            return None
        options = [Option(f"zone:{z}", f"Retreat to {game.zone_name(z)}", z) for z in zones]
        return game.ask(battle.loser, "retreat", f"Retreat {len(survivors)} unit(s) from {game.zone_name(battle.zone)} to", options)

    def resume(self, game: Game, decision: Decision, picked: tuple[int, ...]) -> None:
        battle = game.state.battle
        to = decision.options[picked[0]].value
        survivors = battle.fighters(game, battle.loser)
        for u in survivors:
            game.state.move_unit(u, to)
        game.emit("retreated", player=battle.loser, frm=battle.zone, to=to, count=len(survivors))


@rule_step
class EndBattle(Step):
    def run(self, game: Game) -> None:
        battle = game.state.battle
        for seat in (battle.attacker, battle.defender):
            refill(game, seat)
        game.state.battle = None
        return None
