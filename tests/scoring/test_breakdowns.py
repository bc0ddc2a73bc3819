"""Typed breakdowns (issue 16, item 2): every breakdown the engine stores reads back, through JSON
text, into its game's dataclass, which writes exactly the same object again; anything else is
refused with BreakdownError. Worked examples pin one round of each game, dataclass and JSON.

The stored format itself is docs/scoresheet.md ("What ``score`` prints") and the module
docstrings of games/plugins/schafkopf/engine.py and of the game packages' engine.py (Ciapanò,
Swoops).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.plugins.ciapano.engine import (
    CiapanoDealBreakdown,
    CiapanoPointsBreakdown,
    LastTrickPart,
    PenaltyPart,
)
from games.plugins.ciapano.tests.kit import ciapano_counted_points
from games.plugins.ciapano.tests.test_properties import ciapano_tables
from games.plugins.ciapano.tests.test_properties import deals as ciapano_deals
from games.plugins.schafkopf.engine import (
    SAUSPIEL,
    ContractBreakdown,
    GermanSuit,
    LaufendePart,
    RamschBreakdown,
    SchafkopfPointsBreakdown,
)
from games.plugins.schafkopf.tests import strategies as schafkopf_strategies
from games.plugins.scopa.engine import (
    AceSweepsPart,
    CapottoPart,
    CountCategory,
    Holder,
    NapoliPart,
    PirateScopaCardsBreakdown,
    PrimePart,
    PrimeValue,
    PrimieraPart,
    PrimieraValue,
    ScopaCardsBreakdown,
    ScopaPointsBreakdown,
)
from games.plugins.swoops.engine import Held, SwoopsCardsBreakdown, SwoopsPointsBreakdown
from games.plugins.swoops.tests.kit import swoops_counted_points
from games.plugins.swoops.tests.test_properties import deals as swoops_deals
from games.plugins.swoops.tests.test_properties import tables as swoops_tables
from games.scoring import GAMES, Breakdown, BreakdownError, RoundScore, TableSetup, get_game
from games.scoring.cards import Card, Rank, Suit, parse_card

from .helpers import cards, rest, score, suit, table
from .strategies import hands, scopa_counted_points, tables

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Parts a table option adds (Scopa), and keys Schafkopf hands stored before the house games
# lack: leaving one of them out is not a mistake.
OPTIONAL_KEYS = frozenset({"ace_sweeps", "re_bello", "napoli", "capotto", "factor", "klopfen"})


def stored(value: object) -> Any:
    """What the JSON column gives back: through JSON text, so tuples come back as lists."""
    return json.loads(json.dumps(value))


def reordered(value: object) -> object:
    """The same JSON with every object's keys in reverse order, as PostgreSQL's jsonb may give
    them back in an order of its own."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [reordered(item) for item in value]
    return value


def assert_round_trip(score: RoundScore, at: TableSetup) -> None:
    game = get_game(at.game)
    written = score.breakdown
    typed: Breakdown = game.read_breakdown(stored(written))
    # The same keys in the same order, with the same values.
    assert json.dumps(typed.to_json()) == json.dumps(written)
    assert game.read_breakdown(written) == typed
    assert game.read_breakdown(reordered(stored(written))) == typed


# -- every scored round round-trips --------------------------------------------------------------


@PROPERTY
@given(hands())
def test_a_scopa_family_hand_from_the_cards_round_trips(hand: Any) -> None:
    # Scopa, Scopone and Pirate Scopa, with every option of theirs on or off.
    assert_round_trip(score(hand.entry(), hand.at), hand.at)


@PROPERTY
@given(st.data())
def test_a_scopa_family_hand_counted_at_the_table_round_trips(data: st.DataObject) -> None:
    at = data.draw(tables())
    entry = data.draw(scopa_counted_points(at.game, at.sides, at.options))
    assert_round_trip(score(entry, at), at)


@PROPERTY
@given(ciapano_deals(), st.booleans())
def test_a_ciapano_deal_from_cards_or_counts_round_trips(deal: Any, counts: bool) -> None:
    entry = deal.counts_entry() if counts else deal.entry()
    assert_round_trip(score(entry, deal.at), deal.at)


