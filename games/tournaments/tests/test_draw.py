"""The seat draw and Swiss pairing of a tournament night (issue 32, items 3 and 9): worked
examples from /work/shared/tournaments/NOTES.md, and properties over 8 to 200 players, checked
against brute force on small counts."""

from __future__ import annotations

import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tournaments.draw import (
    DrawError,
    RoundPlan,
    SeededStream,
    TablePlan,
    byes_had,
    draw_groups,
    make_seed,
    meetings,
    odd_tables_had,
    opponents,
    pair_swiss,
    rematches,
    repeat_meetings,
    table_sizes,
)
from games.tournaments.ranking import SwissEntry

SCHAFKOPF = 4
# Brute force walks every partition or pairing: a few dozen small cases are plenty.
BRUTE_FORCE_EXAMPLES = 30


def plan_of(*tables: tuple[int, ...], byes: tuple[int, ...] = ()) -> RoundPlan:
    return RoundPlan(
        tables=tuple(TablePlan(number=i + 1, seats=seats) for i, seats in enumerate(tables)),
        byes=byes,
        seed="by hand",
    )


def standings(numbers: Sequence[int]) -> list[SwissEntry]:
    """Standings in this order (the order is what pairing reads; points only label it)."""
    return [SwissEntry(number=n, match_points=len(numbers) - i) for i, n in enumerate(numbers)]


def everyone_once(plan: RoundPlan, numbers: Sequence[int]) -> bool:
    return Counter([*plan.seated(), *plan.byes]) == Counter(numbers)


# -- the seed --------------------------------------------------------------------------------------


def test_the_stream_is_sha256_of_the_seed_so_anyone_can_repeat_a_draw() -> None:
    """The first number drawn is the first eight bytes of SHA-256(purpose, seed, counter 0)
    [R1], computed here without the stream."""
    digest = hashlib.sha256(b"groups\x00night-1\x00" + bytes(8)).digest()
    assert SeededStream("night-1", "groups").below(1000) == int.from_bytes(digest[:8]) % 1000


