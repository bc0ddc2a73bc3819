"""A 3-player Ciapanò game on a phone: one hand tapped card by card, the others counted, until
a player goes out and the last one left wins."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The example of games/plugins/ciapano/rules.md §3: Ann 3 aces and 4 thirds (4 1/3), Cy 5 thirds
# (1 2/3) and the last trick, Bob the rest (1 ace and 11 thirds, 4 2/3): 4, 4 and 3.
ANN = ["AD", "AC", "AS", "2D", "3D", "JD", "ND"]
CY = ["2B", "3B", "JB", "NB", "KB"]


def tap_cards(page: Page, *codes: str) -> None:
    for code in codes:
        page.locator(f'.card[data-card="{code}"]').click()


def last_trick(page: Page, player: str) -> None:
    page.get_by_role("group", name="Who won the last trick?").get_by_label(player).check()


def total(page: Page, player: str) -> Locator:
    return page.locator(f'[data-total="{player}"]')


def save(page: Page, number: int) -> None:
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text(f"Hand {number} recorded.")).to_be_visible()


def enter_points(page: Page, by_seat: dict[int, int]) -> None:
    page.get_by_label("Enter points").check()
    for seat, points in by_seat.items():
        page.locator(f"#id_points_{seat}").fill(str(points))


def test_three_player_ciapano_played_until_a_player_is_out(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(f"{live_server.url}/tables/new/")
    page.get_by_label("Ciapanò").check()
    # htmx re-renders the form for Ciapanò: its elimination option appears.
    expect(page.get_by_label("Out at")).to_be_visible()
    for seat, name in enumerate(["Ann", "Bob", "Cy"], start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()

    expect(page).to_have_url(re.compile(r"/tables/[a-z2-7]{16}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Ciapanò")
    # Taps before hand.js (deferred) has run would do nothing.
    page.wait_for_load_state()
    expect(page.get_by_text("Next to deal: Ann")).to_be_visible()
    expect(page.locator(".card")).to_have_count(24)

    # Hand 1, tapped: Ann's cards (Ann is picked first), the rest to Bob, then Cy's five
    # taken back from Bob, and the last trick to Cy.
    tap_cards(page, *ANN)
    expect(page.locator('.side-pick[data-side="0"]')).to_contain_text("4 1/3")
    # The server's penalty, kept on one line by a no-break space.
    assert page.locator('[data-penalty="0"]').text_content() == "4\u00a01/3"
    page.get_by_role("button", name="All remaining penalty cards to Bob").click()
    expect(page.locator('.side-pick[data-side="1"]')).to_contain_text("6 1/3")
    page.locator('.side-pick[data-side="2"]').click()
    tap_cards(page, *CY)
    expect(page.locator('.side-pick[data-side="1"]')).to_contain_text("4 2/3")
    expect(page.locator('.side-pick[data-side="2"]')).to_contain_text("1 2/3")
    last_trick(page, "Cy")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("This hand")
    expect(preview).to_contain_text("Cy won the last trick, worth 2")
    page.screenshot(path=artifacts_dir / "ciapano-hand-entry-390.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=artifacts_dir / "ciapano-hand-entry-360.png", full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    save(page, 1)
    expect(total(page, "Ann")).to_have_text("4")
    expect(total(page, "Bob")).to_have_text("4")
    expect(total(page, "Cy")).to_have_text("3")
    expect(page.get_by_text("Next to deal: Bob")).to_be_visible()

    # Hand 2, counted: Bob takes every penalty card and the last trick, a moon.
    page.get_by_label("Count aces and thirds").check()
    page.locator("#id_aces_1").fill("4")
    page.locator("#id_thirds_1").fill("20")
    last_trick(page, "Bob")
    expect(preview).to_contain_text("Moon: Bob took every penalty card")
    save(page, 2)
    expect(total(page, "Ann")).to_have_text("15")
    expect(total(page, "Bob")).to_have_text("4")
    expect(total(page, "Cy")).to_have_text("14")

    # Hand 3, points counted at the table.
    enter_points(page, {0: 11})
    save(page, 3)
    expect(total(page, "Ann")).to_have_text("26")
    expect(page.get_by_text("5 to 31")).to_be_visible()

    # Hand 4, counted with the steppers; Cy is left empty and gets the rest. Ann wins the last
    # trick: 11 - 4 - 1 = 6, and 32 puts her out.
    page.get_by_label("Count aces and thirds").check()
    for _ in range(3):
        page.locator('.step[data-target="id_aces_0"][data-step="1"]').click()
    page.locator("#id_thirds_0").fill("4")
    page.locator('.step[data-target="id_aces_1"][data-step="1"]').click()
    page.locator("#id_thirds_1").fill("11")
    last_trick(page, "Ann")
    expect(preview).to_contain_text("(the rest)")
    expect(preview.locator(".badge-out")).to_have_count(1)
    save(page, 4)
    expect(total(page, "Ann")).to_have_text("32")
    ann = page.locator(".total.out")
    expect(ann).to_have_count(1)
    expect(ann).to_contain_text("Ann")
    expect(ann).to_contain_text("out after hand 4")
    # Ann is out of the next hand: no side, no stepper, no last trick for her.
    expect(page.locator(".side-pick")).to_have_count(2)
    expect(page.locator('.side-pick[data-side="0"]')).to_have_count(0)
    expect(page.locator("#id_aces_0")).to_have_count(0)
    expect(
        page.get_by_role("group", name="Who won the last trick?").get_by_label("Ann")
    ).to_have_count(0)
    page.screenshot(path=artifacts_dir / "ciapano-after-elimination-390.png", full_page=True)

    # Bob and Cy play on, 11 points a deal between them (Bob 8 + 6 + 6, Cy 15 + 5 + 5); the
    # deal skips Ann.
    enter_points(page, {1: 6, 2: 5})
    save(page, 5)
    expect(page.get_by_text("Next to deal: Cy")).to_be_visible()
    enter_points(page, {1: 6, 2: 5})
    save(page, 6)
    expect(page.get_by_text("Next to deal: Bob")).to_be_visible()

    # Cy reaches 36: Bob is the last one left and wins.
    enter_points(page, {1: 0, 2: 11})
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("status").filter(has_text="Game over")).to_contain_text("Bob wins!")
    expect(total(page, "Cy")).to_have_text("36")
    expect(total(page, "Bob")).to_have_text("20")
    expect(page.locator(".total.winner")).to_contain_text("Bob")
    expect(page.locator(".total.out")).to_have_count(2)
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    page.screenshot(path=artifacts_dir / "ciapano-winner-390.png", full_page=True)


def test_five_player_hand_fits_a_360_px_phone(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"{live_server.url}/tables/new/?game=ciapano&players=Annalisa,Bob,Cy,Donatella,Ed")
    page.get_by_label("French").check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ciapanò")
    # Taps before hand.js (deferred) has run would do nothing.
    page.wait_for_load_state()

    # Nothing sticks out sideways on a narrow phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator('.side-pick[data-side="4"]').click()
    tap_cards(page, "AD", "AC")
    expect(page.locator('.side-pick[data-side="4"]')).to_contain_text("2")
    page.screenshot(path=artifacts_dir / "ciapano-five-players-360.png", full_page=True)
    page.get_by_label("Count aces and thirds").check()
    page.locator('.step[data-target="id_aces_4"][data-step="1"]').click()
    expect(page.locator("#preview")).to_contain_text("So far: 1 of 4 aces and 0 of 20 thirds")
    page.screenshot(path=artifacts_dir / "ciapano-counts-360.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_counting_aces_and_thirds_the_natural_way_at_360_px(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    """Issue 18: going round the table, a player without aces leaves that count empty and the
    last player leaves both empty. The preview said the last player got the rest, the save
    said "the aces add up to 2, not 4"; now both follow one rule and the hand is saved."""
    from games.tables import services
    from tests.clubs import home_club

    table = services.table_create(
        club=home_club(), game="ciapano", players=["Ann", "Bob", "Cy", "Di"]
    )
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.wait_for_load_state()
    page.get_by_label("Count aces and thirds").check()
    aces = page.get_by_role("group", name="Aces (1 point each)")
    thirds = page.get_by_role("group", name=re.compile("^Thirds"))

    def more(group: Locator, player: str, times: int) -> None:
        for _tap in range(times):
            group.get_by_role("button", name=f"One more for {player}").click()

    more(aces, "Ann", 1)
    more(thirds, "Ann", 3)
    more(aces, "Bob", 1)
    more(thirds, "Bob", 2)
    more(thirds, "Cy", 3)  # no aces: that count stays empty
    last_trick(page, "Di")  # Di counts nothing: the rest, 2 aces and 12 thirds

    preview = page.locator("#preview")
    expect(preview).to_contain_text("This hand")
    expect(preview.locator("tr", has_text="Di")).to_contain_text("6 (the rest)")
    expect(preview.locator("tr", has_text="Cy")).to_contain_text("1")
    expect(preview).to_contain_text("Di took 2 aces and 12 thirds")
    page.screenshot(path=artifacts_dir / "ciapano-counts-360.png", full_page=True)

    save(page, 1)
    expect(total(page, "Ann")).to_have_text("2")
    expect(total(page, "Bob")).to_have_text("1")
    expect(total(page, "Cy")).to_have_text("1")
    expect(total(page, "Di")).to_have_text("7")
