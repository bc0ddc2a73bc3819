"""Round entries: scopas, ace sweeps and every way an entry can be wrong.

Entry format: docs/scoresheet.md "A round" (Scopa family); scopas: games/plugins/scopa/rules.md §3
and §5; Scopa d'Assi: games/plugins/scopa/rules.md §7. Bad input is reported one line per problem,
each naming what is wrong (docs/scoresheet.md, "What `score` prints").
"""

from __future__ import annotations

import pytest

from games.scoring import EntryError

from .helpers import ALL_CODES, cards, problems_of, rest, score, suit, table

THREE = ("Ann", "Bob", "Cy")


def two(ann: list[str], **extra: object) -> dict[str, object]:
    return {"captures": {"Ann": ann, "Bob": rest(ann)}, **extra}


# -- scopas ----------------------------------------------------------------------------------


def test_each_scopa_adds_one_point() -> None:
    # games/plugins/scopa/rules.md §3 and §5: each side scores one point per scopa on top of the
    # hand's other points.
    plain = score(two(cards("7D AS")), table())
    swept = score(two(cards("7D AS"), scopas={"Ann": 1, "Bob": 3}), table())
    assert swept.breakdown["scopas"] == {"Ann": 1, "Bob": 3}
    assert swept.points == {"Ann": plain.points["Ann"] + 1, "Bob": plain.points["Bob"] + 3}


def test_scopas_left_out_count_zero() -> None:
    result = score(two(cards("7D AS"), scopas={"Bob": 2}), table())
    assert result.breakdown["scopas"] == {"Ann": 0, "Bob": 2}


def test_more_sweeps_than_half_the_cards_taken_is_rejected() -> None:
    # A sweep takes the played card and at least one from the table: at most cards/2 sweeps.
    assert score(two(cards("7D AS 2S 3S"), scopas={"Ann": 2}), table()).points["Ann"] == 3
    texts = problems_of(two(cards("7D AS 2S"), scopas={"Ann": 2}), table())
    assert texts == [
        "Ann made more sweeps (2) than the cards taken allow (3); a sweep takes two cards or more"
    ]


def test_a_side_with_no_cards_cannot_have_swept() -> None:
    entry = {"captures": {"Ann": list(ALL_CODES), "Bob": []}, "scopas": {"Bob": 1}}
    assert problems_of(entry, table()) == [
        "Bob made more sweeps (1) than the cards taken allow (0); a sweep takes two cards or more"
    ]


# -- Scopa d'Assi ----------------------------------------------------------------------------


def test_ace_sweeps_score_by_default_under_scopa_d_assi() -> None:
    # games/plugins/scopa/rules.md §7: before the game the table decides whether an ace sweep is a
    # scopa (`ace_sweep_is_scopa`, yes by default).
    ann = cards("AD AC AS 7D 2S 3S")
    at = table(scopa_d_assi=True)
    assert at.options["ace_sweep_is_scopa"] is True
    plain = score(two(ann), at)
    result = score(two(ann, scopas={"Ann": 1}, ace_sweeps={"Ann": 2}), at)
    assert result.points["Ann"] == plain.points["Ann"] + 3
    assert result.breakdown["scopas"] == {"Ann": 1, "Bob": 0}
    assert result.breakdown["ace_sweeps"] == {"counts": {"Ann": 2, "Bob": 0}, "score": True}


def test_ace_sweeps_do_not_score_when_ace_sweep_is_scopa_is_off() -> None:
    # games/plugins/scopa/rules.md §7: the table decides before the game whether an ace sweep is a
    # scopa; here it is not.
    ann = cards("AD AC AS 7D 2S 3S")
    at = table(scopa_d_assi=True, ace_sweep_is_scopa=False)
    plain = score(two(ann), at)
    result = score(two(ann, scopas={"Ann": 1}, ace_sweeps={"Ann": 2}), at)
    assert result.points["Ann"] == plain.points["Ann"] + 1
    assert result.breakdown["ace_sweeps"] == {"counts": {"Ann": 2, "Bob": 0}, "score": False}


