"""Django's ``{# #}`` comments end on their own line: one that runs over two lines is not a
comment at all, and the page shows it to the players as text."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPEN_COMMENT = re.compile(r"\{#(?!.*#\})")


def template_paths() -> list[Path]:
    return sorted(
        path
        for folder in (ROOT / "templates", ROOT / "games")
        for path in folder.rglob("*.html")
        if "templates" in path.relative_to(ROOT).parts
    )


def test_every_template_comment_ends_on_its_own_line() -> None:
    paths = template_paths()
    assert len(paths) > 50
    unclosed = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in paths
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if OPEN_COMMENT.search(line)
    ]
    assert unclosed == []


def test_a_comment_over_two_lines_is_found() -> None:
    assert OPEN_COMMENT.search("  {# the first line of a comment")
    assert not OPEN_COMMENT.search("{# one line #} <p>{# and another #}</p>")
