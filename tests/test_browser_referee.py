"""Settling disputes on a phone, with no account and no table: each one in under 10 taps."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from games import services
from tests.clubs import home_club
from tests.factories import captures_entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Taps:
    """Counts every tap the test makes, so the "under 10 taps" promise is checked."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def card(self, *codes: str) -> None:
        for code in codes:
            self.page.locator(f'.card[data-card="{code}"]').click()
            self.count += 1

    def button(self, name: str) -> None:
        self.page.get_by_role("button", name=name).click()
        self.count += 1


def test_primiera_dispute_settled_from_the_home_page(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(live_server.url)
    page.get_by_role("link", name="Who wins the primiera?").click()
    taps = Taps(page)
    taps.count = 1  # the link itself

    # Ann: three sevens and no clubs (63); Bob: three fanti and the seven of clubs (51).
    taps.card("7D", "7C", "7S")
    taps.button("Side B cards 0")
    taps.card("JD", "JC", "JS", "7B")

    bar = page.locator("#verdict-bar")
    expect(bar).to_contain_text("Point to Side B")
    expect(page.locator("#verdict")).to_contain_text(
        "Side A lacks Bastoni, so Side B's complete primiera (51) wins although Side A sums "
        "higher (63)."
    )
    assert taps.count < 10
    # The verdict stays in sight at the bottom of the screen while tapping.
    box = bar.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844

    # A card tapped again goes back: now nobody is complete and the conventions disagree.
    taps.card("7B")
    expect(page.locator("#verdict")).to_contain_text("The two conventions disagree here")
    expect(bar).to_contain_text("Point to Side A")
    page.screenshot(path=artifacts_dir / "referee-primiera.png", full_page=True)


def test_capture_dispute_from_the_rule_text_example(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(f"{live_server.url}/referee/captures/")
    taps = Taps(page)

    # scopone-scopa.de.txt "Beispiel": the table holds 1, 3, 6, 6 and a knight.
    taps.card("AD", "3C", "6S", "6C", "NB")
    taps.button("Played card 0 / 1")
    taps.card("KD")

    ruling = page.locator("#ruling")
    expect(ruling).to_contain_text("Re of Denari has 3 choices")
    expect(ruling).to_contain_text("Ace of Denari + Cavallo of Bastoni")
    expect(ruling).to_contain_text("Ace of Denari + 3 of Coppe + 6 of Coppe")
    assert taps.count < 10

    # Another played card replaces the first: the knight takes the knight, not 6 + 3.
    taps.card("ND")
    expect(ruling).to_contain_text("Cavallo of Denari must take this:")
    expect(ruling).not_to_contain_text("3 of Coppe + 6")
    expect(page.locator('.card[data-side="1"]')).to_have_count(1)
    page.screenshot(path=artifacts_dir / "referee-captures.png", full_page=True)


def test_ticking_ace_sweep_not_scopa_updates_the_ruling_and_the_url(
    live_server: LiveServer, page: Page
) -> None:
    page.goto(f"{live_server.url}/referee/captures/?variant=assi")
    taps = Taps(page)
    taps.card("AC", "3S")
    taps.button("Played card 0 / 1")
    taps.card("AD")
    ruling = page.locator("#ruling")
    expect(ruling).to_contain_text("It sweeps the table: scopa!")

    page.get_by_label("An ace sweep does not count as a scopa").check()

    expect(ruling).to_contain_text("at this table an ace sweep is not a scopa")
    expect(page).to_have_url(re.compile(r"ace_sweep_not_scopa=on"))


def test_why_on_a_recorded_hand_opens_the_referee_on_its_cards(
    live_server: LiveServer, page: Page
) -> None:
    table = services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    services.round_record(table, captures_entry("Ann", "Bob"))

    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.get_by_text("Hand 1", exact=True).click()
    page.get_by_role("link", name="Why?").click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Why? Hand 1")
    expect(page.locator(".side-pick")).to_have_count(2)
    expect(page.locator('.side-pick[data-side="0"]')).to_contain_text("Ann")
    expect(page.locator("#verdict")).to_contain_text("Point to")
