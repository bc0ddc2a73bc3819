"""A lookup by token (a phone's retry of a save or of an entry form, a guest's first write, a
watch link) reads the token's own index, on both databases, rather than every row another
index leaves: each kind of token has a partial unique index over the rows that hold one
(``~Q(<token>="")``), and a database reads it only for a query that names its condition
(``games.models.token_given``). Each test below makes the lookups happen, catches the SQL they
send and asks the database how it would run each one."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection

from games.clubs import access as club_access
from games.clubs import selectors as club_selectors
from games.tables import access as table_access
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from games.tournaments import services as tournament_services
from tests.clubs import home_club
from tests.factories import points_entry

pytestmark = pytest.mark.django_db


def _plan(sql: str, params: Sequence[object]) -> str:
    """How the database would run ``sql`` as Django sends it (``%s`` for each parameter). On
    PostgreSQL the plan it may keep for a statement psycopg has prepared, made without the
    values (the parameters' types inferred from the statement)."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
            return "\n".join(str(row[-1]) for row in cursor.fetchall())
        numbered = iter(range(1, len(params) + 1))
        cursor.execute("PREPARE token_plan AS " + re.sub("%s", lambda _: f"${next(numbered)}", sql))
        try:
            cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
            # A generic plan is made without the values, so none is given.
            cursor.execute(f"EXPLAIN EXECUTE token_plan({', '.join(['NULL'] * len(params))})")
            return "\n".join(str(row[0]) for row in cursor.fetchall())
        finally:
            cursor.execute("DEALLOCATE token_plan")


@contextmanager
def lookups_by(column: str) -> Iterator[list[tuple[str, tuple[object, ...]]]]:
    """The statements sent inside the block that look a row up by ``column``, with their
    parameters."""
    sent: list[tuple[str, tuple[object, ...]]] = []

    def kept(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        if f'"{column}" = %s' in sql:
            sent.append((sql, tuple(params or ())))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(kept):
        yield sent


def assert_read_through(index: str, sent: list[tuple[str, tuple[object, ...]]], count: int) -> None:
    assert len(sent) == count
    for sql, params in sent:
        plan = _plan(sql, params)
        assert index in plan, (sql, plan)


def test_a_saves_token_is_looked_up_in_the_index_of_hands_with_a_token() -> None:
    """A save looks for a hand with its form's token before it stores one (on the quick path
    and, its lock taken first, on the path that reads every hand), and a retry reads the hand
    back: not by reading every hand of the table, which grew with the hands (issue 31)."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    for number in range(3):
        table_services.round_record(table, points_entry(Ann=1, Bob=1), token=f"earlier{number}")
    table.refresh_from_db()
    with lookups_by("hand_token") as sent:
        assert table_selectors.hand_with_token(table, "earlier1") is not None
        table_services.round_record(
            table, points_entry(Ann=1, Bob=1), version=table.version, token="a-new-one"
        )
        table.refresh_from_db()
        table_services._round_record_locked(
            table,
            points_entry(Ann=1, Bob=1),
            version=None,
            token="earlier2",
            by=None,
            hands=None,
            hands_version=None,
            setup=None,
        )
    assert_read_through("one_round_per_token", sent, 3)


def test_a_watch_links_page_and_poll_find_their_table_by_the_index_of_watch_links() -> None:
    """The watch link's page and its poll every few seconds: not by reading every table."""
    club = home_club()
    tables = [
        table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
        for _ in range(3)
    ]
    watched = table_services.watch_link_set(tables[1], on=True)
    with lookups_by("watch_token") as sent:
        assert table_access.table_watched(watched.watch_token).pk == watched.pk
        assert table_access.table_version_watched(watched.watch_token) == watched.version
    assert_read_through("one_table_per_watch_token", sent, 2)


def test_a_guests_first_write_is_found_by_the_index_of_first_writes() -> None:
    """A join form sent again without the cookie the first answer set signs in to the guest
    it made: not by reading every guest account."""
    made = club_access.guest_create(first_write_token="first-write-of-ann")
    club_access.guest_create(first_write_token="")
    with lookups_by("first_write_token") as sent:
        assert club_selectors.guest_of_first_write("first-write-of-ann") == made
    assert_read_through("one_guest_per_first_write_token", sent, 1)


def test_an_entry_form_sent_again_finds_its_entrant_by_the_index_of_entry_forms() -> None:
    """The entry form at the door, sent again by a phone: not by reading every entrant."""
    tournament = tournament_services.tournament_create(
        club=home_club(), name="Freitag", game="schafkopf"
    )
    first = tournament_services.entrant_add(tournament, name="Ann", token="entry-of-ann")
    tournament.refresh_from_db()
    with lookups_by("entry_token") as sent:
        again = tournament_services.entrant_add(tournament, name="Ann", token="entry-of-ann")
    assert again.pk == first.pk
    assert_read_through("one_entrant_per_entry_token", sent, 1)
