"""Club writes from many phones at once, on SQLite and PostgreSQL: one membership per account
however often an invite is tapped, one guest for a join form tapped many times without a
session, a club never left without an owner, a deleted hand restored once, a deleted table or
club restored once."""

from __future__ import annotations

from functools import partial

import pytest
from django.test import Client
from django.urls import reverse

from games.clubs import services as club_services
from games.leagues import services as league_services
from games.models import (
    Club,
    ClubChange,
    DeletedClub,
    GuestAccount,
    League,
    Membership,
    RemovedMember,
    Role,
    Round,
    Table,
)
from games.scoring import EntryError
from games.tables import services as table_services
from games.tables import write_path as table_write_path
from tests.clubs import member
from tests.concurrency import at_once, errors, page_post
from tests.factories import points_entry

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 8
ROUNDS = 5


def test_an_invite_tapped_on_many_phones_at_once_joins_each_account_once() -> None:
    club = Club.objects.create(name="Stammtisch")
    invite = club_services.invite_create(club)
    for round_ in range(ROUNDS):
        # Each account taps twice (two tabs), all at the same moment.
        users = [
            member(Club.objects.create(name=f"Home {round_}-{n}"), Role.OWNER, f"u{round_}-{n}")
            for n in range(PHONES // 2)
        ]
        outcomes = at_once([partial(club_services.club_join, invite, user) for user in users * 2])
        assert errors(outcomes) == []
        for user in users:
            assert Membership.objects.filter(club=club, user=user).count() == 1
    assert Membership.objects.filter(club=club).count() == ROUNDS * PHONES // 2


def test_a_join_form_tapped_at_once_without_a_session_makes_one_guest_and_one_membership() -> None:
    club = Club.objects.create(name="Stammtisch")
    url = reverse("games:join", kwargs={"token": club_services.invite_create(club).token})
    # Few enough new guests (one per round, tried by every tap) for the limit per address.
    taps, rounds = 4, 4
    for round_ in range(rounds):
        join = page_post(Client(), url, {})
        assert join.form.get("first_write_token")
        # Every tap from a client of its own: none has the cookie another's answer set.
        outcomes = at_once([join.from_phone(Client()) for _tap in range(taps)])
        assert errors(outcomes) == []
        assert [outcome.value.status_code for outcome in outcomes] == [302] * taps
        assert GuestAccount.objects.count() == round_ + 1
        assert Membership.objects.filter(club=club).count() == round_ + 1
        guest = GuestAccount.objects.get(first_write_token=join.form["first_write_token"]).user
        assert {outcome.value.client.session["_auth_user_id"] for outcome in outcomes} == {
            str(guest.pk)
        }
    joined = ClubChange.objects.filter(club=club, kind=ClubChange.Kind.MEMBER_JOINED)
    assert joined.count() == rounds


def test_a_removed_member_let_back_in_from_many_phones_at_once_comes_back_once() -> None:
    for round_ in range(ROUNDS):
        club = Club.objects.create(name=f"Stammtisch {round_}")
        owner = member(club, Role.OWNER, f"olga{round_}")
        sepp = member(club, Role.SCORER, f"sepp{round_}")
        club_services.member_remove(Membership.objects.get(club=club, user=sepp), by=owner)
        removed = RemovedMember.objects.get(club=club, user=sepp)
        outcomes = at_once(
            [partial(club_services.member_let_back, removed, by=owner) for _phone in range(PHONES)]
        )
        assert errors(outcomes) == []
        assert Membership.objects.filter(club=club, user=sepp).count() == 1
        assert not RemovedMember.objects.filter(club=club).exists()
        let_back = ClubChange.objects.filter(club=club, kind=ClubChange.Kind.MEMBER_LET_BACK)
        assert let_back.count() == 1


def test_a_club_deleted_from_many_phones_at_once_is_recorded_once() -> None:
    for round_ in range(ROUNDS):
        club = Club.objects.create(name=f"Family {round_}")
        owner = member(club, Role.OWNER, f"owner{round_}")
        table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
        # Each phone with the club as it read it.
        copies = [Club.objects.get(pk=club.pk) for _phone in range(PHONES)]
        outcomes = at_once([partial(club_services.club_delete, copy, by=owner) for copy in copies])
        assert errors(outcomes) == []
        deleted = ClubChange.objects.filter(club=club, kind=ClubChange.Kind.CLUB_DELETED)
        assert deleted.count() == 1
        # Its record outlives the club once the trash is emptied.
        club_services.trash_purge(days=0)
        assert not Club.objects.filter(pk=club.pk).exists()
        assert DeletedClub.objects.filter(public_id=club.public_id).count() == 1


def test_two_owners_stepping_down_at_once_leave_one_owner() -> None:
    for round_ in range(ROUNDS):
        club = Club.objects.create(name=f"Family {round_}")
        owners = [member(club, Role.OWNER, f"owner{round_}-{n}") for n in range(2)]
        memberships = [Membership.objects.get(club=club, user=user) for user in owners]
        outcomes = at_once(
            [partial(club_services.member_set_role, mine, Role.VIEWER) for mine in memberships]
            + [partial(club_services.member_remove, mine) for mine in memberships]
        )
        unexpected = [
            outcome.describe()
            for outcome in outcomes
            if outcome.error is not None and not isinstance(outcome.error, EntryError)
        ]
        assert unexpected == []
        assert Membership.objects.filter(club=club, role=Role.OWNER).count() == 1


def test_a_deleted_hand_restored_from_many_phones_at_once_comes_back_once() -> None:
    club = Club.objects.create(name="Bar")
    for _round in range(ROUNDS):
        table = table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
        table_services.round_record(table, points_entry(Ann=1, Bob=0))
        gone = table_services.round_record(table, points_entry(Ann=0, Bob=1))
        table_services.round_delete(gone)
        outcomes = at_once(
            [
                partial(table_services.round_restore, table, gone.public_id)
                for _phone in range(PHONES)
            ]
        )
        assert errors(outcomes) == []
        assert Round.objects.filter(public_id=gone.public_id).count() == 1
        assert list(table.rounds.values_list("number", flat=True)) == [1, 2]
        assert {outcome.value.pk for outcome in outcomes} == {
            Round.objects.get(public_id=gone.public_id).pk
        }


def test_many_phones_editing_a_league_at_once_apply_one_edit() -> None:
    club = Club.objects.create(name="League night")
    league = league_services.league_create(club=club, name="Winter cup", games=["scopa"])
    for round_ in range(ROUNDS):
        version = League.objects.get(pk=league.pk).version
        outcomes = at_once(
            [
                partial(
                    league_services.league_update,
                    league,
                    name=f"Cup {round_}-{phone}",
                    games=["scopa"],
                    members=[f"Player {phone}"],
                    version=version,
                )
                for phone in range(PHONES)
            ]
        )
        applied = [outcome for outcome in outcomes if outcome.ok]
        refused = [o for o in outcomes if isinstance(o.error, league_services.StaleLeague)]
        assert len(applied) == 1, errors(outcomes)
        assert len(refused) == PHONES - 1, errors(outcomes)
        now = League.objects.get(pk=league.pk)
        assert now.version == version + 1
        assert now.name == applied[0].value.name
        assert [p.name for p in now.members.all()] == [
            m.name for m in applied[0].value.members.all()
        ]


def test_a_table_deleted_while_phones_write_to_it_answers_each_in_words() -> None:
    club = Club.objects.create(name="Corner table")
    for _round in range(ROUNDS):
        table = table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
        table_services.round_record(table, points_entry(Ann=1, Bob=0))
        outcomes = at_once(
            [partial(table_services.table_delete, table) for _phone in range(PHONES // 2)]
            + [partial(table_services.watch_link_set, table, on=True)]
            + [
                partial(table_services.round_record, table, points_entry(Ann=0, Bob=1))
                for _phone in range(PHONES // 2 - 1)
            ]
        )
        # Deleting twice is deleting once; a write after the delete is refused in words.
        unexpected = [
            outcome.describe()
            for outcome in outcomes
            if outcome.error is not None
            and not isinstance(outcome.error, table_write_path.TableGone)
        ]
        assert unexpected == []
        assert not Table.objects.filter(pk=table.pk).exists()
        deleted = ClubChange.objects.filter(
            club=club, kind=ClubChange.Kind.TABLE_DELETED, before__table=table.public_id
        )
        assert deleted.count() == 1


def test_owners_restoring_a_deleted_table_at_once_restore_it_once() -> None:
    club = Club.objects.create(name="Corner table")
    owners = [member(club, Role.OWNER, f"owner-{n}") for n in range(2)]
    for _round in range(ROUNDS):
        table = table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
        table_services.round_record(table, points_entry(Ann=1, Bob=0))
        table_services.table_delete(table)
        trashed = Table.with_deleted.get(pk=table.pk)
        assert trashed.deleted_at is not None
        listed = trashed.deleted_at.isoformat()
        outcomes = at_once(
            [
                partial(table_services.table_restore, trashed, listed=listed, by=owner)
                for owner in owners * (PHONES // 2)
            ]
        )
        assert errors(outcomes) == []
        restored = Table.objects.get(pk=table.pk)
        assert (restored.deleted_at, restored.rounds.count()) == (None, 1)
        logged = ClubChange.objects.filter(
            club=club, kind=ClubChange.Kind.TABLE_RESTORED, after__table=table.public_id
        )
        assert logged.count() == 1


def test_owners_restoring_a_deleted_club_at_once_restore_it_once() -> None:
    for round_ in range(ROUNDS):
        club = Club.objects.create(name=f"Stammtisch {round_}")
        owners = [member(club, Role.OWNER, f"owner{round_}-{n}") for n in range(2)]
        club_services.club_delete(club, by=owners[0])
        outcomes = at_once(
            [partial(club_services.club_restore, club, by=owner) for owner in owners * 2]
        )
        assert errors(outcomes) == []
        assert Club.objects.get(pk=club.pk).deleted_at is None
        restored = ClubChange.objects.filter(club=club, kind=ClubChange.Kind.CLUB_RESTORED)
        assert restored.count() == 1
