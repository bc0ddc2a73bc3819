"""The standings page answers an unchanged page with 304 (its ETag), and every write that can
change what the page shows changes the ETag: a phone never keeps stale standings."""

from __future__ import annotations

import re
from collections.abc import Callable
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.clubs import services as club_services
from games.leagues import ratings as league_ratings
from games.leagues import services as league_services
from games.leagues import stamp
from games.models import League, Membership, Role, Season, Table
from games.tables import services as table_services
from tests.clubs import home_club, member
from tests.factories import points_entry
from tests.leagues import at, finished, league, season
from tests.pages import HTMX, html

pytestmark = pytest.mark.django_db


@pytest.fixture
def standings() -> League:
    """A league of two finished tables on two evenings, and a season over both."""
    club = league("Stamp", games=["scopa"])
    finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-05"))
    finished("scopa", ["Ann", "Bob"], "Bob", league=club, when=at("2026-01-06"))
    season(club, "Winter", "2026-01-01", "2026-03-31")
    return club


def url(club: League) -> str:
    return reverse("games:league", kwargs={"league": club.public_id})


def seen(client: Client, club: League, **headers: str) -> tuple[str, bytes]:
    """The page as a phone first gets it: its ETag and its body."""
    response = client.get(url(club), **headers)
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache, private"
    return response["ETag"], response.content


def again(client: Client, club: League, etag: str, **headers: str) -> tuple[int, bytes]:
    response = client.get(url(club), HTTP_IF_NONE_MATCH=etag, **headers)
    return response.status_code, response.content


def test_an_unchanged_page_is_a_304_in_few_queries(client: Client, standings: League) -> None:
    etag, _body = seen(client, standings)
    with CaptureQueriesContext(connection) as context:
        status, body = again(client, standings, etag)
    assert (status, body) == (304, b"")
    # The account and its clubs, the league, the stamp: no standings read, nothing rendered.
    assert len(context.captured_queries) <= 5, [q["sql"] for q in context.captured_queries]
    # GZipMiddleware weakens the ETag on its way out; the weak form matches as well, and so
    # does a list of them.
    assert again(client, standings, f"W/{etag}")[0] == 304
    assert again(client, standings, f'"other", W/{etag}')[0] == 304
    assert again(client, standings, '"other"')[0] == 200


def _edit_last_result(club: League) -> None:
    table = Table.objects.filter(league=club).latest("finished_at")
    table_services.round_update(table.rounds.get(), points_entry(Ann=11, Bob=3))


def _finish_another(club: League) -> None:
    finished("scopa", ["Ann", "Cy"], "Cy", league=club, when=at("2026-01-07"))


def _delete_a_table(club: League) -> None:
    table_services.table_delete(Table.objects.filter(league=club).latest("finished_at"))


def _delete_last_hand(club: League) -> None:
    table = Table.objects.filter(league=club).latest("finished_at")
    table_services.round_delete(table.rounds.get())


def _rename(club: League) -> None:
    league_services.league_update(club, name="Renamed", games=club.games, members=[])


def _add_season(club: League) -> None:
    season(club, "Spring", "2026-04-01", "2026-06-30")


def _delete_season(club: League) -> None:
    league_services.season_delete(Season.objects.get(league=club))


def _abandon_an_open_table(club: League) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], league=club
    )
    table_services.round_record(table, points_entry(Ann=3, Bob=1))


# Each kind of write that touches what the page reads, and whether the page then reads
# differently (a hand at an open table changes no standings, but must not be answered 304
# from a stamp that did not look).
WRITES: dict[str, tuple[Callable[[League], None], bool]] = {
    "a table finished": (_finish_another, True),
    "a finished table's hand edited": (_edit_last_result, True),
    "a finished table's last hand deleted": (_delete_last_hand, True),
    "a table put in the trash": (_delete_a_table, True),
    "the league renamed": (_rename, True),
    "a season added": (_add_season, True),
    "a season deleted": (_delete_season, True),
    "a hand at an open league table": (_abandon_an_open_table, False),
}


@pytest.mark.parametrize("kind", list(WRITES))
def test_every_write_the_page_reads_changes_the_etag(
    client: Client, standings: League, kind: str
) -> None:
    write, shows = WRITES[kind]
    etag, before = seen(client, standings)
    write(League.objects.get(pk=standings.pk))
    status, after = again(client, standings, etag)
    assert status == 200, kind
    if shows:
        assert after != before, kind


def test_a_table_taken_out_of_the_trash_changes_the_etag(client: Client, standings: League) -> None:
    """Deleted and restored, the league's tables are as they were: the club's log is not."""
    table = Table.objects.filter(league=standings).latest("finished_at")
    table_services.table_delete(table)
    etag, before = seen(client, standings)
    table_services.table_restore(Table.with_deleted.get(pk=table.pk))
    status, after = again(client, standings, etag)
    assert status == 200
    assert after != before


def test_ratings_rewritten_change_the_etag(client: Client, standings: League) -> None:
    etag, _before = seen(client, standings)
    league_ratings.league_ratings_replay(standings)
    assert again(client, standings, etag)[0] == 200


def test_the_page_differs_per_viewer(client: Client, standings: League) -> None:
    etag, _body = seen(client, standings)
    # Another account of the club, with its own CSRF secret and header.
    other = Client()
    other.force_login(member(home_club(), Role.VIEWER, "viewer"))
    assert again(other, standings, etag)[0] == 200
    # The same account in another language.
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert again(client, standings, etag)[0] == 200
    del client.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert again(client, standings, etag)[0] == 304
    # The standings alone (htmx) are not the whole page.
    assert again(client, standings, etag, **HTMX)[0] == 200


