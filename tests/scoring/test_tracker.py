"""RoundTracker: scoring a table's rounds one after another gives exactly what scoring each
round against all the earlier ones gives, and costs the same per round however long the
table is."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from typing import overload
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scoring import GAMES, EntryError, Problem, RoundScore, TableSetup
from tests.kits import kit_for, sample_setup

from .strategies import counted_entries


def setup_of(game: str) -> TableSetup:
    """The game's small table, from its test kit."""
    return sample_setup(game)


def reference(
    game: str, setup: TableSetup, entries: Sequence[Mapping[str, object]], first_dealer: int
) -> tuple[list[RoundScore | tuple[Problem, ...]], list[int]]:
    """The slow way: each round scored against every earlier one, each dealer from the
    earlier rounds and the last dealer; a bad round gives its problems and is left out, as the
    tracker leaves it."""
    rules = GAMES[game]
    scores: list[RoundScore] = []
    dealers: list[int] = []
    results: list[RoundScore | tuple[Problem, ...]] = []
    for item in entries:
        try:
            score = rules.score_round(item, setup, tuple(scores))
        except EntryError as error:
            results.append(error.problems)
            continue
        dealers.append(
            rules.dealer_after(setup, tuple(scores), dealers[-1]) if dealers else first_dealer
        )
        scores.append(score)
        results.append(score)
    return results, dealers


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_tracker_scores_and_deals_as_the_rounds_one_by_one(
    game: str, data: st.DataObject
) -> None:
    setup = setup_of(game)
    first_dealer = data.draw(st.integers(0, len(setup.players) - 1))
    tracker = GAMES[game].tracker(setup, first_dealer)
    entries: list[dict[str, object]] = []
    results: list[RoundScore | tuple[Problem, ...]] = []
    kept: list[dict[str, object]] = []  # the entries the tracker took, one per score
    for _round in range(data.draw(st.integers(0, 12))):
        active = kit_for(game).still_in(setup, tracker.scores)
        item = data.draw(counted_entries(game, list(active)))
        entries.append(item)
        before = (list(tracker.scores), list(tracker.dealers), tracker.next_dealer())
        try:
            results.append(tracker.add(item))
        except EntryError as error:
            problems = error.problems
        else:
            kept.append(item)
            continue
        # Refused as score_round refuses it (compared below), not yet numbered with a round, and
        # nothing kept.
        assert problems
        assert all(found.round_number is None for found in problems)
        results.append(problems)
        assert (list(tracker.scores), list(tracker.dealers), tracker.next_dealer()) == before

    expected, dealers = reference(game, setup, entries, first_dealer)
    assert results == expected
    assert list(tracker.dealers) == dealers
    assert tracker.state() == GAMES[game].game_state(list(tracker.scores), setup)

    # The first rounds pushed as stored, then the rest added, give the same as adding them all.
    split = data.draw(st.integers(0, len(kept)))
    stored = GAMES[game].tracker(setup, first_dealer)
    for score in tracker.scores[:split]:
        stored.push(score)
    for item in kept[split:]:
        stored.add(item)
    assert list(stored.scores) == list(tracker.scores)
    assert list(stored.dealers) == dealers
    assert stored.next_dealer() == tracker.next_dealer()
    assert stored.state() == tracker.state()


def test_a_refused_ciapano_deal_leaves_the_tracker_as_it_was() -> None:
    """A deal for a player already out, or after the game is decided, is refused with the
    problems ``score_round`` gives, not numbered with a round, and changes nothing; the deal
    passes over the player who is out (games/plugins/ciapano/rules.md §2 and §7)."""
    setup = setup_of("ciapano")  # out at 12; Ann, Bob, Cy, Di
    rules = GAMES["ciapano"]
    tracker = rules.tracker(setup, first_dealer=2)
    tracker.add({"points": {"Ann": 9, "Bob": 1, "Cy": 1, "Di": 0}})
    tracker.add({"points": {"Ann": 3, "Bob": 0, "Cy": 0, "Di": 8}})  # Ann out at 12
    assert tracker.state().eliminated == ("Ann",)
    assert tracker.next_dealer() == 1  # after Di comes Ann, who is out: Bob deals

    def refused(entry: Mapping[str, object]) -> None:
        before = (list(tracker.scores), list(tracker.dealers), tracker.next_dealer())
        with pytest.raises(EntryError) as error:
            tracker.add(entry)
        with pytest.raises(EntryError) as expected:
            rules.score_round(entry, setup, list(tracker.scores))
        assert error.value.problems == expected.value.problems
        assert all(found.round_number is None for found in error.value.problems)
        assert (list(tracker.scores), list(tracker.dealers), tracker.next_dealer()) == before

    refused({"points": {"Ann": 1, "Bob": 0, "Cy": 0, "Di": 10}})
    # Not 11 in all, nor a moon: refused as well, and nothing kept.
    refused({"points": {"Bob": 1, "Cy": 1, "Di": 1}})
    tracker.add({"points": {"Bob": 11, "Cy": 11, "Di": 0}})  # Di's moon: Bob and Cy out
    assert list(tracker.dealers) == [2, 3, 1]
    assert tracker.state().winners == ("Di",)
    refused({"points": {"Di": 11}})
    assert tracker.state() == rules.game_state(list(tracker.scores), setup)


