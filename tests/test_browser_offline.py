"""Works with no signal (issue 33, items 1, 2, 3 and 6), on a 360-px phone whose browser keeps its
profile on disk, closed and opened again as a restart would: after one visit the home page,
the table, the rules and both referees open offline and say how old they are, and the referees
give offline the verdict the server gives for the same cards; hands entered
offline survive the restart, are scored on the phone by the server's own engine (their points,
and the totals with them, marked; with the differential check of tests/offline_engine.py on the
engine the phone started offline) and are sent once the signal is back; another phone's hands
recorded meanwhile are met by the 409, shown to this phone, and all seven end up stored once
in order; a hand refused stays with why until discarded; signing out forgets the kept pages;
a phone that saves data fetches nothing in the background, and its referees say they cannot
judge offline.

One browser session in all (CI's time is short): the restart and the two phones share it."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Table
from games.tables import services as table_services
from games.tables.tests.test_browser_two_phones import enter_points
from tests.clubs import home_club, home_owner
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, SMALL_PHONE, sign_in
from tests.offline_engine import (
    check_the_phone_scores_every_game_as_the_server_does,
    runtime_installed,
)

pytestmark = [pytest.mark.browser, pytest.mark.offline_kit, pytest.mark.django_db(transaction=True)]

PHONE_360 = {**SMALL_PHONE, "viewport": {"width": 360, "height": 760}}
OFFLINE_PAGES = ("/", "/rules/", "/rules/scopa/", "/referee/primiera/", "/referee/captures/")
KEPT_PAGES = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("pages-"));
  const kept = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) {
      const url = new URL(request.url);
      kept.push(url.pathname + url.search);
    }
  }
  return kept;
}"""
# What the worker kept for scoring offline: the runtime's five files, the engine's zip and worker.
ENGINE_KEPT = """async () => {
  let kept = 0;
  for (const name of await caches.keys()) {
    if (name.startsWith("runtime-") || name === "engine") {
      kept += (await (await caches.open(name)).keys()).length;
    }
  }
  return kept;
}"""

# Whether the page kept at an address is the one the phone wrote for a table started offline.
DRAFT_KEPT = """async (address) => {
  const name = (await caches.keys()).find((each) => each.startsWith("pages-"));
  const kept = name && (await (await caches.open(name)).match(address));
  return !kept || kept.headers.get("X-Scorekeeper-Draft") !== null;
}"""


def lasting_session(server_url: str) -> dict[str, object]:
    """A session cookie that outlives a restart, as Django's does (it has an expiry, unlike the
    one tests.conftest.sign_in gives)."""
    session = Client()
    session.force_login(home_owner())
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": session.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": server_url,
        "expires": time.time() + 3600,
    }


OPEN: list[BrowserContext] = []


def open_phone(browser: Browser, profile: Path) -> BrowserContext:
    phone = browser.browser_type.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, **PHONE_360
    )
    OPEN.append(phone)
    return phone


@pytest.fixture(autouse=True)
def close_phones() -> Iterator[None]:
    """Closed even when the test fails, before the live server waits for its last answers."""
    yield
    while OPEN:
        OPEN.pop().close()


def kept_pages(page: Page) -> list[str]:
    return page.evaluate(KEPT_PAGES)  # type: ignore[no-any-return]


def wait_until_kept(page: Page, paths: list[str]) -> None:
    deadline = time.monotonic() + 20
    while not set(paths) <= set(kept_pages(page)):
        assert time.monotonic() < deadline, f"not kept: {set(paths) - set(kept_pages(page))}"
        page.wait_for_timeout(200)


def wait_until_ready_for_scoring(page: Page, table: str) -> None:
    """The runtime and the engine kept by the worker, and the table's scoresheet by the page."""
    sheet = f"localStorage.getItem('scorekeeper:sheet:{table}') !== null"
    deadline = time.monotonic() + 120
    while page.evaluate(ENGINE_KEPT) < 7 or not page.evaluate(sheet):
        assert time.monotonic() < deadline, "the engine was not kept for offline use"
        page.wait_for_timeout(250)


def expect_pending_scored(page: Page) -> None:
    """Five hands of 10 to 14 for Ann and 1 for Bob, waiting: each row's points, newest first,
    the totals with them, marked, and who deals after them."""
    points = page.locator(".history-pending .pending-points")
    expect(points).to_have_text(
        [f"Ann {10 + hand} \u00b7 Bob 1" for hand in reversed(range(5))], timeout=120000
    )
    expect(page.locator('[data-total="Ann"]')).to_have_text("60")
    expect(page.locator('[data-total="Bob"]')).to_have_text("5")
    expect(page.locator('[data-total="Ann"]')).to_have_class(re.compile("total-pending"))
    # "99 to go" counts the stored hands only: hidden while the totals count the kept ones.
    expect(page.locator("#scoreboard .total-to-go").first).to_be_hidden()
    expect(page.locator("#pending")).to_contain_text("The totals include what is waiting")
    # Ann dealt first: after the five kept, Bob deals next, as the server says once stored.
    expect(page.locator(".table-facts")).to_have_text("Playing to 99 \u00b7 Next to deal: Bob")


