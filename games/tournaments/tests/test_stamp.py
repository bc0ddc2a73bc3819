"""The tournament's pages from stored copies (``tournaments.stamp``): a copy outlives no save
at any table, no write of the director's and no player the club gains, and a poller whose copy is
current gets a 304."""

from __future__ import annotations

import re
from datetime import UTC, timedelta
from typing import Any
from unittest import mock

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import activate

from games.clubs import services as club_services
from games.hands.base import HAND_TOKEN
from games.models import Membership, Role, Table
from games.tournaments import access, selectors, services, stamp, stamp_figures
from games.tournaments.models import TournamentRound
from games.tournaments.tests.helpers import drawn, play, schafkopf_night, zero_sum
from games.tournaments.tests.helpers import live_table as live_table_of
from tests.clubs import home_owner, member

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_a_save_at_any_table_moves_the_stored_standings_and_screen_and_a_current_poll_gets_304(
    client: Client,
) -> None:
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    first, second = drawn(tournament).tables.order_by("number")
    client.force_login(home_owner())
    standings = reverse("games:tournament_standings", args=[tournament.public_id])
    poll = standings + "?part=standings"
    screen = reverse("games:tournament_screen", args=[tournament.watch_token]) + "?show=standings"

    shown = client.get(poll, headers=HTMX)
    assert shown["ETag"]
    assert client.get(poll, headers={**HTMX, "If-None-Match": shown["ETag"]}).status_code == 304
    # Weakened by GZipMiddleware on the way out, it still matches.
    weak = {**HTMX, "If-None-Match": "W/" + shown["ETag"]}
    assert client.get(poll, headers=weak).status_code == 304
    assert client.get(screen).content.decode().count(">0</strong>") == 8

    play(second, zero_sum(second.seats, winner=second.seats[0], stake=10))

    again = client.get(poll, headers={**HTMX, "If-None-Match": shown["ETag"]})
    assert again.status_code == 200
    assert again["ETag"] != shown["ETag"]
    page = again.content.decode()
    assert '<td class="number">30</td>' in page
    assert '<td class="number">-10</td>' in page
    on_screen = client.get(screen).content.decode()
    assert f'data-number="{second.seats[0]}">30</strong>' in on_screen
    # The director's progress too: one game of four at that table.
    director = reverse("games:tournament", args=[tournament.public_id])
    progress = client.get(director + "?part=progress", headers=HTMX).content.decode()
    assert "1 of 4 games" in progress
    assert "0 of 4 games" in progress
    assert first.number != second.number


def test_a_director_s_write_and_a_new_club_player_move_the_stored_director_s_page(
    client: Client,
) -> None:
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    client.force_login(home_owner())
    director = reverse("games:tournament", args=[tournament.public_id])
    assert "Draw round 1" in client.get(director).content.decode()

    drawn(tournament)
    page = client.get(director).content.decode()
    assert "Draw round 1" not in page
    assert "Close round 1" in page

    # A player the club gained at a table of its own: the entry form offers them.
    assert '<option value="Zenzi">' not in page
    club_services.player_get_or_create("Zenzi", club=tournament.club)
    assert '<option value="Zenzi">' in client.get(director).content.decode()


def test_each_viewer_s_stored_director_s_page_carries_their_own_forms(client: Client) -> None:
    """The page stored for one director is not another's: their forms carry their own CSRF
    secret, and a viewer sees no director's forms."""
    tournament = schafkopf_night(entrants=8)
    director = reverse("games:tournament", args=[tournament.public_id])
    owner = Client(enforce_csrf_checks=True)
    owner.force_login(home_owner())
    owner.get(director)
    page = owner.get(director).content.decode()  # the stored copy
    token = page.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    version = page.split('name="tournament_version" value="', 1)[1].split('"', 1)[0]
    added = owner.post(
        reverse("games:tournament_entrant_add", args=[tournament.public_id]),
        {"csrfmiddlewaretoken": token, "name": "Late Lisl", "tournament_version": version},
    )
    assert added.status_code == 302


