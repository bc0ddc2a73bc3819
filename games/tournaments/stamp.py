"""A tournament's pages served from stored copies, and 304s to the phones and screens that
poll them (issue 32, item 8): 25 tables saving while the director's page, the standings and
the big screen poll.

The key of each stored part and each answer's ETag hold the tournament's stamp
(``selectors.tournament_stamp``, one query), read *before* the page's data, so a save landing
in between leaves the page newer than its stamp (the next visit renders again), never older;
what else the part shows (the language, time zone and day, the host its links are built on,
the deploy: ``leagues.stamp.build_id``); and the part's own ``extra`` (the viewer's role, the
minute a "last save 3 minutes ago" was counted in, which of the big screen's turns it is).
A page's part stored for the data's stamp outlives no change: a save moves the stamp on.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.contrib.messages import get_messages
from django.http import HttpResponse, HttpResponseNotModified
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language

from games.clubs import access as club_access
from games.http import HtmxHttpRequest
from games.leagues.stamp import build_id, stored_part
from games.tournaments import selectors
from games.tournaments.models import Tournament


class Stamped:
    """A tournament's stamp, read once per request, and the keys and tags made from it."""

    def __init__(self, request: HtmxHttpRequest, tournament: Tournament) -> None:
        self.request, self.tournament = request, tournament
        self.data = selectors.tournament_stamp(tournament)
        if self.data[:1] != (tournament.version,):
            # Written since it was read, a moment ago: the page shows it as the stamp has it.
            tournament.refresh_from_db()

    def _digest(self, *extra: object) -> str:
        text = repr(
            (
                build_id(),
                self.tournament.public_id,
                self.data,
                extra,
                self.request.get_host(),
                get_language(),
                timezone.get_current_timezone_name(),
                timezone.localdate().isoformat(),
            )
        )
        return hashlib.sha256(text.encode()).hexdigest()

    def _etag(self, *extra: object) -> str:
        """What the page shows differently to each viewer besides the data: the account and
        its role, the CSRF secret its forms carry, and what it asked for."""
        request = self.request
        user = request.user
        viewer = (
            user.pk if user.is_authenticated else None,
            club_access.role_in(user, self.tournament.club_id),
            request.META.get("CSRF_COOKIE", ""),
            bool(request.htmx),
            request.GET.urlencode(),
        )
        return '"u' + self._digest("page", viewer, *extra)[:32] + '"'

    def part(self, name: str, render: Callable[[], str], *extra: object) -> str:
        """The part ``name`` as stored for this stamp and ``extra``, rendered (and stored)
        when no request rendered it yet."""
        return stored_part(f"tournament:{name}:{self._digest(name, *extra)}", render)

    def answer(self, render: Callable[[], HttpResponse], *extra: object) -> HttpResponse:
        """304 when the poller's copy (``If-None-Match``) is the page as it is now for this
        viewer; otherwise ``render()``'s page with its ETag. Never a 304 while a message waits
        to be shown: the poller's copy does not have it."""
        request = self.request
        waiting = len(get_messages(request)) > 0
        # GZipMiddleware weakens our ETag (W/"..."): a weak match is all a GET needs.
        header = request.headers.get("If-None-Match", "")
        asked = {tag.removeprefix("W/") for tag in parse_etags(header)}
        if not waiting and self._etag(*extra) in asked:
            response: HttpResponse = HttpResponseNotModified()
        else:
            response = render()
            if waiting or response.status_code != 200:
                return response
        # After rendering: a first visit's render made the CSRF secret its forms carry.
        response["ETag"] = self._etag(*extra)
        # Asked again every time (a save at any table changes it), and only this viewer's.
        response["Cache-Control"] = "no-cache, private"
        patch_vary_headers(response, ["HX-Request"])
        return response
