"""The one place that decides who may see and change what.

Every view that shows or changes a club's records resolves it through here (or through a
domain's lookups built on ``check_role``), looking only inside the clubs of the signed-in
account: anything outside them answers 404, so a stranger cannot tell a record exists. A
member whose role is too low for a write gets 403. A first write from a visitor with no
account makes a guest account silently (no sign-up wall)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from functools import cache
from typing import TypeVar

from django.contrib.auth import login
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, router, transaction
from django.db.models import Model, OuterRef, QuerySet, Subquery
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from games import ratelimit
from games.clubs import selectors, services
from games.compiled_queries import Compiled, compiled
from games.http import Visitor, acting_user
from games.models import (
    Club,
    GuestAccount,
    Membership,
    Role,
)

_ROLES_CACHE = "_scorekeeper_roles"
# The roles read with the record they guard (``role_read``), by club pk, for the rest of the
# request: a page that reads one club's record asks no query for all the account's roles.
_READ_ROLES_CACHE = "_scorekeeper_read_roles"


GUEST_SESSION_KEY = "guest"


_M = TypeVar("_M", bound=Model)


def roles_of(user: Visitor) -> dict[int, Role]:
    """The account's role in each of its clubs, by club pk (read once per request)."""
    if not user.is_authenticated:
        return {}
    cached: dict[int, Role] | None = getattr(user, _ROLES_CACHE, None)
    if cached is None:
        rows = _roles_query(router.db_for_read(Membership)).rows({_NO_ACCOUNT: user.pk})
        cached = {club_id: Role(role) for club_id, role in rows}
        setattr(user, _ROLES_CACHE, cached)
    return cached


# The account's pk the roles' query is compiled with, put back as the account's own.
_NO_ACCOUNT = 0


@cache
def _roles_query(alias: str) -> Compiled:
    """The roles' query, compiled once per process: built through the ORM on every request it
    cost more than it took to run (issue 31)."""
    query = (
        # A club in the trash is nobody's: everything looked up through here leaves it out.
        Membership.objects.filter(user_id=_NO_ACCOUNT, club__deleted_at__isnull=True)
        # No order: the model's default one joins the clubs for their names.
        .order_by()
        .values_list("club_id", "role")
    )
    return compiled(query, alias, [_NO_ACCOUNT])


def forget_roles(user: Visitor) -> None:
    for cached in (_ROLES_CACHE, _READ_ROLES_CACHE):
        if hasattr(user, cached):
            delattr(user, cached)


def role_in(user: Visitor, club_id: int) -> Role | None:
    read: dict[int, Role | None] = getattr(user, _READ_ROLES_CACHE, {})
    if club_id in read:
        return read[club_id]
    return roles_of(user).get(club_id)


def role_of_row(user_pk: int, club: OuterRef) -> Subquery:
    """The account's role in the club of each row of a query (``club``: the row's club id), as
    ``roles_of`` reads it: none in a club in the trash, nor where the account is no member. A
    record and the role that guards it in one query; ``role_read`` decides on what it read."""
    memberships = Membership.objects.filter(
        user_id=user_pk, club_id=club, club__deleted_at__isnull=True
    )
    return Subquery(memberships.order_by().values("role")[:1])


def role_read(user: Visitor, club_id: int, held: str | None, role: Role) -> Role:
    """The account's role in a club as read with the record it guards (``role_of_row``): 404
    when it is no member, 403 when the role is too low, as ``check_role``; remembered for the
    rest of the request (``role_in``)."""
    found = Role(held) if held is not None and user.is_authenticated else None
    read: dict[int, Role | None] = getattr(user, _READ_ROLES_CACHE, {})
    read[club_id] = found
    setattr(user, _READ_ROLES_CACHE, read)
    if found is None:
        raise Http404
    refuse_below(found, role)
    return found


def club_ids(user: Visitor, role: Role = Role.VIEWER) -> list[int]:
    """The clubs in which the account holds at least ``role``."""
    return [club_id for club_id, held in roles_of(user).items() if held.allows(role)]


def clubs_of(user: Visitor, role: Role = Role.VIEWER) -> QuerySet[Club]:
    return Club.objects.filter(pk__in=club_ids(user, role))


def check_role(user: Visitor, club_id: int, role: Role) -> Role:
    """The account's role in the club: 404 when it is no member, 403 when the role is too low."""
    held = role_in(user, club_id)
    if held is None:
        raise Http404
    refuse_below(held, role)
    return held


def club_for(request: HttpRequest, public_id: str, role: Role = Role.VIEWER) -> Club:
    club = one_of_mine(Club.objects.filter(pk__in=club_ids(request.user)), public_id)
    check_role(request.user, club.pk, role)
    return club


def club_to_restore_for(request: HttpRequest, public_id: str) -> Club:
    """A club of the account, in the trash or not (a restore tapped again finds it restored,
    and answers as the first did), for its owners to restore: 404 for anyone who is no member
    of it, 403 for its other members (as ``club_for`` answers of a club that is not deleted)."""
    user = request.user
    membership = (
        Membership.objects.filter(user_id=user.pk, club__public_id=public_id)
        .select_related("club")
        .first()
        if user.is_authenticated
        else None
    )
    if membership is None:
        raise Http404
    refuse_below(Role(membership.role), Role.OWNER)
    return membership.club


# A table link lets whoever holds it score one table without joining its club (a tournament's
# table, for that table and round only). The domain that makes the links says whether one still
# opens its table (``table_link_check_add``): given the link's token and the table's public id.
TableLinkCheck = Callable[[str, str], bool]
_TABLE_LINK_CHECKS: list[TableLinkCheck] = []
TABLE_LINKS_SESSION_KEY = "table_links"


