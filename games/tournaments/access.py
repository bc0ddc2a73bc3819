"""A tournament, a round table or an entrant by its public id, among the clubs of the signed-in
account (``clubs.access``: 404 outside them, 403 when the role is too low); a tournament by its
watch link's token, which anybody holding it may look at. Its directors are the club's owners
and scorers (``Role.SCORER``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from games.clubs.access import check_role, club_ids, one_of_mine
from games.models import Role
from games.tournaments.models import Entrant, RoundTable, Tournament, TournamentRound

DIRECTOR = Role.SCORER


def tournament_for(request: HttpRequest, public_id: str, role: Role = Role.VIEWER) -> Tournament:
    tournament = one_of_mine(
        Tournament.objects.filter(club__in=club_ids(request.user)).select_related("club"),
        public_id,
    )
    check_role(request.user, tournament.club_id, role)
    return tournament


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


def tournament_watched(token: str) -> Tournament:
    """The tournament a big screen's watch link shows (no sign-in)."""
    found = (
        Tournament.objects.filter(watch_token=token, club__deleted_at__isnull=True)
        .select_related("club")
        .first()
        if token
        else None
    )
    if found is None:
        raise Http404
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
