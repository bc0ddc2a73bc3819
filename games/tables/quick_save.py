"""A hand stored from the totals the table keeps, in plain SQL, without reading the earlier
hands.

Why it exists: a save on the general path (``write_path``) reads and scores every earlier
hand under the table's lock, so an evening's 500th hand cost half as much again as its 10th,
and the ORM built the same four INSERTs anew for each hand. Where a game decides each hand by
the totals after it (``Game.resumes_from_totals``: the Scopa family, Briscola, Schafkopf) and
the table's tally is for the version the phone's page read, ``round_append`` scores the hand
alone, resumes the game from the tally, and writes the table's row (only while it is still at
that version, open, and holds no hand with the form's token), the hand, its points and the
log: four statements in one transaction on SQLite, one statement on PostgreSQL. Whenever that
cannot be done safely (the hand ends the game, the tally is stale, another phone came first)
nothing is written and the general path stores the hand.

What holds it equal to the general path: the property test
``games/tables/tests/test_hand_integrity_properties.py::test_stored_hands_are_always_what_the_engine_makes_of_the_entries``
records every game's hands through ``round_record`` (which takes this path wherever it can)
among edits and deletes (which take the general one), and checks after every step that the
stored hands, points, dealers, tally and result are exactly the engine's for all the entries;
``games/tables/tests/test_fast_table.py`` checks the cases that must leave this path (a stale
tally, the finishing hand, a bad hand, another phone first) and the race tests
(``test_table_races.py``) run it against concurrent phones on PostgreSQL."""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from django.contrib.auth.models import User
from django.db import connection, connections, transaction
from django.db.models import Field, Model
from django.utils import timezone

from games.models import (
    Round,
    RoundPoints,
    Table,
    TableChange,
    token_given,
)
from games.scoring import (
    TableSetup,
)
from games.tables.write_path import LARGEST_STORED, as_stored, change_row, hand_snapshot, tally_of


def _update_open_table_at_version(
    cursor: Any, table: Table, values: Mapping[str, object], token: str | None
) -> bool:
    """Write ``values`` to the table's row if it is still at ``table.version``, open and not
    set aside, and no hand of it has ``token`` yet (a phone may send a stored hand's token
    again with a newer version): the optimistic twin of ``table_locked``, ``check_version`` and
    the token check under the lock.
    The update takes the row's lock, so a concurrent write to the table waits for this
    transaction and then finds another version (PostgreSQL reads the row again before it
    updates: READ COMMITTED); SQLite writes one transaction at a time."""
    sql, params = _update_at_version_sql(table, values, token)
    cursor.execute(sql, params)
    return bool(cursor.rowcount == 1)


# The SQL's parameters are whatever the database driver takes for each column (Any as
# django-stubs types a field's prepared value); so are a row's values below.
def _update_at_version_sql(
    table: Table, values: Mapping[str, object], token: str | None
) -> tuple[str, list[Any]]:
    wrapper = _wrapper()
    fields, sql = _update_at_version_statement(wrapper.vendor, tuple(values), bool(token))
    params = [field.get_db_prep_save(values[field.name], wrapper) for field in fields]
    params += [table.pk, table.version]
    if token:
        params += [table.pk, token]
    return sql, params


@functools.cache
def _update_at_version_statement(
    vendor: str, names: tuple[str, ...], token: bool
) -> tuple[list[Field[Any, Any]], str]:
    """The fields ``names`` name, in the table's order, and the UPDATE that writes them while
    the table is at a version (and, with ``token``, holds no hand with a token): written once
    per database for each, as every save writes the same ones."""
    q = connection.ops.quote_name
    fields = [field for field in Table._meta.concrete_fields if field.name in names]
    assignments = ", ".join(f"{q(_column(field))} = %s" for field in fields)
    sql = (
        f"UPDATE {q(Table._meta.db_table)} SET {assignments} WHERE {q('id')} = %s "
        f"AND {q('version')} = %s AND {q('finished_at')} IS NULL AND {q('abandoned_at')} IS NULL"
        f" AND {q('deleted_at')} IS NULL"
    )
    if token:
        rounds, hand_token = q(Round._meta.db_table), q("hand_token")
        sql += (
            f" AND NOT EXISTS (SELECT 1 FROM {rounds} WHERE {q('table_id')} = %s"
            f" AND {hand_token} = %s AND {token_given(f'{rounds}.{hand_token}')})"
        )
    return fields, sql


