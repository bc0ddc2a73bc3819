"""Typed breakdowns of the Scopa family (tests/scoring/test_breakdowns.py holds every game to
the round trip): every hand read back into its dataclass, and worked examples pinning one hand of
Scopa and of Pirate Scopa, dataclass and JSON (games/plugins/scopa/rules.md,
pirate-scopa.md)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.scopa.engine import (
    AceSweepsPart,
    CapottoPart,
    CountCategory,
    Holder,
    NapoliPart,
    PirateScopaCardsBreakdown,
    PrimePart,
    PrimeValue,
    PrimieraPart,
    PrimieraValue,
    ScopaCardsBreakdown,
    ScopaPointsBreakdown,
)
from games.scoring import BreakdownError, get_game
from games.scoring.cards import Card, Rank, Suit, parse_card
from tests.breakdowns import PROPERTY, assert_round_trip, stored
from tests.scoring.helpers import rest, score, suit, table

from .strategies import hands, scopa_counted_points, tables


@PROPERTY
@given(hands())
def test_a_scopa_family_hand_from_the_cards_round_trips(hand: Any) -> None:
    # Scopa, Scopone and Pirate Scopa, with every option of theirs on or off.
    assert_round_trip(score(hand.entry(), hand.at), hand.at)


@PROPERTY
@given(st.data())
def test_a_scopa_family_hand_counted_at_the_table_round_trips(data: st.DataObject) -> None:
    at = data.draw(tables())
    entry = data.draw(scopa_counted_points(at.game, at.sides, at.options))
    assert_round_trip(score(entry, at), at)


def test_a_refusal_names_the_bad_key_and_value() -> None:
    at = table("scopa")
    breakdown = stored(score({"points": {"Ann": 3, "Bob": 1}}, at).breakdown)
    breakdown["points"]["Bob"] = "1"
    with pytest.raises(
        BreakdownError, match=r'^breakdown\.points\.Bob must be a whole number, not "1"$'
    ):
        get_game("scopa").read_breakdown(breakdown)


def test_a_scopa_hand_with_every_extra() -> None:
    # Ann takes every coin and every cup, Bob every sword and club: 20 cards each (void), all
    # ten coins to Ann (most coins, the settebello, the re bello, napoli's run of 10, capotto),
    # and two suits each with 7 + 7 = 42 in the primiera (nobody complete, equal: void). Ann
    # swept once and once with an ace, which is a scopa here (games/plugins/scopa/rules.md §3-§7).
    at = table(
        "scopa",
        re_bello=True,
        napoli=True,
        capotto=True,
        scopa_d_assi=True,
    )
    ann = suit("D") + suit("C")
    entry = {
        "captures": {"Ann": ann, "Bob": rest(ann)},
        "scopas": {"Ann": 1},
        "ace_sweeps": {"Ann": 1},
    }
    result = score(entry, at)
    coins = tuple(Card(Suit.COINS, rank) for rank in Rank)
    expected = ScopaCardsBreakdown(
        cards=CountCategory({"Ann": 20, "Bob": 20}, None),
        coins=CountCategory({"Ann": 10, "Bob": 0}, "Ann"),
        settebello=Holder("Ann"),
        primiera=PrimieraPart(
            {
                "Ann": PrimieraValue(
                    42, False, {Suit.COINS: parse_card("7D"), Suit.CUPS: parse_card("7C")}
                ),
                "Bob": PrimieraValue(
                    42, False, {Suit.SWORDS: parse_card("7S"), Suit.CLUBS: parse_card("7B")}
                ),
            },
            None,
            "tie",
            "best-partial",
        ),
        scopas={"Ann": 1, "Bob": 0},
        ace_sweeps=AceSweepsPart({"Ann": 1, "Bob": 0}, True),
        re_bello=Holder("Ann"),
        napoli=NapoliPart("Ann", coins, 10),
        capotto=CapottoPart("Ann"),
    )
    assert result.points == {"Ann": 15, "Bob": 0}
    assert get_game("scopa").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown) == {
        "kind": "cards",
        "cards": {"counts": {"Ann": 20, "Bob": 20}, "winner": None},
        "coins": {"counts": {"Ann": 10, "Bob": 0}, "winner": "Ann"},
        "settebello": {"winner": "Ann"},
        "primiera": {
            "values": {
                "Ann": {"sum": 42, "complete": False, "best": {"D": "7D", "C": "7C"}},
                "Bob": {"sum": 42, "complete": False, "best": {"S": "7S", "B": "7B"}},
            },
            "winner": None,
            "reason": "tie",
            "rule": "best-partial",
        },
        "scopas": {"Ann": 1, "Bob": 0},
        "ace_sweeps": {"counts": {"Ann": 1, "Bob": 0}, "score": True},
        "re_bello": {"winner": "Ann"},
        "napoli": {"winner": "Ann", "run": [card.code for card in coins], "points": 10},
        "capotto": {"winner": "Ann"},
    }


def test_a_scopa_hand_counted_at_the_table() -> None:
    at = table("scopone", ("Ann", "Bob", "Cy", "Di"), capotto=True)
    result = score({"points": {"Ann & Cy": 3, "Bob & Di": 2}}, at)
    expected = ScopaPointsBreakdown({"Ann & Cy": 3, "Bob & Di": 2}, CapottoPart(None))
    assert get_game("scopone").read_breakdown(stored(result.breakdown)) == expected
    assert expected.to_json() == {
        "kind": "points",
        "points": {"Ann & Cy": 3, "Bob & Di": 2},
        "capotto": {"winner": None},
    }


def test_a_pirate_scopa_hand_scores_primes() -> None:
    # Ann takes the coins and the cups but the 7 of cups, Bob the rest: 19 cards to 21, Ann
    # has most coins and the seven of coins; primes: Ann one 7, two 5s, 3s and 2s (27), Bob
    # three 7s and two of the rest (41) (games/plugins/scopa/pirate-scopa.md §3-§4).
    at = table("pirate-scopa")
    ann = [code for code in suit("D") + suit("C") if code != "7C"]
    result = score({"captures": {"Ann": ann, "Bob": rest(ann)}}, at)
    expected = PirateScopaCardsBreakdown(
        cards=CountCategory({"Ann": 19, "Bob": 21}, "Bob"),
        coins=CountCategory({"Ann": 10, "Bob": 0}, "Ann"),
        seven_of_coins=Holder("Ann"),
        primiera=PrimePart(
            {"Ann": PrimeValue(27, 1, 2, 2, 2), "Bob": PrimeValue(41, 3, 2, 2, 2)},
            "Bob",
            "highest-sum",
            "sum",
        ),
        scopas={"Ann": 0, "Bob": 0},
    )
    assert result.points == {"Ann": 2, "Bob": 2}
    assert get_game("pirate-scopa").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown)["primiera"] == {
        "values": {
            "Ann": {"sum": 27, "sevens": 1, "fives": 2, "threes": 2, "twos": 2},
            "Bob": {"sum": 41, "sevens": 3, "fives": 2, "threes": 2, "twos": 2},
        },
        "winner": "Bob",
        "reason": "highest-sum",
        "rule": "sum",
    }


def test_a_scopa_breakdown_is_not_a_pirate_scopa_one() -> None:
    at = table("pirate-scopa")
    breakdown = stored(score({"captures": {"Ann": suit("D")}}, at).breakdown)
    with pytest.raises(BreakdownError, match=r"^breakdown lacks settebello$"):
        get_game("scopa").read_breakdown(breakdown)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("7d", r"must be a card code such as 7D"),
        ("10D", r"must be a card code"),
        ("7C", r"a card of the suit D"),
    ],
)
def test_a_primiera_card_must_be_written_as_the_engine_writes_it(code: str, message: str) -> None:
    at = table("scopa")
    breakdown = stored(score({"captures": {"Ann": suit("D")}}, at).breakdown)
    breakdown["primiera"]["values"]["Ann"]["best"]["D"] = code
    with pytest.raises(BreakdownError, match=message):
        get_game("scopa").read_breakdown(breakdown)
