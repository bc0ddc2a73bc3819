"""Hypothesis strategies for tables and round entries of every game, as a phone would send them
(docs/scoresheet.md): captured cards, penalty cards or counts, contracts, cards held, the hands
of docs/examples/, counted points (some steered to the game's line: the Scopa target, Ciapanò's
elimination, the Swoops limit), and now and then a mistake the engine refuses.

Tables are set up so that games end (or players go out) within a few hands. An entry is drawn
for the table as it stands before the hand: its totals, and who is out (Ciapanò); now and then a
Ciapanò entry is drawn as if nobody were out yet, as from a form rendered before a player went
out. The simplest choices come first, so that failing examples shrink to valid counted hands.

What is particular to a game (its tables' options, its entries, its line, its impossible points)
comes from its test kit, games/plugins/<game>/tests/kit.py (tests/kits.py); nothing here names a
game.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from games.scoring import TableSetup
from tests.kits import kit_for

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"

Entry = dict[str, Any]


@dataclass(frozen=True)
class TablePlan:
    """What ``services.table_create`` is called with."""

    game: str
    players: list[str]
    options: dict[str, object]
    first_dealer: int


# -- tables ---------------------------------------------------------------------------------------


@st.composite
def table_plans(draw: st.DrawFn, game: str) -> TablePlan:
    """A table of ``game`` where the game is decided (or players go out) within a few hands."""
    count, options = kit_for(game).table_plan(draw, game)
    return TablePlan(game, list(NAMES[:count]), options, draw(st.integers(0, count - 1)))


# -- entries --------------------------------------------------------------------------------------


@st.composite
def entries(
    draw: st.DrawFn,
    setup: TableSetup,
    totals: Mapping[str, int] | None = None,
    out: Collection[str] = (),
) -> Entry:
    """One hand's entry for the table ``setup``, where ``totals`` are the totals before the
    hand and ``out`` the players already out of the game (Ciapanò)."""
    totals = totals or dict.fromkeys(setup.sides, 0)
    choice = draw(st.integers(0, 11))
    if choice == 11:  # the last choices, so that failing examples shrink away from them
        return draw(mistakes(setup))
    kit = kit_for(setup.game)
    if choice >= 9 and kit.steer_line(setup) is not None:
        return draw(steered(setup, totals, out))
    documented = documented_rounds(setup)
    if choice == 8 and documented:
        return copy.deepcopy(draw(st.sampled_from(documented)))
    return kit.entry(draw, setup, out)


@st.composite
def steered(
    draw: st.DrawFn, setup: TableSetup, totals: Mapping[str, int], out: Collection[str]
) -> Entry:
    """Counted points that take one side to its game's line (the kit's ``steer_line``), one
    below or one past it: the Scopa target, Ciapanò's elimination, the Swoops limit (exactly
    the limit plays on)."""
    kit = kit_for(setup.game)
    sides = [side for side in setup.sides if side not in out] or list(setup.sides)
    line = kit.steer_line(setup)
    assert line is not None, f"{setup.game} has no line to steer to"
    steered_side = draw(st.sampled_from(sides))
    wanted = max(0, line - totals.get(steered_side, 0) + draw(st.integers(-1, 1)))
    return kit.steered(draw, setup, sides, steered_side, wanted)


def documented_rounds(setup: TableSetup) -> list[Entry]:
    """The hands of the game's example scoresheet (docs/examples/), where the table has its
    players."""
    players, rounds = example_scoresheet(setup.game)
    return list(rounds) if players == setup.players else []


@functools.cache
def example_scoresheet(game: str) -> tuple[tuple[str, ...], tuple[Entry, ...]]:
    path = EXAMPLES / f"{game}.json"
    if not path.exists():
        return (), ()
    document = json.loads(path.read_text(encoding="utf-8"))
    if "teams" in document:
        return (), ()
    return tuple(document["players"]), tuple(document["rounds"])


def mistakes(setup: TableSetup) -> st.SearchStrategy[Entry]:
    """Entries every game refuses: nobody's side, a negative count, nothing at all, and
    counted points that no hand can give (a Scopa hand of 0, a Ciapanò deal of 12, two Swoops
    players on 0, a Schafkopf balance that does not add up to zero: the kit's ``mistake``)."""
    first = setup.sides[0]
    bad: list[Entry] = [{"points": {"Zed": 1}}, {}, {"captures": 3, "points": {first: 1}}]
    kit = kit_for(setup.game)
    if kit.refuses_negative_points:  # not where the points are a balance (Schafkopf)
        bad.append({"points": {first: -1}})
    own = kit.mistake(setup)
    if own is not None:
        bad.append(own)
    return st.sampled_from(bad)
