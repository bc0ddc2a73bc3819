"""A member an owner removed stays out: an invite link they still hold does not bring them
back, the owner sees them as removed and may let them back in. A member who leaves on their
own may come back by any open link."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.clubs import services as club_services
from games.models import Club, ClubChange, Membership, RemovedMember, Role
from tests.clubs import member
from tests.pages import html

pytestmark = pytest.mark.django_db


def phone_of(user: object) -> Client:
    phone = Client()
    phone.force_login(user)  # type: ignore[arg-type]
    return phone


def club_url(club: Club) -> str:
    return reverse("games:club", kwargs={"club": club.public_id})


def member_url(club: Club, public_id: str) -> str:
    return reverse("games:member", kwargs={"club": club.public_id, "member": public_id})


def join_url(token: str) -> str:
    return reverse("games:join", kwargs={"token": token})


def test_a_member_removed_by_an_owner_cannot_rejoin_by_the_invite_they_used() -> None:
    club = Club.objects.create(name="Stammtisch")
    owner = member(club, Role.OWNER, "olga")
    invite = club_services.invite_create(club)
    sepp = member(Club.objects.create(name="Sepp's"), Role.OWNER, "sepp")
    sepps_phone = phone_of(sepp)
    assert sepps_phone.post(join_url(invite.token)).status_code == 302
    joined = Membership.objects.get(club=club, user=sepp)

    assert (
        phone_of(owner).post(member_url(club, joined.public_id), {"remove": "1"}).status_code == 302
    )

    page = sepps_phone.get(join_url(invite.token))
    assert page.status_code == 403
    assert "ask them to let you back in" in html(page)
    assert 'name="first_write_token"' not in html(page)
    refused = sepps_phone.post(join_url(invite.token))
    assert refused.status_code == 403
    assert "ask them to let you back in" in html(refused)
    assert not Membership.objects.filter(club=club, user=sepp).exists()
    # Nor by a link made after the removal: out is out until an owner says otherwise.
    later = club_services.invite_create(club)
    assert sepps_phone.post(join_url(later.token)).status_code == 403
    assert not Membership.objects.filter(club=club, user=sepp).exists()


def test_a_member_who_leaves_on_their_own_may_come_back_by_the_invite() -> None:
    club = Club.objects.create(name="Stammtisch")
    member(club, Role.OWNER, "olga")
    invite = club_services.invite_create(club)
    sepp = member(Club.objects.create(name="Sepp's"), Role.OWNER, "sepp")
    sepps_phone = phone_of(sepp)
    sepps_phone.post(join_url(invite.token))
    joined = Membership.objects.get(club=club, user=sepp)

    assert sepps_phone.post(member_url(club, joined.public_id), {"remove": "1"}).status_code == 302
    assert not RemovedMember.objects.exists()

    assert sepps_phone.post(join_url(invite.token)).status_code == 302
    assert Membership.objects.filter(club=club, user=sepp).exists()


def test_the_owner_sees_who_was_removed_and_lets_them_back_in_as_before() -> None:
    club = Club.objects.create(name="Stammtisch")
    owner = member(club, Role.OWNER, "olga")
    viewer = member(club, Role.VIEWER, "vroni")
    sepp = member(club, Role.SCORER, "sepp")
    removed = Membership.objects.get(club=club, user=sepp)
    owners_phone = phone_of(owner)
    owners_phone.post(member_url(club, removed.public_id), {"remove": "1"})

    page = html(owners_phone.get(club_url(club)))
    assert 'name="let_back"' in page
    assert f'action="{member_url(club, removed.public_id)}"' in page
    # Only an owner sees them, and only an owner may let them back.
    assert 'name="let_back"' not in html(phone_of(viewer).get(club_url(club)))
    answer = phone_of(viewer).post(member_url(club, removed.public_id), {"let_back": "1"})
    assert answer.status_code == 403
    assert not Membership.objects.filter(club=club, user=sepp).exists()

    back = owners_phone.post(member_url(club, removed.public_id), {"let_back": "1"})
    assert back.status_code == 302
    again = Membership.objects.get(club=club, user=sepp)
    assert (again.public_id, again.role) == (removed.public_id, Role.SCORER)
    assert 'name="let_back"' not in html(owners_phone.get(club_url(club)))
    # A second tap finds them back and changes nothing.
    assert (
        owners_phone.post(member_url(club, removed.public_id), {"let_back": "1"}).status_code == 302
    )
    assert Membership.objects.filter(club=club, user=sepp).count() == 1
    logged = ClubChange.objects.filter(club=club, kind=ClubChange.Kind.MEMBER_LET_BACK)
    assert [(row.user, row.subject) for row in logged] == [(owner, "sepp")]
    # Removed again later, the same link still does not bring them back.
    invite = club_services.invite_create(club)
    owners_phone.post(member_url(club, again.public_id), {"remove": "1"})
    assert phone_of(sepp).post(join_url(invite.token)).status_code == 403


def test_letting_back_in_someone_of_another_club_is_not_found() -> None:
    club = Club.objects.create(name="Stammtisch")
    owner = member(club, Role.OWNER, "olga")
    other = Club.objects.create(name="Elsewhere")
    other_owner = member(other, Role.OWNER, "otto")
    sepp = member(other, Role.SCORER, "sepp")
    removed = Membership.objects.get(club=other, user=sepp)
    club_services.member_remove(removed, by=other_owner)

    answer = phone_of(owner).post(member_url(club, removed.public_id), {"let_back": "1"})
    assert answer.status_code == 404
    assert not Membership.objects.filter(club=other, user=sepp).exists()
