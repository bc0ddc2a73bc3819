"""Maps game keys (docs/scoresheet.md ``game``) to the rules that score them."""

from __future__ import annotations

import importlib

from .base import Game

# Every game lives in a package of its own, one line per package (docs/architecture.md, "Game
# packages"): ``<package>.engine`` (pure Python, like this package) lists its ``GAMES``,
# ``<package>.entry`` its ``HAND_ENTRIES`` (and may list ``TOOLS``, pages of its own such as the
# Scopa family's referees, served by ``<package>.urls``), and the package is a Django app
# (templates, static files, translations). The new-table form offers their games in this order,
# unless an engine names the game its games follow (``<package>.engine.OFFERED_AFTER``, a key).
GAME_PACKAGES: tuple[str, ...] = (
    "games.plugins.scopa",
    "games.plugins.ciapano",
    "games.plugins.swoops",
    "games.plugins.schafkopf",
    "games.plugins.briscola",
    "games.plugins.tressette",
    "games.plugins.custom",
)


def package_games(packages: tuple[str, ...] | None = None) -> tuple[Game, ...]:
    """The games the game packages' engines list (``<package>.engine.GAMES``), in order: of
    ``GAME_PACKAGES`` as it is when asked, unless ``packages`` are named.

    Imported by name, so this module stays pure: an engine imports no Django, and neither
    does anything here."""
    found: list[Game] = []
    for package in GAME_PACKAGES if packages is None else packages:
        engine = importlib.import_module(f"{package}.engine")
        games = getattr(engine, "GAMES", None)
        if not isinstance(games, tuple) or not all(isinstance(game, Game) for game in games):
            raise TypeError(f"{package}.engine.GAMES must be a tuple of Game")
        found.extend(games)
    return tuple(found)


def offer_order(
    built_in: tuple[Game, ...] = (), packages: tuple[str, ...] | None = None
) -> tuple[Game, ...]:
    """The game packages' games in the order the new-table form offers them, after any
    ``built_in`` games (the registry has none since the Scopa family moved into its package): a
    package's games right after the game its engine's ``OFFERED_AFTER`` names, or else last.

    The game named may be another package's, whichever comes first in ``packages`` (Swoops
    follows Ciapanò, which follows Cirulla)."""
    order = list(built_in)
    waiting = list(GAME_PACKAGES if packages is None else packages)
    while waiting:
        placed = False
        for package in list(waiting):
            after = getattr(importlib.import_module(f"{package}.engine"), "OFFERED_AFTER", None)
            keys = [game.key for game in order]
            if after is None:
                order.extend(package_games((package,)))
            elif after in keys:
                place = keys.index(after) + 1
                order[place:place] = package_games((package,))
            else:
                continue
            waiting.remove(package)
            placed = True
        if not placed:
            package = waiting[0]
            after = importlib.import_module(f"{package}.engine").OFFERED_AFTER
            raise ValueError(f"{package}.engine.OFFERED_AFTER names no game before it: {after!r}")
    return tuple(order)


# The game packages' games, in the order the new-table form offers them.
GAMES: dict[str, Game] = {game.key: game for game in offer_order()}

# Games the scoresheet format names whose scoring has not landed yet.
COMING_GAMES: tuple[str, ...] = ()


def get_game(key: str) -> Game:
    """The game for a key; KeyError if the app does not score it."""
    return GAMES[key]
