"""Ciapanò: round scoring, the moon, elimination and every way an entry can be wrong.

Rules, with their decisions: games/plugins/ciapano/rules.md (§1 penalties, §2 the deal, §3-§5 a
deal's points and the moon, §6 out at 31 and the winner, §7 entries); entry and output format:
docs/scoresheet.md "Ciapanò" and "What `score` prints".
"""

from __future__ import annotations

import json

import pytest

from games.plugins.ciapano.engine import (
    PENALTY_CARDS,
    Ciapano,
    penalty_thirds,
)
from games.plugins.ciapano.tests.examples import (
    ALL_PENALTY,
    CY_OUT,
    EXAMPLE,
    FIVE,
    FOUR,
    LATER,
    THREE,
    cards_entry,
    ciapano,
    counts_entry,
    play,
    points_entry,
    problems_after,
    rounds_of,
)
from games.scoring import EntryError, get_game
from games.scoring.cards import DeckStyle, parse_card
from tests.scoring.helpers import ciapano_deals, problems_of, score, setup_problems

# -- the cards ----------------------------------------------------------------------------------


def test_the_24_penalty_cards_in_deck_order() -> None:
    # games/plugins/ciapano/rules.md §1: "The 24 penalty cards hold 32 thirds, that is 10 2/3
    # points."
    assert len(PENALTY_CARDS) == 24
    assert {card.code for card in PENALTY_CARDS} == set(ALL_PENALTY)
    assert [card.code for card in PENALTY_CARDS[:6]] == ["AD", "2D", "3D", "JD", "ND", "KD"]
    assert sum(penalty_thirds(card) for card in PENALTY_CARDS) == 32


@pytest.mark.parametrize(
    ("code", "thirds"),
    [
        ("AD", 3),  # games/plugins/ciapano/rules.md §1: "each ace costs 1 point"
        ("3C", 1),  # "each 3, 2, king, cavallo and fante costs a third of a point"
        ("2S", 1),
        ("KB", 1),
        ("ND", 1),
        ("JC", 1),
        ("7D", 0),
        ("6S", 0),
        ("5C", 0),
        ("4B", 0),
    ],
)
def test_penalty_value_of_each_rank_in_thirds(code: str, thirds: int) -> None:
    assert penalty_thirds(parse_card(code)) == thirds


# -- the table ----------------------------------------------------------------------------------


def test_ciapano_is_registered_for_3_to_5_players() -> None:
    game = get_game("ciapano")
    assert isinstance(game, Ciapano)
    assert (game.min_players, game.max_players) == (3, 5)
    for players in (THREE, FOUR, FIVE):
        assert ciapano(players).players == players


@pytest.mark.parametrize("players", [("Ann", "Bob"), (*FIVE, "Fay")])
def test_fewer_than_3_or_more_than_5_players_is_refused(players: tuple[str, ...]) -> None:
    assert setup_problems("ciapano", players) == [
        f"Ciapanò needs 3 to 5 players, not {len(players)}"
    ]


def test_default_options_are_the_rule_texts() -> None:
    assert dict(ciapano().options) == {
        "elimination_at": 31,
        "last_trick": "remainder",
        "deck": "italian",
    }


def test_bad_options_are_refused() -> None:
    assert setup_problems(
        "ciapano", THREE, {"elimination_at": 10, "last_trick": "double", "deck": "tarot"}
    ) == [
        "option elimination_at must be between 11 and 99",
        "option last_trick must be one of remainder, plus-one",
        "option deck must be one of italian, french",
    ]


def test_every_option_has_a_label_and_a_sentence_of_help() -> None:
    for spec in Ciapano.option_specs:
        assert spec.label
        assert spec.help.endswith(".")


def test_the_deck_option_changes_only_the_card_faces() -> None:
    game = Ciapano()
    assert game.deck_style(game.resolve_options({})) is DeckStyle.ITALIAN
    assert game.deck_style(game.resolve_options({"deck": "french"})) is DeckStyle.FRENCH
    entry = cards_entry("Cy", **EXAMPLE)
    assert score(entry, ciapano(deck="french")) == score(entry, ciapano())


# -- one deal -----------------------------------------------------------------------------------


