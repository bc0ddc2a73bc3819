"""Night play and the installable app on a 360-px phone: the dark theme follows the phone and
the switch overrides it across reloads, with readable text; the service worker registers and
answers a page opened without a connection; a table is abandoned and taken up again."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.conftest import SMALL_PHONE, sign_in
from tests.factories import captures_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The WCAG contrast of an element's text (or another colour of it: an SVG fill or stroke, an
# outline) with the background it is drawn on (the first one with a colour, from the element
# up), in the page: rgb() and color(srgb ...) alike.
CONTRAST = """
(selector, property = "color") => {
  function parse(value) {
    const numbers = value.match(/[\\d.]+/g).map(Number);
    const srgb = value.startsWith("color(");
    const [r, g, b] = numbers.slice(0, 3).map((n) => (srgb ? n : n / 255));
    const alpha = numbers.length > 3 ? numbers[3] : 1;
    return { r, g, b, alpha };
  }
  function luminance({ r, g, b }) {
    const lin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  }
  const element = document.querySelector(selector);
  if (!element) return null;
  let node = element;
  let background = null;
  while (node && node.nodeType === 1) {
    const colour = parse(getComputedStyle(node).backgroundColor);
    if (colour.alpha > 0.5) { background = colour; break; }
    node = node.parentElement;
  }
  background = background || parse(getComputedStyle(document.documentElement).backgroundColor);
  const text = parse(getComputedStyle(element)[property]);
  const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}
"""


def contrast(page: Page, selector: str, colour: str = "color") -> float:
    ratio = page.evaluate(
        f"([selector, colour]) => ({CONTRAST})(selector, colour)", [selector, colour]
    )
    assert ratio is not None, f"no {selector}"
    return float(ratio)


def luminance_of(page: Page, selector: str, prop: str = "backgroundColor") -> float:
    return float(
        page.evaluate(
            """([selector, prop]) => {
              const value = getComputedStyle(document.querySelector(selector))[prop];
              const n = value.match(/[\\d.]+/g).map(Number);
              const s = value.startsWith("color(") ? 1 : 255;
              const lin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
              const [r, g, b] = n.slice(0, 3).map((c) => lin(c / s));
              return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            }""",
            [selector, prop],
        )
    )


def is_dark(page: Page) -> bool:
    return luminance_of(page, "body") < 0.05


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer) -> Iterator[BrowserContext]:
    """A 360-px phone set to dark, signed in to the tests' club; fails on any CSP refusal."""
    context = browser.new_context(**SMALL_PHONE, color_scheme="dark")
    sign_in(context, live_server.url)
    refused: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            refused.append(message.text)

    context.on("console", on_console)
    try:
        yield context
    finally:
        context.close()
    assert refused == [], "the Content-Security-Policy refused:\n" + "\n".join(refused[:3])


def scopa_table(hands: int = 1) -> Table:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 21}
    )
    for _hand in range(hands):
        table_services.round_record(
            table, captures_entry("Ann", "Bob", scopas={"Ann": 1, "Bob": 0})
        )
    return table


def test_the_dark_theme_follows_the_phone_and_the_switch_overrides_it_across_a_reload(
    live_server: LiveServer, browser: Browser, phone: BrowserContext, artifacts_dir: Path
) -> None:
    table = scopa_table(hands=2)
    page = phone.new_page()
    page.goto(live_server.url)
    assert is_dark(page)
    assert page.evaluate("document.documentElement.getAttribute('data-theme')") is None
    expect(page.get_by_label("Auto")).to_be_checked()
    # The header keeps a green of its own, darker than by day.
    assert luminance_of(page, ".site-header") < 0.1
    for selector in ("h1", ".table-card-game", ".table-card-players", ".muted", ".help"):
        assert contrast(page, selector) >= 4.5, selector
    page.screenshot(path=artifacts_dir / "dark-home-360.png", full_page=True)

    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.wait_for_load_state()
    assert is_dark(page)
    # The focus ring, reached from the keyboard, where the header begins: the skip links (to
    # the hand entry, to the page), the brand in the header, the first link of the menu.
    for name in ("Skip to the hand entry", "Skip to main content", "Scorekeeper", "Leagues"):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            """() => {
              const element = document.activeElement;
              document.querySelectorAll("[data-focused]").forEach((e) => delete e.dataset.focused);
              element.dataset.focused = "";
              const ring = getComputedStyle(element).outlineStyle;
              return [element.textContent.trim(), element.matches(":focus-visible"), ring];
            }"""
        )
        assert focused == [name, True, "solid"]
        assert contrast(page, "[data-focused]", "outlineColor") >= 3, name
    page.locator('.card[data-card="4C"]').click()
    page.locator('.side-pick[data-side="1"]').click()
    page.locator('.card[data-card="4B"]').click()
    # Text on the page, on the cards (each suit, taken or not), on the sides' colours.
    checks = [
        "h1",
        ".total-points",
        ".total-side",
        ".table-people a",
        ".card[data-card='KD'] .card-face",
        ".card[data-card='KC'] .card-face",
        ".card[data-card='KS'] .card-face",
        ".card[data-card='KB'] .card-face",
        ".card[data-card='4C'] .card-face",
        ".card[data-card='4B'] .card-face",
        ".side-pick[aria-pressed='true'] .side-pick-name",
        ".side-pick[aria-pressed='false'] .side-pick-name",
        ".button-primary",
        ".chart-title",
    ]
    for selector in checks:
        ratio = contrast(page, selector)
        assert ratio >= 4.5, f"{selector}: {ratio:.2f}"
    # The chart: each side's line 3:1 on the chart, its last value (text) 4.5:1.
    for series in (0, 1):
        line = f".chart-line.chart-series-{series} polyline"
        assert contrast(page, line, "stroke") >= 3
        label = f".chart-line.chart-series-{series} .chart-end-label"
        assert contrast(page, label, "fill") >= 4.5
    # A side's colour against the page, as the border of its totals and its picker.
    for selector in (".total.side-0", ".total.side-1"):
        assert contrast(page, selector, "borderTopColor") >= 3, selector
    page.screenshot(path=artifacts_dir / "dark-table-360.png", full_page=True)

    # The switch: Light wins over the phone, on this page and after a reload.
    page.goto(live_server.url)
    page.get_by_text("Light", exact=True).click()
    assert not is_dark(page)
    page.reload()
    assert page.evaluate("document.documentElement.getAttribute('data-theme')") == "light"
    assert not is_dark(page)
    expect(page.get_by_label("Light")).to_be_checked()
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    assert not is_dark(page)

    # Auto follows the phone again.
    page.goto(live_server.url)
    page.get_by_text("Auto", exact=True).click()
    page.reload()
    assert is_dark(page)

    # A phone set to light, switched to Dark.
    day = browser.new_context(**SMALL_PHONE, color_scheme="light")
    try:
        sign_in(day, live_server.url)
        bright = day.new_page()
        bright.goto(live_server.url)
        assert not is_dark(bright)
        bright.get_by_text("Dark", exact=True).click()
        bright.reload()
        assert is_dark(bright)
        assert (
            bright.evaluate(
                "document.querySelector('meta[name=theme-color][data-scheme=dark]').media"
            )
            == "all"
        )
    finally:
        day.close()


