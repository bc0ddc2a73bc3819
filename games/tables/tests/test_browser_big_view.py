"""Across the table (issue 15): the big-type view on a phone lying in the middle of the table,
in portrait and landscape, keeping itself current and the screen awake; and the Share button
beside the watch link, on a browser with no share sheet."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.conftest import SMALL_PHONE, sign_in
from tests.factories import points_entry

# Phones that follow each other's saves: CI runs it once, on the production database.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql_pass,
]

# The phone's own wake lock, counted: a headless browser has no screen to keep on.
FAKE_WAKE_LOCK = """
window.wakeLocks = { requests: 0, releases: 0 };
Object.defineProperty(navigator, "wakeLock", { value: { request: function () {
  window.wakeLocks.requests += 1;
  var sentinel = new EventTarget();
  sentinel.release = function () { window.wakeLocks.releases += 1; return Promise.resolve(); };
  return Promise.resolve(sentinel);
} } });
"""


def scopa_table() -> Table:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=3, Bob=1))
    return table_services.watch_link_set(table, on=True)


def fits_across(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for selector in ('[data-total="Ann"]', '[data-total="Bob"]', ".big-status"):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["x"] >= 0, selector
        assert box["x"] + box["width"] <= width, selector


@pytest.mark.parametrize(("width", "height"), [(360, 640), (640, 360), (390, 844), (844, 390)])
def test_the_big_view_fits_a_phone_either_way_round(
    live_server: LiveServer, page: Page, artifacts_dir: Path, width: int, height: int
) -> None:
    table = scopa_table()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.get_by_role("link", name="Table view").click()

    expect(page.locator('[data-total="Ann"]')).to_have_text("3")
    expect(page.locator('[data-total="Bob"]')).to_have_text("1")
    expect(page.locator(".big-status")).to_have_text("Next to deal: Bob")
    for selector in ('[data-total="Ann"]', '[data-total="Bob"]', ".big-status"):
        expect(page.locator(selector)).to_be_in_viewport()
    fits_across(page)
    # Big type: the totals take a good part of the screen's shorter side.
    size = page.locator('[data-total="Ann"]').evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= min(width, height) / 4
    back = page.get_by_role("link", name="Back to the table")
    box = back.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    assert box["width"] >= 44
    page.screenshot(path=artifacts_dir / f"big-view-{width}x{height}.png")


POLL_MS = 5000


def test_the_big_view_keeps_current_and_the_screen_awake_until_the_game_ends(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    table = scopa_table()
    # Through the watch link: no account.
    context = browser.new_context(**{**SMALL_PHONE, "viewport": {"width": 640, "height": 360}})
    context.add_init_script(FAKE_WAKE_LOCK)
    # Playwright's clock (time runs as usual), moved on to each next poll rather than waiting
    # for it.
    context.clock.install()
    phone = context.new_page()
    phone.goto(f"{live_server.url}/watch/{table.watch_token}/")
    phone.get_by_role("link", name="Table view").click()
    expect(phone.locator('[data-total="Ann"]')).to_have_text("3")
    expect(phone.locator("#main form")).to_have_count(0)
    assert phone.evaluate("window.wakeLocks") == {"requests": 1, "releases": 0}

    # A hand recorded on another phone shows at the next poll (tables/table_big.html: every 5s).
    table_services.round_record(table, points_entry(Ann=2, Bob=4))
    phone.clock.fast_forward(POLL_MS)
    expect(phone.locator('[data-total="Bob"]')).to_have_text("5", timeout=8000)
    expect(phone.locator(".big-status")).to_have_text("Next to deal: Ann")
    assert phone.evaluate("window.wakeLocks") == {"requests": 1, "releases": 0}

    # The game ends: the result in big type, and the screen may sleep again.
    table_services.round_record(table, points_entry(Ann=7, Bob=0))
    phone.clock.fast_forward(POLL_MS)
    expect(phone.locator(".big-status")).to_have_text("Game over · Ann wins", timeout=8000)
    expect(phone.locator('[data-total="Ann"]')).to_have_text("12")
    # Released once the swap has settled (htmx:afterSettle), a moment after the text shows.
    phone.wait_for_function("window.wakeLocks.releases > 0", timeout=5000)
    assert phone.evaluate("window.wakeLocks") == {"requests": 1, "releases": 1}
    fits_across(phone)
    phone.screenshot(path=artifacts_dir / "big-view-game-over-640x360.png")
    context.close()


def test_share_copies_the_watch_link_where_there_is_no_share_sheet(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    table = scopa_table()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    # Whatever this Chromium offers, a browser without the Web Share API.
    page.context.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{live_server.url}/tables/{table.public_id}/#share")
    assert page.evaluate("typeof navigator.share") == "undefined"
    watch_url = page.get_by_role("textbox", name="Watch link").input_value()
    assert watch_url.endswith(f"/watch/{table.watch_token}/")
    expect(page.get_by_role("img", name="QR code of the watch link")).to_be_visible()

    share = page.get_by_role("button", name="Share the watch link")
    box = share.bounding_box()
    assert box is not None
    assert box["height"] >= 44
    assert box["width"] >= 44
    share.click()
    expect(page.locator("#share [role=status]")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == watch_url
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator("#share").screenshot(path=artifacts_dir / "share-watch-link.png")


def test_without_javascript_the_link_is_there_to_copy_and_no_share_button(
    live_server: LiveServer, browser: Browser
) -> None:
    table = scopa_table()
    context = browser.new_context(**SMALL_PHONE, java_script_enabled=False)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/watch/{table.watch_token}/big/")
    expect(phone.locator('[data-total="Ann"]')).to_have_text("3")
    context.close()

    context = browser.new_context(**SMALL_PHONE, java_script_enabled=False)
    sign_in(context, live_server.url)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/tables/{table.public_id}/")
    expect(phone.get_by_role("textbox", name="Watch link")).to_be_visible()
    expect(phone.get_by_role("button", name="Share the watch link")).to_be_hidden()
    context.close()


def crowded_tables() -> dict[str, Table]:
    """Schafkopf for money (totals such as "+165.00 €") and Swoops with eight long names."""
    schafkopf = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"cents_per_point": 50},
    )
    table_services.round_record(schafkopf, points_entry(Ann=330, Bob=-110, Cy=-110, Di=-110))
    names = ["Annemarie", "Bartholomew", "Cy", "Dorothea", "Ed", "Friederike", "Gus", "Hal"]
    swoops = table_services.table_create(club=home_club(), game="swoops", players=names)
    table_services.round_record(
        swoops,
        points_entry(**{name: 0 if name == "Cy" else 10 * i + 10 for i, name in enumerate(names)}),
    )
    return {"schafkopf": schafkopf, "swoops": swoops}


@pytest.mark.parametrize(("width", "height"), [(360, 640), (640, 360)])
def test_many_sides_and_long_totals_fit_their_boxes(
    live_server: LiveServer, page: Page, artifacts_dir: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    for game, table in crowded_tables().items():
        page.goto(f"{live_server.url}/tables/{table.public_id}/big/")
        sides = table.setup().sides
        expect(page.locator(".big-side")).to_have_count(len(sides))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Nothing of a side (its name, total, note) cut off by its box.
        for box in page.locator(".big-side").all():
            outer = box.bounding_box()
            assert outer is not None
            for part in box.locator(":scope > span").all():
                inner = part.bounding_box()
                assert inner is not None
                assert (
                    outer["x"]
                    <= inner["x"]
                    <= inner["x"] + inner["width"]
                    <= outer["x"] + outer["width"]
                )
                assert (
                    outer["y"]
                    <= inner["y"]
                    <= inner["y"] + inner["height"]
                    <= outer["y"] + outer["height"]
                )
        page.screenshot(
            path=artifacts_dir / f"big-view-{game}-{width}x{height}.png", full_page=True
        )
