"""The custom game's pages (games/plugins/custom): the new table with its options, the table
page, the htmx preview, saving a hand, a refused hand (422, nothing saved), negative points
where the table allows them, editing a hand, the end of the game, the rules page, and its words
in the players' language from the package's own catalogs."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import HTMX, edit_url, html, inputs, saved, table_url, totals

pytestmark = pytest.mark.django_db

THREE = ["Ann", "Bob", "Cy"]


def custom_table(players: list[str] | None = None, **options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="custom", players=players or THREE, options=options
    )


def hand(*points: object) -> dict[str, str]:
    return {f"points_{index}": str(value) for index, value in enumerate(points) if value != ""}


def test_the_new_table_form_offers_it_with_its_options(client: Client) -> None:
    response = client.post(
        reverse("games:table_new"),
        {
            "game": "custom",
            **{f"player_{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"])},
            "first_dealer": "0",
            "opt_target": "500",
            "opt_lowest_wins": "on",
            "opt_teams": "on",
        },
    )

    table = Table.objects.get()
    assert response.status_code == 302
    assert table.game == "custom"
    assert table.options == {"target": 500, "lowest_wins": True, "teams": True}
    assert table.setup().sides == ("Ann & Cy", "Bob & Di")
    page = html(client.get(reverse("games:table_new"), {"game": "custom"}))
    assert "Any other game" in page
    assert "Negative points" in page


def test_the_table_page_asks_each_sides_points_and_states_the_goal(client: Client) -> None:
    table = custom_table()

    response = client.get(table_url(table))

    page = html(response)
    assert "Until someone reaches 100; the highest total wins" in page
    assert "Points of this hand" in page
    form = inputs(response)
    assert {"points_0", "points_1", "points_2"} <= set(form.values)
    # No minus sign on a numeric keypad: only where negative points are refused.
    assert 'inputmode="numeric"' in points_input(page)
    negative = html(client.get(table_url(custom_table(["Di", "Ed"], negative_points=True))))
    assert 'inputmode="numeric"' not in points_input(negative)
    assert 'min="-100000"' in points_input(negative)


def points_input(page: str) -> str:
    found = re.search(r'<input[^>]*name="points_0"[^>]*>', page)
    assert found is not None
    return found.group(0)


def test_htmx_preview_shows_the_hand_and_saves_nothing(client: Client) -> None:
    table = custom_table()

    response = client.post(table_url(table), {**hand(25, "", 10), "action": "preview"}, **HTMX)

    page = html(response)
    assert page.lstrip().startswith('<div id="preview"')
    assert re.findall(r'<td class="points">([^<]+)</td>', page) == ["+25", "0", "+10"]
    assert saved() == (0, 0)


def test_a_hand_is_saved_and_the_game_ends_on_the_target(client: Client) -> None:
    table = custom_table(target=50)

    client.post(table_url(table), hand(30, 5, ""))
    response = client.post(table_url(table), hand(25, 40, 0))

    assert response.status_code in (200, 302)
    assert totals(table) == {"Ann": 55, "Bob": 45, "Cy": 0}
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Ann"]


@pytest.mark.parametrize(
    ("options", "data", "message"),
    [
        ({}, hand(-5, 3, 0), "Ensure this value is greater than or equal to 0."),
        ({}, hand("", "", ""), "Enter the points of the hand: 0 for a side that scored nothing."),
        ({}, hand(100_001, 0, 0), "Ensure this value is less than or equal to 100000."),
        ({}, hand("ten", 0, 0), "Enter a whole number."),
    ],
    ids=["negative", "blank", "too-many", "not-a-number"],
)
def test_a_bad_hand_is_refused_with_the_reason_and_nothing_saved(
    client: Client, options: dict[str, object], data: dict[str, str], message: str
) -> None:
    table = custom_table(**options)

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    page = html(response)
    assert message in page
    # A field's own error stands by the field; the form's, in the box over it.
    assert ("Nothing was saved:" in page) == data.keys().isdisjoint({"points_0"})
    assert saved() == (0, 0)


def test_a_refused_hand_over_htmx_answers_the_record_fragment(client: Client) -> None:
    table = custom_table()

    response = client.post(table_url(table), hand(-1, 0, 0), **HTMX)

    assert response.status_code == 422
    assert response["HX-Retarget"] == "#record"
    assert "<html" not in html(response)
    assert saved() == (0, 0)


def test_negative_points_where_the_table_allows_them(client: Client) -> None:
    table = custom_table(["Ann", "Bob", "Cy", "Di"], negative_points=True, lowest_wins=True)

    client.post(table_url(table), hand(-12, 4, 4, 4))

    assert totals(table) == {"Ann": -12, "Bob": 4, "Cy": 4, "Di": 4}
    page = html(client.get(table_url(table)))
    assert "Until someone reaches 100; the lowest total wins" in page


def test_editing_a_hand_shows_its_points_and_changes_them(client: Client) -> None:
    table = custom_table()
    table_services.round_record(table, {"points": {"Ann": 7, "Bob": 0, "Cy": 3}})

    form = inputs(client.get(edit_url(table, 1)))
    assert [form.values[f"points_{index}"] for index in range(3)] == ["7", "0", "3"]
    client.post(edit_url(table, 1), hand(8, 0, 3))

    assert totals(table) == {"Ann": 8, "Bob": 0, "Cy": 3}


def test_the_rules_page_says_it_is_a_generic_scorer_in_every_language(client: Client) -> None:
    url = reverse("games:rules_game", kwargs={"game": "custom"})
    words = {
        "en": "a generic scorer",
        "it": "un segnapunti generico",
        "de": "ein allgemeiner Punktezettel",
        "ja": "汎用スコア表",
    }
    for language, expected in words.items():
        page = html(client.get(url, HTTP_ACCEPT_LANGUAGE=language))
        assert expected in page, language


def test_the_rules_page_names_its_sources_in_every_language(client: Client) -> None:
    url = reverse("games:rules_game", kwargs={"game": "custom"})
    for language, heading in (
        ("en", "Sources"),
        ("it", "Fonti"),
        ("de", "Quellen"),
        ("ja", "出典"),
    ):
        page = html(client.get(url, HTTP_ACCEPT_LANGUAGE=language))
        assert heading in page, language
        assert "pagat.com/reverse/hearts.html" in page
        assert "KeepScore" in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", ["Altro gioco", "Punti di questa smazzata", "Finché qualcuno arriva a 100"]),
        ("de", ["Anderes Spiel", "Punkte dieser Runde", "Bis jemand 100 erreicht"]),
        ("ja", ["その他のゲーム", "このラウンドの点数", "誰かが100点に達するまで"]),
    ],
)
def test_the_table_page_speaks_the_players_language(
    client: Client, language: str, words: list[str]
) -> None:
    page = html(client.get(table_url(custom_table()), HTTP_ACCEPT_LANGUAGE=language))

    for word in words:
        assert word in page


def test_a_scoresheet_imports_and_exports_as_written(client: Client) -> None:
    document = {
        "format": "scoresheet/1",
        "game": "custom",
        "options": {"teams": True, "negative_points": True, "hands": 3},
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "rounds": [
            {"points": {"Ann & Cy": 120, "Bob & Di": -40}},
            {"points": {"Ann & Cy": -15, "Bob & Di": 90}},
        ],
    }
    table = table_services.table_import(document, club=home_club())

    assert totals(table) == {"Ann & Cy": 105, "Bob & Di": 50}
    response = client.get(reverse("games:table_export", kwargs={"table": table.public_id}))
    assert response.json() == document