@dataclass(frozen=True)
class RowWriter:
    """A model's INSERT in plain SQL, for the write every saved hand makes (about a tenth of
    a millisecond less per row than the ORM builds it each time): the columns from the
    model's fields, each value made ready by its field as the ORM does (``pre_save`` sets
    ``auto_now`` times, ``get_db_prep_save`` adapts JSON and dates to the backend), the new
    primary key read back into the instance. Built from the model's fields, so a new column
    is written without a change here. No signals are sent; the project has no receivers
    for these models."""

    model: type[Model]
    sql: str
    row: str
    # Field[Any, Any]: django-stubs' field of any column type.
    fields: tuple[Field[Any, Any], ...]
    returns_keys: bool
    table: str
    columns: str
    # The row's placeholders each cast to its column's type, for an INSERT ... SELECT (where
    # PostgreSQL would otherwise take an untyped value for text).
    casts: str

    @classmethod
    def of(cls, model: type[Model]) -> RowWriter:
        # Kept per connection, as selectors._RowReader is: each thread has its own.
        wrapper = connections[connection.alias]
        writers = _ROW_WRITERS.setdefault(wrapper, {})
        found = writers.get(model)
        if found is None:
            q = wrapper.ops.quote_name
            fields = tuple(
                field for field in model._meta.concrete_fields if field is not model._meta.pk
            )
            columns = ", ".join(q(_column(field)) for field in fields)
            returning = ""
            if wrapper.features.can_return_columns_from_insert:
                # Defined by the backends that can (SQLite and PostgreSQL), not by their base.
                returned, _params = wrapper.ops.return_insert_columns([model._meta.pk])  # type: ignore[attr-defined]
                returning = f" {returned}"
            found = cls(
                model,
                f"INSERT INTO {q(model._meta.db_table)} ({columns}) VALUES {{rows}}{returning}",
                "(" + ", ".join(["%s"] * len(fields)) + ")",
                fields,
                bool(returning),
                q(model._meta.db_table),
                columns,
                ", ".join(f"CAST(%s AS {field.cast_db_type(wrapper)})" for field in fields),
            )
            writers[model] = found
        return found

    def values(self, instance: Model) -> list[Any]:
        """The instance's values as the INSERT sends them, in the order of ``columns``."""
        wrapper = _wrapper()
        return [
            field.get_db_prep_save(field.pre_save(instance, True), wrapper) for field in self.fields
        ]

    def inserted(self, instances: Sequence[Model]) -> None:
        """Mark instances as stored (in this database), as the ORM does."""
        alias = _wrapper().alias
        for instance in instances:
            instance._state.adding = False
            instance._state.db = alias

    def insert(self, cursor: Any, instances: Sequence[Model]) -> None:
        """``instances`` inserted with ``cursor`` (the connection's, as a transaction's writes
        share one), each given its new key."""
        params: list[Any] = []
        for instance in instances:
            params += self.values(instance)
        sql = self.sql.format(rows=", ".join([self.row] * len(instances)))
        cursor.execute(sql, params)
        if self.returns_keys:
            keys = [row[0] for row in cursor.fetchall()]
        else:
            keys = [cursor.lastrowid] if len(instances) == 1 else []
        for instance, key in zip(instances, keys, strict=False):
            instance.pk = key
        self.inserted(instances)


def _wrapper() -> Any:
    """This thread's connection itself, rather than ``django.db.connection``, which looks it up
    again for every attribute a field asks of it (a few microseconds each, some forty a save).
    Any: django-stubs types no wrapper."""
    return connections[connection.alias]


def _column(field: Field[Any, Any]) -> str:
    assert field.column is not None  # every concrete field has a column
    return field.column


# Keyed by the thread's connection wrapper (Any: django-stubs types no wrapper as hashable).
_ROW_WRITERS: WeakKeyDictionary[Any, dict[type[Model], RowWriter]] = WeakKeyDictionary()


