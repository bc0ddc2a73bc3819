"""A hand kept on the phone with no signal is read as its round by the very function the server's
hand form uses (issue 33, item 3): ``<package>.posted.read_entry``, run by the phone under
Pyodide on the fields the form would have posted, and by the form on its cleaned values. Over
tables of every game with hands already stored (the kits' hands; Schafkopf's house options, its
tables of five and their dealer, Ciapanò's players out), and a next hand posted as a phone posts
it (strings, counts left blank now and then, and now and then a field changed to something a
form may refuse), the phone scores the hand exactly when the server's form accepts it: then its
reading of the raw fields is the form's entry, and its points and the totals are what the
server stores."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from hypothesis import event, given, settings
from hypothesis import strategies as st

from games.hands import hand_entry_for
from games.scoring import GAMES, EntryError
from games.scoring.phone import entry_reader, score_pending
from games.scoring.posted import Before, NotScorable, form_values
from tests.kept_hands import KeptHand, kept_hands

READ_ON_THE_PHONE = [game for game in GAMES if entry_reader(game) is not None]


def test_every_game_is_read_on_the_phone() -> None:
    assert set(READ_ON_THE_PHONE) == set(GAMES)


def posted(fields: list[list[str]]) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields:
        data.appendlist(name, value)
    return data


@pytest.mark.parametrize("game", READ_ON_THE_PHONE)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_kept_hand_is_scored_when_the_form_takes_it_and_as_the_server_stores_it(
    game: str, data: st.DataObject
) -> None:
    kept: KeptHand = data.draw(kept_hands(game))
    setup, rules = kept.setup, GAMES[game]
    hand_entry = hand_entry_for(game)
    # As the table page builds the form (games/tables/page.py, ``TablePage.form``).
    sitting_out = (
        {"sits_out": str(kept.dealer)} if rules.dealer_sits_out_at == len(setup.players) else {}
    )
    earlier = kept.scores if hand_entry.form_uses_earlier else []
    form = hand_entry.form(setup, rules, posted(kept.fields), sitting_out, earlier)
    phone = score_pending(kept.document, [kept.fields], kept.first_dealer)
    assert phone["stored"] == len(kept.stored)
    outcome = phone["pending"][0]
    event("form takes it" if form.is_valid() and form.score else "form refuses it")
    if not form.is_valid() or form.score is None:
        # Refused by the server (or only being filled in): the phone shows no points for it.
        assert "points" not in outcome, form.errors
        return
    entry = form.entry()
    reader = entry_reader(game)
    assert reader is not None
    try:
        read = reader(form_values(kept.fields), setup, Before(kept.scores, kept.dealer))
    except NotScorable:
        # A reader may take less than its form (a number in another script's digits): the
        # hand then waits for the server, never scored otherwise.
        assert "points" not in outcome
        return
    assert read == entry
    # What the save stores: the hand scored after the table's (the write path's tracker).
    tracker = rules.tracker(setup, kept.first_dealer)
    for stored in kept.stored:
        tracker.add(stored)
    try:
        score = tracker.add(entry)
    except EntryError:
        assert "points" not in outcome
        return
    event("scored on the phone")
    assert outcome == {"points": dict(score.points)}
    if hand_entry.form_uses_earlier or not kept.stored:
        # The form's preview said the same (a form that does not look at the hands before
        # leaves a Bock round to the save).
        assert form.score.points == score.points
    assert phone["totals"] == dict(tracker.state().totals)


def test_what_no_form_accepts_is_not_read() -> None:
    setup = GAMES["custom"].setup(["Ann", "Bob"], {})
    reader = entry_reader("custom")
    assert reader is not None
    for bad in ("x", "1e3", "\u00b2", "3.5", " ", ".0"):
        with pytest.raises(NotScorable):
            reader({"points_0": bad}, setup, Before())
    assert reader({"points_0": " 7 ", "points_1": ""}, setup, Before()) == {
        "points": {"Ann": 7, "Bob": 0}
    }


def test_a_choice_is_read_only_as_the_form_writes_it() -> None:
    setup = GAMES["scopa"].setup(["Ann", "Bob"], {"capotto": True})
    reader = entry_reader("scopa")
    assert reader is not None
    fields = {"mode": "points", "points_0": "3", "points_1": "1"}
    assert reader({**fields, "capotto": "1"}, setup, Before())["capotto"] == "Bob"
    for bad in ("01", " 1", "2", "-0"):
        with pytest.raises(NotScorable):
            reader({**fields, "capotto": bad}, setup, Before())
