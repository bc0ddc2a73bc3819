"""Hand entry per game: the Django side of scoring one hand (forms, preview, words)."""

from __future__ import annotations

import importlib

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    Scoreboard,
    ScoreRow,
)
from games.hands.scopa import ScopaHandEntry
from games.scoring import GAMES
from games.scoring.registry import GAME_PACKAGES

_SCOPA = ScopaHandEntry()

# The games the pages offer: a game joins once its hand entry exists.
HAND_ENTRIES: dict[str, HandEntry] = {
    "scopa": _SCOPA,
    "scopone": _SCOPA,
    "pirate-scopa": _SCOPA,
}


def package_hand_entries(packages: tuple[str, ...] = GAME_PACKAGES) -> dict[str, HandEntry]:
    """The hand entries the game packages list (``<package>.entry.HAND_ENTRIES``, game key
    to entry; docs/architecture.md, "Game packages")."""
    found: dict[str, HandEntry] = {}
    for package in packages:
        module = importlib.import_module(f"{package}.entry")
        entries = getattr(module, "HAND_ENTRIES", None)
        if not isinstance(entries, dict) or not all(
            isinstance(entry, HandEntry) for entry in entries.values()
        ):
            raise TypeError(f"{package}.entry.HAND_ENTRIES must map game keys to HandEntry")
        found.update(entries)
    return found


HAND_ENTRIES.update(package_hand_entries())


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
