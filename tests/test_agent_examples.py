"""The examples in the computer players' docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

from warp_empires import agents
from warp_empires.agents import determinize, evaluate, greedy, mcts


@pytest.mark.parametrize("module", [agents, determinize, evaluate, greedy, mcts], ids=lambda m: m.__name__)
def test_the_examples_in_the_agents_modules_run(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
