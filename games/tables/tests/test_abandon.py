"""Abandoning a table and taking it up again: off "In progress", counted nowhere, no hands
meanwhile, versioned and logged like the table's other writes, and undone in one tap."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.http import KEPT_COPY_HEADER
from games.leagues import selectors as league_selectors
from games.models import ClubChange, Role, Round, Table, TableChange
from games.scoring import EntryError
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from games.tables import write_path as table_write_path
from tests.clubs import home_club, member
from tests.factories import points_entry
from tests.leagues import league
from tests.pages import HTMX, html, inputs, saved, signed_in_client, table_url

pytestmark = pytest.mark.django_db

REFUSAL = "this table was abandoned; take it up again to record or change hands"


def open_table(**options: object) -> Table:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options=options
    )
    table_services.round_record(table, points_entry(Ann=3, Bob=1))
    return Table.objects.get(pk=table.pk)


def abandon_url(table: Table) -> str:
    return reverse("games:table_abandon", kwargs={"table": table.public_id})


def take_up_url(table: Table) -> str:
    return reverse("games:table_take_up", kwargs={"table": table.public_id})


def in_progress() -> list[str]:
    return [table.public_id for table in table_selectors.tables_in_progress([home_club().pk])]


def abandoned() -> list[str]:
    return [table.public_id for table in table_selectors.tables_abandoned([home_club().pk])]


def texts(error: pytest.ExceptionInfo[EntryError]) -> list[str]:
    return [problem.text() for problem in error.value.problems]


# -- the services -------------------------------------------------------------------------------


def test_an_abandoned_table_leaves_in_progress_and_the_write_is_versioned_and_logged() -> None:
    table = open_table()
    someone = member(home_club(), Role.SCORER, "cy")

    table_services.table_abandon(table, version=1, by=someone)

    table.refresh_from_db()
    assert table.is_abandoned
    assert not table.is_finished
    assert table.version == 2
    assert in_progress() == []
    assert abandoned() == [table.public_id]
    change = TableChange.objects.get(table=table, version=2)
    assert (change.kind, change.user) == (TableChange.Kind.ABANDONED, someone)
    logged = ClubChange.objects.get(kind=ClubChange.Kind.TABLE_ABANDONED)
    assert (logged.subject, logged.user, logged.after) == (
        "Scopa: Ann, Bob",
        someone,
        {"table": table.public_id},
    )


def test_abandoning_twice_abandons_once_even_from_the_same_out_of_date_page() -> None:
    table = open_table()
    table_services.table_abandon(table, version=1)
    first = Table.objects.get(pk=table.pk).abandoned_at

    table_services.table_abandon(table, version=1)

    table.refresh_from_db()
    assert (table.version, table.abandoned_at) == (2, first)
    assert TableChange.objects.filter(kind=TableChange.Kind.ABANDONED).count() == 1
    assert ClubChange.objects.filter(kind=ClubChange.Kind.TABLE_ABANDONED).count() == 1


def test_abandoning_from_an_out_of_date_page_is_refused_with_what_changed() -> None:
    table = open_table()
    table_services.round_record(table, points_entry(Ann=0, Bob=2))

    with pytest.raises(table_write_path.StaleWrite) as stale:
        table_services.table_abandon(table, version=1)

    assert [change.kind for change in stale.value.changes] == [TableChange.Kind.RECORDED]
    assert not Table.objects.get(pk=table.pk).is_abandoned


def test_a_finished_table_cannot_be_abandoned() -> None:
    table = open_table(target=1)
    assert table.is_finished

    with pytest.raises(EntryError) as refused:
        table_services.table_abandon(table)

    assert texts(refused) == ["the game is over; only an unfinished table is abandoned"]
    assert not Table.objects.get(pk=table.pk).is_abandoned
    assert not TableChange.objects.filter(kind=TableChange.Kind.ABANDONED).exists()


def test_no_hand_is_recorded_changed_deleted_or_restored_while_a_table_is_abandoned() -> None:
    table = open_table()
    second = table_services.round_record(table, points_entry(Ann=0, Bob=1))
    table_services.round_delete(second)
    first = Round.objects.get(table=table)
    table_services.table_abandon(table)
    before = saved(), Table.objects.get(pk=table.pk).version

    for write in (
        lambda: table_services.round_record(table, points_entry(Ann=1, Bob=0)),
        lambda: table_services.round_update(first, points_entry(Ann=9, Bob=0)),
        lambda: table_services.round_delete(first),
        lambda: table_services.round_restore(table, second.public_id),
    ):
        with pytest.raises(table_write_path.TableAbandoned) as refused:
            write()
        assert texts(refused) == [REFUSAL]

    assert (saved(), Table.objects.get(pk=table.pk).version) == before
    assert Round.objects.get(table=table).entry == points_entry(Ann=3, Bob=1)


def test_an_abandoned_evening_cannot_be_ended_so_it_never_finishes() -> None:
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=["Ann", "Bob", "Cy", "Di"]
    )
    table_services.round_record(table, points_entry(Ann=30, Bob=-10, Cy=-10, Di=-10))
    table_services.table_abandon(table)

    with pytest.raises(table_write_path.TableAbandoned):
        table_services.table_stop(table)
    table_services.table_resume(table)

    table.refresh_from_db()
    assert table.is_abandoned
    assert not table.is_finished


def test_taking_a_table_up_again_undoes_abandoning_it_once() -> None:
    table = open_table()
    table_services.table_abandon(table)

    table_services.table_take_up(table, version=2)
    table_services.table_take_up(table, version=2)

    table.refresh_from_db()
    assert not table.is_abandoned
    assert table.version == 3
    assert in_progress() == [table.public_id]
    assert abandoned() == []
    assert list(TableChange.objects.filter(table=table).values_list("kind", flat=True)) == [
        "recorded",
        "abandoned",
        "taken-up",
    ]
    assert ClubChange.objects.filter(kind=ClubChange.Kind.TABLE_TAKEN_UP).count() == 1
    table_services.round_record(table, points_entry(Ann=1, Bob=0), version=3)
    assert table.rounds.count() == 2


def test_abandoning_is_all_or_nothing() -> None:
    table = open_table()

    with (
        mock.patch("games.tables.services.club_log", side_effect=RuntimeError("log down")),
        pytest.raises(RuntimeError),
    ):
        table_services.table_abandon(table)

    table.refresh_from_db()
    assert not table.is_abandoned
    assert table.version == 1
    assert not TableChange.objects.filter(kind=TableChange.Kind.ABANDONED).exists()


def test_the_database_never_holds_a_finished_abandoned_table() -> None:
    table = open_table()
    table_services.table_abandon(table)

    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.filter(pk=table.pk).update(finished_at=timezone.now())


def test_an_abandoned_league_table_counts_nowhere() -> None:
    counted = league("Thursday", ["scopa"])
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], league=counted
    )
    table_services.round_record(table, points_entry(Ann=10, Bob=0))
    table_services.table_abandon(table)

    assert list(league_selectors.league_seats(counted)) == []
    assert not counted.ratings.exists()


def test_an_abandoned_money_table_is_not_settled(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"cents_per_point": 10, "currency": "EUR"},
    )
    table_services.round_record(table, points_entry(Ann=30, Bob=-10, Cy=-10, Di=-10))
    day = timezone.localdate().isoformat()
    assert "Ann" in html(client.get(reverse("games:settlement") + f"?date={day}"))

    table_services.table_abandon(table)

    assert "Ann" not in html(client.get(reverse("games:settlement") + f"?date={day}"))


# -- the pages ----------------------------------------------------------------------------------


def test_abandoning_from_the_table_page_goes_home_with_undo_right_there(client: Client) -> None:
    table = open_table()
    page = html(client.get(table_url(table)))
    assert f'action="{abandon_url(table)}"' in page

    response = client.post(abandon_url(table))

    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    home = client.get(reverse("games:home"))
    notice = html(home).split('id="abandoned-notice"', 1)[1].split("</div>", 1)[0]
    assert "Scopa abandoned" in notice
    assert f'action="{take_up_url(table)}"' in notice
    assert 'name="table_version" value="2"' in notice
    assert ">Undo</button>" in notice
    in_progress_part, rest = html(home).split('id="abandoned"', 1)
    assert table.public_id not in in_progress_part.split('id="in-progress-heading"', 1)[1]
    assert "Abandoned (1 table)" in rest
    assert "Take it up again" in rest
    # Offered once, like a message.
    assert 'id="abandoned-notice"' not in html(client.get(reverse("games:home")))


def test_a_copy_kept_in_the_background_leaves_the_undo_and_messages_to_the_page_opened(
    client: Client,
) -> None:
    """The service worker fetches the home page in the background to keep it for offline use;
    when that fetch came between abandoning and the home page (seen on a busy machine), it took
    the Undo, and the player's own page showed none."""
    table = open_table()
    client.post(abandon_url(table))
    kept = client.get(reverse("games:home"), headers={KEPT_COPY_HEADER: "1"})

    opened = client.get(reverse("games:home"))

    assert 'id="abandoned-notice"' not in html(kept)
    assert "Scopa abandoned" in html(opened).split('id="abandoned-notice"', 1)[1]


