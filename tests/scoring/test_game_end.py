"""When the game ends and who wins.

Scopa and Scopone: games/plugins/scopa/rules.md §9 (a side that has reached the target, 11 by
default, and is alone in the lead wins; leaders level, even past the target, play another hand;
Scientifico and Trentino play to 21) and §7 (capotto wins the game at once). Pirate Scopa:
games/plugins/scopa/pirate-scopa.md §8 (the same with its goal). In both, a Decision makes exactly
the target count as reaching it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.scoring import GameState, RoundScore, TableSetup, get_game, score_table

from .helpers import cards, points, problems_of, rest, score, suit, table

FOUR = ("Ann", "Bob", "Cy", "Di")
THREE = ("Ann", "Bob", "Cy")


def play(at: TableSetup, entries: Sequence[Mapping[str, object]]) -> GameState:
    return score_table(get_game(at.game), at, entries)[1]


def test_reaching_exactly_the_target_wins() -> None:
    # games/plugins/scopa/rules.md §9 and its Decision: reaching the target means 11 or more;
    # exactly 11 counts.
    state = play(table(), [points(Ann=6, Bob=2), points(Ann=5, Bob=1)])
    assert state.finished
    assert state.winners == ("Ann",)
    assert state.finished_after_round == 2
    assert state.totals == {"Ann": 11, "Bob": 3}


def test_one_short_of_the_target_plays_on() -> None:
    state = play(table(), [points(Ann=6, Bob=2), points(Ann=4, Bob=1)])
    assert not state.finished
    assert state.winners == ()
    assert state.finished_after_round is None
    assert state.totals == {"Ann": 10, "Bob": 3}


def test_both_over_the_target_the_higher_total_wins() -> None:
    # games/plugins/scopa/rules.md §9: when both sides are past the target, the one alone in the
    # lead wins.
    state = play(table(), [points(Ann=9, Bob=9), points(Ann=3, Bob=4)])
    assert state.winners == ("Bob",)
    assert state.totals == {"Ann": 12, "Bob": 13}


def test_level_at_the_top_plays_on_even_when_both_are_over_the_target() -> None:
    # games/plugins/scopa/rules.md §9: if the leaders are level, even when both are past the target,
    # another hand is played.
    rounds = [points(Ann=9, Bob=9), points(Ann=3, Bob=3)]
    state = play(table(), rounds)
    assert state.totals == {"Ann": 12, "Bob": 12}
    assert not state.finished
    state = play(table(), [*rounds, points(Ann=0, Bob=1)])
    assert state.winners == ("Bob",)
    assert state.finished_after_round == 3


def test_level_exactly_on_the_target_plays_on() -> None:
    assert not play(table(), [points(Ann=11, Bob=11)]).finished


def test_three_player_playoff_can_be_won_by_a_trailing_player() -> None:
    # games/plugins/scopa/rules.md §9: with three players, one who trailed can win such a playoff.
    rounds = [points(Ann=6, Bob=6, Cy=3), points(Ann=5, Bob=5, Cy=4)]
    at = table(players=THREE)
    assert not play(at, rounds).finished  # 11, 11, 7: level at the top
    state = play(at, [*rounds, points(Cy=5)])
    assert state.totals == {"Ann": 11, "Bob": 11, "Cy": 12}
    assert state.winners == ("Cy",)


def test_pirate_scopa_both_reach_the_goal_and_tie_another_round_is_played() -> None:
    # games/plugins/scopa/pirate-scopa.md §8: leaders tied at or past the goal play another round;
    # its Decision reads the text's "exceed the point goal" as "reach or exceed".
    at = table("pirate-scopa")
    assert play(at, [points(Ann=11, Bob=10)]).winners == ("Ann",)
    assert not play(at, [points(Ann=12, Bob=12)]).finished
    assert play(at, [points(Ann=12, Bob=12), points(Ann=2, Bob=1)]).winners == ("Ann",)


def test_pirate_scopa_trailing_player_wins_a_three_way_playoff() -> None:
    at = table("pirate-scopa", THREE)
    # 11-11-9 after two hands: the leaders are level, so they play on; Cy's 3 then wins.
    rounds = [points(Ann=6, Bob=5, Cy=4), points(Ann=5, Bob=6, Cy=5), points(Ann=0, Bob=0, Cy=3)]
    assert play(at, rounds[:2]).totals == {"Ann": 11, "Bob": 11, "Cy": 9}
    assert not play(at, rounds[:2]).finished
    assert play(at, rounds).winners == ("Cy",)


def test_custom_target() -> None:
    # docs/scoresheet.md, "Options of the Scopa family": `target` is a table option, Pirate
    # Scopa's too (games/plugins/scopa/pirate-scopa.md §8: the table may choose another goal).
    at = table(target=5)
    assert play(at, [points(Ann=5)]).winners == ("Ann",)
    assert not play(table(target=21), [points(Ann=20)]).finished
    assert play(table("pirate-scopa", target=3), [points(Bob=3)]).winners == ("Bob",)


def test_long_game_to_21() -> None:
    # games/plugins/scopa/rules.md §9: the "long game" is a target of 21.
    at = table(target=21)
    assert not play(at, [points(Ann=11)]).finished
    assert play(at, [points(Ann=11), points(Ann=10)]).winners == ("Ann",)


def test_scopone_scientifico_plays_to_21_by_default() -> None:
    # games/plugins/scopa/rules.md §7 and §9: Scopone Scientifico plays to 21 unless the table sets
    # another target.
    at = table("scopone", FOUR, scientifico=True)
    assert at.options["target"] == 21
    assert not play(at, [points(**{"Ann & Cy": 11})]).finished
    state = play(at, [points(**{"Ann & Cy": 11}), points(**{"Ann & Cy": 10})])
    assert state.winners == ("Ann & Cy",)


def test_scopone_scientifico_honours_an_explicit_target() -> None:
    at = table("scopone", FOUR, scientifico=True, target=11)
    assert at.options["target"] == 11
    assert play(at, [points(**{"Bob & Di": 11})]).winners == ("Bob & Di",)


def test_plain_scopone_plays_to_11() -> None:
    assert table("scopone", FOUR).options["target"] == 11


def test_trentino_turns_on_napoli_and_capotto() -> None:
    # games/plugins/scopa/rules.md §7: trentino is napoli and capotto together; docs/scoresheet.md,
    # "Options of the Scopa family": it turns on both `napoli` and `capotto`.
    for game, players in (("scopa", ("Ann", "Bob")), ("scopone", FOUR)):
        options = table(game, players, trentino=True).options
        assert options["napoli"] is True
        assert options["capotto"] is True
        plain = table(game, players).options
        assert plain["napoli"] is False
        assert plain["capotto"] is False


def test_trentino_plays_to_21_when_the_table_gives_no_target() -> None:
    # games/plugins/scopa/rules.md §7 and §9: Trentino is played as in Scopone Scientifico Trentino,
    # a version of Scientifico, so it goes to 21 unless the table sets its own target; what it adds
    # is napoli and capotto.
    for game, players, side in (("scopone", FOUR, "Ann & Cy"), ("scopa", ("Ann", "Bob"), "Ann")):
        at = table(game, players, trentino=True)
        assert at.options["target"] == 21
        assert not play(at, [points(**{side: 11})]).finished
        state = play(at, [points(**{side: 11}), points(**{side: 10})])
        assert state.winners == (side,)
        assert state.finished_after_round == 2


def test_trentino_honours_a_target_the_table_gives() -> None:
    at = table("scopone", FOUR, trentino=True, target=11)
    assert at.options["target"] == 11
    assert play(at, [points(**{"Bob & Di": 11})]).winners == ("Bob & Di",)
    # Napoli and capotto on their own keep the usual target.
    assert table("scopone", FOUR, napoli=True, capotto=True).options["target"] == 11


def test_trentino_help_text_says_it_plays_to_21() -> None:
    for game in ("scopa", "scopone"):
        spec = next(spec for spec in get_game(game).option_specs if spec.name == "trentino")
        assert "21" in spec.help
        assert "unless the table sets another target" in spec.help


def test_totals_after_each_round_accumulate() -> None:
    state = play(table(), [points(Ann=2, Bob=1), points(Ann=0, Bob=3), points(Ann=4)])
    assert state.totals_after_each_round == (
        {"Ann": 2, "Bob": 1},
        {"Ann": 2, "Bob": 4},
        {"Ann": 6, "Bob": 4},
    )
    assert play(table(), []).totals == {"Ann": 0, "Bob": 0}


# -- capotto (games/plugins/scopa/rules.md §7) -----------------------------------------------------

BOB_TAKES_ALL_COINS = {"captures": {"Bob": suit("D")}, "scopas": {"Ann": 2}}


def test_capotto_all_ten_coins_win_at_once_with_a_lower_total() -> None:
    # games/plugins/scopa/rules.md §7: a side that takes all ten coins wins the whole game at once,
    # "whatever the totals, even if another side passes the target in the same hand" (§9: it
    # overrides the usual end).
    at = table(capotto=True)
    state = play(at, [points(Ann=10), BOB_TAKES_ALL_COINS])
    assert state.finished
    assert state.winners == ("Bob",)
    assert state.finished_after_round == 2
    assert state.totals == {"Ann": 14, "Bob": 2}


def test_capotto_round_points_are_still_shown() -> None:
    # games/plugins/scopa/rules.md §7: "The hand's points are still recorded."
    result = score(BOB_TAKES_ALL_COINS, table(capotto=True))
    assert result.breakdown["capotto"] == {"winner": "Bob"}
    assert result.points == {"Ann": 4, "Bob": 2}  # cards, primiera, 2 scopas; coins, settebello


def test_without_capotto_all_coins_is_just_a_hand() -> None:
    at = table()
    result = score(BOB_TAKES_ALL_COINS, at)
    assert "capotto" not in result.breakdown
    state = play(at, [points(Ann=10), BOB_TAKES_ALL_COINS])
    assert state.winners == ("Ann",)


def test_capotto_with_trentino_also_scores_napoli_10() -> None:
    result = score(BOB_TAKES_ALL_COINS, table(trentino=True))
    assert result.breakdown["napoli"]["points"] == 10
    assert result.points["Bob"] == 12
    assert play(table(trentino=True), [BOB_TAKES_ALL_COINS]).winners == ("Bob",)


def test_capotto_breakdown_is_empty_when_nobody_has_all_coins() -> None:
    ann = cards("AD 2D")
    result = score({"captures": {"Ann": ann, "Bob": rest(ann)}}, table(capotto=True))
    assert result.breakdown["capotto"] == {"winner": None}
    assert not play(table(capotto=True), [{"captures": {"Ann": ann}}]).finished


def test_capotto_on_a_points_entry_wins_the_game() -> None:
    # docs/scoresheet.md, "A round": where capotto is played, a points entry may add
    # `"capotto": "<side>"`.
    at = table("scopone", FOUR, capotto=True)
    # All ten coins give Ann & Cy most coins and the settebello; Bob & Di pass the target with
    # the cards, the primiera and ten scopas, and still lose.
    entry = {"points": {"Ann & Cy": 2, "Bob & Di": 12}, "capotto": "Ann & Cy"}
    state = play(at, [entry])
    assert state.winners == ("Ann & Cy",)
    assert state.totals == {"Ann & Cy": 2, "Bob & Di": 12}
    assert score(entry, at).breakdown["capotto"] == {"winner": "Ann & Cy"}


def test_a_points_entry_without_capotto_ends_the_game_normally() -> None:
    at = table("scopone", FOUR, trentino=True)
    state = play(at, [{"points": {"Ann & Cy": 1, "Bob & Di": 21}}])
    assert state.winners == ("Bob & Di",)


def test_capotto_on_a_table_without_the_option_is_an_error() -> None:
    at = table("scopone", FOUR)
    entry = {"points": {"Ann & Cy": 1}, "capotto": "Ann & Cy"}
    assert problems_of(entry, at) == ["capotto is not played at this table"]


def test_capotto_by_a_side_not_at_the_table_is_an_error() -> None:
    at = table("scopone", FOUR, capotto=True)
    entry = {"points": {"Ann & Cy": 1}, "capotto": "Ann"}
    assert problems_of(entry, at) == ["Ann is not a side at this table"]


def test_game_state_takes_rounds_already_scored() -> None:
    at = table()
    rounds = [RoundScore({"Ann": 11, "Bob": 0}, {})]
    assert get_game("scopa").game_state(rounds, at).winners == ("Ann",)
