"""A session's stored data is checked as Django checks it (its signature, by the secret key),
once per process for each stored value (scorekeeper/sessions.py): read again, it is the same
session, a dict of its own; data that fails the check is an empty session, as Django's; and a
new secret key checks again."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.core import signing
from django.test import override_settings

from scorekeeper import sessions
from scorekeeper.sessions import SessionStore

pytestmark = pytest.mark.django_db


def stored(data: dict[str, object]) -> str:
    session = SessionStore()
    session.update(data)
    session.save()
    return str(session.encode(data))


def test_a_stored_value_is_checked_once_and_read_into_a_dict_of_its_own() -> None:
    value = stored({"guest": True, "links": ["a"]})
    sessions._CHECKED.clear()
    with mock.patch.object(signing, "loads", wraps=signing.loads) as checked:
        first = SessionStore().decode(value)
        second = SessionStore().decode(value)

    assert checked.call_count == 1
    assert first == second == DjangoStore().decode(value) == {"guest": True, "links": ["a"]}
    first["links"].append("b")  # a session changed in place changes no other
    assert SessionStore().decode(value) == {"guest": True, "links": ["a"]}


def test_data_that_fails_the_check_is_an_empty_session_as_djangos() -> None:
    value = stored({"guest": True})
    forged = value[:-3] + ("abc" if not value.endswith("abc") else "xyz")

    assert SessionStore().decode(forged) == DjangoStore().decode(forged) == {}
    assert SessionStore().decode("not signed at all") == {}


def test_a_new_secret_key_checks_the_stored_data_again() -> None:
    value = stored({"guest": True})
    assert SessionStore().decode(value) == {"guest": True}

    with override_settings(SECRET_KEY="another secret key, of fifty characters or more, yes"):
        assert SessionStore().decode(value) == {}
