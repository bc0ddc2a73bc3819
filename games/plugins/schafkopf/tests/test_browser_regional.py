"""The regional games on a 360-px phone in German (issue 34; games/plugins/schafkopf/rules.md
§17-§18): every chip of a table playing Hochzeit, Geier, Farbwenz and Farbgeier fits whole,
and a Farbgeier-Tout is tapped, previewed and saved."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from games.tables import services as table_services
from tests.clubs import home_club
from tests.tap_targets import small_targets
from tests.test_browser_languages import BROKEN_WORDS, fits, phone, words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_regional_games_fit_and_a_farbgeier_tout_is_saved_in_german(
    live_server: LiveServer, browser: Browser
) -> None:
    page = phone(browser, live_server, locale="de-DE")
    table = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"geier": True, "farbwenz": True, "hochzeit": True, "bettel": True},
    )
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.wait_for_load_state()
    broken = page.evaluate(BROKEN_WORDS)
    assert broken == [], broken
    fits(page, "regional Schafkopf games in German")
    page.locator("label.sk-chip", has=page.locator('input[value="farbgeier-tout"]')).click()
    page.locator('.sk-suit-chip[data-suit="gras"]').click()
    page.locator(".sk-declarer .sk-seat", has_text=re.compile("^Bob$")).click()
    page.locator('.sk-outcome[data-value="won"]').click()
    expect(page.locator("#preview").locator('[data-preview="Bob"]')).to_have_text("+540")
    assert small_targets(page) == []
    page.get_by_role("button", name=words("de", "Save hand", "schafkopf")).click()
    expect(page.locator('[data-total="Bob"]')).to_have_text("+540")
    table.refresh_from_db()
    assert table.rounds.get().entry == {
        "contract": "farbgeier-tout",
        "declarer": "Bob",
        "suit": "gras",
        "declarer_won": True,
    }
