"""The fast table (issue 14): a save answers with only what changed, whatever the number of
hands; the history shows the latest hands and loads older ones on demand; a save reads the
table's hands once."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.hands import HAND_ENTRIES
from games.models import Club, League, Player, Role, Round, Seat, Table
from games.scoring import GAMES, EntryError
from games.tables import page as table_page
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from games.tables.page import HISTORY_PAGE, TablePage
from games.templatetags import hand_html
from tests.clubs import home_club, member
from tests.entries import documented_rounds
from tests.factories import points_entry
from tests.kits import kit_for, sample_setup
from tests.leagues import league as league_of_tests
from tests.pages import HTMX, html, inputs, saved, table_url

pytestmark = pytest.mark.django_db

SIGNATURE = re.compile(r'name="form_signature" value="([0-9a-f]+)"')


def scopa_table(hands: int = 0) -> Table:
    """A Scopa table to 99 with ``hands`` even hands (1-1: nobody is ever alone in the lead)."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    for _ in range(hands):
        table_services.round_record(table, points_entry(Ann=1, Bob=1))
    return table


def page_form(client: Client, table: Table) -> dict[str, str]:
    """What the table page's hand form carries: version, token and signature."""
    return inputs(client.get(table_url(table))).values


def save(client: Client, table: Table, form: dict[str, str], **points: str) -> object:
    data = {
        "mode": "points",
        "points_0": points.get("ann", "1"),
        "points_1": points.get("bob", "1"),
        "table_version": form["table_version"],
        "hand_token": form["hand_token"],
        "form_signature": form.get("form_signature", ""),
    }
    return client.post(table_url(table), data, **HTMX)


def test_a_save_answers_with_the_scoreboard_the_new_row_and_a_new_guard(client: Client) -> None:
    table = scopa_table(hands=3)
    form = page_form(client, table)

    response = save(client, table, form, ann="2", bob="1")

    page = html(response)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#scoreboard"
    assert page.lstrip().startswith('<section class="scoreboard" id="scoreboard"')
    assert '<span class="total-points" data-total="Ann">5</span>' in page
    assert "Hand 4 recorded." in page
    assert (
        '<h2 id="record-heading" data-number="5" data-words="Record hand {number}"'
        ' hx-swap-oob="true">Record hand 5</h2>'
    ) in page
    assert '<ol hx-swap-oob="afterbegin:#history-list">' in page
    assert page.count('class="history-item"') == 1
    # The phone empties its own form: no card grid is sent, only what the next hand needs.
    assert "card-grid" not in page
    guard = inputs(response).values
    table.refresh_from_db()
    assert guard["table_version"] == str(table.version)
    assert guard["hand_token"] not in ("", form["hand_token"])
    assert guard["form_signature"] == form["form_signature"]
    events = json.loads(response["HX-Trigger-After-Swap"])
    assert events == {
        "hand-recorded": {"version": table.version, "reset": True},
        "chart-stale": True,
    }
    assert saved() == (4, 8)


def test_a_save_that_empties_the_phones_form_zeroes_its_counters(client: Client) -> None:
    table = scopa_table(hands=3)

    page = html(save(client, table, page_form(client, table)))

    # The phone empties its own form (form.reset()); its side buttons' counters come from the
    # server, zeroed out of band with the empty preview, each once.
    for side in (0, 1):
        assert page.count(f'id="side-counts-{side}"') == 1
        assert (
            f'<span id="side-counts-{side}" class="side-pick-counts" hx-swap-oob="true">cards '
            f'<span data-count-cards="{side}">0</span> · coins '
            f'<span data-count-coins="{side}">0</span></span>'
        ) in page


def _empty_preview_of(answer: str) -> str:
    """What an answer that empties the phone's form sends between the guard and the row."""
    return answer.split('id="hand-guard"')[1].split("</span>", 1)[1].split("<ol hx-swap-oob")[0]


