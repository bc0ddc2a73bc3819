"""An evening of Schafkopf on a phone: a Sauspiel with a Stoß, then a lost Solo, each in a
handful of taps, and a balance in money that sums to zero."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
MINUS = "\u2212"


class Taps:
    """Counts the taps a hand takes, the Save button included."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator: Locator) -> None:
        locator.tap()
        self.count += 1


def chip(page: Page, group: str, name: str) -> Locator:
    return page.locator(f".sk-{group} .sk-chip", has_text=re.compile(f"^{name}$"))


def balance(page: Page) -> dict[str, Decimal]:
    """The money balance as shown on the scoreboard, per player."""
    shown = {}
    for player in PLAYERS:
        text = page.locator(f'[data-total="{player}"]').inner_text()
        number = re.sub(r"[^\d.]", "", text)
        shown[player] = -Decimal(number) if text.startswith(MINUS) else Decimal(number)
    return shown


def test_sauspiel_with_a_stoss_then_a_lost_solo(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(f"{live_server.url}/tables/new/?game=schafkopf")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_label("Money per point").fill("10")
    page.get_by_role("button", name="Start the game").click()

    expect(page).to_have_url(re.compile(r"/tables/[a-z2-7]{16}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Schafkopf")
    expect(page.locator(".table-facts")).to_contain_text("Ann deals, Bob leads")
    expect(page.get_by_label("Sauspiel")).to_be_checked()

    # Hand 1: Ann calls the Eichel ace, Cy has it, Bob says Stoß, Ann and Cy win.
    tap = Taps()
    tap(chip(page, "suit", "Eichel"))
    tap(chip(page, "declarer", "Ann"))
    # The declarer cannot be her own partner.
    expect(page.locator('.sk-partner input[value="0"]')).to_be_disabled()
    tap(chip(page, "partner", "Cy"))
    tap(chip(page, "result", "Won"))
    double = page.locator(".sk-double")
    tap(double)
    expect(double).to_contain_text("Stoß ×2")
    expect(page.locator("#sk-double-help")).to_contain_text("twice the value")

    preview = page.locator("#preview")
    expect(preview).to_contain_text("Ann's Sauspiel (Eichel ace) with Cy: won, Stoß")
    expect(preview.locator('[data-preview="Ann"]')).to_have_text("+20")
    expect(preview.locator('[data-preview="Bob"]')).to_have_text(f"{MINUS}20")
    expect(preview).to_contain_text("Bob and Di pay 2.00 € each to Ann and Cy.")
    page.screenshot(path=artifacts_dir / "schafkopf-hand-entry.png", full_page=True)

    tap(page.get_by_role("button", name="Save hand"))
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()
    assert tap.count <= 6, f"a Sauspiel with a Stoß took {tap.count} taps"
    sauspiel_taps = tap.count

    expect(page.locator('[data-total="Ann"]')).to_have_text("+2.00 €")
    expect(page.locator('[data-total="Bob"]')).to_have_text(f"{MINUS}2.00 €")
    expect(page.locator(".table-facts")).to_contain_text("Bob deals, Cy leads")
    # The fresh form is back to a Sauspiel with no doubling.
    expect(page.get_by_label("Sauspiel")).to_be_checked()
    expect(page.locator(".sk-double")).to_contain_text("No doubling")

    # Hand 2: Bob plays a Herz Solo and loses. A partner picked before the Solo was called is
    # not sent: a Solo does not ask for one (the server says so), so the script disables it.
    chip(page, "partner", "Cy").click()
    tap = Taps()
    tap(chip(page, "contract", "Solo"))
    expect(page.locator('.sk-partner input[value="2"]')).to_be_disabled()
    expect(page.locator(".sk-partner")).to_be_hidden()
    expect(chip(page, "suit", "Herz")).to_be_visible()
    tap(chip(page, "suit", "Herz"))
    tap(chip(page, "declarer", "Bob"))
    tap(chip(page, "result", "Lost"))
    expect(preview).to_contain_text("Bob's Solo (Herz): lost — 5.00 € each")
    expect(preview.locator('[data-preview="Bob"]')).to_have_text(f"{MINUS}150")
    tap(page.get_by_role("button", name="Save hand"))
    expect(page.get_by_text("Hand 2 recorded.")).to_be_visible()
    assert tap.count <= 5, f"a lost Solo took {tap.count} taps"

    # Ann +20 +50, Bob -20 -150, Cy +20 +50, Di -20 +50 (in points; 10 cents each).
    expect(page.locator('[data-total="Ann"]')).to_have_text("+7.00 €")
    expect(page.locator('[data-total="Bob"]')).to_have_text(f"{MINUS}17.00 €")
    expect(page.locator('[data-total="Cy"]')).to_have_text("+7.00 €")
    expect(page.locator('[data-total="Di"]')).to_have_text("+3.00 €")
    assert sum(balance(page).values()) == 0
    expect(page.locator(".table-facts")).to_contain_text("Balance sums to 0")
    expect(page.locator(".table-facts")).to_contain_text("Cy deals, Di leads")

    history = page.locator(".history-item")
    expect(history).to_have_count(2)
    expect(history.first).to_contain_text("Bob's Solo (Herz): lost — 5.00 € each")
    expect(history.last).to_contain_text("Ann's Sauspiel (Eichel ace) with Cy: won, Stoß")
    page.screenshot(path=artifacts_dir / "schafkopf-after-hands.png", full_page=True)

    # The narrowest phones: nothing sticks out sideways.
    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=artifacts_dir / "schafkopf-360.png", full_page=True)
    print(f"taps: Sauspiel with a Stoß {sauspiel_taps}, lost Solo {tap.count}")


def test_a_ramsch_a_durchmarsch_and_a_knocked_bettel_at_a_house_table(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(f"{live_server.url}/tables/new/?game=schafkopf")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    for option in ("Ramsch when everybody passes", "Bettel and Bettel Brett", "Klopfen (Legen)"):
        page.get_by_label(option, exact=True).check()
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/tables/[a-z2-7]{16}/$"))

    # The Ramsch takes the place of "All passed", and shows only its own groups.
    expect(chip(page, "contract", "All passed")).to_have_count(0)
    ramsch = page.locator(".sk-ramsch")
    expect(ramsch).to_be_hidden()
    chip(page, "contract", "Ramsch").tap()
    expect(ramsch).to_be_visible()
    for group in ("declarer", "result", "doubling", "suit"):
        expect(page.locator(f".sk-{group}")).to_be_hidden()
    expect(page.locator(".sk-klopfen")).to_be_visible()

    # Ann 30, Bob 52, Di took no trick: Cy is left blank and takes the rest (38).
    page.get_by_label("Card points of Ann").fill("30")
    page.get_by_label("Card points of Bob").fill("52")
    ramsch.locator(".sk-ramsch-row", has_text="Di").locator(".sk-jungfrau").tap()
    expect(page.get_by_label("Card points of Di")).to_have_value("0")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Ramsch: Bob loses with 52, Jungfrau Di — 40 each")
    expect(preview.locator('[data-preview="Bob"]')).to_have_text(f"{MINUS}120")
    expect(preview).to_contain_text("Card points: Ann 30, Bob 52, Cy 38, Di 0.")
    page.screenshot(path=artifacts_dir / "schafkopf-ramsch.png", full_page=True)
    page.get_by_role("button", name="Save hand").tap()
    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()

    # A Durchmarsch clears the card points; a second tap takes it back.
    chip(page, "contract", "Ramsch").tap()
    page.get_by_label("Card points of Ann").fill("60")
    chip(page, "durchmarsch", "Cy").tap()
    expect(page.get_by_label("Card points of Ann")).to_have_value("")
    expect(preview).to_contain_text("Ramsch: Cy's Durchmarsch — 70 each")
    chip(page, "durchmarsch", "Cy").tap()
    expect(page.locator('.sk-durchmarsch input[value="2"]')).not_to_be_checked()
    chip(page, "durchmarsch", "Cy").tap()
    page.locator(".sk-klopfen .step[data-step='1']").tap()
    expect(preview).to_contain_text("Ramsch: Cy's Durchmarsch, Klopfen — 140 each")
    page.get_by_role("button", name="Save hand").tap()
    expect(page.get_by_text("Hand 2 recorded.")).to_be_visible()

    # A Bettel: no card points to enter, and leaving the Ramsch leaves its card points out.
    chip(page, "contract", "Ramsch").tap()
    page.get_by_label("Card points of Bob").fill("70")
    chip(page, "contract", "Bettel").tap()
    expect(ramsch).to_be_hidden()
    # Not asked for in a Bettel (the server says so): disabled, so not sent.
    expect(page.get_by_label("Card points of Bob")).to_be_disabled()
    expect(page.locator(".sk-points").first).to_be_hidden()
    chip(page, "declarer", "Bob").tap()
    chip(page, "result", "Won").tap()
    expect(preview).to_contain_text("Bob's Bettel: won — 30 each")
    page.get_by_role("button", name="Save hand").tap()
    expect(page.get_by_text("Hand 3 recorded.")).to_be_visible()

    # Ramsch 40 (Bob pays); Durchmarsch 140 (Cy wins); Bettel 30 (Bob wins).
    assert {player: int(value) for player, value in balance(page).items()} == {
        "Ann": 40 - 140 - 30,
        "Bob": -120 - 140 + 90,
        "Cy": 40 + 420 - 30,
        "Di": 40 - 140 - 30,
    }
    page.set_viewport_size({"width": 360, "height": 780})
    chip(page, "contract", "Ramsch").tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=artifacts_dir / "schafkopf-ramsch-360.png", full_page=True)
