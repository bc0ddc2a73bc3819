"""Shared fixtures.

Browser tests use our own Playwright fixtures (not pytest-playwright) so that they drive
Debian's chromium: never run `playwright install` here.
"""

from __future__ import annotations

import http.client
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, override_settings
from django.utils import translation
from hypothesis import settings
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

# Playwright's sync API keeps an asyncio event loop in the test thread; without this
# Django refuses ORM calls from it (SynchronousOnlyOperation).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# -- Hypothesis profiles --------------------------------------------------------------------------
# HYPOTHESIS_PROFILE picks one; "dev" when unset. Loaded here, before any test module is imported:
# a test's settings take what they do not set themselves from the profile loaded when it is
# decorated.
#
# "ci" (.ci/run): at least the examples every test asked for before the profiles: its own count,
# or Hypothesis's own default of 100 for a test that leaves the count to the profile (it was 200,
# about 30 s of CI's two cores, which CI's 8 minutes no longer had); no deadline, as two test
# passes share the machine's two cores and a slow moment is not a slow test.
# "dev" (make test on a developer's machine): a quick look, at most DEV_EXAMPLES examples a
# test, even for a test that asks for more in its own @settings (pytest_collection_modifyitems).
CI_EXAMPLES = 100
DEV_EXAMPLES = 20
settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=DEV_EXAMPLES)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "").strip() or "dev"
settings.load_profile(HYPOTHESIS_PROFILE)

# Fixtures through which a test reaches the database (pytest-django's, and ours whose tests do:
# a browser test's pages are served from the test database by the live server). Not
# django_db_setup or django_db_blocker: pytest-django's autouse fixtures ask every test for them.
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
        "django_user_model",
        "admin_user",
        "admin_client",
        "async_client",
        "client",
        "browser",
        "page",
    }
)


def _env_flag(name: str) -> bool:
    """Whether the environment variable ``name`` is set to anything but empty or 0."""
    return os.environ.get(name, "").strip() not in ("", "0")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--postgresql-pass-tests-elsewhere",
        action="store_true",
        default=False,
        help=(
            "Deselect the tests marked postgresql_pass: CI's SQLite pass, whose PostgreSQL pass "
            "runs them (the two passes run side by side, so each carries a share)."
        ),
    )
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        default=_env_flag("SCOREKEEPER_DATABASE_TESTS_ONLY"),
        help=(
            "Run only the tests whose outcome can depend on the database (a django_db mark, a "
            "database fixture), and the browser tests marked postgresql_pass; the others are "
            "deselected. For the second database's pass in CI, the first having run "
            "everything. Also SCOREKEEPER_DATABASE_TESTS_ONLY=1."
        ),
    )


def uses_database(item: pytest.Item) -> bool:
    """Whether ``item`` can reach the database: pytest-django lets no other test touch it."""
    if item.get_closest_marker("django_db") is not None:
        return True
    if item.get_closest_marker("browser") is not None:
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def _hypothesis_dev_examples(items: list[pytest.Item]) -> None:
    """In the dev profile, at most DEV_EXAMPLES examples for a test that asks for more in its
    own @settings (a profile's max_examples gives way to a test's own)."""
    if HYPOTHESIS_PROFILE != "dev":
        return
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if not getattr(test, "is_hypothesis_test", False):
            continue
        # Where @given keeps the test's settings; Hypothesis reads them there on each call.
        own: settings = test._hypothesis_internal_use_settings  # type: ignore[union-attr]
        if own.max_examples > DEV_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
                own, max_examples=DEV_EXAMPLES
            )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _hypothesis_dev_examples(items)
    if config.getoption("--postgresql-pass-tests-elsewhere"):
        elsewhere = [item for item in items if item.get_closest_marker("postgresql_pass")]
        if elsewhere:
            config.hook.pytest_deselected(items=elsewhere)
            items[:] = [item for item in items if not item.get_closest_marker("postgresql_pass")]
    if not config.getoption("--database-tests-only"):
        return

    def runs_here(item: pytest.Item) -> bool:
        # A test CI runs once: in this pass if it asks for it, never if it asks for the other.
        if item.get_closest_marker("postgresql_pass") is not None:
            return True
        if item.get_closest_marker("sqlite_pass") is not None:
            return False
        # A browser test checks what the phone shows and does: the database behind the live
        # server is the one part it shares with the view and service tests, which run in both
        # passes. So it runs once, in the SQLite pass, unless it asks for this one (those whose
        # phones race or follow each other's saves: PostgreSQL is the production database).
        if item.get_closest_marker("browser") is not None:
            return False
        return uses_database(item)

    kept = [item for item in items if runs_here(item)]
    pure = [item for item in items if not runs_here(item)]
    if pure:
        config.hook.pytest_deselected(items=pure)
        items[:] = kept
    config.stash[_PURE_DESELECTED] = len(pure)


_PURE_DESELECTED = pytest.StashKey[int]()