def test_a_copy_kept_in_the_background_shows_no_message_and_leaves_it(client: Client) -> None:
    table = open_table()
    table_services.round_record(table, points_entry(Ann=3, Bob=1))
    hand = Round.objects.filter(table=table).order_by("number").last()
    assert hand is not None
    delete = reverse(
        "games:round_delete", kwargs={"table": table.public_id, "hand": hand.public_id}
    )
    client.post(delete, {"table_version": str(Table.objects.get().version)})

    kept = client.get(table_url(table), headers={KEPT_COPY_HEADER: "1"})
    opened = client.get(table_url(table))

    assert 'class="messages"' not in html(kept)
    assert f"Hand {hand.number} deleted." in html(opened).split('class="messages"', 1)[1]


def test_undo_takes_the_table_up_again_and_goes_back_to_it(client: Client) -> None:
    table = open_table()
    client.post(abandon_url(table))

    response = client.post(take_up_url(table), {"table_version": "2"}, follow=True)

    assert response.redirect_chain == [(table_url(table), 302)]
    assert "The table is in progress again." in html(response)
    assert f'action="{abandon_url(table)}"' in html(response)
    assert in_progress() == [table.public_id]
    assert 'id="abandoned"' not in html(client.get(reverse("games:home")))


def test_the_table_page_offers_to_take_an_abandoned_table_up_and_a_finished_one_nothing(
    client: Client,
) -> None:
    table = open_table()
    table_services.table_abandon(table)
    page = html(client.get(table_url(table)))
    assert f'action="{take_up_url(table)}"' in page
    assert abandon_url(table) not in page

    done = open_table(target=1)
    page = html(client.get(table_url(done)))
    assert abandon_url(done) not in page
    assert take_up_url(done) not in page


