"""The signed-in account as AccountMiddleware reads it: what Django's get_user gives, in one
plain query, and Django's own answer wherever the two could differ."""

from __future__ import annotations

import pytest
from django.contrib.auth import HASH_SESSION_KEY, get_user
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.clubs.accounts import account, signed_in

pytestmark = pytest.mark.django_db


def _session_request(client: Client) -> object:
    request = RequestFactory().get("/")
    request.session = client.session  # type: ignore[attr-defined]
    return request


def test_the_account_read_is_the_one_django_reads_field_for_field() -> None:
    user = User.objects.create_user("ann", password="a long pass phrase", first_name="Ann")
    user.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        read = account(user.pk)
    assert len(queries) == 1
    assert read is not None
    for field in User._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(user, field.attname), field.name
    assert read.date_joined.tzinfo is not None  # a datetime, as the ORM gives it
    assert account(user.pk + 1000) is None


def test_a_signed_in_session_gives_its_account_as_djangos_get_user_does() -> None:
    user = User.objects.create_user("bob", password="a long pass phrase")
    client = Client()
    client.force_login(user)
    request = _session_request(client)
    assert signed_in(request) == get_user(request) == user  # type: ignore[arg-type]


def test_a_page_reads_the_account_once_through_the_middleware() -> None:
    user = User.objects.create_user("cy", password="a long pass phrase")
    client = Client()
    client.force_login(user)
    response = client.get(reverse("games:clubs"))
    assert response.status_code == 200
    assert response.wsgi_request.user == user


def test_a_changed_password_signs_the_other_sessions_out() -> None:
    user = User.objects.create_user("di", password="a long pass phrase")
    client = Client()
    client.force_login(user)
    user.set_password("another long pass phrase")
    user.save()
    request = _session_request(client)
    assert not signed_in(request).is_authenticated  # type: ignore[arg-type]


def test_an_inactive_account_is_signed_out() -> None:
    user = User.objects.create_user("ed", password="a long pass phrase")
    client = Client()
    client.force_login(user)
    User.objects.filter(pk=user.pk).update(is_active=False)
    assert not signed_in(_session_request(client)).is_authenticated  # type: ignore[arg-type]


def test_a_session_of_a_rotated_secret_is_kept_as_django_keeps_it() -> None:
    user = User.objects.create_user("flo", password="a long pass phrase")
    client = Client()
    with override_settings(SECRET_KEY="the old secret key, long enough to sign with"):
        client.force_login(user)
    with override_settings(
        SECRET_KEY="the new secret key, long enough to sign with",
        SECRET_KEY_FALLBACKS=["the old secret key, long enough to sign with"],
    ):
        request = _session_request(client)
        assert signed_in(request) == user  # type: ignore[arg-type]
        # Django's own path: the session's hash renewed with the new secret.
        assert request.session[HASH_SESSION_KEY] == user.get_session_auth_hash()  # type: ignore[attr-defined]
