"""The session engine: Django's database sessions, read with one plain query.

Every request with a session cookie reads its session, so that read is on every page's path:
through the ORM it cost about three times the query itself (the lookup compiled each time,
the row made a model instance). Written, expired, flushed and cleared exactly as Django's
database engine does, in the same table: only the read is done by hand, with the same
conditions (the key, not expired)."""

from __future__ import annotations

from typing import NamedTuple

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class _StoredSession(NamedTuple):
    session_data: str


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> _StoredSession | None:
        key = self.session_key
        if key is not None:
            connection = connections[router.db_for_read(self.model)]
            quote = connection.ops.quote_name
            now = connection.ops.adapt_datetimefield_value(timezone.now())
            with connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT {quote('session_data')} FROM {quote(self.model._meta.db_table)} "
                    f"WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s",
                    [key, now],
                )
                row = cursor.fetchone()
            if row is not None:
                return _StoredSession(row[0])
        self._session_key = None
        return None
