"""A Schafkopf table of five on its page: the dealer sits out, their buttons are not offered,
and a hand naming them is refused with nothing saved (engine.sits_out_at)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Round, Table
from tests.pages import edit_url, html, inputs, saved, table_url, totals

pytestmark = pytest.mark.django_db

FIVE = ["Ann", "Bob", "Cy", "Di", "Ed"]


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
    assert form.radios["declarer"] == ["1", "2", "3", "4"]
    assert form.values["sits_out"] == "0"
    assert "Ann deals and sits out this game." in page
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
    assert inputs(after).radios["declarer"] == ["0", "2", "3", "4"]
    assert "Bob deals and sits out this game." in html(after)
    # Editing the first hand, Ann (who dealt it) still sits it out.
    edit = client.get(edit_url(table, 1))
    assert inputs(edit).radios["declarer"] == ["1", "2", "3", "4"]
    assert "Ann deals and sits out this game." in html(edit)
