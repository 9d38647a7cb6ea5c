"""Every example in the engine's docstrings runs and prints what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import warp_empires

# __main__ runs the command line when imported.
MODULES = sorted(info.name for info in pkgutil.walk_packages(warp_empires.__path__, "warp_empires.") if info.name != "warp_empires.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"
