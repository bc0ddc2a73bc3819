"""One truth for every hand: hands addressed by a stable id, saves stored once per form, and a
write from a page that is out of date refused with 409 and what changed, never applied to the
wrong hand or silently overwriting."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Rating, Round, Table, TableChange
from games.scoring import EntryError
from games.tables import services as table_services
from games.tables import write_path as table_write_path
from tests.clubs import home_club
from tests.factories import points_entry
from tests.leagues import league
from tests.pages import (
    HTMX,
    delete_url,
    edit_url,
    hand_id,
    html,
    inputs,
    signed_in_client,
    table_url,
    totals,
)

pytestmark = pytest.mark.django_db


def two_player_table(**options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options=options
    )


def page_fields(client: Client, url: str) -> dict[str, str]:
    """The hidden guard fields of the hand form as the page rendered them."""
    form = inputs(client.get(url))
    return {name: form.values[name] for name in ("table_version", "hand_token")}


def points_post(ann: int, bob: int, **fields: str) -> dict[str, str]:
    return {"mode": "points", "points_0": str(ann), "points_1": str(bob), **fields}


# -- stable identity ----------------------------------------------------------------------------


def test_hands_are_addressed_by_a_random_id_not_their_number(client: Client) -> None:
    table = two_player_table()
    first = table_services.round_record(table, points_entry(Ann=1, Bob=0))
    second = table_services.round_record(table, points_entry(Ann=2, Bob=0))

    page = html(client.get(table_url(table)))

    assert len({first.public_id, second.public_id}) == 2
    assert len(first.public_id) == 16
    assert (
        reverse("games:round_edit", kwargs={"table": table.public_id, "hand": second.public_id})
        in page
    )
    assert "/hands/1/" not in page
    assert "/hands/2/" not in page


def test_an_edit_page_left_open_changes_its_own_hand_after_an_earlier_one_is_deleted(
    client: Client,
) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    table_services.round_record(table, points_entry(Ann=2, Bob=0))
    url = edit_url(table, 2)
    fields = page_fields(client, url)

    table_services.round_delete(Round.objects.get(table=table, number=1))
    refused = client.post(url, points_post(5, 0, table_version=fields["table_version"]))

    # The page was out of date: nothing changed, and the choice names the hand as it is now.
    assert refused.status_code == 409
    assert "Hand 1 was deleted on another phone." in html(refused)
    assert "Apply my change to hand 1" in html(refused)
    assert totals(table) == {"Ann": 2, "Bob": 0}
    again = inputs(refused).values["table_version"]
    applied = client.post(url, points_post(5, 0, table_version=again))

    assert applied.status_code == 302
    assert [round_.entry for round_ in table.rounds.all()] == [points_entry(Ann=5, Bob=0)]


def test_undo_after_another_phone_deleted_an_earlier_hand_never_deletes_the_wrong_one(
    client: Client,
) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    table_services.round_record(table, points_entry(Ann=2, Bob=0))
    saved = client.post(table_url(table), points_post(3, 0), **HTMX)
    undo = inputs(saved).values  # the Undo form of hand 3, at the version after saving it
    undo_url = delete_url(table, 3)

    table_services.round_delete(Round.objects.get(table=table, number=1))
    refused = client.post(undo_url, {"table_version": undo["table_version"]})

    assert refused.status_code == 409
    assert "Hand 1 was deleted on another phone." in html(refused)
    assert [r.entry["points"]["Ann"] for r in table.rounds.all()] == [2, 3]
    anyway = client.post(undo_url, {"table_version": inputs(refused).values["table_version"]})
    assert anyway.status_code == 302
    assert [r.entry["points"]["Ann"] for r in table.rounds.all()] == [2]


def test_a_deleted_hands_edit_page_says_it_was_deleted(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    url = edit_url(table, 1)
    table_services.round_delete(Round.objects.get(table=table))

    response = client.get(url, follow=True)

    assert "Hand 1 was deleted on another phone." in html(response)
    assert (
        client.get(reverse("games:round_edit", args=[table.public_id, "nosuchhand"])).status_code
        == 404
    )


# -- idempotent saves ---------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_the_same_form_sent_twice_is_stored_once_and_answered_alike(
    client: Client, htmx: bool
) -> None:
    table = two_player_table()
    fields = page_fields(client, table_url(table))
    headers = HTMX if htmx else {}

    first = client.post(table_url(table), points_post(1, 0, **fields), **headers)
    again = client.post(table_url(table), points_post(1, 0, **fields), **headers)

    assert table.rounds.count() == 1
    assert again.status_code == first.status_code
    if htmx:
        assert "Hand 1 recorded." in html(first)
        assert "Hand 1 recorded." in html(again)
    else:
        assert again["Location"] == first["Location"] == table_url(table)


def test_a_retry_after_other_hands_still_answers_as_the_first_save(client: Client) -> None:
    table = two_player_table()
    fields = page_fields(client, table_url(table))
    client.post(table_url(table), points_post(1, 0, **fields))
    table_services.round_record(table, points_entry(Ann=0, Bob=1))

    retry = client.post(table_url(table), points_post(1, 0, **fields), **HTMX)

    assert retry.status_code == 200
    assert "Hand 1 recorded." in html(retry)
    assert table.rounds.count() == 2


def test_a_retried_save_in_the_services_returns_the_first_hand() -> None:
    table = two_player_table()

    first = table_services.round_record(table, points_entry(Ann=1, Bob=0), token="phone-a-token-1")
    again = table_services.round_record(table, points_entry(Ann=1, Bob=0), token="phone-a-token-1")

    assert again.pk == first.pk
    assert Round.objects.count() == 1


# -- versioned writes ---------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_two_phones_saving_the_same_hand_store_it_once_and_the_second_is_told(
    client: Client, htmx: bool
) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopone", players=["Ann", "Bob", "Cy", "Di"]
    )
    phone_a = page_fields(client, table_url(table))
    phone_b = page_fields(client, table_url(table))
    headers = HTMX if htmx else {}

    client.post(table_url(table), points_post(3, 1, **phone_a), **headers)
    refused = client.post(table_url(table), points_post(3, 1, **phone_b), **headers)

    assert refused.status_code == 409
    page = html(refused)
    assert "Hand 1 was recorded on another phone: Ann &amp; Cy 3, Bob &amp; Di 1" in page
    assert "Record mine as hand 2" in page
    assert "Discard mine" in page
    assert table.rounds.count() == 1
    # B's entry is kept, with the version as it is now and B's own token: "record mine".
    kept = inputs(refused)
    assert kept.values["points_0"] == "3"
    assert kept.values["hand_token"] == phone_b["hand_token"]
    assert kept.values["table_version"] == str(Table.objects.get().version)
    recorded = client.post(table_url(table), points_post(3, 1, **kept.values))
    assert recorded.status_code == 302
    assert totals(table) == {"Ann & Cy": 6, "Bob & Di": 2}


def test_two_phones_editing_one_hand_never_lose_an_edit_silently(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    url = edit_url(table, 1)
    phone_a = page_fields(client, url)["table_version"]
    phone_b = page_fields(client, url)["table_version"]

    assert client.post(url, points_post(4, 0, table_version=phone_a)).status_code == 302
    refused = client.post(url, points_post(0, 4, table_version=phone_b))

    assert refused.status_code == 409
    assert "Hand 1 was changed on another phone: now Ann 4, Bob 0" in html(refused)
    assert totals(table) == {"Ann": 4, "Bob": 0}
    assert inputs(refused).values["points_1"] == "4"


def test_two_phones_deleting_one_hand_delete_it_once(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    table_services.round_record(table, points_entry(Ann=2, Bob=0))
    url = delete_url(table, 1)
    version = str(Table.objects.get().version)

    assert client.post(url, {"table_version": version}).status_code == 302
    again = client.post(url, {"table_version": version})

    assert again.status_code == 409
    assert "Hand 1 was deleted on another phone." in html(again)
    assert [r.entry["points"]["Ann"] for r in table.rounds.all()] == [2]


def test_a_form_without_a_version_is_refused_as_out_of_date(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))

    plain = signed_in_client()
    response = plain.post(delete_url(table, 1))

    assert response.status_code == 409
    assert "This page was out of date, so nothing was saved." in html(response)
    assert table.rounds.count() == 1


def test_ending_an_evening_from_an_out_of_date_page_is_refused(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=["Ann", "Bob", "Cy", "Di"]
    )
    table_services.round_record(table, points_entry(Ann=30, Bob=-10, Cy=-10, Di=-10))
    version = str(Table.objects.get().version)
    table_services.round_record(table, points_entry(Ann=-30, Bob=10, Cy=10, Di=10))

    stop = reverse("games:table_stop", kwargs={"table": table.public_id})
    refused = client.post(stop, {"table_version": version})

    assert refused.status_code == 409
    assert "Hand 2 was recorded on another phone: Ann -30, Bob 10, Cy 10, Di 10" in html(refused)
    assert "End the evening anyway" in html(refused)
    assert not Table.objects.get().is_finished


def test_every_write_bumps_the_version_and_is_logged() -> None:
    table = two_player_table()
    first = table_services.round_record(table, points_entry(Ann=1, Bob=0))
    table_services.round_update(first, points_entry(Ann=2, Bob=0))
    table_services.round_record(table, points_entry(Ann=0, Bob=1))
    table_services.round_delete(first)

    changes = list(TableChange.objects.filter(table=table))
    assert [(c.version, c.kind, c.hand_number) for c in changes] == [
        (1, "recorded", 1),
        (2, "edited", 1),
        (3, "recorded", 2),
        (4, "deleted", 1),
    ]
    assert changes[1].before["points"] == {"Ann": 1, "Bob": 0}
    assert changes[1].after["points"] == {"Ann": 2, "Bob": 0}
    assert changes[3].hand_id == first.public_id
    assert Table.objects.get().version == 4


def test_a_stale_write_in_the_services_stores_nothing() -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0), version=0)

    with pytest.raises(table_write_path.StaleWrite) as refused:
        table_services.round_record(table, points_entry(Ann=1, Bob=0), version=0)

    assert [change.kind for change in refused.value.changes] == ["recorded"]
    assert Round.objects.count() == 1


# -- one rescoring path -------------------------------------------------------------------------


def test_deleting_a_hand_rescores_the_later_ones_and_their_dealers() -> None:
    table = table_services.table_create(
        club=home_club(),
        game="ciapano",
        players=["Ann", "Bob", "Cy"],
        options={"elimination_at": 12},
    )
    table_services.round_record(table, points_entry(Ann=0, Bob=0, Cy=11))
    table_services.round_record(table, points_entry(Ann=5, Bob=5, Cy=1))  # Cy is out at 12
    table_services.round_record(table, points_entry(Ann=5, Bob=6))
    # After Bob comes Cy, who is out: Ann deals hand 3, and Cy takes no part in it.
    assert [r.dealer for r in table.rounds.order_by("number")] == [0, 1, 0]
    assert Round.objects.get(table=table, number=3).breakdown["players"] == ["Ann", "Bob"]

    table_services.round_delete(Round.objects.get(table=table, number=1))

    first, last = table.rounds.order_by("number")
    assert (first.number, first.dealer) == (1, 0)
    assert (last.number, last.dealer) == (2, 1)
    assert last.breakdown["players"] == ["Ann", "Bob", "Cy"]


def test_an_edit_that_makes_a_later_hand_impossible_is_refused_and_changes_nothing() -> None:
    table = table_services.table_create(
        club=home_club(),
        game="ciapano",
        players=["Ann", "Bob", "Cy"],
        # Out at 11, the least the table allows, so that one deal can put a player out.
        options={"elimination_at": 11},
    )
    table_services.round_record(table, points_entry(Ann=3, Bob=3, Cy=5))
    table_services.round_record(table, points_entry(Ann=3, Bob=3, Cy=5))
    before = list(Round.objects.values_list("entry", "breakdown", "dealer"))

    # Cy out after hand 1, so hand 2 could not give him 5.
    with pytest.raises(EntryError) as refused:
        table_services.round_update(Round.objects.get(number=1), points_entry(Ann=0, Bob=0, Cy=11))

    assert "round 2" in str(refused.value.problems[0].text(str)).casefold()
    assert list(Round.objects.values_list("entry", "breakdown", "dealer")) == before
    assert Table.objects.get().version == 2


def test_taking_up_an_evening_again_takes_back_its_result_and_ratings() -> None:
    club = league(games=["schafkopf"])
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=["Ann", "Bob", "Cy", "Di"], league=club
    )
    table_services.round_record(table, points_entry(Ann=30, Bob=-10, Cy=-10, Di=-10))
    table_services.table_stop(table)
    assert Rating.objects.filter(table=table).exists()
    assert table.seats.filter(total__isnull=False).count() == 4

    table_services.table_resume(table)

    assert not Rating.objects.filter(table=table).exists()
    assert table.seats.filter(total__isnull=False).count() == 0
    assert Table.objects.get().winners == []


def test_hand_id_helper_finds_the_hand_by_its_current_number() -> None:
    table = two_player_table()
    hand = table_services.round_record(table, points_entry(Ann=1, Bob=0))
    assert hand_id(table, 1) == hand.public_id


def test_an_earlier_edit_rescores_a_later_moon_and_decides_the_game_again() -> None:
    """Ciapanò out at 12: hands 1-2 put Di out (8 + 5), hand 3 is Ann's moon. Hand 2 edited so
    Di stays in (8 + 3): Di now pays for the moon too (11), and the game is decided again."""
    table = table_services.table_create(
        club=home_club(),
        game="ciapano",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"elimination_at": 12},
    )
    table_services.round_record(table, points_entry(Ann=1, Bob=1, Cy=1, Di=8))
    second = table_services.round_record(table, points_entry(Ann=2, Bob=2, Cy=2, Di=5))
    moon = {
        "aces": {"Ann": 4, "Bob": 0, "Cy": 0},
        "thirds": {"Ann": 20, "Bob": 0, "Cy": 0},
        "last_trick": "Ann",
    }
    third = table_services.round_record(table, moon)
    assert {p.side: p.points for p in third.points.all()}["Di"] == 0

    table_services.round_update(second, points_entry(Ann=3, Bob=3, Cy=2, Di=3))

    third.refresh_from_db()
    assert {p.side: p.points for p in third.points.all()} == {
        "Ann": 0,
        "Bob": 11,
        "Cy": 11,
        "Di": 11,
    }
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Ann"]
    assert totals(table) == {"Ann": 4, "Bob": 15, "Cy": 14, "Di": 22}


def test_a_hand_from_a_page_out_of_date_after_the_game_ended_is_not_offered_again(
    client: Client,
) -> None:
    table = two_player_table(target=3)
    fields = page_fields(client, table_url(table))
    table_services.round_record(table, points_entry(Ann=3, Bob=0))

    refused = client.post(table_url(table), points_post(0, 3, **fields), **HTMX)

    assert refused.status_code == 409
    page = html(refused)
    assert "Hand 1 was recorded on another phone: Ann 3, Bob 0" in page
    assert "The game is over, so your hand cannot be recorded." in page
    assert "Record mine" not in page
    assert table.rounds.count() == 1


# -- numbers written in other scripts -----------------------------------------------------------

# str.isdigit accepts these, int() refuses the first and reads the others as numbers no player
# typed; a number too long for a 64-bit column is no number either.
NOT_PLAIN_DIGITS = ["\u00b2", "\u0663", "\uff11", "9" * 30]  # ², ٣ (Arabic-Indic), full-width 1


@pytest.mark.parametrize("written", NOT_PLAIN_DIGITS)
def test_a_version_written_in_other_digits_is_out_of_date_never_an_error(
    client: Client, written: str
) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))

    saved = client.post(
        table_url(table), points_post(2, 0, table_version=written, hand_token="t" * 16), **HTMX
    )
    poll = client.get(
        table_url(table) + f"?part=live&before={written}", HTTP_IF_NONE_MATCH=f'"t{written}"'
    )
    history = client.get(table_url(table) + f"?before={written}")
    watched = table_services.watch_link_set(table, on=True)
    watch = client.get(
        reverse("games:table_watch_big", kwargs={"token": watched.watch_token})
        + f"?since={written}",
        **HTMX,
    )

    assert saved.status_code == 409
    assert "This page was out of date, so nothing was saved." in html(saved)
    assert (poll.status_code, history.status_code, watch.status_code) == (200, 200, 200)
    assert table.rounds.count() == 1
