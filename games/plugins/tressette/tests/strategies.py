"""Hypothesis strategies for Tressette hands (games/plugins/tressette/rules.md §6): the 40 cards
split between the sides with the last trick, or the card points they make, counted at the
table; declarations the deck allows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

from games.plugins.tressette.engine import points_of_cards
from games.scoring.cards import DECK, parse_card


@st.composite
def tressette_captures(draw: st.DrawFn, sides: Sequence[str]) -> dict[str, list[str]]:
    takers = draw(st.lists(st.sampled_from(list(sides)), min_size=40, max_size=40))
    captures: dict[str, list[str]] = {side: [] for side in sides}
    for card, side in zip(DECK, takers, strict=True):
        captures[side].append(card.code)
    return captures


@st.composite
def tressette_counted_points(draw: st.DrawFn, sides: Sequence[str]) -> dict[str, int]:
    """The card points some split of the deck and of the last trick makes."""
    captures = draw(tressette_captures(sides))
    last = draw(st.sampled_from(list(sides)))
    return {
        side: points_of_cards({parse_card(code) for code in codes}, side == last)
        for side, codes in captures.items()
    }


@st.composite
def tressette_declarations(
    draw: st.DrawFn, sides: Sequence[str], options: Mapping[str, object]
) -> dict[str, dict[str, int]]:
    """Declarations the deck allows: the hands dealt are drawn, and each side declares what it
    holds (or less, as a player may keep quiet)."""
    # Most hands have none: the deal is drawn only for some, which keeps the shared suites fast.
    if not (options.get("napoletana") or options.get("accuse")) or not draw(st.booleans()):
        return {}
    holders = draw(st.lists(st.sampled_from(list(sides)), min_size=40, max_size=40))
    held: dict[str, set[str]] = {side: set() for side in sides}
    for card, side in zip(DECK, holders, strict=True):
        held[side].add(card.code)
    found: dict[str, dict[str, int]] = {}
    for side in sides:
        parts: dict[str, int] = {}
        if options.get("napoletana"):
            full = sum(all(f"{rank}{suit}" in held[side] for rank in "A23") for suit in "DCSB")
            parts["napoletane"] = draw(st.integers(0, full))
        if options.get("accuse"):
            for name, rank in (("aces", "A"), ("twos", "2"), ("threes", "3")):
                count = sum(f"{rank}{suit}" in held[side] for suit in "DCSB")
                if count >= 3 and draw(st.booleans()):
                    parts[name] = count
        parts = {part: value for part, value in parts.items() if value}
        if parts:
            found[side] = parts
    return found


@st.composite
def tressette_entries(
    draw: st.DrawFn, sides: Sequence[str], options: Mapping[str, object]
) -> dict[str, Any]:
    entry: dict[str, Any]
    if draw(st.booleans()):
        entry = {
            "captures": draw(tressette_captures(sides)),
            "last_trick": draw(st.sampled_from(list(sides))),
        }
    else:
        entry = {"points": draw(tressette_counted_points(sides))}
    declarations = draw(tressette_declarations(sides, options))
    if declarations:
        entry["declarations"] = declarations
    return entry
