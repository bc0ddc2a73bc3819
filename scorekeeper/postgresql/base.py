"""Django's PostgreSQL backend but for how a kept connection is checked before a request uses
it (CONN_HEALTH_CHECKS, scorekeeper/settings.py).

Django checks it with ``SELECT 1``: a round trip to the server at the start of every request,
which the server parses and answers, for a connection that is all but always fine. A server
that closed the connection (a restart, an idle timeout, an administrator) has said so on its
socket, which then reads as ready before any query is sent; a connection whose socket has
nothing to read is as usable as ``SELECT 1`` would find it. Only when there is something to
read is Django's check made. (A connection whose path went silent, with nothing said, is not
found by either: ``SELECT 1`` would wait as the request's first query does.)
"""

from __future__ import annotations

import select

from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLDatabaseWrapper


class DatabaseWrapper(PostgreSQLDatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        try:
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable or bool(super().is_usable())
