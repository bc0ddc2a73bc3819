"""The SQLite backend (scorekeeper/sqlite3/base.py): each query's placeholders are rewritten
as Django's own cursor rewrites them, and the rewrite of a query run again is the one kept."""

from __future__ import annotations

import sqlite3

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper

from games.models import Club
from scorekeeper.sqlite3 import base

needs_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's backend only")


@pytest.mark.parametrize(
    "query",
    [
        "SELECT %s, %s",
        "SELECT '100%%' || %s",  # a literal percent sign, doubled
        "SELECT 1 WHERE 'a%%s' = %s",  # a literal "%s", as Django writes it
        "SELECT %s IN (" + ", ".join(["%s"] * 2500) + ")",  # longer than is kept
    ],
)
def test_a_query_is_rewritten_as_django_rewrites_it(query: str) -> None:
    theirs = _cursor(SQLiteCursorWrapper)
    ours = _cursor(base.KeptRewriteCursor)
    for _ in range(2):  # rewritten, then kept
        assert ours.convert_query(query) == theirs.convert_query(query)
    params = ["x"] * query.replace("%%", "").count("%s")
    ours.execute(query, params)
    assert ours.fetchall() == theirs.execute(theirs.convert_query(query), params).fetchall()


def test_named_parameters_are_rewritten_as_django_rewrites_them() -> None:
    query = "SELECT %(first)s, %(second)s"
    ours = _cursor(base.KeptRewriteCursor)
    assert ours.convert_query(query, param_names=["first", "second"]) == "SELECT :first, :second"
    assert ours.execute(query, {"first": 1, "second": "two"}).fetchall() == [(1, "two")]


def test_only_a_query_short_enough_has_its_rewrite_kept() -> None:
    base._rewritten.cache_clear()
    ours = _cursor(base.KeptRewriteCursor)
    short = "SELECT %s AS kept_rewrite_test"
    long = "SELECT %s" + " " * base.KEPT_QUERY_CHARS
    for _ in range(3):
        ours.convert_query(short)
        ours.convert_query(long)
    info = base._rewritten.cache_info()
    assert (info.currsize, info.hits, info.misses) == (1, 2, 1)


def _cursor(kind: type[SQLiteCursorWrapper]) -> SQLiteCursorWrapper:
    return sqlite3.connect(":memory:").cursor(factory=kind)


@needs_sqlite
@pytest.mark.django_db
def test_the_project_s_sqlite_runs_on_this_backend() -> None:
    assert connection.settings_dict["ENGINE"] == "scorekeeper.sqlite3"
    with connection.cursor() as cursor:
        assert isinstance(cursor.cursor, base.KeptRewriteCursor)
        cursor.execute("SELECT %s || '%%', %s", ["100", 2])
        assert cursor.fetchall() == [("100%", 2)]
    club = Club.objects.create(name="Rewritten 50%")
    assert Club.objects.filter(name__contains="50%").get() == club
