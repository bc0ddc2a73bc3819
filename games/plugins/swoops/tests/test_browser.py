"""Swoops on a phone: a five-player game tapped in to the limit, and eight players at 360 px."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games.tables import services as table_services
from tests.clubs import home_club
from tests.conftest import SMALL_PHONE, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap(page: Page, *ranks: str) -> None:
    for rank in ranks:
        page.locator(f'.sw-chip[data-rank="{rank}"]').click()


def went_out(page: Page, player: str) -> None:
    page.locator(".sw-out-tile", has_text=player).click()


def pick(page: Page, player: str) -> None:
    page.locator(".sw-pick", has=page.locator(".sw-pick-name", has_text=player)).click()


def play_hand(page: Page, out: str, held: dict[str, list[str]]) -> None:
    """Who went out, then each other player picked and their cards tapped."""
    went_out(page, out)
    for player, ranks in held.items():
        pick(page, player)
        tap(page, *ranks)
    expect(page.locator("#preview")).to_contain_text("This hand")
    page.get_by_role("button", name="Save hand").click()


def fits_the_screen(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_five_players_play_to_the_limit_by_tapping(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    page.goto(f"{live_server.url}/tables/new/")
    page.get_by_label("Swoops").check()
    expect(page.get_by_label("Point limit")).to_be_visible()
    expect(page.get_by_text("Swoops needs 3 decks for 3 or 4 players")).to_be_visible()
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di", "Ed"], start=1):
        # Seats past the third are labelled "(optional)".
        page.get_by_label(re.compile(rf"^Player {seat}\b")).fill(name)
    page.get_by_role("button", name="Start the game").click()

    expect(page).to_have_url(re.compile(r"/tables/[a-z2-7]{16}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Swoops")
    expect(page.get_by_text("Shuffle 4 decks together, jokers included.")).to_be_visible()

    # Hand 1, with every way in: Ann went out, so Bob is picked for the chips at once.
    went_out(page, "Ann")
    current = page.locator(".sw-current")
    expect(current).to_contain_text("Bob:")
    tap(page, "JOKER", "10", "K", "5")
    expect(current).to_contain_text("JOKER 10 K 5 115 points")
    page.get_by_role("button", name="Next player").click()
    expect(current).to_contain_text("Cy:")
    tap(page, "A", "2", "3")
    page.get_by_role("button", name="Take back the last card").click()
    expect(page.locator(".sw-player", has_text="Cy")).to_contain_text("A 2")
    # Di counted her own cards; Ed's are tapped after picking him.
    page.get_by_label("Di: or total").fill("57")
    pick(page, "Ed")
    tap(page, "J", "Q", "K")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("This hand")
    expect(preview.locator("td.points")).to_have_text(["0", "115", "3", "57", "30"])
    page.screenshot(path=artifacts_dir / "swoops-hand-entry-390.png")
    assert fits_the_screen(page)
    page.get_by_role("button", name="Save hand").click()

    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(page.locator('[data-total="Bob"]')).to_have_text("115")
    expect(page.locator(".total-side")).to_have_text(["Ann", "Cy", "Ed", "Di", "Bob"])
    expect(page.locator(".total", has_text="Ann")).to_contain_text("leads")
    expect(page.locator(".total", has_text="Bob")).to_contain_text("35 below the limit")
    # The next hand's form starts empty.
    expect(page.locator(".sw-player", has_text="Bob")).to_contain_text("no cards yet")

    play_hand(page, "Cy", {"Ann": ["10"], "Bob": ["A"], "Di": ["2"], "Ed": ["3"]})
    expect(page.get_by_text("Hand 2 recorded.")).to_be_visible()
    expect(page.locator('[data-total="Bob"]')).to_have_text("116")

    # Hand 3 takes Bob past 150: the preview says so before it is saved.
    went_out(page, "Di")
    for player, ranks in {"Ann": ["A"], "Bob": ["10", "K"], "Cy": ["4"], "Ed": ["9"]}.items():
        pick(page, player)
        tap(page, *ranks)
    expect(preview).to_contain_text("This hand ends the game: Cy wins.")
    page.get_by_role("button", name="Save hand").click()

    banner = page.get_by_role("status").filter(has_text="Game over")
    expect(banner).to_contain_text("Cy wins!")
    expect(page.locator(".total-side")).to_have_text([re.compile(r"^Cy"), "Ed", "Ann", "Di", "Bob"])
    expect(page.locator(".total-points")).to_have_text(["7", "42", "51", "59", "176"])
    expect(page.locator(".total", has_text="Bob")).to_contain_text("place 5 · over the limit")
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    assert fits_the_screen(page)
    page.screenshot(path=artifacts_dir / "swoops-game-over-390.png", full_page=True)

    page.set_viewport_size({"width": 360, "height": 740})
    assert fits_the_screen(page)
    page.screenshot(path=artifacts_dir / "swoops-game-over-360.png", full_page=True)


def test_eight_players_fit_a_360_px_screen(
    live_server: LiveServer, page: Page, artifacts_dir: Path
) -> None:
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    table = table_services.table_create(club=home_club(), game="swoops", players=names)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    expect(page.get_by_text("Shuffle 5 decks together, jokers included.")).to_be_visible()

    went_out(page, "Gus")
    # Picking who went out moves the chips to the next player round the table.
    expect(page.locator(".sw-current")).to_contain_text("Hal:")
    tap(page, "Q")
    page.get_by_role("button", name="Next player").click()
    expect(page.locator(".sw-current")).to_contain_text("Ann:")
    for player in names[:6]:
        pick(page, player)
        tap(page, "7", "A")
    page.screenshot(path=artifacts_dir / "swoops-8-players-360.png")
    assert fits_the_screen(page)
    # Every chip is a comfortable tap target.
    for box in [chip.bounding_box() for chip in page.locator(".sw-chip").all()]:
        assert box is not None
        assert box["width"] >= 44
        assert box["height"] >= 44
    expect(page.locator("#preview td.points")).to_have_text(["8"] * 6 + ["0", "10"])
    page.get_by_role("button", name="Save hand").click()

    expect(page.get_by_text("Hand 1 recorded.")).to_be_visible()
    expect(page.locator(".total-side").first).to_have_text("Gus")
    assert fits_the_screen(page)
    page.locator(".sw-players").scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / "swoops-8-players-after-hand-360.png")


# Every control of the hand form whose middle is on the screen and is not the control itself
# (or inside it) at that point: something drawn over it takes the tap meant for it.
COVERED = """
() => {
  const form = document.getElementById('hand-form');
  const found = [];
  const controls = form.querySelectorAll('button, input:not([type=hidden]), select, textarea, a');
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    // Not drawn (no-JavaScript fields, the total of who went out) or for screen readers only.
    const hidden = getComputedStyle(control).visibility !== 'visible';
    if (box.width < 2 || box.height < 2 || hidden) continue;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (y < 0 || y >= window.innerHeight || x < 0 || x >= window.innerWidth) continue;
    const top = document.elementFromPoint(x, y);
    if (top && (control === top || control.contains(top))) continue;
    found.push(`${control.outerHTML.slice(0, 60)} under ${top ? top.className : 'nothing'}`);
  }
  return found;
}
"""


def test_nothing_covers_a_control_on_a_small_phone_in_german(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    names = ["Annemarie", "Bartholomäus", "Cyprian", "Dietlinde"]
    table = table_services.table_create(club=home_club(), game="swoops", players=names)
    context = browser.new_context(
        **{**SMALL_PHONE, "viewport": {"width": 360, "height": 760}}, locale="de-DE"
    )
    sign_in(context, live_server.url)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    expect(page.locator("html")).to_have_attribute("lang", "de")

    went_out(page, "Annemarie")
    for player in names[1:]:
        pick(page, player)
        # Picked, the player's row is on the screen with the keyboard, and nothing is covered.
        row = page.locator(".sw-player", has=page.locator(".sw-pick-name", has_text=player))
        expect(row).to_be_in_viewport()
        expect(page.locator(".sw-keyboard")).to_be_in_viewport(ratio=1)
        assert page.evaluate(COVERED) == [], f"{player} picked"
        page.screenshot(path=artifacts_dir / f"swoops-de-360x760-{player}.png")
        tap(page, "K", "5")
    # Wherever the page is scrolled.
    height = page.evaluate("document.documentElement.scrollHeight")
    for y in range(0, height, 120):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert page.evaluate(COVERED) == [], f"scrolled to {y} px"