# One dispute for each referee, tapped with no signal: the cards for each side button in turn.
# Primiera: side A's three sevens lack clubs, side B's fanti and seven are complete; captures: the
# example of games/plugins/scopa/rules.md §6, a 7 played on 1, 3, 6, 6 and a cavallo.
REFEREE_DISPUTES = (
    ("/referee/primiera/", "verdict", (("7D", "7C", "7S"), ("JD", "JC", "JS", "7B"))),
    ("/referee/captures/", "ruling", (("AD", "3C", "6S", "6C", "NB"), ("7D",))),
)
SECTION_OF = """([html, id]) =>
  new DOMParser().parseFromString(html, "text/html").getElementById(id).innerHTML.trim()"""


def check_the_referees_judge_offline_as_online(page: Page, server_url: str) -> None:
    """Each referee, opened and tapped with no signal, shows the verdict the server gives for
    the same query: worked out on the phone by the same Python (games/plugins/scopa/rulings.py)."""
    for path, section, sides in REFEREE_DISPUTES:
        page.goto(server_url + path)
        expect(page.locator("#offline-note")).to_contain_text("Offline: as of")
        query = {}
        for side, cards in enumerate(sides):
            page.locator(f'.side-pick[data-side="{side}"]').click()
            for card in cards:
                page.locator(f'.card[data-card="{card}"]').click()
                query[f"card_{card}"] = str(side)
        expected = expect_the_servers_verdict(page, path, query, section)
        assert "Point to Side B" in expected or "has 2 choices" in expected
        counted = page.locator("[data-count-cards]").all_text_contents()
        assert counted[: len(sides)] == [str(len(cards)) for cards in sides]
        if section == "verdict":
            # A third side, as the server would redraw the form: its button, its column.
            page.locator('select[name="sides"]').select_option("3")
            expect(page.locator('.side-pick[data-side="2"]')).to_be_visible()
            expected = expect_the_servers_verdict(page, path, {**query, "sides": "3"}, section)
            assert "Side C" in expected
            # A side renamed: its button, and at once the label under each card it took.
            page.locator(".referee-names summary").click()
            page.locator('input[name="name_0"]').fill("Ann")
            page.locator('input[name="name_0"]').dispatch_event("change")
            expect(page.locator('.side-pick[data-side="0"] .side-pick-name')).to_have_text("Ann")
            expect(page.locator('.card[data-card="7D"]')).to_have_attribute(
                "data-side-label", "Ann"
            )


def expect_the_servers_verdict(page: Page, path: str, query: dict[str, str], section: str) -> str:
    server = Client().get(path, query).content.decode()
    expected: str = page.evaluate(SECTION_OF, [server, section])
    deadline = time.monotonic() + 120
    while page.locator(f"#{section}").inner_html().strip() != expected:
        assert time.monotonic() < deadline, f"{path}: no verdict given offline"
        page.wait_for_timeout(250)
    return expected


def save_hand(page: Page, first: int, second: int) -> None:
    enter_points(page, first, second)
    page.get_by_role("button", name="Save hand").click()