def test_a_role_changed_changes_the_etag(standings: League) -> None:
    viewer = member(home_club(), Role.VIEWER, "viewer")
    client = Client()
    client.force_login(viewer)
    etag, _body = seen(client, standings)
    club_services.member_set_role(
        Membership.objects.get(user=viewer, club=home_club()), Role.SCORER
    )
    assert again(client, standings, etag)[0] == 200


def test_a_new_day_and_a_new_deploy_change_the_etag(client: Client, standings: League) -> None:
    etag, _body = seen(client, standings)
    tomorrow = timezone.now() + timezone.timedelta(days=1)
    with mock.patch("django.utils.timezone.now", return_value=tomorrow):
        assert again(client, standings, etag)[0] == 200
    with mock.patch.object(stamp, "build_id", return_value="next-deploy"):
        assert again(client, standings, etag)[0] == 200
    assert again(client, standings, etag)[0] == 304


def test_a_waiting_message_is_shown_not_answered_304(client: Client, standings: League) -> None:
    """A message (a save's "League saved.") is shown once, by the page: the phone's copy does
    not have it."""
    etag, _body = seen(client, standings)
    with mock.patch.object(stamp, "get_messages", return_value=["League saved."]):
        status, _after = again(client, standings, etag)
    assert status == 200


def _without_tokens(response: HttpResponse) -> str:
    """The page less its CSRF tokens, which are masked afresh on every response."""
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", html(response))


def test_the_stored_standings_show_what_a_fresh_render_shows(
    client: Client, standings: League
) -> None:
    cache.clear()
    fresh_fragment = html(client.get(url(standings), **HTMX))
    cache.clear()
    with CaptureQueriesContext(connection) as rendering:
        fresh = client.get(url(standings))
    with CaptureQueriesContext(connection) as reading:
        stored = client.get(url(standings))
    # The standings came from the stored copy: their reads (rows, money, ratings) were spared.
    assert len(reading.captured_queries) <= len(rendering.captured_queries) - 5
    assert _without_tokens(stored) == _without_tokens(fresh)
    assert fresh_fragment in html(fresh)
    assert html(client.get(url(standings), **HTMX)) == fresh_fragment
    # Another language, another copy.
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert "Classifica" in html(client.get(url(standings), **HTMX))


def test_a_league_edited_after_it_was_read_is_shown_as_edited(
    client: Client, standings: League
) -> None:
    """The league is read (for its access) before the stamp: an edit in between must not
    leave the old name under the new stamp."""
    read_before_the_edit = League.objects.get(pk=standings.pk)
    _rename(standings)
    with mock.patch("games.leagues.access.one_of_mine", return_value=read_before_the_edit):
        assert "Renamed" in html(client.get(url(standings)))


def _token(page: bytes) -> str:
    found = re.search(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"', page)
    assert found is not None
    return found.group(1).decode()


def test_the_whole_page_is_rendered_once_for_every_viewer_it_looks_alike_to(
    standings: League,
) -> None:
    from games.leagues import views

    phones = []
    for name in ("first-scorer", "second-scorer"):
        phone = Client(enforce_csrf_checks=True)
        phone.force_login(member(standings.club, Role.SCORER, username=name))
        phones.append(phone)
    with mock.patch.object(views, "_league_page", wraps=views._league_page) as rendered:
        pages = [phone.get(url(standings)).content for phone in phones]
        again = phones[0].get(url(standings)).content
    assert rendered.call_count == 1
    tokens = [_token(page) for page in (*pages, again)]
    assert len(set(tokens)) == 3  # each answer's own token, masked afresh
    assert pages[0].replace(tokens[0].encode(), b"") == pages[1].replace(tokens[1].encode(), b"")
    assert stamp.CSRF_PLACEHOLDER.encode() not in pages[0]
    # The token given is the phone's own: its form posts pass the CSRF check.
    switched = phones[1].post(
        reverse("set_language"), {"csrfmiddlewaretoken": tokens[1], "language": "it"}
    )
    assert switched.status_code == 302


def test_a_viewer_of_another_role_or_another_address_gets_its_own_render(
    standings: League,
) -> None:
    from games.leagues import views

    scorer, viewer = Client(), Client()
    scorer.force_login(member(standings.club, Role.SCORER, username="a-scorer"))
    viewer.force_login(member(standings.club, Role.VIEWER, username="a-viewer"))
    with mock.patch.object(views, "_league_page", wraps=views._league_page) as rendered:
        scorer.get(url(standings))
        viewer.get(url(standings))
        assert rendered.call_count == 2
        viewer.get(url(standings) + "?sort=played")
        assert rendered.call_count == 3


def test_the_league_read_for_its_pages_is_what_the_orm_reads(standings: League) -> None:
    from games.leagues.selectors import league_with_club

    with CaptureQueriesContext(connection) as queries:
        read = league_with_club(standings.public_id)
    assert len(queries) == 1
    assert read is not None
    expected = League.objects.select_related("club").get(pk=standings.pk)
    for model_field in League._meta.concrete_fields:
        name = model_field.attname
        assert getattr(read, name) == getattr(expected, name), name
    for model_field in type(expected.club)._meta.concrete_fields:
        name = model_field.attname
        assert getattr(read.club, name) == getattr(expected.club, name), name
    assert read.games == ["scopa"]  # a list, as the JSON field gives it
    assert read.created_at.tzinfo is not None
    assert league_with_club("no-such-league") is None