def test_ace_sweeps_are_rejected_without_scopa_d_assi() -> None:
    entry = two(cards("AD AC 7D 2S"), ace_sweeps={"Ann": 1})
    assert problems_of(entry, table()) == ["ace sweeps only count with Scopa d'Assi"]
    assert problems_of(entry, table("pirate-scopa")) == ["ace sweeps only count with Scopa d'Assi"]


def test_more_ace_sweeps_than_aces_taken_is_rejected() -> None:
    entry = two(cards("AD 7D 2S 3S 4S 5S"), ace_sweeps={"Ann": 2})
    assert problems_of(entry, table(scopa_d_assi=True)) == [
        "Ann made more ace sweeps (2) than the aces taken (1)"
    ]


def test_ace_sweeps_and_scopas_together_respect_the_sweep_limit() -> None:
    entry = two(cards("AD AC 7D 2S 3S"), scopas={"Ann": 1}, ace_sweeps={"Ann": 2})
    assert problems_of(entry, table(scopa_d_assi=True)) == [
        "Ann made more sweeps (3) than the cards taken allow (5); a sweep takes two cards or more"
    ]


# -- leaving a side's list out ---------------------------------------------------------------


def test_with_two_sides_one_list_may_be_left_out_and_gets_the_rest() -> None:
    # docs/scoresheet.md, "A round": "With two sides one list may be left out: that side took
    # every card the other did not."
    ann = cards("7D AS 6D 6C")
    short = score({"captures": {"Ann": ann}}, table())
    full = score(two(ann), table())
    assert short == full
    assert short.breakdown["cards"]["counts"] == {"Ann": 4, "Bob": 36}
    only_bob = score({"captures": {"Bob": rest(ann)}}, table())
    assert only_bob == full


def test_with_three_sides_no_list_may_be_left_out() -> None:
    ann, bob = cards("7D AS"), cards("6D 6C")
    texts = problems_of({"captures": {"Ann": ann, "Bob": bob}}, table(players=THREE))
    assert len(texts) == 36
    assert "KB is not captured by any side" in texts


def test_two_sides_may_not_both_be_left_out() -> None:
    texts = problems_of({"captures": {}}, table())
    assert len(texts) == 40
    assert texts[0] == "AD is not captured by any side"


# -- each problem, in words ------------------------------------------------------------------


def test_unknown_card_code_is_named_with_its_side() -> None:
    texts = problems_of({"captures": {"Ann": ["7D", "11D", "7X"]}}, table())
    assert texts == ["11D is not a card code (Ann)", "7X is not a card code (Ann)"]


def test_card_captured_by_two_sides_names_both() -> None:
    # As in docs/scoresheet.md ("What `score` prints"): `round 3: 7D is captured twice (Ann, Bob)`.
    entry = {"captures": {"Ann": ["7D", "AS"], "Bob": rest(["AS"])}}
    assert problems_of(entry, table()) == ["7D is captured twice (Ann, Bob)"]


def test_card_captured_twice_among_three_sides() -> None:
    ann, bob = cards("7D AS"), cards("7D 6C")
    entry = {"captures": {"Ann": ann, "Bob": bob, "Cy": rest(ann, bob)}}
    assert problems_of(entry, table(players=THREE)) == ["7D is captured twice (Ann, Bob)"]


def test_card_listed_twice_for_one_side() -> None:
    entry = {"captures": {"Ann": ["7D", "AS", "7D"]}}
    assert problems_of(entry, table()) == ["7D is listed twice for Ann"]


def test_an_alias_and_its_card_for_one_side_are_the_same_card_twice() -> None:
    entry = {"captures": {"Ann": ["JD", "8D"]}}
    assert problems_of(entry, table()) == ["JD is listed twice for Ann"]


