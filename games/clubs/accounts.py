"""Who is signed in: Django's AuthenticationMiddleware, with the account read in one plain query,
or in none where the session's read brought it (scorekeeper/sessions.py, ``account_row``).

Every page that names the account reads it. ModelBackend reads it through the ORM, whose
building of the query took 0.16 ms of the read's 0.19 ms (issue 31); here the same query is
built once per process and the row made into the account directly. The answer is Django's own
(``django.contrib.auth.get_user``, which then reads and decides as before) whenever it could
differ: a session signed in through another backend, an account gone or inactive, or a
session's hash that the current secret does not give (Django then tries the fallback secrets,
or flushes the session)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.contrib.auth.middleware import AuthenticationMiddleware
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db import router
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare
from django.utils.functional import SimpleLazyObject

from games.compiled_queries import Compiled, compiled

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


class AccountMiddleware(AuthenticationMiddleware):
    """``request.user`` as Django's middleware sets it, read by ``signed_in``."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _cached(request))  # type: ignore[assignment]


def _cached(request: HttpRequest) -> User | AnonymousUser:
    # The attribute Django's own middleware keeps it in (django.contrib.auth.middleware).
    if not hasattr(request, "_cached_user"):
        request._cached_user = signed_in(request)  # type: ignore[attr-defined]
    return request._cached_user  # type: ignore[attr-defined,no-any-return]


def signed_in(request: HttpRequest) -> User | AnonymousUser:
    """The account the session was signed in to, as ``django.contrib.auth.get_user`` finds it."""
    session = request.session
    if auth.SESSION_KEY not in session or auth.BACKEND_SESSION_KEY not in session:
        return AnonymousUser()
    backend = session[auth.BACKEND_SESSION_KEY]
    if backend == MODEL_BACKEND and backend in settings.AUTHENTICATION_BACKENDS:
        try:
            pk = User._meta.pk.to_python(session[auth.SESSION_KEY])
        except ValidationError:
            pk = None
        user = _read_with_session(session, pk) if pk is not None else None
        session_hash = session.get(auth.HASH_SESSION_KEY)
        if (
            user is not None
            and user.is_active
            and session_hash
            and constant_time_compare(session_hash, user.get_session_auth_hash())
        ):
            return user
    return auth.get_user(request)


def _read_with_session(session: object, pk: int) -> User | None:
    """The account with this pk: as the session's read brought it (``account_row``, see
    scorekeeper/sessions.py) where it brought this one, else read (``account``)."""
    brought = getattr(session, "account_row", None)
    if brought is None or brought[0] != pk:
        return account(pk)
    return _account_of(brought[1])


def account(pk: int) -> User | None:
    """The account with this pk, as ModelBackend reads it (every field), or None."""
    return _account_of(_account_query(router.db_for_read(User)).row({_NO_ACCOUNT: pk}))


def _account_of(row: Sequence[Any] | None) -> User | None:
    """The account from its row's values (every field, in ``_FIELDS``' order), as the ORM makes
    it; None for no row."""
    if row is None:
        return None
    query = _account_query(router.db_for_read(User))
    return User.from_db(query.alias, _FIELDS, query.as_python(row))


_FIELDS = [field.attname for field in User._meta.concrete_fields]
# The pk the query is compiled with, put back as the account's own when it runs.
_NO_ACCOUNT = 0


@cache
def _account_query(alias: str) -> Compiled:
    """The ORM's own query for the account, with the converters of its columns."""
    query = User._default_manager.filter(pk=_NO_ACCOUNT).order_by().values_list(*_FIELDS)
    return compiled(query, alias, [_NO_ACCOUNT])
