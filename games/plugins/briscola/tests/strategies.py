"""Hypothesis strategies for Briscola deals (games/plugins/briscola/rules.md §5): the 40 cards
split between the sides, or the card points they make, counted at the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from games.plugins.briscola.engine import card_points
from games.scoring.cards import DECK


@st.composite
def briscola_captures(draw: st.DrawFn, sides: Sequence[str]) -> dict[str, list[str]]:
    takers = draw(st.lists(st.sampled_from(list(sides)), min_size=40, max_size=40))
    captures: dict[str, list[str]] = {side: [] for side in sides}
    for card, side in zip(DECK, takers, strict=True):
        captures[side].append(card.code)
    return captures


@st.composite
def briscola_counted_points(draw: st.DrawFn, sides: Sequence[str]) -> dict[str, int]:
    """The card points some split of the deck makes."""
    captures = draw(briscola_captures(sides))
    return {
        side: sum(card_points(card) for card in DECK if card.code in codes)
        for side, codes in captures.items()
    }


@st.composite
def briscola_entries(draw: st.DrawFn, sides: Sequence[str]) -> dict[str, Any]:
    if draw(st.booleans()):
        return {"captures": draw(briscola_captures(sides))}
    return {"points": draw(briscola_counted_points(sides))}
