"""A save answers with only what changed (issue 14): on a phone, the form empties itself for
the next hand, the scoreboard, history and chart follow, and every button on the page still
writes against the table as it is now."""

import contextlib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.test_browser import tap_cards

# Phones that follow each other's saves: CI runs it once, on the production database.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql_pass,
]

COINS = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "ND", "KD"]


def tap_hand(page: Page) -> None:
    """Ann takes every coin and the other three sevens, Bob the rest: Ann 3, Bob 1."""
    tap_cards(page, *COINS, "7C", "7S", "7B")
    page.get_by_role("button", name="All remaining cards to Bob").click()
    expect(page.locator("#preview")).to_contain_text("This hand")


def start_with_one_hand(live_server: LiveServer, page: Page) -> None:
    """A Scopa table for Ann and Bob with its first hand, 3 to 1, tapped in (the first answers
    with the whole table; tapped, the next hand's form is for tapping too, so the phone
    empties its own form for it)."""
    page.goto(f"{live_server.url}/tables/new/")
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bob")
    page.get_by_role("button", name="Start the game").click()
    tap_hand(page)
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()


def test_hands_in_a_row_each_get_an_empty_form_and_the_page_follows(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    start_with_one_hand(live_server, page)

    # Hand 2, tapped: the answer carries only what changed, and the form empties itself.
    tap_hand(page)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator('[data-total="Ann"]')).to_have_text("6")
    expect(page.locator('[data-total="Bob"]')).to_have_text("2")
    expect(page.get_by_text("Hand 2 recorded.")).to_be_visible()
    expect(page.get_by_role("heading", name="Record hand 3")).to_be_visible()
    expect(page.get_by_text("Next to deal: Ann")).to_be_visible()
    expect(page.locator('.side-pick[data-side="0"]')).to_contain_text("cards 0 · coins 0")
    expect(page.locator('.side-pick[data-side="1"]')).to_contain_text("cards 0 · coins 0")
    expect(page.locator('.card[data-side="0"], .card[data-side="1"]')).to_have_count(0)
    expect(page.locator("#preview")).to_contain_text("Tap the cards each side took")
    expect(page.locator(".history-item")).to_have_count(2)
    expect(page.locator(".history-item").first).to_contain_text("Hand 2")
    # The chart fetched itself again.
    expect(page.locator("#running-totals desc")).to_have_text("After 2 hands: Ann 6, Bob 2")
    page.screenshot(path=artifacts_dir / "fast-table-after-hand-2.png", full_page=True)

    # Hand 3 from the emptied form: a new hand with a token of its own, not hand 2 again.
    tap_hand(page)
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("Hand 3 recorded.")).to_be_visible()
    expect(page.locator('[data-total="Ann"]')).to_have_text("9")
    expect(page.locator('[data-total="Bob"]')).to_have_text("3")
    expect(page.locator(".history-item")).to_have_count(3)

    # Hand 1's Delete button was drawn two versions ago; it still deletes, with no conflict.
    page.get_by_text("Hand 1", exact=True).click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".history-item").last.get_by_role("button", name="Delete").click()
    expect(page.get_by_text("Hand 1 deleted.")).to_be_visible()
    expect(page.locator('[data-total="Ann"]')).to_have_text("6")
    expect(page.locator('[data-total="Bob"]')).to_have_text("2")


def test_a_preview_answered_after_the_save_does_not_refill_the_next_hands_counters(
    live_server: LiveServer, page: Page
) -> None:
    """The last tap's preview is still on its way when Save is pressed, and would be answered
    after the save: the save aborts it, so the next hand's counters stay empty."""
    start_with_one_hand(live_server, page)
    tap_hand(page)

    # The next preview is held back until the save has been answered.
    held = []

    def hold_previews(route):  # type: ignore[no-untyped-def]
        if "action=preview" in (route.request.post_data or ""):
            held.append(route)
        else:
            route.continue_()

    page.route("**/tables/*/", hold_previews)
    page.get_by_role("button", name="One more for Ann").click()  # a scopa: a new preview
    for _wait in range(60):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Record hand 3")).to_be_visible()
    for route in held:
        # The page aborted it, as it should have: nothing to continue.
        with contextlib.suppress(Exception):
            route.continue_()
    page.wait_for_timeout(500)

    expect(page.locator('.side-pick[data-side="0"]')).to_contain_text("cards 0 · coins 0")
    expect(page.locator('.side-pick[data-side="1"]')).to_contain_text("cards 0 · coins 0")
    expect(page.locator("#preview")).to_contain_text("Tap the cards each side took")
