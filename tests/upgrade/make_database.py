"""Make the database kept as ``before_domain_apps.sql``: a club as the app left it before the
domain packages (games/tables, games/clubs, games/leagues), made with the code of that time.

    DEBUG=1 python -m tests.upgrade.make_database        # writes before_domain_apps.sql
    DEBUG=1 python -m tests.upgrade.snapshot --record    # then records what the pages show

It holds the demo league (``manage.py seed_demo``: its seasons, finished tables and ratings)
in a club owned by "olga", with a scorer, a viewer and a guest; an open invite, an invite with
an expiry and a revoked one; tonight's tables: a Scopa table mid-game with a watch link and a
deleted hand (restorable from its log), a Schafkopf evening for money mid-game with an edited
hand, a Schafkopf evening ended, a Scopa game won, a Briscola game outside the league, an
abandoned Swoops table and a deleted Ciapanò table (its scoresheet in the club's log). Public
ids and tokens are random: the database is kept as made, not made again by the test.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DUMP = HERE / "before_domain_apps.sql"
OWNER = "olga"
DEMO_TABLES = 12


def build() -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    # The code this database was made with had one games.services; its writes now live in
    # the domains' services (a rerun makes a new database: see the module's docstring).
    from games.clubs import services as club_services
    from games.clubs.access import guest_create
    from games.models import Club, League, Role
    from games.tables import services as table_services

    call_command("migrate", verbosity=0)
    users = get_user_model().objects
    olga = users.create_user(OWNER, password="upgrade-kept-database")
    sam = users.create_user("sam", password="upgrade-kept-database")
    vera = users.create_user("vera", password="upgrade-kept-database")
    guest = guest_create()

    CLOCK.set(18, 5)
    call_command("seed_demo", tables=DEMO_TABLES, seed=7, verbosity=0)
    league = League.objects.get(name="Demo club")
    club = league.club
    club_services.club_owner_set(club, olga)
    assert Club.objects.filter(name="Demo club").count() == 1

    CLOCK.set(18, 30)
    scorers = club_services.invite_create(club, role=Role.SCORER, by=olga)
    club_services.club_join(scorers, sam)
    viewers = club_services.invite_create(club, role=Role.VIEWER, by=olga)
    club_services.club_join(viewers, vera)
    club_services.club_join(viewers, guest)
    guest_membership = guest.memberships.get(club=club)
    club_services.member_set_role(guest_membership, Role.SCORER, by=olga)
    club_services.invite_revoke(viewers, by=olga)
    club_services.invite_create(
        club,
        role=Role.VIEWER,
        expires_at=CLOCK.at + datetime.timedelta(days=7),
        by=olga,
    )

    # Tonight's tables.
    CLOCK.set(19, 0)
    scopa = table_services.table_create(
        club=club, game="scopa", players=["Ann", "Bruno"], league=league, by=sam
    )
    table_services.watch_link_set(scopa, on=True, by=sam)
    schafkopf = table_services.table_create(
        club=club,
        game="schafkopf",
        players=["Chiara", "Dieter", "Emi", "Franz"],
        options={"cents_per_point": 10},
        first_dealer=1,
        league=league,
        by=olga,
    )
    ended = table_services.table_create(
        club=club,
        game="schafkopf",
        players=["Giulia", "Haruto", "Ilse", "Jack"],
        options={"cents_per_point": 5},
        league=league,
        by=guest,
    )
    won = table_services.table_create(
        club=club, game="scopa", players=["Emi", "Jack"], league=league, by=sam
    )
    briscola = table_services.table_create(
        club=club, game="briscola", players=["Ann", "Olga"], options={}, by=olga
    )
    swoops = table_services.table_create(
        club=club, game="swoops", players=["Bruno", "Chiara", "Dieter"], by=sam
    )
    mistake = table_services.table_create(
        club=club, game="ciapano", players=["Ann", "Emi", "Jack"], by=sam
    )

    CLOCK.set(19, 20)
    first = table_services.round_record(
        scopa,
        {
            "captures": {
                "Ann": [
                    *("7D", "7C", "7S", "6B", "AD", "2D", "3D", "KD", "5C", "5S", "4B"),
                    *("JC", "NC", "KC", "JS", "NS", "KS", "JB", "NB", "KB", "6D", "6C"),
                ]
            },
            "scopas": {"Ann": 1, "Bruno": 2},
        },
        by=sam,
    )
    CLOCK.set(19, 26)
    second = table_services.round_record(scopa, {"points": {"Ann": 1, "Bruno": 3}}, by=sam)
    CLOCK.set(19, 33)
    table_services.round_record(scopa, {"points": {"Ann": 2, "Bruno": 2}}, by=sam)
    CLOCK.set(19, 40)
    table_services.round_delete(second, by=sam)
    assert first.pk

    for hand in (
        {
            "contract": "sauspiel",
            "declarer": "Chiara",
            "partner": "Emi",
            "suit": "eichel",
            "declarer_points": 75,
            "declarer_tricks": 5,
            "doublings": 1,
        },
        {
            "contract": "solo",
            "declarer": "Dieter",
            "suit": "herz",
            "declarer_points": 58,
            "declarer_tricks": 4,
        },
        {"contract": "passed"},
        {"contract": "wenz", "declarer": "Franz", "declarer_won": True, "schneider": True},
    ):
        CLOCK.at += datetime.timedelta(minutes=6)
        recorded = table_services.round_record(schafkopf, hand, by=olga)
        if hand["contract"] == "solo":
            solo = recorded
    CLOCK.set(20, 15)
    table_services.round_update(
        solo,
        {
            "contract": "solo",
            "declarer": "Dieter",
            "suit": "herz",
            "declarer_points": 65,
            "declarer_tricks": 5,
        },
        by=sam,
    )

    CLOCK.set(19, 30)
    for hand in (
        {"contract": "wenz", "declarer": "Ilse", "declarer_won": False},
        {
            "contract": "sauspiel",
            "declarer": "Jack",
            "partner": "Giulia",
            "suit": "gras",
            "declarer_points": 91,
            "declarer_tricks": 6,
        },
        {"contract": "passed"},
    ):
        CLOCK.at += datetime.timedelta(minutes=7)
        table_services.round_record(ended, hand, by=guest)
    CLOCK.set(21, 45)
    table_services.table_stop(ended, by=guest)

    CLOCK.set(20, 0)
    table_services.round_record(won, {"points": {"Emi": 6, "Jack": 4}}, by=sam)
    CLOCK.set(20, 10)
    table_services.round_record(won, {"points": {"Emi": 5, "Jack": 2}}, by=sam)
    assert won.__class__.objects.get(pk=won.pk).finished_at is not None

    CLOCK.set(20, 30)
    table_services.round_record(briscola, {"points": {"Ann": 70, "Olga": 50}}, by=olga)

    CLOCK.set(21, 0)
    table_services.round_record(
        swoops,
        {"went_out": "Bruno", "remaining": {"Chiara": ["JOKER", "10"], "Dieter": ["A", "2"]}},
        by=sam,
    )
    CLOCK.set(21, 30)
    table_services.table_abandon(swoops, by=sam)

    CLOCK.set(22, 0)
    table_services.round_record(
        mistake,
        {
            "aces": {"Ann": 3, "Emi": 1, "Jack": 0},
            "thirds": {"Ann": 4, "Emi": 11, "Jack": 5},
            "last_trick": "Jack",
        },
        by=sam,
    )
    table_services.table_delete(mistake, by=olga)


def dump(database: Path) -> str:
    connection = sqlite3.connect(database)
    try:
        connection.execute("DELETE FROM django_session")
        connection.commit()
        connection.execute("VACUUM")
        return "\n".join(connection.iterdump()) + "\n"
    finally:
        connection.close()


def main() -> None:
    global CLOCK
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "before.sqlite3"
        os.environ["DATABASE_URL"] = f"sqlite:///{database}"
        os.environ.setdefault("DEBUG", "1")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
        from tests.upgrade import clock

        CLOCK = clock.install(clock.BUILT_ON, datetime.timedelta(milliseconds=1))
        import django

        django.setup()
        build()
        from django.db import connections

        connections.close_all()
        DUMP.write_text(dump(database), encoding="utf-8")
    sys.stdout.write(f"wrote {DUMP} ({DUMP.stat().st_size:,} bytes)\n")


if __name__ == "__main__":
    main()
