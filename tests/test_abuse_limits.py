"""Abuse limits: the sign-in throttle (django-axes), answering 429 with a page saying why."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory
from django.urls import reverse

from scorekeeper.client_ip import client_ip
from tests.pages import html

pytestmark = pytest.mark.django_db


def visitor(address: str = "127.0.0.1") -> Client:
    """A first-time visitor with no account, from that address."""
    return Client(REMOTE_ADDR=address)


# -- signing in ---------------------------------------------------------------------------------


def sign_in(client: Client, username: str, password: str) -> Any:
    return client.post(reverse("login"), {"username": username, "password": password})


def account(username: str, password: str = "right horse battery") -> Any:
    return get_user_model().objects.create_user(username=username, password=password)


def test_five_wrong_passwords_pause_that_name_from_that_address() -> None:
    account("ann")
    account("bob")
    client = visitor()
    for _ in range(4):
        assert sign_in(client, "ann", "wrong").status_code == 200
    # The fifth failure pauses the name: the answer says so.
    fifth = sign_in(client, "ann", "wrong")
    assert fifth.status_code == 429
    assert "Sign-in paused" in html(fifth) and "15 minutes" in html(fifth)

    # The sixth try is refused even with the right password, and signs nobody in.
    sixth = sign_in(client, "ann", "right horse battery")
    assert sixth.status_code == 429
    page = html(sixth)
    assert "<html" in page and "Sign-in paused" in page
    assert "wrong 5 times in a row" in page
    assert "_auth_user_id" not in client.session

    # Another name from the same address, and the same name from another address, sign in.
    assert sign_in(client, "bob", "right horse battery").status_code == 302
    assert sign_in(visitor("203.0.113.7"), "ann", "right horse battery").status_code == 302


def test_the_pause_ends_after_the_cool_off_time() -> None:
    account("ann")
    client = visitor()
    for _ in range(5):
        sign_in(client, "ann", "wrong")
    assert sign_in(client, "ann", "right horse battery").status_code == 429

    long_ago = datetime.timedelta(minutes=16)
    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(
            attempt_time=attempt.attempt_time - long_ago
        )
    assert sign_in(client, "ann", "right horse battery").status_code == 302


def test_a_right_password_resets_the_count() -> None:
    account("ann")
    client = visitor()
    for _ in range(4):
        sign_in(client, "ann", "wrong")
    assert sign_in(client, "ann", "right horse battery").status_code == 302
    client.logout()
    for _ in range(4):
        assert sign_in(client, "ann", "wrong").status_code == 200
    assert sign_in(client, "ann", "right horse battery").status_code == 302


def test_a_pause_is_per_address_behind_the_proxy(settings: Any) -> None:
    """Behind the trusted proxy the address is the one it appended to X-Forwarded-For; what
    the client put there itself does not count."""
    settings.TRUST_X_FORWARDED_FOR = True
    account("ann")
    client = visitor("10.0.0.2")
    for spoofed in range(5):
        client.post(
            reverse("login"),
            {"username": "ann", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"198.51.100.{spoofed}, 203.0.113.9",
        )
    other = {"HTTP_X_FORWARDED_FOR": "203.0.113.10"}
    same = {"HTTP_X_FORWARDED_FOR": "198.51.100.77, 203.0.113.9"}
    right = {"username": "ann", "password": "right horse battery"}
    assert client.post(reverse("login"), right, **same).status_code == 429  # type: ignore[arg-type]
    assert visitor("10.0.0.2").post(reverse("login"), right, **other).status_code == 302  # type: ignore[arg-type]


# -- the client's address -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trusted", "forwarded", "count", "expected"),
    [
        (False, "203.0.113.5", 1, "10.0.0.2"),
        (True, "203.0.113.5", 1, "203.0.113.5"),
        (True, "198.51.100.1, 203.0.113.5", 1, "203.0.113.5"),
        (True, "198.51.100.1, 203.0.113.5, 10.0.0.3", 2, "203.0.113.5"),
        (True, "", 1, "10.0.0.2"),
        (True, "not an address", 1, "10.0.0.2"),
        (True, "2001:db8::1", 1, "2001:db8::1"),
    ],
)
def test_the_client_address(
    settings: Any, trusted: bool, forwarded: str, count: int, expected: str
) -> None:
    settings.TRUST_X_FORWARDED_FOR = trusted
    settings.CLIENT_IP_PROXY_COUNT = count
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == expected
