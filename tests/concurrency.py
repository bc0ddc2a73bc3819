"""Running things at the same moment, for real: threads released together by a barrier, each
with its own database connection, and every answer or exception kept for the test to judge.

    outcomes = at_once([partial(services.round_record, table, entry, ...)] * 20)
    assert errors(outcomes) == []

Threads need committed data: use pytest-django's ``transactional_db`` (or
``django_db(transaction=True)``), never the default ``db``, whose data the threads' own
connections cannot see.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db import connection
from django.http import HttpResponse
from django.test import Client

from tests.pages import InputParser

# How long the threads may wait for each other at the barrier, and how long all of them may
# take; SQLite's busy timeout is 20 s, so a thread still running after this is stuck.
BARRIER_TIMEOUT = 30.0
JOIN_TIMEOUT = 120.0


@dataclass
class Outcome:
    """What one call did: returned ``value``, or raised ``error``."""

    index: int
    value: Any = None
    error: BaseException | None = None
    finished: bool = False

    @property
    def ok(self) -> bool:
        return self.finished and self.error is None

    def describe(self) -> str:
        if not self.finished:
            return f"call {self.index}: did not finish within {JOIN_TIMEOUT:.0f} s"
        if self.error is None:
            return f"call {self.index}: returned {self.value!r}"
        lines = traceback.format_exception(self.error)
        return f"call {self.index}: raised {self.error!r}\n{''.join(lines)}"


def at_once(calls: Sequence[Callable[[], Any]]) -> list[Outcome]:
    """Run each call in a thread of its own, all released together, and return one
    ``Outcome`` per call, in the calls' order. Each thread uses (Django's connections are per
    thread) and then closes its own database connection. Nothing is swallowed: an exception,
    a broken barrier or a thread that never finishes is an outcome with an ``error`` (or not
    ``finished``), which ``errors`` reports."""
    barrier = threading.Barrier(len(calls))
    outcomes = [Outcome(index) for index in range(len(calls))]

    def run(outcome: Outcome, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=BARRIER_TIMEOUT)
            outcome.value = call()
        except BaseException as error:  # kept on the outcome, reported by errors()
            outcome.error = error
        finally:
            try:
                connection.close()
            except BaseException as error:  # a failing close is reported too
                outcome.error = outcome.error or error
            outcome.finished = True

    threads = [
        threading.Thread(target=run, args=(outcome, call), name=f"at-once-{outcome.index}")
        for outcome, call in zip(outcomes, calls, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=JOIN_TIMEOUT)
    return outcomes


def at_once_answers(calls: Sequence[Callable[[], Any]]) -> list[tuple[str, Any]]:
    """``at_once``, each outcome as ``(kind, value)``: ("ok", what the call returned), or the
    exception's class name and the exception, or ("unfinished", None): easy to count."""
    answers: list[tuple[str, Any]] = []
    for outcome in at_once(calls):
        if not outcome.finished:
            answers.append(("unfinished", None))
        elif outcome.error is not None:
            answers.append((type(outcome.error).__name__, outcome.error))
        else:
            answers.append(("ok", outcome.value))
    return answers


def errors(outcomes: Sequence[Outcome]) -> list[str]:
    """Every call that raised or did not finish, each with its traceback, for an assertion
    message: ``assert errors(outcomes) == []``."""
    return [outcome.describe() for outcome in outcomes if not outcome.ok]


# -- posting from a page, as a phone does ----------------------------------------------------


class HiddenInputParser(InputParser):
    """``InputParser`` that also keeps, per form action, the hidden inputs of each form."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden: dict[str, dict[str, str]] = {}
        self._action: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "form":
            self._action = attr.get("action") or ""
            self.hidden.setdefault(self._action, {})
        elif tag == "input" and attr.get("type") == "hidden" and self._action is not None:
            self.hidden[self._action].setdefault(attr.get("name") or "", attr.get("value") or "")
        super().handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._action = None


@dataclass(frozen=True)
class PagePost:
    """A form post a phone holds, ready to send: ``post()`` sends it."""

    client: Client
    url: str
    form: dict[str, str]

    def __call__(self) -> HttpResponse:
        return self.client.post(self.url, self.form)

    def from_phone(self, client: Client) -> PagePost:
        """The same form, sent from another phone (a test client is not for two threads)."""
        return replace(self, client=client)


def page_post(client: Client, url: str, data: dict[str, str]) -> PagePost:
    """GET ``url`` now and return the post of ``data`` to it with every hidden input of the
    page's form(s) posting to ``url`` (``table_version``, ``hand_token``, ...; not the CSRF
    token, which the test client does not check), as a phone holding that page would send it.
    The page is read when this is called: call it before ``at_once`` to have many phones post
    from the page as it was then. ``data`` wins over a hidden input of the same name."""
    page = client.get(url)
    assert page.status_code == 200, f"GET {url} answered {page.status_code}"
    parser = HiddenInputParser()
    parser.feed(page.content.decode())
    hidden = parser.hidden.get(url, {})
    form = {name: value for name, value in hidden.items() if name != "csrfmiddlewaretoken"}
    return PagePost(client, url, {**form, **data})
