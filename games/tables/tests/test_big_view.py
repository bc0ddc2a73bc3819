"""The table in big type for the phone in the middle of the table, and passing links on: the
Share button beside the watch and invite links, and the watch link's QR code."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from games.clubs import services as club_services
from games.models import Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import points_entry
from tests.leagues import finished
from tests.pages import HTMX, html, table_url
from tests.test_security_headers import inline_code

pytestmark = pytest.mark.django_db


def big_url(table: Table) -> str:
    return reverse("games:table_big", kwargs={"table": table.public_id})


def watch_big_url(table: Table) -> str:
    return reverse("games:table_watch_big", kwargs={"token": table.watch_token})


def scopa(*hands: tuple[int, int], target: int = 11) -> Table:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": target}
    )
    for ann, bob in hands:
        table_services.round_record(table, points_entry(Ann=ann, Bob=bob))
    table.refresh_from_db()
    return table


def main_of(page: str) -> str:
    return page.split('id="main"', 1)[1]


# -- the big view --------------------------------------------------------------------------------


def test_the_big_view_shows_the_totals_and_who_deals_next(client: Client) -> None:
    table = scopa((3, 1))
    page = html(client.get(big_url(table)))

    assert re.search(r'data-total="Ann">3<', page)
    assert re.search(r'data-total="Bob">1<', page)
    # Ann dealt the first hand; the table page says the same.
    assert re.search(r"Next to deal:\s*<strong[^>]*>Bob</strong>", page)
    assert "Next to deal: <strong>Bob</strong>" in html(client.get(table_url(table)))
    assert "8 to go" in page
    # The way back, and a screen that stays on while the game is on.
    assert f'href="{table_url(table)}"' in page
    assert "data-wake-lock" in page
    assert "<form" not in main_of(page)
    # The site's menu stays on the table page: the scores get the screen.
    assert 'class="site-header"' not in page


def test_the_big_view_polls_itself_for_its_scoreboard_alone(client: Client) -> None:
    table = scopa((3, 1))
    page = html(client.get(big_url(table)))
    assert f'hx-get="{big_url(table)}?since={table.version}"' in page
    assert 'hx-trigger="every 5s"' in page

    fragment = client.get(big_url(table), **HTMX)  # type: ignore[arg-type]
    assert fragment.status_code == 200
    body = html(fragment)
    assert body.lstrip().startswith('<section id="big-scoreboard"')
    assert "<html" not in body
    assert "<h1" not in body
    assert re.search(r'data-total="Ann">3<', body)


def test_the_poll_answers_nothing_while_the_table_is_unchanged(client: Client) -> None:
    table = scopa((3, 1))
    poll = f"{big_url(table)}?since={table.version}"

    with CaptureQueriesContext(connection) as queries:
        unchanged = client.get(poll, **HTMX)  # type: ignore[arg-type]
    assert unchanged.status_code == 204
    assert unchanged.content == b""
    # No hand was read to say so: the session, the account, and the table's version (with
    # the membership joined in: access.table_version_for).
    assert not [q for q in queries.captured_queries if "games_round" in q["sql"]]
    assert len(queries.captured_queries) == 3

    table_services.round_record(table, points_entry(Ann=2, Bob=0))
    changed = client.get(poll, **HTMX)  # type: ignore[arg-type]
    assert changed.status_code == 200
    assert re.search(r'data-total="Ann">5<', html(changed))
    assert f"?since={table.version + 1}" in html(changed)
    # Without htmx the address is the page, whatever it carries.
    assert client.get(poll).status_code == 200


def test_the_big_view_reads_the_hands_once_whatever_their_number(client: Client) -> None:
    def queries(table: Table) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(big_url(table), **HTMX).status_code == 200  # type: ignore[arg-type]
        return len(captured.captured_queries)

    few, many = scopa((1, 1), target=99), scopa(*[(1, 1)] * 120, target=99)
    assert queries(few) == queries(many)


def test_a_finished_game_says_who_won_and_lets_the_screen_sleep(client: Client) -> None:
    table = scopa((11, 2))
    page = html(client.get(big_url(table)))

    assert "Game over · Ann wins" in page
    assert "Next to deal" not in page
    assert "data-wake-lock" not in page


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("scopone", ["Ann", "Bob", "Cy", "Di"]),
        ("ciapano", ["Ann", "Bob", "Cy"]),
        ("schafkopf", ["Ann", "Bob", "Cy", "Di"]),
        ("swoops", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]),
    ],
)
def test_every_game_has_a_big_view(client: Client, game: str, players: list[str]) -> None:
    table = table_services.table_create(club=home_club(), game=game, players=players)
    sides = table.setup().sides
    page = html(client.get(big_url(table)))

    assert f"big-count-{len(sides)}" in page
    for seat, side in enumerate(sides):
        name = escape(side)
        assert f'data-total="{name}"' in page
        # A side keeps its seat's colour, also where the rows are a ranking (Swoops).
        assert re.search(
            rf'class="big-side side-{seat}\b[^"]*">\s*<span class="big-name">{name}', page
        )

    done = finished(game, players, winner="Ann")
    assert "Game over" in html(client.get(big_url(done)))


def test_the_table_page_leads_to_the_big_view(client: Client) -> None:
    table = scopa((3, 1))
    page = html(client.get(table_url(table)))
    assert re.search(rf'<a class="button" href="{big_url(table)}">Table view</a>', page)
    assert "data-wake-lock" in page


# -- through the watch link ---------------------------------------------------------------------


def test_the_watch_link_has_a_big_view_with_no_account_and_no_forms() -> None:
    table = table_services.watch_link_set(scopa((3, 1)), on=True)
    visitor = Client()

    watch = html(visitor.get(reverse("games:table_watch", kwargs={"token": table.watch_token})))
    assert f'href="{watch_big_url(table)}"' in watch

    page = html(visitor.get(watch_big_url(table)))
    assert re.search(r'data-total="Ann">3<', page)
    assert "Next to deal:" in page
    assert "<form" not in main_of(page)
    assert table.public_id not in page  # nothing that leads into the club
    assert f'hx-get="{watch_big_url(table)}?since={table.version}"' in page
    back = reverse("games:table_watch", kwargs={"token": table.watch_token})
    assert f'href="{back}"' in page

    fragment = visitor.get(watch_big_url(table), **HTMX)  # type: ignore[arg-type]
    assert html(fragment).lstrip().startswith('<section id="big-scoreboard"')

    table_services.watch_link_set(table, on=False)
    assert visitor.get(watch_big_url(table)).status_code == 404
    assert visitor.get(watch_big_url(table), **HTMX).status_code == 404  # type: ignore[arg-type]


# -- sharing the links --------------------------------------------------------------------------


QR_OF_WATCH = re.compile(
    r'<div class="qr" role="img" aria-label="QR code of the watch link">(<svg.*?</svg>)</div>', re.S
)


def test_the_watch_link_comes_with_a_qr_code_the_csp_allows(client: Client) -> None:
    table = table_services.watch_link_set(scopa(), on=True)
    page = html(client.get(table_url(table)))

    found = QR_OF_WATCH.search(page)
    assert found is not None
    svg = found.group(1)
    assert 'class="segno"' in svg
    assert "<path" in svg
    # Nothing in it that a CSP without 'unsafe-inline' would refuse.
    assert inline_code(svg.encode()) == []
    assert not re.search(r"<script|<style|\sstyle=|\son\w+=|javascript:", svg, re.I)


def test_no_watch_link_no_qr_code(client: Client) -> None:
    page = html(client.get(table_url(scopa())))
    assert "<svg" not in page.split('id="share"', 1)[1]
    assert "Share the watch link" not in page


def test_a_share_button_beside_the_watch_link_and_each_invite_link(client: Client) -> None:
    table = table_services.watch_link_set(scopa(), on=True)
    page = html(client.get(table_url(table)))
    watch = "http://testserver" + reverse("games:table_watch", kwargs={"token": table.watch_token})

    assert f'<input id="watch-url" type="text" readonly value="{watch}" class="share-url">' in page
    button = re.search(
        r'<button type="button" class="[^"]*"[^>]*data-share="watch-url"[^>]*>', page
    )
    assert button is not None
    # Hidden without JavaScript, where the box with the link is all there is.
    assert "js-only" in button.group(0)
    assert 'aria-label="Share the watch link"' in button.group(0)
    assert 'role="status" data-copied="Copied"' in page

    invites = [club_services.invite_create(home_club()) for _ in range(2)]
    club = html(client.get(reverse("games:club", kwargs={"club": home_club().public_id})))
    for invite in invites:
        assert f'data-share="invite-{invite.public_id}"' in club
        assert f'id="invite-{invite.public_id}"' in club
    assert club.count('aria-label="QR code of the invite link"><svg') == 2
    assert club.count('aria-label="Share the invite link"') == 2
