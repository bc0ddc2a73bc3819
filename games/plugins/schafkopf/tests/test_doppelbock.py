"""Schafkopf's Bock after every full round and Doppelbock (issue 34; games/plugins/schafkopf/
rules.md §19), house options off by default: under ``bock_runde`` a full round (each player
dealt once) without a Bock game starts a Bock round, so plain and Bock rounds take turns;
under ``doppelbock`` a Bock round started while Bock games are owed doubles them again (x4)
instead of following them.

Every value is worked out by hand with the BSKV tariff (rules.md §11): Sauspiel 10, Solo 50."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.plugins.schafkopf.engine import (
    SOLO,
    bock_games_owed,
    bock_multiplier,
    game_value,
    read_breakdown,
)
from games.plugins.schafkopf.words import summary_of, value_words
from games.scoring import TableSetup, get_game, score_table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import html, table_url, totals

from . import examples
from .strategies import FOUR, GAME

FIVE = (*FOUR, "Ed")


def at(players: tuple[str, ...] = FOUR, **options: object) -> TableSetup:
    return get_game("schafkopf").setup(list(players), {"bock": True, **options})


def sauspiel(points: int, doublings: int = 0) -> dict[str, object]:
    return examples.sauspiel(declarer_points=points, doublings=doublings)


def solo(points: int) -> dict[str, object]:
    return {"contract": "solo", "declarer": "Ann", "suit": "gras", "declarer_points": points}


def scored(hands: list[dict[str, object]], table: TableSetup) -> list[dict[str, Any]]:
    rounds, _state = score_table(GAME, table, hands)
    return [dict(played.breakdown) for played in rounds]


def levels(breakdowns: list[dict[str, Any]]) -> list[int]:
    """How often each hand was Bock, as its breakdown says: 0, 1 or 2 (Doppelbock)."""
    return [
        2 if breakdown.get("doppelbock") else 1 if breakdown.get("bock") else 0
        for breakdown in breakdowns
    ]


# A 60:60 starts a round of four; its second game, won after a Stoß and a Retour, another.
TWO_ROUNDS = [sauspiel(60), sauspiel(75, 2), solo(75), sauspiel(75), sauspiel(75), sauspiel(75)]


def test_the_rules_pages_doppelbock_example() -> None:
    breakdowns = scored(TWO_ROUNDS, at(doppelbock=True))

    # The three games still owed become Doppelbock, and one plain Bock game follows.
    assert levels(breakdowns) == [0, 1, 2, 2, 2, 1]
    # 10; 10 x 4 (Retour) x 2 (Bock) = 80; Solo 50 x 4 = 200; Sauspiel 10 x 4; 10 x 2.
    assert [breakdown["game_value"] for breakdown in breakdowns] == [10, 80, 200, 40, 40, 20]
    assert breakdowns[2]["multiplier"] == 4


def test_without_doppelbock_the_second_round_is_played_after_the_first() -> None:
    breakdowns = scored(TWO_ROUNDS, at())

    assert levels(breakdowns) == [0, 1, 1, 1, 1, 1]
    assert [breakdown["game_value"] for breakdown in breakdowns] == [10, 80, 100, 20, 20, 20]
    assert "doppelbock" not in breakdowns[2]


def test_a_game_is_never_more_than_a_doppelbock() -> None:
    # Three 60:60 in a row: the third round finds two owed games Doppelbock already, doubles
    # the third and adds three plain Bock games after it.
    table = at(doppelbock=True)
    breakdowns = scored([sauspiel(60)] * 3, table)

    assert levels(breakdowns) == [0, 1, 2]
    assert bock_games_owed(breakdowns, table) == [2, 2, 2, 1, 1, 1]
    with pytest.raises(ValueError, match="0-2"):
        bock_multiplier(3)


def test_after_every_full_round_plain_and_bock_rounds_take_turns() -> None:
    breakdowns = scored([sauspiel(75)] * 17, at(bock_runde=True))

    plain, bock = [0] * 4, [1] * 4
    assert levels(breakdowns) == [*plain, *bock, *plain, *bock, 0]
    assert [breakdown["game_value"] for breakdown in breakdowns[3:5]] == [10, 20]


def test_a_full_round_at_a_table_of_five_is_five_hands() -> None:
    # Everybody passes every hand: nothing to pay, but each hand is a game of the round.
    breakdowns = scored([{"contract": "passed"}] * 16, at(FIVE, bock_runde=True))

    # Hands 6-9 are the Bock round; hand 10 ends a round that had Bock games, so 11-15 are
    # plain and the round after them starts with hand 16.
    assert levels(breakdowns) == [0] * 5 + [1] * 4 + [0] * 6 + [1]


def test_a_full_round_with_a_triggered_bock_game_starts_none() -> None:
    # Hand 3 is 60:60, so hands 4-7 are Bock: the first round had a Bock game (hand 4).
    hands = [sauspiel(75), sauspiel(75), sauspiel(60), *[sauspiel(75)] * 6]
    breakdowns = scored(hands, at(bock_runde=True))

    assert levels(breakdowns) == [0, 0, 0, 1, 1, 1, 1, 0, 0]


def test_the_history_says_doppelbock_and_reads_it_back() -> None:
    table = at(doppelbock=True)
    rounds, _state = score_table(GAME, table, TWO_ROUNDS[:3])
    stored = dict(rounds[2].breakdown)
    breakdown = read_breakdown(stored)

    assert breakdown.to_json() == stored
    assert summary_of(breakdown, table) == "Ann's Solo (Gras): won with 75, Doppelbock — 200 each"
    assert value_words(breakdown) == "Solo 50, Doppelbock ×4 = 200"  # type: ignore[arg-type]
    bock = read_breakdown(dict(score_table(GAME, at(), TWO_ROUNDS[:3])[0][2].breakdown))
    assert value_words(bock) == "Solo 50, Bock ×2 = 100"  # type: ignore[arg-type]


def test_a_doppelbock_value() -> None:
    # A Solo after a knock and a Stoß in a Doppelbock game: 50 x 2 x 2 x 4.
    assert game_value(SOLO, doublings=1, klopfen=1, bock=2) == 800


# -- on the pages: the options form and the history, translated --------------------------------


@pytest.mark.django_db
def test_the_options_form_offers_both_and_the_history_says_doppelbock(client: Client) -> None:
    form = html(client.get("/tables/new/?game=schafkopf", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Bock nach jeder vollen Runde" in form
    assert "Doppelbock" in form

    table = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=list(FOUR),
        options={"bock": True, "doppelbock": True},
    )
    for hand in TWO_ROUNDS[:3]:
        table_services.round_record(table, hand)

    # Lost 60:60 (10 each); won after a Retour in a Bock game (80 each); a Doppelbock Solo (200).
    assert totals(table) == {"Ann": 670, "Bob": -270, "Cy": -130, "Di": -270}
    page = html(client.get(table_url(table), HTTP_ACCEPT_LANGUAGE="ja"))
    assert "ドッペルボック ×4" in page
