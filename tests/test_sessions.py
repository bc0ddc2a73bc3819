"""The session engine (scorekeeper/sessions.py): Django's database sessions read with one plain
query, which finds exactly the sessions Django's own read finds: the key, and not expired; and
a signed-in session's account read in that same query once the process knows it, the very
account the ORM reads, and only ever taken where the session's own data names it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.clubs import accounts
from scorekeeper import sessions
from scorekeeper.sessions import SessionStore
from tests.clubs import home_owner

pytestmark = pytest.mark.django_db


def stored(data: dict[str, object]) -> str:
    session = SessionStore()
    session.update(data)
    session.create()
    assert session.session_key is not None
    return session.session_key


def test_a_session_reads_back_what_was_stored_in_one_query() -> None:
    key = stored({"seen_on": "2026-11-27", "n": 3})

    with CaptureQueriesContext(connection) as queries:
        data = dict(SessionStore(key).items())

    assert data == {"seen_on": "2026-11-27", "n": 3}
    assert data == dict(DjangoStore(key).items())
    assert len(queries) == 1


@pytest.mark.parametrize("what", ["expired", "unknown", "none"])
def test_an_expired_or_unknown_session_reads_empty_and_gets_a_new_key(what: str) -> None:
    key = stored({"seen_on": "2026-11-27"})
    if what == "expired":
        Session.objects.filter(session_key=key).update(
            expire_date=timezone.now() - timedelta(seconds=1)
        )
    asked = {"expired": key, "unknown": "x" * 32, "none": None}[what]

    session = SessionStore(asked)

    assert dict(session.items()) == {}
    assert dict(DjangoStore(asked).items()) == {}
    assert session.session_key is None


def test_a_signed_in_phone_stays_signed_in_until_its_session_ends(client: Client) -> None:
    home_owner()
    assert client.get(reverse("games:home")).context["user"].is_authenticated

    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))

    assert not client.get(reverse("games:home")).context["user"].is_authenticated


# -- the account read with the session (issue 31) ----------------------------------------------

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def signed_in_client(username: str = "ann") -> tuple[Client, Any]:
    user = get_user_model().objects.create_user(username, password="a long enough password")
    user.last_login = timezone.now() - timedelta(days=3)
    user.first_name = "Ann"
    user.save()
    client = Client()
    client.force_login(user, backend=MODEL_BACKEND)
    return client, user


def account_reads(queries: CaptureQueriesContext) -> list[str]:
    """The queries that read an account without the session."""
    table = get_user_model()._meta.db_table
    return [
        query["sql"]
        for query in queries.captured_queries
        if table in query["sql"] and "django_session" not in query["sql"]
    ]


def test_a_signed_in_phone_reads_its_session_and_account_in_one_query_once_known() -> None:
    client, user = signed_in_client()
    first = client.get(reverse("games:home"))
    assert first.context["user"] == user

    with CaptureQueriesContext(connection) as queries:
        again = client.get(reverse("games:home"))

    assert again.context["user"] == user
    assert account_reads(queries) == []
    assert sum("django_session" in query["sql"] for query in queries.captured_queries) == 1


def test_the_account_read_with_the_session_is_the_one_the_orm_reads() -> None:
    client, user = signed_in_client()
    key = client.session.session_key
    SessionStore(key).load()  # the session's account is known from here on

    store = SessionStore(key)
    data = store.load()
    brought = accounts._read_with_session(store, int(data["_auth_user_id"]))

    stored = get_user_model().objects.get(pk=user.pk)
    assert brought is not None
    assert [getattr(brought, f.attname) for f in stored._meta.concrete_fields] == [
        getattr(stored, f.attname) for f in stored._meta.concrete_fields
    ]
    assert brought._state.db == stored._state.db
    assert not brought._state.adding


def test_a_wrong_guess_of_the_sessions_account_still_finds_the_right_one() -> None:
    client, user = signed_in_client()
    other = get_user_model().objects.create_user("bob", password="another long password")
    client.get(reverse("games:home"))
    sessions._ACCOUNT_OF[client.session.session_key] = other.pk

    with CaptureQueriesContext(connection) as queries:
        answer = client.get(reverse("games:home"))

    assert answer.context["user"] == user
    assert len(account_reads(queries)) == 1  # read by itself, as before


@pytest.mark.parametrize("change", ["deleted", "inactive", "new password"])
def test_an_account_changed_since_the_last_read_signs_the_phone_out(change: str) -> None:
    client, user = signed_in_client()
    assert client.get(reverse("games:home")).context["user"] == user
    if change == "deleted":
        user.delete()
    elif change == "inactive":
        get_user_model().objects.filter(pk=user.pk).update(is_active=False)
    else:
        user.set_password("a new password, just as long")
        user.save()

    assert not client.get(reverse("games:home")).context["user"].is_authenticated
