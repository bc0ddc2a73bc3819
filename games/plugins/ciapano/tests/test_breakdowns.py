"""Typed breakdowns of Ciapanò (tests/scoring/test_breakdowns.py holds every game to the round
trip): every deal read back into its dataclass, and worked examples pinning one deal, dataclass
and JSON (games/plugins/ciapano/rules.md, the engine's module docstring)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.plugins.ciapano.engine import (
    CiapanoDealBreakdown,
    CiapanoPointsBreakdown,
    LastTrickPart,
    PenaltyPart,
)
from games.scoring import get_game
from tests.breakdowns import PROPERTY, assert_round_trip, stored
from tests.scoring.helpers import score, table

from .kit import ciapano_counted_points
from .test_properties import ciapano_tables
from .test_properties import deals as ciapano_deals


@PROPERTY
@given(ciapano_deals(), st.booleans())
def test_a_ciapano_deal_from_cards_or_counts_round_trips(deal: Any, counts: bool) -> None:
    entry = deal.counts_entry() if counts else deal.entry()
    assert_round_trip(score(entry, deal.at), deal.at)


@PROPERTY
@given(st.data())
def test_a_ciapano_deal_counted_at_the_table_round_trips(data: st.DataObject) -> None:
    at = data.draw(ciapano_tables())
    points = data.draw(ciapano_counted_points(at.players, at.option_str("last_trick")))
    assert_round_trip(score({"points": points}, at), at)


def test_a_ciapano_deal_as_in_the_rule_texts_example() -> None:
    # Ciapanò engine.py's module docstring: Ann 4 1/3, Bob 4 2/3, Cy 1 2/3 and the last trick, worth
    # the remainder up to 11 (games/plugins/ciapano/rules.md §3).
    at = table("ciapano", ("Ann", "Bob", "Cy"))
    entry = {
        "aces": {"Ann": 3, "Bob": 1, "Cy": 0},
        "thirds": {"Ann": 4, "Bob": 11, "Cy": 5},
        "last_trick": "Cy",
    }
    result = score(entry, at)
    expected = CiapanoDealBreakdown(
        kind="counts",
        rule="remainder",
        players=("Ann", "Bob", "Cy"),
        aces={"Ann": 3, "Bob": 1, "Cy": 0},
        thirds={"Ann": 4, "Bob": 11, "Cy": 5},
        penalty={"Ann": PenaltyPart(4, 1), "Bob": PenaltyPart(4, 2), "Cy": PenaltyPart(1, 2)},
        dropped={"Ann": 1, "Bob": 2, "Cy": 2},
        last_trick=LastTrickPart("Cy", 2),
        moon=None,
    )
    assert result.points == {"Ann": 4, "Bob": 4, "Cy": 3}
    assert get_game("ciapano").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown)["penalty"] == {
        "Ann": {"whole": 4, "thirds": 1},
        "Bob": {"whole": 4, "thirds": 2},
        "Cy": {"whole": 1, "thirds": 2},
    }


def test_a_ciapano_deal_counted_at_the_table() -> None:
    at = table("ciapano", ("Ann", "Bob", "Cy"))
    result = score({"points": {"Ann": 0, "Bob": 11, "Cy": 11}}, at)
    expected = CiapanoPointsBreakdown(("Ann", "Bob", "Cy"), {"Ann": 0, "Bob": 11, "Cy": 11})
    assert get_game("ciapano").read_breakdown(stored(result.breakdown)) == expected