def test_the_big_screen_turns_by_the_clock_and_reloads_itself_without_javascript() -> None:
    """Ten seconds of standings, then ten of the seating, each its own stored copy and its own
    ETag; a screen without JavaScript reloads itself as often."""
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    drawn(tournament)
    screen = Client()
    address = reverse("games:tournament_screen", args=[tournament.watch_token])
    poll = address + "?part=screen"
    with mock.patch("games.tournaments.views.time.time", return_value=1_000_000.0):
        page = screen.get(address).content.decode()
        standings = screen.get(poll, headers=HTMX)
    with mock.patch("games.tournaments.views.time.time", return_value=1_000_010.0):
        held = {**HTMX, "If-None-Match": standings["ETag"]}
        seating = screen.get(poll, headers=held)
    assert '<noscript><meta http-equiv="refresh" content="10"></noscript>' in page
    assert 'id="screen-standings"' in page
    assert 'id="screen-standings"' in standings.content.decode()
    assert seating.status_code == 200
    assert 'id="screen-seating"' in seating.content.decode()
    assert "0 of 4 games" in seating.content.decode()


def test_each_answer_of_the_stored_director_s_page_has_an_entry_token_of_its_own(
    client: Client,
) -> None:
    """Two tabs showing the same stored page enter two players: the second entry is not
    taken for the first one sent again."""
    tournament = schafkopf_night(entrants=8)
    client.force_login(home_owner())
    director = reverse("games:tournament", args=[tournament.public_id])
    pages = [client.get(director).content.decode() for _tab in range(2)]
    tokens = [page.split('name="entry_token" value="', 1)[1].split('"', 1)[0] for page in pages]
    assert tokens[0] != tokens[1]
    assert all(HAND_TOKEN.fullmatch(token) for token in tokens)
    version = pages[0].split('name="tournament_version" value="', 1)[1].split('"', 1)[0]
    add = reverse("games:tournament_entrant_add", args=[tournament.public_id])
    for name, token, written in (("Late Lisl", tokens[0], 0), ("Late Loisl", tokens[1], 1)):
        sent = {"name": name, "tournament_version": int(version) + written, "entry_token": token}
        assert client.post(add, sent).status_code == 302
    assert list(tournament.entrants.values_list("name", flat=True))[-2:] == [
        "Late Lisl",
        "Late Loisl",
    ]


def test_a_stored_page_is_read_with_the_viewer_s_role_and_the_stamp_in_one_query(
    client: Client, django_assert_num_queries: Any
) -> None:
    """The session, the account, then the tournament with the account's role in its club and
    its stamp; a member whose club went to the trash, or whose role was taken away, gets
    nothing from the copy stored for them."""
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    drawn(tournament)
    owner = home_owner()
    client.force_login(owner)
    pages = [
        reverse("games:tournament", args=[tournament.public_id]),
        reverse("games:tournament_standings", args=[tournament.public_id]),
    ]
    for page in pages:
        client.get(page)
        with django_assert_num_queries(3):
            assert client.get(page).status_code == 200
    Membership.objects.filter(user=owner, club=tournament.club).delete()
    assert [client.get(page).status_code for page in pages] == [404, 404]
    member(tournament.club, Role.VIEWER, owner.username)
    assert "Draw round" not in client.get(pages[0]).content.decode()
    club_services.club_delete(tournament.club)
    assert [client.get(page).status_code for page in pages] == [404, 404]


def _round_tables(page: str) -> list[str]:
    """The director's page's table rows, in order."""
    return page.split('<li class="round-table')[1:]


def test_after_a_save_the_director_s_page_and_the_standings_show_that_table_and_the_rest(
    client: Client,
) -> None:
    """Each page stored, then a save at one table: the director's page (its part around the
    tables kept from before) shows that table's games and last save and every other table as
    it was, and the standings that table's totals, on the very next request."""
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    first, second = drawn(tournament).tables.order_by("number")
    client.force_login(home_owner())
    director = reverse("games:tournament", args=[tournament.public_id])
    standings = reverse("games:tournament_standings", args=[tournament.public_id])
    stored = client.get(director).content.decode()
    assert [row.count("0 of 4 games") for row in _round_tables(stored)] == [1, 1]
    assert client.get(standings).content.decode().count('<td class="number">0</td>') == 8

    play(second, zero_sum(second.seats, winner=second.seats[0], stake=10))

    page = client.get(director).content.decode()
    one, two = _round_tables(page)
    assert "0 of 4 games" in one
    assert "nothing saved yet" in one
    assert "1 of 4 games" in two
    assert "last save just now" in two
    # The part around the tables, as it was stored: the entry list with its forms, which
    # carry the viewer's CSRF token, and the round's.
    assert page.count('<li value="') == 8
    assert "Close round 1" in page
    assert page.count('name="csrfmiddlewaretoken"') == stored.count('name="csrfmiddlewaretoken"')
    shown = client.get(standings).content.decode()
    assert shown.count('<td class="number">30</td>') == 1
    assert shown.count('<td class="number">-10</td>') == 3
    assert shown.count('<td class="number">0</td>') == len(first.seats)


