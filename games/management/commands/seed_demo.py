"""``python manage.py seed_demo``: a demo league to show what the app does.

Each run makes a new league; when "Demo club" exists already, the next is "Demo club 2". The
players are shared: a name the database knows already is that player.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings
from django.urls import reverse

from games.clubs import services as club_services
from games.demo import DEFAULT_LEAGUE_NAME, demo_league_create
from games.management.options import integer, integer_or_none, string


class Command(BaseCommand):
    help = "Create a demo league: ten players, every game, a few hundred finished tables."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--tables", type=int, default=300, help="finished tables to create (default 300)"
        )
        parser.add_argument(
            "--hands",
            type=int,
            default=None,
            help="hands at every table (default: each game runs its natural length)",
        )
        parser.add_argument(
            "--seed", type=int, default=7, help="the same seed makes the same club (default 7)"
        )
        parser.add_argument(
            "--name",
            default=DEFAULT_LEAGUE_NAME,
            help=f'league name (default "{DEFAULT_LEAGUE_NAME}")',
        )

    def handle(self, *args: object, **options: object) -> None:
        tables, hands = integer(options, "tables"), integer_or_none(options, "hands")
        if tables < 0:
            raise CommandError("--tables must be 0 or more")
        if hands is not None and hands < 1:
            raise CommandError("--hands must be 1 or more")
        started = time.perf_counter()
        # With DEBUG on, Django keeps the text of every query, and the bulk inserts are large.
        with override_settings(DEBUG=False):
            league = demo_league_create(
                tables=tables,
                hands=hands,
                seed=integer(options, "seed"),
                league_name=string(options, "name"),
            )
        elapsed = time.perf_counter() - started
        players = league.members.count()
        finished = league.tables.filter(finished_at__isnull=False).count()
        seasons = league.seasons.count()
        url = reverse("games:league", args=[league.public_id])
        invite = club_services.invite_create(league.club)
        join = reverse("games:join", args=[invite.token])
        self.stdout.write(
            f"{league.name}: {players} players, {finished} finished tables in {seasons} "
            f"seasons; open {url}"
        )
        self.stdout.write(
            f"Only the club's members see it: open {join} in a browser to join {league.club.name} "
            "(the link works until revoked on the club's page)."
        )
        self.stdout.write(f"Made in {elapsed:.1f} s.")
