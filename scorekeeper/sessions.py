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

A signed-in session's account comes with it, in the same query (``account_row``): the session's
row joined to the account's, by the account this process last found in that session
(``_ACCOUNT_OF``). A session key never changes accounts (a sign-in gives the session a new key,
or flushes it), so the guess holds; where it would not, the account read is only a guess checked
against the session's own data (games.clubs.accounts), which reads the account by itself then.
Two queries on every signed-in page were one (issue 31).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.backends import db
from django.core import signing
from django.core.signals import setting_changed
from django.db import connections, router
from django.dispatch import receiver
from django.utils import timezone


class _StoredSession(NamedTuple):
    session_data: str


class SessionStore(db.SessionStore):
    # The account found in the session when it was read, as (its pk, its row's values in the
    # order of its model's concrete fields, or None where no such account is): only where the
    # session's account was known before the read (``_ACCOUNT_OF``).
    account_row: tuple[int, tuple[Any, ...] | None] | None = None

    def _get_session_from_db(self) -> _StoredSession | None:
        key = self.session_key
        if key is not None:
            alias = router.db_for_read(self.model)
            connection = connections[alias]
            now = connection.ops.adapt_datetimefield_value(timezone.now())
            table = self.model._meta.db_table
            account = _ACCOUNT_OF.get(key)
            parameters: list[Any]
            if account is not None and _accounts_read_from(alias):
                sql, parameters = _with_account_sql(alias, table), [account, key, now]
            else:
                account = None
                sql, parameters = _session_sql(alias, table), [key, now]
            with connection.cursor() as cursor:
                cursor.execute(sql, parameters)
                row = cursor.fetchone()
            if row is not None:
                if account is not None:
                    self.account_row = (account, tuple(row[1:]) if row[1] is not None else None)
                return _StoredSession(row[0])
        self._session_key = None
        return None

    def load(self) -> dict[str, Any]:
        data = super().load()
        account = data.get(SESSION_KEY)
        key = self.session_key
        if key is not None and isinstance(account, str) and account.isdigit():
            if len(_ACCOUNT_OF) >= CHECKED_KEPT:
                _ACCOUNT_OF.clear()
            _ACCOUNT_OF[key] = int(account)
        return data

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


@functools.cache
def _accounts_read_from(alias: str) -> bool:
    """Whether the accounts are read from the database the sessions are (then they can be
    joined), as the routers say (they take no hints here, so the answer holds)."""
    return router.db_for_read(get_user_model()) == alias


@functools.cache
def _session_sql(alias: str, table: str) -> str:
    """The session's data, by its key and not expired (made once per database, as the other)."""
    quote = connections[alias].ops.quote_name
    return (
        f"SELECT {quote('session_data')} FROM {quote(table)} "
        f"WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s"
    )


@functools.cache
def _with_account_sql(alias: str, table: str) -> str:
    """The session's data and, joined to it, every column of one account (NULLs where there is
    none): made once per database, as building it took as long as running it on SQLite."""
    quote = connections[alias].ops.quote_name
    model = get_user_model()
    columns = ", ".join(f"a.{quote(str(field.column))}" for field in model._meta.concrete_fields)
    return (
        f"SELECT s.{quote('session_data')}, {columns} FROM {quote(table)} s "
        f"LEFT JOIN {quote(model._meta.db_table)} a ON a.{quote(str(model._meta.pk.column))} = %s "
        f"WHERE s.{quote('session_key')} = %s AND s.{quote('expire_date')} > %s"
    )


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
# The account each session key was last read with (its pk), as many keys as checked values.
_ACCOUNT_OF: dict[str, int] = {}


@receiver(setting_changed)
def _secret_changed(*, setting: str, **_: object) -> None:
    if setting.startswith("SECRET_KEY") or setting.startswith("SESSION_"):
        _CHECKED.clear()
