from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer


@pytest.mark.django_db
def test_home_page_renders_heading_and_local_htmx(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    assert b"New table" in response.content
    # htmx, vendored in static/, is served from our own static files inside the one script
    # every page loads (scorekeeper.static_bundles).
    assert b'src="/static/js/bundle.js"' in response.content
    static = Path(__file__).resolve().parent.parent / "static"
    htmx = (static / "vendor" / "htmx.min.js").read_text().rstrip()
    assert htmx in (static / "js" / "bundle.js").read_text()


@pytest.mark.browser
def test_home_page_in_phone_browser(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(live_server.url)

    expect(page.get_by_role("heading", level=1, name="Tables")).to_be_visible()
    assert page.viewport_size == {"width": 390, "height": 844}
    # htmx is loaded from our own static files, served by the live server.
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("window.htmx.version").startswith("2.")
    page.screenshot(path=artifacts_dir / "smoke.png", full_page=True)
