"""A Tressette hand's form read as its entry (games/scoring/posted.py): every card to a side and
who took the last trick, or the card points counted at the table; each side's declarations
either way."""

from __future__ import annotations

from games.plugins.tressette.engine import (
    ACCUSE_RANKS,
    DECLARATIONS,
    HAND_POINTS,
    LAST_TRICK,
    NAPOLETANE,
    SUITS,
)
from games.scoring.base import TableSetup
from games.scoring.card_points import CAPTURES, POINTS
from games.scoring.posted import (
    FIRST_HAND,
    MODE_POINTS,
    Before,
    Values,
    bounded,
    choice,
    per_side,
    side_at,
    tapped,
)

# The form's choices of three or four of a rank declared.
ACCUSE_COUNTS = ("0", "3", "4")


def declaration_parts(setup: TableSetup) -> tuple[str, ...]:
    """The declarations the table's options let a side make (its form's fields)."""
    parts: list[str] = []
    if setup.options.get("napoletana"):
        parts.append(NAPOLETANE)
    if setup.options.get("accuse"):
        parts.extend(ACCUSE_RANKS)
    return tuple(parts)


def declarations(values: Values, setup: TableSetup) -> dict[str, dict[str, int]]:
    """Each side's declarations made, by side (those it made none of left out): the napoletane a
    count up to the suits, the three or four of a rank a choice."""
    parts = declaration_parts(setup)
    found = {
        side: {
            part: bounded(values, f"{part}_{i}", 0, SUITS) or 0
            if part == NAPOLETANE
            else int(choice(values, f"{part}_{i}", ACCUSE_COUNTS) or 0)
            for part in parts
        }
        for i, side in enumerate(setup.sides)
    }
    return {side: {k: v for k, v in found[side].items() if v} for side in found}


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    # Every field is read, whatever the mode, with its form field's bounds.
    entered, taken = tapped(values, setup.sides)
    points = per_side(values, "points", setup.sides, 0, HAND_POINTS)
    last = side_at(values, LAST_TRICK, setup.sides)
    entry: dict[str, object]
    if entered == MODE_POINTS:
        entry = {POINTS: points}
    else:
        entry = {CAPTURES: taken, LAST_TRICK: last or ""}
    declared = {side: parts for side, parts in declarations(values, setup).items() if parts}
    if declared:
        entry[DECLARATIONS] = declared
    return entry
