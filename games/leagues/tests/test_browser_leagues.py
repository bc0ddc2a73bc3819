"""A league on a phone: standings per season and game, sorting, a profile with its rating
chart, a table's running totals, and the end-of-night settlement."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games.leagues import services as league_services
from games.models import League, Table
from tests.clubs import home_club
from tests.leagues import at, finished, season

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MINUS = "\u2212"
FIVE = ["Ann", "Bob", "Cy", "Di", "Eva"]


def club_with_history() -> tuple[League, Table, str]:
    """Two seasons, every game; on the last evening two Schafkopf tables play for money."""
    club = league_services.league_create(
        club=home_club(),
        name="Thursday club",
        games=["scopa", "scopone", "pirate-scopa", "ciapano", "swoops", "schafkopf"],
    )
    season(club, "Winter", "2026-01-01", "2026-02-28")
    season(club, "Spring", "2026-03-01", "2026-05-31")
    finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-08"))
    finished("scopone", ["Ann", "Bob", "Cy", "Di"], "Ann", league=club, when=at("2026-01-15"))
    finished("swoops", ["Ann", "Bob", "Cy", "Di", "Eva"], "Eva", league=club, when=at("2026-02-05"))
    finished("pirate-scopa", ["Bob", "Cy", "Eva"], "Cy", league=club, when=at("2026-03-05"))
    ciapano = finished(
        "ciapano", ["Ann", "Bob", "Cy"], "Bob", league=club, when=at("2026-03-05", 22)
    )
    evening = "2026-03-12"
    for players, winner in (
        (["Ann", "Bob", "Cy", "Di"], "Di"),
        (["Bob", "Cy", "Di", "Eva"], "Eva"),
    ):
        table = finished(
            "schafkopf",
            players,
            winner,
            league=club,
            when=at(evening, 23),
            options={"cents_per_point": 20, "currency": "EUR"},
        )
        Table.objects.filter(pk=table.pk).update(created_at=at(evening, 19))
    return club, ciapano, evening


def money(text: str) -> Decimal:
    number = Decimal(re.sub(r"[^\d.,]", "", text).replace(",", "."))
    return -number if MINUS in text or text.strip().startswith("-") else number


def test_a_league_night_on_a_phone(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    _club, ciapano, evening = club_with_history()
    page.set_viewport_size({"width": 360, "height": 740})

    page.goto(f"{live_server.url}/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Leagues").tap()
    page.get_by_role("link", name=re.compile("Thursday club")).tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Thursday club")

    standings = page.locator("table.standings tbody tr")
    expect(standings).to_have_count(5)
    # Every rating shows its uncertainty; the last session (12 March) moved some players.
    expect(page.locator("td.rating").first).to_contain_text("±")
    assert page.locator(".move-up, .move-down").count() >= 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts_dir / "league-standings.png"), full_page=True)

    # Winter only: Eva won the Swoops, the only game she played then.
    page.get_by_role("navigation", name="Season").get_by_role("link", name="Winter").tap()
    expect(page).to_have_url(re.compile(r"season=[a-z2-7]{16}"))
    expect(page.locator("#standings-heading")).to_have_text("Standings · Winter")
    expect(standings).to_have_count(5)
    eva = page.locator("table.standings tbody tr", has_text="Eva")
    expect(eva.locator("td.col-played")).to_have_text("1")  # past what the phone shows
    expect(eva.locator("td.col-win_rate")).to_have_text("100%")

    # All time, Ciapanò: its own measures, sorted by the average place, best first.
    page.get_by_role("navigation", name="Season").get_by_role("link", name="All time").tap()
    expect(page.locator("#standings-heading")).to_have_text("Standings")
    page.get_by_role("navigation", name="Game").get_by_role("link", name="Ciapanò").tap()
    expect(page.locator("table.standings thead")).to_contain_text("Out")
    page.get_by_role("link", name=re.compile("Sort by Average finishing place")).tap()
    expect(page.locator('th[aria-sort="ascending"]')).to_contain_text("Place")
    expect(standings.first.locator("th.name")).to_have_text("Bob")
    expect(standings.last.locator("th.name")).to_have_text("Ann")  # out first
    page.screenshot(path=str(artifacts_dir / "league-ciapano.png"), full_page=True)

    # A profile: per-game figures, the rating chart and its numbers.
    standings.first.get_by_role("link", name="Bob").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Bob")
    chart = page.locator("svg[role=img]").first
    expect(chart).to_be_visible()
    expect(chart.locator("title")).to_have_text("Rating in Thursday club")
    page.get_by_text("Show the numbers").first.tap()
    sessions = page.locator("figure.chart table tbody tr")
    # Bob played on 5 evenings (two tables on 5 and on 12 March).
    expect(sessions).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts_dir / "league-profile.png"), full_page=True)

    # A table's running totals, with the elimination line.
    page.goto(f"{live_server.url}/tables/{ciapano.public_id}/")
    running = page.locator("svg[role=img]")
    expect(running.locator("title")).to_have_text("Running totals")
    expect(page.locator("figure.chart")).to_contain_text("Out at 31")

    # The end of the night: two money tables, five players, at most four payments.
    page.goto(f"{live_server.url}/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Settle up").tap()
    page.get_by_label("Day the games started").fill(evening)
    page.get_by_role("button", name="Show").tap()
    payments = page.locator(".settle-payments li")
    expect(payments.first).to_be_visible()
    nets = {
        item.locator(".settle-net-name").inner_text(): money(
            item.locator(".settle-net-amount").inner_text()
        )
        for item in page.locator(".settle-net").all()
    }
    assert set(nets) == set(FIVE)
    assert sum(nets.values()) == 0
    assert 1 <= payments.count() <= len(nets) - 1
    left = dict(nets)
    for line in payments.all_inner_texts():
        payer, payee, amount = re.fullmatch(r"(\w+) pays (\w+) (.+)", line.strip()).groups()
        left[payer] += money(amount)
        left[payee] -= money(amount)
    assert set(left.values()) == {0}
    page.screenshot(path=str(artifacts_dir / "league-settlement.png"), full_page=True)
