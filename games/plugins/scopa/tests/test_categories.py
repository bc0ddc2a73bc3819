"""The punti di mazzo and the extras of one hand, one worked example per rule.

Rules, with their decisions: games/plugins/scopa/rules.md §3 (the punti di mazzo), §4 (the primiera)
and §7 (napoli, capotto, re bello); games/plugins/scopa/pirate-scopa.md §2-§5 (the categories and
the primes).
"""

from __future__ import annotations

import pytest

from games.plugins.scopa.engine import (
    PRIMIERA_MORE_SUITS,
    PRIMIERA_VALUES,
    napoli_run,
    primiera,
    primiera_hand,
)
from games.scoring.cards import Rank, Suit, parse_card
from tests.scoring.helpers import RANKS, cards, rest, score, suit, table


def two(ann: list[str], bob: list[str] | None = None, **extra: object) -> dict[str, object]:
    """A 2-sided entry; Bob takes every card Ann did not unless told otherwise."""
    return {"captures": {"Ann": ann, "Bob": rest(ann) if bob is None else bob}, **extra}


def hand_of(*codes: str) -> frozenset:
    return frozenset(parse_card(code) for code in codes)


# -- most cards (games/plugins/scopa/rules.md §3) --------------------------------------------------


def test_most_cards_goes_to_the_strictly_highest_count() -> None:
    result = score(two(suit("D") + suit("C") + ["AS"]), table())
    assert result.breakdown["cards"] == {"counts": {"Ann": 21, "Bob": 19}, "winner": "Ann"}


def test_most_cards_20_20_is_void() -> None:
    # games/plugins/scopa/rules.md §3: a tie at the top makes the point void; with two sides, 20-20
    # cards.
    result = score(two(suit("D") + suit("C")), table())
    assert result.breakdown["cards"] == {"counts": {"Ann": 20, "Bob": 20}, "winner": None}


def test_most_cards_tie_at_the_top_of_three_is_void_even_if_the_third_has_fewer() -> None:
    # games/plugins/scopa/rules.md §3, Decision: with 3 or 4 sides the point is void as soon as two
    # or more share the top count, even when the others have fewer.
    ann = suit("D") + cards("AC 2C 3C 4C")
    bob = cards("5C 6C 7C JC NC KC AS 2S 3S 4S 5S 6S 7S JS")
    cy = rest(ann, bob)
    at = table(players=("Ann", "Bob", "Cy"))
    result = score({"captures": {"Ann": ann, "Bob": bob, "Cy": cy}}, at)
    assert result.breakdown["cards"] == {"counts": {"Ann": 14, "Bob": 14, "Cy": 12}, "winner": None}


# -- most coins ------------------------------------------------------------------------------


def test_most_coins_goes_to_the_strictly_highest_number_of_coins() -> None:
    ann = cards("AD 2D 3D 4D 5D 6D")
    result = score(two(ann), table())
    assert result.breakdown["coins"] == {"counts": {"Ann": 6, "Bob": 4}, "winner": "Ann"}


def test_most_coins_5_5_is_void() -> None:
    # games/plugins/scopa/rules.md §3: a tie at the top makes the point void; with two sides, 5-5
    # coins.
    ann = cards("AD 2D 3D 4D 5D") + suit("C")
    result = score(two(ann), table())
    assert result.breakdown["coins"] == {"counts": {"Ann": 5, "Bob": 5}, "winner": None}


def test_most_coins_tie_at_the_top_of_three_is_void_even_if_the_third_has_fewer() -> None:
    ann = cards("AD 2D 3D 4D")
    bob = cards("5D 6D 7D JD")
    cy = rest(ann, bob)  # ND KD: two coins
    at = table(players=("Ann", "Bob", "Cy"))
    result = score({"captures": {"Ann": ann, "Bob": bob, "Cy": cy}}, at)
    assert result.breakdown["coins"] == {"counts": {"Ann": 4, "Bob": 4, "Cy": 2}, "winner": None}


def test_most_coins_with_three_sides_goes_to_a_clear_leader() -> None:
    ann = cards("AD 2D 3D 4D 5D")
    bob = cards("6D 7D JD")
    at = table(players=("Ann", "Bob", "Cy"))
    result = score({"captures": {"Ann": ann, "Bob": bob, "Cy": rest(ann, bob)}}, at)
    assert result.breakdown["coins"]["winner"] == "Ann"


# -- settebello and re bello ---------------------------------------------------------------------