@PROPERTY
@given(st.data())
def test_a_ciapano_deal_counted_at_the_table_round_trips(data: st.DataObject) -> None:
    at = data.draw(ciapano_tables())
    points = data.draw(ciapano_counted_points(at.players, at.option_str("last_trick")))
    assert_round_trip(score({"points": points}, at), at)


@PROPERTY
@given(swoops_deals())
def test_a_swoops_round_from_cards_or_totals_round_trips(deal: Any) -> None:
    assert_round_trip(score(deal.entry(), deal.at), deal.at)


@PROPERTY
@given(st.data())
def test_a_swoops_round_counted_at_the_table_round_trips(data: st.DataObject) -> None:
    at = data.draw(swoops_tables())
    assert_round_trip(score({"points": data.draw(swoops_counted_points(at.players))}, at), at)


@PROPERTY
@given(st.data())
def test_every_schafkopf_hand_round_trips(data: st.DataObject) -> None:
    # Every contract the table plays, the house games (Ramsch, Bettel, Klopfen) included.
    at = data.draw(schafkopf_strategies.tables())
    assert_round_trip(score(data.draw(schafkopf_strategies.entries(at)), at), at)


@PROPERTY
@given(st.lists(st.integers(-60, 60), min_size=3, max_size=3))
def test_a_schafkopf_hand_counted_at_the_table_round_trips(values: list[int]) -> None:
    at = table("schafkopf", schafkopf_strategies.FOUR)
    points = dict(zip(at.players, [*values, -sum(values)], strict=True))
    assert_round_trip(score({"points": points}, at), at)


# -- anything else is refused --------------------------------------------------------------------


