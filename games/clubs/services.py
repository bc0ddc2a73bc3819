"""Every write to a club, its members, invites, guests and players, and the club's log:
atomic, validated, all or nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Field, Model, QuerySet, Value
from django.db.models.functions import Lower
from django.db.models.lookups import Exact
from django.utils import timezone

from games.models import (
    AccountSettings,
    Club,
    ClubChange,
    DeletedClub,
    GuestAccount,
    Invite,
    Membership,
    Player,
    RemovedMember,
    Role,
    Table,
    TableChange,
)
from games.scoring import (
    EntryError,
)
from games.scoring.errors import Problem, problem, raise_if_any
from games.scoring.i18n import gettext_noop

ModelT = TypeVar("ModelT", bound=Model)


def player_get_or_create(name: str, *, club: Club) -> Player:
    """The club's player of that name, ignoring case; a new one if nobody has it yet.

    Two phones naming the same new player at once both get the one row: the second insert
    meets the unique name, and then finds the first phone's player.
    """
    name = name.strip()
    player = Player.objects.filter(named(name), club=club).first()
    if player is not None:
        return player
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, club=club)
    except IntegrityError:
        return Player.objects.get(named(name), club=club)


def named(name: str) -> Exact:
    """The same name as the unique constraints see it: ``LOWER(name)``. (``iexact`` compares
    ``UPPER``, which disagrees for a few letters: PostgreSQL lowers "İlker" to "ilker" but
    uppers them apart, so a lookup by ``iexact`` could miss the row the insert collided with.)"""
    return Exact(Lower("name"), Lower(Value(name)))


def others(rows: QuerySet[ModelT], exclude: int | None) -> QuerySet[ModelT]:
    """``rows`` but the one being edited (``exclude``; None when creating)."""
    return rows if exclude is None else rows.exclude(pk=exclude)


def create_unique(model: type[ModelT], refusal: Problem, **fields: object) -> ModelT:
    """Insert a row whose name must be unique; another phone inserting the same name first is
    refused like a name already taken, not a crash."""
    try:
        with transaction.atomic():
            return model._default_manager.create(**fields)
    except IntegrityError:
        raise EntryError([refusal]) from None


NAME_TOO_LONG = gettext_noop("{name} is too long for a name")


def too_long(
    names: Sequence[str], model: type[Model], column: str, message: str, field: str
) -> list[Problem]:
    """A problem for each name longer than the database column that stores it."""
    found = model._meta.get_field(column)
    limit = (found.max_length if isinstance(found, Field) else None) or 0
    return [problem(message, field, name=name) for name in names if len(name) > limit]


def actor(by: User | None) -> User | None:
    """The account to name in the log: None for the services' own callers and for a visitor
    who is not signed in."""
    return by if by is not None and by.is_authenticated else None


def account_language_set(user: User, language: str) -> None:
    """Remember the language an account chose. Setting it twice, or from two phones at once,
    leaves one row with the last language (an upsert: no read-then-write to race)."""
    AccountSettings.objects.bulk_create(
        [AccountSettings(user=user, language=language)],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["language"],
    )


def club_log(
    club: Club,
    kind: str,
    subject: str = "",
    *,
    by: User | None = None,
    before: Mapping[str, object] | None = None,
    after: Mapping[str, object] | None = None,
) -> ClubChange:
    """Record a write to the club's records outside a table's hands in its audit log.

    ``subject`` is stored as the writer read it, in the language active for their request (a
    role, a game's name, beside names the players typed); ``kind`` is a key, translated for each
    reader of the log."""
    return ClubChange.objects.create(
        club=club,
        user=actor(by),
        kind=kind,
        subject=subject[:200],
        before=before,
        after=after,
    )


def club_create(user: User, name: str) -> Club:
    """A new club, owned by the account that makes it."""
    club = Club.objects.create(name=name)
    Membership.objects.create(club=club, user=user, role=Role.OWNER)
    club_log(club, ClubChange.Kind.CLUB_CREATED, name, by=user, after={"name": name})
    return club


@transaction.atomic
def club_rename(club: Club, name: str, *, by: User | None = None) -> Club:
    name = name.strip()
    if not name:
        raise EntryError([problem(gettext_noop("a club needs a name"), "name")])
    raise_if_any(too_long([name], Club, "name", NAME_TOO_LONG, "name"))
    before = {"name": club.name}
    club.name = name
    club.save(update_fields=["name"])
    club_log(club, ClubChange.Kind.CLUB_RENAMED, name, by=by, before=before, after={"name": name})
    return club


@transaction.atomic
def invite_create(
    club: Club,
    *,
    role: str = Role.SCORER,
    expires_at: datetime | None = None,
    by: User | None = None,
) -> Invite:
    invite = Invite.objects.create(
        club=club,
        role=Role(role),
        expires_at=expires_at,
        created_by=actor(by),
    )
    club_log(
        club,
        ClubChange.Kind.INVITE_CREATED,
        str(Role(role).label),
        by=by,
        after={"role": str(role), "expires_at": expires_at.isoformat() if expires_at else None},
    )
    return invite


@transaction.atomic
def invite_revoke(invite: Invite, *, by: User | None = None) -> None:
    if invite.revoked_at is not None:
        return
    invite.revoked_at = timezone.now()
    invite.save(update_fields=["revoked_at"])
    club_log(invite.club, ClubChange.Kind.INVITE_REVOKED, str(Role(invite.role).label), by=by)


REMOVED_FROM_CLUB = gettext_noop("an owner took you out of this club: ask them to let you back in")


@transaction.atomic
def club_join(invite: Invite, user: User) -> Membership:
    """Make the account a member through an open invite; a member already keeps the higher of
    its role and the invite's. Two taps on the link make one membership. An account an owner
    removed stays out, whatever link it still holds, until an owner lets it back in."""
    if not invite.is_open():
        raise EntryError([problem(gettext_noop("this invite link no longer works"), "invite")])
    if RemovedMember.objects.filter(club=invite.club, user=user).exists():
        raise EntryError([problem(REMOVED_FROM_CLUB, "invite")])
    membership, created = Membership.objects.get_or_create(
        club=invite.club, user=user, defaults={"role": invite.role}
    )
    if created:
        club_log(
            invite.club,
            ClubChange.Kind.MEMBER_JOINED,
            user.get_username(),
            by=user,
            after={"role": invite.role},
        )
    elif not Role(membership.role).allows(Role(invite.role)):
        before = {"role": membership.role}
        membership.role = invite.role
        membership.save(update_fields=["role"])
        club_log(
            invite.club,
            ClubChange.Kind.ROLE_CHANGED,
            user.get_username(),
            by=user,
            before=before,
            after={"role": invite.role},
        )
    return membership


def _locked_membership(membership: Membership) -> Membership:
    """The membership re-read under a lock; one removed meanwhile (another owner's phone) is
    refused in words rather than a crash."""
    found = Membership.objects.select_for_update().filter(pk=membership.pk).first()
    if found is None:
        raise EntryError([problem(gettext_noop("that member is no longer in the club"), "member")])
    return found


def _owners_left(club: Club, without: Membership) -> bool:
    return club.memberships.filter(role=Role.OWNER).exclude(pk=without.pk).exists()


@transaction.atomic
def member_set_role(membership: Membership, role: str, *, by: User | None = None) -> Membership:
    """Change a member's role; a club always keeps at least one owner."""
    # The club first, then the member: every membership write queues on the club's row, so
    # two owners stepping down at once cannot leave the club with none.
    Club.objects.select_for_update().get(pk=membership.club_id)
    membership = _locked_membership(membership)
    if (
        membership.role == Role.OWNER
        and role != Role.OWNER
        and not _owners_left(membership.club, membership)
    ):
        raise EntryError([problem(gettext_noop("a club keeps at least one owner"), "role")])
    before = {"role": membership.role}
    membership.role = Role(role)
    membership.save(update_fields=["role"])
    club_log(
        membership.club,
        ClubChange.Kind.ROLE_CHANGED,
        membership.user.get_username(),
        by=by,
        before=before,
        after={"role": str(role)},
    )
    return membership


@transaction.atomic
def member_remove(membership: Membership, *, by: User | None = None) -> None:
    """Take a member out of the club (or leave it); the last owner cannot leave. A member
    another account took out is kept as removed, so an invite link it still holds does not
    bring it back; one who leaves on their own may come back by any open link."""
    # The club first, then the member: every membership write queues on the club's row, so
    # two owners stepping down at once cannot leave the club with none.
    Club.objects.select_for_update().get(pk=membership.club_id)
    membership = _locked_membership(membership)
    if membership.role == Role.OWNER and not _owners_left(membership.club, membership):
        raise EntryError([problem(gettext_noop("a club keeps at least one owner"), "role")])
    before = {"role": membership.role}
    remover = actor(by)
    if remover is not None and remover.pk != membership.user_id:
        RemovedMember.objects.update_or_create(
            club_id=membership.club_id,
            user_id=membership.user_id,
            defaults={
                "public_id": membership.public_id,
                "role": membership.role,
                "removed_by": remover,
                "removed_at": timezone.now(),
            },
        )
    membership.delete()
    club_log(
        membership.club,
        ClubChange.Kind.MEMBER_REMOVED,
        membership.user.get_username(),
        by=by,
        before=before,
    )


@transaction.atomic
def member_let_back(removed: RemovedMember, *, by: User | None = None) -> Membership | None:
    """An owner lets a removed member back in: the membership comes back as it was (its public
    id and role), the member asked for nothing. Letting in someone already back changes
    nothing and returns None."""
    Club.objects.select_for_update().get(pk=removed.club_id)
    found = RemovedMember.objects.select_for_update().filter(pk=removed.pk).first()
    if found is None:
        return None
    found.delete()
    if Membership.objects.filter(club_id=found.club_id, user_id=found.user_id).exists():
        # Back already by another way (a guest's clubs merged in on signing in).
        return None
    membership = Membership.objects.create(
        club_id=found.club_id, user_id=found.user_id, public_id=found.public_id, role=found.role
    )
    club_log(
        membership.club,
        ClubChange.Kind.MEMBER_LET_BACK,
        membership.user.get_username(),
        by=by,
        after={"role": found.role},
    )
    return membership


@transaction.atomic
def club_owner_set(club: Club, user: User) -> tuple[Membership, bool]:
    """Make the account an owner of the club, from the command line (nobody signed in, so the
    log names no one). A member already keeps its membership, raised to owner. Returns the
    membership and whether anything changed."""
    Club.objects.select_for_update().get(pk=club.pk)
    membership = Membership.objects.filter(club=club, user=user).first()
    if membership is None:
        RemovedMember.objects.filter(club=club, user=user).delete()
        membership = Membership.objects.create(club=club, user=user, role=Role.OWNER)
        club_log(
            club,
            ClubChange.Kind.MEMBER_JOINED,
            user.get_username(),
            after={"role": Role.OWNER.value},
        )
        return membership, True
    if membership.role == Role.OWNER:
        return membership, False
    return member_set_role(membership, Role.OWNER), True


@transaction.atomic
def guests_remove(older_than: date) -> tuple[int, int]:
    """Remove the guest accounts last seen before ``older_than``, and the clubs only they were
    members of, with everything in them. A club that keeps other members but loses its last
    owner gets its longest-standing remaining member as owner. Returns how many guest
    accounts and how many clubs went."""
    guests = list(
        GuestAccount.objects.select_for_update()
        .filter(last_seen__lt=older_than)
        .values_list("user_id", flat=True)
    )
    if not guests:
        return 0, 0
    # Not .distinct() over the join: PostgreSQL refuses FOR UPDATE with DISTINCT.
    club_pks = Membership.objects.filter(user__in=guests).values("club_id")
    removed_clubs = 0
    for club in Club.objects.select_for_update().filter(pk__in=club_pks).order_by("pk"):
        staying = club.memberships.exclude(user__in=guests)
        if not staying.exists():
            # Nobody is left who could restore it: gone for good, not to the trash.
            _club_delete_for_good(club)
            removed_clubs += 1
            continue
        for membership in club.memberships.filter(user__in=guests).select_related("user"):
            club_log(
                club,
                ClubChange.Kind.MEMBER_REMOVED,
                membership.user.get_username(),
                before={"role": membership.role},
            )
        if not staying.filter(role=Role.OWNER).exists():
            heir = staying.select_related("user").order_by("joined_at", "pk").first()
            assert heir is not None
            before = {"role": heir.role}
            heir.role = Role.OWNER
            heir.save(update_fields=["role"])
            club_log(
                club,
                ClubChange.Kind.ROLE_CHANGED,
                heir.user.get_username(),
                before=before,
                after={"role": Role.OWNER.value},
            )
    get_user_model().objects.filter(pk__in=guests).delete()
    return len(guests), removed_clubs


@transaction.atomic
def guest_merge(guest: User, user: User) -> None:
    """A guest who signs in to a full account: the guest's clubs become the account's (keeping
    the higher role where it is in both), its log entries name the account, and the guest
    account goes."""
    for membership in Membership.objects.filter(user=guest):
        mine = Membership.objects.filter(club=membership.club_id, user=user).first()
        if mine is None:
            membership.user = user
            membership.save(update_fields=["user"])
        elif not Role(mine.role).allows(Role(membership.role)):
            mine.role = membership.role
            mine.save(update_fields=["role"])
    TableChange.objects.filter(user=guest).update(user=user)
    ClubChange.objects.filter(user=guest).update(user=user)
    guest.delete()


# How long a deleted table or club stays in the trash, restorable by the club's owners, before
# ``manage.py trash_purge`` deletes it for good.
TRASH_DAYS = 30


class TrashStale(Exception):
    """A restore asked from a trash listed before the thing was restored and deleted again:
    the deletion it names is not the one there now (the view answers 409)."""


def in_trash_since(deleted_at: datetime | None, listed: str | None) -> bool:
    """Whether the deletion a restore form names (``listed``, the ``deleted_at`` it was
    rendered with, in ISO form; None from the services' own callers) is the one in place."""
    return listed is None or (deleted_at is not None and deleted_at.isoformat() == listed)


@transaction.atomic
def club_delete(club: Club, *, by: User | None = None) -> None:
    """Put the club in the trash: gone for its members (``clubs.access`` finds it no more),
    its tables, players, leagues and log kept, so its owners can restore it for
    ``TRASH_DAYS``. Deleting it twice deletes it once."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.deleted_at is not None:
        return
    club.deleted_at = timezone.now()
    club.deleted_by = actor(by)
    club.save(update_fields=["deleted_at", "deleted_by"])
    club_log(club, ClubChange.Kind.CLUB_DELETED, club.name, by=by)


@transaction.atomic
def club_restore(club: Club, *, listed: str | None = None, by: User | None = None) -> Club:
    """Take the club out of the trash, as it was. Restoring it twice restores it once;
    TrashStale when it was restored and deleted again since ``listed``."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.deleted_at is None:
        return club
    if not in_trash_since(club.deleted_at, listed):
        raise TrashStale
    before = {"deleted_at": club.deleted_at.isoformat()}
    club.deleted_at = None
    club.deleted_by = None
    club.save(update_fields=["deleted_at", "deleted_by"])
    club_log(club, ClubChange.Kind.CLUB_RESTORED, club.name, by=by, before=before)
    return club


def _club_delete_for_good(club: Club) -> None:
    """Delete the club with everything in it. Its tables go first: a seat protects its player
    from being deleted on its own, and the club's players go with the club. Its log goes too,
    so a ``DeletedClub`` row keeps who deleted it and when, for each of its members to see."""
    record = DeletedClub.objects.create(
        public_id=club.public_id, name=club.name, deleted_by=club.deleted_by
    )
    if club.deleted_at is not None:
        # When its owner deleted it, not when the trash was emptied.
        DeletedClub.objects.filter(pk=record.pk).update(deleted_at=club.deleted_at)
    record.members.set(club.memberships.values_list("user_id", flat=True))
    Table.with_deleted.filter(club=club).delete()
    club.delete()


@transaction.atomic
def trash_purge(*, days: int = TRASH_DAYS) -> tuple[list[str], list[str]]:
    """Delete for good the tables and clubs deleted more than ``days`` ago; the club's log
    keeps a line for each table (and, from its deletion, the table's scoresheet). Returns
    the public ids of the tables and of the clubs that went; run again, it finds nothing."""
    cutoff = timezone.now() - timedelta(days=days)
    clubs = list(Club.objects.select_for_update().filter(deleted_at__lt=cutoff).order_by("pk"))
    tables = list(
        Table.with_deleted.select_for_update()
        .filter(deleted_at__lt=cutoff)
        .exclude(club__in=clubs)
        .select_related("club")
        .order_by("pk")
    )
    for table in tables:
        club_log(
            table.club,
            ClubChange.Kind.TABLE_PURGED,
            table.public_id,
            before={"table": table.public_id, "deleted_at": table.deleted_at.isoformat()}
            if table.deleted_at
            else None,
        )
    Table.with_deleted.filter(pk__in=[table.pk for table in tables]).delete()
    for club in clubs:
        _club_delete_for_good(club)
    return [table.public_id for table in tables], [club.public_id for club in clubs]


@transaction.atomic
def guest_keep(user: User, *, username: str, email: str, password: str) -> None:
    """A guest account given a name and a password ("Keep my games"; the form has checked
    them) is a guest no more: its clubs, tables and log entries stay as they are."""
    user.username = username
    user.email = email
    user.set_password(password)
    user.save()
    GuestAccount.objects.filter(user=user).delete()
