"""A pytest plugin that adds game packages as their lines in ``GAME_PACKAGES`` would:
``pytest -p tests.added_game_packages`` with SCOREKEEPER_ADDED_GAME_PACKAGES naming them (dotted
names, comma-separated). tests/test_made_up_game.py runs the shared suites so over the made-up
race (tests/made_up_game/).

Loaded with ``-p``, it runs before pytest-django sets Django up and before any test module is
imported, so everything made from the tuple when it is imported is made from the longer one:
INSTALLED_APPS (scorekeeper/settings.py), ``HAND_ENTRIES`` and ``TOOLS`` (games/hands), the
packages' URLs (scorekeeper/urls.py), the PWA's static files (scorekeeper/pwa.py), the kits
(tests/kits.py) and the suites' parameters. Only the registry's own ``GAMES``, made when the
registry was imported (here, just before), is made again.

The tests parametrized by game run for the added games only: the others' run in the main suite.
"""

from __future__ import annotations

import os

import pytest

from games.scoring import registry

ADDED = tuple(
    name.strip()
    for name in os.environ.get("SCOREKEEPER_ADDED_GAME_PACKAGES", "").split(",")
    if name.strip()
)

if ADDED:
    registry.GAME_PACKAGES = (*registry.GAME_PACKAGES, *ADDED)
    registry.GAMES.clear()
    registry.GAMES.update((game.key, game) for game in registry.offer_order())

ADDED_GAMES = frozenset(game.key for game in registry.package_games(ADDED))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not ADDED:
        return
    others = set(registry.GAMES) - ADDED_GAMES
    kept, dropped = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        values = callspec.params.values() if callspec else ()
        named = any(isinstance(value, str) and value in others for value in values)
        (dropped if named else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
