"""RoundTracker: scoring a table's rounds one after another gives exactly what scoring each
round against all the earlier ones gives, and costs the same per round however long the
table is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import GAMES, EntryError, RoundScore, TableSetup
from games.scoring import ciapano as ciapano_module

from .strategies import counted_entries

PLAYERS = {
    "scopa": ("Ann", "Bob"),
    "scopone": ("Ann", "Bob", "Cy", "Di"),
    "pirate-scopa": ("Ann", "Bob", "Cy"),
    "ciapano": ("Ann", "Bob", "Cy", "Di"),
    "swoops": ("Ann", "Bob", "Cy"),
    "schafkopf": ("Ann", "Bob", "Cy", "Di"),
}
OPTIONS: dict[str, dict[str, object]] = {
    "ciapano": {"elimination_at": 12},
    "swoops": {"limit": 60},
    "scopa": {"target": 21},
}


def test_every_game_is_covered() -> None:
    assert set(PLAYERS) == set(GAMES)


def setup_of(game: str) -> TableSetup:
    return GAMES[game].setup(PLAYERS[game], OPTIONS.get(game, {}))


def reference(
    game: str, setup: TableSetup, entries: Sequence[Mapping[str, object]], first_dealer: int
) -> tuple[list[RoundScore | None], list[int]]:
    """The slow way: each round scored against every earlier one, each dealer from the
    earlier rounds and the last dealer; a bad round is left out, as the tracker leaves it."""
    rules = GAMES[game]
    scores: list[RoundScore] = []
    dealers: list[int] = []
    results: list[RoundScore | None] = []
    for item in entries:
        try:
            score = rules.score_round(item, setup, tuple(scores))
        except EntryError:
            results.append(None)
            continue
        dealers.append(
            rules.dealer_after(setup, tuple(scores), dealers[-1]) if dealers else first_dealer
        )
        scores.append(score)
        results.append(score)
    return results, dealers


@pytest.mark.parametrize("game", list(PLAYERS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_tracker_scores_and_deals_as_the_rounds_one_by_one(
    game: str, data: st.DataObject
) -> None:
    setup = setup_of(game)
    first_dealer = data.draw(st.integers(0, len(setup.players) - 1))
    tracker = GAMES[game].tracker(setup, first_dealer)
    entries: list[dict[str, object]] = []
    results: list[RoundScore | None] = []
    for _round in range(data.draw(st.integers(0, 12))):
        active = setup.sides
        if game == "ciapano":
            active = ciapano_module.active_players(setup, tracker.scores) or setup.sides
        item = data.draw(counted_entries(game, list(active)))
        entries.append(item)
        before = (list(tracker.scores), list(tracker.dealers), tracker.next_dealer())
        try:
            results.append(tracker.add(item))
        except EntryError:
            results.append(None)
            assert (list(tracker.scores), list(tracker.dealers), tracker.next_dealer()) == before

    expected, dealers = reference(game, setup, entries, first_dealer)
    assert results == expected
    assert list(tracker.dealers) == dealers
    assert tracker.state() == GAMES[game].game_state(list(tracker.scores), setup)

    # The same rounds pushed as stored, then one more added, give the same as adding them all.
    stored = GAMES[game].tracker(setup, first_dealer)
    for score in tracker.scores:
        stored.push(score)
    assert list(stored.dealers) == dealers
    assert stored.next_dealer() == tracker.next_dealer()
    assert stored.state() == tracker.state()


@pytest.mark.parametrize("game", ["ciapano", "scopa", "schafkopf"])
def test_each_round_costs_the_same_however_many_came_before(game: str) -> None:
    """Structural, not timed: scoring n rounds walks over earlier rounds a number of times that
    grows with n, not n squared (counted where the engine walks them: the game state over all
    the rounds it is given, Ciapanò's elimination fold one deal at a time)."""
    setup = setup_of(game)
    sides = setup.sides
    points = {side: 0 for side in sides}
    calls = {"state": 0, "fold": 0}
    rules = GAMES[game]
    real_state, real_add = type(rules).game_state, ciapano_module._ProgressFold.add

    def counting_state(self: object, rounds: Sequence[RoundScore], table: TableSetup) -> object:
        calls["state"] += len(rounds)
        return real_state(self, rounds, table)  # type: ignore[arg-type]

    def counting_add(self: object, score: RoundScore) -> None:
        calls["fold"] += 1
        real_add(self, score)  # type: ignore[arg-type]

    def rounds_looked_at(count: int) -> int:
        calls.update(state=0, fold=0)
        with (
            mock.patch.object(type(rules), "game_state", counting_state),
            mock.patch.object(ciapano_module._ProgressFold, "add", counting_add),
        ):
            tracker = rules.tracker(setup)
            for _round in range(count):
                tracker.add({"points": dict(points)})
        return calls["state"] + calls["fold"]

    assert rounds_looked_at(400) <= 4 * rounds_looked_at(100) + 4
