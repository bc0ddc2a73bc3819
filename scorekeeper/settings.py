"""Django settings for Scorekeeper.

Everything that differs between machines comes from the environment:

    DEBUG                 "1"/"true"/"yes"/"on" turns debug mode on (default: off)
    SECRET_KEY            required unless DEBUG is on or the tests are running
    ALLOWED_HOSTS         comma-separated (default: "localhost,127.0.0.1")
    CSRF_TRUSTED_ORIGINS  comma-separated origins, e.g. "https://scores.example.com"
    DATABASE_URL          e.g. postgres://user@host:5432/db (default: SQLite in BASE_DIR)
    HTTPS                 "1": serve over HTTPS only (Secure cookies, redirect http to https,
                          HSTS for a year)
    TRUST_X_FORWARDED_PROTO
                          "1" trusts X-Forwarded-Proto from a TLS-terminating proxy;
                          only set it when that proxy always sets or strips the header
    CLIENT_IP_PROXY_COUNT with TRUST_X_FORWARDED_PROTO=1: how many proxies append to
                          X-Forwarded-For in front of the app (default 1)
    LOGIN_FAILURE_LIMIT   failed sign-ins of one name from one address before a pause
                          (default 5)
    LOGIN_LOCKOUT_MINUTES how long that pause lasts (default 15)
    RATE_LIMITS           overrides of the write limits, e.g. "table.account=120,guest.ip=50/60"
                          (uses, or uses/seconds; 0 turns a limit off): see RATE_LIMITS below
    ARCHIVE_MAX_BYTES     the largest club archive the restore page takes (default 100 MiB)
    TIME_ZONE             default "UTC"
    LOG_LEVEL             default "INFO"
"""

import datetime
import os
import sys
import tempfile
from pathlib import Path
from typing import Final

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from games.scoring.registry import GAME_PACKAGES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")

# True under pytest (and `manage.py test`): tests get a throwaway key and plain static storage.
TESTING = "pytest" in sys.modules or sys.argv[1:2] == ["test"]
# Commands that sign nothing and serve nothing may run on a machine with no key set up.
KEYLESS_COMMAND = sys.argv[1:2] in (["score"], ["makemigrations"], ["check"])

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG or TESTING or KEYLESS_COMMAND:
        SECRET_KEY = "django-insecure-scorekeeper-dev-key-never-use-in-production"
    else:
        raise ImproperlyConfigured(
            "Set the SECRET_KEY environment variable (or DEBUG=1 for local development)."
        )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    # django-csp: its system checks catch settings left over from django-csp 3.
    "csp",
    # The default app config wraps the "django" template engine's loaders with the
    # partials loader (so "template.html#partial-name" works); see TEMPLATES below.
    "template_partials",
    # django-axes: failed sign-ins, counted in the database (see "Abuse limits" below).
    "axes",
    "games",
    # The domains beside the game framework, each with its own services, selectors, views,
    # templates and tests; their models stay in games.models (docs/architecture.md, "Domains").
    "games.clubs",
    "games.tables",
    "games.leagues",
    # Its models are its own, under the "tournaments" label with its own migrations.
    "games.tournaments",
    # Each game package is an app of its own: its templates, static files and translations
    # (docs/architecture.md, "Game packages").
    *GAME_PACKAGES,
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Right after SecurityMiddleware, as WhiteNoise asks: static files are answered here,
    # already compressed (brotli or gzip, see STORAGES), before any other middleware runs.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses the HTML answers (and any other large enough, compressible ones) for clients
    # that accept gzip. Above every middleware that reads or changes the body on the way out
    # (CommonMiddleware sets Content-Length from it), as Django's middleware ordering asks, so
    # it sees the final body; it adds "Vary: Accept-Encoding".
    # BREACH: pages carry a CSRF token (every page's hx-headers) beside text a user typed.
    # Django 5.2's GZipMiddleware has the "Heal The Breach" mitigation built in (since 4.2;
    # GZipMiddleware.max_random_bytes = 100): each answer's gzip header gets a random-length
    # filename, so compressed lengths no longer reveal a secret byte by byte. Django also masks
    # the CSRF token afresh on every response. The CSP header is not compressed (headers never
    # are) and carries no nonce. Django's, at a faster zlib level (games.middleware).
    "games.middleware.QuickGZipMiddleware",
    # django-csp's, with the header built once from the settings (games.middleware).
    "games.middleware.StoredPolicyCSPMiddleware",
    # NUL and lone surrogates mended in whatever a request brings, before the session's cookie
    # or anything else is read (games.unfit_text).
    "games.middleware.UnfitTextMiddleware",
    # A page the service worker keeps a copy of sets no cookie (a fetch begun before a sign-in
    # would put the old CSRF and session cookies back); above the middleware that set them.
    "games.middleware.KeptCopyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's LocaleMiddleware, without looking for a language in paths that have none.
    "games.middleware.QuickLocaleMiddleware",
    # The language an account chose, on every phone it signs in on (after the cookie and the
    # browser's, which LocaleMiddleware reads).
    "games.clubs.language.AccountLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Django's, the signed-in account read with one plain query (games.clubs.accounts).
    "games.clubs.accounts.AccountMiddleware",
    "games.middleware.GuestSeenMiddleware",
    # Django's, its storage made only where a message is added or shown (games.middleware).
    "games.middleware.LazyMessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Answers a write refused by a rate limit with 429 (games.ratelimit).
    "games.middleware.RateLimitMiddleware",
    # Last, as django-axes asks: answers a locked-out sign-in with 429.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        # template_partials replaces APP_DIRS with explicit loaders
        # (partials -> cached -> filesystem + app_directories) when the app is ready.
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.page_language",
                "games.context_processors.game_tools",
                "games.context_processors.kept_copy_context",
            ],
            # {% partialdef %} / {% partial %} without {% load partials %}, as in Django 6.
            "builtins": ["template_partials.templatetags.partials"],
        },
    },
]

