"""Migrations 0009 and 0010: a database from before clubs keeps all its records, in one club.

These tests move the schema back to 0008 and forward again, so they need a real transaction
(not the usual test transaction); the schema is put back to the latest migration at the end,
whatever happened.

Moving the schema back is the slow part (Django renders the models at every step: longer than
making the whole test database), so it is done once for both tests: the empty database's
migration runs first, in a transaction rolled back afterwards, schema and all (both databases
change their schema in a transaction), which leaves the empty database at 0008 for the next.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

BEFORE_CLUBS = [("games", "0008_trentino_tables_keep_target_11")]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets: list[tuple[str, str]]) -> Any:
    """Migrate to ``targets`` and return the models as they are there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture(scope="module")
def latest_at_the_end(django_db_blocker: Any) -> Iterator[None]:
    """The schema put back to the latest migration after the module's last test, whatever
    happened (the test database's other tests need it)."""
    yield
    with django_db_blocker.unblock():
        migrate(latest())


@pytest.fixture
def before_clubs(latest_at_the_end: None) -> Any:
    """The models at 0008: the schema moved back there, unless a test left it there already."""
    return migrate(BEFORE_CLUBS)


@contextmanager
def rolled_back() -> Iterator[None]:
    """Everything done inside, migrations too, undone at the end: one transaction, rolled back.
    SQLite's schema editor needs its foreign key checks off, which it cannot switch inside a
    transaction: they are off for the transaction, as it has them for each migration."""
    connection.disable_constraint_checking()
    try:
        with transaction.atomic():
            yield
            transaction.set_rollback(True)
    finally:
        connection.enable_constraint_checking()


# First: it leaves the empty database at 0008 (rolled back), where the next test starts.
def test_an_empty_database_gets_no_club(before_clubs: Any) -> None:
    with rolled_back():
        apps = migrate(latest())

        assert not apps.get_model("games", "Club").objects.exists()


def test_existing_records_move_into_one_club_with_public_ids(before_clubs: Any) -> None:
    apps = before_clubs
    Player = apps.get_model("games", "Player")
    League = apps.get_model("games", "League")
    Season = apps.get_model("games", "Season")
    Table = apps.get_model("games", "Table")
    Seat = apps.get_model("games", "Seat")
    Round = apps.get_model("games", "Round")

    ann = Player.objects.create(name="Ann")
    bob = Player.objects.create(name="Bob")
    league = League.objects.create(name="Family", games=["scopa"])
    league.members.add(ann, bob)
    Season.objects.create(
        league=league, name="2025", starts_on=date(2025, 1, 1), ends_on=date(2025, 12, 31)
    )
    table = Table.objects.create(game="scopa", options={"target": 11}, league=league)
    Seat.objects.create(table=table, player=ann, position=0)
    Seat.objects.create(table=table, player=bob, position=1)
    Round.objects.create(
        table=table, number=1, dealer=0, entry={"points": {"Ann": 3, "Bob": 1}}, breakdown={}
    )

    apps = migrate(latest())

    Club = apps.get_model("games", "Club")
    club = Club.objects.get()
    assert club.name == "Our club"
    assert not club.memberships.exists()
    public_ids = [club.public_id]
    for name in ("Player", "League", "Table"):
        model = apps.get_model("games", name)
        assert model.objects.exists()
        assert set(model.objects.values_list("club", flat=True)) == {club.pk}, name
    for name in ("Player", "League", "Season", "Table", "Round"):
        public_ids += apps.get_model("games", name).objects.values_list("public_id", flat=True)
    assert len(public_ids) == 1 + 2 + 1 + 1 + 1 + 1
    assert all(public_id and len(public_id) == 16 for public_id in public_ids), public_ids
    assert len(set(public_ids)) == len(public_ids)

    # The records hang together as before.
    table = apps.get_model("games", "Table").objects.get()
    assert table.league.name == "Family"
    assert sorted(seat.player.name for seat in table.seats.all()) == ["Ann", "Bob"]
    assert table.rounds.get().entry == {"points": {"Ann": 3, "Bob": 1}}
    assert table.league.seasons.get().name == "2025"
