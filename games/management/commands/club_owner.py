"""``python manage.py club_owner USERNAME [--club PUBLIC_ID] [--create]``: make an account the
owner of a club.

Meant for upgrading from a version without clubs, whose tables, players and leagues the
migration moved into one club with no members. Without ``--club`` the only club is meant; with
several, the command lists them and exits with status 2. ``--create`` makes the account when
it does not exist, asking for its password twice (or reading SCOREKEEPER_OWNER_PASSWORD, for
scripts). Running it again changes nothing.
"""

from __future__ import annotations

import getpass
import os

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from games.clubs import services as club_services
from games.management.options import flag, string, string_or_none
from games.models import Club

BAD_INPUT = 2
PASSWORD_ENV = "SCOREKEEPER_OWNER_PASSWORD"


def _refuse(message: str) -> CommandError:
    return CommandError(message, returncode=BAD_INPUT)


class Command(BaseCommand):
    help = "Make an account the owner of a club (the only club, or the one --club names)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", help="the account to make owner")
        parser.add_argument(
            "--club",
            metavar="PUBLIC_ID",
            help="the club's public id (needed when there are several)",
        )
        parser.add_argument(
            "--create",
            action="store_true",
            help=(
                "create the account if it does not exist "
                f"(password asked twice, or from ${PASSWORD_ENV})"
            ),
        )

    def handle(self, *args: object, **options: object) -> None:
        club = self._club(string_or_none(options, "club"))
        username = string(options, "username")
        User = get_user_model()
        user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
        if user is None and not flag(options, "create"):
            raise _refuse(
                f'There is no account "{username}". Run "manage.py createsuperuser" first, '
                "or add --create to make it here."
            )
        with transaction.atomic():
            if user is None:
                user = User(**{User.USERNAME_FIELD: username})
                user.set_password(self._password(user))
                user.save()
                self.stdout.write(f'Created the account "{username}".')
            _membership, changed = club_services.club_owner_set(club, user)
        if changed:
            self.stdout.write(f'"{username}" now owns the club "{club.name}" ({club.public_id}).')
        else:
            self.stdout.write(
                f'"{username}" already owns the club "{club.name}" ({club.public_id}).'
            )

    def _club(self, public_id: str | None) -> Club:
        clubs = list(Club.objects.order_by("created_at", "pk"))
        if public_id is not None:
            for club in clubs:
                if club.public_id == public_id:
                    return club
            raise _refuse(f'There is no club "{public_id}".\n{self._listing(clubs)}')
        if len(clubs) == 1:
            return clubs[0]
        if not clubs:
            raise _refuse("There is no club yet: the first table started on the site makes one.")
        raise _refuse(
            f"There are {len(clubs)} clubs; say which one with --club PUBLIC_ID.\n"
            f"{self._listing(clubs)}"
        )

    @staticmethod
    def _listing(clubs: list[Club]) -> str:
        if not clubs:
            return "There are no clubs."
        lines = ["Clubs (public id, name):"]
        lines += [f"  {club.public_id}  {club.name}" for club in clubs]
        return "\n".join(lines)

    def _password(self, user: User) -> str:
        from_env = os.environ.get(PASSWORD_ENV)
        if from_env is not None:
            password = from_env
        else:
            password = getpass.getpass("Password: ")
            if getpass.getpass("Password (again): ") != password:
                raise _refuse("The two passwords differ; nothing was changed.")
        if not password:
            raise _refuse("The password is empty; nothing was changed.")
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise _refuse(
                "The password was refused; nothing was changed.\n" + "\n".join(error.messages)
            ) from None
        return password
