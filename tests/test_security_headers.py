"""Security headers: the Content-Security-Policy, and HTTPS (redirect, HSTS, check --deploy).

The policy allows scripts and styles from our own static files only, so no page may carry an
inline <script>, <style>, style attribute, on* handler, hx-on attribute or javascript: URL:
every page the tests can reach is rendered and read for them. (A JSON data block, <script
type="application/json">, is data the browser never runs: the policy lets it be.)
"""

from __future__ import annotations

import os
import secrets
import string
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from games.clubs import services as club_services
from games.hands import hand_entry_for
from games.scoring import GAMES
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import points_entry
from tests.leagues import finished, league
from tests.pages import HTMX, edit_url, hand_id, table_url

pytestmark = pytest.mark.django_db

BASE_DIR = Path(__file__).resolve().parent.parent
PLAYERS = {2: ["Ann", "Bob"], 3: ["Ann", "Bob", "Cy"], 4: ["Ann", "Bob", "Cy", "Di"]}
FOUR = PLAYERS[4]


def directives(header: str) -> dict[str, list[str]]:
    policy: dict[str, list[str]] = {}
    for part in header.split(";"):
        name, *values = part.split()
        policy[name] = values
    return policy


class InlineCode(HTMLParser):
    """Collects whatever a CSP without 'unsafe-inline' (or 'unsafe-eval') would refuse."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        # A JSON data block ({{ value|json_script }}) is never run, so no CSP refuses it.
        if tag == "script" and not attr.get("src") and attr.get("type") != "application/json":
            self.found.append("<script> without src")
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs:
            if name.startswith("on") or name.startswith(("hx-on", "data-hx-on")):
                self.found.append(f"{name}= on <{tag}>")
            if name == "style":
                self.found.append(f'style="{value}" on <{tag}>')
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"{name}={value} on <{tag}>")
            if name in ("hx-vals", "hx-vars") and (value or "").strip().startswith("js:"):
                self.found.append(f"{name}={value} on <{tag}>")


def inline_code(content: bytes) -> list[str]:
    parser = InlineCode()
    parser.feed(content.decode())
    parser.close()
    return parser.found


def every_page() -> list[str]:
    """A URL for every kind of page: open and finished tables of each game, their hands,
    referees, rules, leagues, players, settlement."""
    club = league()
    urls = [
        reverse("games:home"),
        reverse("games:table_new"),
        reverse("games:table_import"),
        reverse("scopa:referee_primiera"),
        reverse("scopa:referee_capture"),
        reverse("games:rules_index"),
        reverse("games:leagues"),
        reverse("games:league", kwargs={"league": club.public_id}),
        reverse("games:league_edit", kwargs={"league": club.public_id}),
        reverse("games:settlement"),
    ]
    for key, game in GAMES.items():
        players = PLAYERS[max(game.min_players, 2)]
        urls.append(reverse("games:table_new") + f"?game={key}")
        urls.append(reverse("games:rules_game", kwargs={"game": key}))
        table = table_services.table_create(club=home_club(), game=key, players=players)
        urls.append(table_url(table))
        urls.append(reverse("games:table_big", kwargs={"table": table.public_id}))
        done = finished(key, players, winner="Ann", league=club)
        urls.append(table_url(done))
        urls.append(reverse("games:table_big", kwargs={"table": done.public_id}))
        urls.append(edit_url(done, 1))
        why_url_name = hand_entry_for(key).why_url_name
        if why_url_name:
            why = {"table": done.public_id, "hand": hand_id(done, 1)}
            urls.append(reverse(why_url_name, kwargs=why))
    scopa = table_services.table_create(club=home_club(), game="scopa", players=PLAYERS[2])
    table_services.round_record(scopa, points_entry(Ann=3, Bob=1))
    # The club's page with an invite link and its QR code, and a table's watch link.
    invite = club_services.invite_create(home_club())
    watched = table_services.watch_link_set(scopa, on=True)
    urls += [
        table_url(scopa),
        edit_url(scopa, 1),
        reverse("games:player", kwargs={"player": club.members.get(name="Ann").public_id}),
        reverse("games:table_changes", kwargs={"table": scopa.public_id}),
        reverse("games:clubs"),
        reverse("games:club", kwargs={"club": home_club().public_id}),
        reverse("games:join", kwargs={"token": invite.token}),
        reverse("games:table_watch", kwargs={"token": watched.watch_token}),
        reverse("games:table_watch_big", kwargs={"token": watched.watch_token}),
        reverse("login"),
        reverse("password_change"),
    ]
    return urls


def test_every_page_is_free_of_inline_code(client: Client) -> None:
    rendered = 0
    for url in every_page():
        for headers in ({}, HTMX):
            response = client.get(url, **headers)  # type: ignore[arg-type]
            assert response.status_code == 200, (url, response.status_code)
            assert inline_code(response.content) == [], url
            rendered += 1
    assert rendered > 60


def test_the_parser_finds_inline_code() -> None:
    page = (
        b'<script>alert(1)</script><script src="/static/x.js"></script><style>p{}</style>'
        b'<script type="application/json">{}</script>'
        b'<p style="color:red" onclick="x()" hx-on:click="y()"><a href="javascript:z()">'
    )
    assert len(inline_code(page)) == 6


@pytest.mark.parametrize(
    "page",
    [
        "games:home",
        "table",
        "scopa:referee_primiera",
        "scopa:referee_capture",
        "games:rules_index",
        "games:leagues",
    ],
)
def test_pages_carry_a_csp_that_allows_no_inline_script(client: Client, page: str) -> None:
    if page == "table":
        url = table_url(table_services.table_create(club=home_club(), game="scopone", players=FOUR))
    else:
        url = reverse(page)

    response = client.get(url)

    policy = directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["base-uri"] == ["'self'"]
    assert not any("unsafe" in value for values in policy.values() for value in values)
    assert response["X-Content-Type-Options"] == "nosniff"


def test_htmx_is_told_to_inject_no_style_and_eval_nothing(client: Client) -> None:
    page = client.get(reverse("games:home")).content.decode()
    assert '"includeIndicatorStyles":false' in page
    assert '"allowEval":false' in page
    # Settling a style attribute is setting an inline style: htmx settles none.
    assert '"attributesToSettle":["class","width","height"]' in page
    assert "{#" not in page
    assert "#}" not in page
    css = (BASE_DIR / "static" / "css" / "app.css").read_text()
    assert ".htmx-request .htmx-indicator" in css


def test_plain_http_is_served_without_https(client: Client) -> None:
    """HTTPS unset (tests, `make run`): no redirect, no HSTS."""
    response = client.get(reverse("games:home"))
    assert response.status_code == 200
    assert "Strict-Transport-Security" not in response


@override_settings(
    SECURE_SSL_REDIRECT=True,
    SECURE_HSTS_SECONDS=365 * 24 * 60 * 60,
    SECURE_HSTS_INCLUDE_SUBDOMAINS=True,
    SESSION_COOKIE_SECURE=True,
    CSRF_COOKIE_SECURE=True,
)
def test_with_https_http_is_redirected_and_https_sends_hsts() -> None:
    client = Client()  # middleware reads the settings when the client's handler loads it

    redirect = client.get(reverse("games:rules_index") + "?x=1")
    assert redirect.status_code == 301
    assert redirect["Location"] == "https://testserver" + reverse("games:rules_index") + "?x=1"

    secure = client.get(reverse("games:rules_index"), secure=True)
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert "Content-Security-Policy" in secure


def test_check_deploy_reports_nothing_with_production_settings(tmp_path: Path) -> None:
    """`manage.py check --deploy` as production runs it: HTTPS=1, a real key, a host."""
    alphabet = string.ascii_letters + string.digits + "!@#%^&*(-_=+)"
    # A production-like environment, not the test run's: conftest sets
    # DJANGO_ALLOW_ASYNC_UNSAFE for Playwright, which check --deploy rightly refuses.
    env = {key: os.environ[key] for key in ("PATH", "HOME", "LANG") if key in os.environ}
    env.update(
        SECRET_KEY="".join(secrets.choice(alphabet) for _ in range(50)),
        ALLOWED_HOSTS="scores.example.com",
        HTTPS="1",
        # Never the shared PostgreSQL test database; check --deploy connects to none anyway.
        DATABASE_URL=f"sqlite:///{tmp_path / 'deploy.sqlite3'}",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output, output
    # The one silenced check is HSTS preload, off by choice (README, Production).
    assert "(1 silenced)" in output, output


def test_the_stored_policy_is_the_one_django_csp_builds_and_follows_the_settings(
    client: Client,
) -> None:
    """The header is built once per process (games.middleware.StoredPolicyCSPMiddleware): the
    same string django-csp builds for every answer, and built again when the settings change."""
    from csp.utils import build_policy

    assert client.get(reverse("games:home"))["Content-Security-Policy"] == build_policy()
    stricter = {"DIRECTIVES": {"default-src": ["'none'"]}}
    with override_settings(
        CONTENT_SECURITY_POLICY=stricter, CONTENT_SECURITY_POLICY_REPORT_ONLY=stricter
    ):
        answer = client.get(reverse("games:home"))
    assert answer["Content-Security-Policy"] == "default-src 'none'"
    assert answer["Content-Security-Policy-Report-Only"] == "default-src 'none'"
    assert "Content-Security-Policy-Report-Only" not in client.get(reverse("games:home"))
