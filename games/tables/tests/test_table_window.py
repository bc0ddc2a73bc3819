"""A long table's page costs what a short one's does (issue 31): where the table's tally stands
for its hands, the page reads only the latest ones, takes the totals from the tally and draws
the running totals over the latest hands; what it shows is what scoring every hand shows."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Table
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from games.tables.page import HISTORY_PAGE, WINDOW, TablePage
from games.tables.tests.test_chart_views import chart_of
from tests.clubs import home_club
from tests.factories import points_entry
from tests.pages import HTMX, html, table_url

pytestmark = pytest.mark.django_db

HANDS = WINDOW + 6
# What differs between two renders of the same table: the new hand's token, the CSRF token.
EACH_RENDER = re.compile(
    r'(name="hand_token" value="|csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]*'
)


def schafkopf_table() -> Table:
    """A Schafkopf evening (the rules never end it) of HANDS hands, solos won and lost by turns,
    its balances negative and positive."""
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=["Ann", "Bob", "Cy", "Di"]
    )
    players = ["Ann", "Bob", "Cy", "Di"]
    for number in range(HANDS):
        table_services.round_record(
            table,
            {
                "contract": "solo",
                "declarer": players[number % 4],
                "declarer_won": number % 3 != 0,
            },
        )
    return table


def scopa_table() -> Table:
    """A Scopa table to 99 of HANDS uneven hands that leave it open."""
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    for number in range(HANDS):
        table_services.round_record(table, points_entry(Ann=1 + number % 2, Bob=1))
    return table


@pytest.fixture(params=["scopa", "schafkopf"])
def long_table(request: pytest.FixtureRequest) -> Table:
    return scopa_table() if request.param == "scopa" else schafkopf_table()


def same_render(text: str) -> str:
    return EACH_RENDER.sub(r"\1", text)


def test_the_page_from_the_tally_is_the_page_from_every_hand(
    client: Client, long_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[int | None] = []
    read_hands = table_selectors.table_hands

    def counted(table: Table, latest: int | None = None) -> list[table_selectors.StoredHand]:
        reads.append(latest)
        return read_hands(table, latest)

    monkeypatch.setattr(table_selectors, "table_hands", counted)
    url = table_url(long_table)
    from_tally = client.get(url).content.decode()
    chart_from_tally = client.get(url, {"part": "chart"}, **HTMX).content.decode()
    assert reads
    assert all(latest == WINDOW for latest in reads)

    # Without a tally for its version, the page scores every hand, as it always did.
    Table.objects.filter(pk=long_table.pk).update(tally=None)
    reads.clear()
    from_every_hand = client.get(url).content.decode()
    chart_from_every_hand = client.get(url, {"part": "chart"}, **HTMX).content.decode()
    assert reads
    assert all(latest is None for latest in reads)

    assert same_render(from_tally) == same_render(from_every_hand)
    assert chart_from_tally.lstrip().startswith('<div id="totals-chart"')
    assert chart_from_tally == chart_from_every_hand
    assert f"Hand {HANDS}<" in from_tally
    assert f"Hand {HANDS - HISTORY_PAGE}<" not in from_tally


def test_the_chart_draws_the_latest_hands_from_the_totals_before_them(client: Client) -> None:
    table = scopa_table()

    chart = chart_of(html(client.get(table_url(table))))

    # Ann takes 1 and 2 by turns, Bob 1 each hand: after hand 6 Ann has 9 and Bob 6.
    first = HANDS - WINDOW
    assert chart.rows[1] == [str(first), str(first + first // 2), str(first)]
    assert chart.rows[-1] == [str(HANDS), str(HANDS + HANDS // 2), str(HANDS)]
    assert len(chart.rows) == 1 + WINDOW + 1
    assert chart.text["desc"] == f"After {HANDS} hands: Ann {HANDS + HANDS // 2}, Bob {HANDS}"


def test_the_hands_read_after_the_state_from_the_tally_give_the_whole_state() -> None:
    page = TablePage.load(Table.objects.get(pk=scopa_table().pk))

    assert page.state.totals_after_each_round == ({"Ann": 39, "Bob": 26},)
    assert len(page.hands) == HANDS
    assert len(page.state.totals_after_each_round) == HANDS
    assert page.state.totals == {"Ann": 39, "Bob": 26}