@pytest.mark.parametrize(("game", "points"), [("scopa", (0, 1)), ("briscola", (60, 60))])
def test_the_empty_preview_given_again_is_the_one_the_game_renders(
    client: Client, game: str, points: tuple[int, int]
) -> None:
    """A save whose phone empties its own form gets the next hand's empty preview, rendered
    once per kind of form and table and then given again: the same as the game's preview
    partial renders for a fresh form, in the page's language."""
    table = table_services.table_create(club=home_club(), game=game, players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=points[0], Bob=points[1]))
    table_page._EMPTY_PREVIEWS.clear()
    answers = []
    for language in ("en", "en", "de"):
        form = inputs(client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=language)).values
        response = client.post(
            table_url(table),
            {**form, "mode": "points", "points_0": str(points[0]), "points_1": str(points[1])},
            HTTP_ACCEPT_LANGUAGE=language,
            **HTMX,
        )
        assert response.status_code == 200, html(response)
        assert json.loads(response["HX-Trigger-After-Swap"])["hand-recorded"]["reset"]
        answers.append(_empty_preview_of(html(response)).strip())
    table.refresh_from_db()
    page = TablePage.load(table)
    with translation.override("en"):
        fresh = render_to_string(
            f"{page.ui.template}#preview", {**page.hand_context(page.form()), "oob": True}
        )
    assert answers[0] == answers[1] == fresh.strip()
    assert 'id="preview"' in fresh
    assert answers[2] != answers[0]  # in German
    # Another table of the same setup: its own address.
    other = table_services.table_create(club=home_club(), game=game, players=["Ann", "Bob"])
    table_services.round_record(other, points_entry(Ann=points[0], Bob=points[1]))
    form = page_form(client, other)
    data = {**form, "mode": "points", "points_0": str(points[0]), "points_1": str(points[1])}
    preview = _empty_preview_of(html(client.post(table_url(other), data, **HTMX)))
    assert f'hx-post="{table_url(other)}"' in preview


def test_the_answer_to_a_save_does_not_grow_with_the_hands(client: Client) -> None:
    sizes = []
    for hands in (2, 60):
        table = scopa_table(hands=hands)
        response = save(client, table, page_form(client, table))
        sizes.append(len(response.content))

    # Only the digits of the hand numbers and ids differ.
    assert abs(sizes[1] - sizes[0]) < 40
    assert max(sizes) < 8 * 1024


def test_a_form_that_is_not_the_next_hands_is_sent_again(client: Client) -> None:
    table = scopa_table(hands=2)
    form = page_form(client, table)
    # A form that had been re-rendered with what was entered (after an error) says nothing
    # of what it offers: it cannot be emptied in place.
    form["form_signature"] = ""

    response = save(client, table, form)

    page = html(response)
    assert '<section id="record" aria-labelledby="record-heading" hx-swap-oob="true">' in page
    assert 'id="hand-form"' in page
    assert json.loads(response["HX-Trigger-After-Swap"])["hand-recorded"]["reset"] is False


def test_a_ciapano_player_going_out_changes_the_form_so_it_is_sent_again(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(),
        game="ciapano",
        players=["Ann", "Bob", "Cy"],
        options={"elimination_at": 11},
    )
    table_services.round_record(table, {"points": {"Ann": 4, "Bob": 4, "Cy": 3}})
    form = page_form(client, table)
    assert "points_0" in form

    # Ann reaches 11 and is out: the next deal's form has no field for her.
    response = client.post(
        table_url(table),
        {
            "mode": "points",
            "points_0": "7",
            "points_1": "2",
            "points_2": "2",
            "table_version": form["table_version"],
            "hand_token": form["hand_token"],
            "form_signature": form["form_signature"],
        },
        **HTMX,
    )

    assert response.status_code == 200
    page = html(response)
    assert '<section id="record" aria-labelledby="record-heading" hx-swap-oob="true">' in page
    assert "points_0" not in inputs(response).values


