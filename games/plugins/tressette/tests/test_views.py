"""Tressette's pages (games/plugins/tressette): the table page, the htmx preview, saving a hand
by its cards and last trick or by its points, declarations, a refused hand (422, nothing saved),
the rules page, and its translations coming from the game package's own catalogs."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.models import Round, Table
from games.scoring.cards import DECK
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import HTMX, edit_url, html, inputs, saved, table_url, totals

pytestmark = pytest.mark.django_db

ALL = [card.code for card in DECK]
# Two aces and five thirds: 3 card points.
ACES_AND_FIGURES = ["AD", "AC", "3D", "2D", "KD", "NC", "JS"]


def tressette_table(players: list[str] | None = None, **options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="tressette", players=players or ["Ann", "Bob"], options=options
    )


def cards_to(cards_for_first: list[str], last_trick: str = "1") -> dict[str, str]:
    data = {"mode": "cards", "last_trick": last_trick}
    for code in ALL:
        data[f"card_{code}"] = "0" if code in cards_for_first else "1"
    return data


def test_the_page_previews_and_saves_a_hand_by_its_cards_and_declarations(client: Client) -> None:
    table = tressette_table()
    page = html(client.get(table_url(table)))
    assert page.count("data-card=") == 40
    assert 'name="last_trick"' in page
    assert 'name="napoletane_0"' in page
    assert 'name="aces_1"' in page
    assert "Game to 31" in page
    # Declarations are rare: closed until a hand has one.
    assert '<details class="declarations-section">' in page

    partial = {"mode": "cards", **{f"card_{code}": "0" for code in ACES_AND_FIGURES}}
    page = html(client.post(table_url(table), {**partial, "action": "preview"}, **HTMX))
    assert page.lstrip().startswith('<div id="preview"')
    assert "So far: 33 cards left to assign" in page
    assert '<td>7</td><td class="points">3</td>' in page

    hand = {**cards_to(ACES_AND_FIGURES, last_trick="0"), "napoletane_0": "1", "twos_1": "3"}
    page = html(client.post(table_url(table), {**hand, "action": "preview"}, **HTMX))
    assert "Card points from the cards taken, the last trick (Ann) included: Ann 4, Bob 7." in page
    assert "Declarations: Ann 3, Bob 3." in page
    assert saved() == (0, 0)
    assert client.post(table_url(table), hand, **HTMX).status_code == 200
    assert totals(table) == {"Ann": 7, "Bob": 10}


def test_a_tapped_hand_without_its_last_trick_is_refused_and_nothing_saved(
    client: Client,
) -> None:
    table = tressette_table()
    response = client.post(table_url(table), cards_to(ACES_AND_FIGURES, last_trick=""), **HTMX)
    assert response.status_code == 422
    assert "say which side took the last trick" in html(response)
    assert saved() == (0, 0)


def test_counted_points_that_do_not_add_up_to_11_are_refused(client: Client) -> None:
    table = tressette_table()
    data = {"mode": "points", "points_0": "6", "points_1": "6"}
    response = client.post(table_url(table), data, **HTMX)
    assert response.status_code == 422
    assert "the card points add up to 12, not 11" in html(response)
    assert '<details class="declarations-section">' in html(response)
    declared = client.post(table_url(table), {**data, "threes_1": "4"}, **HTMX)
    assert '<details class="declarations-section" open>' in html(declared)
    both = {"mode": "points", "points_0": "6", "points_1": "5", "aces_0": "3", "aces_1": "3"}
    with translation.override("it"):
        refused = client.post(table_url(table), both, HTTP_ACCEPT_LANGUAGE="it", **HTMX)
    assert refused.status_code == 422
    assert "gli accusi richiedono più dei quattro assi del mazzo" in html(refused)
    assert saved() == (0, 0)
    assert saved() == (0, 0)
    assert inputs(response).values["points_0"] == "6"


def test_a_hand_in_pairs_is_tapped_stored_and_totalled_per_pair(client: Client) -> None:
    table = tressette_table(["Ann", "Bob", "Cy", "Di"])
    page = html(client.get(table_url(table)))
    assert "Ann &amp; Cy" in page
    assert "Bob &amp; Di" in page
    # Ann & Cy take two aces and five figures (3 points), Bob & Di the rest and the last
    # trick (8); Ann & Cy declare a napoletana, Bob & Di three 3s (rules.md §3, §4).
    hand = {**cards_to(ACES_AND_FIGURES, last_trick="1"), "napoletane_0": "1", "threes_1": "3"}
    assert client.post(table_url(table), hand).status_code == 302
    stored = Round.objects.get(table=table)
    assert {row.side: row.points for row in stored.points.all()} == {
        "Ann & Cy": 3 + 3,
        "Bob & Di": 8 + 3,
    }
    assert stored.breakdown["card_points"] == {"Ann & Cy": 3, "Bob & Di": 8}
    assert stored.breakdown["last_trick"] == "Bob & Di"
    # A second hand counted at the table: the totals are per pair.
    client.post(table_url(table), {"mode": "points", "points_0": "5", "points_1": "6"})
    assert saved() == (2, 4)
    assert totals(table) == {"Ann & Cy": 6 + 5, "Bob & Di": 11 + 6}
    table.refresh_from_db()
    assert not table.is_finished


def test_a_game_to_21_in_pairs_ends_with_its_winners(client: Client) -> None:
    table = tressette_table(["Ann", "Bob", "Cy", "Di"], target="21", napoletana=False)
    page = html(client.get(table_url(table)))
    assert 'name="napoletane_0"' not in page
    for _ in range(2):
        client.post(table_url(table), {"mode": "points", "points_0": "0", "points_1": "11"})
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Bob & Di"]


def test_the_rules_page_names_its_terms_in_every_language(client: Client) -> None:
    page = html(client.get(reverse("games:rules_game", args=["tressette"])))
    assert "Asso: 1 point" in page
    assert "every hand gives 11 points between the two sides" in page
    for language, words in (("it", "Napoletana"), ("de", "Napoletana"), ("ja", "ナポレターナ")):
        with translation.override(language):
            page = html(
                client.get(
                    reverse("games:rules_game", args=["tressette"]), HTTP_ACCEPT_LANGUAGE=language
                )
            )
            assert words in page
            assert translation.gettext("Game to %(target)s") != "Game to %(target)s"


def test_the_rules_page_names_its_sources_and_decisions_in_every_language(client: Client) -> None:
    url = reverse("games:rules_game", args=["tressette"])
    words = {
        "en": ("Sources", "a cappotto scores its 11 points only"),
        "it": ("Fonti", "il cappotto vale solo i suoi 11 punti"),
        "de": ("Quellen", "ein Cappotto zählt nur seine 11 Punkte"),
        "ja": ("出典", "カッポットは11点のみ"),
    }
    for language, expected in words.items():
        page = html(client.get(url, HTTP_ACCEPT_LANGUAGE=language))
        for text in expected:
            assert text in page, language
        assert "giochistars.it" in page
        assert "The Penguin Book of Card Games" in page


def test_a_tapped_hand_with_declarations_is_shown_again_to_be_changed(client: Client) -> None:
    table = tressette_table()
    hand = {**cards_to(ACES_AND_FIGURES, last_trick="1"), "napoletane_0": "2", "aces_0": "4"}
    client.post(table_url(table), hand)
    assert totals(table) == {"Ann": 3 + 10, "Bob": 8}
    response = client.get(edit_url(table, 1))
    page, form = html(response), inputs(response)
    assert form.checked["mode"] == "cards"
    assert form.checked["card_AD"] == "0"
    assert form.checked["card_7D"] == "1"
    assert form.values["napoletane_0"] == "2"
    assert selected(page, "last_trick") == "1"
    assert selected(page, "aces_0") == "4"
    assert selected(page, "aces_1") == "0"
    assert '<details class="declarations-section" open>' in page


def selected(page: str, name: str) -> str:
    """The value of the option chosen in the select named ``name``."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.DOTALL)
    assert select is not None, name
    chosen = re.search(r'<option value="([^"]*)" selected>', select.group(1))
    assert chosen is not None, name
    return chosen.group(1)