WSGI_APPLICATION = "scorekeeper.wsgi.application"
ASGI_APPLICATION = "scorekeeper.asgi.application"

DATABASE_URL = os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
# Each worker keeps its connection between requests, on either database: opening one cost
# more than a bare request's whole work (SQLite: a new file handle, its PRAGMAs, the schema read
# again by the first query; 2.4 ms of the 3.6 ms a bare view took under gunicorn, issue 31).
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's, but for a kept connection's health check and how it reads dates
    # (scorekeeper/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "scorekeeper.postgresql"
    if env_bool("DATABASE_PREPARED_STATEMENTS", default=True):
        # PostgreSQL parses and plans each query anew unless it is prepared: the table's read
        # (one join and a LATERAL of its seats) took 0.63 ms and prepared 0.19, and the
        # backends' CPU per save and page load fell from 4 to 1.5 ms under `make loadtest`
        # (issue 31). The parameters are sent apart from the query (server-side binding, which
        # preparing needs) and a query is prepared on its second use on a connection (workers
        # keep theirs, CONN_MAX_AGE), at most psycopg's 100 per connection.
        # DATABASE_PREPARED_STATEMENTS=0 for a connection pooler that cannot keep them
        # (PgBouncer before 1.21 in transaction mode).
        DATABASES["default"]["OPTIONS"] = {
            **DATABASES["default"].get("OPTIONS", {}),  # what the URL says (sslmode=...) stays
            "server_side_binding": True,
            "prepare_threshold": 2,
        }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's, but for the rewrite of each query's placeholders, kept (scorekeeper/sqlite3).
    DATABASES["default"]["ENGINE"] = "scorekeeper.sqlite3"
    # The embedded default must take a small club's phones saving at once: readers never wait
    # for the writer (WAL), a write transaction takes the lock when it begins (IMMEDIATE, so
    # two writers queue instead of one failing on its first write), and a writer waits up to
    # 20 s for the lock instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    if TESTING:
        # A file, as in use: an in-memory test database locks per table, not like the real
        # thing under threads. One per process, so two test runs never share it.
        DATABASES["default"]["TEST"] = {
            "NAME": str(Path(tempfile.gettempdir()) / f"scorekeeper-test-{os.getpid()}.sqlite3")
        }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Accounts. Nobody has to sign up: a first table makes a guest account, kept by its session