def pytest_report_header(config: pytest.Config) -> str:
    if HYPOTHESIS_PROFILE == "dev":
        return (
            f"hypothesis profile: dev, at most {DEV_EXAMPLES} examples a test "
            "(HYPOTHESIS_PROFILE=ci: each test's own count)"
        )
    return f"hypothesis profile: {HYPOTHESIS_PROFILE} (HYPOTHESIS_PROFILE)"


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    deselected = config.stash.get(_PURE_DESELECTED, None)
    if deselected is not None:
        terminalreporter.write_line(
            f"--database-tests-only: {deselected} tests that use no database deselected "
            "(they run in the pass on the other database)"
        )


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
    return _env_flag("SCOREKEEPER_REQUIRE_BROWSER")


# The one browser of the session. games/conftest.py hands this module's fixtures to the tests
# inside games/, where pytest sees them as fixtures of their own: its session's ``browser``
# takes up the one already running instead of starting Playwright a second time (which the
# sync API refuses in the same thread).
_RUNNING: list[Browser] = []


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if _RUNNING:
        yield _RUNNING[0]
        return
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
        _RUNNING.append(browser)
        try:
            yield browser
        finally:
            _RUNNING.clear()
            browser.close()


@pytest.fixture(autouse=True, scope="session")
def _screenshots_only_where_looked_at() -> Iterator[None]:
    """With SCOREKEEPER_SKIP_SCREENSHOTS=1 (.ci/run) the browser tests take no screenshots:
    they are for a person to look at (tests/artifacts/), and CI keeps none, while drawing and
    encoding them was about a third of a browser test's time. No test reads one. A locator's
    screenshot also waited for its element to be visible and still: that wait stays."""
    if not _env_flag("SCOREKEEPER_SKIP_SCREENSHOTS"):
        yield
        return
    from playwright.sync_api import Locator
    from playwright.sync_api import Page as PlaywrightPage

    drawn = PlaywrightPage.screenshot, Locator.screenshot

    def page_screenshot(self: PlaywrightPage, **_: Any) -> bytes:
        return b""

    def locator_screenshot(self: Locator, **_: Any) -> bytes:
        self.scroll_into_view_if_needed()
        return b""

    PlaywrightPage.screenshot = page_screenshot  # type: ignore[assignment,method-assign]
    Locator.screenshot = locator_screenshot  # type: ignore[assignment,method-assign]
    try:
        yield
    finally:
        PlaywrightPage.screenshot, Locator.screenshot = drawn  # type: ignore[method-assign]


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashing(django_test_environment: None) -> Iterator[None]:
    """Passwords hashed with a quick hasher while the tests run: the production one takes about
    half a second a password on purpose, and the sign-in tests check dozens. What a test checks
    (a password accepted or refused, a lockout) does not depend on the hasher."""
    from django.conf import settings as django_settings
    from django.contrib.auth.hashers import get_hashers, get_hashers_by_algorithm

    kept = django_settings.PASSWORD_HASHERS
    django_settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()
    yield
    django_settings.PASSWORD_HASHERS = kept
    get_hashers.cache_clear()
    get_hashers_by_algorithm.cache_clear()


@pytest.fixture(autouse=True, scope="session")
def _postgresql_emptied_by_delete(django_test_environment: None) -> Iterator[None]:
    """After a transactional test (live server, threads), PostgreSQL's tables are emptied with
    DELETE instead of the TRUNCATE Django's flush sends: TRUNCATE makes every table's files
    anew, about a second for the 32 tables whatever they hold, DELETE of a test's few rows a
    hundredth of that, and the tables are left as empty (sequences are not reset by either).
    The PostgreSQL pass has about 80 such tests. Every foreign key Django makes is deferred to
    the end of the flush's transaction, so the order of the DELETEs does not matter."""
    from django.db import connections

    patched = []
    for alias in connections:
        operations = type(connections[alias].ops)
        if connections[alias].vendor != "postgresql" or operations in patched:
            continue
        truncate = operations.sql_flush

        def sql_flush(
            self: Any,
            style: Any,
            tables: Any,
            *,
            reset_sequences: bool = False,
            allow_cascade: bool = False,
            truncate: Any = truncate,
        ) -> list[str]:
            if reset_sequences or allow_cascade or not tables:
                return truncate(
                    self,
                    style,
                    tables,
                    reset_sequences=reset_sequences,
                    allow_cascade=allow_cascade,
                )
            return ["SET CONSTRAINTS ALL DEFERRED;"] + [
                f"DELETE FROM {self.quote_name(table)};" for table in tables
            ]

        operations.sql_flush = sql_flush  # type: ignore[method-assign]
        patched.append((operations, truncate))
    yield
    for operations, truncate in patched:
        operations.sql_flush = truncate  # type: ignore[method-assign]


