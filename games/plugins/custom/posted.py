"""A custom game's hand form read as its entry (games/scoring/posted.py): each side's points."""

from __future__ import annotations

from games.plugins.custom.engine import POINTS
from games.scoring.base import TableSetup
from games.scoring.posted import Values, per_side


def read_entry(values: Values, setup: TableSetup) -> dict[str, object]:
    return {POINTS: per_side(values, "points", setup.sides)}
