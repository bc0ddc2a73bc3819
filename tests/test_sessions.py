"""The session engine (scorekeeper/sessions.py): Django's database sessions read with one plain
query, which finds exactly the sessions Django's own read finds: the key, and not expired."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

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
