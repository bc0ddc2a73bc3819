"""A Ramsch tie for the most card points, broken as a house option (issue 34, item 1;
games/plugins/schafkopf/rules.md §12): ``ramsch_tie`` "all-lose" (the default: every tied
player loses), "tricks" (more tricks lose; a tie on tricks too, all of those) or
"tricks-trump" (then whoever took the highest trump). In a scoresheet, on the hand form, in the
history's words, and a property over any split of the card points."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import assume, given
from hypothesis import strategies as st

from games.hands import hand_entry_for
from games.models import Table
from games.scoring import EntryError, TableSetup, get_game
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import edit_url, html, inputs, saved, table_url, totals

GAME = get_game("schafkopf")
FOUR = ("Ann", "Bob", "Cy", "Di")
# Bob and Cy tie on 40 card points, the most.
TIED = {"Ann": 20, "Bob": 40, "Cy": 40, "Di": 20}


def table(rule: str) -> TableSetup:
    return GAME.setup(list(FOUR), {"ramsch": True, "ramsch_tie": rule})


def ramsch(card_points: dict[str, int] = TIED, **fields: object) -> dict[str, object]:
    return {"contract": "ramsch", "card_points": card_points, **fields}


def problems(entry: dict[str, object], setup: TableSetup) -> list[str]:
    with pytest.raises(EntryError) as caught:
        GAME.score_round(entry, setup)
    return [problem.text() for problem in caught.value.problems]


# -- worked examples ----------------------------------------------------------------------------


def test_by_default_every_tied_player_loses_and_tricks_are_refused() -> None:
    # Ramsch 20 from each tied loser to each of the two others (rules.md §12, Decision).
    score = GAME.score_round(ramsch(), table("all-lose"))
    assert score.points == {"Ann": 40, "Bob": -40, "Cy": -40, "Di": 40}
    assert "tie_break" not in score.breakdown
    assert problems(ramsch(tricks={"Bob": 3, "Cy": 2}), table("all-lose")) == [
        "tricks does not apply: at this table every player tied for the most card points loses"
    ]


def test_more_tricks_lose_alone_and_pay_each_of_the_three_others() -> None:
    score = GAME.score_round(ramsch(tricks={"Bob": 3, "Cy": 2}), table("tricks"))
    assert score.points == {"Ann": 20, "Bob": -60, "Cy": 20, "Di": 20}
    assert score.breakdown["losers"] == ["Bob"]
    assert score.breakdown["tie_break"] == {
        "tricks": {"Bob": 3, "Cy": 2},
        "highest_trump": None,
        "losers": ["Bob"],
    }


def test_a_tie_on_tricks_too_all_lose_or_the_highest_trump_loses() -> None:
    same = {"Bob": 2, "Cy": 2}
    assert GAME.score_round(ramsch(tricks=same), table("tricks")).points == {
        "Ann": 40,
        "Bob": -40,
        "Cy": -40,
        "Di": 40,
    }
    assert problems(ramsch(tricks=same), table("tricks-trump")) == [
        "Bob and Cy took as many tricks: name which of them took the highest trump"
    ]
    score = GAME.score_round(ramsch(tricks=same, highest_trump="Cy"), table("tricks-trump"))
    assert score.points == {"Ann": 20, "Bob": 20, "Cy": -60, "Di": 20}
    # More tricks decide before the trump does.
    more = ramsch(tricks={"Bob": 3, "Cy": 2}, highest_trump="Cy")
    assert problems(more, table("tricks-trump")) == [
        "highest_trump only breaks a tie on tricks too"
    ]


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (ramsch(), ["Bob and Cy tie for the most card points: give their tricks"]),
        (
            ramsch(tricks={"Bob": 3, "Cy": 2, "Ann": 1}),
            [
                "only the players tied for the most card points give their tricks, and Ann is "
                "not one of them"
            ],
        ),
        (ramsch(tricks={"Bob": 0, "Cy": 2}), ["tricks for Bob must be a whole number from 1 to 8"]),
        (
            ramsch(tricks={"Bob": 5, "Cy": 4}),
            ["the tied players' tricks add up to 9; a hand has 8"],
        ),
        (
            ramsch({"Ann": 0, "Bob": 60, "Cy": 60, "Di": 0}, tricks={"Bob": 1, "Cy": 4}),
            ["60 card points need at least 2 of the 8 tricks"],
        ),
        (
            ramsch({"Ann": 20, "Bob": 50, "Cy": 30, "Di": 20}, tricks={"Bob": 3}),
            ["tricks only breaks a tie for the most card points"],
        ),
        (
            {
                "contract": "sauspiel",
                "declarer": "Ann",
                "partner": "Cy",
                "declarer_points": 70,
                "tricks": {"Ann": 4},
            },
            ["tricks does not apply to a Sauspiel"],
        ),
    ],
    ids=["missing", "not-tied", "zero", "nine", "impossible", "no-tie", "sauspiel"],
)
def test_bad_tie_breaks_are_refused_in_words(entry: dict[str, object], expected: list[str]) -> None:
    assert problems(entry, table("tricks")) == expected


def test_the_history_says_how_the_tie_was_broken() -> None:
    setup = table("tricks-trump")
    score = GAME.score_round(ramsch(tricks={"Bob": 2, "Cy": 2}, highest_trump="Cy"), setup)
    lines = hand_entry_for("schafkopf").explain(score.breakdown, setup)
    assert "Bob and Cy tie for the most card points; their tricks: Bob 2, Cy 2." in lines
    assert "Of those with the most tricks, Cy took the highest trump." in lines
    assert GAME.read_breakdown(score.breakdown).to_json() == score.breakdown


# -- the property -------------------------------------------------------------------------------


@st.composite
def tied_ramsch(draw: st.DrawFn) -> tuple[dict[str, int], dict[str, int]]:
    """Card points with two or three players tied for the most, and the tied players' tricks."""
    count = draw(st.integers(2, 3))
    most = draw(st.integers(31, 120 // count))
    rest = 120 - most * count
    split = dict.fromkeys(FOUR[:count], most)
    others = FOUR[count:]
    first = draw(st.integers(0, rest)) if len(others) == 2 else rest
    split[others[0]] = first
    if len(others) == 2:
        split[others[1]] = rest - first
    # Below the tied players, and never 1 (rules.md §1).
    assume(all(split[name] < most and split[name] != 1 for name in others))
    tricks = {name: draw(st.integers(2, 8 // count)) for name in FOUR[:count]}
    return split, tricks


@given(tied_ramsch(), st.sampled_from(["all-lose", "tricks", "tricks-trump"]))
def test_the_loser_is_the_most_card_points_then_the_most_tricks(
    drawn: tuple[dict[str, int], dict[str, int]], rule: str
) -> None:
    split, tricks = drawn
    most_points = max(split.values())
    entry = ramsch(split)
    if rule != "all-lose":
        entry["tricks"] = tricks
    most_tricks = max(tricks.values())
    still = [name for name, count in tricks.items() if count == most_tricks]
    if rule == "tricks-trump" and len(still) > 1:
        entry["highest_trump"] = still[-1]
    score = GAME.score_round(entry, table(rule))
    tied = [name for name, points in split.items() if points == most_points]
    expected = {
        "all-lose": tied,
        "tricks": still,
        "tricks-trump": still if len(still) == 1 else [still[-1]],
    }[rule]
    assert score.breakdown["losers"] == expected
    assert sum(score.points.values()) == 0
    assert all(score.points[name] < 0 for name in expected)


# -- on the hand form ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_hand_form_takes_the_tied_players_tricks_and_the_highest_trump(
    client: Client,
) -> None:
    played = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=list(FOUR),
        options={"ramsch": True, "ramsch_tie": "tricks-trump"},
    )
    data = {
        "contract": "ramsch",
        **{f"card_points_{seat}": str(points) for seat, points in enumerate(TIED.values())},
        "tricks_1": "2",
        "tricks_2": "2",
    }

    refused = client.post(table_url(played), data)
    assert refused.status_code == 422
    assert "Bob and Cy took as many tricks: name which of them took the highest trump" in html(
        refused
    )
    assert saved() == (0, 0)
    assert set(inputs(refused).radios["highest_trump"]) == {"0", "1", "2", "3", ""}

    client.post(table_url(played), {**data, "highest_trump": "2"})
    assert totals(played) == {"Ann": 20, "Bob": 20, "Cy": -60, "Di": 20}
    page = html(client.get(table_url(played)))
    assert "Of those with the most tricks, Cy took the highest trump." in page
    edit = inputs(client.get(edit_url(played, 1)))
    assert (edit.values["tricks_1"], edit.checked["highest_trump"]) == ("2", "2")


@pytest.mark.django_db
def test_a_table_that_does_not_break_ties_asks_for_no_tricks(client: Client) -> None:
    plain: Table = table_services.table_create(
        club=home_club(), game="schafkopf", players=list(FOUR), options={"ramsch": True}
    )
    form = inputs(client.get(table_url(plain)))
    assert "tricks_0" not in form.values
    assert "highest_trump" not in form.radios
