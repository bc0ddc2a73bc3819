"""The language of the pages (issue 19): the browser's first, then the one chosen with the
switch, kept on the phone in a cookie and in the account on every phone it signs in on."""

from __future__ import annotations

from functools import partial

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.clubs import services as club_services
from games.models import AccountSettings, Club
from games.tables import services as table_services
from tests.clubs import home_club, member
from tests.concurrency import at_once, errors
from tests.factories import points_entry
from tests.pages import html, table_url

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME
HOME = reverse("games:home")
SWITCH = reverse("set_language")


def lang_of(page: str) -> str:
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_the_browser_language_comes_first() -> None:
    for asked, shown in (
        ("it-IT,it;q=0.9,en;q=0.5", "it"),
        ("de-DE,de;q=0.9", "de"),
        ("ja-JP,ja;q=0.9", "ja"),
        ("fr-FR,fr;q=0.9", "en"),
    ):
        page = html(Client().get(HOME, HTTP_ACCEPT_LANGUAGE=asked))
        assert lang_of(page) == shown
        with translation.override(shown):
            rules, new_table = translation.gettext("Rules"), translation.gettext("New table")
        assert (rules == "Rules") == (shown == "en"), "no translation for Rules"
        assert f">{rules}</a>" in page, asked
        assert f">{new_table}</a>" in page, asked


def test_the_switch_keeps_the_language_on_the_phone_and_goes_back() -> None:
    client = Client()
    rules = reverse("games:rules_index")
    response = client.post(SWITCH, {"language": "de", "next": rules}, HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 302
    assert response["Location"] == rules
    cookie = response.cookies[COOKIE]
    assert cookie.value == "de"
    assert int(cookie["max-age"]) >= 365 * 24 * 60 * 60
    # The choice now beats the browser's Italian.
    page = html(client.get(rules, HTTP_ACCEPT_LANGUAGE="it"))
    assert lang_of(page) == "de"
    assert '<option value="de" lang="de" selected>Deutsch</option>' in page


def test_the_switch_refuses_strange_languages_and_foreign_pages() -> None:
    client = Client()
    response = client.post(SWITCH, {"language": "xx", "next": "/rules/"})
    assert response["Location"] == "/rules/"
    assert COOKIE not in response.cookies
    response = client.post(SWITCH, {"language": "it", "next": "https://evil.example/"})
    assert response["Location"] == HOME
    # A GET changes nothing: a link cannot switch someone's language.
    response = client.get(SWITCH, {"language": "it", "next": "/rules/"})
    assert response["Location"] == "/rules/"
    assert COOKIE not in response.cookies


def test_an_account_takes_its_language_to_every_phone() -> None:
    user = member(Club.objects.create(name="Stammtisch"), username="sepp")
    user.set_password("a long enough secret 1")
    user.save()
    first_phone = Client()
    first_phone.force_login(user)
    first_phone.post(SWITCH, {"language": "ja", "next": HOME})
    assert AccountSettings.objects.get(user=user).language == "ja"

    # A second phone, whose browser asks for English, signs in through the page.
    second_phone = Client()
    assert lang_of(html(second_phone.get(HOME, HTTP_ACCEPT_LANGUAGE="en"))) == "en"
    second_phone.post(reverse("login"), {"username": "sepp", "password": "a long enough secret 1"})
    response = second_phone.get(HOME, HTTP_ACCEPT_LANGUAGE="en")
    assert lang_of(html(response)) == "ja"
    # ... and keeps it on that phone after signing out.
    assert response.cookies[COOKIE].value == "ja"
    second_phone.post(reverse("logout"))
    assert lang_of(html(second_phone.get(HOME, HTTP_ACCEPT_LANGUAGE="en"))) == "ja"


def test_a_visitor_without_an_account_gets_no_account_settings() -> None:
    Client().post(SWITCH, {"language": "it", "next": HOME})
    assert AccountSettings.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_many_phones_choosing_a_language_at_once_leave_one_setting() -> None:
    user = get_user_model().objects.create_user("maria")
    for round_ in range(5):
        languages = ["it", "de", "ja", "en"] * 2
        outcomes = at_once(
            [partial(club_services.account_language_set, user, language) for language in languages]
        )
        assert errors(outcomes) == [], round_
        assert AccountSettings.objects.filter(user=user).count() == 1
        assert AccountSettings.objects.get(user=user).language in languages


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ("Warum?", "Bearbeiten", "Löschen", "Runde 1", "Geber: Ann")),
        ("it", ("Perché?", "Modifica")),
        ("ja", ("理由は", "編集")),
    ],
)
def test_a_history_row_speaks_the_page_language(
    client: Client, language: str, words: tuple[str, ...]
) -> None:
    """The history's buttons are built in Python (games/templatetags/history_html.py): their
    words must reach the catalogs like any template's ("Edit" once stayed English)."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    table_services.round_record(table, points_entry(Ann=1, Bob=1))

    page = html(client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=language))

    history = page.split('id="history-list"', 1)[1].split("</ol>", 1)[0]
    for word in words:
        assert word in history
    assert ">Edit<" not in history
    assert ">Why?<" not in history


@pytest.mark.parametrize(
    ("path", "cookie", "asked"),
    [("/", "", "it-IT,it;q=0.9"), ("/tables/nosuchtable/", "de", "ja"), ("/de/rules/", "", "")],
)
def test_the_language_middleware_answers_as_djangos_without_reading_the_path(
    path: str, cookie: str, asked: str
) -> None:
    from unittest import mock

    from django.http import HttpResponse
    from django.middleware.locale import LocaleMiddleware
    from django.test import RequestFactory

    from games.middleware import QuickLocaleMiddleware

    def answered(middleware: type[LocaleMiddleware]) -> tuple[object, ...]:
        request = RequestFactory().get(path, HTTP_ACCEPT_LANGUAGE=asked)
        if cookie:
            request.COOKIES[COOKIE] = cookie
        response = middleware(lambda request: HttpResponse(status=404))(request)
        return request.LANGUAGE_CODE, response.status_code, response.get("Vary"), response.get(
            "Content-Language"
        )  # fmt: skip

    djangos = answered(LocaleMiddleware)
    with mock.patch.object(translation, "get_language_from_path") as from_path:
        ours = answered(QuickLocaleMiddleware)

    assert ours == djangos
    # No URL pattern of the project takes a language: the path is not asked.
    from_path.assert_not_called()
