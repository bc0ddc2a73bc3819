"""The Ciapanò pages through Django's test client: the new table, the hand form (cards, counts,
points), the preview, elimination at 31, the winner and editing a hand."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Round, Table
from games.plugins.ciapano.engine import PENALTY_CARDS
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import HTMX, edit_url, html, inputs, saved, table_url, totals
from tests.scoring.helpers import ciapano_deals

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Bob", "Cy"]
PENALTY_CODES = [card.code for card in PENALTY_CARDS]
ACES = [code for code in PENALTY_CODES if code.startswith("A")]
THIRDS = [code for code in PENALTY_CODES if not code.startswith("A")]

# The example of games/plugins/ciapano/rules.md §3: 4 1/3, 4 2/3 and 1 2/3 with the last trick score
# 4, 4 and 3.
EXAMPLE = {
    "Ann": [*ACES[:3], *THIRDS[:4]],  # 3 aces, 4 thirds: 4 1/3
    "Bob": [ACES[3], *THIRDS[4:15]],  # 1 ace, 11 thirds: 4 2/3
    "Cy": THIRDS[15:],  # 5 thirds: 1 2/3
}


def ciapano_table(players: Sequence[str] = PLAYERS, **options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="ciapano", players=list(players), options=options
    )


def card_data(
    taken: Mapping[str, Sequence[str]],
    last_trick: str | None,
    players: Sequence[str] = PLAYERS,
) -> dict[str, str]:
    """Form data for the hand form: each penalty card's radio set to its taker's seat."""
    data = {"mode": "cards"}
    for player, codes in taken.items():
        for code in codes:
            data[f"card_{code}"] = str(players.index(player))
    if last_trick:
        data["last_trick"] = str(players.index(last_trick))
    return data


def count_data(
    aces: Mapping[str, int | str],
    thirds: Mapping[str, int | str],
    last_trick: str | None,
    players: Sequence[str] = PLAYERS,
) -> dict[str, str]:
    data = {"mode": "counts"}
    for player, count in aces.items():
        data[f"aces_{players.index(player)}"] = str(count)
    for player, count in thirds.items():
        data[f"thirds_{players.index(player)}"] = str(count)
    if last_trick:
        data["last_trick"] = str(players.index(last_trick))
    return data


def points(**by_player: int) -> dict[str, object]:
    return {"points": by_player}


def record_deals(table: Table, **totals_after: int) -> int:
    """Hand-counted deals of 11 points each (``ciapano_deals``) that bring the players to these
    totals; how many were recorded."""
    deals = ciapano_deals(**totals_after)
    for entry in deals:
        table_services.round_record(table, entry)
    return len(deals)


# -- new table ----------------------------------------------------------------------------------


def test_new_table_form_offers_ciapano_with_five_seats_and_its_options(client: Client) -> None:
    response = client.get(reverse("games:table_new"), {"game": "ciapano"})

    form = inputs(response)
    assert "ciapano" in form.radios["game"]
    assert form.checked["game"] == "ciapano"
    assert {f"player_{seat}" for seat in range(5)} <= set(form.values)
    assert form.radios["opt_deck"] == ["italian", "french"]
    assert form.radios["opt_last_trick"] == ["remainder", "plus-one"]
    assert "the dealer takes 14 and discards one" in html(response)


def test_new_ciapano_table_is_created_from_the_form(client: Client) -> None:
    response = client.post(
        reverse("games:table_new"),
        {"game": "ciapano", "player_0": "Ann", "player_1": "Bob", "player_2": "Cy",
         "player_3": "Di", "first_dealer": "2", "opt_elimination_at": "41",
         "opt_deck": "french", "opt_last_trick": "plus-one"},
    )  # fmt: skip

    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert table.game == "ciapano"
    assert table.setup().players == ("Ann", "Bob", "Cy", "Di")
    assert table.options == {"elimination_at": 41, "deck": "french", "last_trick": "plus-one"}
    assert table.first_dealer == 2


def test_ciapano_needs_three_players(client: Client) -> None:
    response = client.post(
        reverse("games:table_new"), {"game": "ciapano", "player_0": "Ann", "player_1": "Bob"}
    )

    assert response.status_code == 422
    assert "This field is required." in html(response)
    assert Table.objects.count() == 0


# -- the table page -----------------------------------------------------------------------------


def test_table_page_shows_only_the_penalty_cards_and_the_last_trick_choice(client: Client) -> None:
    table = ciapano_table()

    response = client.get(table_url(table))

    page = html(response)
    assert page.count("data-card=") == 24
    assert all(f'data-card="{code}"' in page for code in PENALTY_CODES)
    assert 'data-card="7D"' not in page
    assert 'data-card="4B"' not in page
    form = inputs(response)
    assert form.radios["last_trick"] == ["0", "1", "2"]
    assert form.radios["card_AD"] == ["", "0", "1", "2"]
    assert form.radios["mode"] == ["cards", "counts", "points"]
    assert form.checked["mode"] == "cards"
    assert "Who won the last trick?" in page
    assert "Out at 31" in page
    assert "31 to 31" in page
    assert "Next to deal: <strong>Ann</strong>" in page
    assert "discard belongs to whoever wins the last trick" in page
    assert "ciapano/ciapano.css" in page
    # No script of its own: the penalties on the player buttons are the server's.
    assert "js/ciapano.js" not in page


def test_french_deck_shows_french_faces(client: Client) -> None:
    table = ciapano_table(deck="french")

    page = html(client.get(table_url(table)))

    assert '<span class="pip">♦</span>' in page
    assert '<span class="corner">Q</span>' in page
    assert "Queen of Diamonds" in page


def test_preview_shows_each_penalty_as_a_fraction_while_cards_are_tapped(client: Client) -> None:
    table = ciapano_table()
    data = card_data({"Ann": EXAMPLE["Ann"]}, last_trick=None)

    response = client.post(table_url(table), {**data, "action": "preview"}, **HTMX)

    page = html(response)
    assert page.lstrip().startswith('<div id="preview"')
    assert "<html" not in page
    assert 'id="hand-form"' not in page
    assert "So far: 17 penalty cards left to assign" in page
    assert '<td class="penalty">4 1/3</td>' in page
    assert 'class="points"' not in page
    assert saved() == (0, 0)


def penalty_button(page: str, seat: int) -> str:
    """The penalty on seat ``seat``'s player button, as the page or the preview carries it."""
    found = re.search(rf'<span id="side-counts-{seat}"[^>]*>.*?</span></span>', page)
    assert found, f"no penalty for seat {seat}"
    return found.group(0)


