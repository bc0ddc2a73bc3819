"""Ciapanò properties over random deals of the 24 penalty cards and random games.

Each property restates a rule of games/plugins/ciapano/rules.md (§1 penalties, §3-§5 a deal, §6 out
at 31, §7 entries) and checks it on every deal Hypothesis makes up; the reference scorer below is
written from those rules alone, without the engine's code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.plugins.ciapano.engine import active_players
from games.scoring import EntryError, RoundScore, TableSetup, get_game, score_table
from tests.scoring.helpers import score

from .kit import ciapano_counted_points, ciapano_totals, is_ciapano_moon

# The engine alone, no database: CI runs these once, in its PostgreSQL pass, which has
# the room (the SQLite pass runs every other test that uses no database).
pytestmark = pytest.mark.postgresql_pass

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAYER_NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
# games/plugins/ciapano/rules.md §1: counted in thirds, an ace is 3, a third-card 1; 7 to 4 cost
# nothing.
PENALTY_THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "N": 1, "J": 1}
PENALTY_CODES = tuple(rank + suit for suit in "DCSB" for rank in PENALTY_THIRDS)
PLAIN_CODES = tuple(rank + suit for suit in "DCSB" for rank in "4567")


@dataclass(frozen=True)
class Deal:
    """One deal as the players would enter it: who took which penalty cards, and the last trick."""

    at: TableSetup
    cards: dict[str, list[str]]
    last_trick: str

    def entry(self) -> dict[str, Any]:
        """A fresh entry, safe to change."""
        return {
            "penalty_cards": {player: list(codes) for player, codes in self.cards.items()},
            "last_trick": self.last_trick,
        }

    def counts_entry(self) -> dict[str, Any]:
        return {
            "aces": {p: sum(c[0] == "A" for c in codes) for p, codes in self.cards.items()},
            "thirds": {p: sum(c[0] != "A" for c in codes) for p, codes in self.cards.items()},
            "last_trick": self.last_trick,
        }


@st.composite
def ciapano_tables(draw: st.DrawFn) -> TableSetup:
    count = draw(st.integers(3, 5))
    options = {
        "last_trick": draw(st.sampled_from(["remainder", "plus-one"])),
        "elimination_at": draw(st.sampled_from([11, 21, 31, 50])),
    }
    return get_game("ciapano").setup(list(PLAYER_NAMES[:count]), options)


@st.composite
def penalty_cards(draw: st.DrawFn, players: tuple[str, ...]) -> dict[str, list[str]]:
    """The 24 penalty cards among the players; often one player takes them all (a moon)."""
    sweeper = draw(st.none() | st.sampled_from(players))
    owners = draw(st.lists(st.sampled_from(players), min_size=24, max_size=24))
    cards: dict[str, list[str]] = {player: [] for player in players}
    for code, owner in zip(PENALTY_CODES, owners, strict=True):
        cards[sweeper or owner].append(code)
    return cards


@st.composite
def deals(
    draw: st.DrawFn, at: st.SearchStrategy[TableSetup] | None = None, moon: bool | None = None
) -> Deal:
    table = draw(at if at is not None else ciapano_tables())
    cards = draw(penalty_cards(table.players))
    last_trick = draw(st.sampled_from(table.players))
    if moon:
        cards = {player: [] for player in table.players}
        cards[last_trick] = list(PENALTY_CODES)
    elif moon is False and len(cards[last_trick]) == len(PENALTY_CODES):
        # Everything went to the last-trick winner: one card given away breaks the moon.
        other = next(player for player in table.players if player != last_trick)
        cards[other].append(cards[last_trick].pop())
    return Deal(table, cards, last_trick)


def thirds_of(codes: list[str]) -> int:
    return sum(PENALTY_THIRDS[code[0]] for code in codes)


def reference_points(deal: Deal) -> dict[str, int]:
    """games/plugins/ciapano/rules.md §3-§5 (a deal, the moon, the plus-one rule), written out
    plainly."""
    players, winner = deal.at.players, deal.last_trick
    if len(deal.cards[winner]) == 24:
        return {player: 0 if player == winner else 11 for player in players}
    floors = {player: thirds_of(deal.cards[player]) // 3 for player in players}
    if deal.at.options["last_trick"] == "plus-one":
        return {player: floors[player] + (player == winner) for player in players}
    others = sum(floors[player] for player in players if player != winner)
    return {**floors, winner: 11 - others}


# -- one deal -----------------------------------------------------------------------------------


@PROPERTY
@given(deals())
def test_deal_points_agree_with_a_reference_scorer_written_from_the_rules(deal: Deal) -> None:
    assert dict(score(deal.entry(), deal.at).points) == reference_points(deal)


@PROPERTY
@given(
    deals(at=ciapano_tables().filter(lambda t: t.options["last_trick"] == "remainder"), moon=False)
)
def test_a_normal_deal_totals_exactly_11_and_the_last_trick_is_worth_1_to_3(deal: Deal) -> None:
    # games/plugins/ciapano/rules.md §3: "every ordinary deal adds up to exactly 11", and the last
    # trick is worth 1, 2 or 3.
    result = score(deal.entry(), deal.at)
    assert sum(result.points.values()) == 11
    breakdown = result.breakdown
    worth = breakdown["last_trick"]["worth"]  # type: ignore[index]
    assert worth in (1, 2, 3)
    # The last trick collects the dropped fractions and the third that makes 10 2/3 up to 11.
    assert 3 * worth == 1 + sum(breakdown["dropped"].values())  # type: ignore[attr-defined]
    assert breakdown["moon"] is None


@PROPERTY
@given(
    deals(at=ciapano_tables().filter(lambda t: t.options["last_trick"] == "plus-one"), moon=False)
)
def test_under_plus_one_a_normal_deal_totals_9_to_11(deal: Deal) -> None:
    result = score(deal.entry(), deal.at)
    assert 9 <= sum(result.points.values()) <= 11
    assert result.breakdown["last_trick"]["worth"] == 1  # type: ignore[index]


@PROPERTY
@given(deals(moon=True))
def test_a_moon_gives_0_to_its_taker_and_11_to_everyone_else(deal: Deal) -> None:
    result = score(deal.entry(), deal.at)
    assert result.breakdown["moon"] == deal.last_trick
    for player, points in result.points.items():
        assert points == (0 if player == deal.last_trick else 11)


@PROPERTY
@given(deals())
def test_the_breakdown_adds_up_to_every_players_exact_penalty(deal: Deal) -> None:
    breakdown = score(deal.entry(), deal.at).breakdown
    penalty: dict[str, dict[str, int]] = breakdown["penalty"]  # type: ignore[assignment]
    for player, codes in deal.cards.items():
        exact = penalty[player]
        assert 3 * exact["whole"] + exact["thirds"] == thirds_of(codes)
        assert 0 <= exact["thirds"] <= 2
        assert breakdown["dropped"][player] == exact["thirds"]  # type: ignore[index]
    assert sum(3 * p["whole"] + p["thirds"] for p in penalty.values()) == 32


@PROPERTY
@given(deals())
def test_counts_score_exactly_like_the_cards(deal: Deal) -> None:
    by_cards = score(deal.entry(), deal.at)
    by_counts = score(deal.counts_entry(), deal.at)
    assert by_counts.points == by_cards.points
    assert by_counts.breakdown == {**by_cards.breakdown, "kind": "counts"}


# -- points counted at the table (issue 17) ----------------------------------------------------


@PROPERTY
@given(deals())
def test_the_points_of_any_deal_are_accepted_as_counted(deal: Deal) -> None:
    points = reference_points(deal)
    assert dict(score({"points": points}, deal.at).points) == points


@PROPERTY
@given(ciapano_tables(), st.data())
def test_any_split_of_a_total_the_rules_allow_is_accepted(
    at: TableSetup, data: st.DataObject
) -> None:
    points = data.draw(ciapano_counted_points(at.players, at.option_str("last_trick")))
    assert dict(score({"points": points}, at).points) == points


@PROPERTY
@given(ciapano_tables().filter(lambda at: at.option_int("elimination_at") > 11), st.data())
def test_a_counted_deal_with_a_total_the_rules_never_make_is_refused_and_nothing_kept(
    at: TableSetup, data: st.DataObject
) -> None:
    """A good deal first (nobody goes out in one deal at a table out at more than 11), then
    counted points with one player's points changed: refused, with the total named, when
    neither an allowed total nor a moon; the game keeps only the first deal."""
    rule = at.option_str("last_trick")
    first = {"points": data.draw(ciapano_counted_points(at.players, rule), label="first")}
    points = data.draw(ciapano_counted_points(at.players, rule), label="right")
    player = data.draw(st.sampled_from(at.players), label="changed")
    change = data.draw(st.integers(-points[player], 12).filter(bool), label="by")
    points[player] += change
    total = sum(points.values())
    legal = total in ciapano_totals(len(at.players), rule) or is_ciapano_moon(points)
    game = get_game("ciapano")
    tracker = game.tracker(at)
    tracker.add(first)
    before = (list(tracker.scores), list(tracker.dealers), tracker.state())
    if legal:
        assert tracker.add({"points": points}).points == points
        return
    with pytest.raises(EntryError) as caught:
        tracker.add({"points": points})
    [problem] = caught.value.problems
    assert problem.text().startswith(f"the points add up to {total};")
    assert (list(tracker.scores), list(tracker.dealers), tracker.state()) == before
    with pytest.raises(EntryError) as whole:
        score_table(game, at, [first, {"points": points}])
    assert [found.round_number for found in whole.value.problems] == [2]


# -- bad entries --------------------------------------------------------------------------------


@PROPERTY
@given(deals(), st.data())
def test_a_card_listed_for_a_second_player_is_rejected(deal: Deal, data: st.DataObject) -> None:
    entry = deal.entry()
    code = data.draw(st.sampled_from(PENALTY_CODES))
    holder = next(player for player, codes in deal.cards.items() if code in codes)
    other = data.draw(st.sampled_from([p for p in deal.at.players if p != holder]))
    entry["penalty_cards"][other].append(code)
    with pytest.raises(EntryError) as caught:
        score(entry, deal.at)
    [problem] = caught.value.problems
    assert problem.text().startswith(f"{code} is listed for more than one player (")


@PROPERTY
@given(deals(), st.data())
def test_a_missing_card_or_a_plain_card_is_rejected(deal: Deal, data: st.DataObject) -> None:
    entry = deal.entry()
    code = data.draw(st.sampled_from(PENALTY_CODES))
    holder = next(player for player, codes in deal.cards.items() if code in codes)
    entry["penalty_cards"][holder].remove(code)
    plain = data.draw(st.sampled_from(PLAIN_CODES))
    entry["penalty_cards"][holder].append(plain)
    with pytest.raises(EntryError) as caught:
        score(entry, deal.at)
    assert [problem.text() for problem in caught.value.problems] == [
        f"{plain} is not a penalty card ({holder})",
        f"{code} is not listed for any player",
    ]


@PROPERTY
@given(deals(), st.sampled_from([-1, 1, 2]), st.sampled_from(["aces", "thirds"]))
def test_counts_that_do_not_total_4_aces_and_20_thirds_are_rejected(
    deal: Deal, change: int, field: str
) -> None:
    entry = deal.counts_entry()
    # Someone who took at least one: with 4 aces among at most 5 players, the one with most.
    player = max(entry[field], key=entry[field].get)
    entry[field][player] += change
    expected = 4 if field == "aces" else 20
    with pytest.raises(EntryError) as caught:
        score(entry, deal.at)
    assert [problem.text() for problem in caught.value.problems] == [
        f"the {field} add up to {expected + change}, not {expected}"
    ]


# -- whole games --------------------------------------------------------------------------------


def random_entry(data: st.DataObject, active: tuple[str, ...], rule: str) -> dict[str, Any]:
    """A good entry for the players still in: cards, counts or hand-counted points."""
    kind = data.draw(st.sampled_from(["cards", "counts", "points"]))
    if kind == "points":
        return {"points": data.draw(ciapano_counted_points(active, rule))}
    cards = data.draw(penalty_cards(active))
    last_trick = data.draw(st.sampled_from(active))
    if kind == "cards":
        return {"penalty_cards": cards, "last_trick": last_trick}
    return {
        "aces": {p: sum(c[0] == "A" for c in codes) for p, codes in cards.items()},
        "thirds": {p: sum(c[0] != "A" for c in codes) for p, codes in cards.items()},
        "last_trick": last_trick,
    }


@PROPERTY
@given(ciapano_tables(), st.data())
def test_a_game_plays_out_by_the_rules(at: TableSetup, data: st.DataObject) -> None:
    """Totals never fall; a player is out exactly from the deal his total reaches the limit,
    then scores nothing; the game ends when at most one is left, and its winner is the last one
    in, or the lowest of those who went out together (games/plugins/ciapano/rules.md §6 and its
    Decision)."""
    game = get_game("ciapano")
    limit = at.option_int("elimination_at")
    rounds: list[RoundScore] = []
    entries: list[dict[str, Any]] = []
    state = game.game_state(rounds, at)
    while not state.finished and len(rounds) < 40:
        active = active_players(at, rounds)
        entry = random_entry(data, active, at.option_str("last_trick"))
        result = game.score_round(entry, at, tuple(rounds))
        assert all(result.points[p] == 0 for p in at.players if p not in active)
        rounds.append(result)
        entries.append(entry)
        before, state = state, game.game_state(rounds, at)
        assert all(state.totals[p] >= before.totals[p] for p in at.players)
        newly_out = [p for p in active if state.totals[p] >= limit]
        # Those who go out together are listed highest total first, then in seat order.
        newly_out.sort(key=lambda p: (-state.totals[p], at.players.index(p)))
        assert state.eliminated == (*before.eliminated, *newly_out)
        assert active_players(at, rounds) == (
            () if state.finished else tuple(p for p in active if p not in newly_out)
        )
        still_in = [p for p in active if p not in newly_out]
        if len(still_in) == 1:
            assert state.winners == tuple(still_in)
        elif not still_in:
            lowest = min(state.totals[p] for p in newly_out)
            assert state.winners == tuple(p for p in newly_out if state.totals[p] == lowest)
        else:
            assert not state.finished
            assert state.winners == ()
    assert score_table(game, at, entries)[1] == state
    if state.finished:
        assert state.finished_after_round == len(rounds)
        with pytest.raises(EntryError):
            game.score_round({"points": {}}, at, tuple(rounds))
