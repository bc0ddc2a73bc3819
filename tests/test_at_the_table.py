"""Issue 18 ("At the table: phone ergonomics"): the smaller items, through the test client."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.models import Table
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
    return services.table_create(club=home_club(), game="scopa", players=THREE)


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
