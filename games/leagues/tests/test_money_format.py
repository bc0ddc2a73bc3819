"""Money in the page's language and in the league's currency (issue 19): separators and the
symbol's place follow the language, the yen has no decimals, and a league's tables count their
money in the league's currency."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.formatting import CURRENCIES as WRITTEN
from games.formatting import MINUS, NBSP, money, signed
from games.leagues import services as league_services
from games.models import League, Table
from games.scoring.options import CURRENCIES as OFFERED
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import points_entry
from tests.pages import html

FOUR = ["Ann", "Bob", "Cy", "Di"]


@pytest.mark.parametrize(
    ("language", "euros", "yen", "francs"),
    [
        ("en", f"+3.40{NBSP}€", "+¥150", f"+CHF{NBSP}3.40"),
        ("de", f"+3,40{NBSP}€", f"+150{NBSP}¥", f"+CHF{NBSP}3,40"),
        ("it", f"+3,40{NBSP}€", f"+150{NBSP}¥", f"+CHF{NBSP}3,40"),
        ("ja", "+€3.40", "+¥150", f"+CHF{NBSP}3.40"),
    ],
)
def test_money_is_written_as_the_language_writes_it(
    language: str, euros: str, yen: str, francs: str
) -> None:
    with translation.override(language):
        assert money(34, 10, "EUR") == euros
        # The yen has no smaller unit: 15 points at 10 yen each are 150 yen, no decimals.
        assert money(15, 10, "JPY") == yen
        assert money(34, 10, "CHF") == francs
        assert money(-34, 10, "EUR", sign=True).startswith(MINUS)
        assert money(-34, 10, "EUR", sign=False) == euros[1:]
        assert money(0, 10, "JPY") == yen.replace("150", "0")[1:]


def test_a_signed_balance_uses_the_language_separator() -> None:
    with translation.override("de"):
        assert signed(1.5, 1) == "+1,5"
        assert signed(-2.5, 1) == f"{MINUS}2,5"
    with translation.override("en"):
        assert signed(-2.5, 1) == f"{MINUS}2.5"
        assert signed(0) == "0"


@pytest.mark.django_db
def test_a_league_table_counts_its_money_in_the_league_currency(client: Client) -> None:
    club = home_club()
    league = league_services.league_create(club=club, name="Stammtisch", games=["schafkopf"])
    assert league.currency == "EUR"
    league_services.league_update(
        league, name="Stammtisch", games=["schafkopf"], members=[], currency="JPY"
    )
    # The form asked for euro; the league counts in yen.
    table = table_services.table_create(
        club=club,
        game="schafkopf",
        players=FOUR,
        options={"cents_per_point": 10, "currency": "EUR"},
        league=League.objects.get(pk=league.pk),
    )
    assert table.options["currency"] == "JPY"
    table_services.round_record(table, points_entry(Ann=30, Bob=-10, Cy=-10, Di=-10))
    page = html(client.get(reverse("games:table", kwargs={"table": table.public_id})))
    assert "+¥300" in page
    assert f"{MINUS}¥100" in page
    # A friendly game keeps the currency it was started with.
    friendly = table_services.table_create(
        club=club, game="schafkopf", players=FOUR, options={"cents_per_point": 10}
    )
    assert Table.objects.get(pk=friendly.pk).options.get("currency", "EUR") == "EUR"


@pytest.mark.django_db
def test_the_league_form_sets_the_currency_and_refuses_an_unknown_one(client: Client) -> None:
    response = client.post(
        reverse("games:leagues"),
        {"name": "Bar Sport", "games": ["schafkopf"], "members": "", "currency": "JPY"},
    )
    assert response.status_code == 302
    league = League.objects.get()
    assert league.currency == "JPY"
    edit = reverse("games:league_edit", kwargs={"league": league.public_id})
    assert '<option value="JPY" selected>' in html(client.get(edit))
    response = client.post(
        edit,
        {"name": "Bar Sport", "games": ["schafkopf"], "currency": "XXX", "league_version": "1"},
    )
    assert response.status_code == 422
    assert "XXX" in html(response)
    league.refresh_from_db()
    assert league.currency == "JPY"


def test_every_currency_offered_is_written_with_its_symbol() -> None:
    assert [choice.value for choice in OFFERED] == list(WRITTEN)


def test_the_pages_number_style_kept_per_language_follows_each_language_and_the_settings() -> None:
    from django.test import override_settings

    from games.formatting import page_numbers

    with translation.override("de"):
        german = page_numbers()
    with translation.override("en"):
        english = page_numbers()
    with translation.override("de"):
        assert page_numbers() == german
    assert (german.language, german.decimal_separator) == ("de", ",")
    assert (english.language, english.decimal_separator) == ("en", ".")
    # Kept until a setting changes (a test's override of the formats' settings).
    from games import formatting

    assert "de" in formatting._STYLES
    with override_settings(DECIMAL_SEPARATOR="#"):
        assert formatting._STYLES == {}