def test_the_first_hand_and_the_last_answer_with_the_whole_table(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 3}
    )
    first = save(client, table, page_form(client, table), ann="1", bob="0")
    assert html(first).lstrip().startswith('<div id="table-main"')
    assert "No hands yet." not in html(first)

    last = save(client, table, page_form(client, table), ann="3", bob="0")

    assert html(last).lstrip().startswith('<div id="table-main"')
    assert "Game over." in html(last)
    assert 'id="hand-form"' not in html(last)


def test_a_retried_save_answers_as_the_first_did_and_stores_once(client: Client) -> None:
    table = scopa_table(hands=2)
    form = page_form(client, table)
    save(client, table, form, ann="2", bob="1")

    again = save(client, table, form, ann="2", bob="1")

    assert again.status_code == 200
    assert "Hand 3 recorded." in html(again)
    assert saved() == (3, 6)


def test_the_history_shows_the_latest_hands_and_loads_the_earlier_on_demand(
    client: Client,
) -> None:
    table = scopa_table(hands=HISTORY_PAGE + 5)
    url = table_url(table)

    page = html(client.get(url))

    numbers = [int(n) for n in re.findall(r'<span class="history-number">Hand (\d+)</span>', page)]
    assert numbers == list(range(HISTORY_PAGE + 5, 5, -1))
    assert f'href="{url}?hands=all#history"' in page
    assert f'hx-get="{url}?part=history&amp;before=6"' in page
    assert "Show the 5 earlier hands" in page

    older = html(client.get(url, {"part": "history", "before": "6"}, **HTMX))
    assert older.lstrip().startswith('<ol hx-swap-oob="beforeend:#history-list">')
    numbers = [int(n) for n in re.findall(r'<span class="history-number">Hand (\d+)</span>', older)]
    assert numbers == [5, 4, 3, 2, 1]
    assert "earlier hand" not in older

    # Without JavaScript, the link shows them all.
    everything = html(client.get(url, {"hands": "all"}))
    assert everything.count('class="history-item"') == HISTORY_PAGE + 5
    assert "earlier hand" not in everything


def _hand_reads(queries: list[dict[str, str]]) -> list[str]:
    """The queries that read every hand of a table (not one hand by its token or id)."""
    return [
        query["sql"]
        for query in queries
        if query["sql"].startswith("SELECT")
        and 'WHERE "games_round"."table_id" = ' in query["sql"]
        and "LIMIT" not in query["sql"]
    ]


def _writes(queries: list[dict[str, str]]) -> list[str]:
    return [
        query["sql"].split("(")[0].split(" SET ")[0].strip()
        for query in queries
        if query["sql"].startswith(("INSERT", "UPDATE", "DELETE"))
    ]


