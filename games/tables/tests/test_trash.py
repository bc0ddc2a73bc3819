"""The trash: a deleted table is found by no address and counts in no league, its hands and log
kept; the club's owners restore it as it was (same id, hands, history, standings and ratings)
for 30 days; then ``manage.py trash_purge`` deletes it for good. A deleted club likewise."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.clubs import services as club_services
from games.leagues import selectors as league_selectors
from games.models import Club, ClubChange, Rating, Role, Round, Table, TableChange
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from tests.clubs import home_club, home_owner, member
from tests.factories import points_entry
from tests.leagues import finished, league
from tests.pages import html, signed_in_client, table_url

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def open_table() -> Table:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=3, Bob=1))
    table_services.round_record(table, points_entry(Ann=0, Bob=2))
    return Table.objects.get(pk=table.pk)


def deleted(table: Table) -> Table:
    return Table.with_deleted.get(pk=table.pk)


def deleted_restored_and_deleted_again(table: Table) -> datetime:
    """When the table was first deleted: what a trash listed before it was restored and then
    deleted again, a day later, names."""
    table_services.table_delete(table)
    listed = deleted(table).deleted_at
    assert listed is not None
    table_services.table_restore(deleted(table))
    with at(listed + DAY):
        table_services.table_delete(table)
    return listed


def restore_url(table: Table) -> str:
    return reverse("games:table_restore", kwargs={"table": table.public_id})


def as_user(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def at(moment: datetime) -> mock._patch[mock.MagicMock]:
    """The services' clock stopped at ``moment``."""
    return mock.patch("django.utils.timezone.now", return_value=moment)


def purge(*args: str) -> str:
    out = io.StringIO()
    call_command("trash_purge", *args, stdout=out)
    return out.getvalue()


# -- the services -------------------------------------------------------------------------------


def test_a_deleted_table_goes_to_the_trash_with_its_hands_and_log() -> None:
    table = open_table()
    scorer = member(home_club(), Role.SCORER, "cy")

    table_services.table_delete(table, version=table.version, by=scorer)

    assert not Table.objects.filter(pk=table.pk).exists()
    assert table_selectors.tables_in_progress([home_club().pk]).count() == 0
    kept = deleted(table)
    assert kept.deleted_at is not None
    assert kept.deleted_by == scorer
    assert Round.objects.filter(table_id=table.pk).count() == 2
    assert TableChange.objects.filter(table_id=table.pk).count() == 2
    logged = ClubChange.objects.get(kind=ClubChange.Kind.TABLE_DELETED)
    assert (logged.user, logged.before["table"]) == (scorer, table.public_id)
    assert len(logged.before["scoresheet"]["rounds"]) == 2


def test_a_restored_table_comes_back_as_it_was_once_however_often_restored() -> None:
    table = open_table()
    hands = list(table.rounds.values_list("public_id", "number", "entry"))
    changes = list(table.changes.values_list("version", "kind"))
    table_services.table_delete(table)
    owner = home_owner()

    table_services.table_restore(deleted(table), by=owner)
    table_services.table_restore(deleted(table), by=owner)

    back = Table.objects.get(public_id=table.public_id)
    assert (back.deleted_at, back.deleted_by, back.version) == (None, None, table.version)
    assert list(back.rounds.values_list("public_id", "number", "entry")) == hands
    assert list(back.changes.values_list("version", "kind")) == changes
    restored = ClubChange.objects.filter(kind=ClubChange.Kind.TABLE_RESTORED)
    assert [(entry.user, entry.after) for entry in restored] == [
        (owner, {"table": table.public_id})
    ]
    # It takes hands again.
    table_services.round_record(back, points_entry(Ann=1, Bob=0))
    assert back.rounds.count() == 3


def test_a_restore_listed_before_another_deletion_is_refused() -> None:
    table = open_table()
    listed = deleted_restored_and_deleted_again(table)

    with pytest.raises(club_services.TrashStale):
        table_services.table_restore(deleted(table), listed=listed.isoformat())
    assert deleted(table).deleted_at == listed + DAY
    table_services.table_restore(deleted(table), listed=(listed + DAY).isoformat())
    assert Table.objects.filter(pk=table.pk).exists()


