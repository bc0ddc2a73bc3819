"""A league or a player by its public id, among the clubs of the signed-in account
(``clubs.access``: 404 outside them, 403 when the role is too low)."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from games.clubs.access import check_role, club_ids, one_of_mine
from games.leagues import selectors
from games.models import (
    League,
    Player,
    Role,
)


def league_for(request: HttpRequest, public_id: str, role: Role = Role.VIEWER) -> League:
    # With its club: every league page shows something of it (the standings page its public id).
    league = selectors.league_with_club(public_id)
    if league is None or league.club_id not in club_ids(request.user):
        raise Http404
    check_role(request.user, league.club_id, role)
    return league


def player_for(request: HttpRequest, public_id: str) -> Player:
    return one_of_mine(Player.objects.filter(club__in=club_ids(request.user)), public_id)