def test_preview_carries_each_players_penalty_out_of_band_as_a_fraction(client: Client) -> None:
    table = ciapano_table()
    # Ann an ace and two thirds (1 2/3), Bob two thirds (2/3), Cy three (1).
    data = card_data({"Ann": [ACES[0], *THIRDS[:2]], "Bob": THIRDS[2:4], "Cy": THIRDS[4:7]}, None)

    response = client.post(table_url(table), {**data, "action": "preview"}, **HTMX)

    page = html(response)
    assert page.lstrip().startswith('<div id="preview"')
    # A no-break space keeps "1 2/3" together on a narrow button.
    assert penalty_button(page, 0) == (
        '<span id="side-counts-0" class="side-pick-counts" hx-swap-oob="true">'
        '<span class="visually-hidden">penalty</span> <span data-penalty="0">1\u00a02/3</span>'
        "</span>"
    )
    assert '<span data-penalty="1">2/3</span>' in penalty_button(page, 1)
    assert '<span data-penalty="2">1</span>' in penalty_button(page, 2)
    assert page.count('hx-swap-oob="true"') == 3
    # The preview's own table says the same, with an ordinary space.
    assert '<td class="penalty">1 2/3</td>' in page


def test_preview_counts_the_tapped_cards_of_the_players_still_in_only(client: Client) -> None:
    players = ["Ann", "Bob", "Cy", "Di"]
    table = ciapano_table(players)
    record_deals(table, Ann=31, Bob=2)
    data = card_data({"Bob": ACES, "Di": THIRDS[:5]}, None, players)

    page = html(client.post(table_url(table), {**data, "action": "preview"}, **HTMX))

    assert 'id="side-counts-0"' not in page
    assert '<span data-penalty="1">4</span>' in penalty_button(page, 1)
    assert '<span data-penalty="2">0</span>' in penalty_button(page, 2)
    assert '<span data-penalty="3">1\u00a02/3</span>' in penalty_button(page, 3)


