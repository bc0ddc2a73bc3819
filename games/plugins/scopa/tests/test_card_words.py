"""A card is named as the table's deck names it: a corner letter with a suit name ("R Denari")
is no name a player says, and the seven of coins is not "7♦" on an Italian pack."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import card_post_data, rest
from tests.pages import HTMX, html, table_url

pytestmark = pytest.mark.django_db

SIDES = ["Ann", "Bob"]
# Bob's best cards: the king of coins, a 2 of cups and a 2 of clubs, and no swords.
BOB = ["KD", "2C", "2B"]


def scopa(deck: str) -> Table:
    return table_services.table_create(
        club=home_club(), game="scopa", players=SIDES, options={"deck": deck, "target": 99}
    )


def history(client: Client, deck: str, language: str = "en") -> str:
    table = scopa(deck)
    table_services.round_record(table, {"captures": {"Ann": rest(BOB), "Bob": BOB}})
    return html(client.get(table_url(table), HTTP_ACCEPT_LANGUAGE=language))


def preview(client: Client, deck: str, language: str = "en") -> str:
    data = {**card_post_data(SIDES, {"Ann": rest(BOB), "Bob": BOB}), "action": "preview"}
    response = client.post(
        table_url(scopa(deck)),
        data,
        HTTP_ACCEPT_LANGUAGE=language,
        **HTMX,  # type: ignore[arg-type]
    )
    return html(response)


def test_the_primiera_names_an_italian_card_by_its_name(client: Client) -> None:
    page = history(client, "italian")

    assert "Bob 34 (Re of Denari, 2 of Coppe, 2 of Bastoni; no Spade)" in page
    assert "R Denari" not in page


def test_the_primiera_names_it_in_the_page_language(client: Client) -> None:
    page = history(client, "italian", "it")

    assert "Re di Denari, 2 di Coppe, 2 di Bastoni" in page


def test_the_primiera_keeps_a_french_packs_symbols(client: Client) -> None:
    page = history(client, "french")

    assert "Bob 34 (K♦ 2♥ 2♣; no Spades)" in page


@pytest.mark.parametrize(
    ("deck", "language", "chip"),
    [
        ("italian", "en", "7 of Denari"),
        ("italian", "it", "7 di Denari"),
        ("french", "en", "7♦"),
    ],
)
def test_the_settebello_chip_shows_the_tables_deck(
    client: Client, deck: str, language: str, chip: str
) -> None:
    page = preview(client, deck, language)

    assert f'<span class="badge" title="Settebello">{chip}</span>' in page
    if deck == "italian":
        assert "♦" not in page
