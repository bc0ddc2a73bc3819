"""Ciapanò through the write path (games/tables/tests/test_hand_integrity_properties.py holds
every game to it): an edit to an earlier deal rescores a later moon, who pays for it and who
deals it (games/plugins/ciapano/rules.md)."""

from __future__ import annotations

import pytest

from games.models import Round
from games.tables import selectors as table_selectors
from games.tables.tests.test_hand_integrity_properties import (
    assert_stored_is_what_the_engine_makes,
    change,
    points_of,
    record_all,
)
from tests.entries import TablePlan

from .kit import PENALTY_CODES

pytestmark = pytest.mark.django_db


def penalty_cards(codes: str) -> list[str]:
    """``"AD 2D"`` -> ``["AD", "2D"]``, in the order of the penalty cards."""
    return [code for code in PENALTY_CODES if code in codes.split()]


# Ciapanò, 4 players: Di takes the aces of coins and cups and 12 other penalty cards (6 points),
# Ann the other two aces and 8 cards (4 2/3) with the last trick (11 - 6 = 5).
DI_HEAVY = {
    "penalty_cards": {
        "Di": penalty_cards("AD AC 2D 3D JD ND KD 2C 3C JC NC KC 2S 3S"),
        "Ann": penalty_cards("AS AB JS NS KS 2B 3B JB NB KB"),
    },
    "last_trick": "Ann",
}
# The same cards the other way round: Ann 6, Di 5.
ANN_HEAVY = {
    "penalty_cards": {
        "Ann": DI_HEAVY["penalty_cards"]["Di"],
        "Di": DI_HEAVY["penalty_cards"]["Ann"],
    },
    "last_trick": "Di",
}
ANNS_MOON = {"penalty_cards": {"Ann": list(PENALTY_CODES)}, "last_trick": "Ann"}


def test_an_earlier_edit_rescores_a_later_moon_and_its_dealer() -> None:
    """Ciapanò out at 12: hands 1-2 put Di out (6 + 6), hand 3 is Ann's moon, paid by Bob and Cy
    only. Hand 2 edited so that Di stays in (6 + 5): Di pays for the moon too (11), and hand 3 is
    dealt by Di (the seat after Cy) instead of Ann."""
    plan = TablePlan("ciapano", ["Ann", "Bob", "Cy", "Di"], {"elimination_at": 12}, 1)
    table, expected = record_all(plan, [DI_HEAVY, DI_HEAVY, ANNS_MOON])
    moon = Round.objects.get(table=table, number=3)
    assert points_of(moon) == {"Ann": 0, "Bob": 11, "Cy": 11, "Di": 0}
    assert moon.dealer == 0
    assert_stored_is_what_the_engine_makes(table.pk, expected)

    change(table.pk, table.setup(), ("edit", 2, ANN_HEAVY), expected)

    moon.refresh_from_db()
    assert points_of(moon) == {"Ann": 0, "Bob": 11, "Cy": 11, "Di": 11}
    assert moon.breakdown["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert moon.dealer == 3
    assert table_selectors.table_totals(table, table.setup()) == {
        "Ann": 11,
        "Bob": 11,
        "Cy": 11,
        "Di": 22,
    }
    assert_stored_is_what_the_engine_makes(table.pk, expected)
