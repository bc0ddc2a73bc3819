"""A Ramsch tie broken on a 360-px phone (issue 34; games/plugins/schafkopf/rules.md §12): the
tied players' tricks stepped in, the highest trump picked, axe and the tap targets satisfied."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.tables import services as table_services
from tests.clubs import home_club
from tests.tap_targets import small_targets
from tests.test_browser_axe import Report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_ramsch_tie_is_broken_by_tricks_and_the_highest_trump(
    live_server: LiveServer, page: Page
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    players = ["Alessandra", "Alessandro", "Cy", "Di"]
    table = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=players,
        options={"ramsch": True, "ramsch_tie": "tricks-trump"},
    )
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.wait_for_load_state()
    page.locator("label.sk-chip", has=page.locator('input[value="ramsch"]')).click()
    for seat, points in enumerate((20, 40, 40)):
        page.locator(f"#id_card_points_{seat}").fill(str(points))
    for seat in (1, 2):
        page.get_by_role("button", name=f"One more for {players[seat]}").click()
        page.get_by_role("button", name=f"One more for {players[seat]}").click()
    page.locator(
        "label.sk-chip", has=page.locator('input[name="highest_trump"][value="2"]')
    ).click()
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Cy")
    report = Report()
    report.check(page, "schafkopf ramsch tie, entered")
    assert small_targets(page) == []
    report.finish()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator('[data-total="Cy"]')).to_contain_text("60")
    table.refresh_from_db()
    assert table.rounds.get().breakdown["losers"] == ["Cy"]
