"""The running-totals chart on the table page: drawn from the second hand, swapped with a new
hand, with the line each game turns on, and its numbers in a table."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games.models import Table
from games.scoring import GAMES
from games.tables import services as table_services
from games.tables.charts import running_totals_chart
from scorekeeper.static_bundles import BUNDLES
from tests.clubs import home_club
from tests.pages import HTMX, html, table_url

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


class ChartParser(HTMLParser):
    """The running-totals figure of a page: its SVG's attributes and text, and the numbers."""

    def __init__(self) -> None:
        super().__init__()
        self.in_figure = False
        self.svg: dict[str, str | None] = {}
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: dict[str, str] = {}
        self.rows: list[list[str]] = []
        self._open: str = ""
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "figure" and attr.get("id") == "running-totals":
            self.in_figure = True
        if not self.in_figure:
            return
        self.elements.append((tag, attr))
        if tag == "svg":
            self.svg = attr
        elif tag in ("title", "desc", "figcaption", "summary"):
            self._open = tag
        elif tag == "tr":
            self.rows.append([])
        elif tag in ("th", "td"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "figure":
            self.in_figure = False
        if tag in ("th", "td") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None
        if tag == self._open:
            self._open = ""

    def handle_data(self, data: str) -> None:
        if not self.in_figure:
            return
        if self._open:
            self.text[self._open] = self.text.get(self._open, "") + data
        if self._cell is not None:
            self._cell.append(data)

    def has_class(self, name: str) -> bool:
        return any(name in (attr.get("class") or "").split() for _, attr in self.elements)


def chart_of(page: str) -> ChartParser:
    parser = ChartParser()
    parser.feed(page)
    return parser


def scopa_table(**options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options=options
    )


def hand(table: Table, **points: int) -> None:
    table_services.round_record(table, {"points": points})


def test_after_two_hands_the_page_draws_an_accessible_chart_of_the_running_totals(
    client: Client,
) -> None:
    table = scopa_table()
    hand(table, Ann=3, Bob=1)
    hand(table, Ann=1, Bob=4)
    hand(table, Ann=2, Bob=0)

    page = html(client.get(table_url(table)))
    chart = chart_of(page)

    assert chart.svg["role"] == "img"
    assert chart.svg["aria-labelledby"] == "running-totals-title running-totals-desc"
    assert chart.text["title"] == "Running totals"
    assert chart.text["figcaption"] == "Running totals"
    assert chart.text["desc"] == "After 3 hands: Ann 6, Bob 5"
    assert chart.text["summary"] == "Show the numbers"
    assert chart.rows == [
        ["Hand", "Ann", "Bob"],
        ["Start", "0", "0"],
        ["1", "3", "1"],
        ["2", "4", "5"],
        ["3", "6", "5"],
    ]
    # One line per side, four points each (the start and three hands), in seat order.
    lines = [attr for tag, attr in chart.elements if tag == "polyline"]
    assert len(lines) == 2
    assert all(len((attr["points"] or "").split()) == 4 for attr in lines)
    assert [
        attr["class"]
        for tag, attr in chart.elements
        if tag == "g" and "chart-line" in (attr["class"] or "")
    ] == ["chart-line chart-series-0", "chart-line chart-series-1"]
    # charts.css comes in the stylesheet every page loads.
    assert "css/bundle.css" in page
    assert "css/charts.css" in BUNDLES["css/bundle.css"]


def test_the_scopa_chart_marks_the_target(client: Client) -> None:
    table = scopa_table(target=21)
    hand(table, Ann=3, Bob=1)
    hand(table, Ann=1, Bob=4)

    chart = chart_of(html(client.get(table_url(table))))

    assert chart.has_class("chart-threshold")
    assert "Playing to 21" in html(client.get(table_url(table)))


@pytest.mark.parametrize("hands", [0, 1])
def test_no_chart_before_the_second_hand(client: Client, hands: int) -> None:
    table = scopa_table()
    for _ in range(hands):
        hand(table, Ann=3, Bob=1)

    page = html(client.get(table_url(table)))

    assert "running-totals" not in page
    assert "chart-svg" not in page
    assert "Show the numbers" not in page


def test_a_recorded_hand_tells_the_chart_to_fetch_itself_again(client: Client) -> None:
    table = scopa_table()
    hand(table, Ann=3, Bob=1)

    response = client.post(
        table_url(table), {"mode": "points", "points_0": "2", "points_1": "4"}, **HTMX
    )

    # The answer to a save stays small: it leaves the chart out and says it is stale ...
    assert "chart-svg" not in html(response)
    assert json.loads(response["HX-Trigger-After-Swap"])["chart-stale"] is True
    page = html(client.get(table_url(table)))
    assert f'hx-get="{table_url(table)}?part=chart" hx-trigger="chart-stale from:body"' in page
    # ... and the chart's own request gets it with the new hand.
    part = html(client.get(table_url(table), {"part": "chart"}, **HTMX))
    assert part.lstrip().startswith('<div id="totals-chart"')
    chart = chart_of(part)
    assert chart.text["desc"] == "After 2 hands: Ann 5, Bob 5"
    assert chart.rows[-1] == ["2", "5", "5"]


def test_teams_are_the_series_in_seat_order(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopone", players=["Ann", "Bob", "Cy", "Di"]
    )
    hand(table, **{"Ann & Cy": 4, "Bob & Di": 2})
    hand(table, **{"Ann & Cy": 1, "Bob & Di": 5})

    chart = chart_of(html(client.get(table_url(table))))

    assert chart.rows[0] == ["Hand", "Ann & Cy", "Bob & Di"]
    assert chart.rows[-1] == ["2", "5", "7"]
    assert chart.text["desc"] == "After 2 hands: Ann & Cy 5, Bob & Di 7"


def test_schafkopf_balances_go_negative_and_have_no_threshold(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=["Ann", "Bob", "Cy", "Di"]
    )
    table_services.round_record(
        table, {"contract": "solo", "declarer": "Ann", "declarer_won": True}
    )
    table_services.round_record(
        table, {"contract": "solo", "declarer": "Bob", "declarer_won": True}
    )

    chart = chart_of(html(client.get(table_url(table))))

    assert chart.text["title"] == "Running totals"
    assert not chart.has_class("chart-threshold")
    assert chart.has_class("chart-zero")
    assert chart.rows[1] == ["Start", "0", "0", "0", "0"]
    assert chart.rows[2] == ["1", "150", f"{MINUS}50", f"{MINUS}50", f"{MINUS}50"]
    assert chart.rows[3] == ["2", "100", "100", f"{MINUS}100", f"{MINUS}100"]


def test_schafkopf_for_money_says_the_chart_is_in_points(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"cents_per_point": 10},
    )
    table_services.round_record(
        table, {"contract": "solo", "declarer": "Ann", "declarer_won": True}
    )
    table_services.round_record(
        table, {"contract": "solo", "declarer": "Bob", "declarer_won": True}
    )

    chart = chart_of(html(client.get(table_url(table))))

    assert chart.text["title"] == "Running totals in points"