def test_the_page_shows_each_penalty_without_javascript(client: Client) -> None:
    table = ciapano_table()
    data = card_data({"Ann": EXAMPLE["Ann"], "Bob": EXAMPLE["Bob"]}, None)

    # "All remaining penalty cards to Cy" without JavaScript: the page, counted by the server.
    page = html(client.post(table_url(table), {**data, "rest_to": "2"}))
    fresh = html(client.get(table_url(table)))

    assert '<span data-penalty="0">4\u00a01/3</span>' in penalty_button(page, 0)
    assert '<span data-penalty="1">4\u00a02/3</span>' in penalty_button(page, 1)
    assert '<span data-penalty="2">1\u00a02/3</span>' in penalty_button(page, 2)
    assert '<span data-penalty="0">0</span>' in penalty_button(fresh, 0)
    for shown in (page, fresh):
        # Drawn once, in the buttons: the preview inside the page sends nothing out of band.
        assert all(shown.count(f'id="side-counts-{seat}"') == 1 for seat in range(3))
        assert 'class="side-pick-counts" hx-swap-oob' not in shown


def test_preview_shows_points_drops_last_trick_and_new_totals_once_complete(
    client: Client,
) -> None:
    table = ciapano_table()
    hands = record_deals(table, Ann=20, Bob=5, Cy=8)

    response = client.post(
        table_url(table), {**card_data(EXAMPLE, "Cy"), "action": "preview"}, **HTMX
    )

    page = html(response)
    assert "This hand" in page
    assert '<td class="penalty">4 2/3</td>' in page
    assert '<td class="penalty">1 2/3</td>' in page
    assert page.count('<td class="points">') == 3
    assert '<td class="points">4</td>' in page
    assert '<td class="points">3</td>' in page
    assert "Ann took 3 aces and 4 thirds, 4 1/3 in all: 4 points (1/3 dropped)." in page
    assert "Bob took 1 ace and 11 thirds, 4 2/3 in all: 4 points (2/3 dropped)." in page
    assert "Cy took 5 thirds, 1 2/3 in all: 1 point (2/3 dropped)." in page
    assert "Cy won the last trick, worth 2" in page
    assert "1 + 2 = 3 points." in page
    # New totals: 24, 9, 11.
    assert '<td class="new-total">24</td>' in page
    assert '<td class="new-total">9</td>' in page
    assert '<td class="new-total">11</td>' in page
    assert "last trick</span>" in page
    assert saved() == (hands, 3 * hands)


def test_preview_marks_a_player_who_would_go_out(client: Client) -> None:
    table = ciapano_table()
    record_deals(table, Ann=28, Bob=5)

    response = client.post(
        table_url(table), {**card_data(EXAMPLE, "Cy"), "action": "preview"}, **HTMX
    )

    page = html(response)
    assert '<td class="new-total">32 <span class="badge badge-out">out</span></td>' in page


