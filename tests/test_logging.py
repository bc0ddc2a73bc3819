"""What the log says about a request: a refused one is one line, a server error keeps its
traceback."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Role
from games.tables import services as table_services
from tests.clubs import home_club, member


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