@st.composite
def scored_breakdowns(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A game and a breakdown its engine wrote, as stored."""
    kind = draw(st.sampled_from(["scopa", "scopa-counted", "ciapano", "swoops", "schafkopf"]))
    if kind == "scopa":
        hand = draw(hands())
        at, entry = hand.at, hand.entry()
    elif kind == "scopa-counted":
        at = draw(tables())
        entry = draw(scopa_counted_points(at.game, at.sides, at.options))
    elif kind == "ciapano":
        deal = draw(ciapano_deals())
        at, entry = deal.at, deal.entry()
    elif kind == "swoops":
        deal = draw(swoops_deals())
        at, entry = deal.at, deal.entry()
    else:
        at = draw(schafkopf_strategies.tables())
        entry = draw(schafkopf_strategies.entries(at))
    return at.game, stored(score(entry, at).breakdown)


def nodes(
    value: object, path: tuple[object, ...] = ()
) -> Iterator[tuple[tuple[object, ...], object]]:
    """Every value inside a JSON value, with its path of keys and indexes."""
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        yield (*path, key), item
        yield from nodes(item, (*path, key))


def replaced(value: Any, path: tuple[object, ...], new: object) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return copy


# A value of each JSON type, and a float: no breakdown holds a float anywhere, and no key takes
# two of these types (null aside).
OTHER_TYPES: tuple[object, ...] = (True, False, 7, "x", [], {}, 1.5)


@st.composite
def malformed(draw: st.DrawFn) -> tuple[str, object]:
    """A game and one of its breakdowns with one mistake: a value of the wrong type anywhere,
    a key it must have left out, or a key it does not know."""
    game, breakdown = draw(scored_breakdowns())
    mistake = draw(st.sampled_from(["type", "missing", "unknown"]))
    if mistake == "missing":
        key = draw(st.sampled_from([key for key in breakdown if key not in OPTIONAL_KEYS]))
        return game, {name: value for name, value in breakdown.items() if name != key}
    if mistake == "unknown":
        return game, {**breakdown, draw(st.sampled_from(["zzz", "Kind", "points "])): 0}
    path, value = draw(
        st.sampled_from(list(nodes(breakdown))).filter(lambda node: node[1] is not None)
    )
    other = draw(st.sampled_from([new for new in OTHER_TYPES if type(new) is not type(value)]))
    return game, replaced(breakdown, path, other)


@PROPERTY
@given(malformed())
def test_a_breakdown_with_any_mistake_is_refused(case: tuple[str, object]) -> None:
    game, breakdown = case
    with pytest.raises(BreakdownError, match=r"^breakdown"):
        get_game(game).read_breakdown(breakdown)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("value", [None, 3, "points", [], {}, {"kind": "moon"}, {"kind": None}])
def test_what_is_not_a_breakdown_at_all_is_refused(game: str, value: object) -> None:
    with pytest.raises(BreakdownError, match=r"^breakdown"):
        get_game(game).read_breakdown(value)


def test_a_refusal_names_the_bad_key_and_value() -> None:
    at = table("scopa")
    breakdown = stored(score({"points": {"Ann": 3, "Bob": 1}}, at).breakdown)
    breakdown["points"]["Bob"] = "1"
    with pytest.raises(
        BreakdownError, match=r'^breakdown\.points\.Bob must be a whole number, not "1"$'
    ):
        get_game("scopa").read_breakdown(breakdown)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "cards"}, r"^breakdown lacks went_out, held$"),
        ({"points": {"Ann": True}}, r"^breakdown\.points\.Ann must be a whole number, not true$"),
        ({"extra": 1}, r"^breakdown has unknown keys: extra$"),
    ],
)
def test_refusals_say_what_is_wrong(change: dict[str, object], message: str) -> None:
    with pytest.raises(BreakdownError, match=message):
        get_game("swoops").read_breakdown({"kind": "points", "points": {"Ann": 0}, **change})


# -- worked examples: one round of each game ----------------------------------------------------


def test_a_scopa_hand_with_every_extra() -> None:
    # Ann takes every coin and every cup, Bob every sword and club: 20 cards each (void), all
    # ten coins to Ann (most coins, the settebello, the re bello, napoli's run of 10, capotto),
    # and two suits each with 7 + 7 = 42 in the primiera (nobody complete, equal: void). Ann
    # swept once and once with an ace, which is a scopa here (games/plugins/scopa/rules.md §3-§7).
    at = table(
        "scopa",
        re_bello=True,
        napoli=True,
        capotto=True,
        scopa_d_assi=True,
    )
    ann = suit("D") + suit("C")
    entry = {
        "captures": {"Ann": ann, "Bob": rest(ann)},
        "scopas": {"Ann": 1},
        "ace_sweeps": {"Ann": 1},
    }
    result = score(entry, at)
    coins = tuple(Card(Suit.COINS, rank) for rank in Rank)
    expected = ScopaCardsBreakdown(
        cards=CountCategory({"Ann": 20, "Bob": 20}, None),
        coins=CountCategory({"Ann": 10, "Bob": 0}, "Ann"),
        settebello=Holder("Ann"),
        primiera=PrimieraPart(
            {
                "Ann": PrimieraValue(
                    42, False, {Suit.COINS: parse_card("7D"), Suit.CUPS: parse_card("7C")}
                ),
                "Bob": PrimieraValue(
                    42, False, {Suit.SWORDS: parse_card("7S"), Suit.CLUBS: parse_card("7B")}
                ),
            },
            None,
            "tie",
            "best-partial",
        ),
        scopas={"Ann": 1, "Bob": 0},
        ace_sweeps=AceSweepsPart({"Ann": 1, "Bob": 0}, True),
        re_bello=Holder("Ann"),
        napoli=NapoliPart("Ann", coins, 10),
        capotto=CapottoPart("Ann"),
    )
    assert result.points == {"Ann": 15, "Bob": 0}
    assert get_game("scopa").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown) == {
        "kind": "cards",
        "cards": {"counts": {"Ann": 20, "Bob": 20}, "winner": None},
        "coins": {"counts": {"Ann": 10, "Bob": 0}, "winner": "Ann"},
        "settebello": {"winner": "Ann"},
        "primiera": {
            "values": {
                "Ann": {"sum": 42, "complete": False, "best": {"D": "7D", "C": "7C"}},
                "Bob": {"sum": 42, "complete": False, "best": {"S": "7S", "B": "7B"}},
            },
            "winner": None,
            "reason": "tie",
            "rule": "best-partial",
        },
        "scopas": {"Ann": 1, "Bob": 0},
        "ace_sweeps": {"counts": {"Ann": 1, "Bob": 0}, "score": True},
        "re_bello": {"winner": "Ann"},
        "napoli": {"winner": "Ann", "run": [card.code for card in coins], "points": 10},
        "capotto": {"winner": "Ann"},
    }


def test_a_scopa_hand_counted_at_the_table() -> None:
    at = table("scopone", ("Ann", "Bob", "Cy", "Di"), capotto=True)
    result = score({"points": {"Ann & Cy": 3, "Bob & Di": 2}}, at)
    expected = ScopaPointsBreakdown({"Ann & Cy": 3, "Bob & Di": 2}, CapottoPart(None))
    assert get_game("scopone").read_breakdown(stored(result.breakdown)) == expected
    assert expected.to_json() == {
        "kind": "points",
        "points": {"Ann & Cy": 3, "Bob & Di": 2},
        "capotto": {"winner": None},
    }


def test_a_pirate_scopa_hand_scores_primes() -> None:
    # Ann takes the coins and the cups but the 7 of cups, Bob the rest: 19 cards to 21, Ann
    # has most coins and the seven of coins; primes: Ann one 7, two 5s, 3s and 2s (27), Bob
    # three 7s and two of the rest (41) (games/plugins/scopa/pirate-scopa.md §3-§4).
    at = table("pirate-scopa")
    ann = [code for code in suit("D") + suit("C") if code != "7C"]
    result = score({"captures": {"Ann": ann, "Bob": rest(ann)}}, at)
    expected = PirateScopaCardsBreakdown(
        cards=CountCategory({"Ann": 19, "Bob": 21}, "Bob"),
        coins=CountCategory({"Ann": 10, "Bob": 0}, "Ann"),
        seven_of_coins=Holder("Ann"),
        primiera=PrimePart(
            {"Ann": PrimeValue(27, 1, 2, 2, 2), "Bob": PrimeValue(41, 3, 2, 2, 2)},
            "Bob",
            "highest-sum",
            "sum",
        ),
        scopas={"Ann": 0, "Bob": 0},
    )
    assert result.points == {"Ann": 2, "Bob": 2}
    assert get_game("pirate-scopa").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown)["primiera"] == {
        "values": {
            "Ann": {"sum": 27, "sevens": 1, "fives": 2, "threes": 2, "twos": 2},
            "Bob": {"sum": 41, "sevens": 3, "fives": 2, "threes": 2, "twos": 2},
        },
        "winner": "Bob",
        "reason": "highest-sum",
        "rule": "sum",
    }


def test_a_scopa_breakdown_is_not_a_pirate_scopa_one() -> None:
    at = table("pirate-scopa")
    breakdown = stored(score({"captures": {"Ann": suit("D")}}, at).breakdown)
    with pytest.raises(BreakdownError, match=r"^breakdown lacks settebello$"):
        get_game("scopa").read_breakdown(breakdown)


def test_a_ciapano_deal_as_in_the_rule_texts_example() -> None:
    # Ciapanò engine.py's module docstring: Ann 4 1/3, Bob 4 2/3, Cy 1 2/3 and the last trick, worth
    # the remainder up to 11 (games/plugins/ciapano/rules.md §3).
    at = table("ciapano", ("Ann", "Bob", "Cy"))
    entry = {
        "aces": {"Ann": 3, "Bob": 1, "Cy": 0},
        "thirds": {"Ann": 4, "Bob": 11, "Cy": 5},
        "last_trick": "Cy",
    }
    result = score(entry, at)
    expected = CiapanoDealBreakdown(
        kind="counts",
        rule="remainder",
        players=("Ann", "Bob", "Cy"),
        aces={"Ann": 3, "Bob": 1, "Cy": 0},
        thirds={"Ann": 4, "Bob": 11, "Cy": 5},
        penalty={"Ann": PenaltyPart(4, 1), "Bob": PenaltyPart(4, 2), "Cy": PenaltyPart(1, 2)},
        dropped={"Ann": 1, "Bob": 2, "Cy": 2},
        last_trick=LastTrickPart("Cy", 2),
        moon=None,
    )
    assert result.points == {"Ann": 4, "Bob": 4, "Cy": 3}
    assert get_game("ciapano").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown)["penalty"] == {
        "Ann": {"whole": 4, "thirds": 1},
        "Bob": {"whole": 4, "thirds": 2},
        "Cy": {"whole": 1, "thirds": 2},
    }


def test_a_ciapano_deal_counted_at_the_table() -> None:
    at = table("ciapano", ("Ann", "Bob", "Cy"))
    result = score({"points": {"Ann": 0, "Bob": 11, "Cy": 11}}, at)
    expected = CiapanoPointsBreakdown(("Ann", "Bob", "Cy"), {"Ann": 0, "Bob": 11, "Cy": 11})
    assert get_game("ciapano").read_breakdown(stored(result.breakdown)) == expected


def test_a_sauspiel_as_in_the_module_docstring() -> None:
    # schafkopf.py's module docstring: Sauspiel 10 + Schneider 10 + 3 Laufende 30 = 50, Stoß
    # x 2 = 100 from each opponent (games/plugins/schafkopf/rules.md §5-§7, §10).
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"), runners=True)
    entry = {
        "contract": "sauspiel",
        "declarer": "Ann",
        "partner": "Cy",
        "suit": "eichel",
        "declarer_points": 95,
        "declarer_tricks": 6,
        "doublings": 1,
        "laufende": 3,
    }
    result = score(entry, at)
    expected = ContractBreakdown(
        contract=SAUSPIEL,
        suit=GermanSuit.EICHEL,
        declarer="Ann",
        partner="Cy",
        declarer_side=("Ann", "Cy"),
        declarer_won=True,
        declarer_points=95,
        declarer_tricks=6,
        base=10,
        schneider=True,
        schwarz=False,
        schneider_value=10,
        schwarz_value=0,
        laufende=LaufendePart(3, 30),
        tout=None,
        factor=1,
        value_before_doublings=50,
        klopfen=0,
        doublings=1,
        multiplier=2,
        game_value=100,
    )
    assert result.points == {"Ann": 100, "Bob": -100, "Cy": 100, "Di": -100}
    assert get_game("schafkopf").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown) == {
        "kind": "contract",
        "contract": "sauspiel",
        "suit": "eichel",
        "declarer": "Ann",
        "partner": "Cy",
        "declarer_side": ["Ann", "Cy"],
        "declarer_won": True,
        "declarer_points": 95,
        "declarer_tricks": 6,
        "base": 10,
        "schneider": True,
        "schwarz": False,
        "schneider_value": 10,
        "schwarz_value": 0,
        "laufende": {"count": 3, "value": 30},
        "tout": None,
        "factor": 1,
        "value_before_doublings": 50,
        "klopfen": 0,
        "doublings": 1,
        "multiplier": 2,
        "game_value": 100,
    }


def test_a_ramsch_as_in_the_module_docstring() -> None:
    # Bob has the most card points and pays each of the others 20, doubled for Di's Jungfrau
    # and for the knock: 80 each (games/plugins/schafkopf/rules.md §12, §14).
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"), ramsch=True, klopfen=True)
    entry = {
        "contract": "ramsch",
        "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        "jungfrau": ["Di"],
        "klopfen": 1,
    }
    result = score(entry, at)
    expected = RamschBreakdown(
        card_points={"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        losers=("Bob",),
        winners=("Ann", "Cy", "Di"),
        jungfrau=("Di",),
        durchmarsch=None,
        base=20,
        schneider_value=0,
        schwarz_value=0,
        factor=2,
        value_before_doublings=40,
        klopfen=1,
        multiplier=2,
        game_value=80,
        schneider=False,
        schwarz=False,
    )
    assert result.points == {"Ann": 80, "Bob": -240, "Cy": 80, "Di": 80}
    typed = get_game("schafkopf").read_breakdown(stored(result.breakdown))
    assert typed == expected
    assert (expected.doublings, expected.declarer_won) == (0, None)
    assert stored(result.breakdown)["doublings"] == 0
    wrong = {**stored(result.breakdown), "doublings": 1}
    with pytest.raises(BreakdownError, match=r"^breakdown\.doublings must be 0, not 1$"):
        get_game("schafkopf").read_breakdown(wrong)


def test_a_schafkopf_hand_counted_at_the_table() -> None:
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"))
    result = score({"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}}, at)
    expected = SchafkopfPointsBreakdown({"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10})
    assert get_game("schafkopf").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown)["game_value"] is None


@pytest.mark.parametrize(("tout", "factor"), [("flat", 1), ("double", 2)])
def test_a_schafkopf_hand_stored_before_the_house_games_still_reads(tout: str, factor: int) -> None:
    # Breakdowns written before Klopfen and Bettel Brett have no factor and no klopfen: the
    # factor then was 2 only for a Tout under tout "double".
    at = table("schafkopf", ("Ann", "Bob", "Cy", "Di"), tout=tout)
    result = score({"contract": "solo-tout", "declarer": "Bob", "declarer_won": True}, at)
    old = {
        key: value
        for key, value in stored(result.breakdown).items()
        if key not in ("factor", "klopfen")
    }
    typed = get_game("schafkopf").read_breakdown(old)
    assert isinstance(typed, ContractBreakdown)
    assert (typed.factor, typed.klopfen) == (factor, 0)
    assert typed.to_json() == stored(result.breakdown)


def test_a_swoops_round_as_in_the_module_docstring() -> None:
    # swoops.py's module docstring: Bob holds a joker, a 10, a king and a 5 (115), Cy typed 3
    # (games/plugins/swoops/rules.md §2, §4).
    at = table("swoops", ("Ann", "Bob", "Cy"))
    entry = {"went_out": "Ann", "remaining": {"Bob": cards("5 K JOKER 10")}, "totals": {"Cy": 3}}
    result = score(entry, at)
    expected = SwoopsCardsBreakdown(
        "Ann", {"Bob": Held(("JOKER", "10", "K", "5"), 115), "Cy": Held(None, 3)}
    )
    assert get_game("swoops").read_breakdown(stored(result.breakdown)) == expected
    assert stored(result.breakdown) == {
        "kind": "cards",
        "went_out": "Ann",
        "held": {
            "Bob": {"cards": ["JOKER", "10", "K", "5"], "points": 115, "typed": False},
            "Cy": {"cards": None, "points": 3, "typed": True},
        },
    }
    wrong = stored(result.breakdown)
    wrong["held"]["Cy"]["typed"] = False
    with pytest.raises(BreakdownError, match=r"^breakdown\.held\.Cy\.typed "):
        get_game("swoops").read_breakdown(wrong)


def test_a_swoops_round_counted_at_the_table() -> None:
    at = table("swoops", ("Ann", "Bob", "Cy"))
    result = score({"points": {"Ann": 0, "Bob": 12, "Cy": 7}}, at)
    expected = SwoopsPointsBreakdown({"Ann": 0, "Bob": 12, "Cy": 7})
    assert get_game("swoops").read_breakdown(stored(result.breakdown)) == expected


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("7d", r"must be a card code such as 7D"),
        ("10D", r"must be a card code"),
        ("7C", r"a card of the suit D"),
    ],
)
def test_a_primiera_card_must_be_written_as_the_engine_writes_it(code: str, message: str) -> None:
    at = table("scopa")
    breakdown = stored(score({"captures": {"Ann": suit("D")}}, at).breakdown)
    breakdown["primiera"]["values"]["Ann"]["best"]["D"] = code
    with pytest.raises(BreakdownError, match=message):
        get_game("scopa").read_breakdown(breakdown)
