"""Typed breakdowns of Swoops (tests/scoring/test_breakdowns.py holds every game to the round
trip): every round read back into its dataclass, and worked examples pinning one round, dataclass
and JSON (games/plugins/swoops/rules.md, the engine's module docstring)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.swoops.engine import Held, SwoopsCardsBreakdown, SwoopsPointsBreakdown
from games.scoring import BreakdownError, get_game
from tests.breakdowns import PROPERTY, assert_round_trip, stored
from tests.scoring.helpers import cards, score, table

from .kit import swoops_counted_points
from .test_properties import deals as swoops_deals
from .test_properties import tables as swoops_tables


@PROPERTY
@given(swoops_deals())
def test_a_swoops_round_from_cards_or_totals_round_trips(deal: Any) -> None:
    assert_round_trip(score(deal.entry(), deal.at), deal.at)


@PROPERTY
@given(st.data())
def test_a_swoops_round_counted_at_the_table_round_trips(data: st.DataObject) -> None:
    at = data.draw(swoops_tables())
    assert_round_trip(score({"points": data.draw(swoops_counted_points(at.players))}, at), at)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "cards"}, r"^breakdown lacks went_out, held$"),
        ({"points": {"Ann": True}}, r"^breakdown\.points\.Ann must be a whole number, not true$"),
        ({"extra": 1}, r"^breakdown has unknown keys: extra$"),
    ],
)
def test_refusals_say_what_is_wrong(change: dict[str, object], message: str) -> None:
    with pytest.raises(BreakdownError, match=message):
        get_game("swoops").read_breakdown({"kind": "points", "points": {"Ann": 0}, **change})


def test_a_swoops_round_as_in_the_module_docstring() -> None:
    # swoops.py's module docstring: Bob holds a joker, a 10, a king and a 5 (115), Cy typed 3
    # (games/plugins/swoops/rules.md §2, §4).
    at = table("swoops", ("Ann", "Bob", "Cy"))
    entry = {"went_out": "Ann", "remaining": {"Bob": cards("5 K JOKER 10")}, "totals": {"Cy": 3}}
    result = score(entry, at)
    expected = SwoopsCardsBreakdown(
        "Ann", {"Bob": Held(("JOKER", "10", "K", "5"), 115), "Cy": Held(None, 3)}
    )
    assert get_game("swoops").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown) == {
        "kind": "cards",
        "went_out": "Ann",
        "held": {
            "Bob": {"cards": ["JOKER", "10", "K", "5"], "points": 115, "typed": False},
            "Cy": {"cards": None, "points": 3, "typed": True},
        },
    }
    wrong = stored(result.breakdown)
    wrong["held"]["Cy"]["typed"] = False
    with pytest.raises(BreakdownError, match=r"^breakdown\.held\.Cy\.typed "):
        get_game("swoops").read_breakdown(wrong)


def test_a_swoops_round_counted_at_the_table() -> None:
    at = table("swoops", ("Ann", "Bob", "Cy"))
    result = score({"points": {"Ann": 0, "Bob": 12, "Cy": 7}}, at)
    expected = SwoopsPointsBreakdown({"Ann": 0, "Bob": 12, "Cy": 7})
    assert get_game("swoops").read_breakdown(stored(result.breakdown)) == expected