@pytest.mark.parametrize("hands", [3, 40])
def test_a_save_reads_no_earlier_hand_and_its_queries_do_not_grow(
    client: Client, hands: int
) -> None:
    """Scopa decides each hand by the totals after it (``Game.resume_state``): a save takes
    them from the table's tally, reads none of the earlier hands, and makes four writes."""
    table = scopa_table(hands=hands)
    form = page_form(client, table)

    with CaptureQueriesContext(connection) as captured:
        response = save(client, table, form)

    assert response.status_code == 200
    assert _hand_reads(captured.captured_queries) == []
    if connection.vendor == "postgresql":
        # One statement, a transaction of its own: one round trip.
        writes = [q["sql"] for q in captured.captured_queries if " games_" not in q["sql"]]
        statement = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("WITH")]
        assert len(statement) == 1, writes
        for part in (
            'UPDATE "games_table"',
            'INSERT INTO "games_round"',
            'INSERT INTO "games_roundpoints"',
            'INSERT INTO "games_tablechange"',
        ):
            assert part in statement[0]
    else:
        assert _writes(captured.captured_queries) == [
            'UPDATE "games_table"',
            'INSERT INTO "games_round"',
            'INSERT INTO "games_roundpoints"',
            'INSERT INTO "games_tablechange"',
        ]
    # The seats once, in the table's own query.
    seat_reads = [
        q
        for q in captured.captured_queries
        if q["sql"].startswith("SELECT") and '"games_seat"' in q["sql"]
    ]
    assert len(seat_reads) == 1, seat_reads
    assert 'FROM "games_table"' in seat_reads[0]["sql"]
    # The same number of queries at 3 hands as at 40: the session, the account, the table
    # with its seats, and the four writes (and one of the test's own); on SQLite in a
    # transaction (here a savepoint and its release).
    expected = 5 if connection.vendor == "postgresql" else 10
    assert len(captured.captured_queries) == expected, [
        q["sql"][:60] for q in captured.captured_queries
    ]
    assert f"Record hand {hands + 2}<" in html(response)
    table.refresh_from_db()
    assert table.tally == {
        "version": hands + 1,
        "hands": hands + 1,
        "totals": {"Ann": hands + 1, "Bob": hands + 1},
        "last_dealer": hands % 2,
    }


def test_a_save_of_a_game_that_needs_the_earlier_hands_reads_them_once(client: Client) -> None:
    """Swoops (a fixed number of rounds) and Ciapanò (who is out) replay the earlier hands:
    read once, by the page, and used by the write while the table is still at their
    version."""
    table = table_services.table_create(
        club=home_club(), game="swoops", players=["Ann", "Bob", "Cy"], options={"limit": 500}
    )
    for _ in range(3):
        table_services.round_record(table, {"points": {"Ann": 5, "Bob": 7, "Cy": 0}})
    form = page_form(client, table)
    data = {
        "went_out": "2",
        "total_0": "1",
        "total_1": "2",
        "table_version": form["table_version"],
        "hand_token": form["hand_token"],
        "form_signature": form.get("form_signature", ""),
    }

    with CaptureQueriesContext(connection) as captured:
        response = client.post(table_url(table), data, **HTMX)

    assert response.status_code == 200, html(response)
    assert len(_hand_reads(captured.captured_queries)) == 2
    assert Round.objects.filter(table=table).count() == 4
    table.refresh_from_db()
    assert table.tally["totals"] == {"Ann": 16, "Bob": 23, "Cy": 0}


def test_a_tally_for_another_version_is_not_used_and_the_next_save_mends_it() -> None:
    """A tally is for one version of the table: once anything else bumped the version (here
    a write that does not keep it up to date), a save replays the hands as before, stores
    the same, and keeps a tally for its own version again."""
    table = scopa_table(hands=3)
    Table.objects.filter(pk=table.pk).update(version=7)
    table.refresh_from_db()
    stale = dict(table.tally)
    Table.objects.filter(pk=table.pk).update(
        tally={**stale, "totals": {"Ann": 90, "Bob": 0}}, version=8
    )
    table.refresh_from_db()

    with CaptureQueriesContext(connection) as captured:
        table_services.round_record(table, points_entry(Ann=2, Bob=1), version=8)

    assert len(_hand_reads(captured.captured_queries)) == 2
    table.refresh_from_db()
    assert not table.is_finished
    assert table.tally == {
        "version": 9,
        "hands": 4,
        "totals": {"Ann": 5, "Bob": 4},
        "last_dealer": 1,
    }
    # And the save after it resumes from it.
    with CaptureQueriesContext(connection) as captured:
        table_services.round_record(table, points_entry(Ann=1, Bob=1), version=9)
    assert _hand_reads(captured.captured_queries) == []
    assert [hand.dealer for hand in table_selectors.table_hands(table)] == [0, 1, 0, 1, 0]