def test_settebello_is_always_awarded_to_the_holder_of_7d() -> None:
    # games/plugins/scopa/rules.md §3: someone always holds 7D, so the settebello point is always
    # awarded, even to a side that took only two cards.
    result = score(two(cards("7D AS")), table())
    assert result.breakdown["settebello"] == {"winner": "Ann"}
    assert result.points == {"Ann": 1, "Bob": 3}


def test_re_bello_gives_the_holder_of_kd_one_more_point_when_on() -> None:
    # games/plugins/scopa/rules.md §7: re bello is one more point to the side holding KD, so a hand
    # gives five points instead of four, plus scopas.
    entry = two(cards("KD AS"))
    off = score(entry, table())
    on = score(entry, table(re_bello=True))
    assert "re_bello" not in off.breakdown
    assert on.breakdown["re_bello"] == {"winner": "Ann"}
    assert off.points == {"Ann": 0, "Bob": 4}
    assert on.points == {"Ann": 1, "Bob": 4}


# -- primiera (games/plugins/scopa/rules.md §4) ----------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "value"),
    [
        ("7", 21),
        ("6", 18),
        ("A", 16),
        ("5", 15),
        ("4", 14),
        ("3", 13),
        ("2", 12),
        ("J", 10),
        ("N", 10),
        ("K", 10),
    ],
)
def test_primiera_values_follow_the_spec_table(rank: str, value: int) -> None:
    # games/plugins/scopa/rules.md §4, the table: 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12,
    # J/N/K=10.
    assert PRIMIERA_VALUES[Rank(rank)] == value
    ann = [rank + letter for letter in "DCSB"]  # one card of the rank in every suit
    result = score(two(ann), table())
    assert result.breakdown["primiera"]["values"]["Ann"]["sum"] == 4 * value
    assert result.breakdown["primiera"]["values"]["Ann"]["complete"] is True


def test_primiera_order_is_7_6_a_5_4_3_2_figures() -> None:
    # games/plugins/scopa/rules.md §4 (the Decision on the missing values): the values rank 7, 6,
    # ace, 5, 4, 3, 2, then the figures lowest.
    order = [PRIMIERA_VALUES[Rank(rank)] for rank in ("7", "6", "A", "5", "4", "3", "2", "J")]
    assert order == sorted(order, reverse=True)
    assert len(set(order)) == len(order)


def test_primiera_counts_only_the_best_card_of_each_suit() -> None:
    hand = primiera_hand(hand_of("7D", "6D", "AD", "2C", "KS", "JB", "NB"))
    assert hand.total == 21 + 12 + 10 + 10
    assert hand.complete
    assert hand.best[Suit.COINS] == parse_card("7D")


def test_primiera_rule_text_example_7_7_6_a_76_loses_to_7_7_6_6_78() -> None:
    # The example of games/plugins/scopa/rules.md §4: 7 + 7 + 6 + ace = 76 loses to 7 + 7 + 6 + 6 =
    # 78, so Bob gets the point.
    ann = cards("7D 7C 6S AB")
    result = score(two(ann), table())
    values = result.breakdown["primiera"]["values"]
    assert values["Ann"] == {
        "sum": 76,
        "complete": True,
        "best": {"D": "7D", "C": "7C", "S": "6S", "B": "AB"},
    }
    assert values["Bob"]["sum"] == 78
    assert values["Bob"]["best"] == {"D": "6D", "C": "6C", "S": "7S", "B": "7B"}
    assert result.breakdown["primiera"]["winner"] == "Bob"


def test_primiera_three_fanti_and_a_seven_beat_three_sevens_with_no_fourth_suit() -> None:
    # games/plugins/scopa/rules.md §4: a complete primiera beats an incomplete one whatever the
    # sums; three fanti and a 7 (51) beat three 7s missing a suit (63).
    result = primiera({"A": hand_of("JD", "JC", "JS", "7B"), "B": hand_of("7D", "7C", "7S")})
    assert result.hands["A"].total == 51
    assert result.hands["B"].total == 63
    assert result.winner == "A"
    # The same in a whole hand: Ann has every club, Bob every other card but three Fanti.
    ann = suit("B") + cards("JD JC JS")
    whole = score(two(ann), table())
    assert whole.breakdown["primiera"]["values"]["Ann"]["sum"] == 51
    assert whole.breakdown["primiera"]["values"]["Bob"]["sum"] == 63
    assert whole.breakdown["primiera"]["values"]["Bob"]["complete"] is False
    assert whole.breakdown["primiera"]["winner"] == "Ann"