def test_ciapano_shows_the_elimination_line(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="ciapano", players=["Ann", "Bob", "Cy"]
    )
    hand(table, Ann=5, Bob=4, Cy=2)
    hand(table, Ann=7, Bob=1, Cy=3)

    page = html(client.get(table_url(table)))
    chart = chart_of(page)

    assert chart.has_class("chart-threshold")
    assert re.search(r'<g class="chart-threshold">.*?>Out at 31</text>', page, re.DOTALL)
    assert chart.rows[-1] == ["2", "12", "5", "5"]


def test_swoops_draws_the_limit_only_when_it_ends_the_game() -> None:
    rules = GAMES["swoops"]
    players = ["Ann", "Bob", "Cy"]
    rounds = [
        rules.score_round({"points": {"Ann": 12, "Bob": 0, "Cy": 40}}, rules.setup(players)),
        rules.score_round({"points": {"Ann": 3, "Bob": 9, "Cy": 0}}, rules.setup(players)),
    ]

    to_the_limit = rules.setup(players)
    fixed_rounds = rules.setup(players, {"rounds": 5})
    with translation.override("en"):
        limited = running_totals_chart(to_the_limit, rules.game_state(rounds, to_the_limit))
        fixed = running_totals_chart(fixed_rounds, rules.game_state(rounds, fixed_rounds))

    assert limited is not None
    assert limited.threshold is not None
    assert limited.threshold.value == 150
    assert limited.threshold.label == "Limit 150"
    assert fixed is not None
    assert fixed.threshold is None


def test_the_svg_numbers_stay_numbers_in_a_language_with_decimal_commas(client: Client) -> None:
    table = scopa_table()
    hand(table, Ann=3, Bob=1)
    hand(table, Ann=1, Bob=4)

    response = client.get(table_url(table), HTTP_ACCEPT_LANGUAGE="de")
    page = html(response)
    chart = chart_of(page)

    # German is active (its number formats), though the words stay English: no German catalog.
    assert response["Content-Language"] == "de"
    numeric = ("x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "font-size")
    values = [attr[name] for _, attr in chart.elements for name in numeric if name in attr]
    assert values
    for value in values:
        float(value or "")  # "161,0" would raise
    for _, attr in chart.elements:
        for name in ("points", "viewBox"):
            if name in attr:
                assert re.fullmatch(r"[\d. ,-]+", attr[name] or ""), attr[name]
                assert all(len(pair.split(",")) == 2 for pair in (attr[name] or "").split())


def test_the_table_pages_chart_is_drawn_once_per_set_up_totals_and_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The figure the table page shows (``latest_totals_figure``) is ``{% chart_figure %}`` of
    the chart, drawn again only for other totals, another table set-up or another language."""
    from games.remembered import Remembered
    from games.scoring import TableSetup
    from games.standings.charts import LineChart
    from games.tables import charts
    from games.templatetags.chart_html import chart_figure

    setup = TableSetup("scopa", GAMES["scopa"].resolve_options({}), ("Ann", "Bob"))
    after_each = [{"Ann": 0, "Bob": 0}, {"Ann": 3, "Bob": 1}, {"Ann": 4, "Bob": 5}]
    drawn: list[object] = []
    monkeypatch.setattr(charts, "_DRAWN", Remembered(10))
    real = charts.latest_totals_chart

    def counted(*given: Any) -> LineChart | None:
        drawn.append(given)
        return real(*given)

    monkeypatch.setattr(charts, "latest_totals_chart", counted)
    with translation.override("en"):
        figure = charts.latest_totals_figure(setup, 0, after_each)
        assert figure == chart_figure(real(setup, 0, after_each))
        assert charts.latest_totals_figure(setup, 0, after_each) == figure
        assert len(drawn) == 1
        later = [*after_each, {"Ann": 4, "Bob": 9}]
        assert charts.latest_totals_figure(setup, 0, later) != figure
        other_table = TableSetup("scopa", setup.options, ("Ann", "Cy"))
        assert charts.latest_totals_figure(other_table, 0, after_each) != figure
    with translation.override("de"):
        german = charts.latest_totals_figure(setup, 0, after_each)
        assert german == chart_figure(real(setup, 0, after_each)) != figure
    assert len(drawn) == 4
