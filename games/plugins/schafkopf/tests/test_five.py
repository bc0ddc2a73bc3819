"""Schafkopf at a table of five: the dealer sits out each game and the other four play it
(engine.sits_out_at; the tournament practice in /work/shared/tournaments/NOTES.md §1). Worked
by hand with the default tariff (rules.md §11: Sauspiel 10, Wenz and Solo 50)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.scoring import GAMES, EntryError, TableSetup

SCHAFKOPF = GAMES["schafkopf"]
FIVE = ("Ann", "Bob", "Cy", "Di", "Ed")


def five_table(**options: object) -> TableSetup:
    return TableSetup("schafkopf", SCHAFKOPF.resolve_options(options), FIVE)


def refusal(entry: dict[str, object], earlier: int = 0) -> list[str]:
    tracker = SCHAFKOPF.tracker(five_table())
    for _ in range(earlier):
        tracker.add({"contract": "passed"})
    try:
        tracker.add(entry)
    except EntryError as error:
        return [problem.text() for problem in error.problems]
    return []


def test_schafkopf_seats_four_or_five_and_five_has_the_dealer_sit_out():
    assert SCHAFKOPF.player_counts == (4, 5)
    assert SCHAFKOPF.dealer_sits_out_at == 5


def test_a_five_player_evening_each_sits_out_the_game_they_deal():
    tracker = SCHAFKOPF.tracker(five_table(ramsch=True))
    evening = [
        # Ann deals and sits out: Bob and Di win a Sauspiel against Cy and Ed.
        {"contract": "sauspiel", "declarer": "Bob", "partner": "Di", "declarer_points": 70},
        # Bob deals: Ann loses a Wenz to the three others (3 x 50).
        {"contract": "wenz", "declarer": "Ann", "declarer_won": False},
        # Cy deals: Ed wins a Solo Schneider (50 + 10 from each of three).
        {"contract": "solo", "declarer": "Ed", "declarer_points": 95},
        # Di deals: a Ramsch among the four others, Cy with the most card points pays each
        # of the three others the Ramsch tariff, 20.
        {"contract": "ramsch", "card_points": {"Ann": 30, "Bob": 20, "Cy": 50, "Ed": 20}},
        # Ed deals (the points entry may give him 0), then Ann again: the deal goes round.
        {"points": {"Ann": 10, "Bob": -10, "Cy": 0, "Di": 0, "Ed": 0}},
        {"contract": "wenz", "declarer": "Ed", "declarer_won": True},
    ]
    scores = [tracker.add(entry) for entry in evening]
    assert [FIVE[seat] for seat in tracker.dealers] == ["Ann", "Bob", "Cy", "Di", "Ed", "Ann"]
    assert [dict(score.points) for score in scores] == [
        {"Ann": 0, "Bob": 10, "Cy": -10, "Di": 10, "Ed": -10},
        {"Ann": -150, "Bob": 0, "Cy": 50, "Di": 50, "Ed": 50},
        {"Ann": -60, "Bob": -60, "Cy": 0, "Di": -60, "Ed": 180},
        {"Ann": 20, "Bob": 20, "Cy": -60, "Di": 0, "Ed": 20},
        {"Ann": 10, "Bob": -10, "Cy": 0, "Di": 0, "Ed": 0},
        {"Ann": 0, "Bob": -50, "Cy": -50, "Di": -50, "Ed": 150},
    ]
    assert dict(tracker.state().totals) == {
        "Ann": -180, "Bob": -90, "Cy": -70, "Di": -50, "Ed": 390,
    }  # fmt: skip


def test_the_dealer_cannot_declare_partner_or_score_points_and_nothing_is_scored():
    assert refusal({"contract": "wenz", "declarer": "Ann", "declarer_won": True}) == [
        "Ann deals this hand and sits out"
    ]
    assert refusal(
        {"contract": "sauspiel", "declarer": "Ann", "partner": "Cy", "declarer_won": True},
        earlier=2,
    ) == ["Cy deals this hand and sits out"]
    assert refusal({"points": {"Ann": 10, "Bob": -10}}) == ["Ann deals this hand and sits out"]
    # Whatever the entry says, the tracker names the one who deals.
    assert refusal(
        {"contract": "wenz", "declarer": "Ann", "declarer_won": True, "sits_out": "Bob"}
    ) == ["Ann deals this hand and sits out"]


def test_a_scoresheet_entry_at_five_names_who_sits_out():
    table = five_table()
    entry = {"contract": "solo", "declarer": "Bob", "declarer_won": True}
    score = SCHAFKOPF.score_round({**entry, "sits_out": "Cy"}, table)
    assert dict(score.points) == {"Ann": -50, "Bob": 150, "Cy": 0, "Di": -50, "Ed": -50}
    for missing, said in (
        ({}, "at a table of five, say who deals and sits out this hand"),
        ({"sits_out": "Zed"}, "Zed is not at this table"),
    ):
        with pytest.raises(EntryError) as refused:
            SCHAFKOPF.score_round({**entry, **missing}, table)
        assert [problem.text() for problem in refused.value.problems] == [said]


@given(
    first_dealer=st.integers(0, 4),
    hands=st.lists(
        st.tuples(
            st.sampled_from(["sauspiel", "wenz", "solo"]),
            st.integers(0, 3),
            st.integers(1, 3),
            st.booleans(),
        ),
        max_size=12,
    ),
)
def test_the_dealer_scores_zero_in_every_hand_and_every_hand_is_zero_sum(first_dealer, hands):
    tracker = SCHAFKOPF.tracker(five_table(), first_dealer)
    for contract, declarer, partner_step, won in hands:
        dealer = tracker.next_dealer()
        playing = [FIVE[(dealer + step) % 5] for step in range(1, 5)]
        entry: dict[str, object] = {
            "contract": contract,
            "declarer": playing[declarer],
            "declarer_won": won,
        }
        if contract == "sauspiel":
            entry["partner"] = playing[(declarer + partner_step) % 4]
        score = tracker.add(entry)
        assert score.points[FIVE[dealer]] == 0
        assert sum(score.points.values()) == 0
    assert sum(tracker.state().totals.values()) == 0
