"""Points counted at the table that cannot be right are refused in words and save nothing
(issue 17, item 5): a Ciapanò deal that does not add up to 11 (nor a moon's 0 and 11s), a
Scopa-family hand under the settebello's 1 point or over what the cards and sweeps can give,
Swoops with two players on 0 or more than the cards dealt are worth, a Schafkopf balance that
does not add up to zero.

Per game, a property through the services: counted points the rules allow (drawn from the
rules by the game's test kit, games/plugins/<game>/tests/kit.py) are stored as given, and the same
points changed so that no hand can give them are refused with every stored row of the table
left as it was. Then the table page: the refusal shows in the re-rendered hand form, with the
points typed kept.
"""

from __future__ import annotations

import html as html_module
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Round
from games.scoring import GAMES, EntryError, TableSetup
from games.scoring.cards import DECK
from games.tables import services as table_services
from games.tables.tests.test_hand_integrity_properties import points_of, snapshot
from tests.clubs import home_club
from tests.entries import TablePlan, table_plans
from tests.kits import kit_for
from tests.pages import HTMX, html, inputs, saved, table_url

pytestmark = pytest.mark.django_db

Entry = dict[str, Any]


@st.composite
def legal_points(draw: st.DrawFn, setup: TableSetup) -> Entry:
    """Counted points the rules allow for a first hand at this table (the game's test kit)."""
    return kit_for(setup.game).legal_points(draw, setup)


@st.composite
def impossible_points(draw: st.DrawFn, setup: TableSetup, legal: Entry) -> tuple[Entry, str]:
    """The legal points changed so that no hand gives them, and how the refusal begins (the
    game's test kit: the Scopa family's, Ciapanò's and Swoops' restate from the rules what a
    hand can give)."""
    side = draw(st.sampled_from(list(setup.sides)))
    return kit_for(setup.game).impossible_points(draw, setup, legal, side)


@pytest.mark.parametrize("game", list(GAMES))
@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_counted_points_the_rules_allow_are_saved_and_impossible_ones_save_nothing(
    game: str, data: st.DataObject
) -> None:
    plan: TablePlan = data.draw(table_plans(game), label="table")
    with transaction.atomic():
        table = table_services.table_create(
            club=home_club(), game=plan.game, players=plan.players, options=plan.options
        )
        setup = table.setup()
        legal = data.draw(legal_points(setup), label="legal")
        bad, refusal = data.draw(impossible_points(setup, legal), label="impossible")
        before = snapshot(table.pk)

        with pytest.raises(EntryError) as caught:
            table_services.round_record(table, bad)

        assert [problem.text().startswith(refusal) for problem in caught.value.problems] == [True]
        assert snapshot(table.pk) == before

        hand = table_services.round_record(table, legal)
        # The points as counted, or what they score where a hand scores otherwise (a
        # Briscola deal's card points give 1 to its winner).
        scored = GAMES[game].score_round(legal, setup).points
        assert points_of(hand) == {side: scored.get(side, 0) for side in setup.sides}
        if kit_for(game).scores_counted_points_as_given:
            assert dict(scored) == {side: legal["points"].get(side, 0) for side in setup.sides}
        transaction.set_rollback(True)


# -- the table page -------------------------------------------------------------------------------


def form_errors(response: Any) -> list[str]:
    """The problems listed in the hand form's "Nothing was saved" box, as the player reads
    them."""
    page = html(response)
    _, form_start, form = page.partition('id="hand-form"')
    assert form_start, "the hand form is on the page again"
    _, box_start, box = form.partition('id="form-errors"')
    assert box_start, "the hand form shows its problems"
    listed = box.split("</ul>", 1)[0]
    return [html_module.unescape(item.split("</li>", 1)[0]) for item in listed.split("<li>")[1:]]


def ciapano_table(players: list[str], **options: object) -> Any:
    return table_services.table_create(
        club=home_club(), game="ciapano", players=players, options=options
    )


def test_the_table_page_refuses_a_ciapano_deal_that_does_not_add_up_and_keeps_the_points(
    client: Client,
) -> None:
    table = ciapano_table(["Ann", "Bob", "Cy"])
    typed = {"mode": "points", "points_0": "5", "points_1": "4", "points_2": "3"}

    response = client.post(table_url(table), typed, **HTMX)

    assert response.status_code == 422
    errors = form_errors(response)
    assert errors == [
        "the points add up to 12; a deal has 11 points, or, when one player takes them all, 0 "
        "for that player and 11 for each of the others"
    ]
    # The form comes back as typed, in points mode, to be corrected.
    form = inputs(response)
    assert form.checked["mode"] == "points"
    assert [form.values[f"points_{seat}"] for seat in range(3)] == ["5", "4", "3"]
    assert saved() == (0, 0)

    # Corrected to the 4, 4 and 3 of the example in games/plugins/ciapano/rules.md §3, it is saved.
    client.post(table_url(table), {**typed, "points_0": "4"})
    assert points_of(Round.objects.get(table=table)) == {"Ann": 4, "Bob": 4, "Cy": 3}


def test_the_table_page_takes_a_moon_counted_by_hand(client: Client) -> None:
    table = ciapano_table(["Ann", "Bob", "Cy", "Di"])

    client.post(
        table_url(table),
        {"mode": "points", "points_0": "11", "points_1": "0", "points_2": "11", "points_3": "11"},
    )

    assert points_of(Round.objects.get(table=table)) == {"Ann": 11, "Bob": 0, "Cy": 11, "Di": 11}


def test_the_table_page_refuses_a_scopa_hand_of_no_points(client: Client) -> None:
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])

    response = client.post(
        table_url(table), {"mode": "points", "points_0": "0", "points_1": "0"}, **HTMX
    )

    assert response.status_code == 422
    assert form_errors(response) == [
        "the points add up to 0; every hand gives at least 1: somebody always takes the settebello"
    ]
    assert saved() == (0, 0)


def test_a_scopa_table_that_counted_its_last_hand_counts_the_next(client: Client) -> None:
    """The next hand's form starts in the mode the table used last (as Briscola's does), from
    the stored hand, so it holds without JavaScript; a hand tapped in switches it back."""
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    assert inputs(client.get(table_url(table))).checked["mode"] == "cards"
    client.post(table_url(table), {"mode": "points", "points_0": "3", "points_1": "1"})
    assert inputs(client.get(table_url(table))).checked["mode"] == "points"
    every_card = {f"card_{card.code}": "0" for card in DECK}
    client.post(table_url(table), {"mode": "cards", **every_card})
    assert saved()[0] == 2
    assert inputs(client.get(table_url(table))).checked["mode"] == "cards"
