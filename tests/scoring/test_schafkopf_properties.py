"""Schafkopf properties over every valid hand: the ledger is zero-sum (SPEC §4 "Settlement
(zero-sum)") and more doublings never make a game worth less (SPEC §4 "Doublings")."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.scoring import RoundScore, TableSetup, get_game
from games.scoring.schafkopf import (
    CONTRACTS_BY_KEY,
    DEFAULT_TARIFF,
    fewest_card_points,
    laufende_count_in,
    most_card_points,
)

FOUR = ("Ann", "Bob", "Cy", "Di")
GAME = get_game("schafkopf")


@st.composite
def tables(draw: st.DrawFn) -> TableSetup:
    tariff = draw(
        st.dictionaries(st.sampled_from(sorted(DEFAULT_TARIFF)), st.integers(1, 1000), max_size=7)
    )
    options = {
        "tariff": tariff,
        "runners": draw(st.booleans()),
        "tout": draw(st.sampled_from(["flat", "double"])),
    }
    return GAME.setup(list(FOUR), options)


@st.composite
def points_and_tricks(draw: st.DrawFn) -> tuple[int, int]:
    """Card points and tricks that can happen together."""
    tricks = draw(st.integers(0, 8))
    points = draw(st.integers(fewest_card_points(tricks), most_card_points(tricks)))
    return points, tricks


@st.composite
def results(draw: st.DrawFn, contract: str) -> dict[str, Any]:
    """The result part of a valid entry, in any of the accepted forms."""
    if contract == "sie":
        return draw(st.sampled_from([{}, {"declarer_won": True}]))
    points, tricks = draw(points_and_tricks())
    form = draw(st.sampled_from(["points", "points-and-tricks", "won"]))
    if contract.endswith("-tout"):
        if form == "won":
            return {"declarer_won": draw(st.booleans())}
        if form == "points":
            return {"declarer_tricks": tricks}
        return {"declarer_points": points, "declarer_tricks": tricks}
    if form == "points-and-tricks":
        return {"declarer_points": points, "declarer_tricks": tricks}
    if form == "points":
        result: dict[str, Any] = {"declarer_points": points}
        if points in (0, 120) and draw(st.booleans()):
            result["schwarz"] = draw(st.booleans())
        return result
    schwarz = draw(st.booleans())
    schneider = True if schwarz else draw(st.booleans())
    return {"declarer_won": draw(st.booleans()), "schneider": schneider, "schwarz": schwarz}


@st.composite
def entries(draw: st.DrawFn, here: TableSetup) -> dict[str, Any]:
    """One valid contract entry for a table."""
    key = draw(st.sampled_from(sorted(CONTRACTS_BY_KEY)))
    contract = CONTRACTS_BY_KEY[key]
    entry: dict[str, Any] = {"contract": key}
    if not contract.played:
        return entry
    seats = draw(st.permutations(FOUR))
    entry["declarer"] = seats[0]
    if contract.has_partner:
        entry["partner"] = seats[1]
    if draw(st.booleans()) and contract.suits:
        entry["suit"] = draw(st.sampled_from(contract.suits)).value
    if contract.can_be_doubled:
        entry["doublings"] = draw(st.integers(0, 4))
    if here.options["runners"] and laufende_count_in(contract, here.option_str("tout")):
        entry["laufende"] = draw(st.integers(0, contract.most_laufende))
    entry.update(draw(results(key)))
    return entry


@st.composite
def hands(draw: st.DrawFn) -> tuple[TableSetup, dict[str, Any]]:
    """A table and one valid contract entry for it."""
    here = draw(tables())
    return here, draw(entries(here))


@st.composite
def evenings(draw: st.DrawFn) -> tuple[TableSetup, list[dict[str, Any]]]:
    """A table and the hands of an evening at it."""
    here = draw(tables())
    return here, draw(st.lists(entries(here), max_size=8))


def scored(entry: dict[str, Any], here: TableSetup) -> RoundScore:
    return GAME.score_round(entry, here)


@given(hands())
def test_every_hand_pays_out_to_zero(hand: tuple[TableSetup, dict[str, Any]]) -> None:
    here, entry = hand
    result = scored(entry, here)
    assert sum(result.points.values()) == 0
    assert set(result.points) == set(FOUR)


@given(hands())
def test_each_opponent_pays_or_receives_the_game_value(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    result = scored(entry, here)
    value = result.breakdown["game_value"]
    assert isinstance(value, int)
    side = result.breakdown["declarer_side"]
    assert isinstance(side, list)
    sign = 1 if result.breakdown["declarer_won"] else -1
    for player in FOUR:
        if player not in side:
            assert result.points[player] == -sign * value
    if len(side) == 1:
        assert result.points[side[0]] == 3 * sign * value
    if len(side) == 2:
        assert all(result.points[player] == sign * value for player in side)


@given(hands())
def test_more_doublings_never_make_a_game_worth_less(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    if "doublings" not in entry:
        return
    values = []
    for level in range(5):
        value = scored({**entry, "doublings": level}, here).breakdown["game_value"]
        assert isinstance(value, int)
        values.append(value)
    assert values == [values[0] * 2**level for level in range(5)]
    assert values == sorted(values)


@given(hands())
def test_a_won_game_and_the_same_game_lost_mirror_each_other(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    if "declarer_won" not in entry or entry["contract"] == "sie":
        return
    won = scored({**entry, "declarer_won": True}, here).points
    lost = scored({**entry, "declarer_won": False}, here).points
    assert lost == {player: -points for player, points in won.items()}


@given(evenings())
def test_the_running_balance_stays_zero_sum(
    evening: tuple[TableSetup, list[dict[str, Any]]],
) -> None:
    here, played = evening
    rounds = [scored(entry, here) for entry in played]
    state = GAME.game_state(rounds, here)
    assert all(sum(totals.values()) == 0 for totals in state.totals_after_each_round)
    assert not state.finished
    assert state.winners == ()
