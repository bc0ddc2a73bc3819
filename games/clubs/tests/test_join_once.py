"""Join tapped twice from a phone with no session: the second tap arrives without the cookie
the first one set, and still finds the guest and the membership the first made (the join
form's first_write_token). One phone, one account, one membership."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.clubs import services as club_services
from games.models import Club, GuestAccount, Membership, Role
from tests.clubs import member
from tests.pages import html

pytestmark = pytest.mark.django_db


def join_form(url: str) -> dict[str, str]:
    """The join form's fields as a phone with no session got them with the page."""
    page = html(Client().get(url))
    found = re.search(r'name="first_write_token" value="([^"]+)"', page)
    assert found is not None
    return {"first_write_token": found.group(1)}


def test_join_tapped_twice_before_the_first_answer_makes_one_guest_and_one_membership() -> None:
    club = Club.objects.create(name="Stammtisch")
    member(club, Role.OWNER, "olga")
    url = reverse("games:join", kwargs={"token": club_services.invite_create(club).token})
    form = join_form(url)

    # Two taps, each without the cookie of the other's answer.
    first, second = Client(), Client()
    assert first.post(url, form).status_code == 302
    assert second.post(url, form).status_code == 302

    assert GuestAccount.objects.count() == 1
    guest = GuestAccount.objects.get().user
    assert Membership.objects.filter(club=club).exclude(user__username="olga").get().user == guest
    # Both phones are signed in to it: the second tap may go on as the first would.
    assert first.session["_auth_user_id"] == second.session["_auth_user_id"] == str(guest.pk)


def test_two_pages_of_the_join_form_are_two_phones() -> None:
    club = Club.objects.create(name="Stammtisch")
    url = reverse("games:join", kwargs={"token": club_services.invite_create(club).token})

    Client().post(url, join_form(url))
    Client().post(url, join_form(url))

    assert GuestAccount.objects.count() == 2
    assert Membership.objects.filter(club=club).count() == 2


def test_an_old_join_form_no_longer_signs_in_to_the_guest_it_made() -> None:
    club = Club.objects.create(name="Stammtisch")
    url = reverse("games:join", kwargs={"token": club_services.invite_create(club).token})
    form = join_form(url)
    Client().post(url, form)
    GuestAccount.objects.update(
        created_at=GuestAccount.objects.get().created_at - datetime.timedelta(hours=1)
    )

    first_guest = GuestAccount.objects.get().user

    # Not a key to that account for whoever finds the page later, nor a crash: a guest of
    # its own, as a new phone.
    phone = Client()
    assert phone.post(url, form).status_code == 302
    assert get_user_model().objects.count() == 2
    assert phone.session["_auth_user_id"] != str(first_guest.pk)
    assert Membership.objects.filter(club=club).count() == 2


@pytest.mark.parametrize("token", ["", "short", "x" * 200, "<script>", "é" * 20])
def test_a_join_with_a_missing_or_odd_token_joins_as_before(token: str) -> None:
    club = Club.objects.create(name="Stammtisch")
    url = reverse("games:join", kwargs={"token": club_services.invite_create(club).token})

    assert Client().post(url, {"first_write_token": token}).status_code == 302

    assert GuestAccount.objects.get().first_write_token == ""
    assert Membership.objects.filter(club=club).count() == 1