def test_the_rule_texts_example_scores_4_4_3() -> None:
    result = score(cards_entry("Cy", **EXAMPLE), ciapano())
    assert result.points == {"Ann": 4, "Bob": 4, "Cy": 3}
    assert result.breakdown == {
        "kind": "cards",
        "rule": "remainder",
        "players": ["Ann", "Bob", "Cy"],
        "aces": {"Ann": 3, "Bob": 1, "Cy": 0},
        "thirds": {"Ann": 4, "Bob": 11, "Cy": 5},
        "penalty": {
            "Ann": {"whole": 4, "thirds": 1},
            "Bob": {"whole": 4, "thirds": 2},
            "Cy": {"whole": 1, "thirds": 2},
        },
        "dropped": {"Ann": 1, "Bob": 2, "Cy": 2},
        # 1 for the cards, 2 for the last trick (the example of games/plugins/ciapano/rules.md §3)
        "last_trick": {"winner": "Cy", "worth": 2},
        "moon": None,
    }
    json.dumps(result.breakdown)


def test_counts_score_like_the_cards_they_stand_for() -> None:
    by_cards = score(cards_entry("Cy", **EXAMPLE), ciapano())
    by_counts = score(counts_entry("Cy", **EXAMPLE), ciapano())
    assert by_counts.points == by_cards.points
    assert by_counts.breakdown == {**by_cards.breakdown, "kind": "counts"}


@pytest.mark.parametrize(
    ("thirds", "dropped", "points"),
    [
        (2, 2, 0),  # games/plugins/ciapano/rules.md §3: "2/3 is worth 0"
        (4, 1, 1),  # "1 1/3 is worth 1"
        (3, 0, 1),
        (5, 2, 1),
    ],
)
def test_fractions_are_dropped_for_everyone_but_the_last_trick_winner(
    thirds: int, dropped: int, points: int
) -> None:
    entry = cards_entry("Cy", Ann=(0, thirds), Bob=(4, 20 - thirds), Cy=(0, 0))
    result = score(entry, ciapano())
    assert result.points["Ann"] == points
    assert result.breakdown["dropped"]["Ann"] == dropped  # type: ignore[index]


@pytest.mark.parametrize(
    ("players", "counts", "last_trick", "points", "worth"),
    [
        # Fractions 0 + 0 + 2/3: the last trick is worth 1.
        (THREE, {"Ann": (4, 0), "Bob": (0, 12), "Cy": (0, 8)}, "Cy", [4, 4, 3], 1),
        # The example of games/plugins/ciapano/rules.md §3: 1/3 + 2/3 + 2/3, worth 2.
        (THREE, EXAMPLE, "Cy", [4, 4, 3], 2),
        # Four times 2 2/3: 2/3 each, worth 3.
        (FOUR, {"Ann": (2, 2), "Bob": (2, 2), "Cy": (0, 8), "Di": (0, 8)}, "Di", [2, 2, 2, 5], 3),
        # A last-trick winner with no penalty cards scores only the last trick.
        (
            FIVE,
            {"Ann": (2, 2), "Bob": (2, 2), "Cy": (0, 8), "Di": (0, 8), "Eve": (0, 0)},
            "Eve",
            [2, 2, 2, 2, 3],
            3,
        ),
    ],
)
def test_the_last_trick_winner_scores_the_remainder_up_to_11(
    players: tuple[str, ...],
    counts: dict[str, tuple[int, int]],
    last_trick: str,
    points: list[int],
    worth: int,
) -> None:
    # games/plugins/ciapano/rules.md §3: the winner of the last trick scores what is left of 11, his
    # own penalty plus 1, 2 or 3 for the last trick.
    result = score(cards_entry(last_trick, **counts), ciapano(players))
    assert list(result.points.values()) == points
    assert sum(result.points.values()) == 11
    assert result.breakdown["last_trick"] == {"winner": last_trick, "worth": worth}


def test_a_player_left_out_of_the_entry_took_no_penalty_cards() -> None:
    entry = cards_entry("Ann", Ann=(4, 10), Bob=(0, 10))
    result = score(entry, ciapano())
    # Ann 7 1/3 with the last trick, Bob 3 1/3: Ann scores 11 - 3.
    assert result.points == {"Ann": 8, "Bob": 3, "Cy": 0}
    assert result.breakdown["aces"] == {"Ann": 4, "Bob": 0, "Cy": 0}


