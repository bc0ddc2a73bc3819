"""A tournament night's standings (issue 32, items 5 and 9): worked examples computed by hand,
and properties checked against an independent computation of the same figures."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.tournaments.ranking import (
    Criterion,
    MatchResult,
    RankedEntry,
    SwissEntry,
    _ranked_by_all,
    _ranked_by_one,
    lot,
    rank_points,
    rank_swiss,
    swiss_entries,
)

BUCHHOLZ = Criterion.BUCHHOLZ
DIFFERENCE = Criterion.POINT_DIFFERENCE
SOLI = Criterion.SOLI


def lines(ranking: Sequence[RankedEntry]) -> list[tuple[int, int, Criterion | None]]:
    """Place, start number and the tie-break that placed it, best first."""
    return [(entry.place, entry.number, entry.tie_break_used) for entry in ranking]


# -- points (Schafkopf) ----------------------------------------------------------------------------

# Two rounds of six players, zero-sum as SchafkopfTurnier checks [R1]: 1, 2 and 3 end on 7.
ROUNDS = {1: [12, -5], 2: [3, 4], 3: [-10, 17], 4: [20, -2], 5: [-15, -4], 6: [-10, -10]}
SOLI_WON = {1: 2, 2: 1, 3: 2}


def test_points_alone_let_equal_totals_share_a_place() -> None:
    ranking = rank_points(ROUNDS)
    assert lines(ranking) == [
        (1, 4, None),
        (2, 1, None),
        (2, 2, None),
        (2, 3, None),
        (5, 5, None),
        (6, 6, None),
    ]
    assert [entry.values for entry in ranking] == [(18,), (7,), (7,), (7,), (-19,), (-20,)]


def test_soli_break_a_tie_on_points_and_equal_soli_still_share() -> None:
    """Points, then Soli [R1]: 1 and 3 won two Soli, 2 one."""
    ranking = rank_points(ROUNDS, [SOLI], soli=SOLI_WON)
    assert lines(ranking) == [
        (1, 4, None),
        (2, 1, SOLI),
        (2, 3, SOLI),
        (4, 2, SOLI),
        (5, 5, None),
        (6, 6, None),
    ]
    assert ranking[1].values == (7, 2)
    assert ranking[0].values == (18, 0)


def test_lots_decide_what_the_tie_breaks_leave() -> None:
    """Lots last [P3, F5]: the lot is SHA-256 of the seed and the start number, lowest first."""
    drawn = {
        n: int.from_bytes(hashlib.sha256(f"lot\x00night\x00{n}".encode()).digest()[:8])
        for n in (1, 3)
    }
    first, second = sorted((1, 3), key=drawn.__getitem__)
    assert lot("night", 1) == drawn[1]
    ranking = rank_points(ROUNDS, [SOLI], soli=SOLI_WON, lot_seed="night")
    assert lines(ranking)[1:4] == [
        (2, first, Criterion.LOT),
        (3, second, Criterion.LOT),
        (4, 2, SOLI),
    ]
    everything_by_lot = rank_points(ROUNDS, lot_seed="night")
    assert [entry.place for entry in everything_by_lot] == [1, 2, 3, 4, 5, 6]
    assert {entry.tie_break_used for entry in everything_by_lot[1:4]} == {Criterion.LOT}


def test_the_lowest_total_wins_at_ciapano_and_swoops() -> None:
    ranking = rank_points({1: [40, 31], 2: [12, 20], 3: [55, 0]}, lowest_wins=True)
    assert lines(ranking) == [(1, 2, None), (2, 3, None), (3, 1, None)]


def test_soli_need_the_soli_and_only_known_tie_breaks_are_taken() -> None:
    with pytest.raises(ValueError, match="Soli"):
        rank_points(ROUNDS, [SOLI])
    with pytest.raises(ValueError, match="buchholz"):
        rank_points(ROUNDS, [BUCHHOLZ])


# -- Swiss -----------------------------------------------------------------------------------------


def test_buchholz_breaks_a_tie_on_match_points() -> None:
    """Six entrants, three rounds, computed by hand (win 1, draw 1/2 [F1]; Buchholz the sum of
    the opponents' match points [F6, F7]):

    round 1: 1 beat 2 10-5, 3 drew 4 8-8, 5 beat 6 11-3
    round 2: 1 beat 3 11-9, 5 beat 4 11-7, 2 beat 6 11-10
    round 3: 5 beat 1 11-6, 3 drew 2 7-7, 4 beat 6 11-1

    match points 1: 2, 2: 1.5, 3: 1, 4: 1.5, 5: 3, 6: 0.
    Buchholz 4: 3 (1) + 5 (3) + 6 (0) = 4; 2: 1 (2) + 6 (0) + 3 (1) = 3, so 4 is above 2.
    """
    matches = [
        MatchResult(1, 2, 10, 5),
        MatchResult(3, 4, 8, 8),
        MatchResult(5, 6, 11, 3),
        MatchResult(1, 3, 11, 9),
        MatchResult(5, 4, 11, 7),
        MatchResult(2, 6, 11, 10),
        MatchResult(5, 1, 11, 6),
        MatchResult(3, 2, 7, 7),
        MatchResult(4, 6, 11, 1),
    ]
    ranking = rank_swiss(matches)
    assert lines(ranking) == [
        (1, 5, None),
        (2, 1, None),
        (3, 4, BUCHHOLZ),
        (4, 2, BUCHHOLZ),
        (5, 3, None),
        (6, 6, None),
    ]
    assert [entry.values for entry in ranking] == [
        (3, 3.5, 17),
        (2, 5.5, 2),
        (1.5, 4, 6),
        (1.5, 3, -4),
        (1, 5, -2),
        (0, 6, -19),
    ]
    assert swiss_entries(ranking)[2] == SwissEntry(number=4, match_points=1.5)


FIVE_WITH_BYES = [
    MatchResult(1, 2, 11, 6),
    MatchResult(3, 4, 11, 8),
    MatchResult(5, 1, 11, 9),
    MatchResult(2, 3, 11, 5),
]


def test_a_bye_scores_a_win_and_has_no_opponent_for_buchholz() -> None:
    """Five entrants: 5 has a bye in round 1, 4 in round 2 [F1]. Everyone but 5 ends on 1.

    Buchholz 1: 2 (1) + 5 (2) = 3; 2: 1 + 3 = 2; 3: 4 + 2 = 2; 4: 3 (1) alone, its bye adds
    nothing. 2 and 3 are then apart on point difference: 2: -5 + 6 = 1; 3: 3 - 6 = -3.
    """
    ranking = rank_swiss(FIVE_WITH_BYES, byes=[5, 4])
    assert lines(ranking) == [
        (1, 5, None),
        (2, 1, BUCHHOLZ),
        (3, 2, DIFFERENCE),
        (4, 3, DIFFERENCE),
        (5, 4, BUCHHOLZ),
    ]
    assert [entry.values for entry in ranking] == [
        (2, 1, 2),
        (1, 3, 3),
        (1, 2, 1),
        (1, 2, -3),
        (1, 1, -3),
    ]


def test_a_bye_may_score_half_and_count_the_phantom_score() -> None:
    """A bye worth 1/2 (the Dutch rules' other choice [F4]) and SoL's phantom score of 25
    [F13]: 5 ends on 1.5 with a difference of 25 + 2; 4 on 0.5 with -3 + 25."""
    ranking = rank_swiss(FIVE_WITH_BYES, byes=[5, 4], bye_points=0.5, bye_score=25)
    values = {entry.number: entry.values for entry in ranking}
    assert values[5] == (1.5, 1, 27)
    assert values[4] == (0.5, 1, 22)
    assert values[1] == (1, 2.5, 3)  # 2 (1) + 5 (1.5)


def test_a_late_entry_without_a_match_is_ranked_and_equal_entrants_share() -> None:
    ranking = rank_swiss([MatchResult(1, 2, 5, 5)], entrants=[1, 2, 3])
    assert lines(ranking) == [(1, 1, None), (1, 2, None), (3, 3, None)]
    assert ranking[2].values == (0, 0, 0)


def test_nobody_plays_against_themselves() -> None:
    with pytest.raises(ValueError, match="itself"):
        rank_swiss([MatchResult(1, 1, 5, 3)])


# -- properties ------------------------------------------------------------------------------------


def check_places(ranking: Sequence[RankedEntry], numbers: set[int]) -> None:
    """A permutation of the entrants; places start at 1, never fall, and are shared only by
    entrants equal on every criterion (otherwise a place is the count of entrants above + 1)."""
    assert sorted(entry.number for entry in ranking) == sorted(numbers)
    for index, entry in enumerate(ranking):
        if index and ranking[index - 1].values == entry.values:
            assert entry.place == ranking[index - 1].place
        else:
            assert entry.place == index + 1


def ranked_by_hand(figures: dict[int, tuple[float, ...]]) -> list[tuple[float, ...]]:
    return sorted(figures.values(), reverse=True)


@given(
    st.dictionaries(
        st.integers(1, 300),
        st.lists(st.integers(-200, 200), min_size=1, max_size=3),
        min_size=1,
        max_size=30,
    ),
    st.booleans(),
)
def test_points_standings_follow_the_totals_then_the_soli(
    results: dict[int, list[int]], by_soli: bool
) -> None:
    soli = {number: sum(points) % 3 for number, points in results.items()}
    tie_breaks = [SOLI] if by_soli else []
    ranking = rank_points(results, tie_breaks, soli=soli)
    check_places(ranking, set(results))
    expected = {n: (sum(p), soli[n]) if by_soli else (sum(p),) for n, p in results.items()}
    assert [entry.values for entry in ranking] == ranked_by_hand(expected)
    for entry in ranking:
        alike = [n for n, v in expected.items() if v[0] == expected[entry.number][0]]
        assert (entry.tie_break_used is None) == (len({expected[n] for n in alike}) == 1)


@given(
    st.dictionaries(
        st.integers(1, 300),
        st.integers(-5, 5).map(lambda total: (total,)),
        max_size=30,
    ),
    st.sampled_from([1, -1]),
)
def test_ranking_by_one_criterion_in_one_pass_is_ranking_by_all_of_them(
    figures: dict[int, tuple[float, ...]], direction: int
) -> None:
    """Points alone and no lot (most nights, ranked again after every save) take a pass of
    their own: the standings the general ranking gives, places, ties and order alike."""
    by_all = _ranked_by_all(figures, [Criterion.POINTS], [direction], None)
    assert _ranked_by_one(figures, direction) == by_all


@st.composite
def swiss_nights(draw: st.DrawFn) -> tuple[list[MatchResult], list[int]]:
    count = draw(st.integers(2, 16))
    numbers = list(range(1, count + 1))
    pair = st.lists(st.sampled_from(numbers), min_size=2, max_size=2, unique=True)
    score = st.integers(0, 21)
    matches = draw(
        st.lists(
            st.builds(lambda p, a, b: MatchResult(p[0], p[1], a, b), pair, score, score),
            max_size=40,
        )
    )
    byes = draw(st.lists(st.sampled_from(numbers), max_size=4))
    return matches, byes


@given(swiss_nights(), st.sampled_from([0.5, 1.0]))
def test_swiss_standings_agree_with_figures_computed_match_by_match(
    night: tuple[list[MatchResult], list[int]], bye_points: float
) -> None:
    matches, byes = night
    numbers = {n for m in matches for n in (m.first, m.second)} | set(byes)
    points = {
        n: sum(
            1.0 if own > other else 0.5 if own == other else 0.0
            for m in matches
            for who, own, other in (
                (m.first, m.first_score, m.second_score),
                (m.second, m.second_score, m.first_score),
            )
            if who == n
        )
        + bye_points * byes.count(n)
        for n in numbers
    }
    faced = {
        n: [m.second for m in matches if m.first == n] + [m.first for m in matches if m.second == n]
        for n in numbers
    }
    difference = {
        n: sum(m.first_score - m.second_score for m in matches if m.first == n)
        + sum(m.second_score - m.first_score for m in matches if m.second == n)
        for n in numbers
    }
    expected = {n: (points[n], sum(points[o] for o in faced[n]), difference[n]) for n in numbers}
    ranking = rank_swiss(matches, byes, bye_points)
    check_places(ranking, numbers)
    assert [entry.values for entry in ranking] == ranked_by_hand(expected)
