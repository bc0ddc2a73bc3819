"""A save the game's reader takes as posted (``TablePage.posted_entry``) is stored without
building the hand form, as the form would have stored it; a save the reader does not take goes
through the form, and a hand the engine refuses is answered with the form's problems."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.test import Client

from games.hands import hand_entry_for
from games.models import Round, Table
from games.scoring import GAMES
from games.tables import page as table_page
from games.tables import services as table_services
from tests.clubs import home_club
from tests.kits import kit_for, sample_setup
from tests.pages import HTMX, inputs, table_url

pytestmark = pytest.mark.django_db

# The games whose form looks at nothing but the posted fields (not the earlier hands, not who
# deals), at their sample tables.
READ_AS_POSTED = [
    game
    for game in GAMES
    if not hand_entry_for(game).form_uses_earlier
    and GAMES[game].dealer_sits_out_at != len(sample_setup(game).players)
]


def posted(values: dict[str, Any]) -> dict[str, Any]:
    return {
        name: [str(item) for item in value] if isinstance(value, list) else str(value)
        for name, value in values.items()
    }


def new_table(game: str) -> Table:
    setup = sample_setup(game)
    return table_services.table_create(
        club=home_club(), game=game, players=list(setup.players), options=dict(setup.options)
    )


def save(client: Client, table: Table, fields: dict[str, Any]) -> Any:
    guard = inputs(client.get(table_url(table))).values
    data = {**fields, "table_version": guard["table_version"], "hand_token": guard["hand_token"]}
    return client.post(table_url(table), data, **HTMX)


def test_the_games_read_as_posted_are_those_whose_form_reads_only_the_fields() -> None:
    assert {"scopa", "briscola", "tressette", "custom"} <= set(READ_AS_POSTED)
    assert "ciapano" not in READ_AS_POSTED  # who is out: the earlier hands
    assert "swoops" not in READ_AS_POSTED


@pytest.mark.parametrize("game", READ_AS_POSTED)
def test_a_hand_the_reader_takes_is_stored_as_the_form_would_store_it_without_the_form(
    client: Client, game: str
) -> None:
    table = new_table(game)
    setup = table.setup()
    hand_entry = hand_entry_for(game)
    kit = kit_for(game)
    # The first hand's answer is the whole table; the second's is the few parts that change.
    for number, entry in enumerate([kit.entered_hand(setup)] * 2, 1):
        fields = posted(hand_entry.initial_from_entry(entry, setup))
        form = hand_entry.form(setup, GAMES[game], fields)
        assert form.is_valid(), form.errors
        with mock.patch.object(
            table_page.TablePage, "form", autospec=True, side_effect=table_page.TablePage.form
        ) as form_built:
            response = save(client, table, fields)

        assert response.status_code == 200
        # The answer's forms are fresh ones (the first hand's answer is the whole table).
        assert [call for call in form_built.call_args_list if _posted_to(call)] == []
        assert Round.objects.get(table=table, number=number).entry == form.entry()


def test_a_hand_the_reader_does_not_take_goes_through_the_form(client: Client) -> None:
    # Django's IntegerField reads other scripts' digits; the reader takes ASCII ones only.
    table = new_table("scopa")
    fields = {"mode": "points", "points_0": "\u0663", "points_1": "1"}
    with mock.patch.object(
        table_page.TablePage, "form", autospec=True, side_effect=table_page.TablePage.form
    ) as form_built:
        response = save(client, table, fields)

    assert response.status_code == 200
    assert [call for call in form_built.call_args_list if _posted_to(call)]
    assert Round.objects.get(table=table).entry == {"points": {"Ann": 3, "Bob": 1}}


def test_a_hand_the_engine_refuses_is_answered_with_the_forms_problems(client: Client) -> None:
    # A scopa for a side that took no card: the reader takes the fields, the engine refuses.
    table = new_table("scopa")
    fields = {"mode": "cards", **{f"card_{code}": "0" for code in _deck()}, "scopas_1": "1"}

    response = save(client, table, fields)

    assert response.status_code == 422
    assert response["HX-Retarget"] == "#record"
    assert 'class="errorlist' in response.content.decode()
    assert not Round.objects.filter(table=table).exists()


def _posted_to(call: Any) -> bool:
    """Whether a ``TablePage.form`` call was given posted fields (its ``data``)."""
    data = call.args[1] if len(call.args) > 1 else call.kwargs.get("data")
    return data is not None


def _deck() -> list[str]:
    from games.scoring.cards import DECK

    return [card.code for card in DECK]