def test_a_director_s_write_after_a_save_moves_the_part_kept_while_the_tables_save(
    client: Client,
) -> None:
    """What is kept while the tables save (the tournament as drawn, the director's page but
    its tables) outlives no write of the director's: a result by hand at a table and an
    entrant who drops out show on the next request."""
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    first, second = drawn(tournament).tables.order_by("number")
    client.force_login(home_owner())
    director = reverse("games:tournament", args=[tournament.public_id])
    standings = reverse("games:tournament_standings", args=[tournament.public_id])
    client.get(director)
    client.get(standings)
    play(second, zero_sum(second.seats, winner=second.seats[0], stake=10))
    client.get(director)
    client.get(standings)

    tournament.refresh_from_db()
    by_hand = dict.fromkeys(first.seats, 0) | {first.seats[1]: 7}
    services.round_table_result_set(
        first, points=by_hand, reason="Anni had to leave", version=tournament.version
    )
    page = client.get(director).content.decode()
    assert "result by hand" in _round_tables(page)[0]
    assert '<td class="number">7</td>' in client.get(standings).content.decode()

    tournament.refresh_from_db()
    leaving = tournament.entrants.get(number=second.seats[3])
    services.entrant_drop(leaving, version=tournament.version)
    assert "out from round 2" in client.get(director).content.decode()
    assert client.get(standings).content.decode().count('<tr class="dropped">') == 1


def test_a_page_made_of_parts_kept_while_the_tables_save_is_the_page_rendered_afresh(
    client: Client,
) -> None:
    """After a save, each page made of the parts kept from before and those rendered again is
    the page an app server with nothing stored renders (another worker's, just started),
    but for the tokens made for each answer."""
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    _first, second = drawn(tournament).tables.order_by("number")
    client.force_login(home_owner())
    pages = [
        reverse("games:tournament", args=[tournament.public_id]),
        reverse("games:tournament_standings", args=[tournament.public_id]),
        reverse("games:tournament_screen", args=[tournament.watch_token]) + "?show=standings",
        reverse("games:tournament_screen", args=[tournament.watch_token]) + "?show=seating",
    ]
    for page in pages:
        client.get(page)
    play(second, zero_sum(second.seats, winner=second.seats[1], stake=20))

    def shown(page: str) -> str:
        tokens = r'(name="(csrfmiddlewaretoken|entry_token)" value=|"X-CSRFToken": )"[^"]+"'
        return re.sub(tokens, r"\1(token)", client.get(page).content.decode())

    made_of_parts = [shown(page) for page in pages]
    stamp.stored_copies_dropped()
    assert made_of_parts == [shown(page) for page in pages]
    assert "1 of 4 games" in made_of_parts[3]


