"""A small club on the embedded SQLite: twenty phones pressing Save at the same moment, through
the pages. Saves queue for the write lock (WAL, IMMEDIATE transactions, a 20 s busy timeout:
scorekeeper/settings.py) instead of failing with "database is locked".

Threads need committed data, so these tests use ``transactional_db``, and a file test
database (an in-memory one locks per table, unlike the real thing).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from django.db import connection

from games.models import RoundPoints, Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.concurrency import at_once, errors, page_post
from tests.pages import signed_in_client, table_url

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite",
    reason="SQLite's locking (WAL, IMMEDIATE, busy timeout) only; "
    "games/tables/tests/test_table_races.py races the pages on every database",
)

PHONES = 20
SAVED = (200, 302)  # htmx answers a save with the page, a plain form post with a redirect
STALE = 409


def fresh_table() -> Table:
    # A target no twenty hands here can reach, so every hand is a legal next hand.
    return table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )


def hand_of(phone: int) -> dict[str, str]:
    """Phone ``phone``'s hand in points, different for every phone, so a stored hand tells
    which phone saved it: Ann 1-5, Bob 0-3."""
    return {"mode": "points", "points_0": str(phone % 5 + 1), "points_1": str(phone // 5)}


def points(phone: int) -> dict[str, int]:
    data = hand_of(phone)
    return {"Ann": int(data["points_0"]), "Bob": int(data["points_1"])}


def stored_points(table: Table) -> list[dict[str, int]]:
    return [entry["points"] for entry in table.rounds.values_list("entry", flat=True)]


def test_the_test_database_is_a_file_in_wal_mode_with_immediate_transactions(db: None) -> None:
    name = connection.settings_dict["NAME"]
    assert not connection.creation.is_in_memory_db(name)
    assert f"-{os.getpid()}." in str(name)
    assert connection.transaction_mode == "IMMEDIATE"
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone()[0] == 1  # NORMAL
        cursor.execute("PRAGMA busy_timeout")
        assert cursor.fetchone()[0] == 20_000  # the "timeout" option, in milliseconds


def test_twenty_phones_saving_from_the_same_page_of_one_table_store_each_save_once(
    transactional_db: None,
) -> None:
    """All twenty pages are loaded before anyone saves, so all carry the same table_version:
    the first save is stored and the others are refused as stale (409), never as an error."""
    table = fresh_table()
    # Read before the barrier: every phone holds the page at version 0, each its own token.
    posts = [
        page_post(signed_in_client(), table_url(table), hand_of(phone)) for phone in range(PHONES)
    ]

    outcomes = at_once(posts)

    assert errors(outcomes) == []  # no OperationalError ("database is locked"), no exception
    statuses = [outcome.value.status_code for outcome in outcomes]
    assert 500 not in statuses
    assert set(statuses) <= {*SAVED, STALE}, Counter(statuses)
    stored = stored_points(table)
    saved = [phone for phone, status in enumerate(statuses) if status in SAVED]
    refused = [phone for phone, status in enumerate(statuses) if status == STALE]
    # Every save answered as stored is stored exactly once, and nothing else is.
    assert [stored.count(points(phone)) for phone in saved] == [1] * len(saved)
    assert len(stored) == len(saved)
    # A save answered 409 (stale) stores nothing.
    assert [stored.count(points(phone)) for phone in refused] == [0] * len(refused)
    numbers = list(table.rounds.values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))
    assert RoundPoints.objects.filter(round__table=table).count() == 2 * len(numbers)
    # The pages all carried version 0: one save went through, the other nineteen were stale.
    assert Counter(statuses) == Counter({302: 1, STALE: PHONES - 1})
    assert Table.objects.get(pk=table.pk).version == 1


def test_the_same_page_saved_from_twenty_phones_at_once_is_one_hand(
    transactional_db: None,
) -> None:
    """One form (one ``hand_token``) posted twenty times at once, as a phone retrying on a bad
    connection does: one hand, and every post answered as that save was."""
    table = fresh_table()
    post = page_post(signed_in_client(), table_url(table), hand_of(0))
    posts = [post.from_phone(signed_in_client()) for _phone in range(PHONES)]

    outcomes = at_once(posts)

    assert errors(outcomes) == []
    assert [outcome.value.status_code for outcome in outcomes] == [302] * PHONES
    assert stored_points(table) == [points(0)]
