"""Schafkopf through the write path (games/tables/tests/test_hand_integrity_properties.py holds
every game to it): an evening the players ended follows an edit, and a hand that does not
balance changes nothing."""

from __future__ import annotations

import pytest

from games.scoring import EntryError
from games.tables.tests.test_hand_integrity_properties import (
    apply,
    assert_stored_is_what_the_engine_makes,
    change,
    record_all,
    snapshot,
)
from tests.entries import Entry, TablePlan

pytestmark = pytest.mark.django_db


def points(**by_side: int) -> Entry:
    return {"points": dict(by_side)}


def test_an_ended_schafkopf_evening_follows_an_edit_and_refuses_a_bad_one() -> None:
    """Schafkopf never ends by itself, so no edit can end it early; on an evening the players
    ended, an edit decides the winner again and a hand that does not balance changes nothing."""
    plan = TablePlan("schafkopf", ["Ann", "Bob", "Cy", "Di"], {"cents_per_point": 10}, 3)
    sauspiel = {
        "contract": "sauspiel",
        "declarer": "Bob",
        "partner": "Di",
        "declarer_points": 75,
        "doublings": 1,
    }
    table, expected = record_all(plan, [points(Ann=60, Bob=-20, Cy=-20, Di=-20), sauspiel])
    change(table.pk, table.setup(), ("stop",), expected)
    table.refresh_from_db()
    assert table.winners == ["Ann"]

    change(table.pk, table.setup(), ("edit", 1, points(Ann=-30, Bob=10, Cy=10, Di=10)), expected)
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Bob", "Di"]
    assert_stored_is_what_the_engine_makes(table.pk, expected)

    before = snapshot(table.pk)
    with pytest.raises(EntryError):
        apply(table.pk, ("edit", 2, points(Ann=10, Bob=10, Cy=10, Di=10)), expected)
    assert snapshot(table.pk) == before
    assert_stored_is_what_the_engine_makes(table.pk, expected)