NOBODY_COMPLETE = suit("D") + cards("7C 6C 5C 4C 3C 7S 6S 5S 4S 3S")  # Ann lacks clubs


def test_primiera_nobody_complete_best_partial_sum_wins_by_default() -> None:
    # games/plugins/scopa/rules.md §4 and its Decision: if nobody is complete, the best result wins,
    # read as the highest sum of the suits each side holds.
    result = score(two(NOBODY_COMPLETE), table())
    values = result.breakdown["primiera"]["values"]
    assert (values["Ann"]["complete"], values["Bob"]["complete"]) == (False, False)
    assert values["Ann"]["sum"] == 63
    assert values["Bob"]["sum"] == 21 + 16 + 16  # 7B, AC, AS
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_primiera_nobody_complete_is_void_under_primiera_incomplete_void() -> None:
    # games/plugins/scopa/rules.md §4, `primiera_incomplete: void`: if nobody is complete, nobody
    # scores it.
    result = score(two(NOBODY_COMPLETE), table(primiera_incomplete="void"))
    assert result.breakdown["primiera"]["winner"] is None
    default = score(two(NOBODY_COMPLETE), table())
    assert result.points["Ann"] == default.points["Ann"] - 1


def test_primiera_void_rule_still_awards_a_complete_side() -> None:
    ann = suit("B") + cards("JD JC JS")
    result = score(two(ann), table(primiera_incomplete="void"))
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_primiera_equal_sums_are_void() -> None:
    # games/plugins/scopa/rules.md §4: when the top sums are equal, nobody scores the point.
    ann = suit("D") + cards("7C 6C 5C 4C 3C AS 2S 3S 4S 5S")
    result = score(two(ann), table())
    values = result.breakdown["primiera"]["values"]
    assert values["Ann"]["sum"] == values["Bob"]["sum"] == 58
    assert result.breakdown["primiera"]["winner"] is None
    # Equal complete sums are void too.
    both = score(two(cards("7D 7C 6S 6B") + cards("2D")), table())
    assert both.breakdown["primiera"]["values"]["Ann"]["sum"] == 78
    assert both.breakdown["primiera"]["values"]["Bob"]["sum"] == 78
    assert both.breakdown["primiera"]["winner"] is None


THREE = ("Ann", "Bob", "Cy")


def three(ann: list[str], cy: list[str]) -> dict[str, object]:
    return {"captures": {"Ann": ann, "Bob": rest(ann, cy), "Cy": cy}}


def test_primiera_three_players_the_only_complete_side_wins_with_the_lowest_sum() -> None:
    # games/plugins/scopa/rules.md §4: if one side or more is complete, only the complete sides
    # compete, whatever the sums.
    ann = cards("JD JC JS 7B")  # complete, 51
    cy = [code for code in suit("B") if code != "7B"]  # clubs only, 18
    result = score(three(ann, cy), table(players=THREE))
    values = result.breakdown["primiera"]["values"]
    assert values["Bob"] == {
        "sum": 63,
        "complete": False,
        "best": {"D": "7D", "C": "7C", "S": "7S"},
    }
    assert values["Ann"]["sum"] == 51
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_primiera_three_players_complete_sides_compete_alone() -> None:
    ann = cards("JD JC JS 7B")  # 51
    cy = cards("KD KC KS") + cards("AB 2B 3B 4B 5B 6B JB NB KB")  # 10+10+10+18 = 48
    result = score(three(ann, cy), table(players=THREE))
    values = result.breakdown["primiera"]["values"]
    assert (values["Ann"]["sum"], values["Bob"]["sum"], values["Cy"]["sum"]) == (51, 63, 48)
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_primiera_three_players_tie_between_complete_sides_is_void() -> None:
    ann = cards("KD KC KS") + [code for code in suit("B") if code != "6B"]  # 10+10+10+21
    cy = cards("3D NC NS 6B")  # 13+10+10+18
    result = score(three(ann, cy), table(players=THREE))
    values = result.breakdown["primiera"]["values"]
    assert values["Ann"]["sum"] == values["Cy"]["sum"] == 51
    assert values["Bob"]["sum"] == 63
    assert not values["Bob"]["complete"]
    assert result.breakdown["primiera"]["winner"] is None


