"""A tournament's pages served from stored copies, and 304s to the phones and screens that
poll them (issue 32, item 8): 25 tables saving while the director's page, the standings and
the big screen poll.

The key of each stored part and each answer's ETag hold the tournament's stamp
(``stamp_figures.stamp_figures``, read with the tournament's ids and the viewer's role in one
query: ``access.tournament_viewed``), read *before* the page's data, so a save landing in
between leaves the page newer than its stamp (the next visit renders again), never older;
what else the part shows (the language, time zone and day, the host its links are built on,
the deploy: ``leagues.stamp.build_id``); and the part's own ``extra`` (the viewer's role, the
minute a "last save 3 minutes ago" was counted in, which of the big screen's turns it is).
A page's part stored for the data's stamp outlives no change: a save moves the stamp on.

On a tournament night nearly every request comes after a save somewhere, so what no save at
a table changes is kept under the stamp *without* the tables' saves
(``stamp_figures.stamp_without_saves``): the tournament as drawn (``selectors.Layout``: the
tournament, its entry list, rounds and seats), the director's page but for its tables'
progress, each viewer's frame around the page's parts, and each part but its rows
(``tournament_html.ROWS_LEFT_OUT``). A page rendered after a save has its live tables'
figures from the stamp's own query (a line each: ``stamp_figures.tables_now_of_lines``; the
stamp's keys and tags are made without them) and builds only the rows they show (the
standings, the tables' progress, the big screen's turn), put in the part kept without them
(``tournament_html.filled``).

Each viewer's whole page is stored too, under everything its ETag holds (the account, its
role and its forms' CSRF secret among them) and what else its frame shows: a viewer who
asks again while nothing changed gets it without a template rendered, or the tournament read.
A form's one-time token in it (``FRESH_TOKEN``) is made anew for each answer.

Every copy is kept in the cache of the process that made it (no cache is configured: Django's
local memory), and its key is everything it shows, so an app server that has none renders
its own: none depends on another server's.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.clubs.access import GUEST_SESSION_KEY
from games.http import HtmxHttpRequest, asked_for, form_token, kept_copy
from games.leagues.stamp import STORED_FOR, build_id, stored_part
from games.models import new_hand_token
from games.packed_pages import PackedPage, PackedResponse
from games.remembered import Remembered
from games.tournaments import selectors, stamp_figures
from games.tournaments.access import Viewed
from games.tournaments.models import Tournament

# What a stored page holds in place of a form's one-time token (the entry form's, which makes
# a retried entry add one entrant): no two answers share one. Not a token a form accepts.
FRESH_TOKEN = "(fresh-token)"
# Each tournament as drawn by its stamp without the tables' saves, kept in this process as it
# was read, not pickled into the cache and out again (0.15 ms after every save, a twentieth
# of the page). A few dozen of some 100 KB each; all go when there would be more. Read only:
# every request that finds one shares it.
LAYOUTS: Remembered[selectors.Layout] = Remembered(50)
# Each viewer's whole page, by everything its ETag holds and what its frame shows (``_page``),
# its form's one-time token a placeholder: some 80 KB each, twice that once packed.
STORED_PAGES: Remembered[PackedPage] = Remembered(100)
# What a viewer's stored frame holds in place of the page's parts: letters only, so escaping
# leaves it as it is, and no page shows it otherwise.
BODY_PLACEHOLDER = "StoredTournamentPageBody"


def stored_copies_dropped() -> None:
    """Every stored copy forgotten, as on a worker just started: the parts in the cache, the
    layouts and the whole pages kept in the process (the bench's "nothing stored", tests)."""
    cache.clear()
    LAYOUTS.clear()
    STORED_PAGES.clear()
    selectors.TABLES_CONVERTED.clear()
    stamp_figures.TABLES_READ.clear()


class Stamped:
    """A tournament's stamp, read with the tournament (``access.tournament_viewed``), and the
    keys and tags made from it."""

    def __init__(self, request: HtmxHttpRequest, viewed: Viewed) -> None:
        self.request, self.viewed = request, viewed
        self.data = viewed.stamp
        self.drawn = stamp_figures.stamp_without_saves(viewed.stamp)
        self._read_with_layout: selectors.TablesNow | None = None

    @functools.cached_property
    def layout(self) -> selectors.Layout:
        """The tournament as drawn, as kept for the stamp without the tables' saves, or read
        (and kept) when no request read it yet: then with its tables as they are now, in the
        same query as its round tables."""
        key = (self.viewed.public_id, self.drawn)
        kept = LAYOUTS.known(key)
        if kept is not None:
            return kept
        read, self._read_with_layout = selectors.layout_with_tables_now(self.viewed.tournament)
        return LAYOUTS.get(key, lambda: read)

    @functools.cached_property
    def tables_now(self) -> selectors.TablesNow:
        """The tournament's live tables as the stamp's query read them; or as read with the
        layout, where this request read it; or, failing both, read now (one query)."""
        if self._read_with_layout is not None:
            return self._read_with_layout
        lines = self.viewed.tables_lines
        read = stamp_figures.tables_now_of_lines(lines) if lines is not None else None
        return read if read is not None else selectors.tables_now(self.viewed.pk)

    @property
    def tournament(self) -> Tournament:
        return self.layout.tournament

    @functools.cached_property
    def _shown_as(self) -> tuple[object, ...]:
        """What every part shows besides the data: the deploy, the tournament, the host its
        links are built on, the language, time zone and day."""
        return (
            build_id(),
            self.viewed.public_id,
            self.request.get_host(),
            get_language(),
            timezone.get_current_timezone_name(),
            timezone.localdate().isoformat(),
        )

    def _digest(self, stamp: tuple[object, ...], *extra: object) -> str:
        return _hashed((self._shown_as, stamp, extra))

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
        return '"u' + self._digest(self.data, "page", self._viewer(), *extra)[:32] + '"'

    def part(self, name: str, render: Callable[[], str], *extra: object) -> str:
        """The part ``name`` as stored for this stamp and ``extra``, rendered (and stored)
        when no request rendered it yet."""
        return stored_part(f"tournament:{name}:{self._digest(self.data, name, *extra)}", render)

    def drawn_part(self, name: str, render: Callable[[], str], *extra: object) -> str:
        """The part ``name`` as stored for the stamp without the tables' saves and ``extra``:
        for a part that shows nothing a save at a table changes."""
        key = f"tournament:{name}:{self._digest(self.drawn, name, *extra)}"
        return stored_part(key, render)

    def answer(
        self,
        body: Callable[[], str],
        frame: Callable[[SafeString], HttpResponse] | None,
        *extra: object,
    ) -> HttpResponse:
        """304 when the poller's copy (``If-None-Match``) is the page as it is now for this
        viewer; otherwise the page as stored for this viewer, or made from ``body`` (the
        page's parts, stored or rendered) in its ``frame`` (the page around them; None for a
        poll's part alone), with its ETag. Never a 304 nor a stored page while a message waits
        to be shown: neither has it."""
        request = self.request
        if len(get_messages(request)) > 0:
            shown = mark_safe(body())  # the parts are rendered by templates, escaped
            return frame(shown) if frame is not None else HttpResponse(shown)
        asked = asked_for(request)
        etag = self._etag(*extra)
        if etag in asked:
            response: HttpResponse = HttpResponseNotModified()
        else:
            response, etag = self._page(body, frame, etag, extra)
            if response.status_code != 200:
                return response
        response["ETag"] = etag
        # Asked again every time (a save at any table changes it), and only this viewer's.
        response["Cache-Control"] = "no-cache, private"
        patch_vary_headers(response, ["HX-Request"])
        return response

    def _page(
        self,
        body: Callable[[], str],
        frame: Callable[[SafeString], HttpResponse] | None,
        etag: str,
        extra: tuple[object, ...],
    ) -> tuple[HttpResponse, str]:
        """The viewer's page as stored, or made and stored, and its ETag. Its forms carry the
        viewer's CSRF token (any token made from the same secret passes): the secret, made
        first on a first visit, is in the ETag and the key, with what the frame shows besides
        (the page, a kept copy, a guest's link)."""
        request = self.request
        secret = request.META.get("CSRF_COOKIE")
        form_token(request)
        if request.META.get("CSRF_COOKIE") != secret:  # a first visit's, made just now
            etag = self._etag(*extra)
        shown = (request.path, kept_copy(request), bool(request.session.get(GUEST_SESSION_KEY)))
        key = f"tournament:page:{etag}:" + _hashed(shown)
        fresh = new_hand_token()
        stored = STORED_PAGES.known(key)
        if stored is None:
            if frame is None:
                text = body()
            else:
                around = self._frame(frame, shown)
                if isinstance(around, HttpResponse):
                    return around, etag
                text = around.decode().replace(BODY_PLACEHOLDER, body(), 1)
            stored = STORED_PAGES.get(key, lambda: PackedPage(text, {FRESH_TOKEN: len(fresh)}))
        # Its token put in, and gzipped from its pieces packed once (games.packed_pages).
        return PackedResponse(stored, {FRESH_TOKEN: fresh}), etag

    def _frame(
        self, frame: Callable[[SafeString], HttpResponse], shown: tuple[object, ...]
    ) -> bytes | HttpResponse:
        """The viewer's page around its parts, as stored for the stamp without the tables'
        saves (it shows the tournament itself, never its tables), or rendered and stored; a
        render that is not a page (not a 200) as it is."""
        key = "tournament:frame:" + self._digest(self.drawn, "frame", self._viewer(), shown)
        stored = cache.get(key)
        if isinstance(stored, bytes):
            return stored
        response = frame(mark_safe(BODY_PLACEHOLDER))
        if response.status_code != 200:
            return response
        cache.set(key, response.content, STORED_FOR)
        return response.content


def _hashed(what: tuple[object, ...]) -> str:
    return hashlib.sha256(repr(what).encode()).hexdigest()
