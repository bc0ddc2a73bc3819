"""Every registered game's table works through the pages, asked of nothing but the registry and
the game's kit: the table page offers its hand form, a preview answers with the form's preview
partial alone, a hand counted at the table is saved as the engine scores it, and its edit page
shows it again. tests/test_made_up_game.py runs this over a game added the documented way."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.test import Client

from games.hands import hand_entry_for
from games.models import Round
from games.scoring import GAMES
from games.tables import services as table_services
from tests.clubs import home_club
from tests.kits import kit_for, sample_setup
from tests.pages import HTMX, edit_url, html, table_url

pytestmark = pytest.mark.django_db


def _posted(values: dict[str, Any]) -> dict[str, Any]:
    """Form values as a phone posts them: every value a string (a list stays a list)."""
    return {
        name: [str(item) for item in value] if isinstance(value, list) else str(value)
        for name, value in values.items()
    }


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hand_counted_at_the_table_is_previewed_saved_and_shown_again(
    client: Client, game: str
) -> None:
    setup = sample_setup(game)
    table = table_services.table_create(
        club=home_club(), game=game, players=list(setup.players), options=dict(setup.options)
    )
    entry = kit_for(game).entered_hand(setup)
    hand_entry = hand_entry_for(game)
    form = _posted(hand_entry.initial_from_entry(entry, setup))
    try:
        get_template(f"{hand_entry.template}#preview")
    except TemplateDoesNotExist:
        pytest.fail(
            f"{hand_entry.template} defines no inline partial named preview "
            '(docs/architecture.md, "Adding a game", step 5)'
        )

    page = html(client.get(table_url(table)))
    assert 'id="hand-form"' in page
    assert 'id="preview"' in page

    preview = html(client.post(table_url(table), {**form, "action": "preview"}, **HTMX))
    assert preview.lstrip().startswith('<div id="preview"'), preview[:200]
    assert 'id="hand-form"' not in preview

    response = client.post(table_url(table), form)
    assert response.status_code == 302, html(response)[:2000]
    hand = Round.objects.get(table=table)
    scored = GAMES[game].score_round(entry, setup)
    assert {row.side: row.points for row in hand.points.all()} == {
        side: scored.points.get(side, 0) for side in setup.sides
    }

    edit = client.get(edit_url(table, 1))
    assert edit.status_code == 200
    assert 'id="hand-form"' in html(edit)
