import importlib.util

from django.contrib.auth import views as auth_views
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import URLResolver, include, path
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from games.clubs import language as club_language
from games.clubs import views as club_views
from games.scoring.registry import GAME_PACKAGES
from scorekeeper import offline_engine, pwa

# Django's own sign-in, sign-out and password views, with our templates; "keep my games" turns
# a guest account into one with a password.
accounts = [
    path("login/", club_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("keep/", club_views.keep_games, name="keep_games"),
]


@require_safe
@cache_control(max_age=24 * 60 * 60, public=True)
def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """Browsers that ask for /favicon.ico (a bookmark, a browser that skips the page's
    <link rel="icon">) are sent to the SVG icon's hashed static URL. Not a permanent redirect:
    the URL changes with the icon, so a day's caching only."""
    return HttpResponseRedirect(staticfiles_storage.url("favicon.svg"))


def game_package_urls(packages: tuple[str, ...] = GAME_PACKAGES) -> list[URLResolver]:
    """The pages of the game packages that serve any (``<package>.urls``, named in its own
    ``app_name`` namespace), at the site's root (docs/architecture.md, "Game packages")."""
    return [
        path("", include(f"{package}.urls"))
        for package in packages
        if importlib.util.find_spec(f"{package}.urls") is not None
    ]


urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    # At the root: a service worker controls the pages under its own URL's folder.
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/engine.zip", offline_engine.engine, name="offline_engine"),
    path(
        "offline/pyodide-<str:version>/<str:name>",
        offline_engine.pyodide,
        name="offline_pyodide",
    ),
    path("i18n/setlang/", club_language.set_language, name="set_language"),
    path("accounts/", include(accounts)),
    path("", include("games.urls")),
    *game_package_urls(),
]
