"""Every example in the docstrings of the engine and the bundled themes runs and prints what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import warp_empires
import warp_modules

# __main__ runs the command line when imported.
MODULES = sorted(
    info.name
    for package in (warp_empires, warp_modules)
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    if info.name != "warp_empires.__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"
