"""``warp-empires replay``: step through a saved game, one decision at a time.

The game is rebuilt from the save's setup by making its choices again, through the
same door as play (``game.decide``); after each choice the events it caused are shown.

What it shows depends on whether the game is over (B14). A finished game is shown whole,
hidden units and every hand included, and the replay says so first. An unfinished game
is shown as the table saw it (tops of stacks, counts, no hands), or as one player saw it
with ``--seat NAME``, so a replay never gives away what an opponent still hides.

A game played with ``--ask-everyone`` hid from the table whom the rules asked for an
answer: there, an unfinished game's replay leaves out another player's declined answers
(a "pass" to a card, a move or a die roll) and numbers only the decisions it shows.
"""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from .. import saves
from ..decisions import IllegalChoice
from ..engine import Game
from ..rules.reactions import PASS
from . import render
from .common import command, friendly, make_console, module_paths
from .explain import describe_choice
from .narrate import describe, who
from .prompts import read_line


#: Who a replay shows things to: everything, the table (public only) or one seat.
EVERYTHING = "everything"


def event_lines(game: Game, events: list[Any], viewer: int | str | None = EVERYTHING) -> list[str]:
    """The events in words for ``viewer``: ``EVERYTHING`` (private details marked with who
    saw them), ``None`` for the table, or a seat."""
    out = []
    for raw in events:
        event = raw.revealed() if viewer == EVERYTHING else raw.seen_by(viewer)
        if event is None:
            continue
        line = describe(game, event)
        if line is None:
            continue
        private = raw.private_to() if viewer == EVERYTHING else None
        if private is not None:
            line += f"  (seen by {', '.join(who(game, s) for s in sorted(private))})"
        out.append(("" if event.kind == "turn_started" else "    ") + line)
    return out


def banner(over: bool, viewer: int | str | None, name: str = "") -> str:
    if viewer == EVERYTHING:
        return "The game is over: this replay shows everything, hidden units and every hand included."
    if viewer is None:
        return "The game is not over: this replay shows only what every player may see (--seat NAME for one player's view)."
    state = "The game is over" if over else "The game is not over"
    return f"{state}: this replay shows only what {name} saw."


class Replayer:
    """The game at one point of its saved history, moved forward choice by choice.

    ``shown`` lists the saved choices the viewer is shown, by index; the others (see
    :meth:`watch`) are made along with the shown one before them, their news told but
    not the decision. ``count`` is how many shown choices have been made.
    """

    def __init__(self, doc: dict, paths: tuple[str, ...], console: Console, viewer: int | str | None = EVERYTHING):
        self.doc, self.paths, self.console = doc, paths, console
        self.choices = doc["choices"]
        self.game = saves.replay(doc, paths, upto=0, check_digest=False)
        self.done = 0
        self.count = 0
        self.watch(viewer)

    def watch(self, viewer: int | str | None) -> None:
        """Show the game to ``viewer`` from now on. In a game played with --ask-everyone
        that is not over, another player's declined answer is not shown to them: the table
        saw every person asked at each moment a card could answer, so such a decision only
        tells that its player held an answer."""
        self.viewer = viewer
        self.shown = list(range(len(self.choices)))
        if viewer == EVERYTHING or not self.doc.get("ask_everyone"):
            return
        game = saves.replay(self.doc, self.paths, upto=0, check_digest=False)
        self.shown = []
        for i, choice in enumerate(self.choices):
            decision = game.pending
            if decision is None:
                self.shown.extend(range(i, len(self.choices)))  # step() says what is wrong with these
                break
            if not declined_answer(decision, choice) or decision.player == viewer:
                self.shown.append(i)
            try:
                game.decide(choice)
            except IllegalChoice:
                self.shown.extend(range(i + 1, len(self.choices)))
                break

    @property
    def total(self) -> int:
        """How many decisions the viewer is shown."""
        return len(self.shown)

    def show(self, lines: list[str]) -> None:
        for line in lines:
            self.console.print(Text(line, style="bold" if not line.startswith(" ") else ""))

    def step(self) -> None:
        """Make the next shown choice and show it with what it caused, then the choices not
        shown that follow it."""
        self._catch_up()
        if self.count < self.total:
            self._decide(shown=True)
            self.count += 1
        self._catch_up()

    def _catch_up(self) -> None:
        """Make the choices not shown up to the next shown one (or to the end)."""
        upto = self.shown[self.count] if self.count < self.total else len(self.choices)
        while self.done < upto:
            self._decide(shown=False)

    def _decide(self, shown: bool) -> None:
        game = self.game
        decision = game.pending
        choice = self.choices[self.done]
        if decision is None:
            raise saves.SaveError(f"choice {self.done + 1} of the save comes after the end of the game")
        try:
            picked = list(decision.resolve(choice))
        except IllegalChoice:
            raise saves.SaveError(f"choice {self.done + 1} of the save ({str(choice)[:40]!r}) is not legal here: {saves.why_it_differs(self.doc, game)}") from None
        before = len(game.events)
        game.decide(choice)
        self.done += 1
        number = f"{self.count + 1:>5}. "
        if shown and self.viewer in (EVERYTHING, decision.player):
            label = describe_choice(decision, picked if decision.count > 1 else picked[0])
            self.console.print(Text.assemble(number, render.name_text(game, decision.player), f": {decision.prompt} -> ", (label, "bold")))
        elif shown:  # another player's choice is theirs to know
            self.console.print(Text.assemble(number, render.name_text(game, decision.player), " decides"))
        self.show(event_lines(game, game.events[before:], self.viewer))

    def jump(self, number: int) -> None:
        """Go to just before shown decision ``number`` (1-based) and make it."""
        self.done = self.shown[number - 1]
        self.game = saves.replay(self.doc, self.paths, upto=self.done, check_digest=False)
        self.count = number - 1
        self.console.print(f"-- decision {number} of {self.total}, turn {self.game.state.turn} --", markup=False)
        self.step()

    def finish(self, file: str) -> None:
        game = self.game
        if self.done == len(self.choices) and game.digest(saves.digest_version(self.doc)) != self.doc["digest"]:
            self.console.print(f"Warning: this replay does not reach the saved position: {saves.why_it_differs(self.doc, game)}.", markup=False)
        if game.is_over:
            self.console.print(render.result_text(game))
            self.console.print(render.final_table(game))
        else:
            self.console.print(f"The save stops here, in turn {game.state.turn}; carry on with: {command(self.paths, 'resume', file)}", markup=False, soft_wrap=True)