def test_aliases_and_lowercase_are_accepted_in_captures() -> None:
    entry = {"captures": {"Ann": ["7d", "8D", "9C", "10S", "QB"]}}
    result = score(entry, table())
    assert result.breakdown["cards"]["counts"] == {"Ann": 5, "Bob": 35}
    assert result.breakdown["settebello"] == {"winner": "Ann"}


def test_missing_card_is_not_captured_by_any_side() -> None:
    ann = cards("7D AS")
    entry = {"captures": {"Ann": ann, "Bob": rest(ann, ["KB"])}}
    assert problems_of(entry, table()) == ["KB is not captured by any side"]


@pytest.mark.parametrize("field", ["captures", "scopas"])
def test_side_not_at_the_table_is_rejected(field: str) -> None:
    entry: dict[str, object] = {"captures": {"Ann": list(ALL_CODES), "Bob": []}}
    if field == "captures":
        entry["captures"] = {"Ann": list(ALL_CODES), "Bob": [], "Zed": []}
    else:
        entry["scopas"] = {"Zed": 1}
    assert problems_of(entry, table()) == ["Zed is not a side at this table"]


def test_side_not_at_the_table_in_points_is_rejected() -> None:
    assert problems_of({"points": {"Ann": 1, "Zed": 2}}, table()) == [
        "Zed is not a side at this table"
    ]


def test_player_name_is_not_a_side_when_playing_in_teams() -> None:
    # docs/scoresheet.md, "The document": where there are teams, a side is a team name.
    at = table(players=("Ann", "Bob", "Cy", "Di"))
    assert problems_of({"points": {"Ann": 1}}, at) == ["Ann is not a side at this table"]
    assert score({"points": {"Ann & Cy": 1}}, at).points == {"Ann & Cy": 1, "Bob & Di": 0}


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True, None])
def test_scopas_must_be_whole_numbers_zero_or_more(bad: object) -> None:
    entry = {"captures": {"Ann": list(ALL_CODES)}, "scopas": {"Ann": bad}}
    assert problems_of(entry, table()) == ["scopas for Ann must be a whole number, 0 or more"]


def test_scopas_must_be_an_object() -> None:
    entry = {"captures": {"Ann": list(ALL_CODES)}, "scopas": [1, 0]}
    assert problems_of(entry, table()) == ["scopas must give a number for each side"]


@pytest.mark.parametrize("bad", [-1, 2.0, "3"])
def test_points_must_be_whole_numbers_zero_or_more(bad: object) -> None:
    assert problems_of({"points": {"Ann": bad}}, table()) == [
        "points for Ann must be a whole number, 0 or more"
    ]


def test_unknown_field_in_a_captures_entry() -> None:
    entry = {"captures": {"Ann": list(ALL_CODES)}, "sweeps": {"Ann": 1}}
    assert problems_of(entry, table()) == ["unknown field sweeps"]


def test_unknown_field_in_a_points_entry() -> None:
    assert problems_of({"points": {"Ann": 1}, "scopas": {"Ann": 1}}, table()) == [
        "unknown field scopas"
    ]


def test_both_points_and_captures_is_rejected() -> None:
    entry = {"points": {"Ann": 1}, "captures": {"Ann": list(ALL_CODES)}}
    assert problems_of(entry, table()) == ["give either the captured cards or the points, not both"]


def test_neither_points_nor_captures_is_rejected() -> None:
    assert problems_of({"scopas": {"Ann": 1}}, table()) == [
        "a round needs the captured cards or the points"
    ]
    assert problems_of({}, table()) == ["a round needs the captured cards or the points"]


def test_captures_of_the_wrong_shape_are_rejected() -> None:
    assert problems_of({"captures": ["7D"]}, table()) == [
        "captures must list the cards each side took"
    ]
    assert problems_of({"captures": {"Ann": "7D AS"}}, table()) == [
        "captures for Ann must be a list of card codes"
    ]


