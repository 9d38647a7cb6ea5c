"""The theme kit: everything a theme module may use from the engine, in one place.

A theme imports from here and from nowhere else in ``warp_empires``::

    from warp_empires.kit import Modifier, Step, ThemePlugin, hookimpl, pool_key

Whatever is not listed in ``__all__`` is the engine's own business and may change
between versions without notice; what is listed here is kept working. Every name is
described, with its signature, in ``docs/authoring.md`` ("The theme kit").

>>> from warp_empires import kit
>>> "Step" in kit.__all__ and "pool_key" in kit.__all__
True
"""


# ---------------------------------------------------------------- plugins and hooks
from .hookspecs import hookimpl  # marks a method of a theme plugin as a hook implementation
from .plugins import ThemePlugin  # a theme's plugin: answers the data hooks from its data/ folder

# ---------------------------------------------------------------- rules data (frozen values)
from .model.data import Ability  # one faction or unit ability: kind, amount, zone types, tag
from .model.data import CardType  # a kind of action card: id, name, copies, effect, params, text
from .model.data import Faction  # a side players pick: id, name, abilities, ability text
from .model.data import MapRules  # what a theme asks of a random map (warp_map_rules)
from .model.data import ModuleInfo  # name, title, version and description of a theme
from .model.data import Settings  # the numbers of a theme's setup and turn; ``extra`` holds its own
from .model.data import ThemeText  # a theme's own words: its money, phase names, event sentences, help
from .model.data import UnitType  # a kind of unit chit: force, speed, cost, copies, tags
from .model.data import ZoneType  # a kind of zone: revenue, passable, move cost, recruit limit, tags
from .zonemap import MapZone  # one zone of a map: id, name, code, type
from .zonemap import ZoneMap  # the territory map of a game (given to warp_check_map)

# ---------------------------------------------------------------- the game, steps, choices
from .decisions import Decision  # what a player is asked: player, kind, prompt, options, count
from .decisions import Later  # a label built only when read: Later((function, *args))
from .decisions import Option  # one legal answer: id, label, value
from .engine import Game  # the game a hook or step is handed (for annotations; themes never build one)
from .events import Event  # something that happened, as game.emit records it
from .step import Step  # the base of every rule step: run(game), resume(game, decision, picked)

# ---------------------------------------------------------------- state
from .model.state import BOARD  # Unit.place: on the map, in Unit.zone
from .model.state import CAPTURED  # Unit.place: a leader held by the player who captured it
from .model.state import NOBODY  # no seat, no zone (-1)
from .model.state import OFFER  # Unit.place: drawn in a recruit phase, not yet bought
from .model.state import POOL  # Unit.place: in its unit pool
from .model.state import GameState  # game.state: units, players, control, pools, deck, rolls, starts, theme(cls)
from .model.state import Lasting  # a card effect that lasts beyond its play (game.state.lasting)
from .model.state import Player  # a seat at the table: faction, treasury, hand
from .model.state import Unit  # one unit chit: type, place, owner, zone, moved
from .rules.recruit import draw_units  # take random units from a seat's pool onto the recruit offer
from .rules.recruit import pool_key  # the key of game.state.pools a seat recruits from

# ---------------------------------------------------------------- the board
from .board import Board  # game.board: names, codes, adjacency, find, reachable, within
from .rules.battle import battle_zones  # zones where a seat's units meet an opponent's

# ---------------------------------------------------------------- setup, cards and dice
from .rules.cards import discard_card  # a card from a hand to the discard pile
from .rules.cards import draw_cards  # draw cards into a hand, reshuffling the discards (B2)
from .rules.cards import hand_limit  # a seat's hand limit
from .rules.reactions import RollDie  # step: roll a die into game.state.rolls[key], open for rerolls
from .rules.reactions import reaction_window  # the steps that let players answer a trigger
from .rules.triggers import CardPlayed  # trigger: a card just played (ctx of a reaction to cards)
from .rules.triggers import DieRolled  # trigger: a die just rolled
from .rules.triggers import MoveMade  # trigger: a move just made
from .rules.setup import generic_setup  # the generic start: a zone, units and cards each
from .rules.setup import pick_start_zones  # the map's start zones, or zones spread far apart

