"""Abandoning a table while other phones write to it, for real (threads with their own
database connections, released at once), on SQLite and PostgreSQL: it is abandoned once, no
hand lands after it, one undo applies however many phones tap it, and nobody gets a server
error."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest
from django.db import connection

from games.models import ClubChange, Round, Table, TableChange
from games.tables import services as table_services
from tests.clubs import home_club
from tests.concurrency import at_once_answers
from tests.factories import points_entry

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 8
TRIES = 10


def fresh_table() -> Table:
    return table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )


def test_many_phones_abandoning_from_the_same_page_abandon_it_once() -> None:
    outcomes: Counter[str] = Counter()
    for _attempt in range(TRIES):
        table = fresh_table()
        answers = at_once_answers(
            [partial(table_services.table_abandon, table, version=0)] * PHONES
        )
        outcomes.update(kind for kind, _value in answers)
        # Every tap succeeds: the ones after the first find it done already.
        assert [kind for kind, _value in answers] == ["ok"] * PHONES
        table.refresh_from_db()
        assert table.is_abandoned
        assert table.version == 1
        assert TableChange.objects.filter(table=table).count() == 1
        logged = ClubChange.objects.filter(
            kind=ClubChange.Kind.TABLE_ABANDONED, after__table=table.public_id
        )
        assert logged.count() == 1
    print(f"\nabandon x{PHONES} on {connection.vendor}: {dict(outcomes)}")


def test_hands_racing_an_abandon_land_before_it_or_are_refused_in_words() -> None:
    outcomes: Counter[str] = Counter()
    for attempt in range(TRIES):
        table = fresh_table()
        answers = at_once_answers(
            [partial(table_services.table_abandon, table)]
            + [
                partial(
                    table_services.round_record,
                    table,
                    points_entry(Ann=1, Bob=0),
                    token=f"race-{attempt}-{phone}",
                )
                for phone in range(PHONES - 1)
            ]
        )
        kinds = Counter(kind for kind, _value in answers)
        outcomes.update(kinds)
        assert set(kinds) <= {"ok", "TableAbandoned"}, answers
        table.refresh_from_db()
        assert table.is_abandoned
        assert not table.is_finished
        changes = list(TableChange.objects.filter(table=table).order_by("version"))
        # The abandon is the last write: every stored hand was recorded before it.
        assert changes[-1].kind == TableChange.Kind.ABANDONED
        recorded = [change for change in changes if change.kind == TableChange.Kind.RECORDED]
        assert len(recorded) == Round.objects.filter(table=table).count() == kinds["ok"] - 1
        assert table.version == len(changes)
    print(f"\nabandon racing {PHONES - 1} hands on {connection.vendor}: {dict(outcomes)}")


def test_abandons_and_undos_at_once_leave_the_table_as_its_log_says() -> None:
    outcomes: Counter[str] = Counter()
    for _attempt in range(TRIES):
        table = fresh_table()
        table_services.round_record(table, points_entry(Ann=1, Bob=0))
        table_services.table_abandon(table)
        # Phones holding the home page (version 2): some tap Undo, some abandon again.
        answers = at_once_answers(
            [partial(table_services.table_take_up, table, version=2)] * (PHONES // 2)
            + [partial(table_services.table_abandon, table, version=2)] * (PHONES // 2)
        )
        kinds = Counter(kind for kind, _value in answers)
        outcomes.update(kinds)
        assert set(kinds) <= {"ok", "StaleWrite"}, answers
        table.refresh_from_db()
        # One undo applies; an abandon before it finds the table abandoned already, one after
        # it comes from a page that no longer shows the table as it is, and is refused.
        assert not table.is_abandoned
        assert table.version == 3
        assert list(
            TableChange.objects.filter(table=table).order_by("version").values_list("kind")
        ) == [("recorded",), ("abandoned",), ("taken-up",)]
        assert kinds["ok"] >= PHONES // 2
    print(f"\nundo racing abandon on {connection.vendor}: {dict(outcomes)}")
