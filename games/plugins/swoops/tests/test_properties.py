"""Swoops properties over random deals at 3 to 8 players and random games.

Each property restates a rule of games/plugins/swoops/rules.md (§1 decks, §2 card values, §4-§5
a round, §6-§7 the end and the winner) and checks it on every case Hypothesis makes up. The card
values, deck sizes and reference totals below are written from those rules alone, without the
engine's code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.scoring import EntryError, RoundScore, TableSetup, get_game, score_table
from tests.scoring.helpers import score

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

# games/plugins/swoops/rules.md §2.
VALUE = {"JOKER": 50, "10": 50, "K": 10, "Q": 10, "J": 10, "A": 1}
VALUE.update({str(number): number for number in range(2, 10)})

# games/plugins/swoops/rules.md §1 and its Decision: four of a rank and two jokers per deck.
DECKS = {3: 3, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5}
DEALT_EACH = 4 + 4 + 11


def copies(rank: str, players: int) -> int:
    return DECKS[players] * (2 if rank == "JOKER" else 4)


@dataclass(frozen=True)
class Deal:
    """One round as the players would enter it: who went out and what everybody else held."""

    at: TableSetup
    went_out: str
    held: dict[str, list[str]]
    typed: frozenset[str]  # players who typed their total instead of tapping their cards

    def entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "went_out": self.went_out,
            "remaining": {p: list(cards) for p, cards in self.held.items() if p not in self.typed},
        }
        if self.typed:
            entry["totals"] = {player: reference_points(self.held[player]) for player in self.typed}
        return entry


def reference_points(cards: list[str]) -> int:
    return sum(VALUE[card.upper()] for card in cards)


@st.composite
def tables(draw: st.DrawFn, fixed_rounds: bool = False) -> TableSetup:
    count = draw(st.integers(3, 8))
    options: dict[str, object] = {}
    if draw(st.booleans()):
        options["limit"] = draw(st.integers(1, 400))
    if fixed_rounds:
        options["rounds"] = draw(st.integers(1, 8))
    return get_game("swoops").setup(list(NAMES[:count]), options)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """Cards taken from the table's decks; nobody holds more than a whole deal of 19."""
    at = draw(tables())
    players = at.players
    pool = [rank for rank in VALUE for _ in range(copies(rank, len(players)))]
    shuffled = draw(st.permutations(pool))
    went_out = draw(st.sampled_from(players))
    held: dict[str, list[str]] = {}
    start = 0
    for player in players:
        if player != went_out:
            count = draw(st.integers(1, DEALT_EACH))
            cards = shuffled[start : start + count]
            # Ranks may be typed in any letter case.
            held[player] = [card.lower() if draw(st.booleans()) else card for card in cards]
            start += count
    others = sorted(held)
    typed = draw(st.frozensets(st.sampled_from(others))) if draw(st.booleans()) else frozenset()
    return Deal(at, went_out, held, typed)


# -- one round ---------------------------------------------------------------------------------


@PROPERTY
@given(deals())
def test_scores_are_never_negative_and_every_player_scores(deal: Deal) -> None:
    result = score(deal.entry(), deal.at)
    assert list(result.points) == list(deal.at.players)
    assert all(points >= 0 for points in result.points.values())


@PROPERTY
@given(deals())
def test_the_player_who_went_out_scores_0_and_only_that_player(deal: Deal) -> None:
    # games/plugins/swoops/rules.md §4: the player who went out scores 0, and everyone else still
    # holds at least one card.
    result = score(deal.entry(), deal.at)
    assert result.points[deal.went_out] == 0
    assert all(points > 0 for player, points in result.points.items() if player != deal.went_out)


@PROPERTY
@given(deals())
def test_every_other_player_scores_the_cards_still_held(deal: Deal) -> None:
    result = score(deal.entry(), deal.at)
    breakdown = result.breakdown
    assert breakdown["kind"] == "cards"
    assert breakdown["went_out"] == deal.went_out
    held = breakdown["held"]
    assert isinstance(held, dict)
    assert sorted(held) == sorted(deal.held)
    for player, cards in deal.held.items():
        assert result.points[player] == reference_points(cards) == held[player]["points"]
        assert held[player]["typed"] is (player in deal.typed)
        if player in deal.typed:
            assert held[player]["cards"] is None
        else:
            assert sorted(held[player]["cards"]) == sorted(card.upper() for card in cards)


@PROPERTY
@given(deals(), st.randoms(use_true_random=False))
def test_the_order_of_the_cards_does_not_matter(deal: Deal, random: Any) -> None:
    shuffled = {player: random.sample(cards, len(cards)) for player, cards in deal.held.items()}
    again = Deal(deal.at, deal.went_out, shuffled, deal.typed)
    assert score(again.entry(), deal.at).points == score(deal.entry(), deal.at).points


@PROPERTY
@given(deals(), st.sampled_from(sorted(VALUE)))
def test_one_card_more_of_a_rank_than_the_decks_hold_is_refused(deal: Deal, rank: str) -> None:
    players = len(deal.at.players)
    most = copies(rank, players)
    listed = sum(card.upper() == rank for cards in deal.held.values() for card in cards)
    holder = next(iter(deal.held))
    held = {**deal.held, holder: deal.held[holder] + [rank] * (most - listed + 1)}
    entry = Deal(deal.at, deal.went_out, held, frozenset()).entry()
    with pytest.raises(EntryError) as caught:
        score(entry, deal.at)
    texts = [problem.text() for problem in caught.value.problems]
    assert (
        f"{rank} is listed {most + 1} times, but {DECKS[players]} decks hold only {most}" in texts
    )


