"""CSV exports cannot carry a formula into a spreadsheet (CSV injection), and numbers stay
numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from games.leagues.exports import spreadsheet_safe
from games.models import League
from games.tables import services as table_services
from tests.clubs import home_club
from tests.leagues import league

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://x.example","Hi")'  # 35 of the 40 characters a name may have
NASTY = [HYPERLINK, "@SUM(1)", "+1+2", "Ann"]


def rows(client: Client, name: str, club: League) -> list[list[str]]:
    response = client.get(reverse(f"games:{name}", kwargs={"league": club.public_id}))
    assert response.status_code == 200
    content = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(content)))


@pytest.fixture
def club() -> League:
    """A Schafkopf evening in a league: one hand with a -3, then stopped."""
    club = league("Club", games=["schafkopf"])
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=NASTY, league=club
    )
    sides = list(table.setup().sides)
    table_services.round_record(table, {"points": dict(zip(sides, [-3, -3, -3, 9], strict=True))})
    table_services.table_stop(table)
    return club


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        (HYPERLINK, "'" + HYPERLINK),
        ("@SUM(1)", "'@SUM(1)"),
        ("+1+2", "'+1+2"),
        ("-1+2", "'-1+2"),
        ("-A1", "'-A1"),
        ("=1", "'=1"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-", "'-"),
        # Plain numbers, signed or not, stay numbers.
        ("-3", "-3"),
        ("-1.50", "-1.50"),
        ("+2", "+2"),
        ("-1,234.5", "-1,234.5"),
        ("\u22123", "\u22123"),
        (-3, -3),
        (-1.5, -1.5),
        # Text that cannot start a formula is untouched.
        ("Ann", "Ann"),
        ("", ""),
        ("a=1", "a=1"),
    ],
)
def test_spreadsheet_safe(cell: object, safe: object) -> None:
    assert spreadsheet_safe(cell) == safe


def test_the_tables_csv_neutralises_formulas_in_names_and_keeps_negative_totals(
    client: Client, club: League
) -> None:
    table = rows(client, "league_tables_csv", club)

    by_player = {row[6]: row[8] for row in table[1:]}
    assert by_player == {"'" + HYPERLINK: "-3", "'@SUM(1)": "-3", "'+1+2": "-3", "Ann": "9"}


def test_the_standings_csv_neutralises_formulas_in_names(client: Client, club: League) -> None:
    standings = rows(client, "league_standings_csv", club)

    names = {row[1] for row in standings[1:]}
    assert names == {"'" + HYPERLINK, "'@SUM(1)", "'+1+2", "Ann"}
    for row in standings[1:]:
        assert not any(cell.startswith(("=", "@", "\t", "\r")) for cell in row), row
        assert not any(
            cell.startswith(("+", "-")) and spreadsheet_safe(cell) != cell for cell in row
        ), row
