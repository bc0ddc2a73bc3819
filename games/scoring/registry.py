"""Maps game keys (docs/scoresheet.md ``game``) to the rules that score them."""

from __future__ import annotations

from .base import Game
from .ciapano import Ciapano
from .schafkopf import Schafkopf
from .scopa import PirateScopa, Scopa, Scopone
from .swoops import Swoops

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
    )
}

# The games scored as scopa.py's family: captures, primiera and sweeps.
SCOPA_FAMILY: tuple[str, ...] = ("scopa", "scopone", "pirate-scopa")

# Games the scoresheet format names whose scoring has not landed yet.
COMING_GAMES: tuple[str, ...] = ()


def get_game(key: str) -> Game:
    """The game for a key; KeyError if the app does not score it."""
    return GAMES[key]
