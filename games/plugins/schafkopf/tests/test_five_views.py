"""A Schafkopf table of five on its page: the dealer sits out, their buttons are not offered
(they are on the page, hidden, for the phone to deal the next seat with no signal), and a hand
naming them is refused with nothing saved (engine.sits_out_at)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Round, Table
from tests.pages import edit_url, html, inputs, saved, table_url, totals

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Bob", "Cy", "Di", "Ed"]


def offered(page: str, name: str) -> list[str]:
    """The seats a radio of ``name`` offers: those whose chip is not hidden."""
    chip = r'<label (?![^>]* hidden[ >])[^>]*><input type="radio" name="{}" value="(\d)"'
    return re.findall(chip.format(name), page)


def sits_out(page: str) -> list[str]:
    """The line saying who deals and sits out, as shown (the others' are hidden)."""
    return re.findall(r'<p class="sk-sits-out" data-offline-sitter="\d">([^<]*)</p>', page)


def test_the_dealer_sits_out_is_not_offered_and_cannot_be_named(client: Client) -> None:
    created = client.post(
        reverse("games:table_new"),
        {"game": "schafkopf", **{f"player_{seat}": name for seat, name in enumerate(FIVE)}},
    )
    assert created.status_code == 302
    table = Table.objects.get()
    assert [seat.player.name for seat in table.seats.order_by("position")] == FIVE

    response = client.get(table_url(table))
    page = html(response)
    form = inputs(response)
    # Ann deals the first hand and sits out: only the four who play are offered.
    assert offered(page, "declarer") == ["1", "2", "3", "4"]
    assert form.values["sits_out"] == "0"
    assert sits_out(page) == ["Ann deals and sits out this game."]
    assert "<strong>Ann</strong> deals and sits out, <strong>Bob</strong> leads" in page

    wenz_by_ann = {"contract": "wenz", "declarer": "0", "declarer_won": "won"}
    for posted in (wenz_by_ann, {**wenz_by_ann, "sits_out": "2"}):
        refused = client.post(table_url(table), posted)
        assert refused.status_code == 422
        assert "Ann deals this hand and sits out" in html(refused)
        assert saved() == (0, 0)

    won = client.post(
        table_url(table), {"contract": "wenz", "declarer": "1", "declarer_won": "won"}
    )
    assert won.status_code == 302
    assert Round.objects.get().entry["sits_out"] == "Ann"
    assert totals(table) == {"Ann": 0, "Bob": 150, "Cy": -50, "Di": -50, "Ed": -50}
    after = client.get(table_url(table))
    assert offered(html(after), "declarer") == ["0", "2", "3", "4"]
    assert sits_out(html(after)) == ["Bob deals and sits out this game."]
    # Editing the first hand, Ann (who dealt it) still sits it out.
    edit = client.get(edit_url(table, 1))
    assert offered(html(edit), "declarer") == ["1", "2", "3", "4"]
    assert sits_out(html(edit)) == ["Ann deals and sits out this game."]