def test_a_fresh_seed_is_random_and_too_long_to_guess() -> None:
    seeds = {make_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert {len(seed) for seed in seeds} == {32}


def test_a_recorded_seed_gives_the_same_seats_after_any_upgrade() -> None:
    """Pinned: a draw recorded tonight must be checkable with the same seed next year."""
    plan = draw_groups(range(1, 9), SCHAFKOPF, "pinned")
    assert [table.seats for table in plan.tables] == [(4, 8, 5, 1), (6, 2, 3, 7)]


# -- tables of four, five and three ----------------------------------------------------------------


def test_thirty_two_players_sit_at_eight_tables_of_four_drawn_from_the_seed() -> None:
    plan = draw_groups(range(1, 33), SCHAFKOPF, "preisschafkopf-2026")
    assert [table.number for table in plan.tables] == list(range(1, 9))
    assert [len(table.seats) for table in plan.tables] == [4] * 8
    assert everyone_once(plan, range(1, 33))
    assert plan.byes == ()
    assert plan.seed == "preisschafkopf-2026"
    assert not any(table.sitting_out_each_game for table in plan.tables)
    assert draw_groups(range(1, 33), SCHAFKOPF, "preisschafkopf-2026") == plan
    assert draw_groups(range(1, 33), SCHAFKOPF, "preisschafkopf-2027").tables != plan.tables


def test_thirty_two_players_meet_nobody_twice_over_three_rounds() -> None:
    rounds: list[RoundPlan] = []
    for number in range(3):
        plan = draw_groups(range(1, 33), SCHAFKOPF, f"round-{number}", rounds)
        assert repeat_meetings(plan, rounds) == 0
        rounds.append(plan)
    assert max(times for row in meetings(rounds).values() for times in row.values()) == 1


def test_thirty_four_players_make_two_tables_of_five_or_two_of_three() -> None:
    """34 = 6 x 4 + 2 x 5, the dealer sitting out at each five (SchafkopfTurnierplaner's
    n mod 4 tables of five [R2]); or 34 = 7 x 4 + 2 x 3 (Skat's tables of three [P13])."""
    fives = draw_groups(range(1, 35), SCHAFKOPF, "s")
    assert [len(t.seats) for t in fives.tables] == [4] * 6 + [5] * 2
    assert [t.sitting_out_each_game for t in fives.tables] == [False] * 6 + [True] * 2
    threes = draw_groups(range(1, 35), SCHAFKOPF, "s", allow_five=False)
    assert [len(t.seats) for t in threes.tables] == [4] * 7 + [3] * 2
    assert not any(t.sitting_out_each_game for t in threes.tables)
    assert everyone_once(fives, range(1, 35))
    assert everyone_once(threes, range(1, 35))
    with pytest.raises(DrawError):
        draw_groups(range(1, 35), SCHAFKOPF, "s", allow_five=False, allow_three=False)


def test_the_tables_of_five_go_round_so_nobody_sits_out_at_two_of_them() -> None:
    """34 players over three rounds: 10 seats at tables of five a round, 30 different players
    at them, and still nobody meets anybody twice."""
    rounds: list[RoundPlan] = []
    for number in range(3):
        plan = draw_groups(range(1, 35), SCHAFKOPF, f"round-{number}", rounds)
        assert repeat_meetings(plan, rounds) == 0
        rounds.append(plan)
    assert sorted(odd_tables_had(rounds, SCHAFKOPF).values()) == [1] * 30


def test_players_who_came_in_together_sit_apart_when_the_director_asks() -> None:
    """Consecutive start numbers (who entered together) at different tables from round 1 on,
    as SchafkopfTurnier keeps them [R1], and still nobody meets anybody twice."""
    rounds: list[RoundPlan] = []
    for number in range(3):
        plan = draw_groups(
            range(1, 33), SCHAFKOPF, f"r{number}", rounds, keep_neighbours_apart=True
        )
        assert repeat_meetings(plan, rounds) == 0
        assert not any(n + 1 in table.seats for table in plan.tables for n in table.seats)
        rounds.append(plan)
    assert draw_groups(range(1, 33), SCHAFKOPF, "r0") != rounds[0]


def test_a_larger_table_of_a_game_where_all_play_has_nobody_sitting_out() -> None:
    plan = draw_groups(range(1, 10), 4, "swoops", dealer_sits_out_at_larger=False)
    assert [len(t.seats) for t in plan.tables] == [4, 5]
    assert not any(t.sitting_out_each_game for t in plan.tables)


@pytest.mark.parametrize(
    ("count", "size", "five", "three", "sizes"),
    [
        (5, 4, True, True, (5,)),
        (3, 4, True, True, (3,)),
        (7, 4, True, True, (4, 3)),  # three fives would need three tables
        (11, 4, False, True, (4, 4, 3)),
        (10, 4, True, False, (5, 5)),
        (17, 6, True, True, (6, 6, 5)),  # two sevens would need two tables of six first
        (13, 6, True, True, (6, 7)),
    ],
)
def test_table_sizes(
    count: int, size: int, five: bool, three: bool, sizes: tuple[int, ...]
) -> None:
    assert table_sizes(count, size, five, three) == sizes


@pytest.mark.parametrize(
    ("count", "size", "five", "three"),
    [
        (2, 4, True, True),
        (7, 4, True, False),
        (6, 4, True, False),
        (17, 8, True, True),
        (9, 9, True, True),
    ],
)
def test_counts_that_no_table_fits_are_refused(
    count: int, size: int, five: bool, three: bool
) -> None:
    with pytest.raises(DrawError):
        table_sizes(count, size, five, three)


def test_a_start_number_entered_twice_is_refused() -> None:
    with pytest.raises(DrawError):
        draw_groups([1, 2, 3, 4, 5, 6, 7, 1], SCHAFKOPF, "s")
    with pytest.raises(DrawError):
        pair_swiss(standings([1, 2, 1]), (), "s")


def test_drop_outs_and_late_entries_draw_with_what_is_known_of_them() -> None:
    """Earlier rounds may name players who dropped out; a late entry has met nobody."""
    first = plan_of((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))
    present = [n for n in range(1, 17) if n != 16] + [17]
    plan = draw_groups(present, SCHAFKOPF, "late", [first])
    assert everyone_once(plan, present)
    assert repeat_meetings(plan, [first]) == 0


# -- Swiss -----------------------------------------------------------------------------------------


def test_a_swiss_of_seven_gives_the_bye_to_the_lowest_without_one_and_no_rematch() -> None:
    """Round 1 (1 beat 2, 3 beat 4, 5 beat 6, 7 a bye), round 2 (1 beat 3, 5 beat 7, 2 beat 4,
    6 a bye); in round 3's standings 1, 3, 5, 7, 2, 4, 6 the lowest without a bye is 4 [F1, F3],
    and serial pairing [F13] skips those already met: 1 has met 2 and 3, so meets 5; 3 has met
    4 and 1, so meets 7; 2 meets 6."""
    rounds = [
        plan_of((1, 2), (3, 4), (5, 6), byes=(7,)),
        plan_of((1, 3), (5, 7), (2, 4), byes=(6,)),
    ]
    plan = pair_swiss(standings([1, 3, 5, 7, 2, 4, 6]), rounds, "r3")
    assert [t.seats for t in plan.tables] == [(1, 5), (3, 7), (2, 6)]
    assert plan.byes == (4,)
    assert [t.number for t in plan.tables] == [1, 2, 3]


def test_a_swiss_of_seven_plays_its_three_rounds_with_three_byes_and_no_rematch() -> None:
    """Seven entrants play ceil(log2 7) = 3 rounds [F11]: three different byes."""
    rounds: list[RoundPlan] = []
    order = list(range(1, 8))
    for number in range(3):
        plan = pair_swiss(standings(order), rounds, f"r{number}")
        assert rematches(plan, rounds) == 0
        assert everyone_once(plan, order)
        rounds.append(plan)
        order = order[3:] + order[:3]  # any standings: the guarantees hold for every order
    assert sorted(byes_had(rounds).values()) == [1, 1, 1]


def test_round_one_of_a_swiss_is_drawn_from_the_seed() -> None:
    first = pair_swiss(standings(range(1, 11)), (), "a")
    assert first == pair_swiss(standings(range(1, 11)), (), "a")
    assert first.tables != pair_swiss(standings(range(1, 11)), (), "b").tables
    assert first.tables != pair_swiss(standings(range(1, 11)), [plan_of((1, 2))], "a").tables


def test_two_who_met_play_again_only_when_nothing_else_is_left() -> None:
    plan = pair_swiss(standings([1, 2]), [plan_of((1, 2))], "again")
    assert [t.seats for t in plan.tables] == [(1, 2)]
    with pytest.raises(DrawError):
        pair_swiss(standings([1]), (), "alone")


# -- properties ------------------------------------------------------------------------------------


@st.composite
def group_nights(
    draw: st.DrawFn, low: int = 8, high: int = 200
) -> tuple[list[int], int, bool, bool]:
    count = draw(st.integers(low, high))
    start = draw(st.integers(1, 500))
    return (
        list(range(start, start + count)),
        draw(st.integers(3, 8)),
        draw(st.booleans()),
        draw(st.booleans()),
    )


def shuffled(draw: st.DrawFn, numbers: Sequence[int]) -> list[int]:
    """The numbers in any order: a seeded shuffle, as Hypothesis's own permutations of 200
    would cost most of the test's time."""
    order = list(numbers)
    random.Random(draw(st.integers(0, 2**32))).shuffle(order)
    return order


def random_rounds(
    draw: st.DrawFn, numbers: list[int], sizes: Sequence[int], most: int
) -> list[RoundPlan]:
    """Earlier rounds as any partitions at all (a hand-made draw, drop-outs and all)."""
    rounds = []
    for _ in range(draw(st.integers(0, most))):
        order = shuffled(draw, numbers)
        groups, start = [], 0
        for size in sizes:
            groups.append(tuple(order[start : start + size]))
            start += size
        rounds.append(plan_of(*groups))
    return rounds


@given(st.data(), group_nights())
def test_every_player_sits_once_at_a_table_of_an_allowed_size(
    data: st.DataObject, night: tuple[list[int], int, bool, bool]
) -> None:
    numbers, size, five, three = night
    try:
        sizes = table_sizes(len(numbers), size, five, three)
    except DrawError:
        with pytest.raises(DrawError):
            draw_groups(numbers, size, "s", (), five, three)
        return
    earlier = random_rounds(data.draw, numbers, sizes, 2)
    seed = data.draw(st.text(max_size=20))
    apart = data.draw(st.booleans())
    plan = draw_groups(numbers, size, seed, earlier, five, three, keep_neighbours_apart=apart)
    assert everyone_once(plan, numbers)
    allowed = {size} | ({size + 1} if five else set()) | ({size - 1} if three else set())
    assert {len(t.seats) for t in plan.tables} <= allowed
    assert [t.number for t in plan.tables] == list(range(1, len(plan.tables) + 1))
    assert all(t.sitting_out_each_game == (len(t.seats) > size) for t in plan.tables)
    listed = shuffled(data.draw, numbers)
    assert (
        draw_groups(listed, size, seed, earlier, five, three, keep_neighbours_apart=apart) == plan
    )


@given(st.data(), group_nights(high=200))
def test_round_two_meets_nobody_again_when_there_are_enough_tables(
    data: st.DataObject, night: tuple[list[int], int, bool, bool]
) -> None:
    """With at least as many tables as the largest seats, round 2 can seat each table from
    different tables of round 1 (deal the players round by table, one to each table in turn);
    the draw must find such a round."""
    numbers, size, five, three = night
    try:
        sizes = table_sizes(len(numbers), size, five, three)
    except DrawError:
        return
    if len(sizes) < max(sizes):
        return
    first = random_rounds(data.draw, numbers, sizes, 1)
    plan = draw_groups(numbers, size, "two", first, five, three)
    assert repeat_meetings(plan, first) == 0


def partitions(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way of seating players at tables of these sizes (tables unordered)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        others = list(sizes)
        others.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            left = [p for p in rest if p not in mates]
            for tail in partitions(left, others):
                yield [(first, *mates), *tail]


@settings(max_examples=BRUTE_FORCE_EXAMPLES)
@given(st.data(), group_nights(low=6, high=10))
def test_later_rounds_repeat_no_more_meetings_than_the_best_seating(
    data: st.DataObject, night: tuple[list[int], int, bool, bool]
) -> None:
    numbers, _, five, three = night
    size = data.draw(st.sampled_from([3, 4]))
    try:
        sizes = table_sizes(len(numbers), size, five, three)
    except DrawError:
        return
    earlier = random_rounds(data.draw, numbers, sizes, 4)
    plan = draw_groups(numbers, size, "small", earlier, five, three)
    best = min(
        repeat_meetings(plan_of(*seating), earlier) for seating in partitions(numbers, sizes)
    )
    assert repeat_meetings(plan, earlier) == best


def swiss_history(draw: st.DrawFn, numbers: list[int], most: int) -> list[RoundPlan]:
    """Earlier Swiss rounds as the pairing made them, from standings in any order."""
    rounds: list[RoundPlan] = []
    for index in range(draw(st.integers(0, most))):
        rounds.append(pair_swiss(standings(shuffled(draw, numbers)), rounds, str(index)))
    return rounds


def check_swiss_round(plan: RoundPlan, numbers: list[int], earlier: list[RoundPlan]) -> None:
    assert everyone_once(plan, numbers)
    assert all(len(t.seats) == 2 for t in plan.tables)
    assert len(plan.byes) == len(numbers) % 2
    had = byes_had(earlier)
    fewest = min(had.get(n, 0) for n in numbers)
    assert all(had.get(n, 0) == fewest for n in plan.byes)


@given(st.data(), st.integers(2, 200))
def test_swiss_pairs_everyone_once_and_no_rematch_while_fields_are_wide(
    data: st.DataObject, count: int
) -> None:
    """While each has met fewer than half the others, a pairing without rematches always
    exists (Dirac), so none may happen."""
    numbers = list(range(1, count + 1))
    earlier = swiss_history(data.draw, numbers, min(4, count // 2 - 1))
    order = shuffled(data.draw, numbers)
    plan = pair_swiss(standings(order), earlier, "next")
    check_swiss_round(plan, numbers, earlier)
    assert rematches(plan, earlier) == 0


def fewest_rematches(numbers: list[int], earlier: list[RoundPlan]) -> int:
    """Brute force: the fewest rematches of any pairing, the bye to one with the fewest byes."""
    faced = opponents(earlier)
    had = byes_had(earlier)
    fewest = min(had.get(n, 0) for n in numbers)
    byes = [n for n in numbers if had.get(n, 0) == fewest] if len(numbers) % 2 else [None]

    def least(left: list[int]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        return min(
            (other in faced.get(first, set())) + least([p for p in rest if p != other])
            for other in rest
        )

    return min(least([n for n in numbers if n != bye]) for bye in byes)


@settings(max_examples=BRUTE_FORCE_EXAMPLES * 2)
@given(st.data(), st.integers(2, 9))
def test_swiss_has_no_more_rematches_than_the_best_pairing(data: st.DataObject, count: int) -> None:
    numbers = list(range(1, count + 1))
    earlier = swiss_history(data.draw, numbers, count + 1)
    plan = pair_swiss(standings(shuffled(data.draw, numbers)), earlier, "next")
    check_swiss_round(plan, numbers, earlier)
    assert rematches(plan, earlier) == fewest_rematches(numbers, earlier)
