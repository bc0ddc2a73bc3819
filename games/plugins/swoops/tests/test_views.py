"""The Swoops pages through Django's test client: new table, hand entry, preview, edits, end."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Round, Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import HTMX, edit_url, html, inputs, saved, table_url, totals

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Bob", "Cy", "Di", "Ed"]
EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def swoops_table(players: list[str] | None = None, **options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="swoops", players=players or FIVE, options=options
    )


def hand(went_out: int, cards: dict[int, str] | None = None, typed: dict[int, int] | None = None):
    """Form data: who went out (seat), the cards tapped per seat and the totals typed."""
    data = {"went_out": str(went_out)}
    for seat, text in (cards or {}).items():
        data[f"cards_{seat}"] = text
    for seat, total in (typed or {}).items():
        data[f"total_{seat}"] = str(total)
    return data


def scoreboard(page: str) -> list[tuple[str, str]]:
    """(player, total) in the order the scoreboard lists them."""
    board = page.partition('class="totals"')[2].partition("</ul>")[0]
    return re.findall(r'data-total="([^"]+)">(\d+)<', board)


# Ann goes out; Bob 115, Cy 3, Di 57 typed, Ed 30.
FIRST_HAND = hand(0, {1: "JOKER 10 K 5", 2: "A 2", 4: "J Q K"}, {3: 57})


# -- new table ----------------------------------------------------------------------------------


def test_new_table_form_offers_swoops_with_its_limit_and_decks(client: Client) -> None:
    response = client.get(reverse("games:table_new"), {"game": "swoops"}, **HTMX)

    page = html(response)
    form = inputs(response)
    assert "swoops" in form.radios["game"]
    assert form.checked["game"] == "swoops"
    assert {f"player_{seat}" for seat in range(8)} <= set(form.values)
    assert "opt_limit" in form.values
    assert "opt_rounds" in form.values
    assert "3 decks for 3 or 4 players, 4 for 5 or 6 and 5 for 7 or 8" in page


def test_creating_a_swoops_table(client: Client) -> None:
    players = {f"player_{seat}": name for seat, name in enumerate(FIVE)}

    response = client.post(
        reverse("games:table_new"), {"game": "swoops", **players, "opt_limit": "100"}
    )

    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert table.game == "swoops"
    assert table.options == {"limit": 100}
    assert table.setup().players == tuple(FIVE)


def test_creating_a_table_for_a_fixed_number_of_rounds(client: Client) -> None:
    players = {f"player_{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cy"])}

    client.post(reverse("games:table_new"), {"game": "swoops", **players, "opt_rounds": "10"})

    page = html(client.get(table_url(Table.objects.get())))
    assert "Round 1 of 10" in page
    assert "below the limit" not in page


# -- the table page -----------------------------------------------------------------------------


def test_table_page_shows_the_decks_the_chips_and_every_player(client: Client) -> None:
    table = swoops_table()

    response = client.get(table_url(table))

    page = html(response)
    assert "<html" in page
    assert "Shuffle 4 decks together, jokers included." in page
    assert "4 cards face down, 4 face up on top of them and 11 in hand." in page
    chips = re.findall(r'class="sw-chip[^"]*" data-rank="([^"]+)"', page)
    assert chips == ["JOKER", "10", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
    assert "data-sw-undo" in page
    assert 'src="/static/swoops/swoops.js"' in page
    assert 'href="/static/swoops/swoops.css"' in page
    form = inputs(response)
    assert form.radios["went_out"] == ["0", "1", "2", "3", "4"]
    assert {f"cards_{seat}" for seat in range(5)} <= set(form.values)
    assert {f"total_{seat}" for seat in range(5)} <= set(form.values)
    assert "Limit 150" in page
    assert "150 below the limit" in page


def test_htmx_preview_returns_only_the_points_and_saves_nothing(client: Client) -> None:
    table = swoops_table()

    response = client.post(table_url(table), {**FIRST_HAND, "action": "preview"}, **HTMX)

    page = html(response)
    assert page.lstrip().startswith('<div id="preview"')
    assert 'id="hand-form"' not in page
    assert "This hand" in page
    points = re.findall(r'<td class="points">(\d+)</td>', page)
    assert points == ["0", "115", "3", "57", "30"]
    assert saved() == (0, 0)


def test_preview_so_far_names_the_players_still_to_count(client: Client) -> None:
    table = swoops_table()
    data = hand(0, {1: "JOKER 10"})

    page = html(client.post(table_url(table), {**data, "action": "preview"}, **HTMX))

    assert "So far" in page
    assert re.findall(r'<td class="points">([^<]+)</td>', page) == ["0", "100", "–", "–", "–"]
    assert "Still to count: Cy, Di, Ed." in page
    # The engine's complaints about the players still to count would only be noise here.
    assert "holds no cards" not in page


def test_preview_says_when_the_hand_would_end_the_game(client: Client) -> None:
    table = swoops_table(limit=100)

    page = html(client.post(table_url(table), {**FIRST_HAND, "action": "preview"}, **HTMX))

    assert "over" in page.partition("Bob")[2].partition("</tr>")[0]
    assert "This hand ends the game: Ann wins." in page


def test_recording_a_hand_updates_totals_sorted_lowest_first(client: Client) -> None:
    table = swoops_table()

    response = client.post(table_url(table), FIRST_HAND)

    assert response.status_code == 302
    assert Round.objects.get().entry == {
        "went_out": "Ann",
        "remaining": {"Bob": ["JOKER", "10", "K", "5"], "Cy": ["A", "2"], "Ed": ["J", "Q", "K"]},
        "totals": {"Di": 57},
    }
    assert totals(table) == {"Ann": 0, "Bob": 115, "Cy": 3, "Di": 57, "Ed": 30}
    page = html(client.get(response["Location"]))
    assert "Hand 1 recorded." in page
    assert scoreboard(page) == [
        ("Ann", "0"),
        ("Cy", "3"),
        ("Ed", "30"),
        ("Di", "57"),
        ("Bob", "115"),
    ]
    assert "leads · 150 below the limit" in page
    assert "35 below the limit" in page
    _, _, history = page.partition('id="history"')
    assert "Ann went out" in history
    assert "Ann went out: 0." in history
    assert "Bob holds JOKER 10 K 5: 115 points." in history
    assert "Di&#x27;s cards were counted at the table: 57 points." in history


def test_recording_over_htmx_returns_the_table_with_an_empty_form(client: Client) -> None:
    table = swoops_table()

    response = client.post(
        table_url(table), hand(2, {0: "a, 2", 1: "k", 3: "joker", 4: "9"}), **HTMX
    )

    page = html(response)
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="table-main"')
    assert totals(table) == {"Ann": 3, "Bob": 10, "Cy": 0, "Di": 50, "Ed": 9}
    assert "Record hand 2" in page
    form = inputs(response)
    assert "went_out" not in form.checked
    assert all(form.values[f"cards_{seat}"] == "" for seat in range(5))


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            {"cards_1": "K", "cards_2": "A", "cards_3": "2", "cards_4": "3"},
            "nobody went out: name the player who has no cards left",
        ),
        (
            hand(0, {0: "5", 1: "K", 2: "A", 3: "2", 4: "3"}),
            "Ann went out and cannot hold any cards",
        ),
        (
            hand(0, {1: "K", 2: "A", 3: "2"}, {4: -4}),
            "the total for Ed must be a whole number, 0 or more",
        ),
        (
            hand(0, {1: "K", 2: "A", 3: "2"}),
            "Ed holds no cards, but only Ann went out",
        ),
        (
            hand(0, {1: "K 11 x", 2: "A", 3: "2", 4: "3"}),
            "Cards held by Bob: “11”, “x” are not cards. Use A, 2 to 10, J, Q, K or JOKER.",
        ),
        (
            hand(0, {1: "JOKER " * 9, 2: "A", 3: "2", 4: "3"}),
            "JOKER is listed 9 times, but 4 decks hold only 8",
        ),
    ],
)
def test_invalid_hand_is_shown_with_its_error_and_saves_nothing(
    client: Client, data: dict[str, str], error: str
) -> None:
    table = swoops_table()

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    assert error in html(response).replace("&#x27;", "'")
    assert saved() == (0, 0)
    # What was entered is kept, so it can be corrected.
    assert inputs(response).values.get("cards_2") == data.get("cards_2", "")


def test_invalid_hand_over_htmx_returns_the_fragment_with_the_error(client: Client) -> None:
    table = swoops_table()

    response = client.post(table_url(table), hand(0, {0: "5", 1: "K"}), **HTMX)

    page = html(response)
    assert response.status_code == 422
    # Only the hand entry comes back, in place of the one on the page: nothing else changed.
    assert page.lstrip().startswith('<section id="record"')
    assert response["HX-Retarget"] == "#record"
    assert "Nothing was saved:" in page
    assert "Ann went out and cannot hold any cards" in page
    assert saved() == (0, 0)


# -- editing ------------------------------------------------------------------------------------


def test_edit_page_shows_the_stored_cards_and_totals(client: Client) -> None:
    table = swoops_table()
    client.post(table_url(table), FIRST_HAND)

    response = client.get(edit_url(table, 1))

    form = inputs(response)
    assert "Change hand 1" in html(response)
    assert form.checked["went_out"] == "0"
    assert form.values["cards_1"] == "JOKER 10 K 5"
    assert form.values["cards_2"] == "A 2"
    assert form.values["total_3"] == "57"
    assert form.values["cards_3"] == ""
    # The edit page posts plainly and still previews the stored hand's points.
    assert 'hx-post="' + edit_url(table, 1) + '" hx-target="#table-main"' not in html(response)


def test_changing_a_hand_changes_the_totals(client: Client) -> None:
    table = swoops_table()
    client.post(table_url(table), FIRST_HAND)

    # Bob held a 9 instead of the joker after all.
    data = {**FIRST_HAND, "cards_1": "9 10 K 5"}
    response = client.post(edit_url(table, 1), data)

    assert response.status_code == 302
    assert totals(table)["Bob"] == 74
    assert Round.objects.get().entry["remaining"]["Bob"] == ["9", "10", "K", "5"]


def test_edit_page_prefills_hand_counted_points(client: Client) -> None:
    table = swoops_table()
    table_services.round_record(
        table, {"points": {"Ann": 12, "Bob": 0, "Cy": 40, "Di": 7, "Ed": 1}}
    )

    form = inputs(client.get(edit_url(table, 1)))

    assert form.checked["went_out"] == "1"
    assert [form.values[f"total_{seat}"] for seat in range(5)] == ["12", "", "40", "7", "1"]


def test_invalid_change_saves_nothing(client: Client) -> None:
    table = swoops_table()
    client.post(table_url(table), FIRST_HAND)

    response = client.post(edit_url(table, 1), {**FIRST_HAND, "went_out": "1"})

    assert response.status_code == 422
    assert "Bob went out and cannot hold any cards" in html(response)
    assert totals(table)["Bob"] == 115


# -- the end of the game ------------------------------------------------------------------------


def test_game_ends_past_the_limit_with_the_final_ranking(client: Client) -> None:
    table = swoops_table(["Ann", "Bob", "Cy"])
    table_services.round_record(table, {"went_out": "Ann", "totals": {"Bob": 150, "Cy": 20}})
    page = html(client.get(table_url(table)))
    # Exactly the limit plays on.
    assert "Game over." not in page
    assert "at the limit" in page

    response = client.post(table_url(table), hand(2, {0: "A"}, {1: 1}))

    assert response.status_code == 302
    page = html(client.get(table_url(table)))
    assert "Game over." in page
    assert "Ann wins!" in page
    assert scoreboard(page) == [("Ann", "1"), ("Cy", "20"), ("Bob", "151")]
    assert "place 1" in page
    assert "place 2" in page
    assert "place 3 · over the limit" in page
    assert 'id="hand-form"' not in page
    board = page.partition('class="totals"')[2].partition("</ul>")[0]
    assert board.count(">winner</span>") == 1


def test_a_tie_for_lowest_is_a_shared_win(client: Client) -> None:
    table = swoops_table(["Ann", "Bob", "Cy"], limit=10)

    client.post(table_url(table), hand(0, {1: "A"}, {2: 5}))
    client.post(table_url(table), hand(1, {0: "A"}, {2: 6}))

    page = html(client.get(table_url(table)))
    assert "Ann & Bob win!" in page
    assert page.count("place 1") == 2
    assert "place 3 · over the limit" in page


def test_fixed_rounds_end_the_game_whatever_the_totals(client: Client) -> None:
    table = swoops_table(["Ann", "Bob", "Cy"], rounds=2, limit=10)

    client.post(table_url(table), hand(0, {1: "JOKER", 2: "A"}))
    page = html(client.get(table_url(table)))
    assert "Game over." not in page
    assert "Round 2 of 3" not in page
    assert "Round 2 of 2" in page
    assert "50 behind" in page

    client.post(table_url(table), hand(2, {0: "K", 1: "2"}))
    page = html(client.get(table_url(table)))
    assert "Game over." in page
    assert "2 rounds" in page
    assert scoreboard(page) == [("Cy", "1"), ("Ann", "10"), ("Bob", "52")]


# -- eight players ------------------------------------------------------------------------------


def test_eight_players_play_a_hand(client: Client) -> None:
    table = swoops_table(EIGHT)
    page = html(client.get(table_url(table)))
    assert "Shuffle 5 decks together" in page
    assert page.count('class="sw-pick js-only"') == 8

    cards = {seat: "10 " * (seat % 3 + 1) for seat in range(1, 8)}
    response = client.post(table_url(table), hand(0, cards), **HTMX)

    assert response.status_code == 200
    assert totals(table) == {
        name: 0 if seat == 0 else 50 * (seat % 3 + 1) for seat, name in enumerate(EIGHT)
    }
    page = html(response)
    assert [name for name, _ in scoreboard(page)][:1] == ["Ann"]
    # Hal, Cy and Flo hold 150: at the limit, the game goes on.
    assert "Game over." not in page
    assert page.count("at the limit") == 2


def test_rules_page_summarises_swoops(client: Client) -> None:
    page = html(client.get(reverse("games:rules_game", kwargs={"game": "swoops"})))

    assert "10 and joker: 50 points each" in page
    assert "Point limit" in page