def test_each_part_after_a_save_is_its_template_rendered_with_its_rows(client: Client) -> None:
    """The parts kept without their rows while the tables save, with the rows put in after a
    save, are what their templates render with the rows in them: the standings over two
    rounds with an entrant dropped, the director's tables (one late, one saved minutes ago)
    with the note over them, and the big screen's two turns."""
    tournament = schafkopf_night(entrants=8, games_per_round=2)
    first_round = drawn(tournament)
    for table in first_round.tables.all():
        play(table, zero_sum(table.seats, winner=table.seats[0], stake=10), times=2)
    tournament.refresh_from_db()
    services.round_close(first_round, version=tournament.version)
    second_round = drawn(tournament, number=2)
    tournament.refresh_from_db()
    services.entrant_drop(tournament.entrants.get(number=3), version=tournament.version)
    twenty_minutes_ago = timezone.now() - timedelta(minutes=20)
    TournamentRound.objects.filter(pk=second_round.pk).update(drawn_at=twenty_minutes_ago)
    _late, saving = second_round.tables.order_by("number")
    client.force_login(home_owner())
    public_id, token = tournament.public_id, tournament.watch_token
    standings = reverse("games:tournament_standings", args=[public_id]) + "?part=standings"
    progress = reverse("games:tournament", args=[public_id]) + "?part=progress"
    screen = reverse("games:tournament_screen", args=[token]) + "?part=screen&show="
    asked = [standings, progress, screen + "standings", screen + "seating"]
    for page in asked:
        client.get(page, headers=HTMX)

    play(saving, zero_sum(saving.seats, winner=saving.seats[2], stake=30))
    Table.objects.filter(pk=saving.table_id).update(
        updated_at=timezone.now() - timedelta(minutes=3)
    )

    tournament.refresh_from_db()
    activate("en")
    shown = {
        "tournament": tournament,
        "overview": selectors.overview(tournament),
        "standings": selectors.standings(tournament),
        "prizes": {},
        "can_direct": True,
        "token": token,
    }
    whole = [
        render_to_string("tournaments/standings.html#standings", shown),
        render_to_string("tournaments/tournament_detail.html#progress", shown),
        *(
            render_to_string(
                "tournaments/big_screen.html#screen",
                {**shown, "show_seating": turn == "seating", "shown": turn},
            )
            for turn in ("standings", "seating")
        ),
    ]
    assert [client.get(page, headers=HTMX).content.decode() for page in asked] == whole
    assert "1 table has saved nothing for 10 minutes." in whole[1]
    assert "last save 3\xa0minutes ago" in whole[1]
    assert "Round 2" in whole[0]
    assert '<tr class="dropped">' in whole[0]
    assert '<td class="number">90</td>' in whole[0]
    assert 'class="screen-standings"' in whole[2]
    assert "1 of 2 games" in whole[3]


def test_the_stamp_s_lines_are_the_tables_as_their_own_query_reads_them(client: Client) -> None:
    """After a save the page reads its tables' figures from the stamp's query (a line each,
    ``stamp_figures.tables_now_of_lines``), not a query of their own: each table as
    ``selectors.tables_now`` reads it, whether played, not yet, over, in the trash, or
    keeping totals whose names hold a "|"; a line not as the stamp writes it is read again."""
    tournament = schafkopf_night(entrants=12, games_per_round=4)
    first, second, third = drawn(tournament).tables.order_by("number")
    play(first, zero_sum(first.seats, winner=first.seats[1], stake=20), times=2)
    play(second, zero_sum(second.seats, winner=second.seats[0], stake=10), times=4)
    over = live_table_of(second)
    Table.objects.filter(pk=over.pk).update(finished_at=timezone.now())
    odd = live_table_of(third)
    Table.objects.filter(pk=odd.pk).update(
        tally={"version": odd.version, "hands": 0, "totals": {"Anna|Berta": 5, "Zoë\n": -5}},
        deleted_at=timezone.now(),
    )
    owner = home_owner()
    request = mock.Mock(user=owner)
    viewed = access.tournament_viewed(request, tournament.public_id)

    assert viewed.tables_lines is not None
    read = stamp_figures.tables_now_of_lines(viewed.tables_lines)
    assert read == selectors.tables_now(tournament.pk)
    assert read is not None
    assert len(read) == 3
    assert read[over.pk].finished
    assert read[over.pk].hands_played == 4
    assert read[odd.pk].tally["totals"] == {"Anna|Berta": 5, "Zoë\n": -5}  # type: ignore[index]
    updated = read[over.pk].updated_at
    assert updated is not None
    assert updated.tzinfo is UTC
    # The stamp itself is as it was without the lines: the tables' figure alone.
    assert all("\n" not in str(figure) for figure in viewed.stamp)
    assert stamp_figures.tables_now_of_lines("") == {}
    assert stamp_figures.tables_now_of_lines("7|1|0|maybe||") is None
    assert stamp_figures.tables_now_of_lines("not a table") is None


def test_a_page_after_a_save_reads_no_query_for_its_tables(
    client: Client, django_assert_num_queries: Any
) -> None:
    """The session, the account and the stamp (with the tables' lines): the standings after a
    save, in three queries, show the save."""
    tournament = schafkopf_night(entrants=8, games_per_round=4)
    _first, second = drawn(tournament).tables.order_by("number")
    client.force_login(home_owner())
    standings = reverse("games:tournament_standings", args=[tournament.public_id])
    client.get(standings)
    play(second, zero_sum(second.seats, winner=second.seats[0], stake=10))
    with django_assert_num_queries(3):
        shown = client.get(standings).content.decode()
    assert shown.count('<td class="number">30</td>') == 1
