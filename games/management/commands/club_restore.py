"""``python manage.py club_restore FILE --owner USERNAME``: make a new club from a club's archive
(docs/archive.md), owned by that account, as the restore page does: all of it or nothing.

The file is read a line at a time, so a club of any size restores in a small, fixed amount of
memory. A bad archive exits with status 2, each problem on a line of its own, and stores
nothing.
"""

from __future__ import annotations

from typing import IO

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.management.options import string
from games.scoring import EntryError
from games.tables import archive_restore

BAD_INPUT = 2


class Command(BaseCommand):
    help = "Make a new club from a club's archive (.jsonl or .jsonl.gz), owned by --owner."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the archive, as the club's page downloads it")
        parser.add_argument("--owner", required=True, help="the account that will own the club")

    def handle(self, *args: object, **options: object) -> None:
        username = string(options, "owner")
        User = get_user_model()
        owner = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
        if owner is None:
            raise CommandError(f'There is no account "{username}".', returncode=BAD_INPUT)
        path = string(options, "file")
        try:
            with open(path, "rb") as file:

                def from_start() -> IO[bytes]:
                    file.seek(0)
                    return file

                club = archive_restore.club_archive_restore(from_start, by=owner)
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}", returncode=BAD_INPUT) from None
        except EntryError as error:
            raise CommandError(
                "\n".join(str(problem) for problem in error.problems), returncode=BAD_INPUT
            ) from None
        self.stdout.write(
            f'Restored the club "{club.name}" ({club.public_id}), owned by "{username}".'
        )