def test_preview_in_counts_mode_fills_in_the_rest_for_the_one_player_left_empty(
    client: Client,
) -> None:
    table = ciapano_table()
    data = count_data({"Ann": 3, "Bob": 1, "Cy": ""}, {"Ann": 4, "Bob": 11, "Cy": ""}, "Cy")

    response = client.post(table_url(table), {**data, "action": "preview"}, **HTMX)

    page = html(response)
    assert "This hand" in page
    assert '<td class="penalty">1 2/3 <span class="muted">(the rest)</span></td>' in page
    assert "Cy won the last trick, worth 2" in page


def test_preview_of_a_game_ending_hand_names_the_winner(client: Client) -> None:
    table = ciapano_table()
    record_deals(table, Ann=30, Bob=30, Cy=6)

    response = client.post(
        table_url(table), {**card_data(EXAMPLE, "Cy"), "action": "preview"}, **HTMX
    )

    assert "This hand ends the game: Cy wins." in html(response)


# -- recording hands ----------------------------------------------------------------------------


def test_hand_tapped_as_cards_records_the_rule_text_example(client: Client) -> None:
    table = ciapano_table()

    response = client.post(table_url(table), card_data(EXAMPLE, "Cy"))

    assert response.status_code == 302
    assert totals(table) == {"Ann": 4, "Bob": 4, "Cy": 3}
    # Each player's cards are stored in deck order.
    assert Round.objects.get().entry == {
        "penalty_cards": {
            player: sorted(codes, key=PENALTY_CODES.index) for player, codes in EXAMPLE.items()
        },
        "last_trick": "Cy",
    }


def test_hand_entered_as_counts_over_htmx_returns_the_updated_table(client: Client) -> None:
    table = ciapano_table()
    data = count_data({"Ann": 3, "Bob": 1, "Cy": 0}, {"Ann": 4, "Bob": 11, "Cy": 5}, "Cy")

    response = client.post(table_url(table), data, **HTMX)

    page = html(response)
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="table-main"')
    assert 'data-total="Ann">4<' in page
    assert 'data-total="Cy">3<' in page
    assert "27 to 31" in page
    assert "Hand 1 recorded." in page
    assert "Next to deal: <strong>Bob</strong>" in page
    assert Round.objects.get().entry == {
        "aces": {"Ann": 3, "Bob": 1, "Cy": 0},
        "thirds": {"Ann": 4, "Bob": 11, "Cy": 5},
        "last_trick": "Cy",
    }
    # The next hand's form starts empty.
    assert set(inputs(response).checked.get(f"card_{code}") for code in PENALTY_CODES) == {""}


def test_counts_left_empty_for_one_player_get_the_rest(client: Client) -> None:
    table = ciapano_table()
    data = count_data({"Ann": 3, "Bob": 1}, {"Ann": 4, "Bob": 11}, "Cy")

    client.post(table_url(table), data)

    assert Round.objects.get().entry["thirds"] == {"Ann": 4, "Bob": 11, "Cy": 5}
    assert totals(table) == {"Ann": 4, "Bob": 4, "Cy": 3}


FOUR = ["Ann", "Bob", "Cy", "Di"]
# Issue 18: going round the table, Cy has no aces and leaves that count empty; Di, last, leaves
# both empty and gets the rest (2 aces and 12 thirds).
GOING_ROUND = count_data(
    {"Ann": 1, "Bob": 1, "Cy": "", "Di": ""},
    {"Ann": 3, "Bob": 2, "Cy": 3, "Di": ""},
    "Di",
    players=FOUR,
)


@pytest.mark.parametrize("htmx", [False, True])
def test_counts_going_round_the_table_preview_and_save_alike(client: Client, htmx: bool) -> None:
    table = ciapano_table(FOUR)
    headers = HTMX if htmx else {}

    preview = html(client.post(table_url(table), {**GOING_ROUND, "action": "preview"}, **headers))
    response = client.post(table_url(table), GOING_ROUND, **headers)

    assert "This hand" in preview
    assert '<td class="penalty">6 <span class="muted">(the rest)</span></td>' in preview
    assert "Di took 2 aces and 12 thirds, 6 in all: 6 points." in preview
    assert response.status_code == (200 if htmx else 302)
    assert Round.objects.get().entry == {
        "aces": {"Ann": 1, "Bob": 1, "Cy": 0, "Di": 2},
        "thirds": {"Ann": 3, "Bob": 2, "Cy": 3, "Di": 12},
        "last_trick": "Di",
    }
    assert totals(table) == {"Ann": 2, "Bob": 1, "Cy": 1, "Di": 7}


