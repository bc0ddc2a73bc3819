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