def test_primiera_three_players_nobody_complete_plain_sum_beats_more_suits() -> None:
    # games/plugins/scopa/rules.md §4, Decision: with three players alone the default is the plain
    # sum, not "more suits first".
    ann = cards("JD JC 7S")  # three suits, 41
    cy = [code for code in suit("C") + suit("S") if code not in ("JC", "JS", "7S")]
    cy += ["JS"]  # cups and swords, 21 + 18 = 39
    result = score(three(ann, cy), table(players=THREE))
    values = result.breakdown["primiera"]["values"]
    assert (values["Ann"]["sum"], values["Bob"]["sum"], values["Cy"]["sum"]) == (41, 42, 39)
    assert not any(value["complete"] for value in values.values())
    assert result.breakdown["primiera"]["winner"] == "Bob"
    void = score(three(ann, cy), table(players=THREE, primiera_incomplete="void"))
    assert void.breakdown["primiera"]["winner"] is None


def test_primiera_three_players_nobody_complete_more_suits_first_house_rule() -> None:
    # games/plugins/scopa/rules.md §4, Decision: with three or four players alone the house reading
    # `more-suits` can differ from the plain sum. The same deal as above: Ann holds three suits
    # (41), Bob two (7D + 7B = 42), Cy two (39). Plain sum: Bob; more suits first: Ann.
    ann = cards("JD JC 7S")
    cy = [code for code in suit("C") + suit("S") if code not in ("JC", "7S")]
    at = table(players=THREE, primiera_incomplete="more-suits")
    result = score(three(ann, cy), at)
    primiera_json = result.breakdown["primiera"]
    assert [primiera_json["values"][side]["sum"] for side in THREE] == [41, 42, 39]
    assert primiera_json["winner"] == "Ann"
    assert primiera_json["reason"] == "more-suits"
    assert primiera_json["rule"] == "more-suits"
    plain = score(three(ann, cy), table(players=THREE))
    assert plain.breakdown["primiera"]["winner"] == "Bob"
    assert result.points["Ann"] == plain.points["Ann"] + 1
    assert result.points["Bob"] == plain.points["Bob"] - 1


def test_primiera_more_suits_first_equal_sums_among_the_most_suits_are_void() -> None:
    # Two sides with three suits at 41 each; the two-suit side's 42 does not compete.
    hands = {
        "Ann": hand_of("7C", "7S"),  # 42, two suits
        "Bob": hand_of("7D", "JC", "JB"),  # 41, three suits
        "Cy": hand_of("KD", "KS", "7B"),  # 41, three suits
    }
    result = primiera(hands, PRIMIERA_MORE_SUITS)
    assert result.winner is None
    assert primiera(hands).winner == "Ann"


def test_primiera_more_suits_first_keeps_the_rule_texts_examples() -> None:
    # games/plugins/scopa/rules.md §4: a complete primiera beats an incomplete one whatever the sums
    # (51 beats 63), and 7+7+6+A = 76 loses to 7+7+6+6 = 78, under this reading too.
    at = table(primiera_incomplete="more-suits")
    fanti = score(two(suit("B") + cards("JD JC JS")), at)
    assert fanti.breakdown["primiera"]["winner"] == "Ann"
    assert fanti.breakdown["primiera"]["reason"] == "incomplete-excluded"
    example = score(two(cards("7D 7C 6S AB")), at)
    assert example.breakdown["primiera"]["winner"] == "Bob"
    # Two sides, nobody complete: the same winner as the best partial sum
    # (games/plugins/scopa/rules.md §4: with two sides the readings always agree).
    assert score(two(NOBODY_COMPLETE), at).breakdown["primiera"]["winner"] == "Ann"


# -- napoli (games/plugins/scopa/rules.md §7) ------------------------------------------------------


@pytest.mark.parametrize(
    ("coins", "expected"),
    [
        ("A 2 3", 3),
        ("A 2 3 4 5 6 7", 7),  # games/plugins/scopa/rules.md §7: A to 7 scores 7
        ("A 2 3 4 5 6 7 J", 8),
        ("A 2 3 4 5 6 7 J N", 9),
        ("A 2 3 4 5 6 7 J N K", 10),
        ("A 2 3 5 6 7", 3),  # broken at 4
        ("A 2 3 4 6 7 J N K", 4),
        ("A 3 4 5 6 7 J N K", 0),  # the 2 is missing: nothing, even with 9 coins
        ("2 3 4 5 6 7 J N K", 0),
        ("A 2", 0),
        ("A 2 4 5 6 7", 0),
    ],
)
def test_napoli_scores_the_unbroken_coin_run_from_the_ace(coins: str, expected: int) -> None:
    ann = [rank + "D" for rank in coins.split()]
    assert len(napoli_run(hand_of(*ann))) == expected
    result = score(two(ann), table(napoli=True))
    napoli = result.breakdown["napoli"]
    assert napoli["points"] == expected
    assert napoli["winner"] == ("Ann" if expected else None)
    assert napoli["run"] == ann[:expected]
    without = score(two(ann), table())
    assert result.points["Ann"] == without.points["Ann"] + expected
    assert result.points["Bob"] == without.points["Bob"]