def test_counts_with_two_players_partly_empty_are_refused_as_the_preview_says(
    client: Client,
) -> None:
    """Nobody left both counts empty and two aces counts are: nobody gets the rest, the
    preview says an ace is missing, and the save refuses the hand for it."""
    table = ciapano_table(FOUR)
    data = count_data(
        {"Ann": 1, "Bob": 2, "Cy": "", "Di": ""},
        {"Ann": 3, "Bob": 2, "Cy": 3, "Di": 12},
        "Di",
        players=FOUR,
    )

    preview = html(client.post(table_url(table), {**data, "action": "preview"}, **HTMX))
    response = client.post(table_url(table), data, **HTMX)

    assert "So far: 3 of 4 aces and 20 of 20 thirds" in preview
    assert "(the rest)" not in preview
    assert response.status_code == 422
    assert "the aces add up to 3, not 4" in html(response)
    assert saved() == (0, 0)


def test_plus_one_rule_gives_the_last_trick_one_point(client: Client) -> None:
    table = ciapano_table(last_trick="plus-one")

    client.post(table_url(table), card_data(EXAMPLE, "Cy"))

    assert totals(table) == {"Ann": 4, "Bob": 4, "Cy": 2}


def test_moon_scores_eleven_for_everyone_else(client: Client) -> None:
    table = ciapano_table()

    client.post(table_url(table), card_data({"Bob": PENALTY_CODES}, "Bob"))

    assert totals(table) == {"Ann": 11, "Bob": 0, "Cy": 11}
    page = html(client.get(table_url(table)))
    assert "Moon by Bob" in page
    assert "Moon: Bob took every penalty card and the last trick" in page


def test_points_counted_at_the_table(client: Client) -> None:
    table = ciapano_table()

    client.post(table_url(table), {"mode": "points", "points_0": "5", "points_1": "6"})

    assert totals(table) == {"Ann": 5, "Bob": 6, "Cy": 0}
    assert "Points counted at the table: Ann 5, Bob 6, Cy 0." in html(client.get(table_url(table)))


def test_remaining_cards_button_without_javascript_fills_in_the_rest(client: Client) -> None:
    table = ciapano_table()
    data = card_data({"Ann": EXAMPLE["Ann"], "Bob": EXAMPLE["Bob"]}, None)

    response = client.post(table_url(table), {**data, "rest_to": "2"})

    assert response.status_code == 200
    checked = inputs(response).checked
    assert [checked[f"card_{code}"] for code in EXAMPLE["Cy"]] == ["2"] * 5
    assert checked[f"card_{ACES[0]}"] == "0"
    # The hand is still being entered: no last trick yet is not an error to show.
    assert "Nothing was saved" not in html(response)
    assert "So far: 0 penalty cards left to assign" in html(response)
    assert saved() == (0, 0)


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            card_data({"Ann": EXAMPLE["Ann"], "Bob": EXAMPLE["Bob"]}, "Cy"),
            "5 penalty cards are not assigned to a player yet.",
        ),
        (card_data(EXAMPLE, None), "Pick who won the last trick."),
        (
            count_data({"Ann": 3, "Bob": 0, "Cy": 0}, {"Ann": 4, "Bob": 11, "Cy": 5}, "Cy"),
            "the aces add up to 3, not 4",
        ),
        (
            count_data({"Ann": 3, "Bob": 1, "Cy": 0}, {"Ann": 4, "Bob": 11, "Cy": 6}, "Cy"),
            "the thirds add up to 21, not 20",
        ),
        (count_data({"Ann": 3, "Bob": 1}, {"Ann": 4, "Bob": 11, "Cy": 5}, None), "Pick who won"),
        (
            count_data({"Ann": 5, "Bob": 0, "Cy": 0}, {"Ann": 4, "Bob": 11, "Cy": 5}, "Cy"),
            "Ensure this value is less than or equal to 4.",
        ),
    ],
)
def test_invalid_hand_is_shown_with_its_error_and_saves_nothing(
    client: Client, data: dict[str, str], error: str
) -> None:
    table = ciapano_table()

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    assert error in html(response)
    assert saved() == (0, 0)


