"""A table started with no signal (issue 33, item 4): the phone chose its address, and the table
is created at that address once the signal is back. The same id and the same table again
answer as the first time and store nothing; another table at that id is refused without a word
about it; a guest's retry whose first answer never arrived signs in to the guest it made."""

from __future__ import annotations

from functools import partial

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Club, ClubChange, GuestAccount, Player, Round, Table, new_public_id
from games.scoring import GAMES, EntryError
from games.tables import services as table_services
from games.tables.offline_views import BLANK_ID, blank_names
from tests.clubs import home_club, member
from tests.concurrency import at_once_answers
from tests.factories import points_entry
from tests.pages import HTMX, html

pytestmark = pytest.mark.django_db

TOKEN = "first-write-token-of-the-phone"


def started(public_id: str, **changed: object) -> Table:
    table: dict[str, object] = {
        "club": home_club(),
        "game": "scopa",
        "players": ["Ann", "Bob"],
        "options": {"target": 21},
        "public_id": public_id,
    }
    return table_services.table_create(**{**table, **changed})  # type: ignore[arg-type]


def posted(public_id: str, **changed: str) -> dict[str, str]:
    return {
        "game": "scopa",
        "player_0": "Ann",
        "player_1": "Bob",
        "opt_target": "21",
        "table_id": public_id,
        "first_write_token": TOKEN,
        **changed,
    }


# -- the service -----------------------------------------------------------------------------


def test_a_table_is_created_at_the_address_the_phone_chose_and_a_retry_stores_nothing() -> None:
    address = new_public_id()

    first = started(address)
    again = started(address, players=["ann", "Bob"])

    assert first.public_id == address
    assert again.pk == first.pk
    assert Table.objects.count() == 1
    assert Player.objects.count() == 2
    assert ClubChange.objects.filter(kind=ClubChange.Kind.TABLE_CREATED).count() == 1


@pytest.mark.parametrize(
    "changed",
    [
        {"players": ["Ann", "Cy"]},
        {"players": ["Bob", "Ann"]},
        {"options": {"target": 11}},
        {"first_dealer": 1},
        {"game": "cirulla"},
    ],
)
def test_the_same_address_with_another_table_is_refused(changed: dict[str, object]) -> None:
    address = new_public_id()
    started(address)

    with pytest.raises(EntryError) as refused:
        started(address, **changed)

    assert "other players or options" in str(refused.value.problems[0].message)
    assert Table.objects.count() == 1
    assert not Player.objects.filter(name="Cy").exists()


def test_an_address_taken_in_another_club_or_the_trash_is_refused_saying_nothing_of_it() -> None:
    elsewhere = Club.objects.create(name="Elsewhere")
    theirs = started(new_public_id(), club=elsewhere, players=["Zed", "Yan"])
    binned = started(new_public_id())
    table_services.table_delete(binned)

    for address in (theirs.public_id, binned.public_id):
        with pytest.raises(EntryError) as refused:
            started(address)
        problem = refused.value.problems[0]
        assert problem.message == "that address is taken: start the table again"
        assert problem.params == ()
    assert Table.with_deleted.count() == 2


@pytest.mark.parametrize("address", ["short", "A" * 16, "abcdefghijklmno1", "x" * 17, ""])
def test_an_address_of_another_shape_is_refused(address: str) -> None:
    with pytest.raises(EntryError) as refused:
        started(address)

    assert refused.value.problems[0].message == "that is not a table's address"
    assert Table.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_phones_sending_the_same_table_at_once_make_one() -> None:
    club = home_club()
    for _attempt in range(3):
        address = new_public_id()
        answers = at_once_answers([partial(started, address, club=club)] * 6)

        assert {kind for kind, _value in answers} == {"ok"}, answers
        assert len({value.pk for _kind, value in answers}) == 1
        assert Table.objects.filter(public_id=address).count() == 1
    assert Player.objects.count() == 2


# -- the new-table form, posted by the phone when the signal is back ----------------------------


