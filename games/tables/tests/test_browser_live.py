"""The live table (issue 15) on two phones: a hand saved on one shows on the other within
seconds without touching the hand being entered there; that entry survives a reload; a save
made without a connection is kept, retried when the connection is back, and stored once."""

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Table
from games.tables import services as table_services
from games.tables.tests.test_browser_two_phones import enter_points
from tests.clubs import home_club
from tests.conftest import SMALL_PHONE, sign_in
from tests.test_browser import tap_cards

# Phones that follow each other's saves: CI runs it once, on the production database.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql_pass,
]


def two_phones(live_server: LiveServer, browser: Browser) -> tuple[Page, Page]:
    """Two signed-in phones on one new Scopa table, Ann against Bob. Their clocks are
    Playwright's (time runs as usual): a test moves one on to its next poll (``next_poll``)
    rather than wait for it."""
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    url = f"{live_server.url}/tables/{table.public_id}/"
    phones = []
    for _phone in range(2):
        context = browser.new_context(**SMALL_PHONE)
        context.clock.install()
        sign_in(context, live_server.url)
        phone = context.new_page()
        phone.goto(url)
        phones.append(phone)
    return phones[0], phones[1]


# The table page's poll (tables/table_detail.html: hx-trigger "every 3s").
POLL_MS = 3000


def next_poll(phone: Page) -> None:
    """The phone's clock moved on to its next poll, which is sent at once."""
    phone.clock.fast_forward(POLL_MS)


