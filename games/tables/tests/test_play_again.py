"""Issue 18, item 2: "Play again" starts the next game of the evening as this one was set up:
the game, the players in their seats, the options, the league and the club, with the deal moved
on to the next seat. It is a plain link, so it works without JavaScript too."""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.tables import services as table_services
from games.tables.forms import play_again_query
from tests.clubs import home_club
from tests.factories import points_entry
from tests.leagues import league
from tests.pages import HTMX, html, inputs, table_url

pytestmark = pytest.mark.django_db

NEW_TABLE = reverse("games:table_new")


def play_again_link(page: str) -> str:
    match = re.search(r'<a href="([^"]*)">Play again</a>', page)
    assert match, "no Play again link"
    return html_lib.unescape(match.group(1))


def selected(page: str, name: str) -> str | None:
    """The value of the option chosen in the <select name="...">."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert select, f"no select {name}"
    option = re.search(r'<option value="([^"]*)" selected>', select.group(1))
    return option.group(1) if option else None


def scopone_won_by_ann_and_cy(**kwargs: object) -> Table:
    table = table_services.table_create(
        club=home_club(), game="scopone", players=["Ann", "Bob", "Cy", "Di"], **kwargs
    )
    setup = table.setup()
    winners, losers = setup.sides
    table_services.round_record(table, points_entry(**{winners: 11, losers: 2}))
    table.refresh_from_db()
    assert table.is_finished
    return table


def test_play_again_keeps_the_options_the_league_and_moves_the_deal_on(client: Client) -> None:
    evening = league("Tuesdays", ["scopone"])
    table = scopone_won_by_ann_and_cy(
        options={"target": 11, "napoli": True, "primiera_incomplete": "void"},
        first_dealer=1,
        league=evening,
    )

    page = html(client.get(table_url(table)))

    assert "Ann &amp; Cy win!" in page
    link = play_again_link(page)
    assert urlsplit(link).path == NEW_TABLE
    query = dict(parse_qsl(urlsplit(link).query))
    assert query == {
        "game": "scopone",
        "player_0": "Ann",
        "player_1": "Bob",
        "player_2": "Cy",
        "player_3": "Di",
        "first_dealer": "2",
        "opt_target": "11",
        "opt_napoli": "1",
        "opt_primiera_incomplete": "void",
        "league": evening.public_id,
        "club": home_club().public_id,
    }


def test_the_link_fills_in_the_new_table_form_and_starts_the_same_game(client: Client) -> None:
    """Without JavaScript: follow the link, submit the form as the browser would."""
    evening = league("Tuesdays", ["scopone"])
    table = scopone_won_by_ann_and_cy(
        options={"target": 11, "napoli": True, "primiera_incomplete": "void"},
        first_dealer=3,
        league=evening,
    )
    link = play_again_link(html(client.get(table_url(table))))

    response = client.get(link)

    assert response.status_code == 200
    page = html(response)
    form = inputs(response)
    assert [form.values[f"player_{seat}"] for seat in range(4)] == ["Ann", "Bob", "Cy", "Di"]
    assert form.checked["game"] == "scopone"
    assert form.values["opt_target"] == "11"
    assert "opt_napoli" in form.checked
    assert "opt_capotto" not in form.checked
    assert form.checked["opt_primiera_incomplete"] == "void"
    # Ann dealt first last time (seat 4 wrapped round to seat 1).
    assert selected(page, "first_dealer") == "0"
    assert selected(page, "league") == evening.public_id

    posted = {name: value for name, value in form.values.items() if name}
    # A box without a value attribute is sent as "on".
    posted.update({name: value or "on" for name, value in form.checked.items()})
    posted["first_dealer"] = "0"
    posted["league"] = evening.public_id
    assert client.post(NEW_TABLE, posted).status_code == 302
    again = Table.objects.exclude(pk=table.pk).get()
    assert (again.game, again.options, again.league, again.first_dealer) == (
        "scopone",
        {"target": 11, "napoli": True, "primiera_incomplete": "void"},
        evening,
        0,
    )
    assert [seat.player.name for seat in again.seats.order_by("position")] == [
        "Ann",
        "Bob",
        "Cy",
        "Di",
    ]


def test_an_option_switched_off_from_its_default_stays_off(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(),
        game="scopa",
        players=["Ann", "Bob"],
        options={"scopa_d_assi": True, "ace_sweep_is_scopa": False},
    )

    query = dict(parse_qsl(play_again_query(table)))
    form = inputs(client.get(NEW_TABLE + "?" + play_again_query(table)))

    assert query["opt_ace_sweep_is_scopa"] == "0"
    assert "opt_scopa_d_assi" in form.checked
    assert "opt_ace_sweep_is_scopa" not in form.checked
    assert query["first_dealer"] == "1"


def test_a_tariff_travels_part_by_part(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"tariff": {"solo": 60}, "cents_per_point": 5, "currency": "CHF"},
    )

    query = play_again_query(table)
    form = inputs(client.get(NEW_TABLE + "?" + query))

    assert "opt_tariff__solo=60" in query
    assert form.values["opt_tariff__solo"] == "60"
    assert form.values["opt_cents_per_point"] == "5"
    assert form.checked["opt_currency"] == "CHF"


def test_a_value_no_longer_valid_is_ignored_and_the_default_shown(client: Client) -> None:
    query = (
        "?game=scopa&player_0=Ann&player_1=Bob&first_dealer=3&league=nosuchleague00"
        "&opt_target=abc&opt_primiera_incomplete=gone&opt_re_bello=1&opt_unknown=1"
    )

    response = client.get(NEW_TABLE + query)

    assert response.status_code == 200
    page = html(response)
    form = inputs(response)
    assert form.values["opt_target"] == ""  # the default, 11, as the placeholder
    assert form.checked["opt_primiera_incomplete"] == "best-partial"
    assert "opt_re_bello" in form.checked
    # Player 4 does not sit at a table of two.
    assert selected(page, "first_dealer") == "0"
    assert 'name="opt_unknown"' not in page


def test_a_target_out_of_range_is_ignored(client: Client) -> None:
    form = inputs(client.get(NEW_TABLE + "?game=scopa&opt_target=500"))
    assert form.values["opt_target"] == ""


def test_the_game_changed_with_htmx_keeps_what_fits_the_new_game(client: Client) -> None:
    response = client.get(
        NEW_TABLE,
        {"game": "ciapano", "player_0": "Ann", "player_1": "Bob", "opt_elimination_at": "41"},
        **HTMX,  # type: ignore[arg-type]
    )

    page = html(response)
    assert page.lstrip().startswith('<form id="table-form"')
    assert "<html" not in page
    form = inputs(response)
    assert form.values["opt_elimination_at"] == "41"
    assert form.values["player_1"] == "Bob"


def test_the_banner_that_ends_the_game_by_htmx_has_the_link(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 5}
    )

    response = client.post(
        table_url(table),
        {"mode": "points", "points_0": "5", "points_1": "1"},
        **HTMX,  # type: ignore[arg-type]
    )

    page = html(response)
    assert "<html" not in page
    assert "Ann wins!" in page
    query = dict(parse_qsl(urlsplit(play_again_link(page)).query))
    assert query["opt_target"] == "5"
    assert query["first_dealer"] == "1"


def test_a_viewer_gets_no_play_again_link(client: Client) -> None:
    from games.models import Role
    from tests.clubs import member

    table = scopone_won_by_ann_and_cy()
    client.force_login(member(home_club(), Role.VIEWER))

    page = html(client.get(table_url(table)))

    assert "Ann &amp; Cy win!" in page
    assert "Play again" not in page
