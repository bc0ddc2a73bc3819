"""1 and 119 card points are impossible (issue 34, item 1; games/plugins/schafkopf/rules.md §1):
no card is worth 1, so no side or player ends a hand with 1, nor, the others then holding 1,
with 119. Refused in every contract that takes card points, in a scoresheet and on the hand
form, and nothing is saved."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.models import Table
from games.plugins.schafkopf.engine import (
    TOTAL_CARD_POINTS,
    TableHand,
    fewest_card_points,
    most_card_points,
    possible_card_points,
    table_entry,
)
from games.scoring import EntryError, get_game
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import html, saved, table_url

GAME = get_game("schafkopf")
FOUR = ("Ann", "Bob", "Cy", "Di")
PLAIN = GAME.setup(list(FOUR), {})
HOUSE = GAME.setup(list(FOUR), {"ramsch": True})
IMPOSSIBLE = (1, TOTAL_CARD_POINTS - 1)


def problems(entry: dict[str, object], table: object = PLAIN) -> list[str]:
    with pytest.raises(EntryError) as caught:
        GAME.score_round(entry, table)  # type: ignore[arg-type]
    return [problem.text() for problem in caught.value.problems]


def sauspiel(points: int) -> dict[str, object]:
    return {"contract": "sauspiel", "declarer": "Ann", "partner": "Cy", "declarer_points": points}


def declarer_side_has(points: int) -> str:
    return (
        "no side can take 1 or 119 card points, as no card is worth 1: the declarer side has "
        f"{points}"
    )


# -- worked examples (issue 34) -----------------------------------------------------------------


def test_the_issues_ramsch_with_a_player_on_1_is_refused_naming_him() -> None:
    entry = {"contract": "ramsch", "card_points": {"Ann": 69, "Bob": 50, "Cy": 1}}
    assert problems(entry, HOUSE) == [
        "nobody can take 1 or 119 card points, as no card is worth 1: Cy has 1"
    ]


def test_a_ramsch_player_on_119_is_refused_and_so_is_the_1_beside_him() -> None:
    entry = {"contract": "ramsch", "card_points": {"Ann": 119, "Bob": 1}}
    assert problems(entry, HOUSE) == [
        "nobody can take 1 or 119 card points, as no card is worth 1: Ann has 119",
        "nobody can take 1 or 119 card points, as no card is worth 1: Bob has 1",
    ]


def test_the_issues_sauspiel_on_1_and_solo_on_119_are_refused() -> None:
    assert problems(sauspiel(1)) == [declarer_side_has(1)]
    solo = {"contract": "solo", "declarer": "Ann", "declarer_points": 119}
    assert problems(solo) == [declarer_side_has(119)]
    wenz = {"contract": "wenz", "declarer": "Bob", "declarer_points": 1, "declarer_tricks": 0}
    assert problems(wenz) == [declarer_side_has(1)]


def test_a_tout_with_119_card_points_beside_its_tricks_is_refused() -> None:
    # A Tout is decided by tricks, but card points given beside them must still be possible.
    tout = {"contract": "solo-tout", "declarer": "Ann", "declarer_points": 119}
    assert problems({**tout, "declarer_tricks": 7}) == [declarer_side_has(119)]


def test_next_to_the_impossible_ones_the_points_score_as_before() -> None:
    # 2 (a Unter) loses Schneider, 118 (all but a Unter) wins Schneider: Sauspiel 10 + 10.
    assert GAME.score_round(sauspiel(2), PLAIN).points == {
        "Ann": -20,
        "Bob": 20,
        "Cy": -20,
        "Di": 20,
    }
    assert GAME.score_round(sauspiel(118), PLAIN).points == {
        "Ann": 20,
        "Bob": -20,
        "Cy": 20,
        "Di": -20,
    }
    ramsch = {"contract": "ramsch", "card_points": {"Ann": 118, "Bob": 2}}
    assert GAME.score_round(ramsch, HOUSE).points == {"Ann": -60, "Bob": 20, "Cy": 20, "Di": 20}


def test_the_hand_form_refuses_1_before_a_won_tapped_against_it() -> None:
    # Without the check first, the form would say "1 card points lose the game, but Won is
    # picked", which sends the player to the wrong field.
    hand = TableHand("solo", declarer="Ann", declarer_points=1, declarer_won=True)
    with pytest.raises(EntryError) as caught:
        table_entry(hand, PLAIN)
    assert [problem.text() for problem in caught.value.problems] == [declarer_side_has(1)]


# -- the property -------------------------------------------------------------------------------

POINTS = st.integers(0, TOTAL_CARD_POINTS)


@given(POINTS, st.sampled_from(["sauspiel", "wenz", "solo"]))
def test_every_total_but_1_and_119_is_accepted_and_those_two_always_refused(
    points: int, contract: str
) -> None:
    entry = {"contract": contract, "declarer": "Ann", "declarer_points": points}
    if contract == "sauspiel":
        entry["partner"] = "Cy"
    if points in IMPOSSIBLE:
        assert problems(entry) == [declarer_side_has(points)]
    else:
        assert possible_card_points(points)
        GAME.score_round(entry, PLAIN)


@given(POINTS, st.integers(0, 8))
def test_a_tout_refuses_1_and_119_whatever_the_tricks(points: int, tricks: int) -> None:
    entry = {
        "contract": "wenz-tout",
        "declarer": "Ann",
        "declarer_points": points,
        "declarer_tricks": tricks,
    }
    if points in IMPOSSIBLE:
        assert problems(entry) == [declarer_side_has(points)]
    elif fewest_card_points(tricks) <= points <= most_card_points(tricks):
        GAME.score_round(entry, PLAIN)


@given(POINTS, st.sampled_from(FOUR))
def test_a_ramsch_player_may_take_any_card_points_but_1_and_119(points: int, player: str) -> None:
    other = next(name for name in FOUR if name != player)
    entry = {"contract": "ramsch", "card_points": {player: points, other: 120 - points}}
    if points in IMPOSSIBLE:
        refused = problems(entry, HOUSE)
        assert (
            f"nobody can take 1 or 119 card points, as no card is worth 1: {player} has {points}"
            in refused
        )
    else:
        GAME.score_round(entry, HOUSE)


# -- on the page: refused, translated, nothing saved --------------------------------------------


def new_table(**options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="schafkopf", players=list(FOUR), options=options
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "options", "data", "message"),
    [
        (
            "en",
            {},
            {"contract": "sauspiel", "declarer": "0", "partner": "2", "declarer_points": "1"},
            declarer_side_has(1),
        ),
        (
            "de",
            {},
            {"contract": "solo", "declarer": "0", "suit": "gras", "declarer_points": "119"},
            "die Spielerpartei hat 119",
        ),
        (
            "it",
            {"ramsch": True},
            {
                "contract": "ramsch",
                "card_points_0": "69",
                "card_points_1": "50",
                "card_points_2": "1",
            },
            "Cy ne ha 1",
        ),
        (
            "ja",
            {"ramsch": True},
            {
                "contract": "ramsch",
                "card_points_0": "119",
                "card_points_1": "0",
                "card_points_2": "0",
            },
            "Annは119点",
        ),
    ],
    ids=["sauspiel-1", "solo-119-de", "ramsch-1-it", "ramsch-119-ja"],
)
def test_the_hand_form_refuses_them_in_the_players_language_and_saves_nothing(
    client: Client, language: str, options: dict[str, object], data: dict[str, str], message: str
) -> None:
    table = new_table(**options)

    response = client.post(table_url(table), data, HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 422
    assert message in html(response)
    assert saved() == (0, 0)
