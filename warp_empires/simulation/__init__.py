"""Simulating many games between computer players, to learn how the rules play out.

A run is a :class:`RunSettings` (theme, seed, seats, agents, map, rule variants) and a
number of games. Game ``i`` of a run is a pure function of the two
(:func:`play_game`), so games can be played on any number of processes or machines
(:func:`run`) and always give the same results::

    >>> from warp_empires.simulation import RunSettings, run, summarize
    >>> settings = RunSettings("doctor_who", seed=1, zones=24, turn_limit=4)
    >>> outcome = run(settings, 4)
    >>> summarize(outcome.results, settings, {})["games"]
    4
"""

from .plan import GamePlan, RunSettings, plan_game
from .play import play_batch, play_game
from .result import GameResult
from .run import Outcome, run
from .store import ResultsError, ResultsFile
from .summary import summarize, verdict_line, wilson
from .variants import Variant, VariantError

__all__ = [
    "GamePlan", "GameResult", "Outcome", "ResultsError", "ResultsFile", "RunSettings", "Variant", "VariantError",
    "play_batch", "play_game", "plan_game", "run", "summarize", "verdict_line", "wilson",
]