# cookie, which lasts as long as browsers allow (400 days) and is renewed once a day of use.
# django-axes checks every sign-in first; the guests a first write makes are signed in with
# ModelBackend named outright (games.clubs.access), and the tests with force_login, so neither is
# counted.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "games:home"
LOGOUT_REDIRECT_URL = "games:home"
SESSION_COOKIE_AGE = 400 * 24 * 60 * 60
SESSION_COOKIE_HTTPONLY = True
# Django's database sessions (shared by every app server), read with one plain query.
SESSION_ENGINE = "scorekeeper.sessions"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("it", _("Italian")),
    ("de", _("German")),
    ("ja", _("Japanese")),
]
USE_I18N = True
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
# A chosen language is remembered on the phone for as long as a session (games.clubs.language).
LANGUAGE_COOKIE_AGE = 400 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE: Final = "Lax"  # Final: typed as the literal set_cookie() takes
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_TZ = True

# Static files: WhiteNoise serves them from the app servers (no CDN).
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
if DEBUG or TESTING:
    # No collectstatic needed: files are found in static/ and app dirs on each request.
    _staticfiles_backend = "django.contrib.staticfiles.storage.StaticFilesStorage"
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_AUTOREFRESH = True
else:
    # Hashed, compressed files from `manage.py collectstatic`, cached forever by browsers:
    # a .gz of each and, as the Brotli package is installed (pyproject.toml), a .br, which
    # WhiteNoise serves to browsers that accept it.
    _staticfiles_backend = "whitenoise.storage.CompressedManifestStaticFilesStorage"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _staticfiles_backend},
}

# Security. With HTTPS=1 the site is served over HTTPS only: Secure cookies, http redirected to
# https, and HSTS. Without it (the tests' live server and `make run` use plain http, where a
# Secure CSRF cookie would break every form post) none of that applies.
HTTPS = env_bool("HTTPS")
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
# One year. Subdomains included: a scores host has no plain-http subdomains to keep. Not
# preloaded: the preload list is a commitment for the whole registrable domain, which is the
# operator's to make (README, Production).
SECURE_HSTS_SECONDS = 365 * 24 * 60 * 60 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = False
# check --deploy warns that preload is off (security.W021): that is the choice above, not an
# oversight, and the only warning it would give.
SILENCED_SYSTEM_CHECKS = ["security.W021"]
if env_bool("TRUST_X_FORWARDED_PROTO"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts and styles only from our own static files, so
# no inline <script>, on* handler, hx-on or javascript: URL anywhere. htmx's own indicator
# <style> is turned off in base.html's htmx-config (its rules are in css/app.css), and
# allowEval is off there too: nothing uses hx-on or js: expressions.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        # Said outright rather than left to default-src: the service worker (/sw.js) and the
        # web app manifest come from this site only.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
    },
}