@pytest.fixture(autouse=True, scope="session")
def _flush_keeps_what_migrate_made(django_test_environment: None) -> Iterator[None]:
    """After a transactional test, Django's flush empties every table and then sends
    post_migrate, whose two receivers (contenttypes' and auth's) write back every content type
    and permission the migrations had made: a tenth of a second a test on PostgreSQL, about
    the flush's whole time. Here the flush leaves those two tables alone and sends no
    post_migrate, so they hold after it what it would have written back (the models do not
    change during a run, and no test writes to either table); every other table is emptied as
    before, the rows linking accounts to permissions with them."""
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType
    from django.core.management.commands import flush
    from django.db.models.signals import post_migrate

    kept = {ContentType._meta.db_table, Permission._meta.db_table}
    # Checked, so that a receiver added later is not skipped unseen.
    written_back = {"create_contenttypes", "create_permissions"}
    receivers = {receiver().__name__ for _key, receiver, *_rest in post_migrate.receivers}
    assert receivers <= written_back, f"post_migrate also does {receivers - written_back}"
    emptied, signalled = flush.sql_flush, flush.emit_post_migrate_signal

    def sql_flush(style: Any, connection: Any, **options: Any) -> list[str]:
        tables = connection.introspection.django_table_names(
            only_existing=True, include_views=False
        )
        return connection.ops.sql_flush(  # type: ignore[no-any-return]
            style, [table for table in tables if table not in kept], **options
        )

    flush.sql_flush = sql_flush
    flush.emit_post_migrate_signal = lambda *args, **kwargs: None
    yield
    flush.sql_flush, flush.emit_post_migrate_signal = emptied, signalled


@pytest.fixture(autouse=True)
def _offline_kit_only_where_tested(request: pytest.FixtureRequest) -> Iterator[None]:
    """A browser test's phone starts afresh, and its service worker would fetch the offline kit
    (settings.OFFLINE_KIT: 42 blank table pages and the 6 MB Pyodide runtime) from the live
    server again each time. Only the tests marked ``offline_kit`` (those of offline use) get
    it; the service worker, its precache and its kept pages stay on in every browser test."""
    if "live_server" not in request.fixturenames or request.node.get_closest_marker("offline_kit"):
        yield
        return
    with override_settings(OFFLINE_KIT=False):
        yield


@pytest.fixture
def requests_keep_the_connection() -> Iterator[None]:
    """Requests handed to a WSGI handler directly leave the database connections alone, as
    Django's test client has them do: its ``close_old_connections`` at each request's start and
    end would otherwise reach for the connection an earlier test left, where the database is
    not allowed (or close the one this test's transaction is on)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


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
    asked for first, so this closes before the database is emptied.

    Closing a page does not stop a request the server has already taken: that request went
    on into the next test, logging its 404 (the table emptied away) there, or after pytest had
    closed the stream the log writes to ("--- Logging error ---"). So the test then waits
    until the live server has answered every connection it took (``ConnectionsInFlight``):
    nothing of a test runs after it has ended (tests/test_logging.py shows it)."""
    if "browser" not in request.fixturenames:
        yield
        return
    in_flight = None
    if "live_server" in request.fixturenames:
        in_flight = ConnectionsInFlight.of(request.getfixturevalue("live_server"))
    browser: Browser = request.getfixturevalue("browser")
    yield
    for context in list(browser.contexts):
        context.close()
    if in_flight is not None:
        assert in_flight.wait_until_answered(timeout=30), "the live server is still answering"


class ConnectionsInFlight:
    """Counts the connections a live server has taken and not finished with: from the moment
    its loop accepts one (so a request whose headers are still being read counts) until the
    thread answering it ends (so does a line logged after the answer, such as a broken pipe).

    Counting inside the WSGI application instead missed a request taken but not yet read: a
    poll the browser sent just before its page closed."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.count = 0
        self.changed = threading.Condition()
        take, answer = server.process_request, server.process_request_thread

        def taken(connection: Any, client_address: Any) -> None:
            with self.changed:
                self.count += 1
            try:
                take(connection, client_address)  # starts the thread that answers it
            except BaseException:
                self._finished()
                raise

        def answered(connection: Any, client_address: Any) -> None:
            try:
                answer(connection, client_address)
            finally:
                self._finished()

        server.process_request = taken
        server.process_request_thread = answered

    @classmethod
    def of(cls, live_server: Any) -> ConnectionsInFlight:
        """The counter of the live server's connections, put there on the first call."""
        server = live_server.thread.httpd
        counter = getattr(server, "connections_in_flight", None)
        if counter is None:
            counter = server.connections_in_flight = cls(server)
        assert isinstance(counter, cls)
        return counter

    def _finished(self) -> None:
        with self.changed:
            self.count -= 1
            self.changed.notify_all()

    def wait_until_answered(self, timeout: float) -> bool:
        """Whether every connection made to the server before this call is answered, within
        ``timeout`` seconds. One made just before may still wait in the listening socket's
        queue, not yet taken: the server's one loop takes them in turn, so once a request of
        our own has been answered, every one before it has been taken, and counted."""
        host, port = self.server.server_address[:2]
        barrier = http.client.HTTPConnection(host, port, timeout=timeout)
        try:
            barrier.request("GET", "/favicon.ico", headers={"Connection": "close"})
            barrier.getresponse().read()
        finally:
            barrier.close()
        with self.changed:
            return self.changed.wait_for(lambda: self.count == 0, timeout=timeout)


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
