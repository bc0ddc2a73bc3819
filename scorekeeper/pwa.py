"""Installable app: the web app manifest and the service worker, both made per request from the
static files storage, so each deploy's hashed file names are the ones they name.

The service worker (templates/pwa/service-worker.js) precaches the static files the pages load
and answers them from its cache first: their names change with their content, so a cached one
is never stale, and a page opens at once on a weak signal. Pages come from the network first,
and a copy of each is kept on the phone for when there is no signal: the home page, every table
opened there (as last seen), and, fetched in the background after a page has loaded (not on a
connection the phone marks as save-data), the rules pages and the game packages' tools (the
referees) too, and what scores pending hands with no signal (scorekeeper/offline_engine.py: the
Pyodide runtime, kept across deploys, and the engine's zip). A phone is one person's: the
copies hold a club's data, so signing out or in forgets them (static/js/pwa.js). A page never
kept is a short notice instead of the browser's error.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import PurePosixPath
from typing import cast

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.files.storage import FileSystemStorage
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from games.hands import HAND_ENTRIES, TOOLS
from games.http import asked_for
from games.scoring import GAMES
from games.scoring.registry import GAME_PACKAGES
from games.tables.offline_views import blank_variants
from scorekeeper import offline_engine
from scorekeeper.static_bundles import BUNDLES

# The colours the phone paints around the app (status bar, splash screen): the header's green,
# and app.css's page background.
THEME_COLOR = "#1b5e20"
BACKGROUND_COLOR = "#fdfcf8"

# (static name, sizes, type, purpose), rendered by scripts/make_icons.py.
ICONS = [
    ("icons/icon.svg", "any", "image/svg+xml", "any"),
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
]

# What pages load: every static script, stylesheet and image, except the sources the bundles
# are made of (pages load the bundles), the icons the phone fetches once, when installing, and
# the offline engine's worker: pages start it by its plain name (offline-engine.js is in the
# bundle, which cannot name a hashed file), so the worker keeps it with the engine's zip
# ("follow") and a hashed copy would be a second download of the same file.
PRECACHED_SUFFIXES = frozenset({".css", ".js", ".svg", ".png"})
NOT_PRECACHED = frozenset(
    {offline_engine.WORKER, *(source for sources in BUNDLES.values() for source in sources)}
)

# The kept pages' cache: a new version (a new shape of what it holds) empties it on the next
# deploy. At most this many pages are kept, the oldest going first.
PAGES_VERSION = "1"
MOST_PAGES_KEPT = 60


@require_safe
@cache_control(max_age=24 * 60 * 60, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest. Cached for a day, as the favicon's redirect: its icons' hashed
    names change with a deploy."""
    home = reverse("games:home")
    return JsonResponse(
        {
            "id": home,
            "name": "Scorekeeper",
            "short_name": "Scorekeeper",
            "description": _("Scores for card games played with real cards."),
            "start_url": home,
            "scope": home,
            "display": "standalone",
            "background_color": BACKGROUND_COLOR,
            "theme_color": THEME_COLOR,
            "icons": [
                {"src": staticfiles_storage.url(name), "sizes": sizes, "type": kind, "purpose": use}
                for name, sizes, kind, use in ICONS
            ],
        },
        content_type="application/manifest+json",
        json_dumps_params={"indent": 1},
    )


def static_names() -> list[str]:
    """The project's own static files (static/, and each game package's static/): not those of
    the apps it uses, which collectstatic gathers too (django-htmx ships its own htmx builds and
    extensions)."""
    own: list[finders.BaseFinder] = [
        finders.FileSystemFinder(),
        finders.AppDirectoriesFinder(app_names=list(GAME_PACKAGES)),
    ]
    return sorted({path.replace("\\", "/") for finder in own for path, _storage in finder.list([])})


def precached_names() -> list[str]:
    return [
        name
        for name in static_names()
        if PurePosixPath(name).suffix in PRECACHED_SUFFIXES
        and name not in NOT_PRECACHED
        and not name.startswith("icons/")
    ]


def immutable_static_urls() -> bool:
    """Whether a static file's URL changes with its content (hashed names): then the service
    worker answers from its cache first. Otherwise (DEBUG, the tests) it asks the network first
    and keeps its copies for when there is none, so an edited file shows on the next load."""
    return isinstance(staticfiles_storage, ManifestFilesMixin)


