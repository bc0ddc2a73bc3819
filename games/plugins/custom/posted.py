"""A custom game's hand form read as its entry (games/scoring/posted.py): each side's points."""

from __future__ import annotations

from games.plugins.custom.engine import MOST_IN_A_HAND, POINTS
from games.scoring.base import TableSetup
from games.scoring.posted import FIRST_HAND, Before, NotScorable, Values, per_side


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    # As the form's ``incomplete``: a hand with no side's points is not a hand of nothing but
    # one not entered yet (0 is written for a side that scored nothing).
    if all(values.get(f"points_{index}") in (None, "") for index in range(len(setup.sides))):
        raise NotScorable("no side's points entered")
    negative = setup.option_bool("negative_points")
    low = -MOST_IN_A_HAND if negative else 0
    return {POINTS: per_side(values, "points", setup.sides, low, MOST_IN_A_HAND)}
