"""Tap targets at 360 px, measured on the page walks of tests/test_browser_axe.py and of some games'
browser tests: every visible link, button and form control is at least 44 × 44 CSS
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

from playwright.sync_api import Page

from tests.phone_pages import settle

MIN = 44

# What a closed <details> holds counts too: a player opens it. They are closed again once
# measured, so that a walk going on from the page (axe's check, a hand entered) finds it as it
# was.
MEASURE = """
(min) => {
  const closed = [...document.querySelectorAll('details:not([open])')];
  closed.forEach((details) => { details.open = true; });
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
  closed.forEach((details) => { details.open = false; });
  return small;
}
"""


def small_targets(page: Page) -> list[str]:
    settle(page)
    found: list[str] = page.evaluate(MEASURE, MIN)
    return found


class TapTargets:
    """The tap targets under MIN px of each page state a walk measures: all are measured first,
    so one run lists every one; ``finish`` writes them to tests/artifacts/tap-targets.txt and
    fails if there are any."""

    def __init__(self) -> None:
        self.small: list[str] = []

    def check(self, page: Page, name: str) -> None:
        self.small += [f"{name}: {target}" for target in small_targets(page)]

    def finish(self, artifacts_dir: Path) -> None:
        print(f"\n{len(self.small)} tap targets under {MIN} x {MIN} px")
        for line in self.small:
            print(" ", line)
        (artifacts_dir / "tap-targets.txt").write_text("\n".join(self.small))
        assert not self.small, f"{len(self.small)} tap targets under {MIN} px:\n" + "\n".join(
            self.small
        )
