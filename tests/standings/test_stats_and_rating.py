"""Standings arithmetic and skill ratings, on plain values."""

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from games.standings.rating import NEWCOMER, Match, MatchSide, RatingAfter, Replay, Skill
from games.standings.stats import SeatResult, companions, standings

DAY = date(2026, 11, 20)
ANN, BOB, CY, DI = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CY: "Cy", DI: "Di"}


def seat(table, game, player, total, place, *, side=None, won=None, **extra):
    return SeatResult(
        table=table,
        game=game,
        player=player,
        name=NAMES[player],
        side=side or NAMES[player],
        total=total,
        place=place,
        won=place == 1 if won is None else won,
        **extra,
    )


def by_name(rows):
    return {row.name: row for row in rows}


def test_scopa_points_per_game_and_difference_against_the_best_other_side():
    rows = by_name(
        standings(
            [
                seat(1, "scopa", ANN, 11, 1),
                seat(1, "scopa", BOB, 6, 2),
                seat(2, "scopa", ANN, 9, 2),
                seat(2, "scopa", BOB, 12, 1),
                # Three players: Cy's difference is against Ann's 11, the best other total.
                seat(3, "pirate-scopa", ANN, 11, 1),
                seat(3, "pirate-scopa", BOB, 4, 3),
                seat(3, "pirate-scopa", CY, 8, 2),
            ]
        )
    )
    assert rows["Ann"].played == 3
    assert rows["Ann"].wins == 2
    assert rows["Ann"].points_per_game == (11 + 9 + 11) / 3
    # +5, −3, +3 (11 − Cy's 8)
    assert rows["Ann"].points_difference == 5
    assert rows["Cy"].points_difference == 8 - 11
    assert rows["Bob"].win_rate == 1 / 3


def test_teams_count_for_both_partners():
    rows = by_name(
        standings(
            [
                seat(1, "scopone", ANN, 11, 1, side="Ann & Cy"),
                seat(1, "scopone", CY, 11, 1, side="Ann & Cy"),
                seat(1, "scopone", BOB, 7, 2, side="Bob & Di"),
                seat(1, "scopone", DI, 7, 2, side="Bob & Di"),
            ]
        )
    )
    assert rows["Cy"].wins == 1
    assert rows["Cy"].points_difference == 4
    assert rows["Di"].points_difference == -4


def test_schafkopf_balance_per_hand_and_money_per_currency():
    rows = by_name(
        standings(
            [
                seat(1, "schafkopf", ANN, 60, 1, hands=20, cents_per_point=10, currency="EUR"),
                seat(1, "schafkopf", BOB, -60, 2, hands=20, cents_per_point=10, currency="EUR"),
                seat(2, "schafkopf", ANN, -30, 2, hands=10),
                seat(2, "schafkopf", BOB, 30, 1, hands=10),
            ]
        )
    )
    assert rows["Ann"].balance == 30
    assert rows["Ann"].balance_per_hand == 30 / 30
    # Only the table that played for money counts in money.
    assert rows["Ann"].money == {"EUR": 600}
    assert rows["Bob"].money == {"EUR": -600}


def test_ciapano_eliminations_and_average_place():
    rows = by_name(
        standings(
            [
                seat(1, "ciapano", ANN, 20, 1),
                seat(1, "ciapano", BOB, 33, 2, eliminated=True),
                seat(1, "ciapano", CY, 35, 3, eliminated=True),
                seat(2, "ciapano", ANN, 31, 3, eliminated=True),
                seat(2, "ciapano", BOB, 12, 1),
                seat(2, "ciapano", CY, 32, 2, eliminated=True),
            ]
        )
    )
    assert rows["Ann"].eliminations == 1
    assert rows["Ann"].average_place == 2
    assert rows["Cy"].eliminations == 2
    assert rows["Cy"].average_place == 2.5


def test_partners_and_toughest_opponents():
    results = []
    for table, (ann_cy_wins) in enumerate([True, True, False], start=1):
        place_ac, place_bd = (1, 2) if ann_cy_wins else (2, 1)
        results += [
            seat(table, "scopone", ANN, 11, place_ac, side="A&C"),
            seat(table, "scopone", CY, 11, place_ac, side="A&C"),
            seat(table, "scopone", BOB, 5, place_bd, side="B&D"),
            seat(table, "scopone", DI, 5, place_bd, side="B&D"),
        ]
    partners, opponents = companions(results, ANN)
    assert [(p.name, p.games, p.count) for p in partners] == [("Cy", 3, 2)]
    assert [(o.name, o.games, o.count) for o in opponents] == [("Bob", 3, 1), ("Di", 3, 1)]


def replay(matches: list[Match], start: dict[int, Skill] | None = None) -> list[RatingAfter]:
    """Every player's skill after each match, the matches rated in turn, each player from
    ``start`` or as a newcomer (as a league's replay and its update after a table rate)."""
    ratings = Replay(start)
    return [after for match in matches for after in ratings.rate(match)]


def test_the_winner_gains_and_the_loser_drops():
    history = replay([Match(1, (MatchSide((ANN,), 1), MatchSide((BOB,), 2)))])
    after = {row.player: row.skill for row in history}
    assert after[ANN].mu > NEWCOMER.mu > after[BOB].mu
    # One game teaches something about both: the uncertainty narrows.
    assert after[ANN].sigma < NEWCOMER.sigma
    assert after[BOB].sigma < NEWCOMER.sigma


def test_partners_move_together_and_ties_share():
    history = replay(
        [
            Match(1, (MatchSide((ANN, CY), 1), MatchSide((BOB, DI), 2))),
            Match(2, (MatchSide((ANN,), 1), MatchSide((BOB,), 1))),
        ]
    )
    first = {row.player: row.skill for row in history if row.match == 1}
    assert first[ANN] == first[CY]
    assert first[BOB] == first[DI]
    second = {row.player: row.skill for row in history if row.match == 2}
    # A draw between a stronger and a weaker player pulls them together.
    assert second[ANN].mu < first[ANN].mu
    assert second[BOB].mu > first[BOB].mu


def test_a_match_of_one_side_is_not_rated():
    assert replay([Match(1, (MatchSide((ANN, BOB), 1),))]) == []


@given(st.lists(st.permutations([ANN, BOB, CY, DI]), min_size=1, max_size=15))
def test_ratings_stay_finite_and_uncertainty_never_grows_much(orders):
    matches = [
        Match(number, tuple(MatchSide((player,), place) for place, player in enumerate(order, 1)))
        for number, order in enumerate(orders)
    ]
    history = replay(matches)
    assert len(history) == 4 * len(matches)
    for row in history:
        assert 0 < row.skill.sigma <= NEWCOMER.sigma + 1e-9
        assert -100 < row.skill.mu < 150


@given(st.lists(st.permutations([ANN, BOB, CY]), min_size=1, max_size=10))
def test_replaying_in_two_parts_equals_replaying_at_once(orders):
    """The incremental update (a table finishing after all others) must agree with a replay."""
    matches = [
        Match(number, tuple(MatchSide((player,), place) for place, player in enumerate(order, 1)))
        for number, order in enumerate(orders)
    ]
    whole = replay(matches)
    first = replay(matches[:-1])
    start = {row.player: row.skill for row in first}
    assert first + replay(matches[-1:], start) == whole