def test_the_purge_takes_only_what_was_deleted_more_than_30_days_ago() -> None:
    table = open_table()
    kept = open_table()
    start = timezone.now()
    with at(start):
        table_services.table_delete(table)
    with at(start + 10 * DAY):
        table_services.table_delete(kept)

    with at(start + 29 * DAY):
        assert purge() == "Purged 0 tables and 0 clubs.\n"
    assert deleted(table).deleted_at == start
    with at(start + 31 * DAY):
        assert purge() == f"Purged 1 table and 0 clubs.\n  table {table.public_id}\n"
        # Run again, it finds nothing more.
        assert purge() == "Purged 0 tables and 0 clubs.\n"

    assert not Table.with_deleted.filter(pk=table.pk).exists()
    assert not Round.objects.filter(table_id=table.pk).exists()
    assert deleted(kept).deleted_at == start + 10 * DAY
    purged = ClubChange.objects.get(kind=ClubChange.Kind.TABLE_PURGED)
    assert purged.before == {"table": table.public_id, "deleted_at": start.isoformat()}
    # The scoresheet the deletion logged outlives the purge.
    assert ClubChange.objects.get(kind=ClubChange.Kind.TABLE_DELETED, before__table=table.public_id)


def test_the_purge_takes_a_club_deleted_long_ago_with_everything_in_it() -> None:
    club = Club.objects.create(name="Old club")
    table = table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
    table_services.table_delete(table)
    start = timezone.now()
    with at(start):
        club_services.club_delete(club)

    with at(start + 5 * DAY):
        assert purge("--days", "7") == "Purged 0 tables and 0 clubs.\n"
        assert purge("--days", "4", "--dry-run") == (
            "Would purge 0 tables and 1 club (dry run: nothing was changed).\n"
            f"  club {club.public_id}\n"
        )
        assert Club.objects.filter(pk=club.pk).exists()
        assert purge("--days", "4") == f"Purged 0 tables and 1 club.\n  club {club.public_id}\n"
    assert not Club.objects.filter(pk=club.pk).exists()
    assert not Table.with_deleted.filter(pk=table.pk).exists()


# -- a deleted table's pages ----------------------------------------------------------------------


def test_a_deleted_tables_pages_answer_404_to_everyone(client: Client) -> None:
    table = table_services.watch_link_set(open_table(), on=True)
    hand = table.rounds.first()
    assert hand is not None
    pages = [
        table_url(table),
        reverse("games:table_export", kwargs={"table": table.public_id}),
        reverse("games:table_big", kwargs={"table": table.public_id}),
        reverse("games:table_changes", kwargs={"table": table.public_id}),
        reverse("games:round_edit", kwargs={"table": table.public_id, "hand": hand.public_id}),
        reverse("games:table_watch", kwargs={"token": table.watch_token}),
    ]
    assert [client.get(page).status_code for page in pages] == [200] * len(pages)

    table_services.table_delete(table)

    assert [client.get(page).status_code for page in pages] == [404] * len(pages)
    assert signed_in_client().post(table_url(table), {"mode": "points"}).status_code == 404
    assert "Ann" not in html(client.get(reverse("games:home")))


# -- standings and ratings ------------------------------------------------------------------------


def test_a_league_table_deleted_counts_nowhere_and_restored_counts_again(client: Client) -> None:
    counted = league("Thursday", ["scopa"])
    first = finished("scopa", ["Ann", "Bob"], "Ann", league=counted)
    finished("scopa", ["Ann", "Cy"], "Cy", league=counted)
    finished("scopa", ["Bob", "Cy"], "Bob", league=counted)

    def standings() -> tuple[object, ...]:
        seats = league_selectors.league_seats(counted)
        ratings = Rating.objects.filter(league=counted).order_by("scope", "table_id", "player_id")
        page = html(client.get(reverse("games:league", kwargs={"league": counted.public_id})))
        return (
            sorted(seats.values_list("table_id", "player__name", "won")),
            [(r.scope, r.table_id, r.player_id, r.mu, r.sigma) for r in ratings],
            page.count("<tr"),
        )

    before = standings()
    table_services.table_delete(first)
    without = standings()

    assert first.pk not in {row[0] for row in without[0]}
    assert not Rating.objects.filter(table=first).exists()
    assert without != before

    table_services.table_restore(deleted(first))
    assert standings() == before


