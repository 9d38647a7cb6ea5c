"""The hotseat loop: people taking turns at one terminal, computer players mixed in.

The loop only shows ``game.pending`` and the events, reads an answer and hands it to
``game.decide``. Between two people the screen is cleared and a pass screen waits for
the next player; what is private to a player is drawn on the terminal's alternate
screen, so nobody can scroll back to it once it is handed over.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .. import saves
from ..agents import make_agent
from ..blame import ThemeError, blamed
from ..decisions import IllegalChoice
from ..engine import Game
from . import lookup, render
from .common import command
from .explain import commands, describe_choice, help_lines, unit_code, why_not, why_option
from .narrate import describe, log_lines, summary
from .prompts import BadAnswer, InputEnded, ask, is_zone_answer, parse_answer, parse_picks, read_line, tokens_of, whole_number
from .windows import EVENT_WINDOWS, Windows

#: Events that bring something new to light, with how ``undo`` names them: a choice
#: made before one of these cannot be taken back.
NEWS = {
    "die_rolled": "a die was rolled", "cards_drawn": "cards were drawn",
    "deck_reshuffled": "the deck was reshuffled", "recruit_draw": "units were drawn", "hand_seen": "a hand was seen",
    "stack_seen": "a stack was seen", "deck_seen": "the deck was seen",
    "cards_taken": "a card changed hands", "battle": "a battle was fought", "unit_lost": "units were lost",
    "leader_captured": "a leader was captured", "free_units": "units were drawn", "hands_redrawn": "hands were redrawn",
    "card_negated": "a card was cancelled", "turn_started": "a new turn began", "game_over": "the game ended",
}


#: Events that open a window for the other players' reaction cards.
ANSWERABLE = frozenset(EVENT_WINDOWS)


def reason(exc: BaseException) -> str:
    """Why a save failed, in a few words (the OS's words for file system faults)."""
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


class Leave(Exception):
    """The players stop: save and tell them how to carry on."""


def agent_seed(game: Game, seat: int) -> int:
    """A computer player's seed for the decision at hand: fixed by the game's seed, the
    seat and how many choices were made, so a resumed game plays on exactly as it would have."""
    return (game.setup.seed * 1_000_003 + seat * 7919 + game.decisions) % 2**63


class Hotseat:
    """Runs one game at the terminal until it ends or the players leave."""

    def __init__(
        self, game: Game, console: Console, save_path: Path, module_paths: tuple[str, ...] = (),
        live_svg: str | None = None, ask_everyone: bool = False,
    ):
        self.game = game
        self.live_svg = live_svg  # a map picture kept current after every decision (`play --map-svg`)
        self.live_failing = False
        self.console = console
        self.save_path = Path(save_path)
        self.module_paths = module_paths
        seats = game.setup.seats
        self.agents = {i: s.agent for i, s in enumerate(seats) if s.agent != "human"}
        for spec in set(self.agents.values()):
            make_agent(spec, 0)  # an unknown agent fails now, with its name, not mid-game
        self.humans = [i for i in range(len(seats)) if i not in self.agents]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        # `play --ask-everyone`: the windows the rules open, to pass the device also to the
        # people they did not ask (with one person at the screen there is nobody to tell).
        self.windows = Windows() if ask_everyone and len(self.humans) > 1 else None
        self.ask_everyone = ask_everyone  # saved with the game: resume keeps to it, replay heeds it
        self.alt = False
        self.told_thinking = False  # "... is thinking" was said since a person last chose
        # Events already shown to each seat (None: the table, in a game without people).
        self.seen: dict[int | None, int] = self.resume_point()
        self.undoable: list[str] = []  # labels of the choices `undo` may take back, oldest first
        self.undo_seat: int | None = None
        self.undo_block = "no choice has been made since the game " + ("was loaded" if game.choices else "started")
        self.save_failing = False  # the last automatic save failed
        self.saved_at = len(game.choices)  # choices the latest good save holds (a game starts saved)
        self.tried_at = -1  # choices the game held at the latest automatic save, good or not

    # ------------------------------------------------------------------ the loop

    def run(self) -> bool:
        """Play until the end (True) or until the players leave (False).

        A save that fails never ends the game: the players are told, the game goes on
        and saving is tried again after every turn. Only when the game cannot go on (the
        input ended) and cannot be saved either does it stop with an error, pointing at
        the last save that worked.
        """
        while True:
            try:
                while (decision := self.game.pending) is not None:
                    if self.windows is not None:
                        self.ask_passed_over(decision)
                    if decision.player in self.agents:
                        self.computer_decides(decision.player)
                    else:
                        self.person_decides(decision.player)
            except Leave:
                if self.leave("Game saved"):
                    return False
                continue  # could not save: play on rather than lose the game
            except InputEnded:
                self.leave("Game saved", last_chance=True)
                return False
            except ThemeError as exc:
                self.theme_failed(exc)
            except KeyboardInterrupt:
                # The interrupt may have come in the middle of a choice: rebuild the position
                # from the choices made, which is exactly what the save holds.
                self.game = saves.replay(saves.to_dict(self.game), self.module_paths, check_digest=False)
                self.leave("Interrupted; game saved", last_chance=True)
                return False
            break
        if self.tried_at != len(self.game.choices):
            self.keep_saved()
        self.show_end()
        return True

    def computer_decides(self, seat: int) -> None:
        game = self.game
        agent = make_agent(self.agents[seat], agent_seed(game, seat))
        turn = game.state.turn
        try:  # the theme hooks it asks (warp_evaluate) are the theme's code, as in a decision
            choice = blamed(game.pm, game.setup.module, self.think, seat, agent)
        except ThemeError as exc:
            self.theme_failed(exc, choice_made=False)
        self.decide(seat, choice, person=False)
        if not self.humans and game.state.turn != turn:
            # A game without people: each finished turn is told as it ends.
            starts = [i for i, e in enumerate(game.events) if e.kind == "turn_started"]
            self.show_news(None, upto=starts[-1] if starts else None)

    def think(self, seat: int, agent: Any) -> Any:
        """Let a computer player that searches choose, saying so: a spinner on a terminal,
        elsewhere one line until a person is asked again; one that does not, at once."""
        if not getattr(agent, "thinks", False):
            return agent.choose(self.game)
        text = f"{self.game.state.players[seat].name} is thinking..."
        if self.console.is_terminal:
            with self.console.status(text):
                return agent.choose(self.game)
        if not self.told_thinking:
            self.say(text, "dim")
            self.told_thinking = True
        return agent.choose(self.game)

    def person_decides(self, seat: int) -> None:
        self.told_thinking = False
        if len(self.humans) > 1 and self.viewer != seat:
            self.end_of_turn()
            self.pass_to(seat)
        self.viewer = seat
        game = self.game
        decision = game.pending
        self.draw_live(seat)
        self.show_news(seat)
        # Wrapped within the screen even into a pipe: a panel's long line (a battle zone's
        # stacks) is otherwise cut at its border.
        self.console.print(render.decision_view(game, decision), soft_wrap=False)
        n = len(decision.options)
        chosen: list[int] = []  # the picks so far of a decision asking for several
        while True:
            hint = f"1-{n}" if decision.count == 1 else f"{decision.count - len(chosen)}{' more' if chosen else ''} of 1-{n}"
            text = ask(self.console, f"{game.state.players[seat].name} ({hint}, help)> ").strip()
            if not text:
                self.say("Type an option number, or help.")
                continue
            if decision.count > 1 and text.lower() == "clear":
                chosen = []
                self.say(f"Nothing chosen: pick {decision.count}.")
                continue
            if not is_zone_answer(game, decision, text) and self.command(seat, decision, text):
                if self.game.pending is not decision:
                    return  # undone: the loop shows the decision now pending
                continue
            tokens = tokens_of(text)
            if decision.kind == "choose_units" and len(tokens) > 1:
                if self.pick_units(seat, decision, tokens):
                    return
                continue
            try:
                choice = parse_answer(game, decision, text) if decision.count == 1 else parse_picks(game, decision, text, chosen)
            except BadAnswer as exc:
                self.say(str(exc))
                continue
            if decision.count > 1 and len(choice) != decision.count:
                # Picks may come a few at a time: keep them until there are enough.
                if len(choice) > decision.count:
                    self.say(f"That makes {len(choice)}: pick exactly {decision.count}." + self.so_far(decision, chosen))
                    continue
                chosen = choice
                self.say(self.so_far(decision, chosen).strip())
                continue
            try:
                self.decide(seat, choice, person=True, label=describe_choice(decision, choice))
            except IllegalChoice as exc:
                self.say(str(exc))
                continue
            return

    @staticmethod
    def so_far(decision: Any, chosen: list[int]) -> str:
        if not chosen:
            return ""
        names = ", ".join(decision.options[i].label for i in chosen)
        more = decision.count - len(chosen)
        return f" Chosen so far: {names}; pick {more} more, or type clear to start again."

    def ask_passed_over(self, decision: Any) -> None:
        """Pass the device to each person the rules did not ask, before ``decision``, whether
        to answer a card, move or die roll, as it would have passed to a person holding an
        answer (`play --ask-everyone`). Not to one whose hand is empty (hand sizes are open),
        nor to the person at the keyboard (asked, they would not have been passed to)."""
        game = self.game
        for seat, window, upto in self.windows.passed_over(decision, len(game.events)):
            if seat in self.agents or seat == self.viewer or not game.state.players[seat].hand:
                continue
            self.told_thinking = False
            self.pass_to(seat)
            self.viewer = seat
            self.draw_live(seat)
            self.show_news(seat, upto)  # no further than a person asked then would have read
            what = describe(game, window.event.seen_by(seat)) or "what was just done"
            self.say(f"No card in your hand answers this: {what}.")
            self.wait_for_enter(f"{game.state.players[seat].name} (Enter: go on)> ",
                                "is no answer here: nothing can be answered now; press Enter with nothing typed to go on (or type quit).")

    def pick_units(self, seat: int, decision: Any, tokens: list[str]) -> bool:
        """Several units named at once ("7 2 9", or unit codes) while a group is formed:
        each is added in turn, then the group moves. False (nothing chosen) if one of them
        is not among the units offered."""
        game = self.game
        ids = []
        for token in tokens:
            try:
                index = parse_answer(game, decision, token)
            except BadAnswer as exc:
                self.say(f"{token}: {exc}")
                return False
            option = decision.options[index]
            if not option.id.startswith("unit:"):
                self.say(f"{token} is '{option.label}', not a unit: list only the units to move, e.g. "
                         + " ".join(str(i) for i, o in enumerate(decision.options, 1) if o.id.startswith("unit:"))[:40])
                return False
            ids.append(option.id)
        if len(set(ids)) != len(ids):
            self.say("Each unit may be named once.")
            return False
        for option_id in ids:
            now = self.game.pending
            if now is None or now.kind != "choose_units" or all(o.id != option_id for o in now.options):
                break  # the group is complete (every unit that can go is in it)
            self.decide(seat, option_id, person=True, label=next(o.label for o in now.options if o.id == option_id))
        now = self.game.pending
        if now is not None and now.kind == "choose_units" and any(o.id == "go" for o in now.options):
            self.decide(seat, "go", person=True, label="Move the units chosen")
        return True

    def decide(self, seat: int, choice: Any, person: bool, label: str = "") -> None:
        game = self.game
        turn, before, asked = game.state.turn, len(game.events), game.pending
        game.decide(choice)
        news = game.events[before:]
        if self.windows is not None:
            declined = asked.kind == "reaction" and game.choices[-1] == "pass"
            answered = asked.kind == "reaction" and not declined
            self.windows.opened(game, news, passed=asked if declined else None, start=before, answered=asked if answered else None)
        told = next((NEWS[e.kind] for e in news if e.kind in NEWS), None)
        if told is None and any((e.private_to() or {seat}) - {seat} for e in news):
            told = "another player learned something"
        if told is None and game.rules.has_reactions and any(e.kind in ANSWERABLE for e in news):
            # Whether anybody was asked to answer is itself news (nobody asked: nobody could).
            told = "the other players had their chance to answer it"
        if not person or told:
            self.undoable, self.undo_seat = [], seat
            self.undo_block = f"{told} after your last choice, and what has been seen cannot be unseen" if told else ""
        else:
            if self.undo_seat != seat:
                self.undoable = []
            self.undoable.append(label)
            self.undo_seat = seat
        if game.state.turn != turn or game.is_over:
            self.keep_saved()
        self.draw_live(seat if person else self.viewer if len(self.humans) == 1 else None)

    def draw_live(self, seat: int | None) -> None:
        """Redraw the `--map-svg` picture as ``seat`` may see it (B14: ``None``, the table,
        sees only what is public). A failure is told once; the game goes on."""
        if not self.live_svg:
            return
        try:
            render.save_svg(self.game, seat, self.live_svg)
        except OSError as exc:
            if not self.live_failing:
                self.warn(f"Could not draw the map in {self.live_svg}: {reason(exc)}; the game goes on.")
            self.live_failing = True
        else:
            self.live_failing = False

    # ------------------------------------------------------------------ screens

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def warn(self, text: str) -> None:
        """A warning about saving, on one line however narrow the screen (the terminal wraps it)."""
        self.console.print(Text(text, style="bold red"), soft_wrap=True)

    def pass_to(self, seat: int) -> None:
        """Hide the last player's screen and wait until the next one is at the keyboard."""
        if self.alt:
            self.console.set_alt_screen(False)
            self.alt = False
        if self.viewer is not None:
            self.console.clear()  # nothing private has been shown before the first pass screen
        self.draw_live(None)  # the next player may see the picture before the last one's view is gone
        self.console.print(render.pass_screen(self.game, seat))
        # Typed text is most likely the last player answering on: showing the next player's
        # screen on it would show them what is only for the next player's eyes.
        name = self.game.state.players[seat].name
        self.wait_for_enter("", f"is no answer here: press Enter with nothing typed once {name} is at the keyboard (or type quit).")
        if self.console.is_terminal:
            self.alt = self.console.set_alt_screen(True)
            self.console.clear()

    def end_of_turn(self) -> None:
        """Before the device passes on, show the person at the keyboard what their last
        choices of the turn brought (the unit bought placed where there was room, the
        revenue): without it they learned it only at their next turn."""
        seat = self.viewer
        if seat is None or seat not in self.humans:
            return
        events = self.game.events
        start = self.seen.get(seat, 0)
        began = next((events[i].seat for i in range(min(start, len(events)) - 1, -1, -1) if events[i].kind == "turn_started"), None)
        if began != seat:
            return  # the one at the keyboard answered in another's turn: that turn is not theirs to close
        upto = next((i for i in range(start, len(events)) if events[i].kind == "turn_started" and events[i].seat != seat), None)
        if upto is None or not summary(self.game, events[start:upto], seat, detail=True):
            return  # the turn goes on (another player is asked to answer a card), or nothing came of its end
        self.console.print(Rule(f"The rest of {self.game.state.players[seat].name}'s turn", align="left"))
        self.show_news(seat, upto)
        self.wait_for_enter(f"{self.game.state.players[seat].name} (Enter: pass the device on)> ",
                            "is no answer here: your turn is over; press Enter with nothing typed to pass the device on (or type quit).")

    def wait_for_enter(self, prompt: str, refusal: str) -> None:
        """Wait for an empty line (``quit`` stops the game); anything else typed is refused
        with ``refusal``, after the text typed, and asked again."""
        while True:
            line = read_line(self.console, prompt)
            if line is None:
                raise InputEnded()
            typed = line.strip()
            if not typed:
                return
            if typed.lower() == "quit":
                raise Leave()
            self.say(f"{typed!r} {refusal}", "yellow")

    def show_news(self, seat: int | None, upto: int | None = None) -> None:
        """Everything ``seat`` has not seen yet (up to event ``upto``): other turns
        summarised, its own in detail."""
        game = self.game
        end = len(game.events) if upto is None else upto
        start = min(self.seen.get(seat, 0), end)
        lines = summary(game, game.events[start:end], seat, detail=True)
        self.seen[seat] = end
        if not lines:
            return
        if seat is not None and any(e.kind == "turn_started" and e.seat != seat for e in game.events[start:end]):
            had_one = any(e.kind == "turn_started" and e.seat == seat for e in game.events[:start])
            since = "your last turn" if had_one else "the game began"
            self.console.print(Rule(f"Since {since}, {game.state.players[seat].name}", align="left"))
        for line, hit in lines:
            self.console.print(Text(line, style="bold red" if hit else ("bold" if not line.startswith("  ") else "")))

    def resume_point(self) -> dict[int | None, int]:
        """Where each seat's news starts: a new game from its first turn; a game loaded
        from a save from the end of the seat's previous turn."""
        game = self.game
        starts = [(i, e.seat) for i, e in enumerate(game.events) if e.kind == "turn_started"]
        first = starts[0][0] if starts else len(game.events)
        out: dict[int | None, int] = {seat: first for seat in [None, *range(len(game.setup.seats))]}
        if game.choices:
            out[None] = starts[-1][0] if starts else first
            for k, (_, seat) in enumerate(starts[:-1]):
                out[seat] = starts[k + 1][0]
        return out

    # ------------------------------------------------------------------ commands

    def command(self, seat: int, decision: Any, text: str) -> bool:
        """Carry out a command typed instead of an answer; False if ``text`` is no command."""
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        game, console = self.game, self.console
        if word in ("help", "?"):
            for line in help_lines(game, decision, self.can_undo(seat)):
                console.print(line, markup=False, highlight=False)
            console.print(render.commands_table(commands(game, self.can_undo(seat))))
        elif word == "map":
            if rest.startswith("--svg"):
                self.svg(seat, rest[len("--svg"):].strip())
                return True
            console.print(render.board_table(game, seat, every=rest.lower() == "all"))
            console.print(render.options_table(game, decision))
        elif word == "hand":
            console.print(render.hand_table(game, seat))
        elif word == "zone":
            z = game.board.find(rest) if rest else None
            if z is None:
                self.say(f"No zone is called '{rest}': type `zone` and a code such as {game.board.codes[0]} (see `map`)." if rest else "Which zone? Type `zone` and a code, e.g. zone " + game.board.codes[0])
            else:
                console.print(render.zone_panel(game, seat, z))
        elif word == "log":
            count = whole_number(rest) if rest else 20
            if not count:
                self.say(f"'{rest}' is not a number of lines: type `log` for the last 20 things that happened, or e.g. `log 50`.")
                return True
            for line, hit in log_lines(game, game.events, seat)[-count:]:
                console.print(Text(line, style="bold red" if hit else ""))
        elif word == "rules":
            for line in lookup.rules_lines(game, self.module_paths):
                self.say(line)
        elif word in ("unit", "faction"):
            find = lookup.unit_lines if word == "unit" else lookup.faction_lines
            lines = find(game, rest) if rest else None
            if lines is None:
                names = game.rules.unit_types if word == "unit" else game.rules.factions
                # Those whose name holds what was typed ("Gargant": the three Gargants), else the first few.
                near = [v.name for v in names.values() if rest and lookup.name_key(rest) in lookup.name_key(v.name)]
                more = f" (and {len(near) - 6} more)" if len(near) > 6 else ""
                some = f"did you mean {', '.join(near[:6])}{more}?" if near else "e.g. " + ", ".join(v.name for v in list(names.values())[:6]) + "."
                self.say(f"No {word} is called '{rest}': type `{word}` and a name; {some}" if rest else f"Which {word}? Type `{word}` and a name, e.g. {word} {next(iter(names.values())).name}")
            for line in lines or ():
                self.say(line)
        elif word == "odds":
            self.odds(seat, decision, rest)
        elif word == "why":
            self.why(decision, rest)
        elif word == "undo":
            self.undo(seat)
        elif word == "save":
            self.save_to(Path(rest) if rest else None)
        elif word in ("quit", "exit"):
            raise Leave()
        else:
            return False
        return True

    def why(self, decision: Any, rest: str) -> None:
        game = self.game
        if not rest:
            self.say("Why what? Type `why` and an option number, or a zone or unit code.")
            return
        number = whole_number(rest)
        if rest.isdigit() and (number is None or not 1 <= number <= len(decision.options)):
            self.say(f"There is no option {rest[:12]}: the options are numbered 1 to {len(decision.options)}.")
            return
        # A zone's or unit's code is what it says; a card name it begins (PLA, Plague) is not.
        named = number is None and game.board.find(rest) is None and unit_code(rest) is None
        card = lookup.why_card(game, decision, rest) if named else None
        if card is not None:
            self.say(card)
            return
        try:
            index = number - 1 if number is not None else parse_answer(game, decision, rest) if decision.count == 1 else None
        except BadAnswer:
            index = None
        try:
            if isinstance(index, int):
                text = why_option(game, decision, index)
            else:
                known = game.board.find(rest) is not None or unit_code(rest) is not None
                fallback = f"{rest} is not one of the answers to: {decision.prompt}" if known else f"'{rest}' is neither an option number, a zone or unit code nor a card's name."
                text = why_not(game, decision, rest) or fallback
        except (LookupError, TypeError, ValueError, AttributeError):
            # A theme's own kind of decision may carry values the explanations do not know.
            text = f"The rules of {game.rules.info.name} list the options of this decision themselves: {decision.prompt}."
        self.say(text)

    def odds(self, seat: int, decision: Any, rest: str) -> None:
        """`odds CODE`: the chances of the battle in a zone, for the group being moved
        there or for the units already in it."""
        from ..odds import move_odds

        game = self.game
        z = game.board.find(rest) if rest else None
        if z is None:
            example = game.board.codes[0]
            self.say(f"No zone is called '{rest}': type `odds` and a zone code, e.g. odds {example}." if rest else f"Which zone? Type `odds` and a zone code, e.g. odds {example}")
            return
        ctx = decision.context if isinstance(decision.context, dict) else {}
        moving = tuple(ctx["units"]) if decision.kind == "choose_destination" and "units" in ctx else ()
        going = "moving there"
        if not moving and decision.player == seat and ctx.get("units_for", {}).get(z):
            # A theme that declares attacks says who would go in where (the city states).
            moving, going = tuple(ctx["units_for"][z]), "attacking it"
        if not moving and not game.state.occupies(seat, z):
            self.say(f"You have no units in {render.zone(game, z)} and none on the move: `odds CODE` answers while you choose where a group goes, "
                     "or an attack to declare, or for a zone holding your units.")
            return
        # In another player's turn, that player attacks (B5): the figures are told from your side.
        active = game.state.active
        attacker = active if not moving and active != seat and game.state.occupies(active, z) else seat
        odds = move_odds(game, seat, moving, z, attacker=attacker)
        if odds is None:
            self.say(f"No enemy units are in {render.zone(game, z)}: no battle there.")
            return
        mine, theirs = ((odds.attacker_wins, odds.attacker_losses), (odds.defender_wins, odds.defender_losses))[:: 1 if attacker == seat else -1]
        margin = "" if odds.exact else f" (± {odds.margin(mine[0]):.0%})"
        who = going if moving else "with the units you have there" + ("" if attacker == seat else f", {game.state.players[attacker].name} attacking")
        neither = 1.0 - mine[0] - theirs[0]
        # Both sides may fall (B6): said, so the shares add up.
        nobody = f", neither holds it {neither:.0%}" if neither >= 0.005 else ""
        self.say(f"Battle in {render.zone(game, z)} {who}: you hold the zone {mine[0]:.0%}{margin}, "
                 f"they hold it {theirs[0]:.0%}{nobody}; units lost on average: yours {mine[1]:.1f}, theirs {theirs[1]:.1f}.")
        self.say(f"Method: {odds.how()}; unit forces and the rules' modifiers, no cards in hand; every choice in the battle at random.")

    def can_undo(self, seat: int) -> bool:
        return bool(self.undoable) and self.undo_seat == seat

    def undo(self, seat: int) -> None:
        if not self.can_undo(seat):
            block = self.undo_block
            if self.undo_seat is not None and self.undo_seat != seat:
                block = f"{self.game.state.players[self.undo_seat].name} chose after your last choice"
            self.say(f"Nothing to undo: {block}.")
            return
        doc = saves.to_dict(self.game)
        self.game = saves.replay(doc, self.module_paths, upto=len(doc["choices"]) - 1, check_digest=False)
        label = self.undoable.pop()
        if not self.undoable:
            self.undo_block = "every choice since the last new information has been taken back"
        for key in self.seen:
            self.seen[key] = min(self.seen[key], len(self.game.events))
        self.say(f"Took back: {label}", style="bold")

    def svg(self, seat: int, path: str) -> None:
        if not path:
            self.say("Where to? Type `map --svg FILE`, e.g. map --svg galaxy.svg")
            return
        try:
            written = render.save_svg(self.game, seat, path)
        except ImportError:
            self.say("Drawing the map needs the map renderer (warp_empires.mapgen.render), which this installation lacks; `map` shows the board as a table.")
            return
        except OSError as exc:
            self.say(f"Could not write {path}: {exc.strerror or exc}")
            return
        self.console.print(f"The board is drawn in {written}.", markup=False, highlight=False, soft_wrap=True)

    # ------------------------------------------------------------------ saving and the end

    def autosave(self, path: Path | None = None) -> Path:
        """Save to ``path`` (the autosave file by default); raises OSError or SaveError."""
        return saves.save(self.game, path or self.save_path, self.ask_everyone)

    def keep_saved(self) -> bool:
        """The autosave after a turn: on failure warn, and carry on (it is tried again next turn)."""
        self.tried_at = len(self.game.choices)
        try:
            self.autosave()
        except (OSError, saves.SaveError) as exc:
            if not self.save_failing:
                self.warn(f"Could not save to {self.save_path}: {reason(exc)}. The game goes on and saving is tried again "
                          "after every turn; type `save FILE` to save somewhere else.")
            self.save_failing = True
            return False
        if self.save_failing:
            self.console.print(Text(f"Saved to {self.save_path} again.", style="bold"), soft_wrap=True)
        self.save_failing = False
        self.saved_at = len(self.game.choices)
        return True

    def saved_part(self) -> str:
        """What the last save that worked holds, in words."""
        return "the game as it started" if not self.saved_at else f"the game up to choice {self.saved_at}"

    def save_to(self, path: Path | None) -> None:
        """The `save [FILE]` command. While autosaving fails, a save that works elsewhere
        becomes the new autosave file."""
        target = path or self.save_path
        try:
            written = self.autosave(target)
        except (OSError, saves.SaveError) as exc:
            self.warn(f"Could not save to {target}: {reason(exc)}. Try `save FILE` with a folder you can write to.")
            return
        if target == self.save_path or self.save_failing:
            self.save_path, self.save_failing, self.saved_at = written, False, len(self.game.choices)
            note = "; the game is saved there after every turn from now on" if path is not None else ""
        else:
            note = ""
        self.console.print(f"Saved to {written}{note}.", markup=False, highlight=False, soft_wrap=True)

    def theme_failed(self, exc: ThemeError, choice_made: bool = True) -> None:
        """The theme's code failed: say where, keep the game as it was before the choice
        that set it off (``choice_made=False``: it failed while a computer player chose,
        and the game is as it was), and stop with exit code 1."""
        if self.alt:
            self.console.set_alt_screen(False)
            self.alt = False
        self.console.print(f"Error: {exc}", markup=False, highlight=False, soft_wrap=True)
        if choice_made:
            doc = saves.to_dict(self.game, self.ask_everyone)
            doc["choices"] = doc["choices"][:-1]
            self.game = saves.replay(doc, self.module_paths, check_digest=False)
        self.leave("The game as it stood before that choice is saved" if choice_made else "Game saved", last_chance=True)
        raise click.exceptions.Exit(1)

    def leave(self, what: str, last_chance: bool = False) -> bool:
        """Save and say how to carry on. False if the save failed: with ``last_chance``
        (the game cannot go on) that is an error naming the last save that worked."""
        if self.alt:
            self.console.set_alt_screen(False)
            self.alt = False
        try:
            path = self.autosave()
        except (OSError, saves.SaveError) as exc:
            if last_chance:
                kept = f"the last save that worked, {self.save_path}, holds {self.saved_part()}"
                raise click.ClickException(f"could not save to {self.save_path}: {reason(exc)}; {kept}") from None
            self.warn(f"Could not save to {self.save_path}: {reason(exc)}. The game is not over: type `save FILE` to save "
                      "somewhere else, then quit.")
            self.save_failing = True
            return False
        self.console.print(f"{what} to {path}.", markup=False, highlight=False, soft_wrap=True)
        self.console.print(f"Carry on with: {command(self.module_paths, 'resume', path)}", markup=False, highlight=False, soft_wrap=True)
        return True

    def show_end(self) -> None:
        if self.alt:
            self.console.set_alt_screen(False)
            self.alt = False
        game = self.game
        if len(self.humans) == 1:
            self.show_news(self.humans[0])
        elif self.humans:
            last_round = [i for i, e in enumerate(game.events) if e.kind == "turn_started"][-len(game.state.players):]
            self.seen[None] = max(self.seen[None], last_round[0] if last_round else 0)
            self.show_news(None)
        else:
            self.show_news(None)
        self.console.print(Rule("Game over", align="left"))
        self.console.print(render.result_text(game))
        self.console.print(render.final_table(game))
        while self.save_failing:
            # The finished game exists only in memory: offer other places until one works.
            line = read_line(self.console, "The end of the game is not saved. Save it to which file? (Enter: leave it unsaved) ")
            if not line or not line.strip():
                self.warn(f"Not saved; {self.save_path} holds {self.saved_part()}.")
                return
            self.save_to(Path(line.strip()))
        self.console.print(f"The game is saved in {self.save_path}; watch it again with: {command(self.module_paths, 'replay', self.save_path)}",
                           markup=False, highlight=False, soft_wrap=True)
