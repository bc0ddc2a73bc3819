"""NUL and lone surrogates, in any field, parameter, path, cookie or header: never a 500.

A NUL reaching PostgreSQL fails the query; a lone surrogate reaching a page fails its encoding.
``games.middleware.UnfitTextMiddleware`` mends both in a request, ``games.uploads`` refuses them
in a file. The walk below sends them to every URL of the project (the authorisation matrix's
world, tests/test_access_matrix.py), into every field of the forms and every query parameter of
the links its pages show, as the club's owner, who sees the most of them.
"""

from __future__ import annotations

import json
import pathlib
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.middleware import UnfitTextMiddleware
from games.models import Player, Table
from games.unfit_text import mended
from tests import test_access_matrix
from tests.clubs import home_club
from tests.pages import html
from tests.test_access_matrix import MATRIX, World

pytestmark = pytest.mark.django_db

# The matrix's world, built once for this module too and rolled back after its last test.
world = test_access_matrix.world

# A lone surrogate as a browser or script could send it: its three bytes in UTF-8's scheme,
# which no UTF-8 decoder accepts (Python's "surrogatepass" writes them).
LONE_SURROGATE = "\ud800".encode("utf-8", "surrogatepass")
# Both at once: each field is sent once per method (the walk sends some thousand requests).
UNFIT_VALUE = b"A\x00" + LONE_SURROGATE + b"B"
# Read by some view whatever page links to it (?league=, ?part=, ?since=, ...), or a form's
# field some page may not show to the owner.
KNOWN_PARAMETERS = {
    "club",
    "date",
    "game",
    "hand_token",
    "league",
    "league_version",
    "members",
    "name",
    "next",
    "part",
    "players",
    "refresh",
    "since",
    "table_version",
    "watch",
}


def swoops_with(name: str) -> bytes:
    """docs/examples/swoops.json with its first "Ann" named ``name`` instead (JSON escapes)."""
    path = pathlib.Path(__file__).resolve().parent.parent / "docs/examples/swoops.json"
    escaped = json.dumps(name)
    return path.read_text().replace('"Ann"', escaped, 1).encode()


# -- the two reported cases ---------------------------------------------------------------------


def test_a_nul_in_the_league_of_an_invalid_new_table_shows_the_form_again(client: Client) -> None:
    # Was a 500 on PostgreSQL: the form shown again looked up the league's members by "\x00".
    response = client.post(
        reverse("games:table_new"),
        {"game": "scopa", "player_0": "Ann", "player_1": "", "league": "\x00"},
    )

    assert response.status_code == 422
    assert 'value="Ann"' in html(response)
    assert Table.objects.count() == 0


def test_a_scoresheet_with_a_lone_surrogate_in_a_name_is_refused(client: Client) -> None:
    # Was a 500: the refusal quoted the name, which no UTF-8 page can hold.
    response = client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("swoops.json", swoops_with("\ud800x"))},
    )

    assert response.status_code == 422
    assert "half of a UTF-16 surrogate pair" in html(response)
    assert Table.objects.count() == 0
    assert Player.objects.count() == 0


# -- what the visitor sees ----------------------------------------------------------------------


def test_a_nul_in_a_name_is_refused_in_the_players_language_and_the_rest_kept(
    client: Client,
) -> None:
    response = client.post(
        reverse("games:table_new"),
        {"game": "scopa", "player_0": "An\x00n", "player_1": "Bob"},
        HTTP_ACCEPT_LANGUAGE="it",
    )

    page = html(response)
    assert response.status_code == 422
    assert 'value="An\ufffdn"' in page
    assert 'value="Bob"' in page
    assert "Un carattere qui non si è potuto leggere" in page
    assert Table.objects.count() == 0


def test_the_league_page_refuses_a_name_with_a_character_it_could_not_read(
    client: Client,
) -> None:
    response = client.post(
        reverse("games:leagues"),
        urlencode({"name": b"Thursday" + LONE_SURROGATE, "games": "scopa"}),
        content_type="application/x-www-form-urlencoded",
    )

    assert response.status_code == 422
    assert "could not be read" in html(response)


def test_a_session_cookie_holding_a_nul_is_as_if_never_sent() -> None:
    client = Client()
    client.cookies["sessionid"] = "abc\x00def"

    response = client.get(reverse("games:home"))

    assert response.status_code == 200


def test_what_the_middleware_mends_is_one_replacement_character_each() -> None:
    assert mended("a\x00b\ud800c\udfffd") == "a\ufffdb\ufffdc\ufffdd"
    assert mended("José 😀") == "José 😀"


@pytest.mark.parametrize("unfit", ["\x00", "\ud800"])
def test_the_middleware_mends_the_query_and_headers_and_drops_the_cookies_it_finds_them_in(
    unfit: str,
) -> None:
    seen: list[HttpRequest] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append(request)
        return HttpResponse()

    # The query as a browser sends it (a lone surrogate cannot be percent-encoded as UTF-8,
    # and the bytes that would stand for one Django reads as U+FFFD already).
    request = RequestFactory().get(
        "/tables/?q=a%00b&r=fine", HTTP_USER_AGENT=f"phone{unfit}", HTTP_X_OK="x"
    )
    request.COOKIES = {"fine": "1", f"bad{unfit}name": "1", "bad_value": f"1{unfit}"}
    UnfitTextMiddleware(view)(request)

    assert dict(seen[0].GET.lists()) == {"q": ["a\ufffdb"], "r": ["fine"]}
    assert seen[0].META["HTTP_USER_AGENT"] == "phone\ufffd"
    assert seen[0].META["HTTP_X_OK"] == "x"
    assert seen[0].COOKIES == {"fine": "1"}

    clean = RequestFactory().get("/tables/", HTTP_USER_AGENT="phone")
    clean.COOKIES = {"fine": "1"}
    UnfitTextMiddleware(view)(clean)
    assert (dict(seen[1].GET), seen[1].COOKIES, seen[1].META["HTTP_USER_AGENT"]) == (
        {},
        {"fine": "1"},
        "phone",
    )


