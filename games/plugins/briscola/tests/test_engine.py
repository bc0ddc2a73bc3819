"""Briscola's engine (games/plugins/briscola/rules.md): worked deals and matches, and properties
of any split of the deck."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.briscola import engine
from games.plugins.briscola.engine import Briscola, BriscolaBreakdown, card_points
from games.scoring import EntryError, GameState, RoundScore, TableSetup, Team, score_table
from games.scoring.cards import DECK

GAME = Briscola()
TWO = GAME.setup(["Ann", "Bob"])
FOUR = GAME.setup(["Ann", "Bob", "Cy", "Di"])
ALL = [card.code for card in DECK]


def split(cards_for_ann: list[str]) -> dict[str, object]:
    return {"captures": {"Ann": cards_for_ann, "Bob": [c for c in ALL if c not in cards_for_ann]}}


def points(ann: int, bob: int) -> dict[str, object]:
    return {"points": {"Ann": ann, "Bob": bob}}


def test_doctests() -> None:
    assert doctest.testmod(engine).failed == 0


def test_the_deck_holds_120() -> None:
    assert sum(card_points(card) for card in DECK) == 120


def test_all_cards_to_one_side_is_120_to_0() -> None:
    score = GAME.score_round({"captures": {"Ann": ALL, "Bob": []}}, TWO)
    assert score.points == {"Ann": 1, "Bob": 0}
    assert score.breakdown == {
        "kind": "deal",
        "entered": "captures",
        "card_points": {"Ann": 120, "Bob": 0},
        "winner": "Ann",
    }


def test_61_to_59_wins_and_60_all_is_a_draw() -> None:
    # Four aces (44), a three (10), a king (4), a knight (3): 61.
    ann = ["AD", "AC", "AS", "AB", "3D", "KD", "ND"]
    score = GAME.score_round(split(ann), TWO)
    assert score.breakdown["card_points"] == {"Ann": 61, "Bob": 59}
    assert score.points == {"Ann": 1, "Bob": 0}
    # Four aces, a three, a king and a jack: 44 + 10 + 4 + 2 = 60.
    draw = GAME.score_round(split(["AD", "AC", "AS", "AB", "3D", "KD", "JD"]), TWO)
    assert draw.breakdown["card_points"] == {"Ann": 60, "Bob": 60}
    assert draw.breakdown["winner"] is None
    assert draw.points == {"Ann": 0, "Bob": 0}
    assert GAME.score_round(points(60, 60), TWO).points == {"Ann": 0, "Bob": 0}
    assert GAME.score_round(points(59, 61), TWO).points == {"Ann": 0, "Bob": 1}


def test_four_players_play_as_partners_opposite() -> None:
    assert FOUR.sides == ("Ann & Cy", "Bob & Di")
    score = GAME.score_round({"points": {"Ann & Cy": 30, "Bob & Di": 90}}, FOUR)
    assert score.points == {"Ann & Cy": 0, "Bob & Di": 1}
    with pytest.raises(EntryError):
        GAME.setup(["Ann", "Bob", "Cy"])


def test_four_are_refused_unless_partners_sit_opposite() -> None:
    # rules.md §1: partners sit opposite, players 1 and 3 against 2 and 4.
    players = ["Ann", "Bob", "Cy", "Di"]

    def refused(*teams: Team) -> list[str]:
        with pytest.raises(EntryError) as refusal:
            GAME.setup(players, teams=teams)
        return [str(found) for found in refusal.value.problems]

    assert refused(Team("A", ("Ann", "Bob")), Team("B", ("Cy", "Di"))) == [
        "Ann and Bob sit side by side; partners sit opposite",
        "Cy and Di sit side by side; partners sit opposite",
    ]
    assert refused(Team("A", ("Ann", "Cy")), Team("B", ("Ann", "Di"))) == [
        "Ann must be in exactly one team",
        "Bob must be in exactly one team",
    ]
    assert refused(Team("A", ("Ann", "Cy", "Bob", "Di"))) == [
        "four players play as two teams of two"
    ]
    chosen = GAME.setup(players, teams=(Team("Us", ("Bob", "Di")), Team("Them", ("Ann", "Cy"))))
    assert chosen.sides == ("Us", "Them")


def match(
    entries: list[dict[str, object]], best_of: str = "3"
) -> tuple[list[RoundScore], GameState]:
    table = GAME.setup(["Ann", "Bob"], {"best_of": best_of})
    return score_table(GAME, table, entries)


def test_best_of_3_ends_at_two_deals() -> None:
    _, state = match([points(70, 50), points(80, 40)])
    assert state.finished
    assert state.winners == ("Ann",)
    assert state.totals == {"Ann": 2, "Bob": 0}
    _, state = match([points(70, 50), points(40, 80), points(20, 100)])
    assert state.winners == ("Bob",)
    assert state.totals == {"Ann": 1, "Bob": 2}


def test_a_drawn_deal_counts_for_nobody_and_the_match_goes_on() -> None:
    _, state = match([points(70, 50), points(60, 60), points(40, 80)])
    assert not state.finished
    assert state.totals == {"Ann": 1, "Bob": 1}
    _, state = match([points(70, 50), points(60, 60), points(40, 80), points(90, 30)])
    assert state.winners == ("Ann",)
    assert state.finished_after_round == 4


def test_best_of_1_is_one_deal_and_no_more() -> None:
    _, state = match([points(0, 120)], best_of="1")
    assert state.winners == ("Bob",)
    with pytest.raises(EntryError, match="already over"):
        match([points(0, 120), points(120, 0)], best_of="1")
    with pytest.raises(EntryError):
        GAME.setup(["Ann", "Bob"], {"best_of": "2"})


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (points(1, 119), "no card is worth 1"),
        (points(119, 1), "no card is worth 1"),
        (points(70, 60), "add up to 130"),
        (points(-1, 121), "whole number"),
        ({"points": {"Ann": 120}}, "missing"),
        ({"points": {"Ann": 120, "Eve": 0}}, "not a side"),
        ({"captures": {"Ann": ALL[:-1], "Bob": []}}, "not captured by any side"),
        ({"captures": {"Ann": ALL, "Bob": ["AD"]}}, "captured twice"),
        ({"captures": {"Ann": ["ZZ"], "Bob": ALL}}, "not a card code"),
        ({"captures": {"Ann": ALL}, "points": {"Ann": 120, "Bob": 0}}, "not both"),
        ({}, "captured cards or the points"),
    ],
)
def test_bad_entries_are_refused_with_a_readable_message(
    entry: dict[str, object], message: str
) -> None:
    with pytest.raises(EntryError) as error:
        GAME.score_round(entry, TWO)
    assert message in str(error.value)


@given(st.lists(st.booleans(), min_size=40, max_size=40))
def test_any_split_of_the_deck_scores_120_and_the_winner_is_over_60(to_ann: list[bool]) -> None:
    ann = [code for code, mine in zip(ALL, to_ann, strict=True) if mine]
    score = GAME.score_round(split(ann), TWO)
    counted = score.breakdown["card_points"]
    assert isinstance(counted, dict)
    assert sum(counted.values()) == 120
    winner = score.breakdown["winner"]
    if winner is None:
        assert counted == {"Ann": 60, "Bob": 60}
        assert sum(score.points.values()) == 0
    else:
        assert counted[winner] > 60
        assert score.points[winner] == 1
        assert sum(score.points.values()) == 1
    # The points counted at the table score the same deal the same way.
    assert GAME.score_round({"points": counted}, TWO).points == score.points
    # The breakdown reads back through JSON.
    stored = json.loads(json.dumps(score.breakdown))
    assert GAME.read_breakdown(stored).to_json() == score.breakdown
    assert isinstance(GAME.read_breakdown(stored), BriscolaBreakdown)


@given(st.integers(-5, 130), st.integers(-5, 130))
def test_counted_points_are_accepted_exactly_when_a_deck_could_make_them(
    ann: int, bob: int
) -> None:
    valid = 0 <= ann <= 120 and 0 <= bob <= 120 and ann + bob == 120 and ann not in (1, 119)
    try:
        GAME.score_round(points(ann, bob), TWO)
    except EntryError:
        assert not valid
    else:
        assert valid


def test_setup_table_types() -> None:
    assert isinstance(TWO, TableSetup)
    assert GAME.best_of(TWO) == 3


def test_manage_py_score_scores_briscola_without_django() -> None:
    """The registry finds the package's engine before Django is set up (``manage.py score``)."""
    root = Path(__file__).resolve().parents[4]
    sheet = {
        "game": "briscola",
        "players": ["Ann", "Bob"],
        "rounds": [points(61, 59), points(60, 60), points(80, 40)],
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "score", "-"],
        cwd=root,
        input=json.dumps(sheet),
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["totals"] == {"Ann": 2, "Bob": 0}
    assert result["winners"] == ["Ann"]
    probe = "import sys, games.scoring; print('django' in sys.modules)"
    assert (
        subprocess.run(
            [sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        == "False"
    )