def table_link_check_add(check: TableLinkCheck) -> None:
    if check not in _TABLE_LINK_CHECKS:
        _TABLE_LINK_CHECKS.append(check)


def table_link_grant(request: HttpRequest, table_public_id: str, token: str) -> None:
    """Remember in the visitor's session (signed in or not) that they opened the table's link."""
    links = dict(request.session.get(TABLE_LINKS_SESSION_KEY, {}))
    links[table_public_id] = token
    request.session[TABLE_LINKS_SESSION_KEY] = links


def table_link_role(request: HttpRequest, table_public_id: str) -> Role | None:
    """A scorer's role at that one table, while the link the visitor opened still opens it
    (its round not closed); None otherwise."""
    session = getattr(request, "session", None)
    token = session.get(TABLE_LINKS_SESSION_KEY, {}).get(table_public_id) if session else None
    if not isinstance(token, str) or not token:
        return None
    if any(check(token, table_public_id) for check in _TABLE_LINK_CHECKS):
        return Role.SCORER
    return None


def refuse_below(held: Role, role: Role) -> None:
    """403 when the role held in a club is too low for what is asked."""
    if not held.allows(role):
        raise PermissionDenied(_("Your role in this club does not allow this."))


def one_of_mine(rows: QuerySet[_M], public_id: str) -> _M:
    """The row with that public id among those of the account's clubs; 404 otherwise."""
    found = rows.filter(public_id=public_id).first()
    if found is None:
        raise Http404
    return found


def is_guest(user: Visitor) -> bool:
    """Whether the account is a guest's; reads the reverse relation, so a query that
    select_related("user__guest") answers it for a whole list."""
    if not user.is_authenticated:
        return False
    try:
        return user.guest is not None
    except GuestAccount.DoesNotExist:
        return False


# What a form may carry as the token of a first write (``first_write_token``): anything else
# posted there is no token, and the write makes a guest as a form without one does.
FIRST_WRITE_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_first_write_token() -> str:
    """A new token for a form whose post may make a guest account (made with the page)."""
    return secrets.token_urlsafe(16)


@transaction.atomic
def guest_create(first_write_token: str = "") -> User:
    """A new account with no password and a club of its own, owned by it; ``first_write_token``
    names the form whose post made it (unique: the same token twice is an IntegrityError)."""
    user = User.objects.create_user(username=f"guest-{secrets.token_hex(8)}")
    user.set_unusable_password()
    user.save(update_fields=["password"])
    GuestAccount.objects.create(user=user, first_write_token=first_write_token)
    # In the guest's language now (the request's): from here on the name is the club's own,
    # which its owner may change, not a word translated for each reader.
    club_create(user, _("My games"))
    return user


def club_create(user: User, name: str) -> Club:
    club = services.club_create(user, name)
    forget_roles(user)
    return club


def account_for_write(request: HttpRequest, *, token: str = "") -> User:
    """The signed-in account, or a guest account made and signed in now: a first-time visitor
    who starts a table is asked for nothing. So many new guests per address at most
    (ratelimit.RateLimited, before anything is saved).

    ``token`` is the form's ``first_write_token``: a second tap on the same form, sent before
    the first answer's session cookie arrived, signs in to the guest the first tap made (for
    a little while: ``selectors.FIRST_WRITE_RETRY``) instead of making another. Two taps at
    the same moment both try to make it; the unique token lets one, and the other waits for
    it and takes its guest."""
    signed_in = acting_user(request)
    if signed_in is not None:
        return signed_in
    if not FIRST_WRITE_TOKEN.fullmatch(token):
        token = ""
    user = selectors.guest_of_first_write(token) if token else None
    if user is None:
        ratelimit.check(request, "guest")
        user = _guest_create_once(token)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    # Kept in the session, so no page has to ask the database whether this is a guest.
    request.session[GUEST_SESSION_KEY] = True
    return user


def _guest_create_once(token: str) -> User:
    try:
        return guest_create(first_write_token=token)
    except IntegrityError:
        if not token:
            raise
    # Only the token is unique here (the username is random): another tap made a guest with
    # it first, and that is this phone's. A token older than the retry window made one long
    # ago and is no key to it: this post is a new phone's, with a guest of its own.
    return selectors.guest_of_first_write(token) or guest_create()


def club_for_new(request: HttpRequest, chosen: Club | None = None, *, token: str = "") -> Club:
    """Where a new table, import or league goes: the chosen club if the account may score
    there, else its first club where it may, else a new club of its own. ``token``: the
    form's ``first_write_token`` (account_for_write), where it has one."""
    user = account_for_write(request, token=token)
    scorer_clubs = club_ids(user, Role.SCORER)
    if chosen is not None:
        check_role(user, chosen.pk, Role.SCORER)
        return chosen
    if scorer_clubs:
        # first() is a Club | None to mypy; scorer_clubs is not empty, so it finds one.
        return Club.objects.filter(pk__in=scorer_clubs).order_by("created_at", "pk").first()  # type: ignore[return-value]
    return club_create(user, _("My games"))


def touch_guest(request: HttpRequest) -> None:
    """Once a day, move a guest's last-seen day on and renew the session, so a guest who keeps
    playing keeps the account and one who left long ago can be removed."""
    # The session first, and the date only for a guest's (most requests are not); the account
    # is read only for a guest not yet seen today, so a page that never looks at the account
    # (a named account's, or any on a day already seen) does not read it for this.
    if not request.session.get(GUEST_SESSION_KEY):
        return
    today = timezone.localdate().isoformat()
    if request.session.get("seen_on") == today:
        return
    user = request.user
    if not user.is_authenticated:
        return
    request.session["seen_on"] = today
    GuestAccount.objects.filter(user=user).update(last_seen=timezone.localdate())