def test_pages_and_hands_outlive_the_signal_a_restart_and_another_phone(
    live_server: LiveServer, browser: Browser, tmp_path: Path, artifacts_dir: Path
) -> None:
    profile = tmp_path
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    table_url = f"{live_server.url}/tables/{table.public_id}/"

    # One visit with a signal: the table, then, in the background, the rest.
    phone = open_phone(browser, profile)
    phone.add_cookies([lasting_session(live_server.url)])  # type: ignore[list-item]
    page = phone.new_page()
    page.goto(table_url)
    wait_until_kept(page, [f"/tables/{table.public_id}/", *OFFLINE_PAGES])
    # Scoring on the phone is the same on either database: checked in the SQLite pass (CI's
    # time is short), where the runtime is required; the PostgreSQL pass does not wait for it.
    scores_offline = connection.vendor == "sqlite" and runtime_installed()
    if scores_offline:
        wait_until_ready_for_scoring(page, table.public_id)

    phone.set_offline(True)
    for path in OFFLINE_PAGES:
        page.goto(live_server.url + path)
        expect(page.locator("#offline-note")).to_contain_text("Offline: as of")
    expect(page.get_by_role("heading", level=1)).not_to_have_text("No connection")
    if scores_offline:
        check_the_referees_judge_offline_as_online(page, live_server.url)

    # Five hands entered at the table with no signal: kept, waiting, counted, scored here.
    page.goto(table_url)
    expect(page.locator("#offline-note")).to_contain_text("Offline: as of")
    for hand in range(5):
        if hand == 4 and scores_offline:
            # The server's preview cannot come: the phone's, by the same rules.
            enter_points(page, 14, 1)
            page.locator('input[name="points_1"]').dispatch_event("change")
            expect(page.locator("#preview")).to_have_text(
                "Scored on this phone: Ann 14 \u00b7 Bob 1", timeout=120000
            )
        save_hand(page, 10 + hand, 1)
        expect(page.locator(".history-pending")).to_have_count(hand + 1)
    expect(page.locator("#pending-count")).to_have_text("5 waiting to be sent")
    if scores_offline:
        expect_pending_scored(page)
    elif not runtime_installed():
        expect(page.locator("#pending")).to_contain_text("leave out what is waiting")
        expect(page.locator('[data-total="Ann"]')).to_have_text("0")
    page.screenshot(path=artifacts_dir / "offline-pending-360.png", full_page=True)

    # Meanwhile the other phone, with a signal, records two.
    other = browser.new_context(**PHONE_360)
    OPEN.append(other)
    sign_in(other, live_server.url)
    other_page = other.new_page()
    other_page.goto(table_url)
    for hand in range(2):
        save_hand(other_page, 0, 5 + hand)
        expect(other_page.get_by_text(f"Hand {hand + 1} recorded.")).to_be_visible()
    other.close()

    # The browser is closed and the phone restarted, still with no signal: the kept table
    # opens with its five hands waiting.
    phone.close()
    phone = open_phone(browser, profile)
    phone.set_offline(True)
    page = phone.new_page()
    page.goto(table_url)
    expect(page.locator("#offline-note")).to_contain_text("Offline: as of")
    expect(page.locator(".history-pending")).to_have_count(5)
    assert Table.objects.get().rounds.count() == 2
    if scores_offline:
        # The runtime and the engine started from what the worker kept: scored as before, and
        # by the engine the server runs, over every game (one batch, this page's engine).
        expect_pending_scored(page)
        check_the_phone_scores_every_game_as_the_server_does(page)

    # The signal comes back: the first kept hand meets the other phone's two (409), shown
    # here with the hand kept; recorded as the next hand, the four others follow on their own.
    phone.set_offline(False)
    conflict = page.locator("#conflict")
    expect(conflict).to_contain_text("Hand 1 was recorded on another phone", timeout=10000)
    expect(conflict).to_contain_text("Hand 2 was recorded on another phone")
    # Newest first, as the history: the one refused is the first entered, at the bottom.
    refused = page.locator(".history-pending").last
    expect(refused).to_contain_text("Not sent: the table changed")
    expect(refused.get_by_role("button", name="Send again")).to_be_visible()
    expect(refused.get_by_role("button", name="Discard")).to_be_visible()
    page.screenshot(path=artifacts_dir / "offline-conflict-360.png", full_page=True)
    conflict.get_by_role("button", name="Record mine as hand 3").click()
    expect(page.locator("#pending")).to_be_hidden(timeout=15000)
    expect(page.locator(".history-pending")).to_have_count(0)
    expect(page.locator('[data-total="Ann"]')).to_have_text("60")
    expect(page.locator('[data-total="Bob"]')).to_have_text("16")
    expect(page.locator('[data-total="Ann"]')).not_to_have_class(re.compile("total-pending"))
    expect(page.locator("#scoreboard .total-to-go").first).to_have_text("39 to go")

    rounds = list(Table.objects.get().rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5, 6, 7]
    assert [r.entry["points"] for r in rounds] == [
        {"Ann": 0, "Bob": 5},
        {"Ann": 0, "Bob": 6},
        *({"Ann": 10 + hand, "Bob": 1} for hand in range(5)),
    ]
    assert len({r.hand_token for r in rounds}) == 7

    # A hand the server refuses (the table was deleted meanwhile) stays, with why, until the
    # player discards it.
    phone.set_offline(True)
    save_hand(page, 1, 1)
    expect(page.locator(".history-pending")).to_have_count(1)
    table_services.table_delete(Table.objects.get())
    phone.set_offline(False)
    refused = page.locator(".history-pending")
    expect(refused).to_contain_text("Not sent: the server refused it (error 404).")
    refused.get_by_role("button", name="Discard").click()
    expect(page.locator(".history-pending")).to_have_count(0)
    expect(page.locator("#pending")).to_be_hidden()

    # Signing out forgets the pages kept for this account.
    assert f"/tables/{table.public_id}/" in kept_pages(page)
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_load_state()
    assert f"/tables/{table.public_id}/" not in kept_pages(page)
    assert (
        page.evaluate("Object.keys(localStorage)").count(f"scorekeeper:sheet:{table.public_id}")
        == 0
    )
    phone.close()

    # A phone that saves data fetches nothing in the background: no worker, nothing kept.
    thrifty = browser.new_context(**PHONE_360)
    OPEN.append(thrifty)
    thrifty.add_init_script(
        "Object.defineProperty(navigator, 'connection', {value: {saveData: true}})"
    )
    page = thrifty.new_page()
    page.goto(live_server.url + "/rules/")
    page.wait_for_timeout(1000)
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    assert kept_pages(page) == []
    # Nor has it the engine: a referee tapped with no signal says that what it shows is for the
    # cards before the tap, rather than pass it off as the new verdict.
    page.goto(live_server.url + "/referee/primiera/")
    thrifty.set_offline(True)
    page.locator('.card[data-card="7D"]').click()
    expect(page.locator("#verdict .offline-cannot")).to_contain_text("this phone cannot judge yet")
    expect(page.locator("#verdict-bar")).to_contain_text("Nobody scores it")


