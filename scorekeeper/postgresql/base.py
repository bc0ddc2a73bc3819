"""Django's PostgreSQL backend but for how a kept connection is checked before a request uses
it (CONN_HEALTH_CHECKS, scorekeeper/settings.py).

Django checks it with ``SELECT 1``: a round trip to the server at the start of every request,
which the server parses and answers, for a connection that is all but always fine. A server
that closed the connection (a restart, an idle timeout, an administrator) has said so on its
socket, which then reads as ready before any query is sent; a connection whose socket has
nothing to read is as usable as ``SELECT 1`` would find it. Only when there is something to
read is Django's check made. (A connection whose path went silent, with nothing said, is not
found by either: ``SELECT 1`` would wait as the request's first query does.)

And for how a date and time (``timestamptz``) is read. Django reads each through psycopg's
loader in Python and then sets its time zone (UTC): 12 us a date, half the time of a tournament's
live tables' read (a last save at each of 25 tables), and one in each request's session. With
the connection in UTC, as Django keeps it, the database writes each as ISO 8601 with "+00",
which Python's own parser (in C) reads as the same datetime in UTC in a fraction of that; any
other text is read as Django reads it.
"""

from __future__ import annotations

import datetime
import select
from typing import Any

from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLDatabaseWrapper
from psycopg.abc import Buffer
from psycopg.adapt import AdaptersMap
from psycopg.types.datetime import TimestamptzLoader


class UTCTimestamptzLoader(TimestamptzLoader):
    """A timestamptz read from a connection in UTC, as Django's own loader reads it."""

    # What Django's cursor checks its connection's loader against (UTC: nothing to do).
    timezone = datetime.UTC

    def load(self, data: Buffer) -> datetime.datetime:
        try:
            parsed = datetime.datetime.fromisoformat(bytes(data).decode())
        except ValueError:  # infinity, a date BC, another DateStyle
            parsed = None
        if parsed is not None and parsed.tzinfo is datetime.UTC:
            return parsed
        # As Django reads it (django/db/backends/postgresql/psycopg_any.py).
        return super().load(data).replace(tzinfo=self.timezone)


class DatabaseWrapper(PostgreSQLDatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        # Django keeps the connection in its own time zone: UTC, unless the settings say
        # otherwise (then its own loader stays).
        if self.timezone == datetime.UTC and self.timezone_name == "UTC" and "context" in params:
            context = AdaptersMap(params["context"])
            context.register_loader("timestamptz", UTCTimestamptzLoader)
            params["context"] = context
        return params

    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        try:
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable or bool(super().is_usable())
