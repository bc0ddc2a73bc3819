"""Clubs from a phone's point of view: a guest account made silently, invite and watch links,
roles, the audit log with who did what, restoring a deleted hand, and keeping a guest's games."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.clubs import services as club_services
from games.leagues import services as league_services
from games.models import (
    Club,
    ClubChange,
    GuestAccount,
    Invite,
    League,
    Membership,
    Player,
    Role,
    Round,
    Table,
    TableChange,
)
from tests.clubs import member
from tests.factories import points_entry
from tests.pages import html, table_url
from tests.test_access_matrix import add_tournament, add_trash, make_world, url_names

pytestmark = pytest.mark.django_db

NEW_SCOPA = {"game": "scopa", "player_0": "Ann", "player_1": "Bob"}


def start_table(client: Client) -> Table:
    response = client.post(reverse("games:table_new"), NEW_SCOPA)
    assert response.status_code == 302
    return Table.objects.get(public_id=response["Location"].strip("/").split("/")[-1])


def hand_post(table: Table, ann: int, bob: int, token: str = "") -> dict[str, str]:
    return {
        "mode": "points",
        "points_0": str(ann),
        "points_1": str(bob),
        "table_version": str(Table.objects.get(pk=table.pk).version),
        "hand_token": token or f"token-{ann}-{bob}-{Round.objects.count()}",
    }


# -- guests -------------------------------------------------------------------------------------


def test_a_first_table_makes_a_guest_with_a_club_of_its_own() -> None:
    phone = Client()
    table = start_table(phone)

    guest = GuestAccount.objects.get().user
    club = Membership.objects.get(user=guest, role=Role.OWNER).club
    assert table.club == club
    assert not guest.has_usable_password()
    assert "Ann" in html(phone.get(reverse("games:home")))
    # Another phone with no account sees nothing of it: not the table, not even that it exists.
    stranger = Client()
    assert stranger.get(table_url(table)).status_code == 404
    assert "Ann" not in html(stranger.get(reverse("games:home")))


def test_a_bad_first_table_makes_no_guest_and_saves_nothing() -> None:
    response = Client().post(reverse("games:table_new"), {"game": "scopa", "player_0": "Ann"})

    assert response.status_code == 422
    assert get_user_model().objects.count() == 0
    assert Table.objects.count() == Club.objects.count() == 0


def test_the_same_name_is_two_players_in_two_clubs() -> None:
    start_table(Client())
    start_table(Client())

    assert Player.objects.filter(name="Ann").count() == 2
    assert Club.objects.count() == 2


def test_a_guest_keeps_its_games_with_a_name_and_a_password() -> None:
    phone = Client()
    table = start_table(phone)
    response = phone.post(
        reverse("keep_games"),
        {"username": "ann", "password1": "a long secret 42", "password2": "a long secret 42"},
    )
    assert response.status_code == 302
    assert not GuestAccount.objects.exists()
    assert get_user_model().objects.get(username="ann").has_usable_password()

    other_phone = Client()
    signed_in = other_phone.post(
        reverse("login"), {"username": "ann", "password": "a long secret 42"}
    )
    assert signed_in.status_code == 302
    assert other_phone.get(table_url(table)).status_code == 200


def test_keeping_games_with_a_bad_password_saves_nothing() -> None:
    phone = Client()
    start_table(phone)
    response = phone.post(
        reverse("keep_games"), {"username": "ann", "password1": "x", "password2": "y"}
    )

    assert response.status_code == 422
    assert GuestAccount.objects.count() == 1
    assert not get_user_model().objects.filter(username="ann").exists()


def test_a_guest_who_signs_in_brings_its_tables_along() -> None:
    get_user_model().objects.create_user("bea", password="another long secret 7")
    phone = Client()
    table = start_table(phone)
    response = phone.post(
        reverse("login"), {"username": "bea", "password": "another long secret 7"}
    )

    assert response.status_code == 302
    assert not GuestAccount.objects.exists()
    assert phone.get(table_url(table)).status_code == 200
    bea = get_user_model().objects.get(username="bea")
    assert Membership.objects.get(club=table.club).user == bea


# -- invite links -------------------------------------------------------------------------------


def test_an_invite_link_lets_another_phone_join_and_score() -> None:
    owner_phone = Client()
    table = start_table(owner_phone)
    invite = club_services.invite_create(table.club)
    join = reverse("games:join", kwargs={"token": invite.token})

    guest_b = Client()
    assert "Join" in html(guest_b.get(join))
    assert guest_b.post(join).status_code == 302
    assert guest_b.post(join).status_code == 302  # a second tap joins once
    joined = Membership.objects.get(club=table.club, role=Role.SCORER)
    assert Membership.objects.filter(club=table.club, user=joined.user).count() == 1

    response = guest_b.post(table_url(table), hand_post(table, 3, 1))
    assert response.status_code == 302
    change = TableChange.objects.get(table=table, kind=TableChange.Kind.RECORDED)
    assert change.user == joined.user


def test_a_revoked_or_expired_invite_does_not_work() -> None:
    club = Club.objects.create(name="Family")
    revoked = club_services.invite_create(club)
    club_services.invite_revoke(revoked)
    expired = club_services.invite_create(
        club, expires_at=timezone.now() - datetime.timedelta(hours=1)
    )

    for invite in (revoked, expired):
        join = reverse("games:join", kwargs={"token": invite.token})
        response = Client().post(join)
        assert response.status_code == 404
        assert "does not work" in html(response)
    assert not Membership.objects.filter(club=club).exists()
    assert get_user_model().objects.count() == 0


def test_the_owner_makes_and_revokes_invites_from_the_club_page() -> None:
    world = make_world()
    owner = Client()
    owner.force_login(world.users["owner"])
    club_url = reverse("games:club", kwargs={"club": world.club.public_id})

    owner.post(
        reverse("games:invite_create", kwargs={"club": world.club.public_id}),
        {"role": "viewer", "days": "7"},
    )
    invite = Invite.objects.filter(club=world.club, role=Role.VIEWER).get()
    page = html(owner.get(club_url))
    assert invite.token in page
    assert "<svg" in page
    assert invite.expires_at is not None

    owner.post(
        reverse(
            "games:invite_revoke",
            kwargs={"club": world.club.public_id, "invite": invite.public_id},
        )
    )
    assert invite.token not in html(owner.get(club_url))
    kinds = list(ClubChange.objects.filter(club=world.club).values_list("kind", flat=True))
    assert ClubChange.Kind.INVITE_CREATED in kinds
    assert ClubChange.Kind.INVITE_REVOKED in kinds


# -- roles --------------------------------------------------------------------------------------


def test_a_viewer_sees_the_table_without_forms_and_cannot_write() -> None:
    world = make_world()
    viewer = Client()
    viewer.force_login(world.users["viewer"])

    page = html(viewer.get(table_url(world.table)))
    assert "Ann" in page
    assert "Record hand" not in page
    assert ">Delete<" not in page
    assert ">Edit<" not in page
    before = Round.objects.count()
    assert viewer.post(table_url(world.table), hand_post(world.table, 3, 1)).status_code == 403
    assert Round.objects.count() == before


def test_the_last_owner_cannot_step_down_or_leave() -> None:
    world = make_world()
    owner = Client()
    owner.force_login(world.users["owner"])
    mine = Membership.objects.get(user=world.users["owner"])
    url = reverse("games:member", kwargs={"club": world.club.public_id, "member": mine.public_id})

    owner.post(url, {"role": "viewer"})
    owner.post(url, {"remove": "1"})

    assert Membership.objects.get(pk=mine.pk).role == Role.OWNER
    page = html(owner.get(reverse("games:club", kwargs={"club": world.club.public_id})))
    assert "a club keeps at least one owner" in page


def test_the_owner_changes_roles_and_a_member_may_leave() -> None:
    world = make_world()
    owner = Client()
    owner.force_login(world.users["owner"])
    scorer = Membership.objects.get(user=world.users["scorer"])
    scorer_url = reverse(
        "games:member", kwargs={"club": world.club.public_id, "member": scorer.public_id}
    )
    owner.post(scorer_url, {"role": "owner"})
    assert Membership.objects.get(pk=scorer.pk).role == Role.OWNER

    viewer = Client()
    viewer.force_login(world.users["viewer"])
    viewer_url = reverse(
        "games:member",
        kwargs={"club": world.club.public_id, "member": world.viewer_membership.public_id},
    )
    assert viewer.post(viewer_url, {"remove": "1"}).status_code == 302
    assert viewer.get(table_url(world.table)).status_code == 404
    assert ClubChange.objects.filter(kind=ClubChange.Kind.MEMBER_REMOVED).exists()


def test_deleting_a_club_needs_its_name() -> None:
    world = make_world()
    owner = Client()
    owner.force_login(world.users["owner"])
    url = reverse("games:club_delete", kwargs={"club": world.club.public_id})

    owner.post(url, {"confirm": "thursday"})
    assert Table.objects.filter(pk=world.table.pk).exists()
    owner.post(url, {"confirm": "Thursday table"})
    # In the trash: gone for every member, kept for its owners to restore.
    assert Club.objects.get(pk=world.club.pk).deleted_at is not None
    club_page = reverse("games:club", kwargs={"club": world.club.public_id})
    assert owner.get(club_page).status_code == 404
    assert owner.get(table_url(world.table)).status_code == 404
    assert Table.objects.filter(pk=world.table.pk).exists()


# -- watch links --------------------------------------------------------------------------------


def test_a_watch_link_shows_the_scoreboard_with_no_forms() -> None:
    world = make_world()
    watch = reverse("games:table_watch", kwargs={"token": world.table.watch_token})
    page = html(Client().get(watch))

    assert "Ann" in page
    assert "Bob" in page
    # The page's own content has no form (the footer's language switch writes nothing of
    # the table's).
    assert "<form" not in page.split('id="main"')[1].split("</main>")[0]
    assert world.table.public_id not in page  # nothing that leads into the club


def test_a_new_watch_link_stops_the_old_one_and_off_stops_both() -> None:
    world = make_world()
    scorer = Client()
    scorer.force_login(world.users["scorer"])
    old = reverse("games:table_watch", kwargs={"token": world.table.watch_token})
    url = reverse("games:table_watch_link", kwargs={"table": world.table.public_id})

    scorer.post(url, {"watch": "on"})
    table = Table.objects.get(pk=world.table.pk)
    assert Client().get(old).status_code == 404
    new = reverse("games:table_watch", kwargs={"token": table.watch_token})
    assert Client().get(new).status_code == 200
    assert table.watch_token in html(scorer.get(table_url(table)))

    scorer.post(url, {"watch": "off"})
    assert Client().get(new).status_code == 404


# -- the audit log ------------------------------------------------------------------------------


def test_changes_say_who_and_a_deleted_hand_is_restored_where_it_was(client: Client) -> None:
    world = make_world()
    scorer = Client()
    scorer.force_login(world.users["scorer"])
    table = world.table
    scorer.post(table_url(table), hand_post(table, 2, 0))
    assert list(table.rounds.values_list("number", flat=True)) == [1, 2]

    changes = reverse("games:table_changes", kwargs={"table": table.public_id})
    page = html(scorer.get(changes))
    assert "scorer-user" in page
    assert "Restore this hand" in page

    restore = reverse(
        "games:round_restore", kwargs={"table": table.public_id, "hand": world.deleted_hand}
    )
    version = str(Table.objects.get(pk=table.pk).version)
    assert scorer.post(restore, {"table_version": version}).status_code == 302
    restored = Round.objects.get(public_id=world.deleted_hand)
    assert restored.number == 2
    assert restored.entry == points_entry(Ann=0, Bob=1)
    assert list(table.rounds.values_list("number", flat=True)) == [1, 2, 3]
    # Sent again from the same page: it is back already, and stays back once.
    scorer.post(restore, {"table_version": version})
    assert Round.objects.filter(public_id=world.deleted_hand).count() == 1
    assert TableChange.objects.filter(kind=TableChange.Kind.RESTORED, user=world.users["scorer"])
    assert "Restore this hand" not in html(scorer.get(changes))


def test_league_and_season_changes_are_logged_with_who() -> None:
    world = make_world()
    scorer = Client()
    scorer.force_login(world.users["scorer"])
    scorer.post(
        reverse("games:season_new", kwargs={"league": world.league.public_id}),
        {"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-03-31"},
    )
    entry = ClubChange.objects.get(kind=ClubChange.Kind.SEASON_CREATED, subject__endswith="Winter")
    assert entry.user == world.users["scorer"]
    log = html(scorer.get(reverse("games:club", kwargs={"club": world.club.public_id})))
    assert "season added" in log


# -- addresses ----------------------------------------------------------------------------------


def test_no_url_path_holds_a_sequential_number() -> None:
    world = make_world()
    add_trash(world)
    add_tournament(world)
    for name in url_names():
        path = reverse(name, kwargs=world.kwargs(name))
        assert not re.search(r"/\d+(/|$|\.)", path), path
    for public_id in (world.club.public_id, world.table.public_id, world.player):
        assert len(public_id) == 16  # 80 random bits


def test_a_member_of_another_club_gets_404_for_everything_of_this_one() -> None:
    world = make_world()
    other = Client()
    other.force_login(world.users["other"])
    for url in (
        table_url(world.table),
        reverse("games:league", kwargs={"league": world.league.public_id}),
        reverse("games:player", kwargs={"player": world.player}),
        reverse("games:club", kwargs={"club": world.club.public_id}),
    ):
        assert other.get(url).status_code == 404
    assert "Thursday" not in html(other.get(reverse("games:leagues")))
    assert Membership.objects.filter(user=world.users["other"]).count() == 1
    assert member(world.club, Role.VIEWER, "late-viewer")  # the helper adds a role as well


def test_a_table_deleted_by_mistake_is_kept_in_the_clubs_log() -> None:
    world = make_world()
    scorer = Client()
    scorer.force_login(world.users["scorer"])
    url = reverse("games:table_delete", kwargs={"table": world.table.public_id})

    stale = scorer.post(url, {"table_version": str(world.table.version - 1)})
    assert stale.status_code == 409
    assert Table.objects.filter(pk=world.table.pk).exists()

    response = scorer.post(url, {"table_version": str(world.table.version)})
    assert response.status_code == 302
    assert not Table.objects.filter(pk=world.table.pk).exists()
    entry = ClubChange.objects.get(kind=ClubChange.Kind.TABLE_DELETED)
    assert entry.user == world.users["scorer"]
    assert entry.subject == "Scopa: Ann, Bob"
    assert entry.before["scoresheet"]["rounds"] == [points_entry(Ann=1, Bob=0)]


# -- league edits are versioned ------------------------------------------------------------------


def test_a_league_edit_from_an_out_of_date_page_is_refused_with_the_change_kept() -> None:
    world = make_world()
    scorer = Client()
    scorer.force_login(world.users["scorer"])
    url = reverse("games:league_edit", kwargs={"league": world.league.public_id})
    page_version = str(world.league.version)
    league_services.league_update(
        world.league, name="Thursday night", games=["scopa"], members=["Ann"]
    )

    response = scorer.post(
        url,
        {
            "name": "Friday league",
            "games": ["scopa"],
            "members": "Ann",
            "league_version": page_version,
        },
    )
    assert response.status_code == 409
    page = html(response)
    assert "changed on another phone" in page
    assert "Thursday night" in page
    assert 'value="Friday league"' in page  # the change is kept
    assert League.objects.get(pk=world.league.pk).name == "Thursday night"

    # Saved again from the refusal's page, it applies over the league as it is now.
    again = scorer.post(
        url,
        {
            "name": "Friday league",
            "games": ["scopa"],
            "members": "Ann",
            "league_version": str(League.objects.get(pk=world.league.pk).version),
        },
    )
    assert again.status_code == 302
    assert League.objects.get(pk=world.league.pk).name == "Friday league"


def test_deleting_a_season_twice_says_it_is_gone() -> None:
    world = make_world()
    scorer = Client()
    scorer.force_login(world.users["scorer"])
    url = reverse(
        "games:season_delete", kwargs={"league": world.league.public_id, "season": world.season}
    )
    assert scorer.post(url).status_code == 302
    again = scorer.post(url, follow=True)
    assert "That season was already deleted." in html(again)
    assert ClubChange.objects.filter(kind=ClubChange.Kind.SEASON_DELETED).count() == 1
