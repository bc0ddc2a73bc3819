"""The pages a phone keeps for use with no signal are kept for whoever uses it now: a visitor who
becomes a guest by starting a table finds, offline, the home page a guest sees (their table in
it, "Keep my games" in the header), not the copy kept while they were a visitor ("Sign in").
Signing out or in forgets the kept pages (tests/test_browser_offline.py); becoming a guest
fetches them again (static/js/pwa.js, the worker's ``warm``)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.conftest import SMALL_PHONE

# One run is enough: what the worker keeps does not depend on the database; the PostgreSQL
# pass of CI has the time.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgresql_pass,
    pytest.mark.django_db(transaction=True),
]

PHONE_360 = {**SMALL_PHONE, "viewport": {"width": 360, "height": 760}}

# Who the kept copy of a page was made for (base.html's data-viewer); None: no copy kept.
KEPT_FOR = """async (path) => {
  for (const name of (await caches.keys()).filter((each) => each.startsWith("pages-"))) {
    const kept = await (await caches.open(name)).match(path, { ignoreVary: true });
    if (kept) return /data-viewer="([a-z]*)"/.exec(await kept.text())[1];
  }
  return null;
}"""


def wait_until_kept_for(page: Page, path: str, viewer: str) -> None:
    deadline = time.monotonic() + 20
    while (kept := page.evaluate(KEPT_FOR, path)) != viewer:
        assert time.monotonic() < deadline, f"{path} kept for {kept!r}, not {viewer!r}"
        page.wait_for_timeout(200)


def test_a_visitor_who_starts_a_table_finds_the_guests_home_page_with_no_signal(
    live_server: LiveServer, browser: Browser
) -> None:
    phone = browser.new_context(**PHONE_360)
    try:
        page = phone.new_page()
        page.goto(live_server.url + "/")
        expect(page.get_by_role("link", name="Sign in")).to_be_visible()
        wait_until_kept_for(page, "/", "")  # the visitor's, with "Sign in"
        wait_until_kept_for(page, "/rules/", "")

        page.goto(live_server.url + "/tables/new/")
        page.get_by_label("Player 1", exact=True).fill("Ann")
        page.get_by_label("Player 2", exact=True).fill("Bob")
        page.get_by_role("button", name="Start the game").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Scopa")
        # A guest now: the home page and the others warmed before are fetched again.
        wait_until_kept_for(page, "/", "guest")
        wait_until_kept_for(page, "/rules/", "guest")

        phone.set_offline(True)
        page.goto(live_server.url + "/")
        expect(page.locator("#offline-note")).to_contain_text("Offline: as of")
        expect(page.get_by_role("link", name="Keep my games")).to_be_visible()
        expect(page.get_by_role("link", name="Sign in")).to_have_count(0)
        expect(page.locator("#main")).to_contain_text("Ann")
    finally:
        phone.close()