def test_card_codes_may_use_the_aliases_and_any_case() -> None:
    # docs/scoresheet.md, "A round": `8 9 10` and `Q` are read as J, N, K and N (Ciapanò uses
    # the Scopa codes, games/plugins/ciapano/rules.md §1).
    entry = cards_entry("Cy", **EXAMPLE)
    codes = entry["penalty_cards"]
    assert isinstance(codes, dict)
    aliases = {"JD": "8D", "NC": "QC", "KS": "10S", "AD": "ad"}
    for player, listed in codes.items():
        codes[player] = [aliases.get(code, code) for code in listed]
    assert score(entry, ciapano()).points == {"Ann": 4, "Bob": 4, "Cy": 3}


# -- the moon -----------------------------------------------------------------------------------


def test_all_penalty_cards_and_the_last_trick_score_0_and_11_for_everyone_else() -> None:
    # games/plugins/ciapano/rules.md §4: a player who takes all 24 penalty cards and the last trick
    # scores 0, and every other player in the deal scores 11.
    result = score(cards_entry("Bob", Bob=(4, 20)), ciapano(FOUR))
    assert result.points == {"Ann": 11, "Bob": 0, "Cy": 11, "Di": 11}
    assert result.breakdown["moon"] == "Bob"
    assert result.breakdown["last_trick"] == {"winner": "Bob", "worth": None}


def test_a_moon_can_be_entered_as_counts() -> None:
    result = score(counts_entry("Bob", Bob=(4, 20)), ciapano())
    assert result.points == {"Ann": 11, "Bob": 0, "Cy": 11}
    assert result.breakdown["moon"] == "Bob"


def test_all_24_penalty_cards_without_the_last_trick_is_not_a_moon() -> None:
    # games/plugins/ciapano/rules.md §4: "All 24 penalty cards without the last trick is an ordinary
    # deal: 10 for him, 1 for the winner of the last trick."
    result = score(cards_entry("Bob", Ann=(4, 20)), ciapano())
    assert result.points == {"Ann": 10, "Bob": 1, "Cy": 0}
    assert result.breakdown["moon"] is None
    assert result.breakdown["last_trick"] == {"winner": "Bob", "worth": 1}


def test_the_three_player_discard_counts_for_the_last_trick_winner_and_can_make_a_moon() -> None:
    # games/plugins/ciapano/rules.md §2: with three players the dealer discards one card face down,
    # and it goes to whoever wins the last trick; §4: so "it can be the card that completes the
    # set". The discard is entered like any other card, in the last-trick winner's list (§7).
    discard = "KB"
    won_in_tricks = [code for code in ALL_PENALTY if code != discard]
    moon = {"penalty_cards": {"Ann": [*won_in_tricks, discard]}, "last_trick": "Ann"}
    assert score(moon, ciapano()).points == {"Ann": 0, "Bob": 11, "Cy": 11}
    # Had Bob won the last trick, the discard would be his: Ann has 10 1/3 and no moon.
    no_moon = {"penalty_cards": {"Ann": won_in_tricks, "Bob": [discard]}, "last_trick": "Bob"}
    assert score(no_moon, ciapano()).points == {"Ann": 10, "Bob": 1, "Cy": 0}


def test_a_moon_still_scores_0_and_11s_under_plus_one() -> None:
    result = score(cards_entry("Ann", Ann=(4, 20)), ciapano(last_trick="plus-one"))
    assert result.points == {"Ann": 0, "Bob": 11, "Cy": 11}


# -- the plus-one house rule --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "counts", "last_trick", "points"),
    [
        (THREE, {"Ann": (4, 0), "Bob": (0, 12), "Cy": (0, 8)}, "Cy", [4, 4, 3]),
        (THREE, EXAMPLE, "Cy", [4, 4, 2]),
        (FOUR, {"Ann": (2, 2), "Bob": (2, 2), "Cy": (0, 8), "Di": (0, 8)}, "Di", [2, 2, 2, 3]),
    ],
)
def test_plus_one_gives_the_last_trick_1_point_and_a_deal_9_to_11(
    players: tuple[str, ...],
    counts: dict[str, tuple[int, int]],
    last_trick: str,
    points: list[int],
) -> None:
    # games/plugins/ciapano/rules.md §5, `last_trick: plus-one`: every player scores his own penalty
    # with the fraction dropped, and the winner of the last trick adds 1; a deal adds up to 11, 10
    # or 9.
    result = score(cards_entry(last_trick, **counts), ciapano(players, last_trick="plus-one"))
    assert list(result.points.values()) == points
    assert sum(points) in (9, 10, 11)
    assert result.breakdown["rule"] == "plus-one"
    assert result.breakdown["last_trick"] == {"winner": last_trick, "worth": 1}