def warm_urls(*, kit: bool = True) -> list[str]:
    """The pages fetched in the background after a first visit, so that they open with no
    signal even if never opened: the home page, the rules and the games' tools (the
    referees), and with ``kit`` (``settings.OFFLINE_KIT``) what starting a table offline
    needs (``table_start_urls``). Tables are kept as they are opened."""
    return [
        reverse("games:home"),
        reverse("games:rules_index"),
        *(reverse("games:rules_game", args=[key]) for key in GAMES),
        *(reverse(tool.url_name) for tool in TOOLS),
        *(table_start_urls() if kit else []),
    ]


def table_start_urls() -> list[str]:
    """What a table started with no signal needs (issue 33, item 4): the new-table form of
    each game, and the blank table page of each game and number of players
    (tables/offline_views.py), and another where an option changes who the sides are or how
    the cards look (the deck), from which the phone makes the new table's page. About 4 MB of
    HTML before compression, 0.36 MB on the wire in 62 requests (`make wirecheck`; the other
    decks' 17 of them, 0.12 MB), once per phone and deploy of the pages' shape; kept apart from
    the tables, which push none of them out."""
    new = reverse("games:table_new")
    urls = [new]
    for key in HAND_ENTRIES:
        for count in GAMES[key].player_counts:
            blank = reverse("games:table_blank", args=[key, count])
            urls += [blank, *(f"{blank}?{query}" for query in blank_variants(key, count))]
        urls.append(f"{new}?game={key}")
    return urls


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js, at the site's root so that its scope is every page. Browsers check it for a new
    version on every visit (they skip the HTTP cache for it): the ETag makes that a 304 until a
    deploy changes a file name, and a new worker then replaces the old cache with the new
    files."""
    precache = []
    for name in precached_names():
        try:
            precache.append(staticfiles_storage.url(name))
        except ValueError:
            # Not collected on this server (a file added since its collectstatic): one file
            # less to keep beats a worker that cannot install (or a 500).
            continue
    immutable = immutable_static_urls()
    version = hashlib.sha256(json.dumps([precache, immutable]).encode()).hexdigest()[:16]
    # Typed as a bare Storage; Django's and WhiteNoise's static storages are file systems.
    static = cast(FileSystemStorage, staticfiles_storage).base_url
    kit = settings.OFFLINE_KIT
    config = {
        "version": version,
        "static": static,
        "precache": precache,
        "immutable": immutable,
        "pages": {
            "version": PAGES_VERSION,
            "most": MOST_PAGES_KEPT,
            "warm": warm_urls(kit=kit),
            # Kept whatever the number of tables: what starting a table offline needs.
            "lasting": table_start_urls() if kit else [],
        },
        # What scores pending hands with no signal (scorekeeper/offline_engine.py): the
        # Pyodide runtime, kept across deploys in a cache named for its version, and the
        # engine's zip and worker.
        "engine": {
            "version": offline_engine.PYODIDE_VERSION,
            "runtime": offline_engine.pyodide_urls() if kit else [],
            # Follow each deploy: asked again with a signal, the copies kept answering without.
            "follow": (
                [reverse("offline_engine"), static + offline_engine.WORKER]
                if kit and offline_engine.pyodide_installed()
                else []
            ),
        },
        "offline": {
            "lang": get_language(),
            "css": staticfiles_storage.url("css/bundle.css"),
            "title": _("No connection"),
            "text": _(
                "This page needs the network, and the phone has none right now. A hand you "
                "were entering stays on this phone and comes back with the page."
            ),
            "retry": _("Try again"),
        },
    }
    body = render_to_string(
        "pwa/service-worker.js", {"config": json.dumps(config, indent=1)}, request=request
    )
    etag = '"' + hashlib.sha256(body.encode()).hexdigest()[:32] + '"'
    if etag in asked_for(request):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    # Served at the root its scope is the whole site anyway; said outright, so moving the URL
    # under a path later keeps the scope.
    response["Service-Worker-Allowed"] = "/"
    response["Vary"] = "Accept-Language, Cookie"
    return response
