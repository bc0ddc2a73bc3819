"""Swoops: card values, going out, the deck advice, bad entries, the end of the game.

Rules, with their decisions: games/plugins/swoops/rules.md (§1 decks, §2 card values, §4-§5 a round,
§6-§7 the end and the winner); entries and output: docs/scoresheet.md ("Swoops", "What `score`
prints").
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping, Sequence

import pytest

from games.plugins.swoops.engine import (
    CARD_VALUES,
    RANKS,
    SetupAdvice,
    card_value,
    copies_in_decks,
    decks_for,
    hand_points,
    lowest,
    most_points_dealt,
    parse_rank,
    ranking,
    setup_advice,
)
from games.scoring import GAMES, EntryError, GameState, TableSetup, Team, get_game, registry
from games.scoring import score_table as score_every_round
from games.scoring.scoresheet import read_scoresheet, score_scoresheet, write_scoresheet
from tests.scoring.helpers import points, problems_of, score, setup_problems

THREE = ("Ann", "Bob", "Cy")
FIVE = ("Ann", "Bob", "Cy", "Di", "Ed")
EIGHT = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def swoops(players: Sequence[str] = THREE, **options: object) -> TableSetup:
    return get_game("swoops").setup(list(players), options)


def went_out(player: str, **remaining: list[str]) -> dict[str, object]:
    return {"went_out": player, "remaining": remaining}


def play(at: TableSetup, entries: Sequence[Mapping[str, object]]) -> GameState:
    return score_every_round(get_game("swoops"), at, entries)[1]


# -- card values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "value"),
    [
        # games/plugins/swoops/rules.md §2: 10 and joker 50; king, queen and jack 10; ace 1; 2 to
        # 9 their face value.
        ("JOKER", 50),
        ("10", 50),
        ("K", 10),
        ("Q", 10),
        ("J", 10),
        ("9", 9),
        ("8", 8),
        ("7", 7),
        ("6", 6),
        ("5", 5),
        ("4", 4),
        ("3", 3),
        ("2", 2),
        ("A", 1),
    ],
)
def test_each_card_is_worth_what_the_rule_text_says(rank: str, value: int) -> None:
    assert card_value(rank) == value
    assert CARD_VALUES[rank] == value


def test_ranks_are_the_chip_order_costliest_first_and_cover_every_card() -> None:
    assert RANKS == ("JOKER", "10", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2", "A")
    assert set(RANKS) == set(CARD_VALUES)
    values = [CARD_VALUES[rank] for rank in RANKS]
    assert values == sorted(values, reverse=True)


def test_ranks_are_read_in_any_letter_case() -> None:
    assert parse_rank(" joker ") == "JOKER"
    assert parse_rank("q") == "Q"
    assert card_value("a") == 1


@pytest.mark.parametrize("text", ["11", "1", "0", "KD", "Jack", "", "JK"])
def test_anything_else_is_not_a_rank(text: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(text)}$"):
        parse_rank(text)


def test_a_hand_is_worth_the_sum_of_its_cards() -> None:
    assert hand_points(["JOKER", "10", "K", "5"]) == 115
    assert hand_points(["A", "2"]) == 3
    assert hand_points([]) == 0


# -- set-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks"), [(3, 3), (4, 3), (5, 4), (6, 4), (7, 5), (8, 5)])
def test_the_deck_advice_follows_the_set_up_table(players: int, decks: int) -> None:
    # games/plugins/swoops/rules.md §1: 3 or 4 players shuffle 3 packs together, 5 or 6 four, 7 or 8
    # five; each player gets 4 face down, 4 face up and 11 in hand.
    assert decks_for(players) == decks
    advice = setup_advice(players)
    assert advice == SetupAdvice(decks=decks, face_down=4, face_up=4, in_hand=11)
    assert advice.cards_each == 19


@pytest.mark.parametrize("players", [0, 2, 9])
def test_there_is_no_deck_advice_outside_3_to_8_players(players: int) -> None:
    with pytest.raises(ValueError, match="Swoops is for 3 to 8 players"):
        setup_advice(players)


def test_each_deck_holds_four_of_a_rank_and_two_jokers() -> None:
    # games/plugins/swoops/rules.md §1, Decision: each pack holds four cards of every rank and two
    # jokers.
    assert copies_in_decks("K", 3) == 12
    assert copies_in_decks("joker", 3) == 6
    assert copies_in_decks("JOKER", 5) == 10


def test_the_cards_dealt_are_worth_at_most_the_costliest_deal() -> None:
    # 3 players take 57 of 3 decks: 6 jokers and 12 tens (900), 36 pictures (360), 3 nines (27).
    assert most_points_dealt(3) == 1287


# -- the table ---------------------------------------------------------------------------------


def test_swoops_is_scored_and_no_longer_coming() -> None:
    assert "swoops" in GAMES
    assert "swoops" not in registry.COMING_GAMES
    game = get_game("swoops")
    assert (game.key, game.name, game.min_players, game.max_players) == ("swoops", "Swoops", 3, 8)


@pytest.mark.parametrize("players", [THREE, FIVE, EIGHT])
def test_three_to_eight_play_each_for_themselves(players: tuple[str, ...]) -> None:
    at = swoops(players)
    assert at.teams == ()
    assert at.sides == players


@pytest.mark.parametrize("players", [("Ann", "Bob"), (*EIGHT, "Ivy")])
def test_fewer_than_three_or_more_than_eight_players_is_refused(
    players: tuple[str, ...],
) -> None:
    assert setup_problems("swoops", players) == [f"Swoops needs 3 to 8 players, not {len(players)}"]


def test_swoops_is_not_played_in_teams() -> None:
    teams = [Team("A", ("Ann", "Bob")), Team("B", ("Cy", "Di"))]
    assert setup_problems("swoops", FIVE[:4], teams=teams) == ["Swoops is not played in teams here"]


def test_the_options_default_to_a_limit_of_150_and_no_fixed_number_of_rounds() -> None:
    assert swoops().options == {"limit": 150, "rounds": 0}


def test_rounds_null_means_no_fixed_number_of_rounds() -> None:
    # docs/scoresheet.md, "Swoops": `rounds` 0 or `null` means play to the limit (the default).
    assert swoops(rounds=None).options["rounds"] == 0
    assert swoops(rounds=5).options["rounds"] == 5


def test_every_option_has_a_label_and_a_help_sentence() -> None:
    for spec in get_game("swoops").option_specs:
        assert spec.label
        assert spec.help.endswith(".")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"limit": 0}, "option limit must be between 1 and 10000"),
        ({"limit": "150"}, "option limit must be a whole number"),
        ({"limit": None}, "option limit must be a whole number"),
        ({"rounds": -1}, "option rounds must be between 0 and 1000"),
        ({"rounds": True}, "option rounds must be a whole number"),
        ({"target": 150}, "unknown option target"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    assert setup_problems("swoops", THREE, options) == [message]


# -- one round ---------------------------------------------------------------------------------


def test_the_player_who_went_out_scores_0_and_the_others_what_they_still_hold() -> None:
    # games/plugins/swoops/rules.md §4 and its Decision: every card still held counts, in hand,
    # face up and face down.
    result = score(went_out("Ann", Bob=["JOKER", "10", "K", "5"], Cy=["A", "2"]), swoops())
    assert result.points == {"Ann": 0, "Bob": 115, "Cy": 3}


def test_the_breakdown_names_who_went_out_and_what_each_other_player_held() -> None:
    result = score(went_out("Ann", Bob=["5", "joker", "K", "10"], Cy=["A", "2"]), swoops())
    assert result.breakdown == {
        "kind": "cards",
        "went_out": "Ann",
        "held": {
            "Bob": {"cards": ["JOKER", "10", "K", "5"], "points": 115, "typed": False},
            "Cy": {"cards": ["2", "A"], "points": 3, "typed": False},
        },
    }


def test_points_come_in_seat_order_whoever_went_out() -> None:
    result = score(went_out("Cy", Bob=["9"], Ann=["Q"]), swoops())
    assert list(result.points) == ["Ann", "Bob", "Cy"]
    assert result.points == {"Ann": 10, "Bob": 9, "Cy": 0}
    held = result.breakdown["held"]
    assert isinstance(held, dict)
    assert list(held) == ["Ann", "Bob"]


def test_the_player_who_went_out_may_be_listed_with_no_cards() -> None:
    result = score(went_out("Ann", Ann=[], Bob=["3"], Cy=["4"]), swoops())
    assert result.points == {"Ann": 0, "Bob": 3, "Cy": 4}
    held = result.breakdown["held"]
    assert isinstance(held, dict)
    assert "Ann" not in held


def test_a_typed_total_stands_for_the_cards() -> None:
    entry = {"went_out": "Ann", "remaining": {"Bob": ["10", "A"]}, "totals": {"Cy": 57}}
    result = score(entry, swoops())
    assert result.points == {"Ann": 0, "Bob": 51, "Cy": 57}
    assert result.breakdown["held"] == {
        "Bob": {"cards": ["10", "A"], "points": 51, "typed": False},
        "Cy": {"cards": None, "points": 57, "typed": True},
    }


def test_typed_totals_alone_are_enough_and_the_one_who_went_out_may_type_0() -> None:
    entry = {"went_out": "Bob", "totals": {"Ann": 12, "Bob": 0, "Cy": 101}}
    assert score(entry, swoops()).points == {"Ann": 12, "Bob": 0, "Cy": 101}


def test_the_decks_may_be_listed_to_their_last_joker() -> None:
    # 3 players play with 3 decks: 6 jokers; 5 players with 4: 8; 8 players with 5: 10.
    assert (
        score(went_out("Ann", Bob=["JOKER"] * 3, Cy=["JOKER"] * 3), swoops()).points["Bob"] == 150
    )
    five = went_out("Ann", Bob=["JOKER"] * 5, Cy=["JOKER"] * 3, Di=["A"], Ed=["A"])
    assert score(five, swoops(FIVE)).points["Bob"] == 250
    eight = went_out(
        "Ann", **{name: ["JOKER", "JOKER"] for name in EIGHT[1:6]}, Gus=["A"], Hal=["2"]
    )
    assert score(eight, swoops(EIGHT)).points["Bob"] == 100


# -- hand-counted points -----------------------------------------------------------------------


def test_hand_counted_points_are_taken_as_given() -> None:
    result = score(points(Ann=0, Bob=115, Cy=3), swoops())
    assert result.points == {"Ann": 0, "Bob": 115, "Cy": 3}
    assert result.breakdown == {"kind": "points", "points": {"Ann": 0, "Bob": 115, "Cy": 3}}


def test_players_left_out_of_hand_counted_points_score_0() -> None:
    assert score(points(Bob=40, Cy=7), swoops()).points == {"Ann": 0, "Bob": 40, "Cy": 7}


def test_hand_counted_points_need_somebody_at_0() -> None:
    assert problems_of(points(Ann=1, Bob=2, Cy=3), swoops()) == [
        "nobody went out: one player must score 0"
    ]


def test_hand_counted_points_give_0_to_only_the_one_who_went_out() -> None:
    # The round ends when one player has no cards; everyone else still holds a card, and the
    # cheapest card (an ace) is worth 1.
    assert score(points(Ann=0, Bob=1, Cy=1), swoops()).points == {"Ann": 0, "Bob": 1, "Cy": 1}
    assert problems_of(points(Ann=0, Bob=0, Cy=3), swoops()) == [
        "Ann, Bob all score 0, but only one player goes out: everyone else still holds a card, "
        "worth 1 point or more"
    ]
    # Players left out score 0 too.
    assert problems_of(points(Cy=3), swoops()) == [
        "Ann, Bob all score 0, but only one player goes out: everyone else still holds a card, "
        "worth 1 point or more"
    ]


def test_hand_counted_points_are_at_most_what_the_cards_dealt_are_worth() -> None:
    # Three players, three decks: 57 cards dealt, at best the 6 jokers and 12 tens (50 each),
    # the 36 face cards (10 each) and three 9s: 900 + 360 + 27 = 1287.
    assert most_points_dealt(3) == 1287
    assert score(points(Ann=0, Bob=1000, Cy=287), swoops()).points["Cy"] == 287
    assert problems_of(points(Ann=0, Bob=1000, Cy=288), swoops()) == [
        "the points add up to 1288, more than the cards dealt are worth (1287): a round cannot "
        "leave more in the players' hands"
    ]


@pytest.mark.parametrize(
    ("entry", "messages"),
    [
        (points(Ann=0, Bob=-4), ["points for Bob must be a whole number, 0 or more"]),
        (
            {"points": {"Bob": "12", "Cy": 1.5}},
            [
                "points for Bob must be a whole number, 0 or more",
                "points for Cy must be a whole number, 0 or more",
            ],
        ),
        ({"points": {"Zed": 3}}, ["Zed is not a player at this table"]),
        ({"points": [0, 3, 4]}, ["points must give a number for each player"]),
        (
            {"points": {"Ann": 0, "Bob": 5}, "went_out": "Ann"},
            ["give either who went out and the cards held, or the points"],
        ),
        ({"points": {"Ann": 0}, "note": "x"}, ["unknown field note"]),
    ],
)
def test_bad_hand_counted_points(entry: dict[str, object], messages: list[str]) -> None:
    assert problems_of(entry, swoops()) == messages


# -- bad entries: one clear message each -------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "messages"),
    [
        # Nobody went out.
        (
            {"remaining": {"Bob": ["5"], "Cy": ["6"]}},
            ["nobody went out: name the player who has no cards left"],
        ),
        (
            {"went_out": None, "remaining": {"Bob": ["5"], "Cy": ["6"]}},
            ["nobody went out: name the player who has no cards left"],
        ),
        (
            {"went_out": " ", "remaining": {"Bob": ["5"], "Cy": ["6"]}},
            ["nobody went out: name the player who has no cards left"],
        ),
        # The player who went out holding cards.
        (
            went_out("Ann", Ann=["A"], Bob=["5"], Cy=["6"]),
            ["Ann went out and cannot hold any cards"],
        ),
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"], "Cy": ["6"]}, "totals": {"Ann": 4}},
            ["Ann went out and cannot hold any cards"],
        ),
        # An unknown rank.
        (
            went_out("Ann", Bob=["11", "5"], Cy=["6"]),
            ["11 is not a card (Bob): ranks are A, 2 to 10, J, Q, K, JOKER"],
        ),
        (
            went_out("Ann", Bob=["5"], Cy=["KD", "1"]),
            [
                "KD is not a card (Cy): ranks are A, 2 to 10, J, Q, K, JOKER",
                "1 is not a card (Cy): ranks are A, 2 to 10, J, Q, K, JOKER",
            ],
        ),
        # More cards of a rank than the 3 decks hold.
        (
            went_out("Ann", Bob=["JOKER"] * 4, Cy=["joker"] * 3),
            ["JOKER is listed 7 times, but 3 decks hold only 6"],
        ),
        (
            went_out("Ann", Bob=["K"] * 7, Cy=["K"] * 6 + ["Q"]),
            ["K is listed 13 times, but 3 decks hold only 12"],
        ),
        # Players not at the table.
        (
            {"went_out": "Zed", "remaining": {"Bob": ["5"], "Cy": ["6"]}},
            ["Zed is not a player at this table"],
        ),
        (
            went_out("Ann", Bob=["5"], Cy=["6"], Zed=["7"]),
            ["Zed is not a player at this table"],
        ),
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"], "Cy": ["6"]}, "totals": {"Zed": 7}},
            ["Zed is not a player at this table"],
        ),
        # A player nobody accounted for, or holding nothing although somebody else went out.
        (went_out("Ann", Bob=["5"]), ["Cy's cards are missing"]),
        ({"went_out": "Ann"}, ["Bob's cards are missing", "Cy's cards are missing"]),
        (went_out("Ann", Bob=["5"], Cy=[]), ["Cy holds no cards, but only Ann went out"]),
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"]}, "totals": {"Cy": 0}},
            ["Cy holds no cards, but only Ann went out"],
        ),
        # Cards and a total for the same player.
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"], "Cy": ["6"]}, "totals": {"Cy": 6}},
            ["give the cards Cy holds or their total, not both"],
        ),
        # Badly shaped fields.
        (
            {"went_out": "Ann", "remaining": {"Bob": "5 6", "Cy": ["6"]}},
            ["the cards Bob holds must be a list of ranks"],
        ),
        (
            {"went_out": "Ann", "remaining": {"Bob": [5], "Cy": ["6"]}},
            ["the cards Bob holds must be a list of ranks"],
        ),
        (
            {"went_out": "Ann", "remaining": [["5"], ["6"]]},
            [
                "remaining must map each player to the cards they hold",
                "Bob's cards are missing",
                "Cy's cards are missing",
            ],
        ),
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"]}, "totals": {"Cy": -6}},
            ["the total for Cy must be a whole number, 0 or more"],
        ),
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"]}, "totals": {"Cy": True}},
            ["the total for Cy must be a whole number, 0 or more"],
        ),
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"]}, "totals": 6},
            [
                "totals must map each player to the points of the cards they hold",
                "Cy's cards are missing",
            ],
        ),
        (
            {"went_out": "Ann", "remaining": {"Bob": ["5"], "Cy": ["6"]}, "scopas": {}},
            ["unknown field scopas"],
        ),
        ({}, ["nobody went out: name the player who has no cards left"]),
    ],
)
def test_each_bad_entry_gets_one_clear_message(
    entry: dict[str, object], messages: list[str]
) -> None:
    assert problems_of(entry, swoops()) == messages


def test_the_rank_limit_follows_the_number_of_decks_at_the_table() -> None:
    # 5 players shuffle 4 decks: 8 jokers and 16 of every other rank.
    others = {"Cy": ["A"], "Di": ["A"], "Ed": ["A"]}
    assert problems_of(
        {"went_out": "Ann", "remaining": {"Bob": ["JOKER"] * 9, **others}}, swoops(FIVE)
    ) == ["JOKER is listed 9 times, but 4 decks hold only 8"]
    assert problems_of(
        {"went_out": "Ann", "remaining": {"Bob": ["7"] * 17, **others}}, swoops(FIVE)
    ) == ["7 is listed 17 times, but 4 decks hold only 16"]
    assert (
        score({"went_out": "Ann", "remaining": {"Bob": ["7"] * 16, **others}}, swoops(FIVE)).points[
            "Bob"
        ]
        == 112
    )


def test_the_ranks_of_every_player_count_together() -> None:
    entry = went_out("Ann", Bob=["10"] * 6 + ["A"], Cy=["10"] * 7)
    assert problems_of(entry, swoops()) == ["10 is listed 13 times, but 3 decks hold only 12"]


def test_more_cards_than_were_dealt_is_refused() -> None:
    # 3 players take 19 cards each, 57 in all; the rest of the decks is set aside.
    bob = ["A"] * 12 + ["2"] * 12 + ["3"] * 5
    cy = ["4"] * 12 + ["5"] * 12 + ["6"] * 5
    assert problems_of(went_out("Ann", Bob=bob, Cy=cy), swoops()) == [
        "58 cards are listed, but only 57 were dealt (19 each)"
    ]
    assert score(went_out("Ann", Bob=bob, Cy=cy[:-1]), swoops()).points["Bob"] == 51


def test_typed_totals_worth_more_than_the_cards_dealt_are_refused() -> None:
    entry = {"went_out": "Ann", "totals": {"Bob": 1200, "Cy": 100}}
    assert problems_of(entry, swoops()) == [
        "the cards held add up to 1300 points, more than the cards dealt are worth (1287)"
    ]
    entry = {"went_out": "Ann", "totals": {"Bob": 1200, "Cy": 87}}
    assert score(entry, swoops()).points["Bob"] == 1200


def test_every_problem_is_reported_at_once() -> None:
    entry = {
        "went_out": "Ann",
        "remaining": {"Ann": ["2"], "Bob": ["ZZ"], "Zed": ["3"]},
        "extra": 1,
    }
    assert problems_of(entry, swoops()) == [
        "unknown field extra",
        "Ann went out and cannot hold any cards",
        "ZZ is not a card (Bob): ranks are A, 2 to 10, J, Q, K, JOKER",
        "Zed is not a player at this table",
        "Cy's cards are missing",
    ]


def test_a_round_that_is_not_an_object_is_refused() -> None:
    assert problems_of(["Ann"], swoops()) == ["a round must be an object"]  # type: ignore[arg-type]


# -- the end of the game -----------------------------------------------------------------------


def test_exactly_the_limit_does_not_end_the_game() -> None:
    # games/plugins/swoops/rules.md §6: the game ends only when a total is more than the limit;
    # "Exactly the limit plays on."
    state = play(swoops(), [points(Ann=0, Bob=100, Cy=20), points(Ann=0, Bob=50, Cy=20)])
    assert state.totals == {"Ann": 0, "Bob": 150, "Cy": 40}
    assert not state.finished
    assert state.winners == ()
    assert state.finished_after_round is None


def test_one_over_the_limit_ends_the_game_and_the_lowest_total_wins() -> None:
    # games/plugins/swoops/rules.md §6-§7: the game ends after a round in which some player's
    # total is more than the limit; the lowest total wins.
    state = play(swoops(), [points(Ann=0, Bob=100, Cy=20), points(Ann=0, Bob=51, Cy=20)])
    assert state.totals == {"Ann": 0, "Bob": 151, "Cy": 40}
    assert state.finished
    assert state.winners == ("Ann",)
    assert state.finished_after_round == 2


def test_the_game_ends_after_the_first_round_over_the_limit() -> None:
    rounds = [points(Ann=0, Bob=160, Cy=10), points(Ann=0, Bob=1, Cy=1)]
    with pytest.raises(EntryError) as caught:
        play(swoops(), rounds)
    assert [p.text() for p in caught.value.problems] == [
        "round 2: the game was already over after round 1"
    ]


def test_several_players_may_pass_the_limit_at_once() -> None:
    # games/plugins/swoops/rules.md §6: "Several players may pass the limit in the same round."
    state = play(
        swoops(FIVE),
        [points(Ann=140, Bob=145, Cy=0, Di=30, Ed=100), points(Ann=20, Bob=30, Cy=60, Di=0, Ed=1)],
    )
    assert state.totals == {"Ann": 160, "Bob": 175, "Cy": 60, "Di": 30, "Ed": 101}
    assert state.finished_after_round == 2
    assert state.winners == ("Di",)


def test_a_tie_for_the_lowest_total_is_a_shared_win() -> None:
    # games/plugins/swoops/rules.md §7, Decision: a tie for the lowest total is a shared win; the
    # text does not cover it.
    state = play(
        swoops(FIVE),
        [points(Ann=0, Bob=100, Cy=10, Di=5, Ed=20), points(Ann=10, Bob=60, Cy=0, Di=20, Ed=3)],
    )
    assert state.totals == {"Ann": 10, "Bob": 160, "Cy": 10, "Di": 25, "Ed": 23}
    assert state.finished
    assert state.winners == ("Ann", "Cy")


def test_a_custom_limit_moves_the_boundary() -> None:
    at = swoops(limit=50)
    assert not play(at, [points(Ann=0, Bob=50, Cy=49)]).finished
    state = play(at, [points(Ann=0, Bob=50, Cy=49), points(Ann=1, Bob=0, Cy=2)])
    assert state.finished_after_round == 2
    assert state.totals == {"Ann": 1, "Bob": 50, "Cy": 51}
    assert state.winners == ("Ann",)


def test_a_fixed_number_of_rounds_ends_the_game_after_exactly_that_many() -> None:
    # games/plugins/swoops/rules.md §6: instead of a limit the table may agree on a number of
    # rounds.
    at = swoops(rounds=3)
    rounds = [points(Ann=0, Bob=20, Cy=30), points(Ann=40, Bob=0, Cy=5), points(Ann=9, Bob=30)]
    assert not play(at, rounds[:2]).finished
    state = play(at, rounds)
    assert state.finished
    assert state.finished_after_round == 3
    assert state.totals == {"Ann": 49, "Bob": 50, "Cy": 35}
    assert state.winners == ("Cy",)


def test_with_a_fixed_number_of_rounds_the_limit_does_not_end_the_game() -> None:
    at = swoops(rounds=2)
    state = play(at, [points(Ann=0, Bob=400, Cy=151)])
    assert state.totals == {"Ann": 0, "Bob": 400, "Cy": 151}
    assert not state.finished
    state = play(at, [points(Ann=0, Bob=400, Cy=151), points(Ann=5, Bob=0, Cy=5)])
    assert state.finished_after_round == 2
    assert state.winners == ("Ann",)


def test_a_round_after_the_fixed_number_is_an_error() -> None:
    rounds = [points(Ann=0, Bob=1, Cy=1)] * 3
    with pytest.raises(EntryError) as caught:
        play(swoops(rounds=2), rounds)
    assert [p.text() for p in caught.value.problems] == [
        "round 3: the game was already over after round 2"
    ]


def test_a_fixed_number_of_rounds_can_also_end_in_a_tie() -> None:
    state = play(swoops(rounds=2), [points(Ann=0, Bob=3, Cy=5), points(Ann=3, Bob=0, Cy=5)])
    assert state.totals == {"Ann": 3, "Bob": 3, "Cy": 10}
    assert state.winners == ("Ann", "Bob")


def test_a_game_without_rounds_has_everyone_at_0() -> None:
    state = play(swoops(), [])
    assert state.totals == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert state.totals_after_each_round == ()
    assert not state.finished


def test_bad_rounds_are_all_named_and_nothing_is_scored() -> None:
    rounds: list[dict[str, object]] = [
        went_out("Ann", Bob=["5"], Cy=["6"]),
        went_out("Ann", Bob=["5"]),
        {"went_out": "Zed"},
    ]
    with pytest.raises(EntryError) as caught:
        play(swoops(), rounds)
    assert [p.text() for p in caught.value.problems] == [
        "round 2: Cy's cards are missing",
        "round 3: Zed is not a player at this table",
    ]


# -- ranking -----------------------------------------------------------------------------------


def test_ranking_puts_the_lowest_total_first_and_tied_players_share_a_place() -> None:
    totals = {"Ann": 40, "Bob": 12, "Cy": 40, "Di": 151, "Ed": 12}
    assert ranking(totals) == [
        (1, "Bob", 12),
        (1, "Ed", 12),
        (3, "Ann", 40),
        (3, "Cy", 40),
        (5, "Di", 151),
    ]
    assert lowest(totals) == ("Bob", "Ed")
    assert ranking({}) == []
    assert lowest({}) == ()


# -- the scoresheet ----------------------------------------------------------------------------

ROUNDS: list[dict[str, object]] = [
    # The example of docs/scoresheet.md ("Swoops"): Bob 50 + 50 + 10 + 5, Cy 1 + 2.
    {"went_out": "Ann", "remaining": {"Bob": ["JOKER", "10", "K", "5"], "Cy": ["A", "2"]}},
    {"went_out": "Cy", "remaining": {"Ann": ["Q", "9"], "Bob": ["2", "3"]}},
    {"points": {"Ann": 20, "Bob": 0, "Cy": 148}},  # Cy 151: over the limit
]


def swoops_document(**changes: object) -> dict[str, object]:
    document: dict[str, object] = {
        "format": "scoresheet/1",
        "game": "swoops",
        "options": {"limit": 150, "rounds": None},
        "players": list(THREE),
        "rounds": copy.deepcopy(ROUNDS),
    }
    document.update(changes)
    return document


def test_a_whole_swoops_game_gives_the_documented_output() -> None:
    output = score_scoresheet(json.loads(json.dumps(swoops_document())))
    assert output == {
        "rounds": [
            {
                "points": {"Ann": 0, "Bob": 115, "Cy": 3},
                "breakdown": {
                    "kind": "cards",
                    "went_out": "Ann",
                    "held": {
                        "Bob": {"cards": ["JOKER", "10", "K", "5"], "points": 115, "typed": False},
                        "Cy": {"cards": ["2", "A"], "points": 3, "typed": False},
                    },
                },
            },
            {
                "points": {"Ann": 19, "Bob": 5, "Cy": 0},
                "breakdown": {
                    "kind": "cards",
                    "went_out": "Cy",
                    "held": {
                        "Ann": {"cards": ["Q", "9"], "points": 19, "typed": False},
                        "Bob": {"cards": ["3", "2"], "points": 5, "typed": False},
                    },
                },
            },
            {
                "points": {"Ann": 20, "Bob": 0, "Cy": 148},
                "breakdown": {"kind": "points", "points": {"Ann": 20, "Bob": 0, "Cy": 148}},
            },
        ],
        "totals": {"Ann": 39, "Bob": 120, "Cy": 151},
        "totals_after_each_round": [
            {"Ann": 0, "Bob": 115, "Cy": 3},
            {"Ann": 19, "Bob": 120, "Cy": 3},
            {"Ann": 39, "Bob": 120, "Cy": 151},
        ],
        "finished": True,
        "winners": ["Ann"],
        "eliminated": [],
    }


def test_a_scoresheet_left_at_the_default_options_plays_on_at_exactly_150() -> None:
    rounds = [{"points": {"Ann": 0, "Bob": 150, "Cy": 3}}]
    output = score_scoresheet({"game": "swoops", "players": list(THREE), "rounds": rounds})
    assert output["totals"] == {"Ann": 0, "Bob": 150, "Cy": 3}
    assert output["finished"] is False
    assert output["winners"] == []


def test_a_scoresheet_with_a_fixed_number_of_rounds() -> None:
    output = score_scoresheet(swoops_document(options={"rounds": 2}, rounds=ROUNDS[:2]))
    assert output["finished"] is True
    assert output["winners"] == ["Cy"]


def test_a_bad_swoops_scoresheet_names_every_bad_round_and_scores_nothing() -> None:
    rounds = [
        ROUNDS[0],
        {"went_out": "Ann", "remaining": {"Bob": ["JOKER"] * 7, "Cy": ["11"]}},
        {"remaining": {"Bob": ["5"], "Cy": ["6"]}},
    ]
    with pytest.raises(EntryError) as caught:
        score_scoresheet(swoops_document(rounds=rounds))
    assert [p.text() for p in caught.value.problems] == [
        "round 2: 11 is not a card (Cy): ranks are A, 2 to 10, J, Q, K, JOKER",
        "round 2: JOKER is listed 7 times, but 3 decks hold only 6",
        "round 3: nobody went out: name the player who has no cards left",
    ]


def test_a_swoops_scoresheet_with_bad_options_or_table_is_refused() -> None:
    with pytest.raises(EntryError) as caught:
        score_scoresheet(swoops_document(options={"limit": -1}, players=["Ann", "Bob"]))
    assert [p.text() for p in caught.value.problems] == [
        "option limit must be between 1 and 10000",
        "Swoops needs 3 to 8 players, not 2",
    ]


def test_a_swoops_scoresheet_survives_write_then_read() -> None:
    options = {"limit": 200, "rounds": None}
    document = write_scoresheet("swoops", options, list(THREE), (), ROUNDS)
    assert "teams" not in document
    sheet = read_scoresheet(json.loads(json.dumps(document)))
    assert sheet.game.key == "swoops"
    assert sheet.options == options
    assert sheet.table.options == {"limit": 200, "rounds": 0}
    assert list(sheet.rounds) == ROUNDS
    again = write_scoresheet(
        sheet.game.key, sheet.options, sheet.table.players, sheet.table.teams, sheet.rounds
    )
    assert again == document


# -- fields that do not apply but say nothing (issue 17) -------------------------------------


def test_a_points_round_accepts_card_fields_that_say_nothing() -> None:
    entry = {"points": {"Ann": 0, "Bob": 12, "Cy": 7}, "went_out": None, "remaining": {}}
    assert score(entry, swoops()).points == {"Ann": 0, "Bob": 12, "Cy": 7}
    assert score({**entry, "totals": {"Bob": 0}}, swoops()).points["Bob"] == 12


def test_a_cards_round_accepts_points_that_say_nothing() -> None:
    entry = {**went_out("Ann", Bob=["5"], Cy=["6"]), "points": {}}
    assert score(entry, swoops()).points == {"Ann": 0, "Bob": 5, "Cy": 6}


def test_a_points_round_still_refuses_card_fields_that_say_something() -> None:
    entry = {"points": {"Ann": 0, "Bob": 12}, "went_out": "Ann"}
    assert problems_of(entry, swoops()) == [
        "give either who went out and the cards held, or the points"
    ]
