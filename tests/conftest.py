"""Shared fixtures.

Browser tests use our own Playwright fixtures (not pytest-playwright) so that they drive
Debian's chromium: never run `playwright install` here.
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

# Playwright's sync API keeps an asyncio event loop in the test thread; without this
# Django refuses ORM calls from it (SynchronousOnlyOperation).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS_DIR = Path(__file__).resolve().parent / "artifacts"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def _browser_required() -> bool:
    value = os.environ.get("SCOREKEEPER_REQUIRE_BROWSER", "").strip()
    return value not in ("", "0")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        if _browser_required():
            pytest.fail(
                f"Chromium is required (SCOREKEEPER_REQUIRE_BROWSER is set) but {CHROMIUM} "
                "does not exist: apt-get install chromium",
                pytrace=False,
            )
        pytest.skip(
            f"Browser tests need Debian's chromium at {CHROMIUM} "
            "(apt-get install chromium); skipped."
        )

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(autouse=True)
def _language_reset() -> Iterator[None]:
    """Each test starts in the default language: a request in another one (a phone's
    Accept-Language) leaves it active in the thread, as it does in a server's worker until
    its next request, and a later test's words would be in it."""
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _browser_contexts_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every browser context a browser test opened, before its database is emptied.

    A table page left open polls the live server every few seconds; from a context nobody
    closed, it went on polling through the tests after it, whose database no longer had its
    table, and the live server's threads logged 404s and "Logging error" tracebacks into the
    CI log, where a real error could hide. The live server (and so the test's database) is
    asked for first, so this closes before the database is emptied."""
    if "browser" not in request.fixturenames:
        yield
        return
    if "live_server" in request.fixturenames:
        request.getfixturevalue("live_server")
    browser: Browser = request.getfixturevalue("browser")
    yield
    for context in list(browser.contexts):
        context.close()


PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}
# The narrowest phones we support.
SMALL_PHONE = {**PHONE, "viewport": {"width": 360, "height": 740}}


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A phone signed in as the owner of the tests' club, which holds the tables the tests
    make through the services."""
    context = browser.new_context(**PHONE)
    if "live_server" in request.fixturenames:
        sign_in(context, request.getfixturevalue("live_server").url)
    page = context.new_page()
    # Whatever the Content-Security-Policy refused: Chromium reports it as a console error
    # ("Refused to execute inline script because it violates ..."), and htmx, which may not
    # eval under it (allowEval false), as "htmx:evalDisallowedError" (an hx-trigger filter).
    refused: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and (
            "Content Security Policy" in message.text or "evalDisallowed" in message.text
        ):
            refused.append(message.text)

    page.on("console", on_console)
    try:
        yield page
    finally:
        context.close()
    assert refused == [], "the Content-Security-Policy refused:\n" + "\n".join(refused[:3])


def sign_in(context: BrowserContext, server_url: str, user: Any = None) -> None:
    """Give a browser the session cookie of ``user`` (the tests' club owner by default)."""
    from django.conf import settings

    from tests.clubs import home_owner

    session = Client()
    session.force_login(user or home_owner())
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": session.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": server_url,
            }
        ]
    )


@pytest.fixture
def client(request: pytest.FixtureRequest) -> Client:
    """Signed in as the owner of the tests' club; posts carry the table's current version and a
    fresh hand token, as a page just loaded would (tests/pages.py); tests of out-of-date pages
    send their own."""
    from tests.pages import FreshPageClient

    client = FreshPageClient()
    if request.node.get_closest_marker("django_db") is not None:
        # Signed in now, so the first request a test measures is only its own.
        client.sign_in()
    return client


@pytest.fixture
def artifacts_dir() -> Path:
    """Directory (gitignored) for screenshots and other test output."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS_DIR
