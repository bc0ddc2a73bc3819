"""Pure scoring rules for every game Scorekeeper keeps: plain values in, plain values out.

No Django here (an import-linter contract enforces it), so the rules can be tested, reused by
the CLI and reasoned about on their own.
"""

from .base import (
    Game,
    GameState,
    RoundScore,
    RoundTracker,
    Side,
    TableSetup,
    Team,
    score_table,
)
from .breakdowns import Breakdown
from .errors import BreakdownError, EntryError, Problem
from .registry import COMING_GAMES, GAMES, get_game

__all__ = [
    "COMING_GAMES",
    "GAMES",
    "Breakdown",
    "BreakdownError",
    "EntryError",
    "Game",
    "GameState",
    "Problem",
    "RoundScore",
    "RoundTracker",
    "Side",
    "TableSetup",
    "Team",
    "get_game",
    "score_table",
]