def test_invalid_hand_over_htmx_returns_the_form_with_its_error(client: Client) -> None:
    table = ciapano_table()

    response = client.post(table_url(table), card_data(EXAMPLE, None), **HTMX)

    page = html(response)
    assert response.status_code == 422
    # Only the hand entry comes back, in place of the one on the page: nothing else changed.
    assert page.lstrip().startswith('<section id="record"')
    assert response["HX-Retarget"] == "#record"
    assert "Pick who won the last trick." in page
    # What was tapped stays tapped.
    assert inputs(response).checked[f"card_{ACES[0]}"] == "0"
    assert saved() == (0, 0)


# -- elimination and the winner -----------------------------------------------------------------


def test_player_out_is_greyed_and_left_out_of_the_next_hand_and_the_deal(client: Client) -> None:
    players = ["Ann", "Bob", "Cy", "Di"]
    table = ciapano_table(players)
    for _ in range(3):  # dealt by Ann, Bob, Cy; Ann reaches 33 and is out
        table_services.round_record(table, points(Ann=11, Bob=0, Cy=0, Di=0))
    table_services.round_record(table, points(Bob=4, Cy=4, Di=3))  # dealt by Di

    response = client.get(table_url(table))

    page = html(response)
    assert '<li class="total side-0 out">' in page
    assert 'badge-out">out</span>' in page
    assert "out after hand 3" in page
    assert "27 to 31" in page
    # The deal passed from Di to Bob, skipping Ann.
    assert "Next to deal: <strong>Bob</strong>" in page
    form = inputs(response)
    assert form.radios["last_trick"] == ["1", "2", "3"]
    assert form.radios["card_AD"] == ["", "1", "2", "3"]
    assert "aces_0" not in form.values
    assert "points_0" not in form.values
    assert {"aces_1", "thirds_3", "points_2"} <= set(form.values)
    # Hand 4's line leaves Ann out rather than showing her a 0.
    _, _, history = page.partition('id="history"')
    hand_4 = history.split('class="history-item"')[1]
    assert "Bob <strong>4</strong>" in hand_4
    assert "Ann <strong>" not in hand_4


def test_a_player_out_cannot_be_given_cards(client: Client) -> None:
    players = ["Ann", "Bob", "Cy", "Di"]
    table = ciapano_table(players)
    hands = record_deals(table, Ann=31, Bob=2)
    data = card_data({"Ann": ACES, "Bob": THIRDS}, "Bob", players)

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    assert "Some cards or the last trick went to a player who is not in this hand" in html(response)
    assert Round.objects.count() == hands


def test_last_player_left_wins_and_the_form_goes_away(client: Client) -> None:
    table = ciapano_table()
    # Ann is out after hand 3 (11, 11, 9), Bob at 24 after hand 5; Bob and Cy play on, and
    # Bob goes out in hand 6.
    assert record_deals(table, Ann=31, Bob=24) == 5
    client.post(table_url(table), {"mode": "points", "points_1": "7", "points_2": "4"})
    assert totals(table) == {"Ann": 31, "Bob": 31, "Cy": 4}

    page = html(client.get(table_url(table)))

    assert "Game over." in page
    assert "Cy wins!" in page
    assert '<li class="total side-2 winner">' in page
    assert 'id="hand-form"' not in page
    assert "Next to deal" not in page
    assert "out after hand 3" in page
    assert "out after hand 6" in page


