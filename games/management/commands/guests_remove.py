"""``python manage.py guests_remove [--days N] [--dry-run]``: remove guest accounts not seen
for N days (default 400, as long as a session lasts), with the clubs only they were members of.

Meant for cron, e.g. weekly. A club that keeps other members but loses its last owner gets its
longest-standing remaining member as owner. ``--dry-run`` reports what would go and keeps it.
"""

from __future__ import annotations

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from games.clubs import services as club_services
from games.management.options import flag, integer


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


class Command(BaseCommand):
    help = "Remove guest accounts not seen for N days, and the clubs only they were members of."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=400,
            help="remove guests last seen more than this many days ago (default 400)",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="report what would be removed; change nothing"
        )

    def handle(self, *args: object, **options: object) -> None:
        days = integer(options, "days")
        if days < 1:
            raise CommandError("--days must be 1 or more", returncode=2)
        older_than = timezone.localdate() - timedelta(days=days)
        with transaction.atomic():
            guests, clubs = club_services.guests_remove(older_than)
            if flag(options, "dry_run"):
                # The counts are the real ones; the removal is rolled back.
                transaction.set_rollback(True)
        what = f"{_count(guests, 'guest account')} and {_count(clubs, 'club')}"
        if flag(options, "dry_run"):
            self.stdout.write(f"Would remove {what} (dry run: nothing was changed).")
        else:
            self.stdout.write(f"Removed {what}.")
