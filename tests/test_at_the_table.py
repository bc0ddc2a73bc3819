"""Issue 18 ("At the table: phone ergonomics"): the smaller items, through the test client."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import EIGHT_CARDS, card_post_data, rest
from tests.pages import HTMX, html, saved, table_url

pytestmark = pytest.mark.django_db

# -- item 4: a scopa on a side without cards, explained in the preview --------------------------

THREE = ["Ann", "Bob", "Cy"]
WRONG_SIDE = {
    **card_post_data(THREE, {"Ann": EIGHT_CARDS, "Bob": rest(EIGHT_CARDS)}, scopas={"Cy": 1}),
    "action": "preview",
}
SWEEP_PROBLEM = (
    "Cy made more sweeps (1) than the cards taken allow (0); a sweep takes two cards or more"
)


def three_player_scopa() -> Table:
    return table_services.table_create(club=home_club(), game="scopa", players=THREE)


def test_the_preview_says_why_a_scopa_on_a_side_without_cards_cannot_be_saved(
    client: Client,
) -> None:
    table = three_player_scopa()

    response = client.post(table_url(table), WRONG_SIDE, **HTMX)  # type: ignore[arg-type]

    page = html(response)
    assert page.lstrip().startswith('<div id="preview"')
    assert SWEEP_PROBLEM in page
    assert 'class="points"' not in page
    assert saved() == (0, 0)


def test_the_save_refuses_what_the_preview_explained(client: Client) -> None:
    table = three_player_scopa()
    data = {key: value for key, value in WRONG_SIDE.items() if key != "action"}

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    page = html(response)
    assert "Nothing was saved:" in page
    # In the form's errors and in the preview below the cards.
    assert page.count(SWEEP_PROBLEM) == 2
    assert saved() == (0, 0)


def test_no_complaint_in_the_preview_while_cards_are_left_to_assign(client: Client) -> None:
    table = three_player_scopa()
    data = {
        **card_post_data(THREE, {"Ann": EIGHT_CARDS}, scopas={"Cy": 1}),
        "action": "preview",
    }

    page = html(client.post(table_url(table), data, **HTMX))  # type: ignore[arg-type]

    assert "So far: 32 cards left to assign" in page
    assert "errorlist" not in page


def test_a_right_hand_previews_its_points_and_no_problem(client: Client) -> None:
    table = three_player_scopa()
    data = {
        **card_post_data(THREE, {"Ann": EIGHT_CARDS, "Bob": rest(EIGHT_CARDS)}, scopas={"Ann": 1}),
        "action": "preview",
    }

    page = html(client.post(table_url(table), data, **HTMX))  # type: ignore[arg-type]

    assert "This hand" in page
    assert "errorlist" not in page


# -- item 10: the Ciapanò deal for the players still in ------------------------------------------

FOUR = ["Ann", "Bob", "Cy", "Di"]


def ciapano(players: list[str], **options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="ciapano", players=players, options=options
    )


def test_the_ciapano_deal_counts_the_players_still_in(client: Client) -> None:
    table = ciapano(FOUR)
    fresh = html(client.get(table_url(table)))
    for _ in range(3):  # Ann reaches 33 and is out: three play on
        table_services.round_record(table, {"points": {"Ann": 11, "Bob": 0, "Cy": 0, "Di": 0}})

    page = html(client.get(table_url(table)))

    assert fresh.count("Deal 10 cards each.") == 1
    assert "Deal 13 cards each: the dealer takes 14" not in fresh
    assert page.count("Deal 13 cards each: the dealer takes 14 and discards one") == 1
    assert "Deal 10 cards each" not in page


def test_the_save_that_puts_a_player_out_brings_the_new_deal(client: Client) -> None:
    table = ciapano(FOUR)
    for _ in range(2):
        table_services.round_record(table, {"points": {"Ann": 11, "Bob": 0, "Cy": 0, "Di": 0}})

    response = client.post(
        table_url(table),
        {"mode": "points", "points_0": "11", "points_1": "0", "points_2": "0", "points_3": "0"},
        **HTMX,  # type: ignore[arg-type]
    )

    page = html(response)
    assert "<html" not in page
    assert "Deal 13 cards each: the dealer takes 14" in page
    assert "Deal 10 cards each" not in page


def test_the_new_table_form_still_tells_the_whole_evenings_deal(client: Client) -> None:
    page = html(client.get(reverse("games:table_new"), {"game": "ciapano"}))

    assert "Deal 8 cards each to five players and 10 each to four. With three players" in page


def test_a_finished_ciapano_table_gives_no_deal(client: Client) -> None:
    # Cy's moon puts Ann and Bob out at 11 at once: Cy wins.
    table = ciapano(["Ann", "Bob", "Cy"], elimination_at=11)
    table_services.round_record(table, {"points": {"Ann": 11, "Bob": 11, "Cy": 0}})

    page = html(client.get(table_url(table)))

    assert "Game over." in page
    assert "Deal 13" not in page


# -- item 10: HEAD / ------------------------------------------------------------------------------


def test_head_on_the_home_page_answers_200_without_a_body(client: Client) -> None:
    table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])

    signed_in = client.head(reverse("games:home"))
    visitor = Client().head("/")

    assert signed_in.status_code == 200
    assert visitor.status_code == 200
    assert signed_in.content == b""
    assert visitor.content == b""
    assert signed_in["Content-Type"].startswith("text/html")


def test_the_home_page_still_refuses_a_post(client: Client) -> None:
    assert client.post(reverse("games:home")).status_code == 405
