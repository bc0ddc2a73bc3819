"""A short Hearts-like evening of the custom game on a 360-px phone: points typed in and
stepped below zero, the preview, the save, and the lowest total winning at the target
(games/plugins/custom)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.tables import services as table_services
from tests.clubs import home_club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_evening_typed_in_and_stepped_ends_with_the_lowest_total_winning(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    table = table_services.table_create(
        club=home_club(),
        game="custom",
        players=["Ann", "Bob", "Cy"],
        options={"target": 50, "lowest_wins": True, "negative_points": True},
    )
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Any other game")
    expect(page.get_by_text("Until someone reaches 50; the lowest total wins")).to_be_visible()
    page.wait_for_load_state()

    # Hand 1: Ann typed, Bob stepped below zero (the table allows it), Cy typed.
    page.locator('input[name="points_0"]').fill("26")
    page.get_by_role("button", name="One less for Bob").click()
    page.locator('input[name="points_2"]').fill("0")
    page.locator('input[name="points_2"]').dispatch_event("change")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("+26")
    expect(preview).to_contain_text("\u22121")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(page.locator('[data-total="Bob"]')).to_have_text("-1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Hand 2: Ann passes 50, the game is over and Bob, lowest, wins.
    page.locator('input[name="points_0"]').fill("30")
    page.locator('input[name="points_1"]').fill("5")
    page.locator('input[name="points_2"]').fill("10")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator('[data-total="Ann"]')).to_have_text("56")
    page.screenshot(path=artifacts_dir / "custom-game-over.png", full_page=True)
    table.refresh_from_db()
    assert table.winners == ["Bob"]