def test_the_hand_that_ends_the_game_is_decided_with_every_hand() -> None:
    """The tally spares the replay only while the game goes on: the hand that ends it is
    stored on the path that decides the result, the seats and a league's ratings."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 11}
    )
    table_services.round_record(table, points_entry(Ann=6, Bob=1))
    table.refresh_from_db()

    with CaptureQueriesContext(connection) as captured:
        table_services.round_record(table, points_entry(Ann=5, Bob=2), version=table.version)

    assert len(_hand_reads(captured.captured_queries)) == 2
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Ann"]
    seats = {seat.player.name: seat for seat in table.seats.select_related("player")}
    assert (seats["Ann"].total, seats["Ann"].won) == (11, True)
    assert (seats["Bob"].total, seats["Bob"].won) == (3, False)


def test_a_bad_hand_stores_nothing_on_the_quick_path_either() -> None:
    table = scopa_table(hands=2)
    table.refresh_from_db()
    before = (table.version, dict(table.tally), Round.objects.filter(table=table).count())

    with pytest.raises(EntryError):
        table_services.round_record(table, {"points": {"Ann": -1, "Bob": 0}}, version=table.version)

    table.refresh_from_db()
    assert (table.version, table.tally, Round.objects.filter(table=table).count()) == before


def test_a_save_from_another_phone_first_reads_again_under_the_lock(client: Client) -> None:
    """The hands the page read are used for the write only while the table is still at the
    version they were read at; the version check refuses the rest."""
    table = scopa_table(hands=2)
    form = page_form(client, table)
    table_services.round_record(table, points_entry(Ann=2, Bob=1))

    response = save(client, table, form)

    assert response.status_code == 409
    assert Round.objects.filter(table=table).count() == 3


def test_a_watch_link_pages_its_history_and_chart_at_its_own_address(client: Client) -> None:
    table = scopa_table(hands=HISTORY_PAGE + 2)
    table_services.watch_link_set(table, on=True)
    table.refresh_from_db()
    watch = f"/watch/{table.watch_token}/"
    anonymous = Client()

    page = html(anonymous.get(watch))
    assert f'hx-get="{watch}?part=history&amp;before=3"' in page
    assert f'hx-get="{watch}?part=chart"' in page
    older = html(anonymous.get(watch, {"part": "history", "before": "3"}, **HTMX))
    assert re.findall(r"Hand (\d+)</span>", older) == ["2", "1"]
    # Still no forms for a watcher.
    assert "<form" not in older
    chart = html(anonymous.get(watch, {"part": "chart"}, **HTMX))
    assert chart.lstrip().startswith('<div id="totals-chart"')


# -- the live table (issue 15): a page's poll --------------------------------------------------


def poll(client: Client, url: str, etag: str, **params: str) -> object:
    return client.get(url, {"part": "live", **params}, HTTP_IF_NONE_MATCH=etag, **HTMX)


def test_an_unchanged_table_answers_the_poll_304_with_one_query_for_it(client: Client) -> None:
    table = scopa_table(hands=3)
    table.refresh_from_db()
    client.get(table_url(table))

    with CaptureQueriesContext(connection) as captured:
        response = poll(client, table_url(table), f'"t{table.version}"', pristine="1")

    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == f'"t{table.version}"'
    table_queries = [q["sql"] for q in captured.captured_queries if "games_table" in q["sql"]]
    assert len(table_queries) == 1
    # A gzip-weakened ETag is the same version.
    assert poll(client, table_url(table), f'W/"t{table.version}"').status_code == 304


def test_a_poll_after_another_phone_saved_brings_the_table_and_says_what_changed(
    client: Client,
) -> None:
    table = scopa_table(hands=2)
    form = page_form(client, table)
    seen = form["table_version"]
    table_services.round_record(table, points_entry(Ann=2, Bob=1))

    # A phone in the middle of entering a hand: its entry is left alone.
    busy = poll(client, table_url(table), f'"t{seen}"', pristine="0")

    page = html(busy)
    table.refresh_from_db()
    assert busy.status_code == 200
    assert busy["ETag"] == f'"t{table.version}"'
    assert 'id="scoreboard" aria-labelledby="scoreboard-heading" hx-swap-oob="true">' in page
    assert '<span class="total-points" data-total="Ann">4</span>' in page
    assert "Hand 3 was recorded on another phone: Ann 2, Bob 1" in page
    assert "Your hand is still filled in below." in page
    assert '<section id="history" aria-labelledby="history-heading" hx-swap-oob="true">' in page
    assert 'name="hand_token"' not in page
    assert json.loads(busy["HX-Trigger-After-Swap"]) == {"chart-stale": True}

    # An untouched form gets the new guard and heading, so its next save is not refused.
    idle = poll(
        client, table_url(table), f'"t{seen}"', pristine="1", signature=form["form_signature"]
    )
    guard = inputs(idle).values
    assert guard["table_version"] == str(table.version)
    assert guard["hand_token"] != form["hand_token"]
    assert (
        '<h2 id="record-heading" data-number="4" data-words="Record hand {number}"'
        ' hx-swap-oob="true">Record hand 4</h2>'
    ) in html(idle)
    assert "Your hand is still filled in below." not in html(idle)
    assert 'id="hand-form"' not in html(idle)


def test_an_untouched_form_that_changed_shape_is_sent_whole(client: Client) -> None:
    table = scopa_table(hands=1)
    form = page_form(client, table)
    table_services.round_record(table, points_entry(Ann=1, Bob=1))

    response = poll(
        client, table_url(table), f'"t{form["table_version"]}"', pristine="1", signature="old"
    )

    assert '<section id="record" aria-labelledby="record-heading" hx-swap-oob="true">' in html(
        response
    )


def test_a_game_that_ended_meanwhile_replaces_an_untouched_page_whole(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 3}
    )
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    form = page_form(client, table)
    table_services.round_record(table, points_entry(Ann=3, Bob=0))

    response = poll(client, table_url(table), f'"t{form["table_version"]}"', pristine="1")

    page = html(response)
    assert page.lstrip().startswith('<div id="table-main" hx-swap-oob="true">')
    assert "Game over." in page
    assert 'id="hand-form"' not in page


def test_a_watch_link_polls_too_and_a_stranger_cannot(client: Client) -> None:
    table = scopa_table(hands=1)
    table_services.watch_link_set(table, on=True)
    table.refresh_from_db()
    watch = f"/watch/{table.watch_token}/"
    anonymous = Client()
    assert poll(anonymous, watch, f'"t{table.version}"').status_code == 304
    table_services.round_record(table, points_entry(Ann=2, Bob=1))

    response = poll(anonymous, watch, f'"t{table.version}"')

    assert response.status_code == 200
    assert "<form" not in html(response)
    assert '<span class="total-points" data-total="Ann">3</span>' in html(response)
    assert poll(anonymous, table_url(table), '"t1"').status_code == 404
    assert poll(anonymous, "/watch/nosuchtoken0000/", '"t1"').status_code == 404


def test_the_hands_breakdowns_read_as_stored_but_are_decoded_only_when_looked_at() -> None:
    table = scopa_table(hands=3)

    hands = table_selectors.table_hands(table)

    stored = {round_.pk: round_.breakdown for round_ in table.rounds.all()}
    assert all(isinstance(hand.breakdown, table_selectors.StoredBreakdown) for hand in hands)
    assert not any(hand.breakdown.decoded for hand in hands)
    assert [dict(hand.breakdown) for hand in hands] == [stored[hand.pk] for hand in hands]
    assert hands[0].breakdown == stored[hands[0].pk]
    assert all(hand.breakdown.decoded for hand in hands)


def test_a_save_at_a_table_without_the_capotto_decodes_no_earlier_breakdown() -> None:
    """Recording a hand replays the earlier hands' points; at a Scopa table that does not play
    the capotto nothing looks inside their breakdowns, so none is decoded (it was most of the
    cost of a save at a long table)."""
    table = scopa_table(hands=4)
    table.refresh_from_db()
    hands = table_selectors.table_hands(table)

    table_services.round_record(
        table,
        points_entry(Ann=2, Bob=1),
        hands=hands,
        hands_version=table.version,
        setup=table.setup(),
    )

    assert not any(hand.breakdown.decoded for hand in hands)
    assert [hand.dealer for hand in table_selectors.table_hands(table)] == [0, 1, 0, 1, 0]


def test_a_capotto_stored_earlier_still_ends_the_game_where_the_table_plays_it() -> None:
    """The capotto is read from the stored breakdowns, decoded when looked at."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"capotto": True}
    )
    table_services.round_record(table, points_entry(Ann=1, Bob=1))
    table_services.round_record(table, {"points": {"Ann": 13, "Bob": 0}, "capotto": "Ann"})
    table.refresh_from_db()

    state = table.rules.game_state(
        [hand.score() for hand in table_selectors.table_hands(table)], table.setup()
    )

    assert state.finished
    assert state.winners == ("Ann",)
    assert state.finished_after_round == 2
    assert table.is_finished
    assert table.winners == ["Ann"]


