"""Properties over random deals of the 40-card deck among 2, 3 or 4 sides with random options.

Each property restates a rule of games/plugins/scopa/rules.md §3-§5 and §7-§9,
games/plugins/scopa/pirate-scopa.md §3-§8 (and docs/scoresheet.md) and checks it on every deal
Hypothesis makes up; the reference scorer below is written from those rules alone, without the
engine's code.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.plugins.scopa.engine import PRIMIERA_BEST_PARTIAL, PRIMIERA_MORE_SUITS, primiera
from games.scoring import EntryError, RoundScore, TableSetup, Team, get_game, score_table
from games.scoring.cards import parse_card
from tests.scoring.helpers import ALL_CODES, score

from .strategies import Hand, hands, scopa_counted_points, tables

# The engine alone, no database: CI runs these once, in its PostgreSQL pass, which has
# the room (the SQLite pass runs every other test that uses no database).
pytestmark = pytest.mark.postgresql_pass

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# games/plugins/scopa/rules.md §4, the table of primiera values.
PRIMIERA = dict(zip("76A5432JNK", (21, 18, 16, 15, 14, 13, 12, 10, 10, 10), strict=True))
NAPOLI_ORDER = ("A", "2", "3", "4", "5", "6", "7", "J", "N", "K")


def strict_top(values: Mapping[str, Any]) -> str | None:
    """games/plugins/scopa/rules.md §3, pirate-scopa.md §3: one point to a single strictly highest
    side; a tie at the top is void."""
    top = max(values.values())
    leaders = [side for side, value in values.items() if value == top]
    return leaders[0] if len(leaders) == 1 else None


def primiera_of(codes: list[str]) -> tuple[int, bool]:
    best: dict[str, int] = {}
    for code in codes:
        best[code[-1]] = max(best.get(code[-1], 0), PRIMIERA[code[:-1]])
    return sum(best.values()), len(best) == 4


def suits_of(codes: list[str]) -> int:
    return len({code[-1] for code in codes})


def reference_primiera(captures: Mapping[str, list[str]], rule: str) -> str | None:
    """games/plugins/scopa/rules.md §4: who wins the primiera, under each `primiera_incomplete`
    rule."""
    hands = {side: primiera_of(codes) for side, codes in captures.items()}
    complete = {side: total for side, (total, full) in hands.items() if full}
    if complete:
        return strict_top(complete)
    if rule == "void":
        return None
    if rule == "more-suits":
        # games/plugins/scopa/rules.md §4, `more-suits`: the most suits, then the highest sum.
        return strict_top(
            {side: (suits_of(codes), hands[side][0]) for side, codes in captures.items()}
        )
    return strict_top({side: total for side, (total, _) in hands.items()})


def reference_primes(captures: Mapping[str, list[str]], rule: str) -> str | None:
    """games/plugins/scopa/pirate-scopa.md §4 (the sum of the primes) and §5 (the most-sevens
    shortcut)."""

    def count(codes: list[str], rank: str) -> int:
        return sum(code[:-1] == rank for code in codes)

    if rule == "most-sevens":
        keys = {s: (count(c, "7"), count(c, "5"), count(c, "3")) for s, c in captures.items()}
        return strict_top(keys)
    sums = {s: sum(int(r) * count(c, r) for r in "2357") for s, c in captures.items()}
    return strict_top(sums)


def napoli_points(codes: list[str]) -> int:
    """games/plugins/scopa/rules.md §7: the unbroken coin run from the ace, scored from A-2-3 on."""
    run = 0
    for rank in NAPOLI_ORDER:
        if rank + "D" not in codes:
            break
        run += 1
    return run if run >= 3 else 0


def reference_points(hand: Hand) -> dict[str, int]:
    options, captures = hand.at.options, hand.captures
    points = dict.fromkeys(captures, 0)
    winners = [
        strict_top({side: len(codes) for side, codes in captures.items()}),
        strict_top({side: sum(c.endswith("D") for c in codes) for side, codes in captures.items()}),
        next(side for side, codes in captures.items() if "7D" in codes),
    ]
    if hand.at.game == "pirate-scopa":
        winners.append(reference_primes(captures, str(options["prime_rule"])))
    else:
        winners.append(reference_primiera(captures, str(options["primiera_incomplete"])))
    for winner in winners:
        if winner is not None:
            points[winner] += 1
    for side in captures:
        points[side] += hand.scopas[side]
        if options.get("scopa_d_assi") and options.get("ace_sweep_is_scopa"):
            points[side] += hand.ace_sweeps[side]
        if options.get("re_bello") and "KD" in captures[side]:
            points[side] += 1
        if options.get("napoli") or options.get("trentino"):
            points[side] += napoli_points(captures[side])
    return points


def points_from_breakdown(result: RoundScore, at: TableSetup) -> dict[str, int]:
    """Add up what the breakdown says was awarded (docs/scoresheet.md, "What `score` prints")."""
    breakdown = result.breakdown
    points = dict.fromkeys(at.sides, 0)
    seven = "seven_of_coins" if at.game == "pirate-scopa" else "settebello"
    for category in ("cards", "coins", seven, "primiera", "re_bello"):
        if category in breakdown and breakdown[category]["winner"] is not None:
            points[breakdown[category]["winner"]] += 1
    for side, count in breakdown["scopas"].items():
        points[side] += count
    if "ace_sweeps" in breakdown and breakdown["ace_sweeps"]["score"]:
        for side, count in breakdown["ace_sweeps"]["counts"].items():
            points[side] += count
    if "napoli" in breakdown and breakdown["napoli"]["winner"] is not None:
        points[breakdown["napoli"]["winner"]] += breakdown["napoli"]["points"]
    return points


# -- one round -------------------------------------------------------------------------------


@PROPERTY
@given(hands())
def test_round_points_are_the_categories_scopas_and_extras_in_the_breakdown(hand: Hand) -> None:
    result = score(hand.entry(), hand.at)
    assert set(result.points) == set(hand.at.sides)
    assert dict(result.points) == points_from_breakdown(result, hand.at)


@PROPERTY
@given(hands())
def test_round_points_agree_with_a_reference_scorer_written_from_the_spec(hand: Hand) -> None:
    result = score(hand.entry(), hand.at)
    assert dict(result.points) == reference_points(hand)
    breakdown = result.breakdown
    assert breakdown["cards"]["counts"] == {s: len(c) for s, c in hand.captures.items()}
    assert breakdown["coins"]["counts"] == {
        s: sum(code.endswith("D") for code in c) for s, c in hand.captures.items()
    }
    assert breakdown["scopas"] == hand.scopas
    if hand.at.game != "pirate-scopa":
        for side, codes in hand.captures.items():
            total, complete = primiera_of(codes)
            value = breakdown["primiera"]["values"][side]
            assert (value["sum"], value["complete"]) == (total, complete)
            assert sorted(value["best"]) == sorted({code[-1] for code in codes})
            for suit, code in value["best"].items():
                assert code in codes
                assert code.endswith(suit)
    capotto = [s for s, c in hand.captures.items() if sum(x.endswith("D") for x in c) == 10]
    if hand.at.options.get("capotto"):
        assert breakdown["capotto"] == {"winner": capotto[0] if capotto else None}
    else:
        assert "capotto" not in breakdown


@PROPERTY
@given(hands())
def test_settebello_is_one_point_and_each_category_goes_to_at_most_one_strict_leader(
    hand: Hand,
) -> None:
    breakdown = score(hand.entry(), hand.at).breakdown
    seven = "seven_of_coins" if hand.at.game == "pirate-scopa" else "settebello"
    holder = next(side for side, codes in hand.captures.items() if "7D" in codes)
    assert breakdown[seven] == {"winner": holder}  # exactly one, always awarded
    for category in ("cards", "coins"):
        counts, winner = breakdown[category]["counts"], breakdown[category]["winner"]
        top = max(counts.values())
        at_top = [side for side, count in counts.items() if count == top]
        assert winner == (at_top[0] if len(at_top) == 1 else None)
    values, winner = breakdown["primiera"]["values"], breakdown["primiera"]["winner"]
    if hand.at.game == "pirate-scopa":
        if hand.at.options["prime_rule"] == "sum":
            contenders = {side: value["sum"] for side, value in values.items()}
        else:
            contenders = {s: (v["sevens"], v["fives"], v["threes"]) for s, v in values.items()}
    else:
        complete = {side: value["sum"] for side, value in values.items() if value["complete"]}
        contenders = complete
        if not complete and hand.at.options["primiera_incomplete"] == "best-partial":
            contenders = {side: value["sum"] for side, value in values.items()}
        if not complete and hand.at.options["primiera_incomplete"] == "more-suits":
            most = max(len(value["best"]) for value in values.values())
            contenders = {s: v["sum"] for s, v in values.items() if len(v["best"]) == most}
    if winner is None:
        # Void only when nobody may compete or the top is shared.
        top = max(contenders.values(), default=None)
        assert not contenders or [v for v in contenders.values() if v == top] != [top]
    else:
        assert winner in contenders
        assert all(contenders[winner] > v for side, v in contenders.items() if side != winner)


@PROPERTY
@given(hands(at=tables(games=("scopa", "scopone")).filter(lambda at: len(at.sides) == 2)))
def test_with_two_sides_more_suits_first_agrees_with_the_best_partial_sum(hand: Hand) -> None:
    # games/plugins/scopa/rules.md §4: with two sides the best partial sum "always agrees with 'most
    # suits first', since a suit one side lacks belongs wholly to the other" (7 included).
    captures = {side: frozenset(map(parse_card, codes)) for side, codes in hand.captures.items()}
    more_suits = primiera(captures, PRIMIERA_MORE_SUITS)
    assert more_suits.winner == primiera(captures, PRIMIERA_BEST_PARTIAL).winner


@PROPERTY
@given(hands(at=tables(default_options=True), sweeps=False))
def test_a_hand_without_scopas_or_extras_is_worth_1_to_4_points(hand: Hand) -> None:
    # games/plugins/scopa/rules.md §3, pirate-scopa.md §3: four points per hand, of which the
    # settebello (the seven of coins) is always awarded.
    result = score(hand.entry(), hand.at)
    assert 1 <= sum(result.points.values()) <= 4
    assert all(0 <= points <= 4 for points in result.points.values())


@PROPERTY
@given(hands(at=tables().filter(lambda at: len(at.sides) == 2)))
def test_two_sides_may_leave_one_list_out(hand: Hand) -> None:
    # docs/scoresheet.md, "A round": "With two sides one list may be left out".
    full = score(hand.entry(), hand.at)
    for left_out in hand.at.sides:
        entry = hand.entry()
        del entry["captures"][left_out]
        assert score(entry, hand.at) == full


# -- renaming and reordering -----------------------------------------------------------------


def rename(value: object, names: Mapping[str, str]) -> object:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, Mapping):
        return {rename(key, names): rename(item, names) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [rename(item, names) for item in value]
    return value


NEW_NAMES = st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzÄÖÜßéø &-", min_size=1, max_size=8).filter(
        lambda name: name.strip() and name.strip() == name
    ),
    min_size=6,
    max_size=6,
    unique_by=str.casefold,
)  # new names may reuse old ones in other seats: Ann may become "bob"


@PROPERTY
@given(hands(), NEW_NAMES, st.randoms(use_true_random=False))
def test_renaming_or_reordering_sides_permutes_the_result_and_nothing_else(
    hand: Hand, new_names: list[str], random: Random
) -> None:
    game = get_game(hand.at.game)
    at = hand.at
    player_names = dict(zip(at.players, new_names, strict=False))
    if at.teams:
        # New team names, partners in any order, teams in any order, still sitting opposite.
        side_names = dict(zip(at.sides, new_names[4:], strict=True))
        teams = []
        for team in at.teams:
            members = [player_names[player] for player in team.players]
            random.shuffle(members)
            teams.append(Team(side_names[team.name], tuple(members)))
        random.shuffle(teams)
        first, second = teams
        seats = [first.players[0], second.players[0], first.players[1], second.players[1]]
        new_at = game.setup(seats, at.options, teams)
    else:
        seats = [player_names[player] for player in at.players]
        random.shuffle(seats)
        side_names = player_names
        new_at = game.setup(seats, at.options)
    order = list(new_at.sides)
    back = {new: old for old, new in side_names.items()}
    entry = hand.entry()
    renamed_entry = {
        field: {side: value[back[side]] for side in order} for field, value in entry.items()
    }
    before = score(entry, at)
    after = score(renamed_entry, new_at)
    assert dict(after.points) == {side_names[s]: p for s, p in before.points.items()}
    assert rename(dict(after.breakdown), {}) == rename(dict(before.breakdown), side_names)
    state_before = game.game_state([before], at)
    state_after = game.game_state([after], new_at)
    assert state_after.winners == tuple(side_names[s] for s in state_before.winners)
    assert state_after.finished == state_before.finished


# -- bad entries -----------------------------------------------------------------------------


@PROPERTY
@given(hands(), st.data())
def test_a_card_copied_into_a_second_sides_list_is_rejected(
    hand: Hand, data: st.DataObject
) -> None:
    code = data.draw(st.sampled_from(ALL_CODES))
    owner = next(side for side, codes in hand.captures.items() if code in codes)
    other = data.draw(st.sampled_from([side for side in hand.at.sides if side != owner]))
    entry = hand.entry()
    entry["captures"][other].append(code)
    with pytest.raises(EntryError) as caught:
        score(entry, hand.at)
    texts = [problem.text() for problem in caught.value.problems]
    assert any(text.startswith(f"{code} is captured twice (") for text in texts)


@PROPERTY
@given(hands(), st.data())
def test_a_dropped_card_is_rejected_when_every_list_is_given(
    hand: Hand, data: st.DataObject
) -> None:
    # With 3+ sides no list may be left out; with 2 sides listed both, nothing is inferred either.
    code = data.draw(st.sampled_from(ALL_CODES))
    owner = next(side for side, codes in hand.captures.items() if code in codes)
    entry = hand.entry()
    entry["captures"][owner].remove(code)
    with pytest.raises(EntryError) as caught:
        score(entry, hand.at)
    assert [problem.text() for problem in caught.value.problems] == [
        f"{code} is not captured by any side"
    ]


@PROPERTY
@given(hands(at=tables().filter(lambda at: len(at.sides) >= 3)), st.data())
def test_with_three_or_more_sides_no_list_may_be_left_out(hand: Hand, data: st.DataObject) -> None:
    # docs/scoresheet.md, "A round": only with two sides may one side's list be left out.
    side = data.draw(st.sampled_from([s for s, codes in hand.captures.items() if codes]))
    entry = hand.entry()
    left_out = entry["captures"].pop(side)
    with pytest.raises(EntryError) as caught:
        score(entry, hand.at)
    assert [problem.text() for problem in caught.value.problems] == [
        f"{code} is not captured by any side" for code in ALL_CODES if code in left_out
    ]


@PROPERTY
@given(hands(), st.data())
def test_one_sweep_too_many_is_rejected(hand: Hand, data: st.DataObject) -> None:
    side = data.draw(st.sampled_from(hand.at.sides))
    entry = hand.entry()
    cards_taken = len(hand.captures[side])
    ace_sweeps = hand.ace_sweeps.get(side, 0)
    entry["scopas"][side] = cards_taken // 2 - ace_sweeps + 1
    with pytest.raises(EntryError):
        score(entry, hand.at)


# -- points counted at the table (issue 17) --------------------------------------------------


def counted_bounds(at: TableSetup) -> tuple[int, int]:
    """The fewest and the most points a hand gives in all (games/plugins/scopa/rules.md §8,
    pirate-scopa.md §7): the settebello (seven of coins) and the re bello always go to
    somebody; at most the four categories, the re bello, napoli's run of 10 and 20 sweeps (a
    sweep takes two of the 40 cards or more)."""
    options = at.options
    pirate = at.game == "pirate-scopa"
    re_bello = int(not pirate and bool(options.get("re_bello")))
    napoli = 10 if not pirate and options.get("napoli") else 0
    return 1 + re_bello, 4 + re_bello + napoli + 20


@PROPERTY
@given(hands())
def test_the_points_of_any_captured_hand_are_accepted_as_counted(hand: Hand) -> None:
    counted: dict[str, object] = {"points": reference_points(hand)}
    coins_to = [
        s for s, codes in hand.captures.items() if sum(c.endswith("D") for c in codes) == 10
    ]
    if hand.at.options.get("capotto") and coins_to:
        counted["capotto"] = coins_to[0]
    assert dict(score(counted, hand.at).points) == reference_points(hand)


@PROPERTY
@given(
    tables().flatmap(
        lambda at: st.tuples(st.just(at), scopa_counted_points(at.game, at.sides, at.options))
    )
)
def test_any_points_the_rules_can_give_are_accepted_as_counted(
    table_and_entry: tuple[TableSetup, dict[str, object]],
) -> None:
    at, entry = table_and_entry
    assert score(entry, at).points == {side: entry["points"].get(side, 0) for side in at.sides}  # type: ignore[attr-defined]


@PROPERTY
@given(tables(), st.data())
def test_a_counted_total_no_hand_can_give_is_refused(at: TableSetup, data: st.DataObject) -> None:
    least, most = counted_bounds(at)
    total = data.draw(st.integers(0, least - 1) | st.integers(most + 1, most + 40), label="total")
    points = dict.fromkeys(at.sides, 0)
    for _point in range(total):
        points[data.draw(st.sampled_from(at.sides))] += 1
    with pytest.raises(EntryError) as caught:
        score({"points": points}, at)
    [problem] = caught.value.problems
    assert problem.text().startswith(f"the points add up to {total}")
    assert problem.field == "points"


# -- the game --------------------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn) -> tuple[TableSetup, list[dict[str, object]]]:
    at = draw(tables())
    rounds: list[dict[str, object]] = []
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.integers(0, 3)) == 0:
            rounds.append(draw(hands(at=st.just(at))).entry())
            continue
        rounds.append(draw(scopa_counted_points(at.game, at.sides, at.options)))
    return at, rounds


def capotto_of(entry: Mapping[str, Any], at: TableSetup) -> str | None:
    """games/plugins/scopa/rules.md §7: with capotto on, the side that took all ten coins (or is
    entered as such)."""
    if not at.options.get("capotto"):
        return None
    if "points" in entry:
        return entry.get("capotto")
    for side, codes in entry["captures"].items():
        if sum(code.endswith("D") for code in codes) == 10:
            return side
    return None


@PROPERTY
@given(games())
def test_game_totals_are_the_sums_and_the_winner_leads_alone_at_the_target(
    table_and_rounds: tuple[TableSetup, list[dict[str, object]]],
) -> None:
    at, entries = table_and_rounds
    game = get_game(at.game)
    rounds = [game.score_round(entry, at) for entry in entries]
    state = game.game_state(rounds, at)
    running = dict.fromkeys(at.sides, 0)
    expected_end: tuple[int, str, bool] | None = None
    for number, (result, totals) in enumerate(
        zip(rounds, state.totals_after_each_round, strict=True), start=1
    ):
        for side, points in result.points.items():
            running[side] += points
        assert dict(totals) == running
        if expected_end is None:
            capotto = capotto_of(entries[number - 1], at)
            leader = strict_top(running)
            if capotto is not None:
                expected_end = (number, capotto, True)
            elif leader is not None and running[leader] >= at.options["target"]:
                expected_end = (number, leader, False)
    assert dict(state.totals) == running
    if expected_end is None:
        assert (state.finished, state.winners, state.finished_after_round) == (False, (), None)
        return
    number, winner, by_capotto = expected_end
    assert state.finished
    assert state.winners == (winner,)
    assert state.finished_after_round == number
    at_end = state.totals_after_each_round[number - 1]
    if not by_capotto:
        assert at_end[winner] >= at.options["target"]
        assert all(at_end[winner] > total for side, total in at_end.items() if side != winner)
    # score_table accepts the game up to its end and refuses any round after it.
    _, final = score_table(game, at, entries[:number])
    assert final.winners == (winner,)
    if number < len(entries):
        with pytest.raises(EntryError) as caught:
            score_table(game, at, entries)
        assert caught.value.problems[0].round_number == number + 1
