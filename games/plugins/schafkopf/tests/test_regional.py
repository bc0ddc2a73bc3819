"""Schafkopf's regional games (issue 34 item 1; games/plugins/schafkopf/rules.md §17-§18): Geier,
Farbwenz and Farbgeier with their Touts, as the house options ``geier`` and ``farbwenz``, the
Laufende of the games in which only the Unter or the Ober run (``wenz_runners_from``), and the
Hochzeit (``hochzeit``), scored as a Sauspiel.

The worked examples follow the source named on the rules page (Wiesegger's Schafkopf-Buch,
with the BSKV tariff of rules.md §11): a Geier is priced as a Wenz (50), a Farbwenz or
Farbgeier as a Solo (50); Schneider and Schwarz add a step (10) each; only the four Ober (Geier)
or Unter (Wenz) are Laufende, from 2 or, where the table says so, from 3.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.schafkopf.engine import (
    CONTRACTS,
    FARBGEIER,
    FARBWENZ,
    GEIER,
    GEIER_TOUT,
    HOCHZEIT,
    SAUSPIEL,
    SOLO,
    WENZ,
    TableHand,
    contracts_at,
    counted_laufende,
    fields_for,
    game_value,
    table_entry,
)
from games.scoring import TableSetup, get_game
from games.scoring.scoresheet import score_scoresheet, write_scoresheet
from tests.scoring.helpers import problems_of, score

from .strategies import FOUR, GAME, results

REGIONAL = {"geier": True, "farbwenz": True}
REGIONAL_KEYS = (
    "geier",
    "farbwenz",
    "farbgeier",
    "geier-tout",
    "farbwenz-tout",
    "farbgeier-tout",
)


def at(**options: object) -> TableSetup:
    return get_game("schafkopf").setup(list(FOUR), {**REGIONAL, **options})


def ann_alone(value: int) -> dict[str, int]:
    """Ann plays alone and receives ``value`` from each opponent; negative when she loses."""
    return {"Ann": 3 * value, "Bob": -value, "Cy": -value, "Di": -value}


def test_each_option_offers_its_games_and_their_touts() -> None:
    plain = get_game("schafkopf").setup(list(FOUR), {})
    assert not any(c.key in REGIONAL_KEYS for c in contracts_at(plain))
    geier_only = get_game("schafkopf").setup(list(FOUR), {"geier": True})
    assert [c.key for c in contracts_at(geier_only) if c.key in REGIONAL_KEYS] == [
        "geier",
        "geier-tout",
    ]
    # In the order of CONTRACTS, which REGIONAL_KEYS follows.
    assert [c.key for c in contracts_at(at()) if c.key in REGIONAL_KEYS] == list(REGIONAL_KEYS)


def test_only_the_unter_or_ober_run_from_two_or_three() -> None:
    # A Wenz or Geier has 4 runners at most; they count from 2, or from 3 at the table's word.
    for contract in (WENZ, GEIER, FARBWENZ, FARBGEIER):
        assert [counted_laufende(contract, n) for n in range(5)] == [0, 0, 2, 3, 4]
        assert [counted_laufende(contract, n, 3) for n in range(5)] == [0, 0, 0, 3, 4]
    # A Solo keeps its runs of Ober, Unter and the suit, from 3, whatever the option says.
    assert [counted_laufende(SOLO, n, 2) for n in (2, 3, 14)] == [0, 3, 14]
    with pytest.raises(ValueError, match="2 or 3"):
        counted_laufende(GEIER, 2, 4)


def test_values_with_the_bskv_tariff() -> None:
    assert game_value(GEIER) == 50
    assert game_value(GEIER, schneider=True, laufende=2) == 50 + 10 + 20
    assert game_value(GEIER, laufende=2, wenz_runners_from=3) == 50
    assert game_value(FARBWENZ, schneider=True, schwarz=True, doublings=1) == 70 * 2
    assert game_value(FARBGEIER, laufende=3, wenz_runners_from=3) == 50 + 30
    assert game_value(GEIER, tariff={"wenz": 40, "solo": 60}) == 40
    assert game_value(FARBGEIER, tariff={"wenz": 40, "solo": 60}) == 60
    assert game_value(GEIER_TOUT) == 180
    assert game_value(GEIER_TOUT, laufende=4, tout="double") == 2 * (50 + 40)


@pytest.mark.parametrize(
    ("entry", "options", "points"),
    [
        # Ann's Geier, 3 Ober running, 95 card points: (50 + 10 + 30) from each.
        (
            {"contract": "geier", "declarer": "Ann", "declarer_points": 95, "laufende": 3},
            {"runners": True},
            ann_alone(90),
        ),
        # The same Geier where the runners count from 3 on but she held only 2: Schneider only.
        (
            {"contract": "geier", "declarer": "Ann", "declarer_points": 95, "laufende": 2},
            {"runners": True, "wenz_runners_from": 3},
            ann_alone(60),
        ),
        # A Farbwenz in Herz lost 55:65 after a Stoß: (50) x 2 to each opponent.
        (
            {
                "contract": "farbwenz",
                "declarer": "Ann",
                "suit": "herz",
                "declarer_points": 55,
                "doublings": 1,
            },
            {},
            ann_alone(-100),
        ),
        # A Farbgeier won Schwarz: 50 + 10 + 10.
        (
            {
                "contract": "farbgeier",
                "declarer": "Ann",
                "suit": "gras",
                "declarer_tricks": 8,
                "declarer_points": 120,
            },
            {},
            ann_alone(70),
        ),
        # A Farbwenz-Tout with seven tricks loses the flat 180.
        (
            {"contract": "farbwenz-tout", "declarer": "Ann", "declarer_tricks": 7},
            {},
            ann_alone(-180),
        ),
        # A Geier-Tout, doubled Tout rule, 4 Ober running: twice (50 + 40).
        (
            {"contract": "geier-tout", "declarer": "Ann", "declarer_tricks": 8, "laufende": 4},
            {"runners": True, "tout": "double"},
            ann_alone(180),
        ),
    ],
)
def test_worked_examples(
    entry: dict[str, object], options: dict[str, object], points: dict[str, int]
) -> None:
    assert score(entry, at(**options)).points == points


def test_the_history_names_the_game_played() -> None:
    entry = {"contract": "geier", "declarer": "Ann", "declarer_points": 70}
    breakdown = GAME.score_round(entry, at()).breakdown
    assert breakdown["contract"] == "geier"
    assert breakdown["base"] == 50
    assert GAME.read_breakdown(breakdown).contract is GEIER


@pytest.mark.parametrize(
    ("entry", "options", "message"),
    [
        (
            {"contract": "geier", "declarer": "Ann", "declarer_points": 70, "laufende": 5},
            {"runners": True},
            "laufende must be between 0 and 4",
        ),
        (
            {"contract": "geier", "declarer": "Ann", "partner": "Cy", "declarer_points": 70},
            {},
            "a Geier has no partner",
        ),
        (
            {"contract": "geier", "declarer": "Ann", "suit": "herz", "declarer_points": 70},
            {},
            "a Geier has no suit",
        ),
        (
            {"contract": "farbgeier", "declarer": "Ann", "declarer_points": 1},
            {},
            "no side can take 1 or 119 card points, as no card is worth 1: the declarer side has 1",
        ),
    ],
)
def test_mistakes_are_refused(
    entry: dict[str, object], options: dict[str, object], message: str
) -> None:
    assert problems_of(entry, at(**options)) == [message]


def test_the_hand_form_asks_a_farbwenz_for_its_suit_and_a_geier_tout_for_its_tricks() -> None:
    here = at(runners=True)
    assert {"suit", "declarer_points", "laufende"} <= fields_for(FARBWENZ, here)
    assert "suit" not in fields_for(GEIER, here)
    assert "partner" not in fields_for(FARBGEIER, here)
    tapped = TableHand("farbwenz", declarer="Di", suit="gras", declarer_points=64, laufende=2)
    entry = table_entry(tapped, here)
    assert entry == {
        "contract": "farbwenz",
        "declarer": "Di",
        "suit": "gras",
        "declarer_points": 64,
        "laufende": 2,
    }
    assert score(entry, here).points == {"Ann": -70, "Bob": -70, "Cy": -70, "Di": 210}
    tout = table_entry(TableHand("geier-tout", declarer="Ann", declarer_tricks=8), here)
    assert score(tout, here).points == ann_alone(180)


def test_a_scoresheet_writes_and_reads_the_regional_games() -> None:
    options = {**REGIONAL, "runners": True, "wenz_runners_from": 3}
    rounds = [
        {"contract": "geier", "declarer": "Ann", "declarer_points": 95, "laufende": 3},
        {"contract": "farbgeier-tout", "declarer": "Bob", "suit": "schellen", "declarer_won": True},
        {"contract": "farbwenz", "declarer": "Cy", "suit": "eichel", "declarer_points": 40},
    ]
    document = write_scoresheet("schafkopf", options, list(FOUR), [], rounds)
    output = score_scoresheet(document)
    played = output["rounds"]
    assert isinstance(played, list)
    assert [hand["points"] for hand in played] == [
        ann_alone(90),
        {"Ann": -180, "Bob": 540, "Cy": -180, "Di": -180},
        {"Ann": 50, "Bob": 50, "Cy": -150, "Di": 50},
    ]
    assert output["totals"] == {"Ann": 140, "Bob": 500, "Cy": -420, "Di": -220}


@st.composite
def regional_hands(draw: st.DrawFn) -> tuple[TableSetup, dict[str, Any]]:
    """A table playing the regional games, and a valid hand of one of them."""
    options = {
        "runners": draw(st.booleans()),
        "tout": draw(st.sampled_from(["flat", "double"])),
        "wenz_runners_from": draw(st.sampled_from([2, 3])),
    }
    here = at(**options)
    contract = draw(st.sampled_from([c for c in CONTRACTS if c.key in REGIONAL_KEYS]))
    declarer, *_others = draw(st.permutations(FOUR))
    entry: dict[str, Any] = {"contract": contract.key, "declarer": declarer}
    if contract.suits and draw(st.booleans()):
        entry["suit"] = draw(st.sampled_from(contract.suits)).value
    entry["doublings"] = draw(st.integers(0, 4))
    if options["runners"] and (not contract.tout or options["tout"] == "double"):
        entry["laufende"] = draw(st.integers(0, 4))
    entry.update(draw(results(contract.key)))
    return here, entry


@given(regional_hands())
def test_every_regional_hand_is_one_against_three_and_sums_to_zero(
    hand: tuple[TableSetup, dict[str, Any]],
) -> None:
    here, entry = hand
    result = GAME.score_round(entry, here)
    assert sum(result.points.values()) == 0
    value = result.breakdown["game_value"]
    assert isinstance(value, int)
    assert value > 0
    declarer = entry["declarer"]
    assert abs(result.points[declarer]) == 3 * value
    assert {abs(result.points[p]) for p in FOUR if p != declarer} == {value}


# -- Hochzeit (rules.md §18) ---------------------------------------------------------------------


def hochzeit(**fields: object) -> dict[str, object]:
    """Ann offers her single trump; Cy takes it and partners her."""
    return {"contract": "hochzeit", "declarer": "Ann", "partner": "Cy", **fields}


def ann_and_cy(value: int) -> dict[str, int]:
    """Ann and Cy win ``value`` each from Bob and Di; negative when they lose."""
    return {"Ann": value, "Bob": -value, "Cy": value, "Di": -value}


def test_a_hochzeit_is_valued_as_a_sauspiel() -> None:
    for fields in ({}, {"schneider": True, "laufende": 4, "doublings": 2, "klopfen": 1}):
        assert game_value(HOCHZEIT, **fields) == game_value(SAUSPIEL, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("entry", "options", "points"),
    [
        # §7's example as a Hochzeit: 75 card points after a Stoß, 10 x 2 = 20 from Bob and Di.
        (hochzeit(declarer_points=75, doublings=1), {}, ann_and_cy(20)),
        # Lost with 28 (Schneider) and 3 runners against them: (10 + 10 + 30) to each opponent.
        (hochzeit(declarer_points=28, laufende=3), {"runners": True}, ann_and_cy(-50)),
        # Won Schwarz after a knock: (10 + 10 + 10) x 2.
        (
            hochzeit(declarer_tricks=8, declarer_points=120, klopfen=1),
            {"klopfen": True},
            ann_and_cy(60),
        ),
    ],
)
def test_hochzeit_examples(
    entry: dict[str, object], options: dict[str, object], points: dict[str, int]
) -> None:
    assert score(entry, at(hochzeit=True, **options)).points == points


@pytest.mark.parametrize(
    ("entry", "options", "message"),
    [
        (hochzeit(declarer_points=70), {"hochzeit": False}, "Hochzeit is not played at this table"),
        (hochzeit(partner=None, declarer_points=70), {}, "a Hochzeit needs a partner"),
        (hochzeit(suit="eichel", declarer_points=70), {}, "a Hochzeit has no suit"),
        (
            hochzeit(partner="Ann", declarer_points=70),
            {},
            "Ann cannot be both declarer and partner",
        ),
    ],
)
def test_hochzeit_mistakes_are_refused(
    entry: dict[str, object], options: dict[str, object], message: str
) -> None:
    assert problems_of(entry, at(**{"hochzeit": True, **options})) == [message]


def test_the_hand_form_asks_a_hochzeit_for_the_partner_and_no_suit() -> None:
    here = at(hochzeit=True)
    assert "partner" in fields_for(HOCHZEIT, here)
    assert "suit" not in fields_for(HOCHZEIT, here)
    entry = table_entry(
        TableHand("hochzeit", declarer="Bob", partner="Di", declarer_won=True), here
    )
    assert score(entry, here).points == {"Ann": -10, "Bob": 10, "Cy": -10, "Di": 10}
    breakdown = GAME.score_round(entry, here).breakdown
    assert breakdown["declarer_side"] == ["Bob", "Di"]


@given(st.data())
def test_every_hochzeit_is_two_against_two_and_sums_to_zero(data: st.DataObject) -> None:
    options = {"runners": data.draw(st.booleans()), "klopfen": data.draw(st.booleans())}
    here = at(hochzeit=True, **options)
    declarer, partner, *_others = data.draw(st.permutations(FOUR))
    entry: dict[str, Any] = hochzeit(declarer=declarer, partner=partner)
    entry["doublings"] = data.draw(st.integers(0, 4))
    if options["runners"]:
        entry["laufende"] = data.draw(st.integers(0, 14))
    if options["klopfen"]:
        entry["klopfen"] = data.draw(st.integers(0, 4))
    entry.update(data.draw(results("hochzeit")))
    result = GAME.score_round(entry, here)
    assert sum(result.points.values()) == 0
    value = result.breakdown["game_value"]
    assert isinstance(value, int)
    assert result.points[declarer] == result.points[partner]
    assert {abs(points) for points in result.points.values()} == {value}