def _as_the_orm_reads(table: Table) -> tuple[dict[str, object], ...]:
    return (
        {field.attname: getattr(table, field.attname) for field in Table._meta.concrete_fields},
        {field.attname: getattr(table.club, field.attname) for field in Club._meta.concrete_fields},
        {
            field.attname: getattr(table.league, field.attname)
            for field in League._meta.concrete_fields
        }
        if table.league
        else {},
        {
            "seats": [
                (
                    {f.attname: getattr(seat, f.attname) for f in Seat._meta.concrete_fields},
                    {
                        f.attname: getattr(seat.player, f.attname)
                        for f in Player._meta.concrete_fields
                    },
                )
                for seat in table.seats.all()
            ]
        },
    )


@pytest.mark.parametrize("in_a_league", [False, True])
def test_a_table_read_for_a_member_is_the_table_the_orm_reads(in_a_league: bool) -> None:
    """The table page's read of a table (plain rows, converted as the ORM converts them) gives
    every field as the ORM does, dates, JSON and a league included, and the seats in order
    with their players, asking nothing more."""
    club = home_club()
    league = league_of_tests() if in_a_league else None
    table = table_services.table_create(
        club=club,
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"cents_per_point": 10},
        league=league,
    )
    table_services.round_record(table, kit_for("schafkopf").steady_entry(table.setup(), 1))
    table_services.table_stop(table)
    owner = member(club, Role.SCORER, "reader")

    read, role = table_selectors.table_get_for_member(table.public_id, owner)

    expected = Table.objects.select_related("club", "league").get(pk=table.pk)
    assert role is Role.SCORER
    with CaptureQueriesContext(connection) as captured:
        as_read, setup_read = _as_the_orm_reads(read), read.setup()
    assert captured.captured_queries == []
    assert as_read == _as_the_orm_reads(expected)
    assert setup_read == expected.setup()
    assert read.finished_at is not None
    assert read.winners == expected.winners != []


