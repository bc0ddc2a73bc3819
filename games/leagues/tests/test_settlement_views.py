"""The settlement page through Django's test client: which tables count, the nets and payments
worked out by hand, the htmx fragment, bad dates, leagues and the number of queries."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries, Settings

from games.models import League, Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import points_entry
from tests.pages import HTMX, html, table_url

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 21)
MINUS = "\u2212"
NBSP = "\u00a0"
EUR = {"cents_per_point": 10, "currency": "EUR"}
WEEK = datetime.timedelta(days=7)


def at(day: datetime.date, hour: int, minute: int = 0) -> datetime.datetime:
    """A local time on ``day`` in the site's time zone."""
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour, minute)))


def money_table(
    players: Sequence[str],
    hands: Sequence[dict[str, int]],
    *,
    started: datetime.datetime,
    options: dict[str, object] | None = None,
    game: str = "schafkopf",
) -> Table:
    table = table_services.table_create(
        club=home_club(),
        game=game,
        players=list(players),
        options=EUR if options is None else options,
    )
    for hand in hands:
        table_services.round_record(table, points_entry(**hand))
    Table.objects.filter(pk=table.pk).update(created_at=started)
    return Table.objects.get(pk=table.pk)


def finish(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(finished_at=timezone.now())


def settle_url(**query: str) -> str:
    return reverse("games:settlement") + ("?" + "&".join(f"{k}={v}" for k, v in query.items()))


def payments_of(page: str) -> list[str]:
    """The sentences of the payments list, in order."""
    if 'class="settle-payments"' not in page:
        return []
    listing = page.split('class="settle-payments"', 1)[1].split("</ol>", 1)[0]
    return [item.split("</li>", 1)[0].strip() for item in listing.split("<li>")[1:]]


@pytest.fixture
def evening() -> tuple[Table, Table]:
    """Two EUR tables at 10 cents a point, on the evening of DAY; the second one is finished.

    First table: Ann +30 −20 = +10, Bob −10 +40 = +30, Cy −20, Di −20 (points).
    Second table: Ann −30, Bob −10, Cy +50, Eve −10.
    Together, in cents: Ann −200, Bob +200, Cy +300, Di −200, Eve −100.
    Ann and Bob cancel out exactly (one payment); Cy, Di and Eve are one group of three (two
    payments, largest debtor first): Di pays Cy 2.00, Eve pays Cy 1.00. Three payments for five
    people, where one group of everybody would take four.
    """
    first = money_table(
        ["Ann", "Bob", "Cy", "Di"],
        [
            {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10},
            {"Ann": -20, "Bob": 40, "Cy": -10, "Di": -10},
        ],
        started=at(DAY, 19, 30),
    )
    second = money_table(
        ["Ann", "Bob", "Cy", "Eve"],
        [{"Ann": -30, "Bob": -10, "Cy": 50, "Eve": -10}],
        started=at(DAY, 21, 0),
    )
    finish(second)
    return first, second


def test_the_evening_is_settled_in_three_payments(
    client: Client, evening: tuple[Table, Table]
) -> None:
    first, second = evening

    response = client.get(settle_url(date="2026-11-21"))

    assert response.status_code == 200
    page = html(response)
    assert payments_of(page) == [
        f"Ann pays Bob 2.00{NBSP}€",
        f"Di pays Cy 2.00{NBSP}€",
        f"Eve pays Cy 1.00{NBSP}€",
    ]
    assert "3 payments settle 5 players; every balance is back to zero." in page
    # Each player's net, from the biggest win to the biggest loss; ties by name.
    nets = [
        ("Cy", f"+3.00{NBSP}€"),
        ("Bob", f"+2.00{NBSP}€"),
        ("Eve", f"{MINUS}1.00{NBSP}€"),
        ("Ann", f"{MINUS}2.00{NBSP}€"),
        ("Di", f"{MINUS}2.00{NBSP}€"),
    ]
    positions = [
        page.index(f'"settle-net-name">{name}</span> <span class="settle-net-amount">{amount}<')
        for name, amount in nets
    ]
    assert positions == sorted(positions)
    # Both tables are listed and linked; only the first is still open.
    assert f'href="{table_url(first)}"' in page
    assert f'href="{table_url(second)}"' in page
    assert page.count(">still open</span>") == 1
    assert "2 hands" in page
    assert "1 hand<" in page
    assert f"0.10{NBSP}€ a point" in page


def test_the_full_page_has_a_plain_get_form_that_htmx_enhances(
    client: Client, evening: tuple[Table, Table]
) -> None:
    page = html(client.get(settle_url(date="2026-11-21")))

    assert "<html" in page
    assert 'method="get"' in page
    assert 'hx-get="/settle/"' in page
    assert 'hx-target="#settlement-result"' in page
    assert 'hx-push-url="true"' in page
    assert 'value="2026-11-21"' in page
    assert 'href="/settle/?date=2026-11-20"' in page
    assert 'href="/settle/?date=2026-11-22"' in page
    assert "past midnight" in page


def test_an_htmx_request_gets_only_the_result(client: Client, evening: tuple[Table, Table]) -> None:
    response = client.get(settle_url(date="2026-11-21"), **HTMX)

    assert response.status_code == 200
    page = html(response)
    assert "<html" not in page
    assert "<form" not in page
    assert payments_of(page) == [
        f"Ann pays Bob 2.00{NBSP}€",
        f"Di pays Cy 2.00{NBSP}€",
        f"Eve pays Cy 1.00{NBSP}€",
    ]


def test_the_date_defaults_to_today(client: Client) -> None:
    money_table(
        ["Ann", "Bob", "Cy", "Di"],
        [{"Ann": 34, "Bob": -34}],
        started=timezone.now(),
    )

    page = html(client.get(reverse("games:settlement")))

    assert f'value="{timezone.localdate().isoformat()}"' in page
    assert payments_of(page) == [f"Bob pays Ann 3.40{NBSP}€"]
    assert "1 payment settles 4 players" in page


def test_after_midnight_settle_up_opens_on_the_evening_that_began_yesterday(
    client: Client, settings: Settings
) -> None:
    """Issue 18: at 00:30 "today" had no tables, so the page opened on an empty day."""
    settings.TIME_ZONE = "Europe/Rome"
    money_table(["Ann", "Bob", "Cy", "Di"], [{"Ann": 34, "Bob": -34}], started=at(DAY, 21))
    # A later game without money does not make its day the evening to settle.
    money_table(["Eve", "Fay"], [{"Eve": 3}], started=at(DAY, 23), options={}, game="scopa")
    half_past_midnight = at(DAY + datetime.timedelta(days=1), 0, 30)

    for headers in ({}, HTMX):
        with mock.patch("django.utils.timezone.now", return_value=half_past_midnight):
            page = html(client.get(reverse("games:settlement"), **headers))

        assert payments_of(page) == [f"Bob pays Ann 3.40{NBSP}€"]
        assert "21 November 2026" in page
    # And days later.
    with mock.patch("django.utils.timezone.now", return_value=at(DAY + WEEK, 9)):
        assert 'value="2026-11-21"' in html(client.get(reverse("games:settlement")))


def test_without_money_tables_settle_up_opens_on_today(client: Client) -> None:
    money_table(["Eve", "Fay"], [{"Eve": 3}], started=at(DAY, 20), options={}, game="scopa")
    money_table(
        ["Ann", "Bob", "Cy", "Di"], [{"Ann": 3, "Bob": -3}], started=at(DAY, 20), options={}
    )

    page = html(client.get(reverse("games:settlement")))

    assert f'value="{timezone.localdate().isoformat()}"' in page
    assert payments_of(page) == []


def test_a_league_asked_for_without_a_date_opens_on_its_latest_evening(client: Client) -> None:
    club = League.objects.create(name="Stammtisch", games=["schafkopf"], club=home_club())
    league_table = money_table(
        ["Ann", "Bob", "Cy", "Di"], [{"Cy": 20, "Di": -20}], started=at(DAY, 20)
    )
    Table.objects.filter(pk=league_table.pk).update(league=club)
    money_table(
        ["Ann", "Bob", "Cy", "Di"],
        [{"Ann": 10, "Bob": -10}],
        started=at(DAY + datetime.timedelta(days=2), 20),
    )

    with mock.patch("django.utils.timezone.now", return_value=at(DAY + WEEK, 9)):
        page = html(client.get(settle_url(league=club.public_id)))

    assert 'value="2026-11-21"' in page
    assert payments_of(page) == [f"Di pays Cy 2.00{NBSP}€"]


def test_another_clubs_money_tables_do_not_choose_the_day(client: Client) -> None:
    from games.models import Club

    money_table(["Ann", "Bob", "Cy", "Di"], [{"Ann": 10, "Bob": -10}], started=at(DAY, 20))
    theirs = money_table(
        ["Ann", "Bob", "Cy", "Di"],
        [{"Ann": 10, "Bob": -10}],
        started=at(DAY + datetime.timedelta(days=1), 20),
    )
    Table.objects.filter(pk=theirs.pk).update(club=Club.objects.create(name="Elsewhere"))

    with mock.patch("django.utils.timezone.now", return_value=at(DAY + WEEK, 9)):
        page = html(client.get(reverse("games:settlement")))

    assert 'value="2026-11-21"' in page


@pytest.mark.parametrize("bad", ["2026-13-45", "yesterday", "21.11.2026"])
def test_an_invalid_date_is_refused_with_a_readable_message(
    client: Client, evening: tuple[Table, Table], bad: str
) -> None:
    for headers in ({}, HTMX):
        response = client.get(reverse("games:settlement"), {"date": bad}, **headers)

        assert response.status_code == 422
        page = html(response)
        assert "That is not a date." in page
        assert "year-month-day" in page
        assert " pays Bob" not in page
        assert "settle-payments" not in page
        assert "settle-net" not in page


@pytest.mark.parametrize("far", ["0001-01-01", "9999-12-31"])
def test_a_day_too_far_away_is_refused(client: Client, far: str) -> None:
    response = client.get(reverse("games:settlement"), {"date": far})

    assert response.status_code == 422
    assert "Choose a day between 1900 and 9998." in html(response)


def test_a_table_started_on_another_day_is_not_counted(client: Client) -> None:
    money_table(["Ann", "Bob", "Cy", "Di"], [{"Ann": 10, "Bob": -10}], started=at(DAY, 20))
    day_before = money_table(
        ["Ann", "Bob", "Cy", "Di"],
        [{"Cy": 50, "Di": -50}],
        started=at(DAY - datetime.timedelta(days=1), 20),
    )

    page = html(client.get(settle_url(date="2026-11-21")))

    assert payments_of(page) == [f"Bob pays Ann 1.00{NBSP}€"]
    assert f'href="{table_url(day_before)}"' not in page
    assert f'"settle-net-name">Cy</span> <span class="settle-net-amount">0.00{NBSP}€<' in page


def test_an_evening_past_midnight_belongs_to_the_day_it_began(
    client: Client, settings: Settings
) -> None:
    settings.TIME_ZONE = "Europe/Berlin"
    # 23:30 in Berlin is still the 21st there, though 22:30 UTC; 00:30 is the 22nd.
    late = money_table(
        ["Ann", "Bob", "Cy", "Di"], [{"Ann": 10, "Bob": -10}], started=at(DAY, 23, 30)
    )
    after_midnight = money_table(
        ["Ann", "Bob", "Cy", "Di"],
        [{"Cy": 20, "Di": -20}],
        started=at(DAY + datetime.timedelta(days=1), 0, 30),
    )
    assert timezone.localdate(late.created_at) == DAY

    on_the_day = html(client.get(settle_url(date="2026-11-21")))
    next_day = html(client.get(settle_url(date="2026-11-22")))

    assert payments_of(on_the_day) == [f"Bob pays Ann 1.00{NBSP}€"]
    assert payments_of(next_day) == [f"Di pays Cy 2.00{NBSP}€"]
    assert f'href="{table_url(after_midnight)}"' not in on_the_day


def test_tables_without_money_are_not_counted(client: Client) -> None:
    money_table(["Ann", "Bob", "Cy", "Di"], [{"Ann": 10, "Bob": -10}], started=at(DAY, 20))
    no_money = money_table(
        ["Ann", "Bob", "Cy", "Di"], [{"Cy": 50, "Di": -50}], started=at(DAY, 20), options={}
    )
    scopa = money_table(
        ["Eve", "Fay"], [{"Eve": 3, "Fay": 0}], started=at(DAY, 20), options={}, game="scopa"
    )

    page = html(client.get(settle_url(date="2026-11-21")))

    assert payments_of(page) == [f"Bob pays Ann 1.00{NBSP}€"]
    assert f'href="{table_url(no_money)}"' not in page
    assert f'href="{table_url(scopa)}"' not in page
    assert "Eve" not in page


def test_a_day_without_money_games_says_so(client: Client) -> None:
    money_table(
        ["Ann", "Bob", "Cy", "Di"], [{"Ann": 10, "Bob": -10}], started=at(DAY, 20), options={}
    )

    page = html(client.get(settle_url(date="2026-11-21")))

    assert "No money games started on 21 November 2026." in page
    assert "Money per point" in page
    assert payments_of(page) == []


def test_several_currencies_are_settled_separately(client: Client) -> None:
    money_table(["Ann", "Bob", "Cy", "Di"], [{"Ann": 10, "Bob": -10}], started=at(DAY, 19))
    money_table(
        ["Ann", "Bob", "Cy", "Di"],
        [{"Bob": 20, "Ann": -20}],
        started=at(DAY, 20),
        options={"cents_per_point": 50, "currency": "CHF"},
    )

    page = html(client.get(settle_url(date="2026-11-21")))

    # Bob owes 1 € and is owed 10 francs: the two are never netted against each other.
    assert payments_of(page) == [f"Ann pays Bob CHF{NBSP}10.00"]
    assert page.split("Played in EUR", 1)[1].count(f"Bob pays Ann 1.00{NBSP}€") == 1
    assert "Played in CHF" in page


def test_the_league_filter_keeps_only_that_leagues_tables(
    client: Client, evening: tuple[Table, Table]
) -> None:
    first, second = evening
    club = League.objects.create(name="Stammtisch", games=["schafkopf"], club=home_club())
    League.objects.create(name="Family", games=["scopa"], club=home_club())
    Table.objects.filter(pk=second.pk).update(league=club)

    everything = html(client.get(settle_url(date="2026-11-21")))
    only_club = html(client.get(settle_url(date="2026-11-21", league=club.public_id)))

    assert '<select name="league"' in everything
    assert "Stammtisch" in everything
    assert "Family" in everything
    # The second table alone: Ann −3.00, Bob −1.00, Cy +5.00, Eve −1.00.
    assert payments_of(only_club) == [
        f"Ann pays Cy 3.00{NBSP}€",
        f"Bob pays Cy 1.00{NBSP}€",
        f"Eve pays Cy 1.00{NBSP}€",
    ]
    assert f'href="{table_url(first)}"' not in only_club
    assert f'href="/settle/?date=2026-11-20&amp;league={club.public_id}"' in only_club


def test_an_unknown_league_is_refused(client: Client, evening: tuple[Table, Table]) -> None:
    League.objects.create(name="Stammtisch", games=["schafkopf"], club=home_club())

    response = client.get(settle_url(date="2026-11-21", league="999999"))

    assert response.status_code == 422
    assert "Choose a league from the list." in html(response)
    assert payments_of(html(response)) == []


def test_the_league_select_is_left_out_without_leagues(
    client: Client, evening: tuple[Table, Table]
) -> None:
    assert '<select name="league"' not in html(client.get(settle_url(date="2026-11-21")))


def test_the_number_of_queries_does_not_grow_with_the_tables(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    League.objects.create(name="Stammtisch", games=["schafkopf"], club=home_club())
    hands = [{"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}, {"Ann": -20, "Bob": 20}]
    money_table(["Ann", "Bob", "Cy", "Di"], hands, started=at(DAY, 18))
    other_day = datetime.date(2026, 11, 22)
    for hour in range(18, 24):
        money_table(["Ann", "Bob", "Cy", "Di"], hands, started=at(other_day, hour))

    # The session, the account and its clubs; then the leagues, the day's tables, their seats
    # and players, and the points per table and side.
    with django_assert_num_queries(3 + 4):
        one = client.get(settle_url(date="2026-11-21"))
    with django_assert_num_queries(3 + 4):
        six = client.get(settle_url(date="2026-11-22"))

    assert html(one).count("settle-net-name") == 4
    assert payments_of(html(one)) == [f"Cy pays Ann 1.00{NBSP}€", f"Di pays Bob 1.00{NBSP}€"]
    assert html(six).count('class="table-card"') == 6
    assert payments_of(html(six)) == [f"Cy pays Ann 6.00{NBSP}€", f"Di pays Bob 6.00{NBSP}€"]