# -- points counted at the table (issue 17) ----------------------------------------------------


def most_dealt(players: int) -> int:
    """The most the cards dealt can be worth: the table's 19 x players costliest cards (the
    rest are set aside, games/plugins/swoops/rules.md §1)."""
    pool = sorted(VALUE[rank] for rank in VALUE for _ in range(copies(rank, players)))
    return sum(pool[-DEALT_EACH * players :])


def counted(deal: Deal) -> dict[str, int]:
    return {p: reference_points(deal.held[p]) if p in deal.held else 0 for p in deal.at.players}


@PROPERTY
@given(deals())
def test_the_points_of_any_round_are_accepted_as_counted(deal: Deal) -> None:
    points = counted(deal)
    assert dict(score({"points": points}, deal.at).points) == points


@PROPERTY
@given(deals(), st.data())
def test_counted_points_with_a_second_player_on_0_are_refused(
    deal: Deal, data: st.DataObject
) -> None:
    points = counted(deal)
    emptied = data.draw(st.sampled_from(sorted(deal.held)))
    points[emptied] = 0
    with pytest.raises(EntryError) as caught:
        score({"points": points}, deal.at)
    [problem] = caught.value.problems
    zeros = ", ".join(p for p in deal.at.players if points[p] == 0)
    assert problem.text().startswith(f"{zeros} all score 0, but only one player goes out")


@PROPERTY
@given(deals(), st.data())
def test_counted_points_worth_more_than_the_cards_dealt_are_refused(
    deal: Deal, data: st.DataObject
) -> None:
    points = counted(deal)
    most = most_dealt(len(deal.at.players))
    holder = data.draw(st.sampled_from(sorted(deal.held)))
    points[holder] += most - sum(points.values()) + data.draw(st.integers(0, 1))
    total = sum(points.values())
    if total <= most:
        assert score({"points": points}, deal.at).points[holder] == points[holder]
        return
    with pytest.raises(EntryError) as caught:
        score({"points": points}, deal.at)
    assert [problem.text() for problem in caught.value.problems] == [
        f"the points add up to {total}, more than the cards dealt are worth ({most}): a round "
        "cannot leave more in the players' hands"
    ]


# -- the game ----------------------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn, fixed_rounds: bool = False) -> tuple[TableSetup, list[dict[str, int]]]:
    """A table and up to 12 hand-counted rounds, each with one player at 0."""
    at = draw(tables(fixed_rounds))
    rounds: list[dict[str, int]] = []
    for _ in range(draw(st.integers(0, 12))):
        went_out = draw(st.sampled_from(at.players))
        rounds.append({p: 0 if p == went_out else draw(st.integers(1, 90)) for p in at.players})
    return at, rounds


def reference_end(at: TableSetup, rounds: list[dict[str, int]]) -> tuple[int | None, list[str]]:
    """The round after which the game ends (1-based) and its winners, or (None, [])."""
    fixed = at.option_int("rounds")
    limit = at.option_int("limit")
    totals = dict.fromkeys(at.players, 0)
    for number, points in enumerate(rounds, start=1):
        for player, value in points.items():
            totals[player] += value
        if (number == fixed) if fixed else max(totals.values()) > limit:
            least = min(totals.values())
            return number, [player for player in at.players if totals[player] == least]
    return None, []


def scored(at: TableSetup, rounds: list[dict[str, int]]) -> list[RoundScore]:
    return [score({"points": points}, at) for points in rounds]


@PROPERTY
@given(games())
def test_the_game_ends_exactly_when_a_total_first_exceeds_the_limit(
    game: tuple[TableSetup, list[dict[str, int]]],
) -> None:
    at, rounds = game
    state = get_game("swoops").game_state(scored(at, rounds), at)
    end, winners = reference_end(at, rounds)
    assert state.finished is (end is not None)
    assert state.finished_after_round == end
    assert list(state.winners) == winners
    assert all(value >= 0 for value in state.totals.values())
    if end is not None:
        # The round that ended it is the first with a total over the limit, none before.
        limit = at.option_int("limit")
        after = state.totals_after_each_round
        assert max(after[end - 1].values()) > limit
        assert all(max(totals.values()) <= limit for totals in after[: end - 1])
        # Scoring the table stops there: one round more is an error.
        score_table(get_game("swoops"), at, [{"points": p} for p in rounds[:end]])
        if len(rounds) > end:
            with pytest.raises(EntryError):
                score_table(get_game("swoops"), at, [{"points": p} for p in rounds[: end + 1]])


@PROPERTY
@given(games(fixed_rounds=True))
def test_a_fixed_number_of_rounds_ends_the_game_whatever_the_totals(
    game: tuple[TableSetup, list[dict[str, int]]],
) -> None:
    at, rounds = game
    fixed = at.option_int("rounds")
    state = get_game("swoops").game_state(scored(at, rounds), at)
    assert state.finished is (len(rounds) >= fixed)
    assert state.finished_after_round == (fixed if len(rounds) >= fixed else None)
    assert list(state.winners) == reference_end(at, rounds)[1]


@PROPERTY
@given(games())
def test_the_winners_have_the_lowest_total_and_nobody_lower(
    game: tuple[TableSetup, list[dict[str, int]]],
) -> None:
    at, rounds = game
    state = get_game("swoops").game_state(scored(at, rounds), at)
    if state.finished:
        assert state.finished_after_round is not None
        decisive = state.totals_after_each_round[state.finished_after_round - 1]
        least = min(decisive.values())
        assert state.winners
        assert {decisive[player] for player in state.winners} == {least}
        assert all(decisive[p] > least for p in at.players if p not in state.winners)
