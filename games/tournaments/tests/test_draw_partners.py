"""Partners drawn each round, pair against pair (issue 32, item 3: Scopone and Briscola with
partners drawn): everyone seated once or given a bye, no repeat partner while one can be
avoided, repeat opponents only where they cannot be, and each player ranked with the pair's
result."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.draw import (
    DrawError,
    RoundPlan,
    byes_had,
    draw_partners,
    games_due,
    opponents_had,
    partners_had,
)
from games.tournaments.ranking import MatchResult, PairResult, SwissEntry, rank_swiss


def standings(numbers: list[int]) -> list[SwissEntry]:
    return [SwissEntry(number=n, match_points=len(numbers) - i) for i, n in enumerate(numbers)]


def repeat_partners(plan: RoundPlan, earlier: list[RoundPlan]) -> int:
    had = partners_had(earlier)
    return sum(
        1
        for table in plan.tables
        for first, second in (table.seats[0::2], table.seats[1::2])
        if second in had.get(first, set())
    )


def night(draw: st.DrawFn, numbers: list[int], rounds: int) -> list[RoundPlan]:
    """Rounds drawn one after the other, from standings in an order drawn at random."""
    plans: list[RoundPlan] = []
    for index in range(rounds):
        order = draw(st.permutations(numbers))
        plans.append(draw_partners(standings(list(order)), plans, f"round {index}"))
    return plans


def test_round_one_is_drawn_from_the_seed_and_seats_partners_opposite() -> None:
    numbers = list(range(1, 9))
    plan = draw_partners(standings(numbers), (), "fair")
    assert plan == draw_partners(standings(numbers[::-1]), (), "fair")
    assert plan != draw_partners(standings(numbers), (), "another seed")
    assert sorted(plan.seated()) == numbers
    assert not plan.byes
    assert all(len(table.seats) == 4 for table in plan.tables)
    # Seats 1 and 3 are partners, against seats 2 and 4.
    (table, _) = plan.tables
    assert partners_had([plan])[table.seats[0]] == {table.seats[2]}
    assert opponents_had([plan])[table.seats[0]] == {table.seats[1], table.seats[3]}


def test_a_count_that_does_not_divide_by_four_gives_byes_to_the_lowest_placed_once() -> None:
    numbers = list(range(1, 12))
    first = draw_partners(standings(numbers), (), "odd")
    assert len(first.byes) == 3
    # Later rounds: the lowest placed who have had no bye sit out.
    second = draw_partners(standings(numbers), [first], "next")
    without = [n for n in numbers if n not in first.byes]
    assert second.byes == tuple(without[-3:])
    assert not set(first.byes) & set(second.byes)


def test_fewer_than_four_cannot_play_pair_against_pair() -> None:
    with pytest.raises(DrawError):
        draw_partners(standings([1, 2, 3]), (), "few")
    with pytest.raises(DrawError):
        draw_partners(standings([1, 2, 2, 3]), (), "twice")


# Up to 200 players: a few rounds each; the property runs a modest number of examples.
@settings(max_examples=25, deadline=None)
@given(st.data(), st.integers(4, 200))
def test_everyone_sits_once_and_nobody_has_a_partner_twice_while_it_can_be_avoided(
    data: st.DataObject, count: int
) -> None:
    """While each has had fewer partners than half the others, a pairing into partners with no
    repeat always exists (Dirac), so none may happen; the byes go round."""
    numbers = list(range(1, count + 1))
    seated = count - count % 4
    earlier = night(data.draw, numbers, data.draw(st.integers(0, min(4, seated // 2 - 2))))
    plan = draw_partners(standings(list(data.draw(st.permutations(numbers)))), earlier, "next")
    assert Counter([*plan.seated(), *plan.byes]) == Counter(numbers)
    assert all(len(table.seats) == 4 for table in plan.tables)
    assert len(plan.byes) == count % 4
    had = byes_had(earlier)
    waiting = sorted(had.get(n, 0) for n in numbers)
    assert sorted(had.get(n, 0) for n in plan.byes) == waiting[: len(plan.byes)]
    assert repeat_partners(plan, earlier) == 0


@settings(max_examples=30, deadline=None)
@given(st.data(), st.integers(16, 60))
def test_round_two_meets_no_opponent_again_in_a_field_of_sixteen_or_more(
    data: st.DataObject, count: int
) -> None:
    """Eight cannot (each of round 1's tables would have to send its four to four other
    tables); from four tables of round 1 on, the draw finds a round 2 with no one met again."""
    numbers = list(range(1, count + 1))
    earlier = night(data.draw, numbers, 1)
    plan = draw_partners(standings(list(data.draw(st.permutations(numbers)))), earlier, "two")
    faced = opponents_had(earlier)
    assert not any(
        second in faced.get(first, set())
        for table in plan.tables
        for first in table.seats[0::2]
        for second in table.seats[1::2]
    )


def test_each_player_takes_the_pair_s_result_and_both_opponents_count_in_buchholz() -> None:
    ranked = rank_swiss(
        [
            PairResult((1, 3), (2, 4), 11, 7),
            PairResult((5, 7), (6, 8), 4, 11),
            MatchResult(9, 10, 3, 3),
        ]
    )
    by_number = {entry.number: entry.values for entry in ranked}
    assert by_number[1] == by_number[3] == (1.0, 0.0, 4)
    assert by_number[2] == by_number[4] == (0.0, 2.0, -4)
    assert by_number[6][0] == by_number[8][0] == 1.0
    assert by_number[9] == (0.5, 0.5, 0)
    with pytest.raises(ValueError, match="cannot play against itself"):
        rank_swiss([PairResult((1, 2), (2, 3), 1, 0)])


def test_a_random_night_repeats_no_partner_in_its_first_rounds() -> None:
    rng = random.Random(32)
    numbers = list(range(1, 25))
    plans: list[RoundPlan] = []
    for index in range(6):
        order = numbers[:]
        rng.shuffle(order)
        plan = draw_partners(standings(order), plans, str(index))
        assert repeat_partners(plan, plans) == 0
        plans.append(plan)


def test_a_table_where_the_dealer_sits_out_plays_five_fourths_of_the_games() -> None:
    assert [games_due(games, 5, True) for games in (32, 24, 48, 30, 2)] == [40, 30, 60, 38, 3]
    assert games_due(32, 4, False) == 32
    assert games_due(None, 5, True) is None
    # Each player at the five sits out one game in five: as many games played as at a four.
    assert games_due(32, 5, True) * 4 // 5 == 32