def test_a_table_of_another_club_is_not_read_for_a_stranger() -> None:
    table = scopa_table()
    stranger = member(Club.objects.create(name="Elsewhere"), Role.OWNER, "stranger")

    with pytest.raises(Table.DoesNotExist):
        table_selectors.table_get_for_member(table.public_id, stranger)


def test_a_table_read_by_club_or_watch_link_is_the_table_the_orm_reads() -> None:
    """``table_get`` (a table after a write, a watch link) reads the same way, by its clubs or
    by its watch token; a table of other clubs, or an empty token, finds nothing."""
    club = home_club()
    table = table_services.table_create(
        club=club, game="scopa", players=["Ann", "Bob"], league=league_of_tests()
    )
    table_services.round_record(table, points_entry(Ann=2, Bob=1))
    table = table_services.watch_link_set(table, on=True)
    expected = _as_the_orm_reads(Table.objects.select_related("club", "league").get(pk=table.pk))

    by_club = table_selectors.table_get(table.public_id, club_ids=[club.pk])
    by_token = table_selectors.table_get(table.watch_token, by_watch_token=True)

    assert _as_the_orm_reads(by_club) == expected
    assert _as_the_orm_reads(by_token) == expected
    elsewhere = Club.objects.create(name="Elsewhere")
    for club_ids in ([elsewhere.pk], []):
        with pytest.raises(Table.DoesNotExist):
            table_selectors.table_get(table.public_id, club_ids=club_ids)
    scopa_table()  # a table without a watch link: its token is empty
    with pytest.raises(Table.DoesNotExist):
        table_selectors.table_get("", by_watch_token=True)