# -- every URL, field and parameter -------------------------------------------------------------


class FieldsAndLinks(HTMLParser):
    """The names of every form field on a page, by the method and path its form sends them
    with, and the query parameters of every link, by the link's path."""

    def __init__(self, page_path: str) -> None:
        super().__init__()
        self.page_path = page_path
        self.form = ("GET", page_path)
        self.names: dict[tuple[str, str], set[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "form":
            path = urlsplit(attr.get("action") or self.page_path).path or self.page_path
            self.form = ((attr.get("method") or "GET").upper(), path)
        elif tag in ("input", "select", "textarea", "button") and attr.get("name"):
            self.names.setdefault(self.form, set()).add(str(attr["name"]))
        for link in (attr.get("href"), attr.get("hx-get")):
            if link and link.startswith("/"):
                parts = urlsplit(link)
                names = {name for name, _value in parse_qsl(parts.query, keep_blank_values=True)}
                self.names.setdefault(("GET", parts.path), set()).update(names)


def rolled_back(client: Client, method: str, path: str, body: str) -> int:
    """The status of one request, whatever it wrote undone (a delete leaves the world whole)."""
    with transaction.atomic():
        if method == "GET":
            response = client.get(f"{path}?{body}")
        else:
            response = client.post(path, body, content_type="application/x-www-form-urlencoded")
        transaction.set_rollback(True)
    return response.status_code


@pytest.fixture(scope="module")
def fields_by_path(world: World, django_db_blocker: Any) -> dict[tuple[str, str], set[str]]:
    """Every field and parameter name the owner's pages hold, by the method and path they are
    sent with."""
    client = Client()
    found: dict[tuple[str, str], set[str]] = {}
    with django_db_blocker.unblock():
        client.force_login(world.users["owner"])
        for name in MATRIX:
            path = reverse(name, kwargs=world.kwargs(name))
            page = client.get(path)
            if page.get("Content-Type", "").startswith("text/html"):
                parser = FieldsAndLinks(path)
                parser.feed(page.content.decode())
                for target, names in parser.names.items():
                    found.setdefault(target, set()).update(names)
    return found


# Where the reported 500 was (PostgreSQL refuses a NUL that SQLite stores): CI walks it once,
# in its PostgreSQL pass.
@pytest.mark.postgresql_pass
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_no_field_or_parameter_of_any_url_answers_500(
    world: World, fields_by_path: dict[tuple[str, str], set[str]], name: str
) -> None:
    client = test_access_matrix.visitor(world, "owner")
    path = reverse(name, kwargs=world.kwargs(name))
    # What the page's own forms hold, so one unfit field is all that is wrong.
    filled = {"table_version": str(world.table.version)}
    failures = []
    for method in ("GET", "POST"):
        names = KNOWN_PARAMETERS | fields_by_path.get((method, path), set())
        for field in sorted(names):
            body = urlencode({**filled, field: UNFIT_VALUE})
            status = rolled_back(client, method, path, body)
            if status >= 500:
                failures.append(f"{method} {path} {field}: {status}")
        unfit_key = urlencode({b"x\x00" + LONE_SURROGATE: b"1"})
        if rolled_back(client, method, path, unfit_key) >= 500:
            failures.append(f"{method} {path} with an unfit key")
    assert failures == []


@pytest.mark.parametrize("name", sorted(n for n in MATRIX if MATRIX[n][0]["owner"] != 405))
def test_an_unfit_path_cookie_or_header_never_answers_500(world: World, name: str) -> None:
    path = reverse(name, kwargs=world.kwargs(name))
    client = test_access_matrix.visitor(world, "owner")
    for cookie in ("sessionid", "csrftoken", "django_language"):
        client.cookies[cookie] = "a\x00b"
    headers = {
        f"HTTP_{header}": "a\x00b"
        for header in ("ACCEPT_LANGUAGE", "USER_AGENT", "REFERER", "X_FORWARDED_FOR", "HX_REQUEST")
    }
    assert client.get(path, **headers).status_code < 500
    assert client.get(path.rstrip("/") + "%00/").status_code < 500
    assert client.post(path.rstrip("/") + "%00/").status_code < 500


# Any text at all, lone surrogates (which hypothesis leaves out unless asked) and NUL included.
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=12)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    values=st.fixed_dictionaries(
        {},
        optional={
            "game": ANY_TEXT,
            "player_0": ANY_TEXT,
            "player_1": ANY_TEXT,
            "player_2": ANY_TEXT,
            "league": ANY_TEXT,
            "club": ANY_TEXT,
            "first_dealer": ANY_TEXT,
            "opt_target": ANY_TEXT,
        },
    )
)
def test_any_text_in_the_new_table_form_is_saved_whole_or_refused(
    client: Client, values: dict[str, str]
) -> None:
    body = urlencode({key: value.encode("utf-8", "surrogatepass") for key, value in values.items()})
    with transaction.atomic():
        response = client.post(
            reverse("games:table_new"), body, content_type="application/x-www-form-urlencoded"
        )
        names = set(Player.objects.filter(club=home_club()).values_list("name", flat=True))
        transaction.set_rollback(True)

    assert response.status_code in (302, 422)
    assert not any("\x00" in name or "\ufffd" in name for name in names)