# Request bodies. The scoresheet import refuses files over 2 MB with its own message
# (games.tables.forms.SCORESHEET_MAX_BYTES); a body up to 2.5 MiB reaches it. Anything larger, file
# or not, is refused with 400 before it is read: DATA_UPLOAD_MAX_MEMORY_SIZE for the non-file
# part of a body, scorekeeper.limits.RefuseLargeBodies for a multipart body as a whole.
REQUEST_BODY_MAX_BYTES = 2_621_440
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_BODY_MAX_BYTES
# An accepted upload is never larger than this, so it stays in memory (no temporary file).
FILE_UPLOAD_MAX_MEMORY_SIZE = REQUEST_BODY_MAX_BYTES
FILE_UPLOAD_HANDLERS = [
    "scorekeeper.limits.RefuseLargeBodies",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# A club's archive (games.tables.archive; docs/archive.md) is the one upload allowed past that: its
# restore page takes a body up to this size, the file written to a temporary file on disk and
# read from there a line at a time (scorekeeper.limits.RefuseLargeArchives). Gzipped, 10,000
# tables of 20 hands take about 10 MB.
# Whether the service worker fetches, in the background after a first visit, what a phone needs
# to start tables and score hands with no signal (issue 33): the blank table pages (about
# 0.36 MB on the wire in 62 requests) and the Pyodide runtime (about 6 MB). On everywhere but in
# the test suite, whose browser tests each start a phone afresh: only the tests of offline use
# turn it on there (tests/conftest.py), so the other browser tests do not each download it
# again.
OFFLINE_KIT = env_bool("SCOREKEEPER_OFFLINE_KIT", True)

ARCHIVE_MAX_BYTES = int(os.environ.get("ARCHIVE_MAX_BYTES", str(100 * 1024 * 1024)))
# The largest form (a 40-card hand with its counters) has under 100 fields; one file at a time.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
DATA_UPLOAD_MAX_NUMBER_FILES = 1

# Abuse limits. The app servers share nothing but the database, so every counter is kept there.
#
# The client's address: the connection's own, or behind the TLS-terminating proxy (trusted
# with TRUST_X_FORWARDED_PROTO=1) the one the proxies appended last to X-Forwarded-For
# (scorekeeper.client_ip).
TRUST_X_FORWARDED_FOR = env_bool("TRUST_X_FORWARDED_PROTO")
CLIENT_IP_PROXY_COUNT = int(os.environ.get("CLIENT_IP_PROXY_COUNT", "1"))

# Sign-in (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one name from one
# address, that name is refused from that address (429, registration/lockout.html) for
# LOGIN_LOCKOUT_MINUTES, even with the right password; a right one before then resets the count.
# `manage.py axes_reset` lifts every pause at once. Across names, an address is paused after
# RATE_LIMITS "signin" wrong passwords (below). A browser that signed in with the name before
# holds a signed cookie that exempts it from both, so a stranger's wrong passwords pause only
# strangers; its own wrong ones count on the cookie, LOGIN_FAILURE_LIMIT per cool-off time
# (games.clubs.signin).
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = datetime.timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A right password ends the pause, but only from a stranger's browser: games.clubs.signin does
# it, so a player signing in on their own phone leaves a stranger's pause in place.
AXES_RESET_ON_SUCCESS = False
AXES_CLIENT_IP_CALLABLE = "scorekeeper.client_ip.client_ip"
AXES_LOCKOUT_CALLABLE = "games.clubs.views.locked_out"
AXES_WHITELIST_CALLABLE = "games.clubs.signin.trusted"
# No row per successful sign-in: only failures are kept, and only while they count.
AXES_DISABLE_ACCESS_LOG = True
# No start-up banner on every command (the scoresheet CLI's stderr is its answer); failures and
# pauses are still logged.
AXES_VERBOSE = False
AXES_HTTP_RESPONSE_CODE = 429


def _rate_limits(
    defaults: dict[str, dict[str, tuple[int, int]]], text: str
) -> dict[str, dict[str, tuple[int, int]]]:
    """The defaults with RATE_LIMITS' overrides: "action.per=uses" or "action.per=uses/seconds",
    comma-separated; per is "account" or "ip"."""
    limits = {action: dict(pers) for action, pers in defaults.items()}
    for item in text.split(","):
        if not item.strip():
            continue
        try:
            name, value = item.split("=")
            action, per = name.strip().split(".")
            uses, _slash, seconds = value.strip().partition("/")
            default_seconds = limits.get(action, {}).get(per, (0, 3600))[1]
            limits.setdefault(action, {})[per] = (int(uses), int(seconds or default_seconds))
        except ValueError:
            raise ImproperlyConfigured(
                f"RATE_LIMITS: cannot read {item.strip()!r}; write e.g. table.account=120/3600"
            ) from None
    return limits


# Writes that make things (games.ratelimit): (uses, seconds) per account and per client
# address; a use over the limit answers 429 and saves nothing. Sized for a club night of 60 phones
# behind one address (one Wi-Fi) with room to spare, while a script making hundreds is stopped;
# a bigger venue may raise the "ip" ones with the RATE_LIMITS environment variable.
HOUR = 60 * 60
RATE_LIMITS = _rate_limits(
    {
        # New guest accounts (a first write from a browser with no account): 60 phones each
        # starting to keep score, two and a half times over, in an hour.
        "guest": {"ip": (150, HOUR)},
        # Wrong passwords per address, whatever the name (games.clubs.signin): more than a
        # club's typos in an hour, far fewer than a script trying one password on every name.
        "signin": {"ip": (20, HOUR)},
        "table": {"account": (60, HOUR), "ip": (300, HOUR)},
        "import": {"account": (20, HOUR), "ip": (100, HOUR)},
        "league": {"account": (20, HOUR)},
        "club": {"account": (10, HOUR)},
        "invite": {"account": (30, HOUR)},
    },
    os.environ.get("RATE_LIMITS", ""),
)

LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "filters": {
        "refusals_in_one_line": {"()": "scorekeeper.log_filters.RefusalsInOneLine"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["refusals_in_one_line"],
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
    },
}
