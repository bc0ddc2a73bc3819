"""The whole app in its players' languages (issue 19), on a 360-px phone: a Scopone hand in
Italian after choosing it with the switch, a Schafkopf hand in German from the browser's own
language, and one in Japanese, with nothing wider than the screen and no words cut off.

The words are looked up in the catalogs (``gettext`` under the language), so the test follows
the translations as they are revised, yet fails when a page shows the English source."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.conftest import SMALL_PHONE, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Ann", "Bob", "Cy", "Di"]

# Everything wider than the screen that the page does not scroll on purpose, and every element
# that clips its own words without an ellipsis.
OVERFLOW = """
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width) {
    found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  }
  // Inside a box that scrolls or clips, an element is that box's business: the box itself is
  // checked against the screen (and a clipped box of 1 px is only for screen readers).
  const contained = (el) => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(node).overflowX)) {
        return true;
      }
    }
    return false;
  };
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
    if (el.closest('.visually-hidden, .skip-link, svg')) continue;
    if (box.right > width + 1 && !contained(el)) {
      const text = el.innerText.trim().slice(0, 30);
      found.push(`${name(el)} "${text}" ends at ${Math.round(box.right)} px`);
    }
    const clips = ['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis';
    if (clips && box.width > 1 && el.scrollWidth > el.clientWidth + 1 && el.innerText.trim()) {
      found.push(`${name(el)} cuts "${el.innerText.trim().slice(0, 30)}" short`);
    }
  }
  return found;
}
"""


def words(language: str, message: str, context: str = "", **values: object) -> str:
    with translation.override(language):
        text = translation.pgettext(context, message) if context else translation.gettext(message)
    return text % values if values else text


# Every chip label broken inside a word, not at a space, a hyphen or a soft hyphen ("gepass /
# t"), by where the broken line starts.
BROKEN_WORDS = """
() => {
  const found = [];
  for (const label of document.querySelectorAll('.sk-chip > span')) {
    const node = label.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE || !label.offsetParent) continue;
    const text = node.textContent;
    const range = document.createRange();
    let top = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      // A soft hyphen where the line breaks is drawn in the next letter's first box.
      const boxes = range.getClientRects();
      const box = boxes[boxes.length - 1];
      if (!box || !box.width) continue;
      if (top !== null && box.top > top + 1 && !' -\\u00ad'.includes(text[i - 1])) {
        found.push(`"${text}" breaks before "${text.slice(i)}"`);
      }
      top = box.top;
    }
  }
  return found;
}
"""


def fits(page: Page, where: str) -> None:
    assert page.evaluate(OVERFLOW) == [], where


def phone(browser: Browser, live_server: LiveServer, locale: str = "en-GB") -> Page:
    context = browser.new_context(**SMALL_PHONE, locale=locale)
    sign_in(context, live_server.url)
    return context.new_page()


# An option only the game's form has: htmx has swapped the form in once it is there.
OWN_OPTION = {"scopone": "opt_scientifico", "schafkopf": "opt_cents_per_point"}


def new_table(page: Page, language: str, game: str) -> None:
    page.get_by_role("link", name=words(language, "New table")).first.click()
    page.locator(f'input[name="game"][value="{game}"]').check()
    expect(page.locator(f'[name="{OWN_OPTION[game]}"]')).to_be_visible()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_label(words(language, "Player %(number)s", number=seat), exact=True).fill(name)
    fits(page, f"new {game} table in {language}")
    page.get_by_role("button", name=words(language, "Start the game")).click()
    expect(page).to_have_url(re.compile(r"/tables/[a-z2-7]{16}/$"))


def test_a_scopone_hand_in_italian(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    page = phone(browser, live_server)
    page.goto(live_server.url)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("#language-select").select_option("it")
    page.get_by_role("button", name="Change language").click()
    expect(page.locator("html")).to_have_attribute("lang", "it")
    assert words("it", "New table") != "New table"
    fits(page, "home in Italian")

    new_table(page, "it", "scopone")
    expect(page.get_by_role("heading", level=1)).to_have_text("Scopone")
    page.wait_for_load_state()
    for code in ("7D", "7C", "7S", "7B", "AD", "2D", "3D", "6D"):
        page.locator(f'.card[data-card="{code}"]').click()
    page.get_by_role(
        "button", name=words("it", "All remaining cards to %(side)s", side="Bob & Di")
    ).click()
    page.get_by_role("button", name=words("it", "One more for %(side)s", side="Ann & Cy")).click()
    preview = page.locator("#preview")
    expect(preview).to_contain_text(words("it", "This hand"))
    expect(preview).to_contain_text(words("it", "point to %(side)s", side="Ann & Cy"))
    fits(page, "Scopone hand entry in Italian")
    page.screenshot(path=artifacts_dir / "language-it-scopone-entry.png", full_page=True)

    page.get_by_role("button", name=words("it", "Save hand")).click()
    expect(page.get_by_text(words("it", "Hand %(number)s recorded.", number=1))).to_be_visible()
    expect(page.locator('[data-total="Ann & Cy"]')).to_have_text("3")
    expect(page.locator('[data-total="Bob & Di"]')).to_have_text("1")
    expect(page.locator("#record-heading")).to_have_text(
        words("it", "Record hand %(number)s", number=2)
    )
    fits(page, "Scopone table in Italian")
    page.screenshot(path=artifacts_dir / "language-it-scopone-table.png", full_page=True)


def schafkopf_sauspiel(page: Page, language: str) -> None:
    """Ann calls the Eichel ace, Cy has it, they win: a Sauspiel is 10 a player."""
    page.wait_for_load_state()
    page.locator('.sk-suit-chip[data-suit="eichel"]').click()
    page.locator(".sk-declarer .sk-seat", has_text=re.compile("^Ann$")).click()
    page.locator(".sk-partner .sk-seat", has_text=re.compile("^Cy$")).click()
    page.locator('.sk-outcome[data-value="won"]').click()
    preview = page.locator("#preview")
    # A Schafkopf hand is a game ("Spiel"), in the words of its own message context.
    expect(preview).to_contain_text(words(language, "This hand", "schafkopf"))
    expect(preview.locator('[data-preview="Ann"]')).to_have_text("+10")
    fits(page, f"Schafkopf hand entry in {language}")
    page.get_by_role("button", name=words(language, "Save hand", "schafkopf")).click()
    expect(
        page.get_by_text(words(language, "Hand %(number)s recorded.", "schafkopf", number=1))
    ).to_be_visible()
    expect(page.locator('[data-total="Ann"]')).to_have_text("+10")
    expect(page.locator('[data-total="Bob"]')).to_have_text("\u221210")


def test_a_schafkopf_hand_in_german_from_the_browser_language(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    page = phone(browser, live_server, locale="de-DE")
    page.goto(live_server.url)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    fits(page, "home in German")
    new_table(page, "de", "schafkopf")
    expect(page.get_by_role("heading", level=1)).to_have_text("Schafkopf")
    assert page.evaluate(BROKEN_WORDS) == [], page.evaluate(BROKEN_WORDS)
    expect(page.locator(".sk-contract")).to_contain_text(words("de", "Contract"))
    schafkopf_sauspiel(page, "de")
    fits(page, "Schafkopf table in German")
    page.screenshot(path=artifacts_dir / "language-de-schafkopf.png", full_page=True)


def test_a_schafkopf_hand_in_japanese(
    live_server: LiveServer, browser: Browser, artifacts_dir: Path
) -> None:
    page = phone(browser, live_server, locale="de-DE")
    page.goto(live_server.url)
    page.locator("#language-select").select_option("ja")
    page.get_by_role("button", name=words("de", "Change language")).click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    fits(page, "home in Japanese")
    new_table(page, "ja", "schafkopf")
    expect(page.get_by_role("heading", level=1)).to_have_text(words("ja", "Schafkopf"))
    schafkopf_sauspiel(page, "ja")
    fits(page, "Schafkopf table in Japanese")
    page.screenshot(path=artifacts_dir / "language-ja-schafkopf.png", full_page=True)