def test_five_players_each_get_their_side_of_the_grid(client: Client) -> None:
    players = ["Ann", "Bob", "Cy", "Di", "Ed"]
    table = ciapano_table(players)

    response = client.get(table_url(table))

    page = html(response)
    assert inputs(response).radios["last_trick"] == ["0", "1", "2", "3", "4"]
    assert 'class="side-pick side-4"' in page
    assert "Deal 8 cards each" in page
    assert "discard belongs to" not in page


# -- editing ------------------------------------------------------------------------------------


def test_edit_page_shows_the_stored_cards_and_saves_the_change(client: Client) -> None:
    table = ciapano_table()
    table_services.round_record(
        table,
        {
            "penalty_cards": {player: list(codes) for player, codes in EXAMPLE.items()},
            "last_trick": "Cy",
        },
    )

    response = client.get(edit_url(table, 1))

    page = html(response)
    assert response.status_code == 200
    assert "Change hand 1" in page
    assert "hx-post" not in page.split('id="hand-form"')[1].split(">")[0]
    checked = inputs(response).checked
    assert checked["mode"] == "cards"
    assert checked["last_trick"] == "2"
    assert [checked[f"card_{code}"] for code in EXAMPLE["Bob"]] == ["1"] * 12
    assert checked[f"card_{ACES[0]}"] == "0"
    # The stored cards are counted on the player buttons, before anything is tapped.
    assert '<span data-penalty="1">4\u00a02/3</span>' in penalty_button(page, 1)

    # Bob won the last trick after all: Ann 4, Cy 1, Bob 11 - 5 = 6.
    response = client.post(edit_url(table, 1), card_data(EXAMPLE, "Bob"))

    assert response.status_code == 302
    assert totals(table) == {"Ann": 4, "Bob": 6, "Cy": 1}
    assert Round.objects.get().entry["last_trick"] == "Bob"


def test_edit_page_shows_stored_counts_and_points(client: Client) -> None:
    table = ciapano_table()
    table_services.round_record(
        table,
        {
            "aces": {"Ann": 3, "Bob": 1, "Cy": 0},
            "thirds": {"Ann": 4, "Bob": 11, "Cy": 5},
            "last_trick": "Cy",
        },
    )
    table_services.round_record(table, points(Ann=2, Bob=5, Cy=4))

    counts = inputs(client.get(edit_url(table, 1)))
    pointed = inputs(client.get(edit_url(table, 2)))

    assert counts.checked["mode"] == "counts"
    assert (counts.values["aces_0"], counts.values["thirds_1"]) == ("3", "11")
    assert counts.checked["last_trick"] == "2"
    assert pointed.checked["mode"] == "points"
    assert [pointed.values[f"points_{seat}"] for seat in range(3)] == ["2", "5", "4"]


def test_invalid_edit_is_shown_with_its_error_and_changes_nothing(client: Client) -> None:
    table = ciapano_table()
    table_services.round_record(table, points(Ann=4, Bob=4, Cy=3))

    response = client.post(edit_url(table, 1), card_data({"Ann": ACES}, "Ann"))

    assert response.status_code == 422
    assert "20 penalty cards are not assigned to a player yet." in html(response)
    assert totals(table) == {"Ann": 4, "Bob": 4, "Cy": 3}


# -- rules --------------------------------------------------------------------------------------


def test_rules_page_summarises_ciapano_and_its_options(client: Client) -> None:
    response = client.get(reverse("games:rules_game", kwargs={"game": "ciapano"}))

    page = html(response)
    assert response.status_code == 200
    assert "Ciapanò rules" in page
    assert "4 1/3, 4 2/3 and 1 2/3 with the last trick score 4, 4 and 3" in page
    assert "Out at" in page
    assert "default: 31" in page
