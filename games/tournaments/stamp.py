"""A tournament's pages served from stored copies, and 304s to the phones and screens that
poll them (issue 32, item 8): 25 tables saving while the director's page, the standings and
the big screen poll.

The key of each stored part and each answer's ETag hold the tournament's stamp
(``selectors.stamp_figures``, read with the tournament's ids and the viewer's role in one
query: ``access.tournament_viewed``), read *before* the page's data, so a save landing in
between leaves the page newer than its stamp (the next visit renders again), never older;
what else the part shows (the language, time zone and day, the host its links are built on,
the deploy: ``leagues.stamp.build_id``); and the part's own ``extra`` (the viewer's role, the
minute a "last save 3 minutes ago" was counted in, which of the big screen's turns it is).
A page's part stored for the data's stamp outlives no change: a save moves the stamp on.

Each viewer's whole page is stored too, under everything its ETag holds (the account, its
role and its forms' CSRF secret among them) and what else its frame shows: a viewer who
asks again while nothing changed gets it without a template rendered, or the tournament read.
A form's one-time token in it (``FRESH_TOKEN``) is made anew for each answer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from games.clubs.access import GUEST_SESSION_KEY
from games.http import HtmxHttpRequest, asked_for, kept_copy
from games.leagues.stamp import STORED_FOR, build_id, stored_part
from games.models import new_hand_token
from games.tournaments.access import Viewed
from games.tournaments.models import Tournament

# What a stored page holds in place of a form's one-time token (the entry form's, which makes
# a retried entry add one entrant): no two answers share one. Not a token a form accepts.
FRESH_TOKEN = "(fresh-token)"


class Stamped:
    """A tournament's stamp, read with the tournament (``access.tournament_viewed``), and the
    keys and tags made from it."""

    def __init__(self, request: HtmxHttpRequest, viewed: Viewed) -> None:
        self.request, self.viewed = request, viewed
        self.data = viewed.stamp

    @property
    def tournament(self) -> Tournament:
        return self.viewed.tournament

    def _digest(self, *extra: object) -> str:
        text = repr(
            (
                build_id(),
                self.viewed.public_id,
                self.data,
                extra,
                self.request.get_host(),
                get_language(),
                timezone.get_current_timezone_name(),
                timezone.localdate().isoformat(),
            )
        )
        return hashlib.sha256(text.encode()).hexdigest()

    def _viewer(self) -> tuple[object, ...]:
        """What the page shows differently to each viewer besides the data: the account and
        its role, the CSRF secret its forms carry, and what it asked for."""
        request = self.request
        user = request.user
        return (
            user.pk if user.is_authenticated else None,
            self.viewed.role,
            request.META.get("CSRF_COOKIE", ""),
            bool(request.htmx),
            request.GET.urlencode(),
        )

    def _etag(self, *extra: object) -> str:
        return '"u' + self._digest("page", self._viewer(), *extra)[:32] + '"'

    def part(self, name: str, render: Callable[[], str], *extra: object) -> str:
        """The part ``name`` as stored for this stamp and ``extra``, rendered (and stored)
        when no request rendered it yet."""
        return stored_part(f"tournament:{name}:{self._digest(name, *extra)}", render)

    def answer(self, render: Callable[[], HttpResponse], *extra: object) -> HttpResponse:
        """304 when the poller's copy (``If-None-Match``) is the page as it is now for this
        viewer; otherwise the page as stored for this viewer, or ``render()``'s, with its
        ETag. Never a 304 nor a stored page while a message waits to be shown: neither has
        it."""
        request = self.request
        if len(get_messages(request)) > 0:
            return render()
        asked = asked_for(request)
        etag = self._etag(*extra)
        if etag in asked:
            response: HttpResponse = HttpResponseNotModified()
        else:
            response, etag = self._page(render, etag, extra)
            if response.status_code != 200:
                return response
        response["ETag"] = etag
        # Asked again every time (a save at any table changes it), and only this viewer's.
        response["Cache-Control"] = "no-cache, private"
        patch_vary_headers(response, ["HX-Request"])
        return response

    def _page(
        self, render: Callable[[], HttpResponse], etag: str, extra: tuple[object, ...]
    ) -> tuple[HttpResponse, str]:
        """The viewer's page as stored, or rendered and stored, and its ETag. Its forms carry
        the viewer's CSRF token (any token made from the same secret passes): the secret, made
        first on a first visit, is in the ETag and the key, with what the frame shows besides
        (the page, a kept copy, a guest's link)."""
        request = self.request
        secret = request.META.get("CSRF_COOKIE")
        get_token(request)
        if request.META.get("CSRF_COOKIE") != secret:  # a first visit's, made just now
            etag = self._etag(*extra)
        frame = (request.path, kept_copy(request), bool(request.session.get(GUEST_SESSION_KEY)))
        key = f"tournament:page:{etag}:" + hashlib.sha256(repr(frame).encode()).hexdigest()
        # As the bytes it is sent as: read, and its token put in, without decoding 80 KB.
        stored = cache.get(key)
        if not isinstance(stored, bytes):
            response = render()
            if response.status_code != 200:
                return response, etag
            stored = response.content
            cache.set(key, stored, STORED_FOR)
        fresh = new_hand_token().encode()
        return HttpResponse(stored.replace(FRESH_TOKEN.encode(), fresh), charset="utf-8"), etag
