"""Ciapanò: round scoring, the moon, elimination and every way an entry can be wrong.

Rules, with their decisions: games/plugins/ciapano/rules.md (§1 penalties, §2 the deal, §3-§5 a
deal's points and the moon, §6 out at 31 and the winner, §7 entries); entry and output format:
docs/scoresheet.md "Ciapanò" and "What `score` prints".
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from django.core.management import call_command

from games.plugins.ciapano.engine import (
    PENALTY_CARDS,
    Ciapano,
    active_players,
    penalty_thirds,
)
from games.scoring import EntryError, GameState, RoundScore, TableSetup, get_game, score_table
from games.scoring.cards import DeckStyle, parse_card
from games.scoring.scoresheet import read_scoresheet, score_scoresheet, write_scoresheet
from tests.scoring.helpers import ciapano_deals, problems_of, score, setup_problems, table

THREE = ("Ann", "Bob", "Cy")
FOUR = ("Ann", "Bob", "Cy", "Di")
FIVE = ("Ann", "Bob", "Cy", "Di", "Eve")

ACES = ["AD", "AC", "AS", "AB"]
# The twenty 1/3-point cards: 3s, 2s, kings, knights and jacks, suit by suit.
THIRD_CARDS = [rank + suit for suit in "DCSB" for rank in ("3", "2", "K", "N", "J")]
ALL_PENALTY = ACES + THIRD_CARDS


def ciapano(players: Sequence[str] = THREE, **options: object) -> TableSetup:
    return table("ciapano", players, **options)


def dealt(**counts: tuple[int, int]) -> dict[str, list[str]]:
    """Penalty cards for each player, ``Ann=(aces, thirds)``, taken in order from the pack.

    The counts given must use up all 4 aces and 20 thirds, as a real deal does.
    """
    aces, thirds = list(ACES), list(THIRD_CARDS)
    taken: dict[str, list[str]] = {}
    for player, (ace_count, third_count) in counts.items():
        taken[player] = aces[:ace_count] + thirds[:third_count]
        del aces[:ace_count], thirds[:third_count]
    assert not aces, "a deal hands out every penalty card"
    assert not thirds, "a deal hands out every penalty card"
    return taken


def cards_entry(last_trick: str, **counts: tuple[int, int]) -> dict[str, object]:
    return {"penalty_cards": dealt(**counts), "last_trick": last_trick}


def counts_entry(last_trick: str, **counts: tuple[int, int]) -> dict[str, object]:
    return {
        "aces": {player: aces for player, (aces, _) in counts.items()},
        "thirds": {player: thirds for player, (_, thirds) in counts.items()},
        "last_trick": last_trick,
    }


def points_entry(**points: int) -> dict[str, object]:
    return {"points": points}


def play(at: TableSetup, entries: Sequence[Mapping[str, object]]) -> GameState:
    return score_table(get_game(at.game), at, entries)[1]


def rounds_of(at: TableSetup, entries: Sequence[Mapping[str, object]]) -> list[RoundScore]:
    return score_table(get_game(at.game), at, entries)[0]


def problems_after(
    at: TableSetup, earlier: Sequence[Mapping[str, object]], entry: Mapping[str, object]
) -> list[str]:
    """The problems of ``entry`` played after the ``earlier`` entries (which must be good)."""
    with pytest.raises(EntryError) as caught:
        score_table(get_game(at.game), at, [*earlier, entry])
    return [problem.text() for problem in caught.value.problems]


# The example of games/plugins/ciapano/rules.md §3: three players hold 4 1/3, 4 2/3 and, with the
# last trick, 1 2/3, and score 4, 4 and 3 (1 for the cards, 2 for the last trick). Cy's cards are
# 1 2/3: the 32 thirds must all be dealt.
EXAMPLE = {"Ann": (3, 4), "Bob": (1, 11), "Cy": (0, 5)}


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


# -- bad entries --------------------------------------------------------------------------------


def test_a_card_listed_twice_for_one_player() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    entry["penalty_cards"]["Ann"].append("AD")  # type: ignore[index]
    assert problems_of(entry, ciapano()) == ["AD is listed twice for Ann"]


def test_a_card_listed_for_two_players() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    entry["penalty_cards"]["Cy"].append("AD")  # type: ignore[index]
    assert problems_of(entry, ciapano()) == ["AD is listed for more than one player (Ann, Cy)"]


def test_one_missing_penalty_card() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    entry["penalty_cards"]["Cy"].remove("JB")  # type: ignore[index]
    assert problems_of(entry, ciapano()) == ["JB is not listed for any player"]


def test_several_missing_penalty_cards_are_named_in_one_problem() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    del entry["penalty_cards"]["Cy"]  # type: ignore[attr-defined]
    assert problems_of(entry, ciapano()) == [
        "5 penalty cards are not listed for any player: 2B, 3B, JB, NB, KB"
    ]


def test_a_card_without_a_penalty_is_not_listed() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    entry["penalty_cards"]["Bob"].append("7D")  # type: ignore[index]
    assert problems_of(entry, ciapano()) == ["7D is not a penalty card (Bob)"]


def test_a_code_that_is_no_card() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    entry["penalty_cards"]["Bob"].append("ZZ")  # type: ignore[index]
    assert problems_of(entry, ciapano()) == ["ZZ is not a card code (Bob)"]


def test_cards_for_someone_not_at_the_table() -> None:
    # The cards were probably meant for a player whose name was mistyped, so they are not
    # reported missing as well.
    entry = cards_entry("Cy", **EXAMPLE)
    codes = entry["penalty_cards"]
    assert isinstance(codes, dict)
    codes["Zed"] = codes.pop("Cy")
    assert problems_of(entry, ciapano()) == ["Zed is not playing at this table"]


def test_a_card_list_that_is_not_a_list() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    entry["penalty_cards"]["Cy"] = "3B JB"  # type: ignore[index]
    assert problems_of(entry, ciapano()) == ["penalty_cards for Cy must be a list of card codes"]
    assert problems_of({"penalty_cards": ["AD"], "last_trick": "Cy"}, ciapano()) == [
        "penalty_cards must list the penalty cards each player took"
    ]


@pytest.mark.parametrize(
    ("counts", "problem"),
    [
        ({"Ann": (3, 4), "Bob": (1, 11), "Cy": (1, 5)}, "the aces add up to 5, not 4"),
        ({"Ann": (3, 4), "Bob": (0, 11), "Cy": (0, 5)}, "the aces add up to 3, not 4"),
        ({"Ann": (3, 4), "Bob": (1, 11), "Cy": (0, 6)}, "the thirds add up to 21, not 20"),
        ({"Ann": (3, 4), "Bob": (1, 10), "Cy": (0, 5)}, "the thirds add up to 19, not 20"),
    ],
)
def test_counts_must_total_4_aces_and_20_thirds(
    counts: dict[str, tuple[int, int]], problem: str
) -> None:
    assert problems_of(counts_entry("Cy", **counts), ciapano()) == [problem]


def test_bad_counts_are_named_and_their_sum_is_not_checked_again() -> None:
    entry = counts_entry("Cy", **EXAMPLE)
    entry["aces"]["Ann"] = -3  # type: ignore[index]
    entry["thirds"]["Zed"] = 1  # type: ignore[index]
    assert problems_of(entry, ciapano()) == [
        "aces for Ann must be a whole number, 0 or more",
        "Zed is not playing at this table",
    ]


def test_counts_need_both_the_aces_and_the_thirds() -> None:
    entry = counts_entry("Cy", **EXAMPLE)
    del entry["thirds"]
    assert problems_of(entry, ciapano()) == ["thirds must give a number for each player"]


def test_a_last_trick_winner_who_is_not_playing() -> None:
    assert problems_of(cards_entry("Zed", **EXAMPLE), ciapano()) == [
        "the last trick went to Zed, who is not playing at this table"
    ]


def test_the_last_trick_winner_is_required() -> None:
    entry = cards_entry("Cy", **EXAMPLE)
    del entry["last_trick"]
    assert problems_of(entry, ciapano()) == [
        "last_trick must name the player who won the last trick"
    ]


def test_unknown_fields_are_problems() -> None:
    entry = {**cards_entry("Cy", **EXAMPLE), "scopas": {"Ann": 1}}
    assert problems_of(entry, ciapano()) == ["unknown field scopas"]
    assert problems_of({"points": {"Ann": 1}, "last_trick": "Ann"}, ciapano()) == [
        "unknown field last_trick"
    ]


def test_an_entry_gives_exactly_one_of_cards_counts_or_points() -> None:
    both = {**cards_entry("Cy", **EXAMPLE), "aces": {"Ann": 4}}
    assert problems_of(both, ciapano()) == [
        "give either the penalty cards, the counts or the points, not more"
    ]
    assert problems_of({"last_trick": "Cy"}, ciapano()) == [
        "a round needs the penalty cards, the counts or the points"
    ]


def test_every_problem_in_an_entry_is_reported_at_once() -> None:
    entry = cards_entry("Zed", **EXAMPLE)
    codes = entry["penalty_cards"]
    assert isinstance(codes, dict)
    codes["Ann"].append("AD")
    codes["Bob"].extend(["7D", "KB"])
    codes["Cy"].remove("JB")
    assert problems_of(entry, ciapano()) == [
        "AD is listed twice for Ann",
        "7D is not a penalty card (Bob)",
        "KB is listed for more than one player (Bob, Cy)",
        "JB is not listed for any player",
        "the last trick went to Zed, who is not playing at this table",
    ]


def test_a_bad_round_in_a_game_saves_nothing_and_names_its_round() -> None:
    entries = [points_entry(Ann=4, Bob=4, Cy=3), cards_entry("Zed", **EXAMPLE)]
    with pytest.raises(EntryError) as caught:
        play(ciapano(), entries)
    assert [problem.text() for problem in caught.value.problems] == [
        "round 2: the last trick went to Zed, who is not playing at this table"
    ]


# -- elimination and the end of the game --------------------------------------------------------


def test_a_total_of_30_stays_in() -> None:
    # games/plugins/ciapano/rules.md §6: a player whose total reaches 31 after a deal is out; "30
    # stays in".
    state = play(
        ciapano(), [points_entry(Ann=11), points_entry(Ann=11), points_entry(Ann=8, Bob=3)]
    )
    assert state.eliminated == ()
    assert not state.finished
    assert state.totals == {"Ann": 30, "Bob": 3, "Cy": 0}


def test_a_total_of_31_is_out() -> None:
    to_30 = ciapano_deals(Ann=30, Bob=3)
    state = play(ciapano(FOUR), [*to_30, points_entry(Ann=1, Bob=10)])
    assert state.eliminated == ("Ann",)
    assert not state.finished
    assert state.totals_after_each_round[-2:] == (
        {"Ann": 30, "Bob": 3, "Cy": 0, "Di": 0},
        {"Ann": 31, "Bob": 13, "Cy": 0, "Di": 0},
    )


def test_the_elimination_total_is_a_table_option() -> None:
    at = ciapano(FOUR, elimination_at=21)
    assert play(at, ciapano_deals(Ann=20, Bob=2)).eliminated == ()
    assert play(at, ciapano_deals(Ann=21, Bob=1)).eliminated == ("Ann",)


def test_several_players_can_go_out_in_one_deal_highest_total_first() -> None:
    # games/plugins/ciapano/rules.md §6: "Several can go out in the same deal, for instance by a
    # moon."
    at = ciapano(FOUR)
    before = ciapano_deals(Ann=20, Bob=20, Cy=25, Di=12)
    moon = cards_entry("Ann", Ann=(4, 20))
    state = play(at, [*before, moon])
    assert state.totals == {"Ann": 20, "Bob": 31, "Cy": 36, "Di": 23}
    assert state.eliminated == ("Cy", "Bob")
    assert not state.finished
    assert active_players(at, rounds_of(at, [*before, moon])) == ("Ann", "Di")


def test_players_going_out_on_equal_totals_keep_seat_order() -> None:
    before = ciapano_deals(Bob=25, Di=26, Cy=15)
    state = play(ciapano(FOUR), [*before, points_entry(Bob=6, Di=5)])
    assert state.totals == {"Ann": 0, "Bob": 31, "Cy": 15, "Di": 31}
    assert state.eliminated == ("Bob", "Di")


def test_the_last_player_left_wins() -> None:
    # games/plugins/ciapano/rules.md §6: the others play on, and the last player left wins. He need
    # not have the lowest total.
    entries = [
        *ciapano_deals(Ann=30, Cy=25),  # Ann 30, Bob 0, Cy 25
        points_entry(Ann=0, Bob=3, Cy=8),  # Cy out at 33
        points_entry(Ann=1, Bob=10),  # Ann out at 31; Bob (13) is the last one in
    ]
    state = play(ciapano(), entries)
    assert state.eliminated == ("Cy", "Ann")
    assert state.finished
    assert state.winners == ("Bob",)
    assert state.finished_after_round == len(entries)


def test_a_moon_can_end_the_game_at_once() -> None:
    entries = [*ciapano_deals(Ann=22, Bob=22, Cy=22), cards_entry("Ann", Ann=(4, 20))]
    state = play(ciapano(), entries)
    assert state.eliminated == ("Bob", "Cy")
    assert state.winners == ("Ann",)
    assert state.finished_after_round == len(entries)


def test_when_everyone_left_goes_out_in_the_same_deal_the_lowest_total_wins() -> None:
    # games/plugins/ciapano/rules.md §6, Decision: if every player still in goes out in the same
    # deal, the lowest total among them wins. Di went out earlier and is no longer in the running,
    # however low his total: his 31 equals Bob's, and Bob still wins alone.
    entries = [
        *ciapano_deals(Di=31, Ann=30, Bob=30, Cy=30),  # Di out in the third deal
        points_entry(Ann=4, Bob=1, Cy=6),
    ]
    state = play(ciapano(FOUR), entries)
    assert state.totals_after_each_round[2]["Di"] == 31
    assert state.eliminated[0] == "Di"
    assert state.totals == {"Ann": 34, "Bob": 31, "Cy": 36, "Di": 31}
    assert state.eliminated == ("Di", "Cy", "Ann", "Bob")
    assert state.finished
    assert state.winners == ("Bob",)
    assert state.finished_after_round == len(entries)


def test_an_equal_lowest_total_when_everyone_goes_out_is_a_shared_win() -> None:
    entries = [*ciapano_deals(Ann=29, Bob=29, Cy=30), points_entry(Ann=2, Bob=2, Cy=7)]
    state = play(ciapano(), entries)
    assert state.totals == {"Ann": 31, "Bob": 31, "Cy": 37}
    assert state.eliminated == ("Cy", "Ann", "Bob")
    assert state.winners == ("Ann", "Bob")


def test_a_game_in_progress_has_no_winners() -> None:
    state = play(ciapano(), [cards_entry("Cy", **EXAMPLE)])
    assert not state.finished
    assert state.winners == ()
    assert state.finished_after_round is None
    assert state.totals == {"Ann": 4, "Bob": 4, "Cy": 3}


def test_a_new_table_has_every_player_at_0() -> None:
    state = Ciapano().game_state([], ciapano())
    assert state.totals == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert state.totals_after_each_round == ()
    assert active_players(ciapano(), []) == THREE


def test_a_deal_after_the_game_was_decided_is_refused() -> None:
    # Ann and Bob at 22, then Cy's moon puts them both out: Cy wins after round 5.
    decided = [*ciapano_deals(Ann=22, Bob=22), cards_entry("Cy", Cy=(4, 20))]
    assert play(ciapano(), decided).finished_after_round == 5
    with pytest.raises(EntryError) as caught:
        play(ciapano(), [*decided, points_entry(Ann=4, Bob=4, Cy=3)])
    assert [problem.text() for problem in caught.value.problems] == [
        "round 6: the game was already over after round 5"
    ]


# -- players already out ------------------------------------------------------------------------

# Cy reaches 31 in the third deal (11, 11, then 9 with Ann's 2) and is out.
CY_OUT = ciapano_deals(Cy=31, Ann=2)
LATER = len(CY_OUT)  # the index of the deal after them; its round number is LATER + 1


def test_a_player_who_is_out_scores_0_and_may_be_left_out() -> None:
    at = ciapano(FOUR)
    later = cards_entry("Di", Ann=(3, 4), Bob=(1, 11), Di=(0, 5))
    rounds = rounds_of(at, [*CY_OUT, later])
    assert rounds[LATER].points == {"Ann": 4, "Bob": 4, "Cy": 0, "Di": 3}
    assert rounds[LATER].breakdown["players"] == ["Ann", "Bob", "Di"]
    assert "Cy" not in rounds[LATER].breakdown["aces"]  # type: ignore[operator]


def test_a_player_who_is_out_may_be_given_0_or_no_cards() -> None:
    at = ciapano(FOUR)
    with_cards = cards_entry("Di", Ann=(3, 4), Bob=(1, 11), Di=(0, 5))
    with_cards["penalty_cards"]["Cy"] = []  # type: ignore[index]
    with_counts = counts_entry("Di", Ann=(3, 4), Bob=(1, 11), Cy=(0, 0), Di=(0, 5))
    with_points = points_entry(Ann=4, Bob=4, Cy=0, Di=3)
    for later in (with_cards, with_counts, with_points):
        assert rounds_of(at, [*CY_OUT, later])[LATER].points == {
            "Ann": 4,
            "Bob": 4,
            "Cy": 0,
            "Di": 3,
        }


def test_a_moon_gives_11_only_to_the_players_still_in() -> None:
    at = ciapano(FOUR)
    rounds = rounds_of(at, [*CY_OUT, cards_entry("Ann", Ann=(4, 20))])
    assert rounds[LATER].points == {"Ann": 0, "Bob": 11, "Cy": 0, "Di": 11}


def test_a_player_who_is_out_cannot_win_the_last_trick() -> None:
    later = cards_entry("Cy", Ann=(3, 4), Bob=(1, 11), Di=(0, 5))
    assert problems_after(ciapano(FOUR), CY_OUT, later) == [
        f"round {LATER + 1}: Cy is already out of the game and cannot win the last trick"
    ]


def test_a_player_who_is_out_cannot_hold_penalty_cards() -> None:
    later = cards_entry("Di", Ann=(3, 4), Bob=(1, 11), Cy=(0, 1), Di=(0, 4))
    assert problems_after(ciapano(FOUR), CY_OUT, later) == [
        f"round {LATER + 1}: Cy is already out of the game and took no cards"
    ]


def test_a_player_who_is_out_cannot_have_counts() -> None:
    # Cy's ace still counts towards the 4, so the one mistake gives one problem.
    later = counts_entry("Di", Ann=(3, 4), Bob=(0, 11), Cy=(1, 0), Di=(0, 5))
    assert problems_after(ciapano(FOUR), CY_OUT, later) == [
        f"round {LATER + 1}: Cy is already out of the game and took no cards"
    ]


def test_a_player_who_is_out_cannot_score_points() -> None:
    later = points_entry(Ann=4, Bob=4, Cy=3)
    assert problems_after(ciapano(FOUR), CY_OUT, later) == [
        f"round {LATER + 1}: Cy is already out of the game and scores no points"
    ]


def test_scoring_a_deal_alone_sees_who_went_out_in_the_rounds_before_it() -> None:
    at = ciapano(FOUR)
    earlier = rounds_of(at, CY_OUT)
    game = Ciapano()
    with pytest.raises(EntryError) as caught:
        game.score_round(points_entry(Ann=10, Cy=1), at, earlier)
    assert [problem.text() for problem in caught.value.problems] == [
        "Cy is already out of the game and scores no points"
    ]
    assert game.score_round(points_entry(Ann=10, Cy=1), at).points["Cy"] == 1


# -- scoresheets --------------------------------------------------------------------------------

SHEET_ROUNDS: list[dict[str, object]] = [
    cards_entry("Cy", **EXAMPLE),  # 4 4 3
    counts_entry("Ann", Ann=(4, 20)),  # moon: 0 11 11 -> 4 15 14
    points_entry(Ann=5, Bob=0, Cy=6),  # -> 9 15 20
    {"penalty_cards": {"Bob": ALL_PENALTY}, "last_trick": "Bob"},  # moon -> 20 15 31: Cy out
    points_entry(Ann=11, Bob=0),  # -> 31 15: Ann out, Bob wins
]


def ciapano_document() -> dict[str, object]:
    return {
        "format": "scoresheet/1",
        "game": "ciapano",
        "options": {"elimination_at": 31},
        "players": list(THREE),
        "rounds": json.loads(json.dumps(SHEET_ROUNDS)),
    }


def test_a_whole_ciapano_scoresheet_gives_the_documented_output() -> None:
    output = score_scoresheet(ciapano_document())
    assert [entry["points"] for entry in output["rounds"]] == [  # type: ignore[attr-defined]
        {"Ann": 4, "Bob": 4, "Cy": 3},
        {"Ann": 0, "Bob": 11, "Cy": 11},
        {"Ann": 5, "Bob": 0, "Cy": 6},
        {"Ann": 11, "Bob": 0, "Cy": 11},
        {"Ann": 11, "Bob": 0, "Cy": 0},
    ]
    assert output["totals_after_each_round"] == [
        {"Ann": 4, "Bob": 4, "Cy": 3},
        {"Ann": 4, "Bob": 15, "Cy": 14},
        {"Ann": 9, "Bob": 15, "Cy": 20},
        {"Ann": 20, "Bob": 15, "Cy": 31},
        {"Ann": 31, "Bob": 15, "Cy": 31},
    ]
    assert output["eliminated"] == ["Cy", "Ann"]
    assert output["finished"] is True
    assert output["winners"] == ["Bob"]
    json.dumps(output)


def test_a_ciapano_scoresheet_survives_a_round_trip() -> None:
    document = write_scoresheet(
        "ciapano", {"last_trick": "plus-one"}, list(THREE), (), SHEET_ROUNDS[:2]
    )
    sheet = read_scoresheet(json.loads(json.dumps(document)))
    assert sheet.game.key == "ciapano"
    assert sheet.table.options["last_trick"] == "plus-one"
    assert sheet.table.options["elimination_at"] == 31
    assert list(sheet.rounds) == SHEET_ROUNDS[:2]
    again = write_scoresheet(
        sheet.game.key, sheet.options, sheet.table.players, sheet.table.teams, sheet.rounds
    )
    assert again == document
    # Plus-one: the example scores 4 4 2.
    assert score_scoresheet(document)["totals"] == {"Ann": 4, "Bob": 15, "Cy": 13}


def test_a_bad_ciapano_scoresheet_names_each_round_and_problem() -> None:
    document = ciapano_document()
    rounds = document["rounds"]
    assert isinstance(rounds, list)
    rounds[0]["penalty_cards"]["Ann"].append("AD")
    rounds[1]["aces"]["Bob"] = 1
    with pytest.raises(EntryError) as caught:
        score_scoresheet(document)
    assert [problem.text() for problem in caught.value.problems] == [
        "round 1: AD is listed twice for Ann",
        "round 2: the aces add up to 5, not 4",
    ]


def test_ciapano_is_not_played_in_teams() -> None:
    document = {**ciapano_document(), "teams": {"A": ["Ann", "Bob"], "C": ["Cy"]}}
    with pytest.raises(EntryError) as caught:
        score_scoresheet(document)
    assert [problem.text() for problem in caught.value.problems] == [
        "Ciapanò is not played in teams here"
    ]


def test_manage_py_score_prints_the_eliminated_players(tmp_path: Path) -> None:
    path = tmp_path / "ciapano.json"
    path.write_text(json.dumps(ciapano_document()), encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    result = json.loads(out.getvalue())
    assert result["eliminated"] == ["Cy", "Ann"]
    assert result["winners"] == ["Bob"]


# -- fields that do not apply but say nothing (issue 17) -------------------------------------


def test_fields_of_another_kind_of_entry_that_say_nothing_are_accepted() -> None:
    plain = score(cards_entry("Cy", **EXAMPLE), ciapano())
    entry = {**cards_entry("Cy", **EXAMPLE), "aces": {"Ann": 0}, "thirds": {}, "points": None}
    assert score(entry, ciapano()).points == plain.points
    counted = {"points": {"Ann": 4, "Bob": 4, "Cy": 3}, "last_trick": None, "penalty_cards": {}}
    assert score(counted, ciapano()).points == {"Ann": 4, "Bob": 4, "Cy": 3}


def test_fields_of_another_kind_of_entry_that_say_something_are_still_refused() -> None:
    entry = {**cards_entry("Cy", **EXAMPLE), "aces": {"Ann": 1}}
    assert problems_of(entry, ciapano()) == [
        "give either the penalty cards, the counts or the points, not more"
    ]
    assert problems_of({"points": {"Ann": 1}, "last_trick": "Ann"}, ciapano()) == [
        "unknown field last_trick"
    ]
