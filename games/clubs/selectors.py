"""Every read the club pages need: an account's memberships and the clubs deleted under it,
a club's members (and those an owner removed), open invites and log, an invite by its
token."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from games.http import Visitor
from games.models import (
    Club,
    ClubChange,
    DeletedClub,
    GuestAccount,
    Invite,
    Membership,
    RemovedMember,
    Role,
    Table,
    has_token,
    with_seats,
)

# The club page shows this many of the latest entries of the club's log.
CLUB_LOG_SHOWN = 50
# The clubs list shows this many of the latest clubs deleted that the account was in.
DELETED_CLUBS_SHOWN = 20
# How long a form's first_write_token signs in to the guest its first post made: long enough
# for a phone's retry, short enough that a page left lying around is no key to the account.
FIRST_WRITE_RETRY = datetime.timedelta(minutes=15)


def memberships_of(user: Visitor) -> QuerySet[Membership]:
    """The account's memberships with their clubs, by the clubs' names (none for a visitor who
    is not signed in)."""
    if not user.is_authenticated:
        return Membership.objects.none()
    return (
        Membership.objects.filter(user=user, club__deleted_at__isnull=True)
        .select_related("club")
        .order_by("club__name")
    )


def clubs_in_trash(user: Visitor) -> QuerySet[Club]:
    """The deleted clubs the account owned, which it may restore, the latest deleted first,
    with who deleted each."""
    if not user.is_authenticated:
        return Club.objects.none()
    return (
        Club.objects.filter(
            deleted_at__isnull=False,
            memberships__user=user,
            memberships__role=Role.OWNER,
        )
        .select_related("deleted_by__guest")
        .order_by("-deleted_at", "-pk")
    )


def tables_in_trash(club: Club) -> list[tuple[Table, str]]:
    """The club's deleted tables, the latest deleted first, with who deleted each, and each
    named as the club's log names it (the game and who sat down), for its owners' trash."""
    tables = with_seats(
        Table.with_deleted.filter(club=club, deleted_at__isnull=False)
        .select_related("deleted_by__guest")
        .order_by("-deleted_at", "-pk")
    )
    return [
        (
            table,
            f"{table.get_game_display()}: {', '.join(s.player.name for s in table.seats.all())}",
        )
        for table in tables
    ]


def club_members(club: Club) -> QuerySet[Membership]:
    """The club's members, the longest-standing first, with their accounts (guest or not)."""
    return club.memberships.select_related("user", "user__guest").order_by("joined_at", "pk")


def club_member(club: Club, public_id: str) -> Membership | None:
    return club.memberships.filter(public_id=public_id).select_related("user").first()


def club_removed_members(club: Club) -> QuerySet[RemovedMember]:
    """The accounts an owner took out of the club and nobody let back in, the latest first
    (one back already by another way, a guest's clubs merged in, is a member again)."""
    return (
        club.removed_members.exclude(user__memberships__club=club)
        .select_related("user", "user__guest")
        .order_by("-removed_at", "-pk")
    )


def club_removed_member(club: Club, public_id: str) -> RemovedMember | None:
    return club.removed_members.filter(public_id=public_id).first()


def is_removed_from(club_id: int, user: Visitor) -> bool:
    """Whether an owner took the account out of the club (never a visitor not signed in)."""
    if not user.is_authenticated:
        return False
    return RemovedMember.objects.filter(club_id=club_id, user=user).exists()


def clubs_deleted_for(user: Visitor) -> QuerySet[DeletedClub]:
    """The latest clubs deleted while the account was a member, with who deleted each."""
    if not user.is_authenticated:
        return DeletedClub.objects.none()
    return (
        DeletedClub.objects.filter(members=user)
        .select_related("deleted_by", "deleted_by__guest")
        .order_by("-deleted_at", "-pk")[:DELETED_CLUBS_SHOWN]
    )


def club_open_invites(club: Club) -> list[Invite]:
    """The club's invite links that still work, the newest first."""
    found = club.invites.filter(revoked_at__isnull=True).order_by("-created_at")
    return [invite for invite in found if invite.is_open()]


def club_invite(club: Club, public_id: str) -> Invite | None:
    return Invite.objects.filter(club=club, public_id=public_id).first()


def invite_by_token(token: str) -> Invite | None:
    """The invite a link names, with its club, whether or not it still works."""
    return (
        Invite.objects.select_related("club")
        .filter(token=token, club__deleted_at__isnull=True)
        .first()
    )


def club_log_latest(club: Club) -> QuerySet[ClubChange]:
    """The latest entries of the club's log, with who wrote each (guest or not)."""
    return club.audit.select_related("user", "user__guest").order_by("-created_at", "-pk")[
        :CLUB_LOG_SHOWN
    ]


def guest_of_first_write(token: str) -> User | None:
    """The guest account a form with that token made lately, while it is still a guest."""
    found = (
        GuestAccount.objects.filter(
            has_token(GuestAccount, "first_write_token"),
            first_write_token=token,
            created_at__gte=timezone.now() - FIRST_WRITE_RETRY,
        )
        .select_related("user")
        .first()
    )
    return found.user if found is not None else None
