"""Renders the app's PNG icons from their SVG sources in static/icons/ with Debian's chromium.

Run once after changing an icon's SVG (the PNGs are checked in; nothing builds them at deploy):

    .venv/bin/python scripts/make_icons.py

- icon.svg (rounded square) -> icon-192.png, icon-512.png: the manifest's "any" icons.
- icon-maskable.svg (full bleed, the card inside the central circle of 80 % of the width that
  every launcher mask keeps) -> icon-maskable-512.png, the manifest's "maskable" icon, and
  apple-touch-icon.png (180 px, opaque: iOS draws transparency black and rounds the corners
  itself).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium")

# (source, size, output)
RENDERS = [
    ("icon.svg", 192, "icon-192.png"),
    ("icon.svg", 512, "icon-512.png"),
    ("icon-maskable.svg", 512, "icon-maskable-512.png"),
    ("icon-maskable.svg", 180, "apple-touch-icon.png"),
]


def main() -> int:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            for source, size, output in RENDERS:
                page = browser.new_page(viewport={"width": size, "height": size})
                sized = f'<svg width="{size}" height="{size}" '
                svg = (ICONS / source).read_text(encoding="utf-8").replace("<svg ", sized, 1)
                page.set_content(
                    "<!doctype html><html><body style='margin:0;background:transparent'>"
                    f"{svg}</body></html>"
                )
                page.screenshot(
                    path=str(ICONS / output),
                    omit_background=True,
                    clip={"x": 0, "y": 0, "width": size, "height": size},
                )
                page.close()
                print(f"static/icons/{output}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
