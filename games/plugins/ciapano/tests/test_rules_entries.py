"""Ciapanò: bad entries, elimination and the end of the game, players already out, scoresheets,
and fields that do not apply. Rules: games/plugins/ciapano/rules.md (§6 out at 31 and the
winner, §7 entries); formats: docs/scoresheet.md "Ciapanò" and "What `score` prints".
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from games.plugins.ciapano.engine import (
    Ciapano,
    active_players,
)
from games.plugins.ciapano.tests.examples import (
    ALL_PENALTY,
    CY_OUT,
    EXAMPLE,
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
from games.scoring import EntryError
from games.scoring.scoresheet import read_scoresheet, score_scoresheet, write_scoresheet
from tests.scoring.helpers import ciapano_deals, problems_of, score

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
