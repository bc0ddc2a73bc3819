"""What a saved hand writes besides its rows: one index entry for each index of the tables it
writes to, so none is kept that another already gives. A table's hands, their points and its
log are read by table (and hand) through their unique pairs, which start with that column; a
hand is found by its form's token through the index of hands with a token."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from django.db import connection

from games.models import Round, RoundPoints, TableChange
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import points_entry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("model", "column", "pair"),
    [
        (Round, "table_id", ["table_id", "number"]),
        (RoundPoints, "round_id", ["round_id", "side"]),
        (TableChange, "table_id", ["table_id", "version"]),
    ],
)
def test_a_foreign_key_a_unique_pair_starts_with_has_no_index_of_its_own(
    model: type[Round | RoundPoints | TableChange], column: str, pair: list[str]
) -> None:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)

    indexed = [
        name
        for name, constraint in found.items()
        if (constraint["index"] or constraint["unique"]) and not constraint["primary_key"]
    ]
    assert [name for name in indexed if found[name]["columns"] == [column]] == []
    assert [name for name in indexed if found[name]["columns"] == pair and found[name]["unique"]]


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


def test_a_hand_is_found_by_its_token_through_the_token_index_not_among_the_tables_hands() -> None:
    """A save looks for a hand with its form's token (a phone's retry) before it stores one,
    and a retry reads the hand back: both through the index of hands by token (only hands with
    one), not by reading every hand of the table, which grew with the hands (issue 31)."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    for number in range(3):
        table_services.round_record(table, points_entry(Ann=1, Bob=1), token=f"earlier{number}")
    sent: list[tuple[str, Sequence[object]]] = []

    def kept(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        sent.append((sql, tuple(params or ())))
        return execute(sql, params, many, context)

    table.refresh_from_db()
    with connection.execute_wrapper(kept):
        assert table_selectors.hand_with_token(table, "earlier1") is not None
        table_services.round_record(
            table, points_entry(Ann=1, Bob=1), version=table.version, token="a-new-one"
        )
        table.refresh_from_db()
        # The save that reads every hand (its lock taken first) looks for the token too.
        locked = table_services._round_record_locked
        locked(
            table,
            points_entry(Ann=1, Bob=1),
            version=None,
            token="earlier2",
            by=None,
            hands=None,
            hands_version=None,
            setup=None,
        )

    by_token = [(sql, params) for sql, params in sent if '"hand_token" = %s' in sql]
    assert len(by_token) == 3
    for sql, params in by_token:
        plan = _plan(sql, params)
        assert "one_round_per_token" in plan, (sql, plan)
