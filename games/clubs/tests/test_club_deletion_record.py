"""A club deleted for good (its owners did not restore it from the trash) takes its log with it;
a record of who deleted which club, and when, survives it, and each of its members finds it on
their clubs list."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.clubs import services as club_services
from games.models import Club, ClubChange, DeletedClub, Role
from tests.clubs import member
from tests.pages import html

pytestmark = pytest.mark.django_db


def test_a_deleted_club_is_remembered_with_who_deleted_it_for_its_members() -> None:
    club = Club.objects.create(name="Thursday table")
    owner = member(club, Role.OWNER, "olga")
    scorer = member(club, Role.SCORER, "sepp")
    stranger = member(Club.objects.create(name="Elsewhere"), Role.OWNER, "otto")
    public_id = club.public_id
    owners_phone = Client()
    owners_phone.force_login(owner)

    answer = owners_phone.post(
        reverse("games:club_delete", kwargs={"club": public_id}), {"confirm": "Thursday table"}
    )

    assert answer.status_code == 302
    # In the trash, restorable; then deleted for good when the trash is emptied.
    assert not DeletedClub.objects.exists()
    club_services.trash_purge(days=0)
    assert not Club.objects.filter(public_id=public_id).exists()
    assert not ClubChange.objects.filter(subject="Thursday table").exists()
    record = DeletedClub.objects.get()
    assert (record.public_id, record.name, record.deleted_by) == (
        public_id,
        "Thursday table",
        owner,
    )
    clubs = reverse("games:clubs")
    mine = html(owners_phone.get(clubs))
    assert "Clubs deleted for good" in mine
    assert "Thursday table" in mine
    assert "by you" in mine
    scorers_phone = Client()
    scorers_phone.force_login(scorer)
    theirs = html(scorers_phone.get(clubs))
    assert "Thursday table" in theirs
    assert "by olga" in theirs
    strangers_phone = Client()
    strangers_phone.force_login(stranger)
    assert "Thursday table" not in html(strangers_phone.get(clubs))


def test_a_club_deleted_by_no_one_signed_in_is_remembered_too() -> None:
    club = Club.objects.create(name="Old guests")
    owner = member(club, Role.OWNER, "olga")

    club_services.club_delete(club)
    club_services.trash_purge(days=0)

    record = DeletedClub.objects.get()
    assert record.deleted_by is None
    assert list(record.members.all()) == [owner]