def test_napoli_is_scored_only_when_napoli_or_trentino_is_on() -> None:
    ann = cards("AD 2D 3D 4D 5D 6D 7D")
    off = score(two(ann), table())
    assert "napoli" not in off.breakdown
    # games/plugins/scopa/rules.md §3 and §7: A to 7 scores 7 on top of the points for most coins
    # and the settebello.
    assert off.points["Ann"] == 2
    for options in ({"napoli": True}, {"trentino": True}):
        on = score(two(ann), table(**options))
        assert on.breakdown["napoli"]["points"] == 7
        assert on.points["Ann"] == 2 + 7


def test_napoli_goes_to_whichever_side_holds_the_run() -> None:
    bob = cards("AD 2D 3D 4D")
    result = score(two(rest(bob), bob), table(napoli=True))
    assert result.breakdown["napoli"] == {
        "winner": "Bob",
        "run": ["AD", "2D", "3D", "4D"],
        "points": 4,
    }


# -- Pirate Scopa primes (games/plugins/scopa/pirate-scopa.md §4-§5) -------------------------------


def pirate(*players: str, **options: object):
    return table("pirate-scopa", players or ("Ann", "Bob"), **options)


def test_pirate_four_sevens_and_two_fives_38_beat_30() -> None:
    # games/plugins/scopa/pirate-scopa.md §4: primes are the sum of every prime card; four 7s and
    # two 5s make 38, beating the other side's 30.
    result = score(two(cards("7D 7C 7S 7B 5D 5C")), pirate())
    values = result.breakdown["primiera"]["values"]
    assert values["Ann"]["sum"] == 38
    assert values["Bob"]["sum"] == 30
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_pirate_four_sevens_alone_28_lose_to_all_twos_threes_and_fives_40() -> None:
    # The example of games/plugins/scopa/pirate-scopa.md §4: four 7s alone (28) lose to all the 2s,
    # 3s and 5s (40).
    ann = cards("7D 7C 7S 7B JD ND KD AC AS AB 4C 4S")  # no 2, 3 or 5
    result = score(two(ann), pirate())
    values = result.breakdown["primiera"]["values"]
    assert values["Ann"]["sum"] == 28
    assert values["Bob"]["sum"] == 40
    assert result.breakdown["primiera"]["winner"] == "Bob"


def test_pirate_prime_34_34_is_void() -> None:
    # games/plugins/scopa/pirate-scopa.md §4: the deck's primes add up to 68, so 34-34 is a void tie
    # (§3: a tied category scores nothing).
    ann = cards("7D 7C 7S 7B 3D 3C")
    result = score(two(ann), pirate())
    values = result.breakdown["primiera"]["values"]
    assert values["Ann"]["sum"] == values["Bob"]["sum"] == 34
    assert result.breakdown["primiera"]["winner"] is None


def test_pirate_primes_count_every_2_3_5_7_not_best_per_suit() -> None:
    result = score(two(cards("7D 7C 5D 5C 3D 2D 2C AD 6D KD")), pirate())
    assert result.breakdown["primiera"]["values"]["Ann"] == {
        "sum": 7 + 7 + 5 + 5 + 3 + 2 + 2,
        "sevens": 2,
        "fives": 2,
        "threes": 1,
        "twos": 2,
    }