def test_the_other_phone_follows_and_an_entry_under_way_survives(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    phone_a, phone_b = two_phones(live_server, browser)

    # B starts tapping a hand; A records one.
    tap_cards(phone_b, "7D", "AD", "2D")
    picker_b = phone_b.locator('.side-pick[data-side="0"]')
    expect(picker_b).to_contain_text("cards 3 · coins 3")
    enter_points(phone_a, 3, 1)
    phone_a.get_by_role("button", name="Save hand").click()
    expect(phone_a.get_by_text("Hand 1 recorded.")).to_be_visible()

    # At its next poll B sees it, and is told, with its three cards still tapped.
    next_poll(phone_b)
    expect(phone_b.locator('[data-total="Ann"]')).to_have_text("3", timeout=5000)
    expect(phone_b.locator("#live-notice")).to_contain_text(
        "Hand 1 was recorded on another phone: Ann 3, Bob 1"
    )
    expect(phone_b.locator(".history-item")).to_have_count(1)
    expect(picker_b).to_contain_text("cards 3 · coins 3")
    phone_b.screenshot(path=artifacts_dir / "live-other-phone.png", full_page=True)

    # A reload (or the phone dropping the tab) brings B's entry back.
    phone_b.reload()
    expect(phone_b.locator("#save-status")).to_contain_text("Your unsaved hand is back")
    expect(picker_b).to_contain_text("cards 3 · coins 3")
    expect(phone_b.locator('.card[data-card="7D"]')).to_have_attribute("data-side", "0")

    # Saving it is refused with what changed (the draft kept its version); B clears it.
    phone_b.get_by_role("button", name="Save hand").click()
    expect(phone_b.locator("#conflict")).to_contain_text("Hand 1 was recorded on another phone")
    phone_b.get_by_role("link", name="Discard mine").click()
    expect(phone_b.get_by_role("heading", name="Record hand 2")).to_be_visible()
    expect(picker_b).to_contain_text("cards 0 · coins 0")
    phone_b.reload()
    expect(picker_b).to_contain_text("cards 0 · coins 0")
    expect(phone_b.locator("#save-status")).to_be_hidden()

    # An untouched page takes the table's new version: B's next hand saves without a fuss.
    enter_points(phone_a, 1, 1)
    phone_a.get_by_role("button", name="Save hand").click()
    expect(phone_a.get_by_text("Hand 2 recorded.")).to_be_visible()
    next_poll(phone_b)
    expect(phone_b.get_by_role("heading", name="Record hand 3")).to_be_visible(timeout=5000)
    enter_points(phone_b, 0, 2)
    phone_b.get_by_role("button", name="Save hand").click()
    expect(phone_b.get_by_text("Hand 3 recorded.")).to_be_visible()
    assert Table.objects.get().rounds.count() == 3
    for phone in (phone_a, phone_b):
        phone.context.close()


def test_a_save_without_a_connection_is_kept_retried_and_stored_once(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    enter_points(page, 2, 1)

    page.context.set_offline(True)
    page.get_by_role("button", name="Save hand").click()

    status = page.locator("#save-status")
    expect(status).to_contain_text("Not saved yet")
    # Kept on the phone (pending.js), waiting on top of the history, and the form emptied for
    # the next hand.
    expect(page.locator("#pending-count")).to_have_text("1 waiting to be sent")
    expect(page.locator(".history-pending")).to_have_count(1)
    expect(page.locator('input[name="points_0"]')).to_have_value("0")
    page.screenshot(path=artifacts_dir / "live-offline-save.png", full_page=True)
    assert Table.objects.get().rounds.count() == 0

    page.context.set_offline(False)
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible(timeout=10000)
    expect(status).to_be_hidden()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator(".history-pending")).to_have_count(0)
    expect(page.locator('[data-total="Ann"]')).to_have_text("2")
    rounds = list(Table.objects.get().rounds.all())
    assert [r.entry["points"] for r in rounds] == [{"Ann": 2, "Bob": 1}]


def test_a_hand_cleared_after_another_phone_saved_moves_on_to_the_next_hand(
    live_server: LiveServer, browser: Browser
) -> None:
    phone_a, phone_b = two_phones(live_server, browser)
    tap_cards(phone_b, "7D")
    enter_points(phone_a, 3, 1)
    phone_a.get_by_role("button", name="Save hand").click()
    expect(phone_a.get_by_text("Hand 1 recorded.")).to_be_visible()
    next_poll(phone_b)
    expect(phone_b.locator("#live-notice")).to_contain_text("Hand 1 was recorded", timeout=5000)

    # It was the same hand: B clears its entry, and its form moves on to hand 2 at once.
    phone_b.get_by_role("button", name="Clear my hand").click()
    expect(phone_b.get_by_role("heading", name="Record hand 2")).to_be_visible(timeout=2000)
    enter_points(phone_b, 0, 2)
    phone_b.get_by_role("button", name="Save hand").click()
    expect(phone_b.get_by_text("Hand 2 recorded.")).to_be_visible()
    assert Table.objects.get().rounds.count() == 2
    for phone in (phone_a, phone_b):
        phone.context.close()


def wait_until(phone: Page, condition: Callable[[], bool]) -> None:
    """Let the phone run (its routes are answered meanwhile) until ``condition`` holds."""
    for _tick in range(200):
        if condition():
            return
        phone.wait_for_timeout(50)
    raise AssertionError("the phone never got there")


def test_a_poll_sent_before_a_kept_hand_was_refused_leaves_that_hand_to_record(
    live_server: LiveServer, browser: Browser
) -> None:
    """A poll answers for the hand entry it was sent with. One sent while a kept hand was on
    its way, answered after that hand's 409 drew it back into the form, must not give the form
    a new token: "Record mine" then stores the kept hand itself, and the phone's list of
    hands waiting empties. (Seen in CI on a loaded machine: the kept hand stayed waiting.)"""
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    # No service worker: the phone's own requests go through the routes below.
    context = browser.new_context(**SMALL_PHONE, service_workers="block")
    sign_in(context, live_server.url)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/tables/{table.public_id}/")
    context.set_offline(True)
    enter_points(phone, 4, 1)
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("#pending-count")).to_have_text("1 waiting to be sent")
    kept_token = phone.evaluate(
        "JSON.parse(localStorage.getItem('scorekeeper:pending:' + "
        "document.getElementById('pending').dataset.table))[0].token"
    )
    # Meanwhile another phone records a hand.
    table_services.round_record(
        Table.objects.get(), {"points": {"Ann": 0, "Bob": 2}}, version=0, token="elsewhere"
    )

    held: list[Route] = []

    def hold_saves_and_polls(route: Route) -> None:
        saving = route.request.method == "POST" and "action=preview" not in (
            route.request.post_data or ""
        )
        if saving or "part=live" in route.request.url:
            held.append(route)
        else:
            route.continue_()

    context.route("**/*", hold_saves_and_polls)
    context.set_offline(False)
    # The kept hand is on its way (held), and a poll is sent while the form is the empty one.
    wait_until(phone, lambda: any(route.request.method == "POST" for route in held))
    phone.evaluate("htmx.trigger(document.getElementById('live'), 'poll-now')")
    wait_until(phone, lambda: any(route.request.method == "GET" for route in held))
    (post,) = [route for route in held if route.request.method == "POST"]
    polls = [route for route in held if route.request.method == "GET"]
    with phone.expect_response(lambda response: response.request.method == "POST"):
        post.continue_()
    conflict = phone.locator("#conflict")
    expect(conflict).to_contain_text("Hand 1 was recorded on another phone")
    for poll in polls:
        with phone.expect_response(lambda response: "part=live" in response.url):
            poll.continue_()
    # The phone asks again (held too, and let through as the routes go): the page as it is.
    wait_until(phone, lambda: len(held) > len(polls) + 1)
    with phone.expect_response(lambda response: "part=live" in response.url):
        context.unroute("**/*")
    expect(phone.locator('#hand-form input[name="hand_token"]')).to_have_value(kept_token)
    expect(conflict).to_contain_text("Hand 1 was recorded on another phone")
    conflict.get_by_role("button", name="Record mine as hand 2").click()
    expect(phone.locator("#pending")).to_be_hidden()
    rounds = list(Table.objects.get().rounds.order_by("number"))
    assert [(r.number, r.hand_token) for r in rounds] == [(1, "elsewhere"), (2, kept_token)]
    context.close()