def test_an_entry_error_carries_every_problem_at_once() -> None:
    # errors.py: "Raised with every problem found, so a player can fix them all at once."
    ann = cards("7D AS 7D 11D")
    bob = [code for code in rest(["7D", "AS"]) if code != "KB"] + ["AS"]
    entry = {
        "captures": {"Ann": ann, "Bob": bob, "Zed": []},
        "scopas": {"Ann": -1, "Cy": 1},
        "extra": True,
    }
    texts = problems_of(entry, table())
    assert sorted(texts) == sorted(
        [
            "unknown field extra",
            "Zed is not a side at this table",
            "7D is listed twice for Ann",
            "11D is not a card code (Ann)",
            "AS is captured twice (Ann, Bob)",
            "KB is not captured by any side",
            "scopas for Ann must be a whole number, 0 or more",
            "Cy is not a side at this table",
        ]
    )
    with pytest.raises(EntryError) as caught:
        score(entry, table())
    assert "; " in str(caught.value)
    assert {problem.field for problem in caught.value.problems} >= {"captures", "scopas"}


def test_a_points_entry_is_taken_as_counted() -> None:
    # docs/scoresheet.md, "A round": points counted at the table may replace the cards; a side
    # left out scored 0.
    result = score({"points": {"Ann": 3, "Bob": 1}}, table())
    assert result.points == {"Ann": 3, "Bob": 1}
    assert score({"points": {"Ann": 2}}, table()).points == {"Ann": 2, "Bob": 0}


def test_a_team_table_takes_captures_per_team() -> None:
    # games/plugins/scopa/rules.md §2: "Partners pool their captured cards and their scopas."
    at = table("scopone", ("Ann", "Bob", "Cy", "Di"))
    entry = {"captures": {"Ann & Cy": suit("D") + suit("C") + ["AS"]}, "scopas": {"Bob & Di": 2}}
    result = score(entry, at)
    assert result.breakdown["cards"]["counts"] == {"Ann & Cy": 21, "Bob & Di": 19}
    assert result.points == {"Ann & Cy": 4, "Bob & Di": 2}


# -- fields that do not apply but say nothing (issue 17) -------------------------------------


def test_a_points_entry_accepts_scopas_that_are_all_zero() -> None:
    # Issue 17: a counted-points hand written with "scopas": {...: 0} is accepted.
    entry = {"points": {"Ann": 3, "Bob": 1}, "scopas": {"Ann": 0, "Bob": 0}, "ace_sweeps": {}}
    result = score(entry, table())
    assert result.points == {"Ann": 3, "Bob": 1}
    assert result.breakdown["kind"] == "points"


def test_a_points_entry_still_refuses_scopas_that_say_something() -> None:
    entry = {"points": {"Ann": 3, "Bob": 1}, "scopas": {"Ann": 1, "Bob": 0}}
    assert problems_of(entry, table()) == ["unknown field scopas"]


def test_a_points_entry_accepts_empty_captures_and_capotto_null() -> None:
    entry = {"points": {"Ann": 3, "Bob": 1}, "captures": {}, "capotto": None}
    assert score(entry, table()).points == {"Ann": 3, "Bob": 1}
    assert score({**entry, "capotto": False}, table()).points == {"Ann": 3, "Bob": 1}


def test_a_captures_entry_accepts_points_and_capotto_that_say_nothing() -> None:
    ann = cards("7D 7C 6S AB")
    plain = score(two(ann), table())
    entry = {**two(ann), "points": {"Ann": 0, "Bob": 0}, "capotto": None}
    assert score(entry, table()).points == plain.points
    assert problems_of({**two(ann), "capotto": "Ann"}, table()) == ["unknown field capotto"]


def test_captures_and_points_that_both_say_something_are_still_refused() -> None:
    entry = {**two(cards("7D")), "points": {"Ann": 1}}
    assert problems_of(entry, table()) == ["give either the captured cards or the points, not both"]


# -- counted points that cannot be right (issue 17) ----------------------------------------------

FOUR = ("Ann", "Bob", "Cy", "Di")
AT_LEAST_SETTEBELLO = (
    "the points add up to 0; every hand gives at least 1: somebody always takes the settebello"
)


