"""Text a player reads is at least 14 px at 360 px (generated labels under the cards too), measured
on the page walk of tests/test_browser_axe.py: with what a closed <details> holds, which a
player opens, and SVG text as drawn, its font size times the chart's scale on the screen."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.phone_pages import settle

MIN_TEXT = 14

# Every visible piece of text (generated labels under the cards too) drawn under MIN_TEXT px.
# SVG text is measured as drawn: its font size times the chart's scale on the screen.
_SMALL_TEXT = """
(min) => {
  const hidden = (el) => {
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      const box = node.getBoundingClientRect();
      if (style.overflow === 'hidden' && (box.width <= 1 || box.height <= 1)) return true;
    }
    return false;
  };
  const drawn = (el) => {
    const size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    return svg ? size * svg.getScreenCTM().a : size;
  };
  const found = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    const text = walker.currentNode.textContent.trim();
    if (!text || el.closest('script, style, title, desc') || hidden(el)) continue;
    const size = drawn(el);
    if (size < min - 0.05) found.set(`${el.tagName.toLowerCase()}.${el.className}`,
      `"${text.slice(0, 30)}" ${size.toFixed(1)} px`);
  }
  for (const el of document.querySelectorAll('body *')) {
    const after = getComputedStyle(el, '::after');
    if (!after.content || ['none', 'normal', '""'].includes(after.content)) continue;
    if (hidden(el) || after.display === 'none') continue;
    const size = parseFloat(after.fontSize);
    if (size < min - 0.05) found.set(`${el.tagName.toLowerCase()}.${el.className}::after`,
      `${after.content} ${size.toFixed(1)} px`);
  }
  return [...found].map(([where, what]) => `${where}: ${what}`);
}
"""

# The details closed again once measured, so that a walk going on from the page (axe's check, a
# hand entered) finds it as it was.
SMALL_TEXT = f"""
(min) => {{
  const closed = [...document.querySelectorAll('details:not([open])')];
  closed.forEach((details) => {{ details.open = true; }});
  const found = ({_SMALL_TEXT.strip()})(min);
  closed.forEach((details) => {{ details.open = false; }});
  return found;
}}
"""


def small_text(page: Page) -> list[str]:
    settle(page)
    found: list[str] = page.evaluate(SMALL_TEXT, MIN_TEXT)
    return found