# -- points counted by hand ---------------------------------------------------------------------


def test_hand_counted_points_are_taken_as_given() -> None:
    result = score(points_entry(Ann=4, Bob=4, Cy=3), ciapano())
    assert result.points == {"Ann": 4, "Bob": 4, "Cy": 3}
    assert result.breakdown == {
        "kind": "points",
        "players": ["Ann", "Bob", "Cy"],
        "points": {"Ann": 4, "Bob": 4, "Cy": 3},
    }


def test_players_left_out_of_hand_counted_points_score_0() -> None:
    # Ann may take all 11 without a moon: Bob and Cy took a 1/3 card or two each (fractions
    # dropped), and Ann the rest with the last trick.
    assert score(points_entry(Ann=11), ciapano()).points == {"Ann": 11, "Bob": 0, "Cy": 0}


def test_hand_counted_points_must_be_whole_numbers_for_players_at_the_table() -> None:
    entry: dict[str, object] = {"points": {"Ann": -1, "Bob": 2.5, "Zed": 3, "Cy": True}}
    assert problems_of(entry, ciapano()) == [
        "points for Ann must be a whole number, 0 or more",
        "points for Bob must be a whole number, 0 or more",
        "Zed is not playing at this table",
        "points for Cy must be a whole number, 0 or more",
    ]
    assert problems_of({"points": [4, 4, 3]}, ciapano()) == [
        "points must give a number for each player"
    ]


# -- counted points that cannot be right (issue 17) ----------------------------------------------

REMAINDER_TOTALS = (
    "the points add up to {total}; a deal has 11 points, or, when one player takes them all, 0 "
    "for that player and 11 for each of the others"
)
PLUS_ONE_TOTALS = (
    "the points add up to {total}; at this table a deal has 9 to 11 points (the last trick is "
    "worth 1), or, when one player takes them all, 0 for that player and 11 for each of the "
    "others"
)
PLUS_ONE_THREE_TOTALS = (
    "the points add up to {total}; at this table a deal of three players has 10 or 11 points "
    "(the last trick is worth 1), or, when one player takes them all, 0 for that player and 11 "
    "for each of the others"
)


@pytest.mark.parametrize(
    ("players", "points"),
    [
        (THREE, {"Ann": 4, "Bob": 4, "Cy": 3}),  # the example of games/plugins/ciapano/rules.md §3
        (THREE, {"Ann": 0, "Bob": 0, "Cy": 11}),  # fractions only, and the rest to Cy
        (FOUR, {"Ann": 0, "Bob": 0, "Cy": 0, "Di": 11}),
        (FIVE, {"Ann": 3, "Bob": 2, "Cy": 2, "Di": 2, "Eve": 2}),
        # A moon (games/plugins/ciapano/rules.md §4): 0 for the player who took everything, 11 for
        # each of the others.
        (THREE, {"Ann": 0, "Bob": 11, "Cy": 11}),
        (FOUR, {"Ann": 11, "Bob": 11, "Cy": 0, "Di": 11}),
        (FIVE, {"Ann": 11, "Bob": 11, "Cy": 11, "Di": 11, "Eve": 0}),
    ],
)
def test_counted_points_the_rules_make_are_accepted(
    players: tuple[str, ...], points: dict[str, int]
) -> None:
    assert score({"points": points}, ciapano(players)).points == points


