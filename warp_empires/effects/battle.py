"""Card effects played in a battle's card rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..decisions import Option
from ..rules.battle import Modifier, lose_unit
from .base import Effect, unknown_unit_tags

if TYPE_CHECKING:
    from ..engine import Game
    from ..rulebook import Rulebook


class BattleForce(Effect):
    """Battle: add ``flat`` force, plus ``per_unit`` for each of your fighting units
    (only those tagged ``tag`` if given). With ``requires``, you need such a unit there.
    Units the battle gives no per-unit bonus (``Battle.no_bonus``, e.g. transports in a
    space battle) neither count nor meet ``requires``. With ``battle``, the card is played
    only in battles of that kind (``Battle.kind``), by any side fighting in it (W9)."""

    phases = frozenset({"battle"})
    defaults = {"flat": 0, "per_unit": 0, "tag": None, "requires": None, "battle": None}
    param_help = {
        "flat": "force added to your side",
        "per_unit": "force added for each of your fighting units (those with `tag`, if given)",
        "tag": "count only units with this tag",
        "requires": "playable only when one of your fighting units has this tag",
        "battle": 'playable only in battles of this kind (a theme\'s own, e.g. "space")',
    }

    def check(self, book: Rulebook) -> list[str]:
        return unknown_unit_tags(book, self, "tag", "requires")

    def _units(self, game: Game, seat: int) -> list[int]:
        battle = game.state.battle
        units = game.state.units
        tag = self.params["tag"]
        return [u for u in battle.bonus_fighters(game, seat) if tag is None or tag in units[u].type.tags]

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        battle = game.state.battle
        if self.params["battle"] is not None and battle.kind != self.params["battle"]:
            return False
        req = self.params["requires"]
        if req is None:
            return True
        units = game.state.units
        return any(req in units[u].type.tags for u in battle.bonus_fighters(game, seat))

    def bonus(self, game: Game, seat: int) -> int:
        """The force the card adds to ``seat``'s side in the battle under way."""
        return self.params["flat"] + self.params["per_unit"] * len(self._units(game, seat))

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        game.state.battle.cards.setdefault(seat, []).append(Modifier(self.card.name, self.bonus(game, seat)))


class BattleFlag(Effect):
    """Battle: ``flag = "exterminate"`` (the loser loses every unit) or
    ``"no_casualties"`` (nobody loses units; the loser still retreats). No casualties
    prevails over exterminate; a flag already in play is not offered again, nor
    exterminate once the battle has no casualties."""

    phases = frozenset({"battle"})
    defaults = {"flag": "exterminate"}
    param_help = {"flag": '"exterminate": the loser loses every unit; "no_casualties": nobody loses units'}

    def __init__(self, card):
        super().__init__(card)
        if self.params["flag"] not in ("exterminate", "no_casualties"):
            raise ValueError(f"flag {self.params['flag']!r}; use 'exterminate' or 'no_casualties'")

    def playable(self, game: Game, seat: int, ctx: Any) -> bool:
        battle = game.state.battle
        return not (battle.no_casualties or getattr(battle, self.params["flag"]))

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        setattr(game.state.battle, self.params["flag"], True)


def enemy_fighter_options(game: Game, seat: int) -> list[Option]:
    """The other side's units fighting in this battle, as targets of ``seat``'s card."""
    battle = game.state.battle
    return [Option(f"unit:{u}", game.unit_label(u), u) for u in battle.fighters(game, battle.other(seat))]


def enemy_fighting(game: Game, seat: int) -> bool:
    """Whether the other side has units fighting in this battle."""
    battle = game.state.battle
    return bool(battle.fighters(game, battle.other(seat)))


class DestroyUnit(Effect):
    """Battle: destroy one enemy unit of your choice in this battle (a leader is captured)."""

    phases = frozenset({"battle"})

    def targets(self, game: Game, seat: int, ctx: Any) -> list[Option]:
        return enemy_fighter_options(game, seat)

    def has_target(self, game: Game, seat: int, ctx: Any) -> bool:
        return enemy_fighting(game, seat)

    def resolve(self, game: Game, seat: int, target: Any, ctx: Any) -> None:
        unit = game.state.units[target]
        if unit.zone == game.state.battle.zone:
            lose_unit(game, target, game.state.battle)
