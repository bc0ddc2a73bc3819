"""A table as the request may see it: by its public id among the clubs of the signed-in
account (404 outside them, 403 when the role is too low: ``clubs.access.check_role``), or by
its watch link's token, which anybody holding it may look at."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from games.clubs.access import check_role, club_ids, one_of_mine, refuse_below, table_link_role
from games.models import (
    Role,
    Table,
    has_token,
)
from games.tables import selectors


def table_for(
    request: HttpRequest, public_id: str, role: Role = Role.VIEWER, *, by_link: bool = False
) -> Table:
    """The table with its seats and league, if it is in one of the account's clubs (or, with
    ``by_link``, opened by a table link: ``table_and_role_for``)."""
    return table_and_role_for(request, public_id, role, by_link=by_link)[0]


def table_and_role_for(
    request: HttpRequest, public_id: str, role: Role = Role.VIEWER, *, by_link: bool = False
) -> tuple[Table, Role]:
    """``table_for``, and the account's role in the table's club: the table is read with the
    membership joined in, so a table page (and its every preview) asks for both at once.

    ``by_link``: the pages of the table's hands (the table page, its saves, edits, undo and
    changes; never its buttons that stop or delete it) also open for a visitor holding a table
    link to it that still opens it (``clubs.access.table_link_role``), as a scorer."""
    table, held, _opened_by_link = table_access_for(request, public_id, role, by_link=by_link)
    return table, held


def table_access_for(
    request: HttpRequest, public_id: str, role: Role = Role.VIEWER, *, by_link: bool = False
) -> tuple[Table, Role, bool]:
    """``table_and_role_for``, and whether a table link opened it rather than a membership
    (the page then leaves out what only the club's members may do)."""
    user = request.user
    found: tuple[Table | None, Role | None] = (None, None)
    try:
        if user.is_authenticated:
            found = selectors.table_get_for_member(public_id, user)
    except Table.DoesNotExist:
        pass
    opened_by_link = found[0] is None and by_link
    if opened_by_link:
        found = _table_by_link(request, public_id)
    table, held = found
    if table is None or held is None:
        raise Http404
    refuse_below(held, role)
    return table, held, opened_by_link


def _table_by_link(request: HttpRequest, public_id: str) -> tuple[Table | None, Role | None]:
    held = table_link_role(request, public_id)
    if held is None:
        return None, None
    try:
        return selectors.table_get(public_id, by_link=True), held
    except Table.DoesNotExist:
        return None, None


def table_version_for(request: HttpRequest, public_id: str) -> int:
    """The version of a table the account may see (one query, nothing else loaded): what a
    live page's poll compares with the version it shows; 404 like ``table_for``."""
    user = request.user
    # One query, with the membership joined in: any role may look, and this runs every few
    # seconds on every open table page.
    version = (
        Table.objects.filter(
            public_id=public_id, club__memberships__user=user, club__deleted_at__isnull=True
        )
        .values_list("version", flat=True)
        .first()
        if user.is_authenticated
        else None
    )
    if version is None and table_link_role(request, public_id) is not None:
        version = (
            Table.objects.filter(public_id=public_id).values_list("version", flat=True).first()
        )
    if version is None:
        raise Http404
    return version


def table_version_watched(token: str) -> int:
    """The version of the table a watch link shows, while the link is on."""
    version = (
        Table.objects.filter(
            has_token(Table, "watch_token"), watch_token=token, club__deleted_at__isnull=True
        )
        .values_list("version", flat=True)
        .first()
        if token
        else None
    )
    if version is None:
        raise Http404
    return version


def table_to_restore_for(request: HttpRequest, public_id: str) -> Table:
    """A table of one of the account's clubs, in its trash or not (a restore tapped again finds
    it restored, and answers as the first did), for an owner to restore: 404 outside the
    account's clubs, 403 for a scorer or viewer (``clubs.access.check_role``)."""
    table = one_of_mine(
        Table.with_deleted.filter(club__in=club_ids(request.user)).select_related("club"),
        public_id,
    )
    check_role(request.user, table.club_id, Role.OWNER)
    return table


def table_watched(token: str) -> Table:
    """The table a watch link shows, while the link is on; anybody holding it may look."""
    if not token:
        raise Http404
    try:
        return selectors.table_get(token, by_watch_token=True)
    except Table.DoesNotExist:
        raise Http404 from None
