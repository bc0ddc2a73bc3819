"""A hand kept on the phone with no signal is read as its round by the very function the server's
hand form uses (issue 33, item 3): ``<package>.posted.read_entry``, run by the phone under
Pyodide on the fields the form would have posted, and by the form on its cleaned values. Over
the kits' hands of every game that has one, posted as a phone posts them (strings, counts left
blank now and then), the phone's reading of the raw fields is the form's entry, and the phone's
score of the table with it appended is the engine's."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.hands import hand_entry_for
from games.scoring import GAMES
from games.scoring.phone import entry_reader, score_pending
from games.scoring.posted import NotScorable, form_values
from games.scoring.scoresheet import write_scoresheet
from tests.entries import entries, table_plans

READ_ON_THE_PHONE = [game for game in GAMES if entry_reader(game) is not None]


def test_the_games_read_on_the_phone() -> None:
    # Ciapanò, Swoops and Schafkopf keep their readers in their Django forms for now: their
    # kept hands wait for the server to be scored (no points shown, the totals leave them out).
    assert set(READ_ON_THE_PHONE) == {
        "scopa",
        "scopone",
        "pirate-scopa",
        "cirulla",
        "briscola",
        "tressette",
        "custom",
    }


@st.composite
def posted_hands(draw: st.DrawFn, game: str) -> tuple[Any, dict[str, object], list[list[str]]]:
    plan = draw(table_plans(game))
    setup = GAMES[game].setup(plan.players, plan.options)
    entry = draw(entries(setup))
    try:
        initial = hand_entry_for(game).initial_from_entry(entry, setup)
    except (KeyError, ValueError, TypeError, AttributeError):
        initial = {"mode": "points"}  # a mistake no form can show: posted as a form would be
    fields: list[list[str]] = []
    for name, value in initial.items():
        text = str(value)
        if text == "0" and draw(st.booleans()):
            text = ""  # a count left blank
        fields.append([name, text])
    return setup, plan.options, fields


@pytest.mark.parametrize("game", READ_ON_THE_PHONE)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_kept_hand_reads_and_scores_as_the_form_does(game: str, data: st.DataObject) -> None:
    setup, options, fields = data.draw(posted_hands(game))
    hand_entry = hand_entry_for(game)
    form = hand_entry.form(setup, GAMES[game], data=form_values(fields))
    reader = entry_reader(game)
    assert reader is not None
    document = write_scoresheet(game, options, setup.players, setup.teams, [])
    phone = score_pending(document, [fields])
    if not form.is_valid():
        # Refused by the server: the phone shows no points for it either.
        assert "points" not in phone["pending"][0]
        return
    assert reader(form_values(fields), setup) == form.entry()
    assert form.score is not None
    assert phone["pending"] == [{"points": dict(form.score.points)}]
    assert phone["totals"] == {side: form.score.points.get(side, 0) for side in setup.sides}


def test_what_no_form_accepts_is_not_read() -> None:
    setup = GAMES["custom"].setup(["Ann", "Bob"], {})
    reader = entry_reader("custom")
    assert reader is not None
    for bad in ("x", "1e3", "\u00b2", "3.5"):
        with pytest.raises(NotScorable):
            reader({"points_0": bad}, setup)
    assert reader({"points_0": " 7 ", "points_1": ""}, setup) == {"points": {"Ann": 7, "Bob": 0}}
