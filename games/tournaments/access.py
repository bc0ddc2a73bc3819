"""A tournament, a round table or an entrant by its public id, among the clubs of the signed-in
account (``clubs.access``: 404 outside them, 403 when the role is too low); a tournament by its
watch link's token, which anybody holding it may look at. Its directors are the club's owners
and scorers (``Role.SCORER``).

A tournament is looked up with the account's role in its club (``clubs.access.role_of_row``)
in one query, compiled once per process: on the pages the tables' phones poll, building the
two queries through the ORM (the account's roles, then the tournament) cost more than serving
the page from its stored copy (``stamp``). The pages served from stored copies read the
tournament's stamp in that same query, and the tournament itself only when they render."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import router
from django.db.models import OuterRef, QuerySet
from django.http import Http404, HttpRequest

from games.clubs.access import role_of_row, role_read
from games.compiled_queries import Compiled, compiled
from games.models import Role
from games.tournaments import stamp_figures
from games.tournaments.models import Entrant, RoundTable, Tournament, TournamentRound

DIRECTOR = Role.SCORER
# What stands for each parameter while a lookup is compiled (``_compiled``).
_PUBLIC_ID, _USER, _WATCH_TOKEN = "\x01public_id", -7_000_001, "\x01watch_token"


@dataclass
class Viewed:
    """A tournament as its page's first query read it: its ids, the viewer's role in its club
    (None by a watch link) and, for a page served from stored copies, its stamp (the
    tournament's version, then ``stamp_figures.stamp_figures``); the tournament itself read when
    first asked for."""

    pk: int
    club_id: int
    public_id: str
    role: Role | None
    stamp: tuple[object, ...]
    # Its live tables' figures as the stamp's query read them, a line each
    # (``stamp_figures.tables_now_of_lines``); None where no stamp was read.
    tables_lines: str | None = None

    @functools.cached_property
    def tournament(self) -> Tournament:
        return Tournament.objects.select_related("club").get(pk=self.pk)


def tournament_for(request: HttpRequest, public_id: str, role: Role = Role.VIEWER) -> Tournament:
    return tournament_viewed(request, public_id, role, stamped=False).tournament


def tournament_viewed(
    request: HttpRequest, public_id: str, role: Role = Role.VIEWER, *, stamped: bool = True
) -> Viewed:
    """A tournament of one of the account's clubs, with the role it holds there and (unless
    not ``stamped``) the tournament's stamp, in one query."""
    user = request.user
    if not user.is_authenticated:
        raise Http404
    row = _read("stamped" if stamped else "viewed", {_PUBLIC_ID: public_id, _USER: user.pk})
    if row is None:
        raise Http404
    pk, club_id, held, *read = row
    stamp, lines = stamp_figures.stamp_tables_split(read) if stamped else ((), None)
    return Viewed(pk, club_id, public_id, role_read(user, club_id, held, role), stamp, lines)


def tournament_watched(token: str) -> Viewed:
    """The tournament a big screen's watch link shows (no sign-in), with its stamp, in one
    query; a club in the trash shows nothing."""
    row = _read("watched", {_WATCH_TOKEN: token}) if token else None
    if row is None:
        raise Http404
    pk, club_id, public_id, *read = row
    stamp, lines = stamp_figures.stamp_tables_split(read)
    return Viewed(pk, club_id, public_id, None, stamp, lines)


def _read(kind: str, given: Mapping[Any, Any]) -> tuple[Any, ...] | None:
    return _compiled(router.db_for_read(Tournament), kind).row(given)


@functools.cache
def _compiled(alias: str, kind: str) -> Compiled:
    """A lookup compiled once per process, its stand-ins put back by ``_read``."""
    stand_ins = [_WATCH_TOKEN] if kind == "watched" else [_PUBLIC_ID, _USER]
    return compiled(_lookup(kind), alias, stand_ins)


def _lookup(kind: str) -> QuerySet[Tournament]:
    rows = Tournament.objects.order_by()
    # The stamp: the tournament's version, then stamp_figures.stamp_figures.
    figures = {} if kind == "viewed" else stamp_figures.stamp_figures()
    if kind == "watched":
        watched = rows.filter(watch_token=_WATCH_TOKEN, club__deleted_at__isnull=True)
        return watched.annotate(**figures).values_list(
            "pk", "club_id", "public_id", "version", *figures
        )
    mine = rows.filter(public_id=_PUBLIC_ID).annotate(
        held=role_of_row(_USER, OuterRef("club_id")), **figures
    )
    return mine.values_list("pk", "club_id", "held", *(("version", *figures) if figures else ()))


def entrant_for(request: HttpRequest, tournament: Tournament, public_id: str) -> Entrant:
    """An entrant of a tournament already looked up through ``tournament_for``."""
    entrant = tournament.entrants.filter(public_id=public_id).first()
    if entrant is None:
        raise Http404
    entrant.tournament = tournament
    return entrant


def round_table_for(request: HttpRequest, tournament: Tournament, public_id: str) -> RoundTable:
    """A table of one of the tournament's rounds (a tournament looked up through
    ``tournament_for``)."""
    found = (
        RoundTable.objects.filter(round__tournament=tournament, public_id=public_id)
        .select_related("round")
        .first()
    )
    if found is None:
        raise Http404
    found.round.tournament = tournament
    return found


def table_link_opens(token: str, table_public_id: str) -> bool:
    """Whether a round table's link still lets the players at that table score it: for that
    table only, while its round is being played (``clubs.access.table_link_role`` asks)."""
    return RoundTable.objects.filter(
        link_token=token,
        table__public_id=table_public_id,
        round__status=TournamentRound.Status.PLAYING,
        round__tournament__club__deleted_at__isnull=True,
    ).exists()


def round_table_by_link(token: str) -> RoundTable:
    """The round table a table link names, while its round is being played and its club is not
    deleted (as ``table_link_opens`` asks); 404 otherwise."""
    found = (
        RoundTable.objects.filter(
            link_token=token,
            round__status=TournamentRound.Status.PLAYING,
            round__tournament__club__deleted_at__isnull=True,
        )
        .exclude(table=None)
        .select_related("table", "round__tournament__club")
        .first()
        if token
        else None
    )
    if found is None:
        raise Http404
    return found