@pytest.mark.parametrize(
    ("players", "points", "total"),
    [
        (THREE, {"Ann": 5, "Bob": 4, "Cy": 3}, 12),
        (THREE, {"Ann": 4, "Bob": 4, "Cy": 2}, 10),
        (FOUR, {"Ann": 0, "Bob": 0, "Cy": 0, "Di": 0}, 0),
        (FOUR, {"Ann": 12}, 12),
        # Nearly a moon, but one of the others is given 10.
        (THREE, {"Ann": 0, "Bob": 11, "Cy": 10}, 21),
        # A moon's 0 and 11s, but two players on 0.
        (FOUR, {"Ann": 0, "Bob": 0, "Cy": 11, "Di": 11}, 22),
    ],
)
def test_counted_points_that_do_not_add_up_to_11_or_a_moon_are_refused(
    players: tuple[str, ...], points: dict[str, int], total: int
) -> None:
    assert problems_of({"points": points}, ciapano(players)) == [
        REMAINDER_TOTALS.format(total=total)
    ]


def test_under_plus_one_a_counted_deal_of_four_or_five_adds_up_to_9_10_or_11() -> None:
    # House rule: the last trick is worth 1, so the dropped fractions (2, 5 or 8 thirds) are
    # lost: 9, 10 or 11 points. A moon is still 0 and 11s.
    for players in (FOUR, FIVE):
        at = ciapano(players, last_trick="plus-one")
        for total in (9, 10, 11):
            entry = points_entry(Ann=total - 1, Bob=1)
            assert sum(score(entry, at).points.values()) == total
        moon = {player: 11 for player in players[1:]}
        assert score({"points": {"Ann": 0, **moon}}, at).points["Bob"] == 11
        for total in (8, 12):
            assert problems_of(points_entry(Ann=total), at) == [PLUS_ONE_TOTALS.format(total=total)]


def test_under_plus_one_three_players_drop_too_little_for_a_deal_of_9() -> None:
    # Each player drops at most 2 thirds: three players at most 6, so 8 thirds (a deal of 9)
    # cannot be dropped.
    at = ciapano(THREE, last_trick="plus-one")
    assert score(points_entry(Ann=4, Bob=4, Cy=2), at).points == {"Ann": 4, "Bob": 4, "Cy": 2}
    assert problems_of(points_entry(Ann=4, Bob=3, Cy=2), at) == [
        PLUS_ONE_THREE_TOTALS.format(total=9)
    ]


def test_under_plus_one_two_players_left_always_make_11() -> None:
    # Two players drop at most 4 thirds, so only 2: the deal totals 11, as under the default
    # rule (games/plugins/ciapano/rules.md §3, §5).
    at = ciapano(THREE, last_trick="plus-one")
    earlier = rounds_of(at, ciapano_deals(Cy=31, Ann=2))
    game = Ciapano()
    assert game.score_round(points_entry(Ann=6, Bob=5), at, earlier).points["Bob"] == 5
    with pytest.raises(EntryError) as caught:
        game.score_round(points_entry(Ann=5, Bob=5), at, earlier)
    assert [problem.text() for problem in caught.value.problems] == [
        REMAINDER_TOTALS.format(total=10)
    ]


def test_a_moon_counted_by_hand_is_paid_only_by_the_players_still_in() -> None:
    at = ciapano(FOUR)
    moon = points_entry(Ann=11, Bob=0, Di=11)
    assert rounds_of(at, [*CY_OUT, moon])[LATER].points == {"Ann": 11, "Bob": 0, "Cy": 0, "Di": 11}
    # 11 for Cy, who is out, is refused for that, and the total is not judged on top of it.
    assert problems_after(at, CY_OUT, points_entry(Ann=11, Bob=0, Cy=11, Di=11)) == [
        f"round {LATER + 1}: Cy is already out of the game and scores no points"
    ]
    # Without Cy, 0 and 11 for each of the three still in is the moon; 33 is not.
    assert problems_after(at, CY_OUT, points_entry(Ann=11, Bob=11, Di=11)) == [
        f"round {LATER + 1}: " + REMAINDER_TOTALS.format(total=33)
    ]


def test_a_game_with_an_impossible_counted_deal_saves_nothing_and_names_its_round() -> None:
    entries = [points_entry(Ann=4, Bob=4, Cy=3), points_entry(Ann=5, Bob=5, Cy=5)]
    with pytest.raises(EntryError) as caught:
        play(ciapano(), entries)
    assert [problem.text() for problem in caught.value.problems] == [
        "round 2: " + REMAINDER_TOTALS.format(total=15)
    ]