# -- the views ------------------------------------------------------------------------------------


def test_an_owner_sees_the_trash_and_restores_a_table_a_scorer_cannot() -> None:
    table = open_table()
    scorer = member(home_club(), Role.SCORER, "cy")
    viewer = member(home_club(), Role.VIEWER, "di")
    table_services.table_delete(table, by=scorer)
    club_page = reverse("games:club", kwargs={"club": home_club().public_id})
    owner = as_user(home_owner())
    listed = deleted(table).deleted_at
    assert listed is not None

    page = html(owner.get(club_page))
    assert 'id="trash"' in page
    assert restore_url(table) in page
    assert f'value="{listed.isoformat()}"' in page
    assert restore_url(table) not in html(as_user(scorer).get(club_page))

    assert as_user(scorer).post(restore_url(table)).status_code == 403
    assert as_user(viewer).post(restore_url(table)).status_code == 403
    stranger = member(Club.objects.create(name="Elsewhere"), Role.OWNER, "eve")
    assert as_user(stranger).post(restore_url(table)).status_code == 404
    assert Table.objects.filter(pk=table.pk).count() == 0

    response = owner.post(restore_url(table), {"deleted": listed.isoformat()})
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert owner.get(table_url(table)).status_code == 200
    assert 'id="trash"' not in html(owner.get(club_page))
    # The same tap again (a retry): answered as the first was, and nothing more happens.
    again = owner.post(restore_url(table), {"deleted": listed.isoformat()})
    assert (again.status_code, again["Location"]) == (302, table_url(table))
    assert ClubChange.objects.filter(kind=ClubChange.Kind.TABLE_RESTORED).count() == 1


def test_a_restore_from_an_old_trash_answers_409_and_restores_nothing() -> None:
    table = open_table()
    listed = deleted_restored_and_deleted_again(table)
    owner = as_user(home_owner())

    response = owner.post(restore_url(table), {"deleted": listed.isoformat()})

    assert response.status_code == 409
    assert "restored and deleted again meanwhile" in html(response)
    assert restore_url(table) in html(response)
    assert not Table.objects.filter(pk=table.pk).exists()


def test_a_deleted_club_is_gone_for_its_members_and_its_owners_restore_it() -> None:
    club = Club.objects.create(name="Stammtisch")
    owner_user = member(club, Role.OWNER, "olga")
    scorer_user = member(club, Role.SCORER, "sam")
    table = table_services.watch_link_set(
        table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"]), on=True
    )
    invite = club_services.invite_create(club)
    owner, scorer = as_user(owner_user), as_user(scorer_user)
    club_page = reverse("games:club", kwargs={"club": club.public_id})
    delete = reverse("games:club_delete", kwargs={"club": club.public_id})
    restore = reverse("games:club_restore", kwargs={"club": club.public_id})

    assert owner.post(delete, {"confirm": "Stammtisch"}).status_code == 302

    for client in (owner, scorer):
        assert client.get(club_page).status_code == 404
        assert client.get(table_url(table)).status_code == 404
        assert f'href="{club_page}"' not in html(client.get(reverse("games:clubs")))
    watch = reverse("games:table_watch", kwargs={"token": table.watch_token})
    assert Client().get(watch).status_code == 404
    assert Client().get(reverse("games:join", kwargs={"token": invite.token})).status_code == 404
    clubs = html(owner.get(reverse("games:clubs")))
    assert restore in clubs
    assert restore not in html(scorer.get(reverse("games:clubs")))
    logged = ClubChange.objects.get(club=club, kind=ClubChange.Kind.CLUB_DELETED)
    assert logged.user == owner_user

    assert scorer.post(restore).status_code == 403
    assert (
        as_user(member(Club.objects.create(name="Other"), Role.OWNER)).post(restore).status_code
        == 404
    )
    assert owner.post(restore).status_code == 302
    assert owner.post(restore).status_code == 302

    assert owner.get(club_page).status_code == 200
    assert scorer.get(table_url(table)).status_code == 200
    assert Client().get(watch).status_code == 200
    restored = ClubChange.objects.filter(club=club, kind=ClubChange.Kind.CLUB_RESTORED)
    assert [entry.user for entry in restored] == [owner_user]
