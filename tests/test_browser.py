"""The main flow on a phone: create a Scopone table, tap a hand in, see the totals."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.tables import services as table_services
from tests.clubs import home_club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap_cards(page: Page, *codes: str) -> None:
    # hand.js is deferred: a tap before it runs would only tick a radio.
    page.wait_for_load_state()
    for code in codes:
        page.locator(f'.card[data-card="{code}"]').click()


def test_scopone_hand_entered_by_tapping_cards(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(live_server.url)
    page.get_by_role("link", name="New table").click()

    page.get_by_label("Scopone").check()
    # htmx re-renders the form for Scopone: its Scientifico option appears.
    expect(page.get_by_label("Scientifico")).to_be_visible()
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()

    expect(page).to_have_url(re.compile(r"/tables/[a-z2-7]{16}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Scopone")
    expect(page.get_by_text("Next to deal: Ann")).to_be_visible()
    # Ann & Cy is the side picked first: tap what they took.
    tap_cards(page, "7D", "7C", "7S", "7B", "AD", "2D", "3D", "6D")
    picker = page.locator('.side-pick[data-side="0"]')
    expect(picker).to_contain_text("cards 8 · coins 5")
    # A second tap takes a card back.
    tap_cards(page, "6D")
    expect(picker).to_contain_text("cards 7 · coins 4")
    tap_cards(page, "6D")
    # Saved too soon: the reason, above the form, is brought into view from the Save button.
    page.get_by_role("button", name="Save hand").click()
    refusal = page.locator("#form-errors")
    expect(refusal).to_contain_text("32 cards are not assigned to a side yet.")
    expect(refusal).to_be_in_viewport()
    expect(refusal).to_be_focused()
    page.get_by_role("button", name="All remaining cards to Bob & Di").click()
    expect(page.locator('.side-pick[data-side="1"]')).to_contain_text("cards 32 · coins 5")
    page.get_by_role("button", name="One more for Ann & Cy").click()

    preview = page.locator("#preview")
    expect(preview).to_contain_text("This hand")
    expect(preview).to_contain_text("point to Ann & Cy")
    page.screenshot(path=artifacts_dir / "scopone-hand-entry.png", full_page=True)

    page.get_by_role("button", name="Save hand").click()

    # Cards to Bob & Di (32-8); coins 5-5 void; settebello, primiera 84-69 and a scopa to Ann & Cy.
    expect(page.locator('[data-total="Ann & Cy"]')).to_have_text("3")
    expect(page.locator('[data-total="Bob & Di"]')).to_have_text("1")
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(page.get_by_text("Next to deal: Bob")).to_be_visible()
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()
    # The new hand form starts empty again.
    expect(page.locator('.side-pick[data-side="0"]')).to_contain_text("cards 0 · coins 0")
    page.screenshot(path=artifacts_dir / "scopone-after-hand.png", full_page=True)


def test_scopa_game_played_to_the_end_then_corrected(live_server: LiveServer, page: Page) -> None:
    page.goto(f"{live_server.url}/tables/new/")
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bob")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Scopa")

    # Hand 1: Ann takes every coin and the other three sevens, and sweeps five times.
    coins = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "ND", "KD"]
    tap_cards(page, *coins, "7C", "7S", "7B")
    page.get_by_role("button", name="All remaining cards to Bob").click()
    for _ in range(5):
        page.get_by_role("button", name="One more for Ann").click()
    expect(page.locator("#preview")).to_contain_text("This hand")
    page.get_by_role("button", name="Save hand").click()
    # Ann: coins, settebello, primiera (84, complete) and five scopas; Bob: cards (27 to 13).
    expect(page.locator('[data-total="Ann"]')).to_have_text("8")
    expect(page.locator('[data-total="Bob"]')).to_have_text("1")

    # Hand 2, counted at the table: Ann reaches 11 and wins.
    page.get_by_label("Enter points").check()
    for _ in range(3):
        page.get_by_role("button", name="One more for Ann").click()
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status").filter(has_text="Game over")).to_contain_text("Ann wins!")
    expect(page.locator('[data-total="Ann"]')).to_have_text("11")
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)

    # Deleting the deciding hand reopens the game.
    page.get_by_text("Hand 2", exact=True).click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete").first.click()
    expect(page.get_by_text("Hand 2 deleted.")).to_be_visible()
    expect(page.locator('[data-total="Ann"]')).to_have_text("8")
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()

    # Editing hand 1: only two scopas after all.
    page.get_by_text("Hand 1", exact=True).click()
    page.get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Change hand 1")
    expect(page.locator("#id_scopas_0")).to_have_value("5")
    # The stored cards are counted on the side buttons by the server, before any tap.
    expect(page.locator('.side-pick[data-side="0"]')).to_contain_text("cards 13 · coins 10")
    expect(page.locator('.side-pick[data-side="1"]')).to_contain_text("cards 27 · coins 0")
    for _ in range(3):
        page.get_by_role("button", name="One less for Ann").click()
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Hand 1 changed.")).to_be_visible()
    expect(page.locator('[data-total="Ann"]')).to_have_text("5")


def test_the_side_counters_are_the_servers(live_server: LiveServer, page: Page) -> None:
    """hand.js counts nothing: a tap shows on the card at once, and the side's counters change
    when the preview answers (they come with it, out of band)."""
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    held: list[Route] = []

    def hold_previews(route: Route) -> None:
        if "action=preview" in (route.request.post_data or ""):
            held.append(route)
        else:
            route.continue_()

    page.route("**/tables/*/", hold_previews)
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    picker = page.locator('.side-pick[data-side="0"]')
    expect(picker).to_contain_text("cards 0 · coins 0")

    tap_cards(page, "7D")
    expect(page.locator('.card[data-card="7D"]')).to_have_attribute("data-side", "0")
    while not held:
        page.wait_for_timeout(20)
    expect(picker).to_contain_text("cards 0 · coins 0")

    held.pop().continue_()
    expect(picker).to_contain_text("cards 1 · coins 1")
    expect(page.locator("#preview")).to_contain_text("So far: 39 cards left to assign")
    # Drawn once on the page: the answer replaced the counters, it added none.
    expect(page.locator("#side-counts-0")).to_have_count(1)


def test_names_typed_while_a_games_options_are_on_their_way_are_kept(
    live_server: LiveServer, page: Page
) -> None:
    """The form is drawn again for the game chosen with the names it was sent; on a slow
    signal, names typed meanwhile must not be lost to that older copy."""
    page.goto(f"{live_server.url}/tables/new/")
    held: list[Route] = []
    redraw = re.compile(r".*/tables/new/\?.*game=scopone.*")

    def hold(route: Route) -> None:
        held.append(route)

    # The redraw for the game chosen is held back until the names are typed.
    page.route(redraw, hold)
    page.get_by_label("Player 1", exact=True).fill("Ann")
    page.get_by_label("Scopone").check()
    for _ in range(50):  # the route's handler runs while the page waits
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1
    page.get_by_label("Player 1", exact=True).fill("Annalena")
    page.get_by_label("Player 2", exact=True).fill("Bob")
    # A name typed in the new form the moment it is in the page, before htmx settles it (20 ms
    # on): the names put back are the old boxes', never over what the new ones took since.
    page.evaluate(
        """() => document.addEventListener("htmx:afterSwap", () => {
            document.querySelector('input[name="player_2"]').value = "Cy";
        }, { once: true })"""
    )
    held[0].continue_()
    expect(page.get_by_label("Scientifico")).to_be_visible()
    page.wait_for_timeout(100)  # settled
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Annalena")
    expect(page.get_by_label("Player 2", exact=True)).to_have_value("Bob")
    expect(page.get_by_label("Player 3", exact=True)).to_have_value("Cy")
    page.unroute(redraw)
    for seat, name in ((4, "Di"),):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Record hand 1")).to_be_visible()
    expect(page.locator('[data-total="Annalena & Cy"]')).to_have_text("0")
