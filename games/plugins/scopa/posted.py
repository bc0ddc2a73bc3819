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
    per_side,
    side_at,
    tapped,
)
from games.scoring.registry import GAMES

# The bounds of the form's fields.
MAX_SCOPAS = 20
MAX_POINTS = 99
MAX_ACE_SWEEPS = 4
# In Cirulla the matta declared an ace sweeps like one: a fifth (cirulla.md §5).
MAX_ACE_SWEEPS_WITH_MATTA = 5
MAX_DECLARATIONS = 12


def declares(setup: TableSetup) -> bool:
    rules = GAMES[setup.game]
    return isinstance(rules, ScopaFamily) and rules.declares


def most_ace_sweeps(setup: TableSetup) -> int:
    """The ace sweeps a side may make in a hand: four aces, and the matta declared one."""
    return MAX_ACE_SWEEPS_WITH_MATTA if declares(setup) else MAX_ACE_SWEEPS


def read_entry(values: Values, setup: TableSetup, before: Before = FIRST_HAND) -> dict[str, object]:
    sides = setup.sides
    # Every field is read, whatever the mode, with its form field's bounds.
    entered, taken = tapped(values, sides)
    entry: dict[str, object] = {
        "captures": taken,
        "scopas": per_side(values, "scopas", sides, 0, MAX_SCOPAS),
    }
    points = per_side(values, "points", sides, 0, MAX_POINTS)
    if setup.options.get("scopa_d_assi"):
        entry["ace_sweeps"] = per_side(values, "ace_sweeps", sides, 0, most_ace_sweeps(setup))
    if declares(setup):
        for name in DECLARATION_FIELDS:
            entry[name] = per_side(values, name, sides, 0, MAX_DECLARATIONS)
    capotto = side_at(values, "capotto", sides) if setup.options.get("capotto") else None
    if entered == MODE_POINTS:
        return {"points": points, "capotto": capotto} if capotto else {"points": points}
    return entry
