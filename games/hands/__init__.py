"""Hand entry per game: the Django side of scoring one hand (forms, preview, words)."""

from __future__ import annotations

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    Scoreboard,
    ScoreRow,
)
from games.hands.ciapano import CiapanoHandEntry
from games.hands.schafkopf import SchafkopfHandEntry
from games.hands.scopa import ScopaHandEntry
from games.hands.swoops import SwoopsHandEntry
from games.scoring import GAMES

_SCOPA = ScopaHandEntry()

# The games the pages offer: a game joins once its hand entry exists.
HAND_ENTRIES: dict[str, HandEntry] = {
    "scopa": _SCOPA,
    "scopone": _SCOPA,
    "pirate-scopa": _SCOPA,
    "ciapano": CiapanoHandEntry(),
    "schafkopf": SchafkopfHandEntry(),
    "swoops": SwoopsHandEntry(),
}


def hand_entry_for(game: str) -> HandEntry:
    return HAND_ENTRIES[game]


def offered_games() -> list[str]:
    """The games the pages offer, in the registry's order: those with a hand entry. The first
    is the one a new table starts on."""
    return [key for key in GAMES if key in HAND_ENTRIES]


__all__ = [
    "HAND_ENTRIES",
    "BaseHandForm",
    "ChartHints",
    "HandEntry",
    "HistoryLine",
    "ScoreRow",
    "Scoreboard",
    "hand_entry_for",
    "offered_games",
]
