"""What the app shows from the kept database (before_domain_apps.sql), page by page.

    python -m tests.upgrade.snapshot DATABASE EXPECTED   # migrate DATABASE, read EXPECTED's pages
    python -m tests.upgrade.snapshot --record            # load the dump, write EXPECTED afresh

Run in a process of its own, with DATABASE_URL pointing at a SQLite copy of the dump (the test
sets it; ``--record`` makes one): it migrates the database forward, lists any migration left
unapplied, then fetches every page as the club's owner (the watch and invite links as an
anonymous visitor), at the time the clock module fixes, and prints JSON. An HTML page is kept
as its visible text, whitespace collapsed (no script or style, no attribute, so no CSRF token),
with the addresses its links lead to; an export is kept whole. Checking, it reads only the
addresses the expected snapshot names: nothing about the models, so it works on the code
after the change as before it.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from tests.upgrade import clock

HERE = Path(__file__).resolve().parent
DUMP = HERE / "before_domain_apps.sql"
EXPECTED = HERE / "before_domain_apps.expected.json"
OWNER = "olga"
ANONYMOUS = "anonymous"


class _VisibleText(HTMLParser):
    """The text a reader sees, and where the page's links and forms lead."""

    SKIPPED = frozenset({"script", "style", "template"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.links: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIPPED:
            self.skipping += 1
        named = dict(attrs)
        target = named.get("href") if tag == "a" else named.get("action") if tag == "form" else None
        if target is not None and not target.startswith("#"):
            self.links.append(target)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIPPED and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.words.extend(data.split())


def page_record(status: int, content_type: str, disposition: str, body: bytes) -> dict[str, Any]:
    record: dict[str, Any] = {"status": status, "type": content_type}
    if disposition:
        record["disposition"] = disposition
    if content_type.startswith("text/html"):
        parser = _VisibleText()
        parser.feed(body.decode())
        parser.close()
        record["text"] = " ".join(parser.words)
        record["links"] = sorted(set(parser.links))
    else:
        record["body"] = body.decode()
    return record


def read_pages(urls: dict[str, str]) -> dict[str, Any]:
    """Migrate the database, then fetch each address as its reader (OWNER or ANONYMOUS)."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    migrated = io.StringIO()
    call_command("migrate", interactive=False, verbosity=1, stdout=migrated)
    shown = io.StringIO()
    call_command("showmigrations", stdout=shown)
    unapplied = [line.strip() for line in shown.getvalue().splitlines() if "[ ]" in line]
    # What this run migrated ("Applying games.0015_... OK"): shown, not compared.
    lines = migrated.getvalue().splitlines()
    applied = [line.strip() for line in lines if line.strip().startswith("Applying")]
    clients = {
        OWNER: Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="en"),
        ANONYMOUS: Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="en"),
    }
    clients[OWNER].force_login(get_user_model().objects.get(username=OWNER))
    pages = {}
    for url, reader in urls.items():
        try:
            response = clients[reader].get(url)
        except Exception as error:
            raise RuntimeError(f"{url} (as {reader}) raised {error!r}") from error
        body = (
            b"".join(response.streaming_content)  # type: ignore[attr-defined]
            if response.streaming
            else response.content
        )
        pages[url] = {
            "reader": reader,
            **page_record(
                response.status_code,
                response.get("Content-Type", ""),
                response.get("Content-Disposition", ""),
                body,
            ),
        }
    return {"applied": applied, "unapplied": unapplied, "pages": pages}


def addresses() -> dict[str, str]:
    """Every page worth keeping, found in the database with the models of the code before the
    change (``--record`` only)."""
    from games.models import Club, League, Player, Table, TableChange

    club = Club.objects.get(name="Demo club")
    league = League.objects.get(club=club, name="Demo club")
    urls: dict[str, str] = dict.fromkeys(["/", "/clubs/", "/leagues/", "/settle/"], OWNER)
    urls[f"/clubs/{club.public_id}/"] = OWNER
    urls[f"/clubs/{club.public_id}/scoresheets.json"] = OWNER
    urls[f"/clubs/{club.public_id}/scoresheets.json?league={league.public_id}"] = OWNER
    base = f"/leagues/{league.public_id}/"
    urls[base] = OWNER
    urls[base + "edit/"] = OWNER
    urls[base + "tables.csv"] = OWNER
    urls[base + "standings.csv"] = OWNER
    seasons = list(league.seasons.order_by("starts_on"))
    for season in seasons:
        urls[f"{base}?season={season.public_id}"] = OWNER
        urls[f"{base}standings.csv?season={season.public_id}"] = OWNER
    for game in league.games:
        urls[f"{base}?game={game}"] = OWNER
        urls[f"{base}standings.csv?game={game}"] = OWNER
    urls[f"{base}?season={seasons[-1].public_id}&game=scopa&sort=points_per_game&dir=asc"] = OWNER
    urls[f"{base}?game=schafkopf&sort=money&dir=desc"] = OWNER
    for table in Table.objects.filter(club=club).order_by("created_at", "pk"):
        page = f"/tables/{table.public_id}/"
        urls[page] = OWNER
        urls[page + "scoresheet.json"] = OWNER
        if TableChange.objects.filter(table=table).exists():
            urls[page + "changes/"] = OWNER
        if table.finished_at is None:
            urls[page + "big/"] = OWNER
        if table.watch_token:
            urls[f"/watch/{table.watch_token}/"] = ANONYMOUS
            urls[f"/watch/{table.watch_token}/big/"] = ANONYMOUS
    edited = TableChange.objects.filter(kind=TableChange.Kind.EDITED).get()
    urls[f"/tables/{edited.table.public_id}/hands/{edited.hand_id}/"] = OWNER
    for player in Player.objects.filter(club=club).order_by("name"):
        urls[f"/players/{player.public_id}/"] = OWNER
    money_day = (
        Table.objects.filter(club=club, game="schafkopf", finished_at__date__lt="2026-11-19")
        .exclude(options__cents_per_point=0)
        .latest("created_at")
        .created_at.date()
    )
    urls[f"/settle/?date={money_day.isoformat()}&league={league.public_id}"] = OWNER
    for invite in club.invites.filter(revoked_at__isnull=True, expires_at__isnull=True):
        urls[f"/join/{invite.token}/"] = ANONYMOUS
    return urls


def load(dump: Path, database: Path) -> None:
    """A SQLite database from the dump, as the app would find it on disk."""
    connection = sqlite3.connect(database)
    try:
        connection.executescript(dump.read_text(encoding="utf-8"))
    finally:
        connection.close()


def _setup(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    clock.install(clock.READ_AT)
    import django

    django.setup()


def main(argv: list[str]) -> None:
    if argv == ["--record"]:
        with tempfile.TemporaryDirectory() as tmp:
            database = Path(tmp) / "before.sqlite3"
            load(DUMP, database)
            _setup(database)
            snapshot = read_pages(addresses())
        EXPECTED.write_text(
            json.dumps(snapshot, indent=1, ensure_ascii=False, sort_keys=False) + "\n",
            encoding="utf-8",
        )
        sys.stdout.write(f"wrote {EXPECTED} ({len(snapshot['pages'])} pages)\n")
        return
    database, expected = (Path(arg) for arg in argv)
    urls = {url: page["reader"] for url, page in json.loads(expected.read_text())["pages"].items()}
    _setup(database)
    json.dump(read_pages(urls), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1:])
