"""Typed breakdowns of Schafkopf (tests/scoring/test_breakdowns.py holds every game to the round
trip): every hand, the house games included, read back into its dataclass, and worked examples
pinning one hand of each kind, dataclass and JSON (the engine's module docstring)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.schafkopf.engine import (
    SAUSPIEL,
    ContractBreakdown,
    GermanSuit,
    LaufendePart,
    RamschBreakdown,
    SchafkopfPointsBreakdown,
)
from games.scoring import BreakdownError, get_game
from tests.breakdowns import PROPERTY, assert_round_trip, stored
from tests.scoring.helpers import score, table

from . import strategies as schafkopf_strategies


@PROPERTY
@given(st.data())
def test_every_schafkopf_hand_round_trips(data: st.DataObject) -> None:
    # Every contract the table plays, the house games (Ramsch, Bettel, Klopfen) included.
    at = data.draw(schafkopf_strategies.tables())
    assert_round_trip(score(data.draw(schafkopf_strategies.entries(at)), at), at)


@PROPERTY
@given(st.lists(st.integers(-60, 60), min_size=3, max_size=3))
def test_a_schafkopf_hand_counted_at_the_table_round_trips(values: list[int]) -> None:
    at = table("schafkopf", schafkopf_strategies.FOUR)
    points = dict(zip(at.players, [*values, -sum(values)], strict=True))
    assert_round_trip(score({"points": points}, at), at)


def test_a_sauspiel_as_in_the_module_docstring() -> None:
    # schafkopf.py's module docstring: Sauspiel 10 + Schneider 10 + 3 Laufende 30 = 50, Stoß
    # x 2 = 100 from each opponent (games/plugins/schafkopf/rules.md §5-§7, §10).
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"), runners=True)
    entry = {
        "contract": "sauspiel",
        "declarer": "Ann",
        "partner": "Cy",
        "suit": "eichel",
        "declarer_points": 95,
        "declarer_tricks": 6,
        "doublings": 1,
        "laufende": 3,
    }
    result = score(entry, at)
    expected = ContractBreakdown(
        contract=SAUSPIEL,
        suit=GermanSuit.EICHEL,
        declarer="Ann",
        partner="Cy",
        declarer_side=("Ann", "Cy"),
        declarer_won=True,
        declarer_points=95,
        declarer_tricks=6,
        base=10,
        schneider=True,
        schwarz=False,
        schneider_value=10,
        schwarz_value=0,
        laufende=LaufendePart(3, 30),
        tout=None,
        factor=1,
        value_before_doublings=50,
        klopfen=0,
        doublings=1,
        multiplier=2,
        game_value=100,
    )
    assert result.points == {"Ann": 100, "Bob": -100, "Cy": 100, "Di": -100}
    assert get_game("schafkopf").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown) == {
        "kind": "contract",
        "contract": "sauspiel",
        "suit": "eichel",
        "declarer": "Ann",
        "partner": "Cy",
        "declarer_side": ["Ann", "Cy"],
        "declarer_won": True,
        "declarer_points": 95,
        "declarer_tricks": 6,
        "base": 10,
        "schneider": True,
        "schwarz": False,
        "schneider_value": 10,
        "schwarz_value": 0,
        "laufende": {"count": 3, "value": 30},
        "tout": None,
        "factor": 1,
        "value_before_doublings": 50,
        "klopfen": 0,
        "doublings": 1,
        "multiplier": 2,
        "game_value": 100,
    }


def test_a_ramsch_as_in_the_module_docstring() -> None:
    # Bob has the most card points and pays each of the others 20, doubled for Di's Jungfrau
    # and for the knock: 80 each (games/plugins/schafkopf/rules.md §12, §14).
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"), ramsch=True, klopfen=True)
    entry = {
        "contract": "ramsch",
        "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        "jungfrau": ["Di"],
        "klopfen": 1,
    }
    result = score(entry, at)
    expected = RamschBreakdown(
        card_points={"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        losers=("Bob",),
        winners=("Ann", "Cy", "Di"),
        jungfrau=("Di",),
        durchmarsch=None,
        base=20,
        schneider_value=0,
        schwarz_value=0,
        factor=2,
        value_before_doublings=40,
        klopfen=1,
        multiplier=2,
        game_value=80,
        schneider=False,
        schwarz=False,
    )
    assert result.points == {"Ann": 80, "Bob": -240, "Cy": 80, "Di": 80}
    typed = get_game("schafkopf").read_breakdown(stored(result.breakdown))
    assert typed == expected
    assert (expected.doublings, expected.declarer_won) == (0, None)
    assert stored(result.breakdown)["doublings"] == 0
    wrong = {**stored(result.breakdown), "doublings": 1}
    with pytest.raises(BreakdownError, match=r"^breakdown\.doublings must be 0, not 1$"):
        get_game("schafkopf").read_breakdown(wrong)


def test_a_schafkopf_hand_counted_at_the_table() -> None:
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"))
    result = score({"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}}, at)
    expected = SchafkopfPointsBreakdown({"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10})
    assert get_game("schafkopf").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown)["game_value"] is None


@pytest.mark.parametrize(("tout", "factor"), [("flat", 1), ("double", 2)])
def test_a_schafkopf_hand_stored_before_the_house_games_still_reads(tout: str, factor: int) -> None:
    # Breakdowns written before Klopfen and Bettel Brett have no factor and no klopfen: the
    # factor then was 2 only for a Tout under tout "double".
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"), tout=tout)
    result = score({"contract": "solo-tout", "declarer": "Bob", "declarer_won": True}, at)
    old = {
        key: value
        for key, value in stored(result.breakdown).items()
        if key not in ("factor", "klopfen")
    }
    typed = get_game("schafkopf").read_breakdown(old)
    assert isinstance(typed, ContractBreakdown)
    assert (typed.factor, typed.klopfen) == (factor, 0)
    assert typed.to_json() == stored(result.breakdown)
