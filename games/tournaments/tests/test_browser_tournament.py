"""A tournament night on phones of 360 px: the director creates a Schafkopf tournament, enters
eight players at the door, draws round 1; a player's phone opens one table's link (signed in
to nothing) and scores a hand there; the director's page shows that table's game without a
reload."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.tournaments.models import RoundTable, Tournament
from tests.conftest import SMALL_PHONE

# What the phones see does not depend on the database: CI runs it once, in its SQLite pass.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.sqlite_pass,
]

NAMES = ("Anni", "Berti", "Cilli", "Dori", "Evi", "Ferdl", "Gustl", "Hansi")


def chip(page: Page, group: str, name: str) -> Locator:
    return page.locator(f".sk-{group} .sk-chip", has_text=re.compile(f"^{name}$"))


def test_a_tournament_night_from_the_directors_phone_and_a_tables_phone(
    live_server: LiveServer, page: Page, browser: Browser, artifacts_dir: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 760})
    page.goto(f"{live_server.url}/tournaments/")
    page.get_by_label("Name", exact=True).fill("Preisschafkopf")
    page.get_by_label("Game", exact=True).select_option("schafkopf")
    page.get_by_label("Games per table each round").fill("32")
    page.get_by_role("button", name="Create tournament").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Preisschafkopf")

    for name in NAMES:
        page.get_by_label("Name", exact=True).fill(name)
        page.get_by_role("button", name="Add entrant").tap()
        expect(page.locator(".entrants li", has_text=name)).to_be_visible()
    expect(page.locator(".entrants li")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.get_by_role("button", name="Draw round 1").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("round 1")
    expect(page.locator(".seat-table")).to_have_count(2)
    page.screenshot(path=str(artifacts_dir / "tournament-seat-list.png"), full_page=True)
    page.get_by_role("link", name=re.compile("Preisschafkopf")).tap()
    expect(page.locator("#progress")).to_contain_text("0 of 32 games")

    tournament = Tournament.objects.get()
    first = RoundTable.objects.get(round__tournament=tournament, number=1)
    names = dict(tournament.entrants.values_list("number", "name"))
    table_phone = browser.new_context(**SMALL_PHONE).new_page()
    table_phone.goto(f"{live_server.url}/play/{first.link_token}/")
    expect(table_phone.get_by_role("heading", level=1)).to_have_text("Schafkopf")
    declarer, partner = names[first.seats[0]], names[first.seats[2]]
    chip(table_phone, "suit", "Eichel").tap()
    chip(table_phone, "declarer", declarer).tap()
    chip(table_phone, "partner", partner).tap()
    chip(table_phone, "result", "Won").tap()
    table_phone.get_by_role("button", name="Save hand").tap()
    expect(table_phone.get_by_text("Hand 1 recorded.")).to_be_visible()
    table_phone.context.close()

    # The director's page polls the tables' progress: the hand shows without a reload.
    table_one = page.locator(".round-table", has_text="Table 1")
    expect(table_one).to_contain_text("1 of 32 games", timeout=10_000)
    expect(table_one).to_contain_text("last save")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts_dir / "tournament-director.png"), full_page=True)
