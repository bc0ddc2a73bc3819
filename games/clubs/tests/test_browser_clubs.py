"""Four phones and a table: A starts it as a guest, B joins by the invite link and records a
hand, stranger C cannot even tell it exists, and D watches the scoreboard through its link."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import GuestAccount, Table, TableChange
from tests.conftest import SMALL_PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def new_phone(browser: Browser) -> Page:
    return browser.new_context(**SMALL_PHONE).new_page()


def test_a_guest_table_shared_by_invite_and_watch_links(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    # A: no sign-up, straight to a new table.
    phone_a = new_phone(browser)
    phone_a.goto(f"{live_server.url}/")
    phone_a.get_by_role("link", name="New table").first.click()
    phone_a.get_by_label("Player 1", exact=True).fill("Ann")
    phone_a.get_by_label("Player 2", exact=True).fill("Bob")
    phone_a.get_by_role("button", name="Start the game").click()
    expect(phone_a.get_by_role("heading", level=1)).to_have_text("Scopa")
    table_url = phone_a.url
    assert GuestAccount.objects.count() == 1

    # A makes a watch link for the phone in the middle of the table, and an invite for B.
    phone_a.get_by_role("button", name="Make a watch link").click()
    watch_url = phone_a.get_by_role("textbox", name="Watch link").input_value()
    phone_a.get_by_role("link", name="Invite someone to My games").click()
    phone_a.get_by_role("button", name="Make an invite link").click()
    expect(phone_a.locator(".qr svg")).to_be_visible()
    invite_url = phone_a.get_by_role("textbox", name="Invite link").input_value()
    assert phone_a.evaluate("document.documentElement.scrollWidth") <= 360
    phone_a.screenshot(path=str(artifacts_dir / "club-invite.png"), full_page=True)

    # B opens the invite, joins (a guest too), and records the first hand.
    phone_b = new_phone(browser)
    phone_b.goto(invite_url)
    expect(phone_b.get_by_role("heading", level=1)).to_have_text("Join My games")
    phone_b.get_by_role("button", name="Join").click()
    phone_b.get_by_role("link", name="Ann").first.click()
    phone_b.get_by_label("Enter points").check()
    for _ in range(3):
        phone_b.get_by_role("button", name="One more for Ann").click()
    phone_b.get_by_role("button", name="Save hand").click()
    expect(phone_b.locator('[data-total="Ann"]')).to_have_text("3")
    assert phone_b.url.split("#")[0] == table_url
    change = TableChange.objects.get(kind=TableChange.Kind.RECORDED)
    assert change.user is not None
    assert change.user.guest is not None

    # C, a stranger, gets a plain 404 on the table's address.
    phone_c = new_phone(browser)
    response = phone_c.goto(table_url)
    assert response is not None
    assert response.status == 404

    # D holds the watch link: the scoreboard, and no form to change anything.
    phone_d = new_phone(browser)
    phone_d.goto(watch_url)
    expect(phone_d.locator('[data-total="Ann"]')).to_have_text("3")
    expect(phone_d.locator("#main form")).to_have_count(0)
    expect(phone_d.get_by_role("button", name="Save hand")).to_have_count(0)
    phone_d.screenshot(path=str(artifacts_dir / "watch-link.png"), full_page=True)
    assert Table.objects.get().rounds.count() == 1
