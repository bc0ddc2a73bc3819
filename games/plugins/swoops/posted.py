"""A Swoops hand's form read as its entry (games/scoring/posted.py): who went out, and for every
other player the cards still held (rank words typed or tapped) or the total they counted."""

from __future__ import annotations

import re

from games.plugins.swoops.engine import parse_rank
from games.scoring.base import TableSetup
from games.scoring.posted import (
    FIRST_HAND,
    Before,
    NotScorable,
    Values,
    number,
    side_at,
    text,
)

# The form's cards field: typed without JavaScript as "JOKER 10 K 5" or "joker, 10, k, 5".
CARDS_MAX_LENGTH = 500
_SEPARATORS = re.compile(r"[\s,;]+")


def split_cards(typed: object) -> list[str]:
    """The words typed or tapped into a player's cards field, as given."""
    if not isinstance(typed, str):
        return []
    return [word for word in _SEPARATORS.split(typed) if word]


def rank_or_none(word: str) -> str | None:
    try:
        return parse_rank(word)
    except ValueError:
        return None


def unknown_words(typed: object) -> list[str]:
    """The words of a cards field that are no Swoops rank: the form refuses them."""
    return [word for word in split_cards(typed) if rank_or_none(word) is None]


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    sides = setup.sides
    went_out = side_at(values, "went_out", sides) or ""
    remaining: dict[str, list[str]] = {}
    totals: dict[str, int] = {}
    for seat, side in enumerate(sides):
        typed = text(values, f"cards_{seat}", CARDS_MAX_LENGTH)
        if unknown_words(typed):
            raise NotScorable(f"cards_{seat}: not cards")
        cards = [parse_rank(word) for word in split_cards(typed)]
        total = number(values.get(f"total_{seat}"))
        if side == went_out:
            # Whatever was entered for the player who went out goes to the engine, which
            # refuses it with a reason; a typed 0 says the same as nothing.
            if total:
                totals[side] = total
            elif cards:
                remaining[side] = cards
        elif total is not None:
            totals[side] = total
        else:
            # Possibly empty: the engine then says this player cannot hold no cards.
            remaining[side] = cards
    entry: dict[str, object] = {"went_out": went_out}
    if remaining:
        entry["remaining"] = remaining
    if totals:
        entry["totals"] = totals
    return entry
