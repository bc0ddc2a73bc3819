"""The custom game's engine (games/plugins/custom/rules.md): worked examples of the three ways a
table plays it (to a target, a number of hands, the lowest total winning), the refusals, and
properties over any hands: the totals are the sums of the points entered, and the winner is
the best total as the table chose."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.custom.engine import MOST_IN_A_HAND, best_sides
from games.scoring import EntryError, GameState, RoundScore, TableSetup, get_game, score_table
from games.scoring.scoresheet import score_scoresheet

GAME = get_game("custom")
THREE = ["Ann", "Bob", "Cy"]


def played(table: TableSetup, *hands: dict[str, int]) -> tuple[list[RoundScore], GameState]:
    return score_table(GAME, table, [{"points": hand} for hand in hands])


def problems(entry: object, table: TableSetup) -> list[str]:
    with pytest.raises(EntryError) as caught:
        GAME.score_round(entry, table)
    return [problem.text() for problem in caught.value.problems]


# -- worked examples (rules.md §2-§3) -----------------------------------------------------------


def test_a_rummy_evening_to_100_ends_on_the_hand_that_reaches_it() -> None:
    # rules.md §3: the game ends after the hand in which any total reaches the target.
    table = GAME.setup(THREE)
    scores, state = played(
        table, {"Ann": 40, "Bob": 25, "Cy": 10}, {"Ann": 30, "Bob": 50}, {"Ann": 35, "Cy": 5}
    )
    assert [score.points for score in scores][1] == {"Ann": 30, "Bob": 50, "Cy": 0}
    assert state.totals == {"Ann": 105, "Bob": 75, "Cy": 15}
    assert state.finished
    assert state.winners == ("Ann",)
    assert state.finished_after_round == 3
    # 99 does not reach 100: the game goes on.
    _, going = played(table, {"Ann": 99})
    assert not going.finished


def test_a_hearts_game_ends_at_100_and_the_lowest_total_wins() -> None:
    table = GAME.setup(["Ann", "Bob", "Cy", "Di"], {"lowest_wins": True})
    _, state = played(
        table,
        {"Ann": 26, "Bob": 0, "Cy": 0, "Di": 0},
        {"Ann": 13, "Bob": 8, "Cy": 5, "Di": 0},
        {"Ann": 65, "Bob": 1, "Cy": 20, "Di": 30},
    )
    assert state.totals == {"Ann": 104, "Bob": 9, "Cy": 25, "Di": 30}
    assert state.winners == ("Bob",)
    assert GAME.places(state, table) == {"Bob": 1, "Cy": 2, "Di": 3, "Ann": 4}


def test_a_hearts_game_as_its_rules_score_it_shooting_the_moon_and_ending_at_100() -> None:
    # pagat.com's Hearts (rules.md, Sources): 13 for the queen of spades and 1 a heart, 26 a
    # hand; a player who takes them all shoots the moon, and each other player scores 26. The
    # game ends when someone reaches 100; the lowest total wins.
    table = GAME.setup(["Ann", "Bob", "Cy", "Di"], {"lowest_wins": True})
    hands = [
        {"Ann": 13 + 3, "Bob": 5, "Cy": 5, "Di": 0},
        {"Ann": 26, "Bob": 0, "Cy": 26, "Di": 26},  # Bob shoots the moon
        {"Ann": 7, "Bob": 2, "Cy": 4, "Di": 13},
        {"Ann": 26, "Bob": 26, "Cy": 0, "Di": 26},  # Cy shoots the moon
        {"Ann": 13 + 12, "Bob": 0, "Cy": 1, "Di": 0},
    ]
    assert [sum(hand.values()) for hand in hands] == [26, 78, 26, 78, 26]
    _, four = played(table, *hands[:4])
    assert four.totals == {"Ann": 75, "Bob": 33, "Cy": 35, "Di": 65}
    assert not four.finished
    _, state = played(table, *hands)
    # Ann reaches 100 exactly: the game ends, and Bob's 33 is the lowest total.
    assert state.totals == {"Ann": 100, "Bob": 33, "Cy": 36, "Di": 65}
    assert state.finished_after_round == 5
    assert state.winners == ("Bob",)
    assert GAME.places(state, table) == {"Bob": 1, "Cy": 2, "Di": 3, "Ann": 4}


def test_a_fixed_number_of_hands_ends_the_game_whatever_the_totals_and_a_tie_shares() -> None:
    table = GAME.setup(THREE, {"hands": 2, "target": 10})
    # 40 passes the target after hand 1, but the table plays 2 hands.
    _, first = played(table, {"Ann": 40})
    assert not first.finished
    _, state = played(table, {"Ann": 40}, {"Bob": 30, "Cy": 40})
    assert state.finished
    assert state.winners == ("Ann", "Cy")
    assert GAME.places(state, table) == {"Ann": 1, "Cy": 1, "Bob": 3}
    with pytest.raises(EntryError, match="already over after round 2"):
        played(table, {"Ann": 40}, {"Bob": 30}, {"Cy": 1})


def test_negative_points_need_the_option_and_a_hand_has_a_bound() -> None:
    plain = GAME.setup(THREE)
    assert problems({"points": {"Ann": -20}}, plain) == [
        "points for Ann must be a whole number from 0 to 100000"
    ]
    doppelkopf = GAME.setup(["Ann", "Bob", "Cy", "Di"], {"negative_points": True})
    score = GAME.score_round({"points": {"Ann": 3, "Bob": -3, "Cy": 3, "Di": -3}}, doppelkopf)
    assert score.points == {"Ann": 3, "Bob": -3, "Cy": 3, "Di": -3}
    assert score.breakdown == {"kind": "hand", "points": score.points}
    assert problems({"points": {"Ann": -MOST_IN_A_HAND - 1}}, doppelkopf) == [
        "points for Ann must be a whole number from -100000 to 100000"
    ]


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"points": {"Zed": 3}}, ["Zed is not a side at this table"]),
        ({"points": {"Ann": 2.5}}, ["points for Ann must be a whole number from 0 to 100000"]),
        ({"points": {"Ann": True}}, ["points for Ann must be a whole number from 0 to 100000"]),
        ({"points": [3, 4]}, ["points must give each side a number"]),
        ({"points": {"Ann": 3}, "scopas": {"Ann": 1}}, ["unknown field scopas"]),
        ({"points": {"Ann": 3}, "scopas": ""}, ["unknown field scopas"]),
        ("3", ["a round must be an object"]),
    ],
)
def test_bad_hands_are_refused_in_words(entry: object, expected: list[str]) -> None:
    assert problems(entry, GAME.setup(THREE)) == expected


def test_two_teams_are_four_players_partners_opposite() -> None:
    table = GAME.setup(["Ann", "Bob", "Cy", "Di"], {"teams": True})
    assert table.sides == ("Ann & Cy", "Bob & Di")
    with pytest.raises(EntryError, match="two teams need four players"):
        GAME.setup(THREE, {"teams": True})
    burraco = score_scoresheet(
        {
            "game": "custom",
            "options": {"teams": True, "target": 2005},
            "players": ["Ann", "Bob", "Cy", "Di"],
            "rounds": [
                {"points": {"Ann & Cy": 1250, "Bob & Di": 870}},
                {"points": {"Ann & Cy": 760}},
            ],
        }
    )
    assert burraco["totals"] == {"Ann & Cy": 2010, "Bob & Di": 870}
    assert burraco["winners"] == ["Ann & Cy"]


# -- properties ---------------------------------------------------------------------------------

SIDES = ("Ann", "Bob", "Cy", "Di")


@st.composite
def tables_and_hands(draw: st.DrawFn) -> tuple[TableSetup, list[dict[str, int]]]:
    count = draw(st.integers(2, 4))
    options = {
        "target": draw(st.integers(1, 300)),
        "hands": draw(st.sampled_from([0, 0, 1, 3, 6])),
        "lowest_wins": draw(st.booleans()),
        "negative_points": draw(st.booleans()),
    }
    table = GAME.setup(list(SIDES[:count]), options)
    low = -100 if options["negative_points"] else 0
    hands = draw(
        st.lists(
            st.fixed_dictionaries({side: st.integers(low, 100) for side in table.sides}),
            min_size=1,
            max_size=8,
        )
    )
    return table, hands


def decided_prefix(table: TableSetup, hands: Sequence[dict[str, int]]) -> list[dict[str, int]]:
    """The hands up to the one that ends the game (later hands would be refused)."""
    state = GAME.game_state([], table)
    kept: list[dict[str, int]] = []
    for hand in hands:
        kept.append(hand)
        scores = [GAME.score_round({"points": each}, table) for each in kept]
        state = GAME.game_state(scores, table)
        if state.finished:
            break
    return kept


@given(tables_and_hands())
def test_the_totals_are_the_sums_and_the_winner_is_the_best_total_as_chosen(
    drawn: tuple[TableSetup, list[dict[str, int]]],
) -> None:
    table, hands = drawn
    kept = decided_prefix(table, hands)
    scores, state = score_table(GAME, table, [{"points": hand} for hand in kept])
    sums = {side: sum(hand[side] for hand in kept) for side in table.sides}
    assert state.totals == sums
    fixed = table.option_int("hands")
    ended = len(kept) == fixed if fixed else max(sums.values()) >= table.option_int("target")
    assert state.finished == ended
    if state.finished:
        lowest = table.option_bool("lowest_wins")
        best = (min if lowest else max)(sums.values())
        assert set(state.winners) == {side for side, total in sums.items() if total == best}
        assert state.winners == best_sides(sums, lowest)
        places = GAME.places(state, table)
        assert all(places[side] == 1 for side in state.winners)
    # Resumed from the totals, the last hand gives the same state (the quick save's path).
    before = {side: sums[side] - kept[-1][side] for side in table.sides}
    resumed = GAME.resume_state(before, len(kept) - 1, scores[-1], table)
    assert (resumed.totals, resumed.finished, resumed.winners) == (
        state.totals,
        state.finished,
        state.winners,
    )
