"""A Scopa-family hand's form read as its entry (games/scoring/posted.py): every card to a side
and the sweeps (Cirulla's declarations, Scopa d'Assi's ace sweeps), or the points counted at the
table (and who made capotto)."""

from __future__ import annotations

from games.plugins.scopa.engine import DECLARATION_FIELDS, ScopaFamily
from games.scoring.base import TableSetup
from games.scoring.posted import (
    FIRST_HAND,
    MODE_POINTS,
    Before,
    Values,
    captures,
    mode,
    per_side,
    side_at,
)
from games.scoring.registry import GAMES


def declares(setup: TableSetup) -> bool:
    rules = GAMES[setup.game]
    return isinstance(rules, ScopaFamily) and rules.declares


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    sides = setup.sides
    if mode(values) == MODE_POINTS:
        entry: dict[str, object] = {"points": per_side(values, "points", sides)}
        capotto = side_at(values, "capotto", sides) if setup.options.get("capotto") else None
        if capotto:
            entry["capotto"] = capotto
        return entry
    entry = {"captures": captures(values, sides), "scopas": per_side(values, "scopas", sides)}
    if setup.options.get("scopa_d_assi"):
        entry["ace_sweeps"] = per_side(values, "ace_sweeps", sides)
    if declares(setup):
        for name in DECLARATION_FIELDS:
            entry[name] = per_side(values, name, sides)
    return entry
