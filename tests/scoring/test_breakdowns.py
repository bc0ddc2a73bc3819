"""Typed breakdowns (issue 16, item 2): every breakdown the engine stores reads back, through JSON
text, into its game's dataclass, which writes exactly the same object again; anything else is
refused with BreakdownError. Here for every registered game, from the hands its kit draws; each
package's tests/test_breakdowns.py reads back every kind of its hands and pins worked examples,
dataclass and JSON.

The stored format itself is docs/scoresheet.md ("What ``score`` prints") and the module
docstrings of the game packages' engine.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.scoring import GAMES, BreakdownError, EntryError, RoundScore, TableSetup, get_game
from tests.breakdowns import PROPERTY, assert_round_trip, stored
from tests.entries import table_plans
from tests.kits import kit_for

# -- every scored round round-trips --------------------------------------------------------------


@st.composite
def scored_hands(draw: st.DrawFn) -> tuple[TableSetup, RoundScore]:
    """A table of any game and a hand its kit draws, as its engine scores it."""
    game = draw(st.sampled_from(sorted(GAMES)))
    plan = draw(table_plans(game))
    rules = GAMES[game]
    setup = rules.setup(plan.players, plan.options)
    try:
        return setup, rules.score_round(kit_for(game).entry(draw, setup, ()), setup)
    except EntryError:
        # A hand the kit draws on purpose that the rules refuse (a form from before a player
        # went out).
        assume(False)
        raise


@st.composite
def scored_breakdowns(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A game and a breakdown its engine wrote, as stored."""
    setup, score = draw(scored_hands())
    return setup.game, stored(score.breakdown)


@PROPERTY
@given(scored_hands())
def test_every_games_stored_hands_round_trip(hand: tuple[TableSetup, RoundScore]) -> None:
    setup, score = hand
    assert_round_trip(score, setup)


# -- anything else is refused --------------------------------------------------------------------


def nodes(
    value: object, path: tuple[object, ...] = ()
) -> Iterator[tuple[tuple[object, ...], object]]:
    """Every value inside a JSON value, with its path of keys and indexes."""
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        yield (*path, key), item
        yield from nodes(item, (*path, key))


def replaced(value: Any, path: tuple[object, ...], new: object) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return copy


# A value of each JSON type, and a float: no breakdown holds a float anywhere, and no key takes
# two of these types (null aside).
OTHER_TYPES: tuple[object, ...] = (True, False, 7, "x", [], {}, 1.5)


@st.composite
def malformed(draw: st.DrawFn) -> tuple[str, object]:
    """A game and one of its breakdowns with one mistake: a value of the wrong type anywhere,
    a key it must have left out, or a key it does not know."""
    game, breakdown = draw(scored_breakdowns())
    mistake = draw(st.sampled_from(["type", "missing", "unknown"]))
    if mistake == "missing":
        optional = kit_for(game).optional_breakdown_keys
        key = draw(st.sampled_from([key for key in breakdown if key not in optional]))
        return game, {name: value for name, value in breakdown.items() if name != key}
    if mistake == "unknown":
        return game, {**breakdown, draw(st.sampled_from(["zzz", "Kind", "points "])): 0}
    path, value = draw(
        st.sampled_from(list(nodes(breakdown))).filter(lambda node: node[1] is not None)
    )
    other = draw(st.sampled_from([new for new in OTHER_TYPES if type(new) is not type(value)]))
    return game, replaced(breakdown, path, other)


@PROPERTY
@given(malformed())
def test_a_breakdown_with_any_mistake_is_refused(case: tuple[str, object]) -> None:
    game, breakdown = case
    with pytest.raises(BreakdownError, match=r"^breakdown"):
        get_game(game).read_breakdown(breakdown)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("value", [None, 3, "points", [], {}, {"kind": "moon"}, {"kind": None}])
def test_what_is_not_a_breakdown_at_all_is_refused(game: str, value: object) -> None:
    with pytest.raises(BreakdownError, match=r"^breakdown"):
        get_game(game).read_breakdown(value)
