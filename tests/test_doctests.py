"""The examples in the scoring modules' docstrings (``>>>``) run, and say what the code does."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import games.scoring
from games.scoring.registry import GAME_PACKAGES

# The scoring modules, the game packages' engines and the Scopa family's capture rules (pure
# Python like them).
MODULES = [
    *sorted(info.name for info in pkgutil.iter_modules(games.scoring.__path__, "games.scoring.")),
    *(f"{package}.engine" for package in GAME_PACKAGES),
    "games.plugins.scopa.captures",
]

# The modules whose public functions carry examples; a finder that found none would pass
# every module above without running anything.
WITH_EXAMPLES = (
    "base",
    "breakdowns",
    "cards",
    "errors",
    "plugins.scopa.engine",
    "plugins.scopa.captures",
    "plugins.ciapano.engine",
    "plugins.swoops.engine",
    "plugins.schafkopf.engine",
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_a_scoring_modules_docstrings_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_examples_are_found(name: str) -> None:
    module = importlib.import_module(
        f"games.{name}" if name.startswith("plugins.") else f"games.scoring.{name}"
    )
    assert any(test.examples for test in doctest.DocTestFinder().find(module))
