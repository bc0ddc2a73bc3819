"""Tap targets at 360 px: every visible link, button and form control is at least 44 × 44 CSS
px (WCAG 2.5.5, the stricter one, because the phone is held by someone holding cards), on
every kind of page and with a hand half entered.

What counts as the target:
- a form control together with its label: tapping the label works the control, so a radio
  drawn as a tile (the label) is measured as the tile, and a visually hidden radio inside a
  tile is not a target of its own;
- a card of the card grid is the card, not its hidden radios.

Exempt, as WCAG 2.5.8 exempts them: a link inside running text (a sentence in a paragraph or a
list item, whose text goes on around the link): its size is the line's. Such a link is still
counted if it stands alone in its block (a "back" link, a player's name in a table cell): then
nothing constrains it and it gets the full size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from pytest_django.live_server_helper import LiveServer

from tests.conftest import SMALL_PHONE, sign_in
from tests.phone_pages import build_site, half_enter, settle

# The layout is the same from either database: CI measures it once, in its PostgreSQL pass,
# which has the time (the SQLite pass runs the other browser tests).
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql_pass,
]

MIN = 44

MEASURE = """
(min) => {
  const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, ' +
    '[role="button"], [tabindex]';
  const inRunningText = (el) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    if (!block) return false;
    const own = el.textContent.replace(/\\s+/g, ' ').trim();
    const all = block.textContent.replace(/\\s+/g, ' ').trim();
    return all.length > own.length;
  };
  const rendered = (rect) => rect.width > 1 && rect.height > 1 && rect.right > 0 && rect.bottom > 0;
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest('[hidden], .visually-hidden') || el.disabled) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const boxes = [el.getBoundingClientRect()];
    for (const label of el.labels || []) boxes.push(label.getBoundingClientRect());
    const card = el.closest('.card');
    if (card) boxes.push(card.getBoundingClientRect());
    const visible = boxes.filter(rendered);
    if (!visible.length) continue;
    const width = Math.max(...visible.map((b) => b.width));
    const height = Math.max(...visible.map((b) => b.height));
    if ((width >= min - 0.5 && height >= min - 0.5) || inRunningText(el)) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.value || el.name || '')
      .replace(/\\s+/g, ' ').trim().slice(0, 40);
    const classes = el.className && typeof el.className === 'string' ?
      '.' + el.className.trim().split(/\\s+/).join('.') : '';
    small.push(`${el.tagName.toLowerCase()}${classes} "${name}" ` +
      `${Math.round(width)}x${Math.round(height)}`);
  }
  return small;
}
"""


def small_targets(page: Page) -> list[str]:
    settle(page)
    # What a closed <details> holds counts too: a player opens it.
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    found: list[str] = page.evaluate(MEASURE, MIN)
    return found


def test_every_tap_target_is_44_px(live_server: LiveServer, browser: Browser) -> None:
    site = build_site()
    context = browser.new_context(**SMALL_PHONE)
    sign_in(context, live_server.url)
    page = context.new_page()
    report: dict[str, Any] = {}
    skip = ("join", "keep my games", "sign in")
    for name, url in site.urls.items():
        if name in skip:
            continue
        page.goto(live_server.url + url)
        report[name] = small_targets(page)
        if name.startswith("table "):
            half_enter(page, name.removeprefix("table "))
            report[f"{name}, a hand half entered"] = small_targets(page)
    context.close()

    visitor = browser.new_context(**SMALL_PHONE).new_page()
    for name in skip[:1] + skip[2:]:
        visitor.goto(live_server.url + site.urls[name])
        report[name] = small_targets(visitor)
    visitor.context.close()

    lines = [f"{name}: {target}" for name, targets in report.items() for target in targets]
    print(f"\n{len(lines)} tap targets under {MIN} x {MIN} px")
    for line in lines:
        print(" ", line)
    Path(__file__).parent.joinpath("artifacts").mkdir(exist_ok=True)
    Path(__file__).parent.joinpath("artifacts", "tap-targets.txt").write_text("\n".join(lines))
    assert not lines, f"{len(lines)} tap targets under {MIN} px:\n" + "\n".join(lines)