@pytest.mark.parametrize("game", sorted(HAND_ENTRIES))
def test_a_fresh_forms_remembered_signature_is_its_own_in_every_language(game: str) -> None:
    """A fresh form's signature is worked out once per kind of form (its class, the setup,
    its starting values, the language); each is what the form itself digests to, and the
    languages differ where the form's words do."""
    rules = GAMES[game]
    setup = sample_setup(game)
    entry = HAND_ENTRIES[game]
    found = {}
    words = {}
    for language in ("en", "de", "ja", "en"):
        with translation.override(language):
            first = entry.form(setup, rules, None, {"table_version": 3, "hand_token": "a"})
            second = entry.form(setup, rules, None, {"table_version": 4, "hand_token": "b"})
            assert first.signature() == second.signature() == first._digest()
            found.setdefault(language, first.signature())
            assert found[language] == first.signature()
            words.setdefault(language, first.as_div())
    # One signature per language the form's words are in (all three, for a translated game).
    assert len(set(found.values())) == len(set(words.values()))


TOKENS = re.compile(
    r'(name="(?:csrfmiddlewaretoken|hand_token|table_version)" value="|X-CSRFToken": ")[^"]*"'
)


def _page_without_tokens(client: Client, table: Table, language: str) -> str:
    page = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return TOKENS.sub(r'\1"', page)


@pytest.mark.parametrize("game", sorted(HAND_ENTRIES))
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_fresh_forms_remembered_fields_are_what_the_page_would_render(
    client: Client, game: str, language: str
) -> None:
    """The fields of a fresh hand form are rendered once per kind of form and given again
    ({% fresh_form_part %}): at another table of the same setup, with other ids, versions
    and hands, the page is exactly what rendering them anew gives."""
    setup = sample_setup(game)

    def table_with(hands: int) -> Table:
        table = table_services.table_create(
            club=home_club(), game=game, players=list(setup.players), options=dict(setup.options)
        )
        # Hands that leave the game open (a documented hand may end a short one).
        for entry in documented_rounds(setup)[:hands]:
            hand = table_services.round_record(table, entry)
            table.refresh_from_db()
            if table.is_finished:
                table_services.round_delete(hand)
                table.refresh_from_db()
                break
        return table

    first, other = table_with(0), table_with(2)
    hand_html._FRESH_PARTS.clear()
    _page_without_tokens(client, first, language)
    remembered = _page_without_tokens(client, other, language)
    assert hand_html._FRESH_PARTS, "nothing was remembered"
    hand_html._FRESH_PARTS.clear()
    assert remembered == _page_without_tokens(client, other, language)
    with translation.override("de"):
        german_save = str(
            HAND_ENTRIES[game].round_words.save
        )  # "Runde speichern", Schafkopf's "Spiel"
    assert german_save.endswith(" speichern")
    assert (language == "de") == (german_save in remembered)
