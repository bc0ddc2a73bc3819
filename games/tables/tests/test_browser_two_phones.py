"""Two phones at one table: the second phone's out-of-date form is told what changed (409),
and no hand is stored twice or lost."""

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.models import Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.conftest import SMALL_PHONE, sign_in

# Phones that follow each other's saves: CI runs it once, on the production database.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql_pass,
]


def enter_points(page: Page, first: int, second: int) -> None:
    page.wait_for_load_state()
    page.get_by_label("Enter points").check()
    page.locator('input[name="points_0"]').fill(str(first))
    page.locator('input[name="points_1"]').fill(str(second))


def test_the_second_phone_is_told_and_records_its_hand_once(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopone", players=["Ann", "Bob", "Cy", "Di"]
    )
    url = f"{live_server.url}/tables/{table.public_id}/"
    contexts = [browser.new_context(**SMALL_PHONE) for _phone in range(2)]
    for context in contexts:
        sign_in(context, live_server.url)
    phone_a, phone_b = (context.new_page() for context in contexts)
    phone_a.goto(url)
    phone_b.goto(url)

    # Both phones enter the same real hand; A saves first.
    enter_points(phone_a, 3, 1)
    enter_points(phone_b, 3, 1)
    phone_a.get_by_role("button", name="Save hand").click()
    expect(phone_a.get_by_text("Hand 1 recorded.")).to_be_visible()

    phone_b.get_by_role("button", name="Save hand").click()
    notice = phone_b.get_by_role("alert")
    expect(notice).to_contain_text("Not saved: the table changed while you had this page open.")
    expect(notice).to_contain_text("Hand 1 was recorded on another phone: Ann & Cy 3, Bob & Di 1")
    expect(phone_b.locator('[data-total="Ann & Cy"]')).to_have_text("3")
    # B's entry is still there, ready to record as the next hand or to discard.
    expect(phone_b.locator('input[name="points_0"]')).to_have_value("3")
    phone_b.screenshot(path=artifacts_dir / "two-phones-conflict.png", full_page=True)
    assert Table.objects.get().rounds.count() == 1

    # B decides it was the same hand: discard. Then both phones go on, and B records hand 2.
    phone_b.get_by_role("link", name="Discard mine").click()
    expect(phone_b.get_by_role("heading", name="Record hand 2")).to_be_visible()
    enter_points(phone_b, 0, 2)
    # A is entering its own hand meanwhile: the live page leaves an entry under way alone.
    enter_points(phone_a, 1, 0)
    phone_b.get_by_role("button", name="Save hand").click()
    expect(phone_b.get_by_text("Hand 2 recorded.")).to_be_visible()

    # A's hand goes in as hand 3 only when A says so.
    phone_a.get_by_role("button", name="Save hand").click()
    expect(phone_a.get_by_role("alert")).to_contain_text(
        "Hand 2 was recorded on another phone: Ann & Cy 0, Bob & Di 2"
    )
    phone_a.get_by_role("button", name="Record mine as hand 3").click()
    expect(phone_a.get_by_text("Hand 3 recorded.")).to_be_visible()
    expect(phone_a.locator('[data-total="Ann & Cy"]')).to_have_text("4")
    expect(phone_a.locator('[data-total="Bob & Di"]')).to_have_text("3")

    rounds = list(Table.objects.get().rounds.order_by("number"))
    assert [r.entry["points"] for r in rounds] == [
        {"Ann & Cy": 3, "Bob & Di": 1},
        {"Ann & Cy": 0, "Bob & Di": 2},
        {"Ann & Cy": 1, "Bob & Di": 0},
    ]
    phone_a.context.close()
    phone_b.context.close()
