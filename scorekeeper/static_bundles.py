"""The static bundles every page loads: one stylesheet and one script, so a first load is the
HTML, these two and the icon.

Each bundle is the concatenation of its source files in static/, in order, and is checked in
beside them (static/css/bundle.css, static/js/bundle.js): `collectstatic` hashes and
compresses it like any other file, and DEBUG serves it from static/ as it is. After editing a
source file, rebuild them with `make bundle` (python -m scorekeeper.static_bundles); a test
fails while a bundle is out of date.

A game's own styles and scripts (Schafkopf's and Swoops', Ciapanò's styles) stay separate
files, loaded by that game's pages only.
"""

from __future__ import annotations

import sys
from pathlib import Path

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"

BUNDLES: dict[str, tuple[str, ...]] = {
    "css/bundle.css": ("css/app.css", "css/charts.css", "css/dark.css"),
    # Loaded in <head> without defer: js-class.js must swap no-js for js before the first
    # paint. htmx and the others wait for DOMContentLoaded themselves.
    "js/bundle.js": (
        "js/js-class.js",
        "vendor/htmx.min.js",
        "js/hand.js",
        "js/notices.js",
        "js/live.js",
        "js/offline-engine.js",
        "js/pending.js",
        "js/pending-scores.js",
        "js/wake-lock.js",
        "js/share.js",
        "js/theme.js",
        "js/pwa.js",
    ),
}

# The dark theme is written once, for the theme switch's "Dark"; the bundle repeats it for
# "Auto" on a phone set to dark, which only a media query can tell (see css/dark.css).
DARK_THEME = "css/dark.css"
CHOSEN_DARK = ':root[data-theme="dark"]'
PHONE_DARK = ':root:not([data-theme="light"])'


def source_text(source: str) -> str:
    text = (STATIC_DIR / source).read_text(encoding="utf-8").rstrip()
    if source == DARK_THEME:
        followed = text.replace(CHOSEN_DARK, PHONE_DARK)
        text += f"\n\n@media (prefers-color-scheme: dark) {{\n{followed}\n}}"
    return text


def bundle_text(name: str) -> str:
    comment = ("/* ", " */") if name.endswith(".css") else ("// ", "")
    parts = [
        f"{comment[0]}Built by `make bundle` from {', '.join(BUNDLES[name])}: "
        f"edit those, not this.{comment[1]}\n"
    ]
    for source in BUNDLES[name]:
        # A script's last statement may lack its semicolon: the newline and ";" keep the
        # next file's first line from joining it.
        separator = ";\n" if name.endswith(".js") else "\n"
        parts.append(f"{comment[0]}{source}{comment[1]}\n{source_text(source)}{separator}")
    return "".join(parts)


def stale_bundles() -> list[str]:
    return [
        name
        for name in BUNDLES
        if not (STATIC_DIR / name).exists()
        or (STATIC_DIR / name).read_text(encoding="utf-8") != bundle_text(name)
    ]


def main() -> int:
    for name in BUNDLES:
        (STATIC_DIR / name).write_text(bundle_text(name), encoding="utf-8")
        print(f"static/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