# Scored on the phone by no engine, and sent to whichever database the server has: CI runs it
# in its PostgreSQL pass, which has the time (the other one here, with the runtime, in SQLite's).
@pytest.mark.postgresql_pass
def test_a_table_started_offline_is_stored_with_its_hands_at_the_address_it_showed(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    """Issue 33, item 4: the new-table page kept, a table started and two hands entered with no
    signal, at an address that is the table's once the signal is back; two more started, with
    a hand each, sent with their hands from the page of another table."""
    phone = browser.new_context(**PHONE_360)
    OPEN.append(phone)
    phone.add_cookies([lasting_session(live_server.url)])  # type: ignore[list-item]
    page = phone.new_page()
    page.goto(live_server.url + "/")
    wait_until_kept(
        page,
        [
            "/tables/new/",
            "/tables/blank/scopa/2-players/",
            "/tables/blank/scopa/4-players/?four_individuals=true",
            "/tables/blank/schafkopf/5-players/",
        ],
    )

    phone.set_offline(True)
    page.goto(live_server.url + "/tables/new/")
    page.get_by_label("Player 1").fill("Ann")
    page.get_by_label("Player 2", exact=True).fill("Bob")
    page.locator('input[name="opt_target"]').fill("21")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r".*/tables/[a-z2-7]{16}/$"))
    address = page.url
    draft_id = address.split("/")[-2]
    expect(page.locator("#draft-table")).to_contain_text("Started on this phone with no signal")
    expect(page.locator('[data-total="Ann"]')).to_have_text("0")
    # The options chosen, not the blank page's defaults (whose scoreboard line is hidden).
    expect(page.locator(".options-summary")).to_have_text("Target: 21")
    expect(page.locator(".table-facts")).to_be_hidden()
    # What the phone's engine scores its hands from, where it has one.
    sheet = page.evaluate(f"localStorage.getItem('scorekeeper:sheet:{draft_id}')")
    assert '"options":{"target":21},"players":["Ann","Bob"]' in sheet
    for hand in range(2):
        save_hand(page, 3 + hand, 1)
        expect(page.locator(".history-pending")).to_have_count(hand + 1)
    # The form counts the hands waiting: the next is the third.
    expect(page.locator("#record-heading")).to_have_text("Record hand 3")
    # The kept home page leads back to it, and its address opens it as it was left.
    page.goto(live_server.url + "/")
    page.locator("#drafts").get_by_role("link", name="Ann, Bob").click()
    page.wait_for_url(address)
    expect(page.locator(".history-pending")).to_have_count(2)
    page.screenshot(path=artifacts_dir / "offline-new-table-360.png", full_page=True)
    # Nothing is stored at the address the phone showed while it has no signal. (Asked of that
    # address, not of the whole database: a table another test's server left is not this
    # test's, and what it held is said if one is there.)
    assert not Table.objects.filter(public_id=draft_id).exists(), "stored offline: " + repr(
        [(t.public_id, [s.player.name for s in t.seats.all()]) for t in Table.objects.all()]
    )

    phone.set_offline(False)
    expect(page.locator('[data-total="Ann"]')).to_have_text("7", timeout=15000)
    expect(page.locator(".history-pending")).to_have_count(0)
    expect(page.locator("#draft-table")).to_have_count(0)
    assert page.url == address
    table = Table.objects.get(public_id=draft_id)
    assert [seat.player.name for seat in table.seats.order_by("position")] == ["Ann", "Bob"]
    assert table.options == {"target": 21}
    rounds = list(table.rounds.order_by("number"))
    assert [r.entry["points"] for r in rounds] == [{"Ann": 3, "Bob": 1}, {"Ann": 4, "Bob": 1}]
    assert len({r.hand_token for r in rounds}) == 2

    # A Schafkopf table of five with a Ramsch, Cy dealing first: the form is the table's own
    # (the Ramsch's card points, no Klopfen), without the seat that deals and sits out, which
    # moves on with each hand kept.
    phone.set_offline(True)
    page.goto(live_server.url + "/tables/new/?game=schafkopf")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di", "Ed"]):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.get_by_label("Ramsch when everybody passes", exact=True).check()
    page.get_by_label("Deals first").select_option("2")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r".*/tables/[a-z2-7]{16}/$"))
    schafkopf = page.url
    sits_out = page.locator(".sk-sits-out:visible")
    expect(sits_out).to_have_text("Cy deals and sits out this game.")
    # The scoreboard's words for who deals are Cy's, not the blank page's first seat's.
    dealing = page.locator("#scoreboard template[data-current]")
    expect(dealing).to_have_attribute("data-dealer", "2")
    expect(page.locator(".sk-klopfen")).to_have_count(0)
    page.locator('.sk-contract .sk-chip[data-value="ramsch"]').click()
    expect(page.get_by_label("Card points of Cy")).to_be_hidden()
    for name, points in (("Ann", 30), ("Bob", 50), ("Di", 20)):
        page.get_by_label(f"Card points of {name}").fill(str(points))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".history-pending")).to_have_count(1)
    expect(sits_out).to_have_text("Di deals and sits out this game.")
    expect(page.locator(".sk-declarer .sk-chip", has_text="Di")).to_be_hidden()
    expect(page.locator(".sk-declarer .sk-chip", has_text="Cy")).to_be_visible()
    # Four players each for themselves: the blank of four sides, not of two teams.
    page.goto(live_server.url + "/tables/new/")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.get_by_label("Four players each for themselves").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r".*/tables/[a-z2-7]{16}/$"))
    expect(page.locator('#hand-form input[name^="points_"]')).to_have_count(4)
    alone = page.url
    page.get_by_label("Enter points").check()
    for seat, points in enumerate((4, 3, 2, 1)):
        page.locator(f'input[name="points_{seat}"]').fill(str(points))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".history-pending")).to_have_count(1)

    # The signal comes back on the page of a table stored before: both tables started offline
    # are sent from there, each with its hands (that page loads offline-tables.js while any wait).
    page.goto(address)
    phone.set_offline(False)
    deadline = time.monotonic() + 20
    waiting = "Object.keys(localStorage).filter((key) => /drafts|pending:/.test(key)).length"
    while page.evaluate(waiting):
        assert time.monotonic() < deadline, "the tables started offline were not all sent"
        page.wait_for_timeout(200)
    assert page.url == address
    table = Table.objects.get(public_id=schafkopf.split("/")[-2])
    assert (table.options, table.first_dealer) == ({"ramsch": True}, 2)
    (ramsch,) = table.rounds.all()
    assert (ramsch.entry["contract"], ramsch.dealer) == ("ramsch", 2)
    # Bob, with the most card points, pays each of the three others the Ramsch's 20.
    assert {each.side: each.points for each in ramsch.points.all()} == {
        "Ann": 20,
        "Bob": -60,
        "Cy": 0,
        "Di": 20,
        "Ed": 20,
    }
    four = Table.objects.get(public_id=alone.split("/")[-2])
    assert (four.options, len(four.setup().sides)) == ({"four_individuals": True}, 4)
    assert [r.entry["points"] for r in four.rounds.all()] == [
        {"Ann": 4, "Bob": 3, "Cy": 2, "Di": 1}
    ]
    # Their pages, opened with no signal, are the server's now, not the drafts.
    deadline = time.monotonic() + 10
    while page.evaluate(DRAFT_KEPT, alone):
        assert time.monotonic() < deadline, "the draft's page was kept instead of the server's"
        page.wait_for_timeout(200)
    phone.set_offline(True)
    page.goto(alone)
    expect(page.locator('[data-total="Ann"]')).to_have_text("4")
    expect(page.locator("#draft-table")).to_have_count(0)
