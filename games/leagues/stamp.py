"""The standings page's ETag: a 304 for a phone that already shows the page as it is now.

The stamp is everything the page shows, reduced to what changes it: the league's data (one
query, ``selectors.league_stamp``), who reads it and how (the page differs per viewer), the
day, and the deploy. It is read *before* the page's data, so a write landing in between
leaves the page newer than its stamp (the next visit renders again), never older.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from games.clubs import access as club_access
from games.hands.html import esc
from games.http import HtmxHttpRequest, asked_for, form_token, kept_copy
from games.leagues import selectors
from games.models import League
from games.packed_pages import PackedPage, PackedResponse
from games.remembered import Remembered
from games.templatetags.stored_parts import CSRF_PLACEHOLDER

# What a deploy changes: the code and templates that render the page, its words, and the
# static files whose hashed names it links to.
_BUILD_SUFFIXES = (".py", ".html", ".mo", ".json", ".txt")
_BUILD_FOLDERS = ("games", "scorekeeper", "templates", "locale")
# A stored copy of a league's standings outlives no change (its key is the data's stamp):
# the time only bounds how long an unread one takes room.
STORED_FOR = 60 * 60


@functools.cache
def build_id() -> str:
    """The deploy: ``BUILD_ID`` when the deploy names one, otherwise every source file's size
    and modification time and the static manifest, read once per process. Every worker of a
    deploy reads the same files, so they agree, and a page served by the old code never
    matches the new one's."""
    named = os.environ.get("BUILD_ID")
    if named:
        return named
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for folder in _BUILD_FOLDERS:
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in _BUILD_SUFFIXES and path.is_file():
                status = path.stat()
                digest.update(
                    f"{path.relative_to(base)}:{status.st_size}:{status.st_mtime_ns}".encode()
                )
    static_root = getattr(settings, "STATIC_ROOT", None)
    manifest = Path(static_root) / "staticfiles.json" if static_root else None
    if manifest is not None and manifest.is_file():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:16]


def _viewer(request: HtmxHttpRequest, league: League) -> tuple[object, ...]:
    """What the page shows differently to this viewer: the account and its role (the header,
    the scorer's links), a guest's session (its own link), the language and time zone, the
    CSRF secret the page's forms carry, and whether htmx asked for the standings alone."""
    user = request.user
    return (
        user.pk if user.is_authenticated else None,
        club_access.role_in(user, league.club_id),
        bool(request.session.get("guest")),
        get_language(),
        timezone.get_current_timezone_name(),
        timezone.localdate().isoformat(),
        request.META.get("CSRF_COOKIE", ""),
        bool(request.htmx),
    )


def _etag(data: tuple[object, ...], request: HtmxHttpRequest, league: League) -> str:
    text = repr((build_id(), league.pk, data, _viewer(request, league)))
    return '"s' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'


def _stored_key(data: tuple[object, ...], request: HtmxHttpRequest, league: League) -> str:
    """The stored parts' key: what the standings and the latest results show depends on the
    league's data, the scope asked for (the query), the language, time zone and day, and
    the deploy; not on who reads them (no account, role or form in them)."""
    text = repr(
        (
            build_id(),
            league.public_id,
            data,
            request.GET.urlencode(),
            get_language(),
            timezone.get_current_timezone_name(),
            timezone.localdate().isoformat(),
        )
    )
    return "standings:" + hashlib.sha256(text.encode()).hexdigest()


def stored_part(key: str, render: Callable[[], str]) -> str:
    """A part of the page stored under ``key`` (a ``_stored_key``), rendered and stored when
    it is not yet."""
    found = cache.get(key)
    if isinstance(found, str):
        return found
    html = render()
    cache.set(key, html, STORED_FOR)
    return html


def standings_page(
    request: HtmxHttpRequest,
    league: League,
    render_page: Callable[[str, str | None], HttpResponse],
) -> HttpResponse:
    """304 when the phone's copy (``If-None-Match``) is the page as it is now; otherwise the
    page, with its ETag, rendered with the standings' stored copy (the key it is given)
    when they were rendered already. Never a 304 while a message waits to be shown: the
    phone's copy does not have it."""
    data = selectors.league_stamp(league)
    if data[:1] != (league.version,):
        # Edited since it was read, a moment ago: the page shows it as the stamp has it.
        league.refresh_from_db()
    waiting = len(get_messages(request)) > 0
    if not waiting and _etag(data, request, league) in asked_for(request):
        unchanged = HttpResponseNotModified()
        _mark(unchanged, _etag(data, request, league))
        return unchanged
    stored_as = _stored_key(data, request, league)
    if waiting or request.htmx:
        response = render_page(stored_as, None)
    else:
        # The request's own CSRF token (made here on a first visit, and its cookie set, as a
        # render would), filled into the page as stored for every viewer it looks alike to.
        # Gzipped from its pieces packed once (games.packed_pages), as the table page is.
        token = esc(form_token(request))
        page = STORED_PAGES.get(
            _page_key(stored_as, request, league),
            lambda: PackedPage(
                render_page(stored_as, CSRF_PLACEHOLDER).content.decode(),
                {CSRF_PLACEHOLDER: len(token)},
            ),
        )
        response = PackedResponse(page, {CSRF_PLACEHOLDER: token})
    if not waiting and response.status_code == 200:
        # After rendering: a first visit's render made the CSRF secret its forms carry.
        _mark(response, _etag(data, request, league))
    return response


# Whole standings pages (without a message) by what they show, their CSRF token a placeholder
# filled in per request (``_page_key``). Some 20 KB each, twice that once packed: several
# megabytes per app server.
STORED_PAGES: Remembered[PackedPage] = Remembered(200)


def _page_key(stored_as: str, request: HtmxHttpRequest, league: League) -> tuple[object, ...]:
    """Everything a whole page shows beyond its stored parts (``stored_as``: the league's data,
    the scope, the language, time zone and day, the deploy): what the header offers this
    viewer (signed in, a guest, the role in the club), and the address the language switch
    comes back to. Not the account itself: no page shows more of it than that."""
    user = request.user
    return (
        stored_as,
        user.is_authenticated,
        bool(request.session.get("guest")),
        club_access.role_in(user, league.club_id),
        kept_copy(request),
        request.get_full_path(),
    )


def _mark(response: HttpResponse, etag: str) -> None:
    response["ETag"] = etag
    # Asked again every time (the standings change whenever a table finishes), and only
    # this viewer's: the page carries their account and their forms' CSRF token.
    response["Cache-Control"] = "no-cache, private"
    patch_vary_headers(response, ["HX-Request"])
