"""A short Briscola match on a 360-px phone: one deal tapped in card by card, one typed in as
card points, and the match decided (games/plugins/briscola)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.tables import services as table_services
from tests.clubs import home_club
from tests.tap_targets import small_targets
from tests.test_browser_axe import Report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Four aces, a three, a king and a knight: 61 card points.
SIXTY_ONE = ("AD", "AC", "AS", "AB", "3D", "KD", "ND")


def test_a_briscola_match_by_tapping_and_by_typing_points(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    table = table_services.table_create(club=home_club(), game="briscola", players=["Ann", "Bob"])
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Briscola")
    expect(page.get_by_text("Deals won, best of 3")).to_be_visible()

    # Deal 1: Ann's cards tapped, the rest to Bob.
    page.wait_for_load_state()
    for code in SIXTY_ONE:
        page.locator(f'.card[data-card="{code}"]').click()
    expect(page.locator('.side-pick[data-side="0"]')).to_contain_text("cards 7 · card points 61")
    page.get_by_role("button", name="All remaining cards to Bob").click()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Ann wins the deal (Ann 61, Bob 59).")
    page.screenshot(path=artifacts_dir / "briscola-deal-tapped.png", full_page=True)
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator('[data-total="Ann"]')).to_have_text("1")
    expect(page.locator('[data-total="Bob"]')).to_have_text("0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # One word for a round throughout: the heading, the notice, the history, the button.
    expect(page.get_by_role("heading", name="Record deal 2")).to_be_visible()
    expect(page.get_by_text("Deal 1 recorded.")).to_be_visible()
    expect(page.get_by_role("heading", name="Deals played")).to_be_visible()
    expect(page.locator(".history-number")).to_have_text(["Deal 1"])
    points_mode = page.locator('input[name="mode"][value="points"]')

    # Deal 2: the card points typed in, 60-60: a draw, the match goes on.
    page.locator("label.segment", has_text="Enter points").click()
    page.locator('input[name="points_0"]').fill("60")
    page.locator('input[name="points_1"]').fill("60")
    expect(preview).to_contain_text("the deal is a draw")
    page.get_by_role("button", name="Save deal").click()
    expect(page.get_by_text("Deal 2 recorded.")).to_be_visible()
    expect(page.locator('[data-total="Ann"]')).to_have_text("1")

    # Deals 3 and 4 are typed in as the table typed deal 2: no switching back each time,
    # whether the save's answer brings a form drawn for points (deal 2's) or the phone
    # empties its own (deal 3's).
    expect(points_mode).to_be_checked()
    page.locator('input[name="points_0"]').fill("60")
    page.locator('input[name="points_1"]').fill("60")
    page.get_by_role("button", name="Save deal").click()
    expect(page.get_by_text("Deal 3 recorded.")).to_be_visible()
    expect(points_mode).to_be_checked()
    expect(page.locator('input[name="points_0"]')).to_have_value("0")
    page.locator('input[name="points_0"]').fill("90")
    page.locator('input[name="points_1"]').fill("30")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator('[data-total="Ann"]')).to_have_text("2")
    page.screenshot(path=artifacts_dir / "briscola-match-won.png", full_page=True)
    table.refresh_from_db()
    assert table.winners == ["Ann"]


def test_the_briscola_pages_pass_axe_and_have_big_tap_targets(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    table = table_services.table_create(
        club=home_club(), game="briscola", players=["Alessandra", "Alessandro", "Cy", "Di"]
    )
    report = Report()
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.wait_for_load_state()
    for code in SIXTY_ONE:
        page.locator(f'.card[data-card="{code}"]').click()
    expect(page.locator("#preview")).to_contain_text("33 cards left")
    report.check(page, "briscola table, half entered")
    assert small_targets(page) == []
    page.goto(f"{live_server.url}/rules/briscola/")
    report.check(page, "briscola rules")
    report.finish()