# ---------------------------------------------------------------- moving
from .rules.move import MovePhase  # step: the move phase's card plays
from .rules.move import SelectUnits  # step: pick which units of a stack move, then where to
from .rules.move import StackMoves  # step: move up to some stacks, one at a time
from .rules.move import can_move  # whether a group has anywhere to go
from .rules.move import destinations  # zones a group can end its move in, with the points spent
from .rules.move import generic_allowance  # the generic movement points of a group
from .rules.move import movable  # a seat's units in a zone that may still move this turn
from .rules.move import move_group  # move units, mark them moved and open the move reactions

# ---------------------------------------------------------------- battles
from .rules.battle import AfterBattles  # step: cards played once the battles are over
from .rules.battle import Battle  # game.state.battle: the battle being fought
from .rules.battle import BattleCards  # step: the battle's card rounds
from .rules.battle import BattlePhase  # step: fight every battle, the attacker choosing the order
from .rules.battle import EndBattle  # step: refill both hands and close the battle
from .rules.battle import LoserPicks  # step: the loser picks its further losses
from .rules.battle import Modifier  # a labelled amount added to a force or a revenue
from .rules.battle import ResolveBattle  # step: compare forces and schedule the losses
from .rules.battle import Retreat  # step: the loser's survivors retreat or die
from .rules.battle import StartBattle  # step: open a battle (who fights, at what force)
from .rules.battle import WinnerLosses  # step: the winner pays its share of losses (B6)
from .rules.battle import WinnerPicksFirst  # step: the winner picks the loser's first loss
from .rules.battle import force_report  # both sides' forces, itemised, as the battle event shows them
from .rules.battle import generic_battle_steps  # the generic battle: start, card rounds, resolve
from .rules.battle import lose_unit  # a unit lost in a battle: to its pool, or a leader captured
from .rules.battle import side_force  # one side's force and its itemised parts

# ---------------------------------------------------------------- revenue, upkeep, control
from .rules.economy import CollectRevenue  # step: the revenue phase of one seat
from .rules.economy import TakeControl  # step: control markers on the zones a seat's units hold
from .rules.economy import Upkeep  # step: disband units beyond what revenue supports (B10)
from .rules.economy import revenue_parts  # what a seat would earn now, itemised

# ---------------------------------------------------------------- card effects
from .effects.base import Effect  # the base of every card effect
from .effects.base import opponent_options  # the other seats as options
from .effects.base import opponents  # the other seats, in turn order
from .effects.battle import enemy_fighter_options  # the other side's fighting units as options
from .effects.board import destroy_by_card  # a card destroys a unit outside a battle
from .effects.board import stack_option  # a player's stack in a zone as an option
from .effects.economy import next_turn_of  # the turn number of a seat's current or next turn

__all__ = [
    # plugins and hooks
    "ThemePlugin", "hookimpl",
    # rules data
    "Ability", "CardType", "Faction", "MapRules", "MapZone", "ModuleInfo", "Settings", "ThemeText",
    "UnitType", "ZoneMap", "ZoneType",
    # the game, steps, choices
    "Decision", "Event", "Game", "Later", "Option", "Step",
    # state
    "BOARD", "CAPTURED", "NOBODY", "OFFER", "POOL", "GameState", "Lasting", "Player", "Unit",
    "draw_units", "pool_key",
    # the board
    "Board", "battle_zones",
    # setup, cards and dice
    "RollDie", "discard_card", "draw_cards", "generic_setup", "hand_limit", "pick_start_zones",
    # reactions
    "CardPlayed", "DieRolled", "MoveMade", "reaction_window",
    # moving
    "MovePhase", "SelectUnits", "StackMoves", "can_move", "destinations", "generic_allowance",
    "movable", "move_group",
    # battles
    "AfterBattles", "Battle", "BattleCards", "BattlePhase", "EndBattle", "LoserPicks", "Modifier",
    "ResolveBattle", "Retreat", "StartBattle", "WinnerLosses", "WinnerPicksFirst", "force_report",
    "generic_battle_steps", "lose_unit", "side_force",
    # revenue, upkeep, control
    "CollectRevenue", "TakeControl", "Upkeep", "revenue_parts",
    # card effects
    "Effect", "destroy_by_card", "enemy_fighter_options", "next_turn_of", "opponent_options",
    "opponents", "stack_option",
]
