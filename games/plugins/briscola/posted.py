"""A Briscola deal's form read as its entry (games/scoring/posted.py): the cards each side took,
or the card points counted at the table."""

from __future__ import annotations

from games.scoring.base import TableSetup
from games.scoring.posted import FIRST_HAND, MODE_POINTS, Before, Values, captures, mode, per_side


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    if mode(values) == MODE_POINTS:
        return {"points": per_side(values, "points", setup.sides)}
    return {"captures": captures(values, setup.sides)}
