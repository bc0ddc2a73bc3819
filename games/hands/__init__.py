"""Hand entry per game: the Django side of scoring one hand (forms, preview, words)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    Scoreboard,
    ScoreRow,
    Tool,
)
from games.scoring import GAMES
from games.scoring.registry import GAME_PACKAGES

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


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


def package_tools(packages: tuple[str, ...] = GAME_PACKAGES) -> tuple[Tool, ...]:
    """The pages the game packages offer beside their tables (``<package>.entry.TOOLS``, a
    tuple of ``Tool``; optional), in the packages' order."""
    found: list[Tool] = []
    for package in packages:
        tools = getattr(importlib.import_module(f"{package}.entry"), "TOOLS", ())
        if not isinstance(tools, tuple) or not all(isinstance(tool, Tool) for tool in tools):
            raise TypeError(f"{package}.entry.TOOLS must be a tuple of Tool")
        found.extend(tools)
    return tuple(found)


# The games the pages offer: a game joins once its hand entry exists.
HAND_ENTRIES: dict[str, HandEntry] = package_hand_entries()

# The header, the home page and the rules index link to these (games.context_processors).
TOOLS: tuple[Tool, ...] = package_tools()


def hand_entry_for(game: str) -> HandEntry:
    return HAND_ENTRIES[game]


def offered_games() -> list[str]:
    """The games the pages offer, in the registry's order: those with a hand entry. The first
    is the one a new table starts on."""
    return [key for key in GAMES if key in HAND_ENTRIES]


def game_choices() -> list[tuple[str, StrPromise]]:
    """The games the pages offer, in the registry's order, by their names."""
    return [(key, gettext_lazy(GAMES[key].name)) for key in offered_games()]


def default_game() -> str:
    """The game a new table starts on: the registry's first."""
    return offered_games()[0]


__all__ = [
    "HAND_ENTRIES",
    "TOOLS",
    "BaseHandForm",
    "ChartHints",
    "HandEntry",
    "HistoryLine",
    "ScoreRow",
    "Scoreboard",
    "Tool",
    "default_game",
    "game_choices",
    "hand_entry_for",
    "offered_games",
]