class _CountingRounds(Sequence[RoundScore]):
    """The earlier rounds as ``score_round`` is given them, counting every round it reads."""

    def __init__(self, rounds: Sequence[RoundScore], calls: dict[str, int]) -> None:
        self.rounds, self.calls = rounds, calls

    def __len__(self) -> int:
        return len(self.rounds)

    @overload
    def __getitem__(self, index: int) -> RoundScore: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[RoundScore]: ...
    def __getitem__(self, index: int | slice) -> RoundScore | Sequence[RoundScore]:
        if isinstance(index, slice):
            picked = self.rounds[index]
            self.calls["earlier"] += len(picked)
            return picked
        self.calls["earlier"] += 1
        return self.rounds[index]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_round_costs_the_same_however_many_came_before(game: str) -> None:
    """Structural, not timed: scoring n rounds walks over earlier rounds a number of times that
    grows with n, not n squared (counted where the engine walks them: the game state over all
    the rounds it is given, every earlier round a game's ``score_round`` reads, and what the
    game's test kit names as walking one round a call, such as Ciapanò's elimination fold one
    deal at a time).

    The game's test kit gives a table that goes on for long, its rounds, and how many to play
    against how many: a Ciapanò deal is worth 11, so even five players out at 99 end within 45
    deals: Ciapanò is measured on 40 deals against 10, the other games on 400 rounds against
    100."""
    kit = kit_for(game)
    setup = kit.steady_setup(game)
    long, short = kit.steady_rounds
    calls = {"state": 0, "fold": 0, "earlier": 0}
    rules = GAMES[game]
    real_state, real_score = type(rules).game_state, type(rules).score_round

    def counting_state(self: object, rounds: Sequence[RoundScore], table: TableSetup) -> object:
        calls["state"] += len(rounds)
        return real_state(self, rounds, table)  # type: ignore[arg-type]

    def counting(real: Callable[..., object]) -> Callable[..., object]:
        def walker(*args: object, **kwargs: object) -> object:
            calls["fold"] += 1
            return real(*args, **kwargs)

        return walker

    def counting_score(
        self: object,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
        **options: bool,
    ) -> RoundScore:
        # ``options``: what a game's own score_round takes besides (Schafkopf's ``stored``).
        return real_score(self, entry, table, _CountingRounds(earlier, calls), **options)  # type: ignore[arg-type]

    @contextmanager
    def counted() -> Iterator[None]:
        with ExitStack() as stack:
            stack.enter_context(mock.patch.object(type(rules), "game_state", counting_state))
            stack.enter_context(mock.patch.object(type(rules), "score_round", counting_score))
            for owner, name in kit.round_walkers:
                real = getattr(owner, name)
                stack.enter_context(mock.patch.object(owner, name, counting(real)))
            yield

    def rounds_looked_at(count: int) -> int:
        calls.update(state=0, fold=0, earlier=0)
        with counted():
            tracker = rules.tracker(setup)
            for number in range(count):
                tracker.add(kit.steady_entry(setup, number))
            assert len(tracker.scores) == count
            assert not tracker.state().finished
        return sum(calls.values())

    assert rounds_looked_at(long) <= 4 * rounds_looked_at(short) + 4

    # The counters see the slow way: each round scored against the rounds before it, and each
    # dealer from them, walks every earlier round (Ciapanò: who is out).
    calls.update(state=0, fold=0, earlier=0)
    with counted():
        scores: list[RoundScore] = []
        for number in range(20):
            scores.append(rules.score_round(kit.steady_entry(setup, number), setup, scores))
            rules.dealer_after(setup, scores, 0)
    if rules.eliminates_players:
        assert sum(calls.values()) >= 20 * 19 // 2
