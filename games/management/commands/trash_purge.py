"""``python manage.py trash_purge [--days N] [--dry-run]``: delete for good the tables and
clubs deleted more than N days ago (default 30, as long as their owners may restore them),
with everything in them.

Meant for cron, e.g. daily. Running it again removes nothing more; the club's log keeps a line
for each table purged, and the scoresheet from its deletion. ``--dry-run`` reports what would
go and keeps it.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from games.clubs import services as club_services
from games.management.options import flag, integer


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


class Command(BaseCommand):
    help = "Delete for good the tables and clubs deleted more than N days ago."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=club_services.TRASH_DAYS,
            help=f"purge what was deleted more than this many days ago "
            f"(default {club_services.TRASH_DAYS})",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="report what would be purged; change nothing"
        )

    def handle(self, *args: object, **options: object) -> None:
        days = integer(options, "days")
        if days < 0:
            raise CommandError("--days must be 0 or more", returncode=2)
        dry_run = flag(options, "dry_run")
        with transaction.atomic():
            tables, clubs = club_services.trash_purge(days=days)
            if dry_run:
                # The lists are the real ones; the purge is rolled back.
                transaction.set_rollback(True)
        what = f"{_count(len(tables), 'table')} and {_count(len(clubs), 'club')}"
        self.stdout.write(
            f"Would purge {what} (dry run: nothing was changed)." if dry_run else f"Purged {what}."
        )
        for public_id in tables:
            self.stdout.write(f"  table {public_id}")
        for public_id in clubs:
            self.stdout.write(f"  club {public_id}")
