"""Maps game keys (docs/scoresheet.md ``game``) to the rules that score them."""

from __future__ import annotations

import importlib

from .base import Game
from .ciapano import Ciapano
from .schafkopf import Schafkopf
from .scopa import PirateScopa, Scopa, Scopone
from .swoops import Swoops

# Games that live in a package of their own, one line per game (docs/architecture.md, "Game
# packages"): ``<package>.engine`` (pure Python, like this package) lists its ``GAMES``,
# ``<package>.entry`` its ``HAND_ENTRIES``, and the package is a Django app (templates, static
# files, translations). They come after the games above, in this order.
GAME_PACKAGES: tuple[str, ...] = ("games.plugins.briscola",)


def package_games(packages: tuple[str, ...] = GAME_PACKAGES) -> tuple[Game, ...]:
    """The games the game packages' engines list (``<package>.engine.GAMES``), in order.

    Imported by name, so this module stays pure: an engine imports no Django, and neither
    does anything here."""
    found: list[Game] = []
    for package in packages:
        engine = importlib.import_module(f"{package}.engine")
        games = getattr(engine, "GAMES", None)
        if not isinstance(games, tuple) or not all(isinstance(game, Game) for game in games):
            raise TypeError(f"{package}.engine.GAMES must be a tuple of Game")
        found.extend(games)
    return tuple(found)


# One game per line, in the order the new-table form offers them.
GAMES: dict[str, Game] = {
    game.key: game
    for game in (
        Scopa(),
        Scopone(),
        PirateScopa(),
        Ciapano(),
        Swoops(),
        Schafkopf(),
        *package_games(),
    )
}

# The games scored as scopa.py's family: captures, primiera and sweeps.
SCOPA_FAMILY: tuple[str, ...] = ("scopa", "scopone", "pirate-scopa")

# Games the scoresheet format names whose scoring has not landed yet.
COMING_GAMES: tuple[str, ...] = ()


def get_game(key: str) -> Game:
    """The game for a key; KeyError if the app does not score it."""
    return GAMES[key]