def declined_answer(decision: Any, choice: Any) -> bool:
    """Whether ``choice`` declines to answer with a card at a reaction ``decision``."""
    return decision.kind == "reaction" and choice == PASS.id


def seat_index(names: list[str], wanted: str) -> int:
    """The seat called ``wanted`` (a name, any case, or a number from 1)."""
    if wanted.isascii() and wanted.isdigit() and 1 <= int(wanted) <= len(names):
        return int(wanted) - 1
    for i, name in enumerate(names):
        if name.lower() == wanted.lower():
            return i
    raise click.BadParameter(f"no player is called {wanted!r}; the players are {', '.join(names)} (or 1 to {len(names)})", param_hint="--seat")


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--all", "show_all", is_flag=True, help="Print the whole game at once.")
@click.option("--step", "stepping", is_flag=True, help="Step through even when input is not a terminal.")
@click.option("--seat", "seat_name", metavar="NAME", help="Show only what this player saw (a name or a seat number from 1).")
@click.pass_context
@friendly
def replay_command(ctx, file, show_all, stepping, seat_name) -> None:
    """Step through a saved game: Enter for the next decision, a number to jump, q to quit.

    When input is not a terminal (or with --all) the whole game is printed. A finished
    game is shown whole, hidden units and hands included; an unfinished one only as
    every player may see it, or as one player saw it with --seat.
    """
    doc = saves.read(file)
    console = make_console()
    try:
        player = Replayer(doc, module_paths(ctx), console)
    except saves.SaveError as exc:
        raise saves.naming(file, exc) from None
    game = player.game
    names_in_save = [s.name for s in game.setup.seats]
    viewer: int | str | None = EVERYTHING if doc.get("over") else None
    if seat_name is not None:
        viewer = seat_index(names_in_save, seat_name)
    player.watch(viewer)
    names = ", ".join(f"{p.name} ({p.faction.name})" for p in game.state.players)
    console.print(f"Replay of {file}: {game.rules.info.title or game.setup.module}; {names}; {player.total} decisions.", markup=False)
    console.print(banner(bool(doc.get("over")), viewer, names_in_save[viewer] if isinstance(viewer, int) else ""), markup=False)
    player.show(event_lines(game, game.events, viewer))
    interactive = not show_all and (stepping or sys.stdin.isatty())
    total = player.total
    while player.count < total:
        if not interactive:
            player.step()
            continue
        text = read_line(console, f"[next: {player.count + 1} of {total}] Enter: show it, a number: go to that decision, q: quit > ")
        if text is None or text.strip().lower() in ("q", "quit"):
            return
        text = text.strip()
        if not text:
            player.step()
        elif text.isascii() and text.isdigit() and len(text) <= 9 and 1 <= int(text) <= total:
            player.jump(int(text))
        elif text.lower() in ("map", "map all"):
            console.print(render.board_table(player.game, viewer if isinstance(viewer, int) else None, every=text.lower() == "map all",
                                             reveal=viewer == EVERYTHING))
        else:
            console.print(f"Press Enter, type a decision number from 1 to {total}, map (map all: every zone), or q.", markup=False)
    player.finish(file)