def round_append(
    table: Table,
    entry: Mapping[str, object],
    *,
    version: int | None,
    token: str | None,
    by: User | None,
    setup: TableSetup | None,
) -> Round | None:
    """A hand stored as the next one without reading the earlier hands: its game resumes from
    the totals the table keeps (``Table.tally``, ``Game.resume_state``), and the table's row
    is updated only if it is still at the version the tally is for, which also stands for
    the row lock and the version check of the general path. None when that path must store
    it instead (nothing was written): the tally is out of date, the game needs the earlier
    hands, the hand would end the game (the result, the seats and a league's ratings are
    decided on that path), the table changed since it was read, or a hand with ``token`` is
    stored already (that path finds it).

    EntryError for a bad hand, as on the general path, before anything is written.
    """
    tally = table.tally
    rules = table.rules
    if (
        not rules.resumes_from_totals
        or not isinstance(tally, dict)
        or tally.get("version") != table.version
        or (version is not None and version != table.version)
        # A retry of a form that carried no version is known only by its token.
        or (version is None and token)
        or table.is_finished
        or table.is_abandoned
    ):
        return None
    setup = setup or table.setup()
    # A table whose options make a hand depend on the ones before (a Schafkopf table of five:
    # who deals sits out) is scored by the general path, which knows them.
    if set(tally["totals"]) != set(setup.sides) or not rules.resumes_at(setup):
        return None
    score = rules.score_round(entry, setup)
    hands = int(tally["hands"])
    state = rules.resume_state(tally["totals"], hands, score, setup)
    too_large = any(abs(value) > LARGEST_STORED for value in score.points.values())
    if state is None or state.finished or too_large:
        return None
    last_dealer = tally["last_dealer"]
    # A game that resumes from its totals puts nobody out, so the deal just passes on.
    dealer = rules.next_dealer(setup, (), last_dealer, table.first_dealer)
    after = {
        "hands_played": hands + 1,
        "version": table.version + 1,
        "updated_at": timezone.now(),
        "tally": tally_of(table.version + 1, hands + 1, state.totals, dealer),
    }
    # The table as written, apart from the caller's (as the general path's is).
    written = copy.copy(table)
    for name, value in after.items():
        setattr(written, name, value)
    new = Round(
        table=written,
        number=hands + 1,
        dealer=dealer,
        entry=dict(entry),
        breakdown=as_stored(dict(score.breakdown)),
        hand_token=token or "",
    )
    points = dict(score.points)
    points_rows = [
        RoundPoints(round=new, side=side, points=value) for side, value in points.items()
    ]
    change = change_row(
        written, TableChange.Kind.RECORDED, new, after=hand_snapshot(new, points), by=by
    )
    append = _Append(table, after, token, new, points_rows, change)
    if connection.vendor == "postgresql":
        stored = _append_in_one_statement(append)
    else:
        stored = _append_in_a_transaction(append)
    if not stored:
        return None
    new.points_scored = points
    new.state_after = state
    return new


@dataclass(frozen=True)
class _Append:
    """A hand stored from the table's tally: what the table's row gets if it still matches
    (``_update_open_table_at_version``), and the rows that go with the hand."""

    table: Table  # as read
    after: Mapping[str, object]
    token: str | None
    hand: Round
    points: Sequence[RoundPoints]
    change: TableChange


def _append_in_a_transaction(append: _Append) -> bool:
    """The hand's four writes, one after the other in one transaction (SQLite, where a
    statement costs no round trip) and with one cursor (Django makes each one anew, some 15
    microseconds): False, with nothing written, when the table's row no longer matches."""
    with transaction.atomic(), connection.cursor() as cursor:
        if not _update_open_table_at_version(cursor, append.table, append.after, append.token):
            return False
        RowWriter.of(Round).insert(cursor, [append.hand])
        for row in append.points:
            row.round = append.hand  # its key, now that it has one
        RowWriter.of(RoundPoints).insert(cursor, append.points)
        RowWriter.of(TableChange).insert(cursor, [append.change])
    return True


def _append_in_one_statement(append: _Append) -> bool:
    """The hand's four writes in one statement (PostgreSQL: one round trip instead of six,
    and a statement is a transaction of its own): the table's row updated if it still
    matches, and the hand, its points and the log inserted from what the update returned, so
    nothing is inserted when it does not. False, with nothing written, when it does not."""
    q = connection.ops.quote_name
    rounds, rows, changes = (
        RowWriter.of(Round),
        RowWriter.of(RoundPoints),
        RowWriter.of(TableChange),
    )
    update, params = _update_at_version_sql(append.table, append.after, append.token)
    side, value = RoundPoints._meta.get_field("side"), RoundPoints._meta.get_field("points")
    assert isinstance(side, Field)
    assert isinstance(value, Field)
    one_side = (
        f"(CAST(%s AS {side.cast_db_type(connection)}), "
        f"CAST(%s AS {value.cast_db_type(connection)}))"
    )
    per_side = ", ".join([one_side] * len(append.points))
    sql = (
        f"WITH t AS ({update} RETURNING {q('id')}), "
        f"r AS (INSERT INTO {rounds.table} ({rounds.columns}) SELECT {rounds.casts} FROM t "
        f"RETURNING {q('id')}), "
        f"p AS (INSERT INTO {rows.table} ({q('round_id')}, {q('side')}, {q('points')}) "
        f"SELECT r.{q('id')}, v.side, v.points FROM r CROSS JOIN (VALUES {per_side}) "
        "AS v(side, points)), "
        f"c AS (INSERT INTO {changes.table} ({changes.columns}) SELECT {changes.casts} FROM t) "
        f"SELECT {q('id')} FROM r"
    )
    params += rounds.values(append.hand)
    for row in append.points:
        params += [row.side, row.points]
    params += changes.values(append.change)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:
        return False
    append.hand.pk = found[0]
    for row in append.points:
        row.round = append.hand
    rounds.inserted([append.hand])
    rows.inserted(append.points)
    changes.inserted([append.change])
    return True
