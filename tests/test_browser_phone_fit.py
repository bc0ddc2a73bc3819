"""A 360-px phone at the table: names are whole and tell "Alessandra" from "Alessandro", the
Schafkopf standings show the balance and the money without scrolling, and the card grid works
from a keyboard as one tab stop. (That text a player reads is at least 14 px is measured on
axe's page walk: tests/text_size.py, tests/test_browser_axe.py.)"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from games import demo
from games.demo import demo_league_create
from games.models import Player, Round, Seat
from games.scoring import GAMES
from games.tables import services as table_services
from tests.clubs import home_club
from tests.conftest import SMALL_PHONE, sign_in
from tests.factories import points_entry
from tests.kits import kit_for
from tests.phone_pages import build_site, half_enter, settle, table_with_a_hand

# What these read is the layout, the same from either database (as the tap targets'): CI
# measures it once, in its SQLite pass, where it is quicker; the saves a page makes are
# checked on both databases by the other browser tests.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.sqlite_pass,
]


# Number boxes beside a - and a + (points a side scored) that cannot show whole the longest
# number they accept (their min or max; a signed five-digit score where they set no bound):
# each is tried with it and given back what it held.
CUT_NUMBERS = """
() => {
  const found = [];
  for (const input of document.querySelectorAll('.stepper-controls input')) {
    if (!input.offsetParent) continue;
    const bounds = [input.min, input.max];
    const longest = bounds.includes('') ? '-12345'
      : bounds.reduce((a, b) => (b.length > a.length ? b : a));
    const held = input.value;
    input.value = longest;
    if (input.scrollWidth > input.clientWidth) found.push(`${input.name} cuts "${longest}" short`);
    input.value = held;
  }
  return found;
}
"""


def signed_in_phone(browser: Browser, live_server: LiveServer) -> Page:
    context = browser.new_context(**SMALL_PHONE)
    sign_in(context, live_server.url)
    return context.new_page()


# Words of a player's name drawn on two lines ("Bartolom" / "eo"), and names cut short with an
# ellipsis, on the scoreboard and on whatever picks a player while a hand is entered.
BROKEN_NAMES = """
(names) => {
  const found = [];
  const scoreboard = document.querySelectorAll('.total-side, .sw-pick-name, .side-pick-name');
  for (const el of scoreboard) {
    const text = el.firstChild && el.firstChild.nodeType === 3 ? el.firstChild : null;
    if (!text) continue;
    const words = [...text.textContent.matchAll(/\\S+/g)];
    for (const word of words) {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) found.push(`"${word[0]}" broken in ${el.className}`);
    }
  }
  // A card's label is drawn by CSS (::after): measure its words against the card.
  const canvas = document.createElement('canvas').getContext('2d');
  for (const card of document.querySelectorAll('.card[data-side-label]:not([data-side=""])')) {
    const after = getComputedStyle(card, '::after');
    if (after.content === 'none') continue;
    canvas.font = `${after.fontWeight} ${after.fontSize} ${after.fontFamily}`;
    const label = card.dataset.sideLabel;
    const room = card.clientWidth - parseFloat(after.paddingLeft) - parseFloat(after.paddingRight);
    if (canvas.measureText(label).width > room + 0.5) {
      found.push(`card label "${label}" cut short on ${card.dataset.card}`);
    }
  }
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (style.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
    if (el.getBoundingClientRect().width <= 1) continue;
    const shown = el.innerText.trim();
    if (names.some((name) => shown.includes(name.slice(0, 4)))) {
      found.push(`"${shown}" cut short in ${el.className}`);
    }
  }
  return found;
}
"""

# What each side's or seat's chip shows, visible text only, for every group of chips.
CHIP_TEXTS = """
() => {
  const groups = {};
  const add = (group, text) => { (groups[group] = groups[group] || []).push(text.trim()); };
  document.querySelectorAll('.side-pick').forEach((b) => add('side picker', b.dataset.short));
  document.querySelectorAll('.card[data-side-label]:not([data-side=""])').forEach((card) =>
    add(`card labels ${card.dataset.side}`, card.dataset.sideLabel));
  document.querySelectorAll('.sk-declarer .sk-seat').forEach((chip) => {
    const spans = [...chip.querySelectorAll('.seat-name > span')];
    add('declarer', spans.length ?
      spans.filter((s) => s.getBoundingClientRect().width > 1).map((s) => s.textContent).join('')
      : chip.querySelector('.seat-name').textContent);
  });
  return groups;
}
"""


def test_names_are_whole_and_tell_each_player_apart(
    live_server: LiveServer, browser: Browser
) -> None:
    site = build_site()
    page = signed_in_phone(browser, live_server)
    names = ["Alessandra", "Alessandro", "Bartolomeo"]
    problems: list[str] = []
    for game in site.tables:
        page.goto(live_server.url + site.urls[f"table {game}"])
        half_enter(page, game)
        settle(page)
        problems += [f"{game}: {line}" for line in page.evaluate(BROKEN_NAMES, names)]
        problems += [f"{game}: {line}" for line in page.evaluate(CUT_NUMBERS)]
        groups = page.evaluate(CHIP_TEXTS)
        for group, texts in groups.items():
            if not group.startswith("card labels") and len(set(texts)) != len(texts):
                problems.append(f"{game}: {group} shows {texts}")
        if game == "scopa":
            # Two cards, one per side: their labels differ though the names start alike.
            page.locator('.side-pick[data-side="1"]').click()
            page.locator('.card[data-card="2C"]').click()
            first = page.locator('.card[data-card="7D"]').get_attribute("data-side-label")
            second = page.locator('.card[data-card="2C"]').get_attribute("data-side-label")
            assert (first, second) == ("Ale…a", "Ale…o")
        if game == "schafkopf":
            assert groups["declarer"] == ["Ale…a", "Ale…o", "Bart…", "Di"]
            # A screen reader still hears the whole name.
            expect(page.get_by_role("radio", name="Alessandro", exact=True).first).to_be_attached()
    page.context.close()
    assert not problems, "\n".join(problems)


def test_schafkopf_standings_show_balance_and_money_on_a_small_phone(
    live_server: LiveServer, browser: Browser
) -> None:
    site = build_site()
    page = signed_in_phone(browser, live_server)
    page.goto(f"{live_server.url}{site.urls['league']}?game=schafkopf")
    box = page.locator(".table-scroll").bounding_box()
    assert box is not None
    for column in ("col-balance", "col-money"):
        header = page.locator(f"table.standings th.{column}").bounding_box()
        assert header is not None
        assert header["x"] + header["width"] <= box["x"] + box["width"], column
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.context.close()


def test_the_card_grid_is_one_tab_stop_worked_by_the_arrow_keys(
    live_server: LiveServer, browser: Browser
) -> None:
    site = build_site()
    page = signed_in_phone(browser, live_server)
    page.goto(live_server.url + site.urls["table scopa"])
    settle(page)

    def focused_card() -> str | None:
        return page.evaluate(
            "() => { const c = document.activeElement.closest('.card');"
            " return c ? c.dataset.card : null; }"
        )

    # From the last side's button, Tab enters the grid once, at its first card...
    page.locator('.side-pick[data-side="1"]').focus()
    page.keyboard.press("Tab")
    expect(page.locator(".card-grid :focus")).to_have_count(1)
    assert focused_card() == "AD"
    # ... and the next Tab leaves it (the "All remaining cards" button), not the next card.
    page.keyboard.press("Tab")
    assert focused_card() is None
    expect(page.locator(".rest-to").first).to_be_focused()
    page.keyboard.press("Shift+Tab")
    assert focused_card() == "AD"

    # Arrows: across a suit, down to the same rank of the next suit row, Home and End.
    page.keyboard.press("ArrowRight")
    assert focused_card() == "2D"
    page.keyboard.press("ArrowDown")
    assert focused_card() == "7D"  # the second row of coins: 6 7 J N K
    page.keyboard.press("ArrowLeft")
    assert focused_card() == "6D"
    page.keyboard.press("ArrowUp")
    assert focused_card() == "AD"
    page.keyboard.press("End")
    assert focused_card() == "KB"
    page.keyboard.press("Home")
    assert focused_card() == "AD"

    # Space gives the card to the picked side (the first), Enter too, and again takes it back.
    page.keyboard.press("Space")
    expect(page.locator('.card[data-card="AD"]')).to_have_attribute("data-side", "0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator('.card[data-card="2D"]')).to_have_attribute("data-side", "0")
    expect(page.locator('[data-count-cards="0"]')).to_have_text("2")
    page.keyboard.press("Enter")
    expect(page.locator('.card[data-card="2D"]')).to_have_attribute("data-side", "")
    # The focus stays on the card, on the radio a screen reader names ("2 of Coins, none").
    assert focused_card() == "2D"
    assert page.evaluate("document.activeElement.checked") is True
    expect(page.locator("#preview")).to_contain_text("So far")
    # Enter never saved the hand.
    assert Round.objects.filter(table=site.tables["scopa"]).count() == 2

    # The tab stop is the card last used, still one.
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert focused_card() == "2D"
    assert page.locator(".card-grid input[tabindex='0']").count() == 1
    page.context.close()


def test_the_hand_entry_is_a_skip_link_away_and_keeps_the_focus_after_a_save(
    live_server: LiveServer, browser: Browser
) -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    page = signed_in_phone(browser, live_server)
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    settle(page)

    def focused() -> str:
        return page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.closest('#hand-form') ? `${e.name}=${e.value}` : e.textContent.trim(); }"
        )

    # The first tab stop skips the header and the table's links to the entry.
    page.keyboard.press("Tab")
    assert focused() == "Skip to the hand entry"
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focused() == "mode=cards"
    # From there the card grid is past the side picker's two buttons.
    for _ in range(3):
        page.keyboard.press("Tab")
    expect(page.locator(".card-grid :focus")).to_have_count(1)

    # A save (the first hand's answer redraws the table, a later one empties the form on the
    # phone) leaves the focus on the next hand's first control, not on the page's body.
    for number in (1, 2):
        page.get_by_role("button", name="All remaining cards to Ann").click()
        expect(page.locator("#preview")).to_contain_text("This hand")
        page.get_by_role("button", name="Save hand").click()
        expect(page.get_by_text(f"Hand {number} recorded.")).to_be_visible()
        expect(page.locator('#hand-form input[name="mode"][value="cards"]')).to_be_focused()
    page.context.close()


# Each box of the standings (the table's and each row of chips) that is wider inside than on
# the screen: a column or a chip cut off, to be found only by scrolling sideways.
CUT_OFF = """
() => [...document.querySelectorAll('#standings .table-scroll, #standings .scope-chips')]
  .filter((box) => box.scrollWidth > box.clientWidth)
  .map((box) => `${box.className}: ${box.scrollWidth} px in ${box.clientWidth}`)
