"""Django's SQLite backend but for how a query's placeholders are made SQLite's.

Django writes its queries with ``%s`` placeholders, which Python's sqlite3 module does not read,
so its cursor rewrites every query with a regular expression before running it: 30 to 90 us
for the tournament's stamp (2.4 KB of SQL), a third of what SQLite then took to run it, and the
same query is rewritten at every request (issue 31: the floor is a bare view's few queries).
Each query's rewrite is kept here instead, by its text, for queries short enough that keeping
a thousand of them costs little (a bulk insert's long SQL is rewritten as Django rewrites it).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django.db.backends.sqlite3.base import FORMAT_QMARK_REGEX, SQLiteCursorWrapper
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteDatabaseWrapper

# Queries up to this long have their rewrite kept (each kept query at most twice this).
KEPT_QUERY_CHARS = 8192


class DatabaseWrapper(SQLiteDatabaseWrapper):
    def create_cursor(self, name: str | None = None) -> KeptRewriteCursor:
        return self.connection.cursor(factory=KeptRewriteCursor)  # type: ignore[no-any-return]


class KeptRewriteCursor(SQLiteCursorWrapper):
    def convert_query(self, query: str, *, param_names: Sequence[str] | None = None) -> str:
        if param_names is None and len(query) <= KEPT_QUERY_CHARS:
            return _rewritten(query)
        return super().convert_query(query, param_names=param_names)


@functools.lru_cache(maxsize=1024)
def _rewritten(query: str) -> str:
    # As Django's cursor rewrites a query whose parameters are a sequence ("format" style).
    return FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")