def test_a_counted_hand_gives_at_least_the_settebello() -> None:
    # games/plugins/scopa/rules.md §3 and §8: the settebello always goes to a side, even when most
    # cards, most coins and the primiera are all void (20-20, 5-5, equal primiere), so a hand gives
    # at least 1; games/plugins/scopa/pirate-scopa.md §7: the same with the seven of coins.
    assert score({"points": {"Ann": 1, "Bob": 0}}, table()).points == {"Ann": 1, "Bob": 0}
    assert problems_of({"points": {"Ann": 0, "Bob": 0}}, table()) == [AT_LEAST_SETTEBELLO]
    assert problems_of({"points": {}}, table("scopone", FOUR)) == [AT_LEAST_SETTEBELLO]
    assert problems_of({"points": {"Ann": 0}}, table("pirate-scopa", THREE)) == [
        "the points add up to 0; every hand gives at least 1: somebody always takes the seven "
        "of coins"
    ]


def test_with_re_bello_a_counted_hand_gives_at_least_2() -> None:
    # games/plugins/scopa/rules.md §8: at least 2 with the re bello (§7: one more point, to the side
    # holding KD): the king of coins, like the settebello, is always somebody's.
    at = table(re_bello=True)
    assert score({"points": {"Ann": 1, "Bob": 1}}, at).points == {"Ann": 1, "Bob": 1}
    assert problems_of({"points": {"Ann": 1}}, at) == [
        "the points add up to 1; every hand gives at least 2: somebody always takes the "
        "settebello and the re bello"
    ]


@pytest.mark.parametrize(
    ("game", "players", "options", "most"),
    [
        # Four categories and at most 20 sweeps (40 cards, two or more a sweep).
        ("scopa", ("Ann", "Bob"), {}, 24),
        ("pirate-scopa", THREE, {}, 24),
        ("scopa", ("Ann", "Bob"), {"re_bello": True}, 25),
        # Napoli's longest run is all ten coins: 10.
        ("scopone", FOUR, {"napoli": True}, 34),
        ("scopone", FOUR, {"trentino": True, "re_bello": True}, 35),
    ],
)
def test_a_counted_hand_gives_at_most_every_category_napoli_and_20_sweeps(
    game: str, players: tuple[str, ...], options: dict[str, object], most: int
) -> None:
    at = table(game, players, **options)
    side, other = at.sides[0], at.sides[1]
    assert sum(score({"points": {side: most - 1, other: 1}}, at).points.values()) == most
    cards = most - 20
    assert problems_of({"points": {side: most, other: 1}}, at) == [
        f"the points add up to {most + 1}, more than one hand can give ({most}: {cards} for the "
        "cards and at most 20 sweeps, a sweep taking two cards or more)"
    ]


def test_a_counted_capotto_scores_at_least_what_all_ten_coins_give() -> None:
    # All ten coins: most coins and the settebello (2); with napoli the whole run (10), with
    # re bello the king of coins.
    at = table("scopone", FOUR, capotto=True)
    assert score({"points": {"Ann & Cy": 2}, "capotto": "Ann & Cy"}, at).points["Ann & Cy"] == 2
    assert problems_of({"points": {"Ann & Cy": 1, "Bob & Di": 3}, "capotto": "Ann & Cy"}, at) == [
        "Ann & Cy took all ten coins (capotto), which alone scores 2 points at this table, not 1"
    ]
    trentino = table("scopone", FOUR, trentino=True, re_bello=True)
    entry = {"points": {"Ann & Cy": 12, "Bob & Di": 2}, "capotto": "Ann & Cy"}
    assert problems_of(entry, trentino) == [
        "Ann & Cy took all ten coins (capotto), which alone scores 13 points at this table, not 12"
    ]
    entry["points"] = {"Ann & Cy": 13, "Bob & Di": 2}
    assert score(entry, trentino).points == {"Ann & Cy": 13, "Bob & Di": 2}
