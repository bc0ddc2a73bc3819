"""Tressette's engine (games/plugins/tressette/rules.md): worked hands from the rule texts it
names, games to 21 and 31, and properties of any split of the deck."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.plugins.tressette import engine
from games.plugins.tressette.engine import Tressette, card_thirds
from games.scoring import EntryError, TableSetup, score_table
from games.scoring.cards import DECK

from .strategies import tressette_captures, tressette_declarations

GAME = Tressette()
TWO = GAME.setup(["Ann", "Bob"])
FOUR = GAME.setup(["Ann", "Bob", "Cy", "Di"])
PLAIN = GAME.setup(["Ann", "Bob"], {"napoletana": False, "accuse": False, "target": "21"})
ALL = [card.code for card in DECK]


def split(ann: list[str], last: str = "Ann", **more: object) -> dict[str, object]:
    bob = [code for code in ALL if code not in ann]
    return {"captures": {"Ann": ann, "Bob": bob}, "last_trick": last, **more}


def problems_of(entry: dict[str, object], table: TableSetup = TWO) -> list[str]:
    with pytest.raises(EntryError) as refused:
        GAME.score_round(entry, table)
    return [str(found) for found in refused.value.problems]


def test_doctests() -> None:
    assert doctest.testmod(engine).failed == 0


def test_the_deck_holds_10_and_two_thirds() -> None:
    # rules.md §2: 4 aces and 20 cards of a third each.
    assert sum(card_thirds(card) for card in DECK) == 32


def test_five_figures_make_one_point_not_one_and_two_thirds() -> None:
    # The example of spazioinwind.libero.it's "Tresette" (rules.md §3): five cards of a third
    # make 1 point; the rest of the deck and the last trick make the other 10.
    ann = ["3D", "2D", "KD", "ND", "JD"]
    score = GAME.score_round(split(ann, last="Bob"), TWO)
    assert score.breakdown["card_points"] == {"Ann": 1, "Bob": 10}
    assert score.points == {"Ann": 1, "Bob": 10}


def test_all_the_cards_and_the_last_trick_are_a_cappotto_of_11() -> None:
    # giochistars.it (rules.md §3): all 11 points of a hand to one side.
    assert GAME.score_round(split(ALL), TWO).points == {"Ann": 11, "Bob": 0}
    # A cappotto without every trick: the other side took only 4s to 7s and two figures.
    bob = ["4D", "5D", "6D", "7D", "KC", "NC"]
    ann = [code for code in ALL if code not in bob]
    assert GAME.score_round(split(ann), TWO).points == {"Ann": 11, "Bob": 0}


def test_the_last_trick_is_a_point() -> None:
    aces_and_figures = ["AD", "AC", "3D", "2D", "KD", "NC", "JS"]
    # 2 aces and 5 thirds: 3 points, 4 with the last trick; the other side the rest of 11.
    assert GAME.score_round(split(aces_and_figures, "Bob"), TWO).points == {"Ann": 3, "Bob": 8}
    assert GAME.score_round(split(aces_and_figures, "Ann"), TWO).points == {"Ann": 4, "Bob": 7}


def test_declarations_score_as_the_common_rules_give_them() -> None:
    # rules.md §4 (giochistars.it's table): a napoletana 3, three aces 3, four twos 4.
    entry = split(
        ["AD", "2D", "3D"],
        "Bob",
        declarations={"Ann": {"napoletane": 1, "aces": 3}, "Bob": {"twos": 0}},
    )
    score = GAME.score_round(entry, TWO)
    assert score.breakdown["declared"] == {"Ann": 6, "Bob": 0}
    assert score.points == {"Ann": 1 + 6, "Bob": 10}
    four = {"points": {"Ann": 5, "Bob": 6}, "declarations": {"Bob": {"twos": 4}}}
    assert GAME.score_round(four, TWO).points == {"Ann": 5, "Bob": 10}


def test_four_players_play_as_partners_opposite() -> None:
    assert FOUR.sides == ("Ann & Cy", "Bob & Di")
    score = GAME.score_round({"points": {"Ann & Cy": 7, "Bob & Di": 4}}, FOUR)
    assert score.points == {"Ann & Cy": 7, "Bob & Di": 4}
    with pytest.raises(EntryError):
        GAME.setup(["Ann", "Bob", "Cy"])


def test_counted_points_must_add_up_to_11() -> None:
    assert problems_of({"points": {"Ann": 6, "Bob": 6}}) == ["the card points add up to 12, not 11"]
    assert problems_of({"points": {"Ann": 12, "Bob": 0}}) == [
        "points for Ann must be a whole number from 0 to 11"
    ]
    assert problems_of({"points": {"Ann": 11}}) == ["points for Bob are missing"]


def test_a_tapped_hand_needs_its_last_trick_and_no_counted_points() -> None:
    assert problems_of({"captures": {"Ann": ALL, "Bob": []}}) == [
        "say which side took the last trick"
    ]
    assert problems_of(split(ALL, "Eve")) == ["Eve is not a side at this table"]
    assert problems_of({"points": {"Ann": 6, "Bob": 5}, "last_trick": "Ann"}) == [
        "unknown field last_trick"
    ]
    # A field of the other kind of entry that says nothing is accepted (issue 17).
    blank = {"points": {"Ann": 6, "Bob": 5}, "last_trick": "", "captures": "", "declarations": ""}
    assert GAME.score_round(blank, TWO).points == {"Ann": 6, "Bob": 5}


def test_declarations_the_deck_or_the_table_cannot_give_are_refused() -> None:
    too_many = {"Ann": {"aces": 3}, "Bob": {"napoletane": 2}}
    assert problems_of({"points": {"Ann": 6, "Bob": 5}, "declarations": too_many}) == [
        "the declarations need more than the four aces of the deck"
    ]
    assert problems_of({"points": {"Ann": 6, "Bob": 5}, "declarations": {"Ann": {"aces": 2}}}) == [
        "Ann can declare three or four aces, not another number"
    ]
    assert problems_of(
        {"points": {"Ann": 6, "Bob": 5}, "declarations": {"Ann": {"napoletane": 1, "sevens": 3}}},
        PLAIN,
    ) == [
        "napoletane are not declared at this table",
        "sevens is not a declaration (napoletane, aces, twos, threes)",
    ]


@pytest.mark.parametrize(
    ("target", "hands"),
    [("21", 2), ("31", 3)],
)
def test_the_game_goes_to_the_target_alone_in_the_lead(target: str, hands: int) -> None:
    table = GAME.setup(["Ann", "Bob"], {"target": target})
    cappotto = {"points": {"Ann": 11, "Bob": 0}}
    _scores, state = score_table(GAME, table, [cappotto] * hands)
    assert state.finished
    assert state.winners == ("Ann",)
    assert state.finished_after_round == hands
    # Level at or above the target: another hand (rules.md §5).
    even = [{"points": {"Ann": 6, "Bob": 5}}, {"points": {"Ann": 5, "Bob": 6}}] * 3
    _scores, level = score_table(GAME, GAME.setup(["Ann", "Bob"], {"target": "21"}), even[:4])
    assert level.totals == {"Ann": 22, "Bob": 22}
    assert not level.finished


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_split_of_the_deck_gives_11_between_the_sides(data: st.DataObject) -> None:
    table = data.draw(st.sampled_from([TWO, FOUR]))
    captures = data.draw(tressette_captures(table.sides))
    last = data.draw(st.sampled_from(table.sides))
    declarations = data.draw(tressette_declarations(table.sides, table.options))
    entry = {"captures": captures, "last_trick": last, "declarations": declarations}
    score = GAME.score_round(entry, table)
    assert sum(score.breakdown["card_points"].values()) == 11
    assert score.points == {
        side: score.breakdown["card_points"][side] + score.breakdown["declared"][side]
        for side in table.sides
    }
    # The same hand counted at the table scores the same.
    counted = {"points": score.breakdown["card_points"], "declarations": declarations}
    assert GAME.score_round(counted, table).points == score.points


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_hand_missing_a_card_or_adding_up_wrong_is_refused_whole(data: st.DataObject) -> None:
    captures = data.draw(tressette_captures(TWO.sides))
    side = data.draw(st.sampled_from(TWO.sides))
    if captures[side]:
        dropped = captures[side].pop(data.draw(st.integers(0, len(captures[side]) - 1)))
        with pytest.raises(EntryError) as refused:
            GAME.score_round({"captures": captures, "last_trick": side}, TWO)
        assert f"{dropped} is not captured by any side" in [
            str(found) for found in refused.value.problems
        ]
    ann = data.draw(st.integers(0, 11))
    bob = data.draw(st.integers(0, 11).filter(lambda value: value != 11 - ann))
    with pytest.raises(EntryError):
        GAME.score_round({"points": {"Ann": ann, "Bob": bob}}, TWO)
