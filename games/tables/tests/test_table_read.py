"""A table is read in one query with its club, league, seats and players, and for a member
with the member's role (selectors._read_table): every table request starts with it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.leagues import services as league_services
from games.models import Club, Role, Seat, Table
from games.tables import selectors
from games.tables import services as table_services
from tests.clubs import home_club, member
from tests.factories import points_entry

pytestmark = pytest.mark.django_db


def test_a_members_table_comes_with_everything_in_one_query() -> None:
    club = home_club()
    league = league_services.league_create(club=club, name="Tuesdays", games=["scopa"])
    table = table_services.table_create(
        club=club, game="scopa", players=["Cy", "Ann", "Bob"], league=league
    )
    scorer = member(club, Role.SCORER)

    with CaptureQueriesContext(connection) as queries:
        found, role = selectors.table_get_for_member(table.public_id, scorer)
        names = [seat.player.name for seat in found.seats.all()]
        setup = found.setup()
        read_club, read_league = found.club, found.league

    assert len(queries.captured_queries) == 1
    assert role == Role.SCORER
    assert names == ["Cy", "Ann", "Bob"]
    assert list(setup.players) == names
    assert [seat.position for seat in found.seats.all()] == [0, 1, 2]
    assert all(seat.table is found for seat in found.seats.all())
    assert (read_club.pk, read_league) == (club.pk, league)
    assert found.tally == Table.objects.get(pk=table.pk).tally


def test_a_table_outside_a_league_and_one_read_by_its_link_are_read_alike() -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])

    with CaptureQueriesContext(connection) as queries:
        found = selectors.table_get(table.public_id, by_link=True)
        names = [seat.player.name for seat in found.seats.all()]

    assert len(queries.captured_queries) == 1
    assert found.league is None
    assert names == ["Ann", "Bob"]


def test_a_table_without_seats_is_read_with_none() -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    Seat.objects.filter(table=table).delete()

    found = selectors.table_get(table.public_id, club_ids=[home_club().pk])

    assert list(found.seats.all()) == []


def test_no_member_of_the_tables_club_finds_it() -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    outsider = member(Club.objects.create(name="Elsewhere"), Role.OWNER, username="outsider")

    with pytest.raises(Table.DoesNotExist):
        selectors.table_get_for_member(table.public_id, outsider)


def test_the_latest_hands_come_in_one_query_as_the_whole_read_has_them() -> None:
    """The table page's read of its last hands (``table_hands(latest=...)``): one query, a row
    per side, grouped back into the hands the whole read gives, in order, points in the
    order they were stored."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob", "Cy"], options={"target": 99}
    )
    for number in range(12):
        table_services.round_record(table, points_entry(Ann=1, Bob=number % 3, Cy=number % 2))
    every = selectors.table_hands(table)
    assert [hand.number for hand in every] == list(range(1, 13))

    for latest in (1, 5, 12, 40):
        with CaptureQueriesContext(connection) as queries:
            last = selectors.table_hands(table, latest=latest)
        assert len(queries.captured_queries) == 1
        assert last == every[-latest:]
        assert [list(hand.points) for hand in last] == [
            list(hand.points) for hand in every[-latest:]
        ]
    assert (
        selectors.table_hands(
            table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"]),
            latest=5,
        )
        == []
    )