def test_a_member_posting_a_table_started_offline_gets_its_address_and_a_retry_the_same(
    client: Client,
) -> None:
    address = new_public_id()

    first = client.post(reverse("games:table_new"), posted(address))
    again = client.post(reverse("games:table_new"), posted(address), **HTMX)

    assert first.status_code == 302
    assert first["Location"] == f"/tables/{address}/"
    assert again.status_code == 200
    assert again["HX-Redirect"] == f"/tables/{address}/"
    table = Table.objects.get()
    assert (table.public_id, table.club, table.options) == (address, home_club(), {"target": 21})


def test_a_guest_whose_first_answer_was_lost_gets_the_same_table_and_guest() -> None:
    address = new_public_id()
    phone = Client()

    first = phone.post(reverse("games:table_new"), posted(address))
    # The answer, and its session cookie, never reached the phone: it sends the table again.
    again = Client().post(reverse("games:table_new"), posted(address))

    assert first.status_code == again.status_code == 302
    assert again["Location"] == f"/tables/{address}/"
    assert GuestAccount.objects.count() == 1
    assert Table.objects.get().club.memberships.get().user == GuestAccount.objects.get().user
    assert again.cookies["sessionid"].value
    page = Client()
    page.cookies = again.cookies
    assert page.get(f"/tables/{address}/").status_code == 200


def test_someone_elses_address_or_a_bad_one_is_refused_and_stores_nothing() -> None:
    theirs = started(
        new_public_id(), club=Club.objects.create(name="Elsewhere"), players=["Zed", "Yan"]
    )
    stranger = Client()
    stranger.force_login(member(Club.objects.create(name="Mine")))

    taken = stranger.post(reverse("games:table_new"), posted(theirs.public_id), **HTMX)
    bad = stranger.post(reverse("games:table_new"), posted("not/an\x00address"), **HTMX)

    assert taken.status_code == bad.status_code == 422
    assert "that address is taken: start the table again" in html(taken)
    assert "Zed" not in html(taken)
    assert "that is not a table&#x27;s address" in html(bad)
    assert Table.objects.count() == 1
    assert Round.objects.count() == 0
    assert not User.objects.filter(guest__isnull=False).exists()


# -- the blank table page the phone keeps ------------------------------------------------------


def test_the_blank_table_page_of_each_game_holds_placeholders_and_stores_nothing() -> None:
    anyone = Client()
    for key, game in GAMES.items():
        # The fewest and the most players it seats (each page takes a quarter of a second).
        for count in sorted({game.player_counts[0], game.player_counts[-1]}):
            response = anyone.get(reverse("games:table_blank", args=[key, count]))
            page = html(response)
            assert response.status_code == 200
            # What the service worker keeps (pwa.table_start_urls).
            assert response["Content-Type"].startswith("text/html")
            assert "no-store" not in response.get("Cache-Control", "")
            assert f'data-table="{BLANK_ID}"' in page
            assert f'action="/tables/{BLANK_ID}/"' in page
            assert "data-draft" in page
            assert '<script src="/static/js/offline-tables.js" defer>' in page
            assert 'href="/players/' not in page
            assert 'id="share"' not in page
            for name in blank_names(count):
                assert name in page
            assert blank_names(count + 1)[-1] not in page
    assert Table.with_deleted.count() == Club.objects.count() == Player.objects.count() == 0
    assert not anyone.cookies.get("sessionid")


@pytest.mark.parametrize(("game", "players"), [("scopone", 2), ("nope", 2), ("scopa", 9)])
def test_a_blank_page_of_no_game_or_a_count_it_does_not_seat_is_not_found(
    game: str, players: int
) -> None:
    assert Client().get(reverse("games:table_blank", args=[game, players])).status_code == 404


def test_the_record_heading_carries_its_words_for_the_phone_to_count_the_hands_waiting(
    client: Client,
) -> None:
    table = started(new_public_id())
    table_services.round_record(table, points_entry(Ann=1, Bob=0))

    page = html(client.get(f"/tables/{table.public_id}/"))

    heading = '<h2 id="record-heading" data-number="2" data-words="Record hand {number}">'
    assert f"{heading}Record hand 2</h2>" in page