def test_pirate_most_sevens_rule_gives_the_point_for_more_sevens() -> None:
    # games/plugins/scopa/pirate-scopa.md §5, `prime_rule: most-sevens`: the most 7s wins.
    ann = cards("7D 7C 7S")
    result = score(two(ann), pirate(prime_rule="most-sevens"))
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_pirate_most_sevens_tied_then_most_fives() -> None:
    # games/plugins/scopa/pirate-scopa.md §5: tied on 7s, the most 5s among the tied players wins.
    ann = cards("7D 7C 5D 5C 5S")
    result = score(two(ann), pirate(prime_rule="most-sevens"))
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_pirate_most_sevens_tied_on_sevens_and_fives_then_most_threes() -> None:
    # games/plugins/scopa/pirate-scopa.md §5: still tied, the most 3s among them wins.
    ann = cards("7D 7C 5D 5C 3D 3C 3S")
    result = score(two(ann), pirate(prime_rule="most-sevens"))
    assert result.breakdown["primiera"]["winner"] == "Ann"


def test_pirate_most_sevens_tied_after_the_threes_is_void_and_twos_are_ignored() -> None:
    # games/plugins/scopa/pirate-scopa.md §5 and its Decision: still tied after the 3s -> void; 2s
    # are ignored.
    ann = cards("7D 7C 5D 5C 3D 3C 2D 2C 2S 2B")
    result = score(two(ann), pirate(prime_rule="most-sevens"))
    assert result.breakdown["primiera"]["winner"] is None
    # The default sum rule gives it to Ann (38 against 30).
    assert score(two(ann), pirate()).breakdown["primiera"]["winner"] == "Ann"


def test_pirate_sum_and_most_sevens_disagree_on_the_rule_text_example() -> None:
    # games/plugins/scopa/pirate-scopa.md §5: the shortcut can disagree with the sum; four 7s win
    # under it but lose on sums to all the 2s, 3s and 5s.
    ann = cards("7D 7C 7S 7B")
    by_sum = score(two(ann), pirate())
    by_sevens = score(two(ann), pirate(prime_rule="most-sevens"))
    assert by_sum.breakdown["primiera"]["winner"] == "Bob"
    assert by_sevens.breakdown["primiera"]["winner"] == "Ann"
    assert by_sevens.points["Ann"] == by_sum.points["Ann"] + 1


def test_pirate_breakdown_names_the_seven_of_coins_not_the_settebello() -> None:
    result = score(two(cards("7D")), pirate())
    assert result.breakdown["seven_of_coins"] == {"winner": "Ann"}
    assert "settebello" not in result.breakdown
    assert result.points == {"Ann": 1, "Bob": 3}
    scopa = score(two(cards("7D")), table())
    assert scopa.breakdown["settebello"] == {"winner": "Ann"}
    assert "seven_of_coins" not in scopa.breakdown


@pytest.mark.parametrize("players", [("Ann", "Bob", "Cy"), ("Ann", "Bob", "Cy", "Di")])
def test_pirate_each_player_plays_for_himself(players: tuple[str, ...]) -> None:
    # games/plugins/scopa/pirate-scopa.md §2: two to four players, each for himself; no teams.
    at = pirate(*players)
    assert at.sides == players
    assert at.teams == ()
    ann = cards("7D 7C 7S 7B 5D 5C 5S 5B AD")  # 48 primes
    bob = cards("2D 2C 2S 2B 3D 3C 3S 3B")  # 20 primes
    captures = {"Ann": ann, "Bob": bob, "Cy": rest(ann, bob)}
    if len(players) == 4:
        captures["Cy"], captures["Di"] = ["KD", "KC"], rest(ann, bob, ["KD", "KC"])
    result = score({"captures": captures}, at)
    assert set(result.points) == set(players)
    assert result.breakdown["primiera"]["winner"] == "Ann"
    assert result.breakdown["primiera"]["values"]["Cy"]["sum"] == 0
    assert result.breakdown["seven_of_coins"] == {"winner": "Ann"}


def test_pirate_three_players_tie_at_the_top_of_primes_is_void() -> None:
    # games/plugins/scopa/pirate-scopa.md §3: a tie at the top of a category scores nothing, with
    # any number of players.
    ann = cards("7D 7C 5D 5C 3D")  # 27
    bob = cards("7S 7B 5S 5B 3C")  # 27
    at = pirate("Ann", "Bob", "Cy")
    result = score({"captures": {"Ann": ann, "Bob": bob, "Cy": rest(ann, bob)}}, at)
    values = result.breakdown["primiera"]["values"]
    assert values["Ann"]["sum"] == values["Bob"]["sum"] == 27
    assert values["Cy"]["sum"] == 14
    assert result.breakdown["primiera"]["winner"] is None


def test_ranks_constant_matches_rank_enum() -> None:
    assert tuple(rank.value for rank in Rank) == RANKS
