"""The pages read with a fixed number of queries, however many hands or tables there are."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Table
from games.tables import services as table_services
from games.tournaments import stamp
from games.tournaments.bench import TableSaves, tournament_seed
from games.tournaments.models import Tournament
from tests.clubs import home_club, home_owner
from tests.factories import captures_entry, points_entry
from tests.pages import edit_url

pytestmark = pytest.mark.django_db


def queries_for(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


def table_with_hands(count: int) -> Table:
    # Target 99 and one point each a hand (the settebello's, as a hand gives at least 1): level
    # leaders play on, so the game never ends, however many hands.
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob", "Cy"], options={"target": 99}
    )
    for _ in range(count):
        table_services.round_record(table, points_entry(Ann=1, Bob=1, Cy=1))
    return table


def test_table_page_queries_do_not_grow_with_the_hands(client: Client) -> None:
    one, many = table_with_hands(1), table_with_hands(200)
    url = reverse("games:table", kwargs={"table": many.public_id})

    with_one = queries_for(client, reverse("games:table", kwargs={"table": one.public_id}))
    with_many = queries_for(client, url)

    assert with_one == with_many
    # The page did show all 200 hands (with the Hand 200 at the top of the history).
    page = client.get(url).content.decode()
    assert "Hand 200<" in page
    assert "Record hand 201" in page


def test_table_page_with_card_hands_and_teams_queries_do_not_grow(client: Client) -> None:
    def team_table(hands: int) -> Table:
        table = table_services.table_create(
            club=home_club(),
            game="scopone",
            players=["Ann", "Bob", "Cy", "Di"],
            options={"target": 99},
        )
        for _ in range(hands):
            table_services.round_record(table, captures_entry("Ann & Cy", "Bob & Di"))
        return table

    one, many = team_table(1), team_table(20)

    assert queries_for(
        client, reverse("games:table", kwargs={"table": one.public_id})
    ) == queries_for(client, reverse("games:table", kwargs={"table": many.public_id}))


def test_edit_page_queries_do_not_grow_with_the_hands(client: Client) -> None:
    one, many = table_with_hands(1), table_with_hands(50)

    assert queries_for(client, edit_url(one, 1)) == queries_for(client, edit_url(many, 1))


def test_home_page_queries_do_not_grow_with_the_tables(client: Client) -> None:
    finished = table_services.table_create(
        club=home_club(), game="scopa", players=["Eve", "Fay"], options={"target": 1}
    )
    table_services.round_record(finished, points_entry(Eve=1, Fay=0))
    table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    with_one = queries_for(client, reverse("games:home"))

    for n in range(29):
        table_services.table_create(
            club=home_club(), game="scopa", players=[f"P{n}a", f"P{n}b", f"P{n}c"]
        )
        done = table_services.table_create(
            club=home_club(), game="scopone", players=["Ann", "Bob", "Cy", f"D{n}"]
        )
        table_services.round_record(done, points_entry(**{"Ann & Cy": 11, f"Bob & D{n}": 0}))
    with_many = queries_for(client, reverse("games:home"))

    assert with_one == with_many
    page = client.get(reverse("games:home")).content.decode()
    assert page.count('class="table-card"') == 60


def test_export_queries_do_not_grow_with_the_hands(client: Client) -> None:
    one, many = table_with_hands(1), table_with_hands(50)

    def export(table: Table) -> int:
        return queries_for(client, reverse("games:table_export", kwargs={"table": table.public_id}))

    assert export(one) == export(many)


def test_changes_page_queries_do_not_grow_with_the_changes(client: Client) -> None:
    from games.clubs.access import guest_create

    guest = guest_create()

    def logged(count: int) -> Table:
        table = table_with_hands(0)
        for _ in range(count):
            table_services.round_record(table, points_entry(Ann=1, Bob=1, Cy=1), by=guest)
        return table

    one, many = logged(1), logged(30)
    assert queries_for(
        client, reverse("games:table_changes", kwargs={"table": one.public_id})
    ) == queries_for(client, reverse("games:table_changes", kwargs={"table": many.public_id}))


@pytest.mark.parametrize("guest_seen_today", [False, True])
def test_a_page_that_shows_no_account_reads_the_session_alone(
    client: Client, guest_seen_today: bool
) -> None:
    """The web app manifest names no account: a signed-in phone's session is read (its
    language), the account is not, unless a guest's last-seen day is due."""
    from django.utils import timezone

    from games.clubs.access import GUEST_SESSION_KEY

    session = client.session
    session[GUEST_SESSION_KEY] = True
    if guest_seen_today:
        session["seen_on"] = timezone.localdate().isoformat()
    session.save()

    with CaptureQueriesContext(connection) as context:
        response = client.get(reverse("manifest"))

    assert response.status_code == 200
    sql = [query["sql"] for query in context.captured_queries]
    if guest_seen_today:
        assert len(sql) == 1
        assert '"django_session"' in sql[0]
    else:
        # The account, its last-seen day moved on, the session saved with the day.
        assert any('"auth_user"' in query for query in sql)


def tournament_urls(tournament: Tournament) -> list[str]:
    """The standings, the director's page (and its poll) and the big screen (each of its
    turns: which one a plain request gets goes by the clock, and two requests may fall on
    either side of a turn)."""
    public_id, token = tournament.public_id, tournament.watch_token
    return [
        reverse("games:tournament_standings", args=[public_id]),
        reverse("games:tournament", args=[public_id]),
        reverse("games:tournament", args=[public_id]) + "?part=progress",
        reverse("games:tournament_screen", args=[token]) + "?show=standings",
        reverse("games:tournament_screen", args=[token]) + "?show=seating",
    ]


def test_tournament_pages_queries_do_not_grow_with_the_tables_and_games(client: Client) -> None:
    """Issue 32, item 8: the standings, the director's page (and its poll) and the big screen
    of a night at 2 tables of 2 games and at 5 tables of 6, each rendered afresh (no stored
    copy), in the same number of queries."""
    owner = home_owner()
    client.force_login(owner)
    small, large = tournament_seed(owner, 8, 2), tournament_seed(owner, 20, 6)

    def counts(tournament: Tournament) -> list[int]:
        found = []
        for url in tournament_urls(tournament):
            stamp.stored_copies_dropped()
            found.append(queries_for(client, url))
        return found

    assert counts(small) == counts(large)
    page = client.get(reverse("games:tournament", args=[large.public_id])).content.decode()
    assert page.count('<li class="round-table') == 5
    assert "6 of 6 games" in page


def test_tournament_pages_after_a_save_read_the_tables_alone_whatever_their_number(
    client: Client,
) -> None:
    """Issue 32, item 8, on a tournament night, where nearly every request comes after a save
    at some table: each page served once (its parts stored), then a save at one table. The
    next request reads the session, the account, and the tournament's stamp with its tables'
    figures (one query), at 2 tables of 2 games as at 5 tables of 6: the tournament as drawn,
    its entry list and the club's players are not read again."""
    owner = home_owner()
    client.force_login(owner)

    def counts(tournament: Tournament) -> list[int]:
        save = TableSaves(tournament)
        found = []
        for url in tournament_urls(tournament):
            client.get(url)
            save()
            found.append(queries_for(client, url))
        return found

    small = counts(tournament_seed(owner, 8, 2))
    assert small == counts(tournament_seed(owner, 20, 6))
    assert small == [3] * 5
