"""The messages' middleware (games.middleware.LazyMessageMiddleware): a request's message
storage is made only where a message is added or shown, and what it then stores and clears is
what Django's own middleware stores and clears: a notice left for the next page waits through
the table's poll in between."""

from __future__ import annotations

from collections.abc import Callable
from unittest import mock

import pytest
from django.contrib import messages
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.contrib.sessions.middleware import SessionMiddleware
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory

from games import middleware
from games.middleware import LazyMessageMiddleware
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import EIGHT_CARDS, card_post_data, rest
from tests.pages import HTMX, html, table_url

pytestmark = pytest.mark.django_db


def answered(
    chain: type[MessageMiddleware], view: Callable[[HttpRequest], HttpResponse], cookie: str = ""
) -> HttpResponse:
    """``view`` answered through the session's and ``chain``'s middleware, the request bringing
    the messages' ``cookie`` if given."""
    request = RequestFactory().get("/")
    if cookie:
        request.COOKIES["messages"] = cookie
    return SessionMiddleware(chain(view))(request)  # type: ignore[arg-type,return-value]


def quiet(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def adds(request: HttpRequest) -> HttpResponse:
    messages.success(request, "Hand 3 recorded.")
    return HttpResponse("ok")


def shows(request: HttpRequest) -> HttpResponse:
    return HttpResponse(" ".join(str(message) for message in messages.get_messages(request)))


def test_a_request_that_never_asks_makes_no_storage_and_sets_no_cookie() -> None:
    with mock.patch.object(middleware, "default_storage", wraps=default_storage) as made:
        response = answered(LazyMessageMiddleware, quiet)

    assert made.call_count == 0
    assert "messages" not in response.cookies


@pytest.mark.parametrize("view", [quiet, adds, shows])
def test_what_is_stored_and_cleared_is_what_djangos_middleware_does(
    view: Callable[[HttpRequest], HttpResponse],
) -> None:
    waiting = answered(MessageMiddleware, adds)
    cookie = waiting.cookies["messages"].value

    lazy = answered(LazyMessageMiddleware, view, cookie)
    eager = answered(MessageMiddleware, view, cookie)

    assert lazy.content == eager.content
    lazy_cookie = lazy.cookies.get("messages")
    eager_cookie = eager.cookies.get("messages")
    assert (lazy_cookie is None) == (eager_cookie is None)
    if lazy_cookie is not None and eager_cookie is not None:
        # The same messages (a signed value differs by its timestamp alone), or both cleared.
        assert (lazy_cookie.value == "") == (eager_cookie.value == "")
        assert lazy_cookie["max-age"] == eager_cookie["max-age"]
    if view is shows:
        assert lazy.content == b"Hand 3 recorded."


def test_a_hand_recorded_without_htmx_is_still_announced_after_a_poll_in_between(
    client: Client,
) -> None:
    # The page's poll asks for no message (it makes no storage): it leaves the notice waiting.
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={}
    )
    # Ann takes the eight cards, Bob the rest, posted as the page's form posts them.
    hand = card_post_data(["Ann", "Bob"], {"Ann": EIGHT_CARDS, "Bob": rest(EIGHT_CARDS)})
    response = client.post(table_url(table), hand)
    assert response.status_code == 302
    table.refresh_from_db()

    poll = client.get(
        table_url(table), {"part": "live"}, HTTP_IF_NONE_MATCH=f'"t{table.version}"', **HTMX
    )

    assert poll.status_code == 304
    assert "messages" not in poll.cookies
    assert "Hand 1 recorded." in html(client.get(response["Location"]))