"""


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_league_standings_and_their_chips_fit_a_small_phone(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path, language: str
) -> None:
    league = demo_league_create(club=home_club(), tables=40, seed=7, today=date(2026, 11, 19))
    context = browser.new_context(**SMALL_PHONE, locale=language)
    sign_in(context, live_server.url)
    page = context.new_page()
    with translation.override(language):
        reason = translation.pgettext("a rating ranked below a lower one", "less certain")
    url = f"{live_server.url}{reverse('games:league', kwargs={'league': league.public_id})}"
    scopes = ["", *(f"?game={game}" for game in league.games)]
    starred = 0
    cut_off: list[str] = []
    for scope in scopes:
        page.goto(url + scope)
        shot = f"league-standings-360-{language}-{scope.removeprefix('?game=') or 'all'}.png"
        page.locator("#standings").screenshot(path=artifacts_dir / shot)
        cut_off.extend(f"{scope or 'all games'}: {box}" for box in page.evaluate(CUT_OFF))
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, scope
        # A rating ranked below a lower one says why beside it, not only in the footnote.
        for why in page.locator(".standings .rating-why").all():
            expect(why).to_be_visible()
            assert why.evaluate("e => e.closest('.visually-hidden')") is None
            expect(why).to_contain_text(reason)
            starred += 1
    assert cut_off == []
    assert starred, "no rating of the demo league is ranked below a lower one"
    page.context.close()


LONG_NAME = "W" * 40  # the longest a name may be, of the widest letter, without a space


def fits_a_phone_with_the_long_name(page: Page, url: str, what: str) -> None:
    page.goto(url)
    assert LONG_NAME in page.content(), f"{what}: the name is not on the page"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["viewport"]["width"], f"{what}: {width} px"


def test_a_name_of_forty_letters_without_a_space_widens_no_league_page_past_a_phone(
    live_server: LiveServer,
    browser: Browser,
    artifacts_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        demo, "PLAYERS", (replace(demo.PLAYERS[0], name=LONG_NAME), *demo.PLAYERS[1:])
    )
    league = demo_league_create(club=home_club(), tables=30, seed=7, today=date(2026, 11, 19))
    player = Player.objects.get(club=league.club, name=LONG_NAME)
    seats = Seat.objects.filter(player=player, table__finished_at__isnull=False)
    table = seats.first().table  # type: ignore[union-attr]
    money = seats.filter(table__options__cents_per_point__gt=0).first()
    assert money is not None, "the demo gave the long name no evening played for money"
    evening = timezone.localdate(money.table.created_at).isoformat()
    first_hand = table.rounds.order_by("number").first()
    assert first_hand is not None
    context = browser.new_context(**SMALL_PHONE)
    sign_in(context, live_server.url)
    page = context.new_page()
    pages = {
        "the league's standings and latest results": reverse(
            "games:league", kwargs={"league": league.public_id}
        ),
        "the home page's tables": reverse("games:home"),
        "a table of theirs": reverse("games:table", kwargs={"table": table.public_id}),
        "a hand of theirs, changed": reverse(
            "games:round_edit", kwargs={"table": table.public_id, "hand": first_hand.public_id}
        ),
        "their profile": reverse("games:player", kwargs={"player": player.public_id}),
        "the evening's settling up": f"{reverse('games:settlement')}?date={evening}",
        "a new table's recent players": reverse("games:table_new"),
    }
    for number, (what, path) in enumerate(pages.items()):
        fits_a_phone_with_the_long_name(page, live_server.url + path, what)
        page.screenshot(path=artifacts_dir / f"forty-letter-name-360-{number}.png", full_page=True)
    context.close()


def test_a_name_of_forty_letters_without_a_space_widens_no_hand_entry_past_a_phone(
    live_server: LiveServer, browser: Browser
) -> None:
    """Every game's table with a hand in it (its form for the next) and that hand's change."""
    club = home_club()
    context = browser.new_context(**SMALL_PHONE)
    sign_in(context, live_server.url)
    page = context.new_page()
    for game in GAMES:
        names = [LONG_NAME, "Bo", "Cy", "Di", "Eva"][: kit_for(game).site_players(game)]
        table = table_with_a_hand(club, game, names)
        hand = table.rounds.get()
        address = f"{live_server.url}/tables/{table.public_id}/"
        fits_a_phone_with_the_long_name(page, address, f"{game}: the table")
        fits_a_phone_with_the_long_name(
            page, f"{address}hands/{hand.public_id}/", f"{game}: a hand changed"
        )
    context.close()


# Buttons of one word whose word is drawn on more than one line ("Lösche" / "n").
BROKEN_WORDS = """
(selector) => [...document.querySelectorAll(selector)]
  .filter((button) => !/\\s/.test(button.textContent.trim()))
  .filter((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
  })
  .map((button) => button.textContent.trim())
"""


@pytest.mark.parametrize("language", ["de", "it", "ja", "en"])
def test_a_hands_buttons_keep_their_words_whole(
    live_server: LiveServer, browser: Browser, language: str
) -> None:
    """A hand's Why?, Edit and Delete in the history, side by side on a 360-px phone: a
    language with longer words ("Bearbeiten", "Löschen") moves a button to the next line
    rather than breaking its word."""
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    context = browser.new_context(
        **{**SMALL_PHONE, "extra_http_headers": {"Accept-Language": language}}
    )
    sign_in(context, live_server.url)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.public_id}/")
    page.locator("#history-list summary").first.click()
    expect(page.locator(".history-actions .button").first).to_be_visible()

    assert page.evaluate(BROKEN_WORDS, ".history-actions .button") == []
    context.close()