def test_abandoning_from_an_out_of_date_page_answers_409_and_offers_it_again(
    client: Client,
) -> None:
    table = open_table()
    table_services.round_record(table, points_entry(Ann=0, Bob=2))

    response = client.post(abandon_url(table), {"table_version": "1"})

    assert response.status_code == 409
    assert "Hand 2 was recorded on another phone: Ann 0, Bob 2" in html(response)
    assert "Abandon the table anyway" in html(response)
    assert not Table.objects.get(pk=table.pk).is_abandoned


def test_a_finished_table_says_why_it_was_not_abandoned(client: Client) -> None:
    done = open_table(target=1)

    response = client.post(abandon_url(done), follow=True)

    assert "the game is over; only an unfinished table is abandoned" in html(response)
    assert not Table.objects.get(pk=done.pk).is_abandoned


def test_a_hand_posted_to_an_abandoned_table_is_refused_in_words(client: Client) -> None:
    table = open_table()
    phone = signed_in_client()
    form = {**inputs(phone.get(table_url(table))).values, "mode": "points", "points_0": "1"}
    client.post(abandon_url(table))

    # A page from before: told what happened, and that the hand cannot be recorded.
    stale = phone.post(table_url(table), form, **HTMX)
    assert stale.status_code == 409
    assert "The table was abandoned on another phone." in html(stale)
    assert "The table was abandoned, so your hand cannot be recorded." in html(stale)

    # A page that knows the version (the live poll brought it): refused with the reason.
    current = {**form, "table_version": str(Table.objects.get(pk=table.pk).version)}
    refused = phone.post(table_url(table), current, **HTMX)
    assert refused.status_code == 422
    assert REFUSAL in html(refused)
    assert table.rounds.count() == 1


def test_a_viewer_sees_the_abandoned_list_without_the_button() -> None:
    table = open_table()
    table_services.table_abandon(table)
    viewer = Client()
    viewer.force_login(member(home_club(), Role.VIEWER, "vera"))

    page = html(viewer.get(reverse("games:home")))

    assert "Abandoned (1 table)" in page
    assert take_up_url(table) not in page


def queries_for(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_the_home_page_queries_do_not_grow_with_abandoned_tables(client: Client) -> None:
    table_services.table_abandon(open_table())
    with_one = queries_for(client, reverse("games:home"))
    for _n in range(10):
        table_services.table_abandon(open_table())

    assert queries_for(client, reverse("games:home")) == with_one
    assert html(client.get(reverse("games:home"))).count("Take it up again") == 11


def test_an_abandoned_table_offers_no_hand_form_but_says_how_to_go_on(client: Client) -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.table_abandon(table)

    page = client.get(reverse("games:table", kwargs={"table": table.public_id})).content.decode()

    assert 'id="hand-form"' not in page
    assert "This table is set aside. Take it up again (below) to record hands." in page
    assert "Take it up again</button>" in page
