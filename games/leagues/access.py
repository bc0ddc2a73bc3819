"""The one place that decides who may see and change what.

Every view that shows or changes a club's records resolves it here, looking only inside the
clubs of the signed-in account: anything outside them answers 404, so a stranger cannot tell
a table exists. A member whose role is too low for a write gets 403. A first write from a
visitor with no account makes a guest account silently (no sign-up wall).
"""

from __future__ import annotations

from django.http import HttpRequest

from games.clubs.access import check_role, club_ids, one_of_mine
from games.models import (
    League,
    Player,
    Role,
)


def league_for(request: HttpRequest, public_id: str, role: Role = Role.VIEWER) -> League:
    league = one_of_mine(League.objects.filter(club__in=club_ids(request.user)), public_id)
    check_role(request.user, league.club_id, role)
    return league


def player_for(request: HttpRequest, public_id: str) -> Player:
    return one_of_mine(Player.objects.filter(club__in=club_ids(request.user)), public_id)
