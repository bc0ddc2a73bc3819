"""The app servers' WSGI handler (scorekeeper/wsgi_handler.py): once an answer is closed, what
hangs off its request (the session, the lazy account, the messages, htmx's details) is freed at
once by reference counting, where Django's handler leaves it tied in reference cycles for the
garbage collector. (The request itself may stay in a template context's own cycle, Django's
make_context, until the collector comes; it is empty by then.)"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.http import HttpRequest, HttpResponseBase
from django.test import RequestFactory
from django.urls import reverse

from scorekeeper.wsgi_handler import ReleasingWSGIHandler

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_collector(requests_keep_the_connection: None) -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# What the middleware hang on a request, each in a cycle through it with Django's handler.
HANGING = ("session", "user", "_messages", "htmx")


def served(handler_class: type[WSGIHandler], path: str) -> tuple[int, list[weakref.ref[Any]]]:
    """A GET of ``path`` through the handler, its answer read and closed as gunicorn does; the
    status and weak references to what hung on the request."""
    hanging: list[weakref.ref[Any]] = []

    class Watched(handler_class):  # type: ignore[valid-type,misc]
        def get_response(self, request: HttpRequest) -> HttpResponseBase:
            response: HttpResponseBase = super().get_response(request)
            hanging.extend(weakref.ref(getattr(request, name)) for name in HANGING)
            return response

    statuses: list[str] = []

    def start_response(status: str, headers: list[tuple[str, str]], *_: Any) -> None:
        statuses.append(status)

    environ = RequestFactory().get(path).environ
    answer = Watched()(environ, start_response)
    b"".join(answer)
    answer.close()
    del answer
    return int(statuses[0].split()[0]), hanging


def test_what_hangs_on_a_request_is_freed_as_soon_as_its_answer_is_closed() -> None:
    status, hanging = served(ReleasingWSGIHandler, reverse("games:home"))

    assert status == 200
    assert [ref() for ref in hanging] == [None] * len(HANGING)


def test_djangos_own_handler_leaves_it_to_the_collector() -> None:
    # What the handler is for: without it all of it outlives the answer, in cycles.
    status, hanging = served(WSGIHandler, reverse("games:home"))

    assert status == 200
    assert all(ref() is not None for ref in hanging)
    gc.collect()
    assert [ref() for ref in hanging] == [None] * len(HANGING)


def test_the_app_servers_use_it() -> None:
    # In a process of its own: importing the entry point settles the collector for a worker
    # (scorekeeper/worker_gc.py), which would hold for every later test here.
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import scorekeeper.wsgi as entry; print(type(entry.application).__name__)",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "DEBUG": "1"},
        cwd=settings.BASE_DIR,
    )
    assert shown.stdout.strip() == ReleasingWSGIHandler.__name__
