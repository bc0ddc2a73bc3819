"""The club the tests keep score in, and the accounts that may see it.

Most tests are about scoring and pages, not about who may see them: their tables go into one
test club, and the test client signs in as its owner (tests/pages.py). The access tests make
clubs and accounts of their own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from games.models import Club, Membership, Role

TEST_CLUB = "Test club"
OWNER = "test-owner"


def home_club() -> Club:
    """The tests' club (made on first use in each test's database)."""
    club = Club.objects.filter(name=TEST_CLUB).order_by("pk").first()
    if club is None:
        club = Club.objects.create(name=TEST_CLUB)
    return club


def member(club: Club, role: Role = Role.OWNER, username: str | None = None) -> Any:
    """An account with that role in the club (made if need be)."""
    name = username or f"{role}-of-{club.public_id}"
    user, _created = get_user_model().objects.get_or_create(username=name)
    Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return user


def home_owner() -> Any:
    return member(home_club(), Role.OWNER, OWNER)
