"""A Briscola deal's form read as its entry (games/scoring/posted.py): the cards each side took,
or the card points counted at the table."""

from __future__ import annotations

from games.plugins.briscola.engine import DECK_POINTS
from games.scoring.base import TableSetup
from games.scoring.posted import FIRST_HAND, MODE_POINTS, Before, Values, per_side, tapped


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    entered, taken = tapped(values, setup.sides)
    points = per_side(values, "points", setup.sides, 0, DECK_POINTS)
    return {"points": points} if entered == MODE_POINTS else {"captures": taken}
