"""Schafkopf properties over every valid hand, the house games included (issue 17): the ledger
is zero-sum (games/plugins/schafkopf/rules.md §7), more doublings and more knocks never make a game
worth less (§6-§7 the doublings, §14 Klopfen), a Ramsch's losers pay its winners (§12), and every
mistake in a house game is refused in words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.scoring import EntryError, RoundScore, TableSetup, score_table

from .strategies import FOUR, GAME, entries, house_mistakes, tables

# The engine alone, no database: CI runs these once, in its PostgreSQL pass, which has
# the room (the SQLite pass runs every other test that uses no database).
pytestmark = pytest.mark.postgresql_pass


@st.composite
def hands(draw: st.DrawFn) -> tuple[TableSetup, dict[str, Any]]:
    """A table and one valid entry for it."""
    here = draw(tables())
    return here, draw(entries(here))


@st.composite
def evenings(draw: st.DrawFn) -> tuple[TableSetup, list[dict[str, Any]]]:
    """A table and the hands of an evening at it."""
    here = draw(tables())
    return here, draw(st.lists(entries(here), max_size=8))


def scored(entry: dict[str, Any], here: TableSetup) -> RoundScore:
    return GAME.score_round(entry, here)


@given(hands())
def test_every_hand_pays_out_to_zero(hand: tuple[TableSetup, dict[str, Any]]) -> None:
    here, entry = hand
    result = scored(entry, here)
    assert sum(result.points.values()) == 0
    assert set(result.points) == set(FOUR)


@given(hands())
def test_each_opponent_pays_or_receives_the_game_value(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    result = scored(entry, here)
    if result.breakdown["kind"] != "contract":
        return
    value = result.breakdown["game_value"]
    assert isinstance(value, int)
    side = result.breakdown["declarer_side"]
    assert isinstance(side, list)
    sign = 1 if result.breakdown["declarer_won"] else -1
    for player in FOUR:
        if player not in side:
            assert result.points[player] == -sign * value
    if len(side) == 1:
        assert result.points[side[0]] == 3 * sign * value
    if len(side) == 2:
        assert all(result.points[player] == sign * value for player in side)


@given(hands())
def test_each_ramsch_loser_pays_each_winner_the_game_value(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    result = scored(entry, here)
    breakdown = result.breakdown
    if breakdown["kind"] != "ramsch":
        return
    value, losers, winners = breakdown["game_value"], breakdown["losers"], breakdown["winners"]
    assert isinstance(value, int)
    assert isinstance(losers, list)
    assert isinstance(winners, list)
    assert sorted(losers + winners) == sorted(FOUR)
    assert losers, "somebody always loses a Ramsch"
    for player in losers:
        assert result.points[player] == -value * len(winners)
    for player in winners:
        assert result.points[player] == value * len(losers)
    card_points = breakdown["card_points"]
    if breakdown["durchmarsch"] is None:
        assert isinstance(card_points, dict)
        assert sum(card_points.values()) == 120
        # The losers hold the most card points; a Jungfrau never loses.
        assert {card_points[player] for player in losers} == {max(card_points.values())}
        assert not set(breakdown["jungfrau"]) & set(losers)  # type: ignore[arg-type]
    else:
        assert winners == [breakdown["durchmarsch"]]


@given(hands())
def test_more_doublings_never_make_a_game_worth_less(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    if "doublings" not in entry:
        return
    values = []
    for level in range(5):
        value = scored({**entry, "doublings": level}, here).breakdown["game_value"]
        assert isinstance(value, int)
        values.append(value)
    assert values == [values[0] * 2**level for level in range(5)]
    assert values == sorted(values)


@given(hands())
def test_each_knock_doubles_the_hand(hand: tuple[TableSetup, dict[str, Any]]) -> None:
    here, entry = hand
    if not here.option_bool("klopfen") or entry.get("contract") == "passed":
        return
    values = []
    for knocks in range(5):
        result = scored({**entry, "klopfen": knocks}, here)
        assert sum(result.points.values()) == 0
        values.append(result.points)
    for knocks, points in enumerate(values):
        assert points == {player: value * 2**knocks for player, value in values[0].items()}


@given(hands())
def test_a_won_game_and_the_same_game_lost_mirror_each_other(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    if "declarer_won" not in entry or entry["contract"] == "sie":
        return
    won = scored({**entry, "declarer_won": True}, here).points
    lost = scored({**entry, "declarer_won": False}, here).points
    assert lost == {player: -points for player, points in won.items()}


@given(evenings())
def test_the_running_balance_stays_zero_sum(
    evening: tuple[TableSetup, list[dict[str, Any]]],
) -> None:
    here, played = evening
    rounds = [scored(entry, here) for entry in played]
    state = GAME.game_state(rounds, here)
    assert all(sum(totals.values()) == 0 for totals in state.totals_after_each_round)
    assert not state.finished
    assert state.winners == ()


@st.composite
def evenings_with_a_mistake(
    draw: st.DrawFn,
) -> tuple[TableSetup, list[dict[str, Any]], dict[str, Any]]:
    here = draw(tables())
    return here, draw(st.lists(entries(here), max_size=4)), draw(house_mistakes(here))


@given(evenings_with_a_mistake())
def test_a_mistake_in_a_house_game_is_refused_in_words_naming_its_round(
    evening: tuple[TableSetup, list[dict[str, Any]], dict[str, Any]],
) -> None:
    here, played, mistake = evening
    with pytest.raises(EntryError) as caught:
        scored(mistake, here)
    texts = [problem.text() for problem in caught.value.problems]
    assert texts
    for text in texts:
        # A sentence for the players: every placeholder filled, no Python spelling.
        assert text
        assert "{" not in text
        assert "}" not in text
        assert "None" not in text
        assert "Traceback" not in text
    # In a whole scoresheet the same problem names its hand.
    with pytest.raises(EntryError) as in_sheet:
        score_table(GAME, here, [*played, mistake])
    number = len(played) + 1
    assert [problem.text() for problem in in_sheet.value.problems] == [
        f"round {number}: {text}" for text in texts
    ]
