"""Schafkopf's Schieberramsch (issue 34 item 1; games/plugins/schafkopf/rules.md §20): in a
Ramsch each player may push (schieben) once, and each push doubles what the loser pays, on top
of the Jungfrauen, knocks and a Bock round. Values by hand from the BSKV tariff (Ramsch 20,
Durchmarsch a Solo won Schwarz, 70)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.schafkopf.engine import RAMSCH as RAMSCH_CONTRACT
from games.plugins.schafkopf.engine import TableHand, fields_for, ramsch_value_parts, table_entry
from games.scoring import TableSetup, get_game
from tests.scoring.helpers import problems_of, score

from .strategies import FOUR, GAME, ramsch_entries

SCHIEBER = {"ramsch": True, "schieberramsch": True}


def at(**options: object) -> TableSetup:
    return get_game("schafkopf").setup(list(FOUR), {**SCHIEBER, **options})


def ramsch(**fields: object) -> dict[str, object]:
    return {
        "contract": "ramsch",
        "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        **fields,
    }


@pytest.mark.parametrize(
    ("entry", "points"),
    [
        # Bob took the most; two pushed: 20 x 4 to each of the others.
        (ramsch(geschoben=2), {"Ann": 80, "Bob": -240, "Cy": 80, "Di": 80}),
        # With Di a Jungfrau too: 20 x 2 x 4 = 160 each.
        (ramsch(geschoben=2, jungfrau=["Di"]), {"Ann": 160, "Bob": -480, "Cy": 160, "Di": 160}),
        # Cy's Durchmarsch after one push: 70 x 2 from each.
        (
            {"contract": "ramsch", "durchmarsch": "Cy", "geschoben": 1},
            {"Ann": -140, "Bob": -140, "Cy": 420, "Di": -140},
        ),
    ],
)
def test_each_push_doubles_the_ramsch(entry: dict[str, object], points: dict[str, int]) -> None:
    assert score(entry, at()).points == points


def test_four_pushes_at_most() -> None:
    assert ramsch_value_parts(geschoben=4).per_opponent == 20 * 16
    with pytest.raises(ValueError, match="0-4"):
        ramsch_value_parts(geschoben=5)


@pytest.mark.parametrize(
    ("entry", "options", "message"),
    [
        (
            ramsch(geschoben=1),
            {"schieberramsch": False},
            "Schieberramsch is not played at this table",
        ),
        (ramsch(geschoben=5), {}, "geschoben must be between 0 and 4"),
        (
            {"contract": "solo", "declarer": "Ann", "declarer_points": 70, "geschoben": 1},
            {},
            "geschoben does not apply to a Solo",
        ),
    ],
)
def test_pushes_are_refused_where_they_cannot_be(
    entry: dict[str, object], options: dict[str, object], message: str
) -> None:
    assert problems_of(entry, at(**options)) == [message]


def test_the_hand_form_asks_a_ramsch_for_the_pushes() -> None:
    assert "geschoben" in fields_for(RAMSCH_CONTRACT, at())
    assert "geschoben" not in fields_for(RAMSCH_CONTRACT, at(schieberramsch=False))
    tapped = TableHand(
        "ramsch", card_points={"Ann": 30, "Bob": 52, "Cy": 38, "Di": None}, geschoben=1
    )
    entry = table_entry(tapped, at())
    assert entry["geschoben"] == 1
    assert GAME.score_round(entry, at()).breakdown["geschoben"] == 1


@given(st.data())
def test_every_schieberramsch_is_the_ramsch_doubled_per_push(data: st.DataObject) -> None:
    here = at(klopfen=data.draw(st.booleans()))
    entry: dict[str, Any] = data.draw(ramsch_entries(FOUR))
    pushes = data.draw(st.integers(0, 4))
    pushed = GAME.score_round({**entry, "geschoben": pushes}, here)
    plain = GAME.score_round(entry, here)
    assert sum(pushed.points.values()) == 0
    assert dict(pushed.points) == {
        player: (1 << pushes) * points for player, points in plain.points.items()
    }
