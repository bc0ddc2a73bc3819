"""Worked examples of the phone's readers of Ciapanò's, Swoops' and Schafkopf's hand forms
(issue 33, item 3; tests/test_offline_entries.py holds the property): a hand kept on the phone
is scored there from the table's scoresheet, as the page keeps it, and then posted to the table
page as the phone sends it; the server stores exactly the points the phone showed, or refuses
the hand the phone left unscored. Where the form looks at the hands before (who is out in
Ciapanò, who deals and sits out at a Schafkopf table of five, a Bock round), so does the
phone."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table
from games.scoring.phone import score_pending
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import table_url, totals

pytestmark = pytest.mark.django_db

Fields = list[list[str]]


def new_table(game: str, players: list[str], options: dict[str, object], dealer: int = 0) -> Table:
    return table_services.table_create(
        club=home_club(), game=game, players=players, options=options, first_dealer=dealer
    )


def as_post(fields: Fields) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    return data


def record(client: Client, table: Table, fields: Fields) -> None:
    assert client.post(table_url(table), as_post(fields)).status_code == 302


def kept_then_sent(client: Client, table: Table, fields: Fields) -> dict[str, Any]:
    """The hand scored on the phone, then sent: what the phone showed for it (its points, or
    none), checked against what the server did with it."""
    document = client.get(reverse("games:table_export", args=[table.public_id])).json()
    phone = score_pending(document, [fields], table.first_dealer)
    outcome: dict[str, Any] = phone["pending"][0]
    before = totals(table)
    answer = client.post(table_url(table), as_post(fields))
    if "points" not in outcome:
        assert answer.status_code == 422
        assert totals(table) == before
        return outcome
    assert answer.status_code == 302
    after = totals(table)
    assert outcome["points"] == {side: after[side] - before[side] for side in after}
    assert phone["totals"] == after
    return outcome


def test_ciapano_reads_the_players_still_in(client: Client) -> None:
    table = new_table("ciapano", ["Ann", "Bob", "Cy", "Di"], {"elimination_at": 31})
    for _hand in range(3):
        record(client, table, [["mode", "points"], ["points_2", "11"]])
    # Cy is out (33): no fields of his seat; what is posted for him is not read, and Di, who
    # left both counts blank, took the ace and the thirds the others did not.
    counted = [
        ["mode", "counts"],
        ["aces_0", "1"],
        ["aces_1", "2"],
        ["thirds_0", "5"],
        ["thirds_1", "5"],
        ["last_trick", "3"],
        ["aces_2", "4"],
        ["points_2", "11"],
    ]
    outcome = kept_then_sent(client, table, counted)
    assert outcome["points"] == {"Ann": 2, "Bob": 3, "Cy": 0, "Di": 6}
    # A card or the last trick given to the player out is refused, on the phone as on the page.
    for refused in (["last_trick", "2"], ["card_AD", "2"]):
        assert kept_then_sent(client, table, [*counted, refused]) == {"problem": ""}
    # Counts out of a field's range, and a hand still being entered (no last trick).
    for odd in (["aces_0", "5"], ["thirds_1", "21"], ["last_trick", ""]):
        assert "points" not in kept_then_sent(client, table, [*counted, odd])


def test_swoops_reads_the_cards_typed_or_tapped_and_the_totals(client: Client) -> None:
    table = new_table("swoops", ["Ann", "Bob", "Cy"], {})
    hand = [["went_out", "1"], ["cards_0", " joker, 10 k;5 "], ["total_2", "7"]]
    assert kept_then_sent(client, table, hand)["points"] == {"Ann": 115, "Bob": 0, "Cy": 7}
    for odd in (["cards_2", "Z 3"], ["cards_0", "K" * 501], ["went_out", "3"], ["total_2", "x"]):
        assert "points" not in kept_then_sent(client, table, [*hand, odd])


HOUSE = {"ramsch": True, "klopfen": True, "runners": True, "schieberramsch": True}


def test_schafkopf_at_five_sits_out_the_dealer_of_each_kept_hand(client: Client) -> None:
    players = ["Ann", "Bob", "Cy", "Di", "Ed"]
    table = new_table("schafkopf", players, {**HOUSE, "ramsch_tie": "tricks-trump"}, dealer=2)
    # Cy deals the first hand and sits out; Di the second.
    wenz = [["contract", "wenz"], ["declarer", "0"], ["declarer_won", "won"], ["laufende", "2"]]
    assert kept_then_sent(client, table, [*wenz, ["klopfen", "1"]])["points"]["Cy"] == 0
    # A Ramsch of the four who play: two Jungfrauen (two boxes ticked), and the one left blank
    # took the rest; Di, who deals, may not be named.
    ramsch = [
        ["contract", "ramsch"],
        ["card_points_0", "70"],
        ["card_points_1", ""],
        ["jungfrau", "2"],
        ["jungfrau", "4"],
        ["geschoben", "1"],
    ]
    assert kept_then_sent(client, table, [*ramsch, ["jungfrau", "3"]]) == {
        "problem": "round 2: Di deals this hand and sits out"
    }
    outcome = kept_then_sent(client, table, ramsch)
    assert outcome["points"]["Di"] == 0
    assert outcome["points"]["Ann"] < 0
    # Every field is checked as the form checks it, whatever the contract.
    for odd in (["doublings", "5"], ["suit", "herz "], ["jungfrau", ""], ["contract", "bettel"]):
        assert "points" not in kept_then_sent(client, table, [*ramsch, odd])


def test_schafkopf_reads_a_bock_round_from_the_hands_before(client: Client) -> None:
    options = {"bock": True, "bock_doubled": "stoss", "bock_games": 4}
    table = new_table("schafkopf", ["Ann", "Bob", "Cy", "Di"], options)
    solo = [["contract", "solo"], ["declarer", "1"], ["suit", "gras"], ["declarer_points", "80"]]
    plain = kept_then_sent(client, table, solo)["points"]
    # A Stoß starts a Bock round: the next games count twice, on the phone as on the server.
    kept_then_sent(client, table, [*solo, ["doublings", "1"]])
    for _game in range(4):
        assert kept_then_sent(client, table, solo)["points"] == {
            side: 2 * points for side, points in plain.items()
        }
    assert kept_then_sent(client, table, solo)["points"] == plain
