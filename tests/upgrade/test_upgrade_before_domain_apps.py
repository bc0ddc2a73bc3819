"""Nothing lost in the move to domain packages: a database made before it (the demo league, tables
mid-game, a finished and an abandoned one, a club with members of every role, a guest, open and
revoked invites, a deleted and an edited hand in the tables' logs, a watch link; see
make_database.py) migrates forward, and every page, export and standing reads as it did.

The database is kept as a SQL dump (before_domain_apps.sql, with its django_migrations rows)
and what the code of that time showed from it as before_domain_apps.expected.json. The check
runs in a process of its own on a SQLite copy, whatever database the suite runs on, so it
reads the same under PostgreSQL (it never touches pytest-django's test database).
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.upgrade.snapshot import DUMP, EXPECTED, load

ROOT = Path(__file__).resolve().parents[2]


def read_kept_database(tmp_path: Path) -> dict[str, Any]:
    """Load the dump into a fresh SQLite file; migrate it and read its pages in one process."""
    database = tmp_path / "before.sqlite3"
    load(DUMP, database)
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        "TIME_ZONE": "UTC",
    }
    env.pop("RATE_LIMITS", None)
    result = subprocess.run(
        [sys.executable, "-m", "tests.upgrade.snapshot", str(database), str(EXPECTED)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, (
        f"migrating or reading the kept database failed:\n{result.stderr[-4000:]}"
    )
    read: dict[str, Any] = json.loads(result.stdout)
    return read


def _words_around(words: list[str], at: int) -> str:
    start = max(0, at - 12)
    return ("… " if start else "") + " ".join(words[start : at + 12]) + " …"


def difference(expected: dict[str, Any], got: dict[str, Any]) -> str:
    """What differs in one page, shortly: the field, and where in the text or the body."""
    fields = set(expected) | set(got)
    first = ["status", "type", "disposition", "text", "body", "links"]
    for field in [*first, *sorted(fields - set(first))]:
        before, after = expected.get(field), got.get(field)
        if before == after:
            continue
        if field == "text" and isinstance(before, str) and isinstance(after, str):
            old, new = before.split(), after.split()
            at = next(
                (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                min(len(old), len(new)),
            )
            return (
                f"its visible text differs at word {at}:\n"
                f"  was: {_words_around(old, at)}\n"
                f"  now: {_words_around(new, at)}"
            )
        if isinstance(before, str) and isinstance(after, str):
            diff = difflib.unified_diff(
                before.splitlines(), after.splitlines(), "before", "now", lineterm="", n=1
            )
            return f"its {field} differs:\n" + "\n".join(list(diff)[:20])
        if isinstance(before, list) and isinstance(after, list):
            return (
                f"its {field} differ: gone {sorted(set(before) - set(after))}, "
                f"new {sorted(set(after) - set(before))}"
            )
        return f"its {field} was {before!r}, now {after!r}"
    return "no difference"


def test_a_database_from_before_the_domain_packages_reads_the_same(tmp_path: Path) -> None:
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    got = read_kept_database(tmp_path)

    assert got["unapplied"] == [], f"migrate left migrations unapplied: {got['unapplied']}"
    assert list(got["pages"]) == list(expected["pages"])
    changed = [url for url in expected["pages"] if got["pages"][url] != expected["pages"][url]]
    assert not changed, (
        f"{len(changed)} of {len(expected['pages'])} pages read differently from the kept "
        f"database; the first, {changed[0]} "
        f"(as {expected['pages'][changed[0]]['reader']}): "
        + difference(expected["pages"][changed[0]], got["pages"][changed[0]])
        + ("\nthe others: " + ", ".join(changed[1:6]) if changed[1:] else "")
    )


def test_the_kept_database_holds_what_the_check_needs() -> None:
    """The dump records its migration state, and the snapshot covers each kind of page: a
    smaller dump or snapshot would check less than it says."""
    dump = DUMP.read_text(encoding="utf-8")
    assert 'INSERT INTO "django_migrations"' in dump
    assert "0014_table_tally" in dump
    pages = json.loads(EXPECTED.read_text(encoding="utf-8"))["pages"]
    assert all(page["status"] == 200 for page in pages.values())
    kinds = {
        "home": "/",
        "club": "/clubs/",
        "league": "/leagues/",
        "standings CSV": "standings.csv",
        "tables CSV": "tables.csv",
        "club JSON": "scoresheets.json",
        "league JSON": "scoresheets.json?league=",
        "table": "/tables/",
        "scoresheet": "/scoresheet.json",
        "changes": "/changes/",
        "player": "/players/",
        "settlement": "/settle/",
        "watch link": "/watch/",
        "invite": "/join/",
    }
    missing = [kind for kind, part in kinds.items() if not any(part in url for url in pages)]
    assert not missing
    texts = " ".join(page.get("text", "") for page in pages.values())
    shown = ("Restore this hand", "Hand edited", "abandoned", "invite link revoked", "a guest")
    assert all(words in texts for words in shown)
