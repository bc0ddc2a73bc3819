"""The session engine: Django's database sessions, read with one plain query.

Every request with a session cookie reads its session, so that read is on every page's path:
through the ORM it cost about three times the query itself (the lookup compiled each time,
the row made a model instance). Written, expired, flushed and cleared exactly as Django's
database engine does, in the same table: only the read is done by hand, with the same
conditions (the key, not expired).

Its data is checked as Django checks it (``signing.loads``: the signature, by the secret key or
a fallback), once per process for each stored value: a phone's session changes seldom, and the
check was 0.06 ms of every request (issue 31). What was checked is kept as the bytes the
signature covers, and read into a new dict for each request.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.contrib.sessions.backends import db
from django.core import signing
from django.core.signals import setting_changed
from django.db import connections, router
from django.dispatch import receiver
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

    def decode(self, session_data: bytes | str) -> dict[str, Any]:
        """Django's decode, the signature checked once per process for each stored value
        (``_CHECKED``); a value that fails the check is Django's to refuse (and log) as
        before."""
        if not isinstance(session_data, str):
            return super().decode(session_data)
        checked = _CHECKED.get((self.key_salt, session_data))
        if checked is None:
            try:
                checked = signing.loads(session_data, salt=self.key_salt, serializer=_Checked)
            except Exception:
                return super().decode(session_data)
            if len(_CHECKED) >= CHECKED_KEPT:
                _CHECKED.clear()
            _CHECKED[(self.key_salt, session_data)] = checked
        try:
            decoded: dict[str, Any] = self.serializer().loads(checked)
        except Exception:
            # As Django's decode: data it cannot read is an empty session.
            return {}
        return decoded


class _Checked:
    """A serializer that gives back the bytes it is given: what ``signing.loads`` checked (and
    unpacked), for the session's own serializer to read."""

    def dumps(self, obj: Any) -> bytes:
        raise NotImplementedError  # only ever read with

    def loads(self, data: bytes) -> bytes:
        return data


# Session data whose signature was checked, by (salt, stored value): far more than the
# sessions one app server sees between restarts; all go when there would be more.
CHECKED_KEPT = 5000
_CHECKED: dict[tuple[str, str], bytes] = {}


@receiver(setting_changed)
def _secret_changed(*, setting: str, **_: object) -> None:
    if setting.startswith("SECRET_KEY") or setting.startswith("SESSION_"):
        _CHECKED.clear()
