"""What the log says about a request: a refused one is one line, a server error keeps its
traceback, and a live server's request is logged within the test that made it."""

from __future__ import annotations

import contextlib
import io
import logging
import socket
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from games.models import Role
from games.tables import services as table_services
from tests.clubs import home_club, member
from tests.conftest import ConnectionsInFlight


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    """What the configured console handler (settings.LOGGING) writes, while the test runs."""
    (console,) = [h for h in logging.getLogger("django").handlers if h.name == "console"]
    assert isinstance(console, logging.StreamHandler)
    written = io.StringIO()
    # Swapped without setStream, which flushes the stream it replaces: that may be a capture
    # file pytest has closed since the handler was configured.
    with console.lock or _no_lock():
        earlier, console.stream = console.stream, written
    try:
        yield written
    finally:
        with console.lock or _no_lock():
            console.stream = earlier


def _no_lock() -> contextlib.AbstractContextManager[None]:
    return contextlib.nullcontext()


@pytest.mark.django_db
def test_a_request_refused_for_its_role_is_one_line_without_a_traceback(
    log: io.StringIO,
) -> None:
    club = home_club()
    table = table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
    viewer = Client()
    viewer.force_login(member(club, Role.VIEWER, "viewer"))
    delete = reverse("games:table_delete", kwargs={"table": table.public_id})
    log.seek(0)
    log.truncate()

    response = viewer.post(delete, {"table_version": str(table.version)})

    assert response.status_code == 403
    lines = log.getvalue().splitlines()
    assert len(lines) == 1, log.getvalue()
    assert lines[0].endswith(f" WARNING django.request: Forbidden (Permission denied): {delete}")


def test_a_server_error_keeps_its_traceback(log: io.StringIO) -> None:
    try:
        raise RuntimeError("broken")
    except RuntimeError:
        logging.getLogger("django.request").error(
            "Internal Server Error: /", exc_info=True, extra={"status_code": 500}
        )

    assert "Traceback (most recent call last)" in log.getvalue()
    assert "RuntimeError: broken" in log.getvalue()


# What it checks (the live server's threads and the log) is the same on either database: CI
# runs it once, in the SQLite pass, where emptying the database after it is quicker.
@pytest.mark.sqlite_pass
def test_a_request_the_live_server_took_is_answered_and_logged_before_the_test_ends(
    live_server: LiveServer, log: io.StringIO
) -> None:
    """A browser test ends only once the live server has answered every connection it took
    (tests/conftest.py, ``_browser_contexts_closed``). A poll sent just before a page closed was
    answered after its test: its 404 was logged in the next test, or after pytest had closed
    the stream the log writes to, which printed "--- Logging error ---" tracebacks into CI's
    log. Here the request's headers are still arriving when the test ends."""
    in_flight = ConnectionsInFlight.of(live_server)  # as the fixture does before a test
    address = urlsplit(live_server.url)
    with socket.create_connection((address.hostname, address.port), timeout=10) as late:
        late.sendall(f"GET /no-such-page/ HTTP/1.1\r\nHost: {address.netloc}\r\n".encode())
        rest = threading.Timer(0.3, late.sendall, [b"Connection: close\r\n\r\n"])
        rest.start()
        # What the fixture does after a test: the late request is answered before it returns.
        assert in_flight.wait_until_answered(timeout=10)
        rest.join()
    assert "WARNING django.request: Not Found: /no-such-page/" in log.getvalue()