def test_the_service_worker_registers_and_answers_a_page_opened_offline(
    live_server: LiveServer, phone: BrowserContext, artifacts_dir: Path
) -> None:
    table = scopa_table()
    page = phone.new_page()
    page.goto(f"{live_server.url}/tables/{table.public_id}/")

    script = page.evaluate(
        "navigator.serviceWorker.ready.then((registration) => registration.active.scriptURL)"
    )
    assert script == f"{live_server.url}/sw.js"
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{live_server.url}/"
    cached = page.evaluate(
        """async () => {
          const names = await caches.keys();
          const cache = await caches.open(names.find((name) => name.startsWith("static-")));
          return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }"""
    )
    assert "/static/css/bundle.css" in cached
    assert "/static/js/bundle.js" in cached
    # Pages are kept apart from the static files (tests/test_browser_offline.py).
    assert not [path for path in cached if not path.startswith("/static/")]

    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    phone.set_offline(True)
    try:
        # The table opened before: its kept copy, saying how old it is.
        page.goto(f"{live_server.url}/tables/{table.public_id}/")
        expect(page.locator("#offline-note")).to_contain_text("Offline: as of")
        expect(page.get_by_role("heading", level=1)).to_have_text("Scopa")
        # A page never opened on this phone (nor fetched in the background): the notice.
        page.goto(f"{live_server.url}/tables/{table.public_id}/changes/")
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
        # Styled from the cache, in the phone's theme.
        assert is_dark(page)
        assert contrast(page, ".offline p") >= 4.5
        page.screenshot(path=artifacts_dir / "offline-360.png", full_page=True)
    finally:
        phone.set_offline(False)
    page.get_by_role("link", name="Try again").click()
    expect(page).to_have_url(f"{live_server.url}/tables/{table.public_id}/changes/")
    expect(page.get_by_role("heading", name="No connection")).to_have_count(0)


def test_a_table_is_abandoned_and_the_undo_takes_it_up_again(
    live_server: LiveServer, phone: BrowserContext, artifacts_dir: Path
) -> None:
    table = scopa_table()
    page = phone.new_page()
    page.goto(f"{live_server.url}/tables/{table.public_id}/")

    page.get_by_role("button", name="Abandon this table").click()

    expect(page).to_have_url(f"{live_server.url}/")
    notice = page.locator("#abandoned-notice")
    expect(notice).to_contain_text("Scopa abandoned")
    expect(page.get_by_text("No game in progress.")).to_be_visible()
    abandoned = page.locator("details#abandoned")
    expect(abandoned).not_to_have_attribute("open", re.compile(".*"))
    expect(abandoned.get_by_role("button", name="Take it up again")).not_to_be_visible()
    page.get_by_text("Abandoned (1 table)").click()
    expect(abandoned.get_by_role("button", name="Take it up again")).to_be_visible()
    page.screenshot(path=artifacts_dir / "dark-abandoned-360.png", full_page=True)

    notice.get_by_role("button", name="Undo").click()

    expect(page).to_have_url(f"{live_server.url}/tables/{table.public_id}/")
    expect(page.get_by_text("The table is in progress again.")).to_be_visible()
    page.goto(live_server.url)
    in_progress = page.locator("section[aria-labelledby=in-progress-heading] .table-list")
    expect(in_progress).to_contain_text("Ann, Bob")
    expect(page.locator("details#abandoned")).to_have_count(0)
