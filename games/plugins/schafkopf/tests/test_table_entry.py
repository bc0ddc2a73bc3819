"""A Schafkopf hand as tapped at the table (issue 16): the engine, not the hand form, decides
what each contract needs and forbids (``fields_for``), what is still to enter, which result
contradicts the card points or the tricks, and how the taps become the round entry
(``table_entry``). Worked examples cite games/plugins/schafkopf/rules.md (§15: entering a
hand)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.plugins.schafkopf.engine import (
    CONTRACTS_BY_KEY,
    RAMSCH,
    SAUSPIEL,
    SIE,
    SOLO,
    SOLO_TOUT,
    STILL_TO_ENTER,
    WENZ,
    GermanSuit,
    TableHand,
    fields_for,
    table_entry,
)
from games.scoring import EntryError, Problem, TableSetup

from .strategies import FOUR, GAME, tables

PLAIN = GAME.setup(list(FOUR), {})
HOUSE = GAME.setup(list(FOUR), {"ramsch": True, "bettel": True, "klopfen": True, "runners": True})


def problems(hand: TableHand, table: TableSetup = PLAIN) -> list[str]:
    """The problems, in English, of a hand the engine refuses (its entry scored too)."""
    with pytest.raises(EntryError) as refused:
        GAME.score_round(table_entry(hand, table), table)
    return [problem.text() for problem in refused.value.problems]


def sauspiel(**taps: Any) -> TableHand:
    """Ann calls the Eichel ace; Cy holds it."""
    return TableHand("sauspiel", **{"declarer": "Ann", "partner": "Cy", "suit": "eichel", **taps})


# -- what each contract asks for ----------------------------------------------------------------


def test_a_sauspiel_asks_for_a_partner_and_its_result_in_points_or_won_or_lost() -> None:
    # §3: the declarer calls an ace, whoever holds it is the partner; §4-§5: card points decide,
    # or won or lost with Schneider and Schwarz; §7: it can be doubled.
    assert fields_for(SAUSPIEL, PLAIN) == {
        "declarer",
        "partner",
        "suit",
        "declarer_won",
        "declarer_points",
        "declarer_tricks",
        "schneider",
        "schwarz",
        "doublings",
    }


def test_a_wenz_has_no_suit_a_tout_no_card_points_and_a_sie_no_result() -> None:
    assert "suit" not in fields_for(WENZ, PLAIN)  # §3: only the Unter are trumps
    # §8: a Tout is decided by tricks only.
    assert fields_for(SOLO_TOUT, PLAIN) == {
        "declarer",
        "suit",
        "declarer_won",
        "declarer_tricks",
        "doublings",
    }
    # §9: a Sie wins without being played, and is not doubled.
    assert fields_for(SIE, PLAIN) == {"declarer"}


def test_the_house_games_add_their_fields_where_the_table_plays_them() -> None:
    # §10: runners where the table counts them; §14: knocks in every game, a Ramsch included.
    assert {"laufende", "klopfen"} <= fields_for(SOLO, HOUSE)
    assert not {"laufende", "klopfen"} & fields_for(SOLO, PLAIN)
    # §12: a Ramsch is each player's card points, the Jungfrauen or a Durchmarsch; nobody
    # declared it, so it cannot be doubled.
    assert fields_for(RAMSCH, HOUSE) == {"card_points", "jungfrau", "durchmarsch", "klopfen"}
    assert fields_for(CONTRACTS_BY_KEY["passed"], PLAIN) == frozenset()


# -- what is still to enter -----------------------------------------------------------------------


def test_a_sauspiel_with_only_its_declarer_still_needs_the_partner_and_the_result() -> None:
    hand = TableHand("sauspiel", declarer="Ann")
    assert problems(hand) == [
        "Still to enter: the partner and the result (won or lost, or the card points)."
    ]


def test_still_to_enter_lists_everything_missing_in_the_shown_language() -> None:
    with pytest.raises(EntryError) as refused:
        table_entry(TableHand("sauspiel"), PLAIN)
    [problem] = refused.value.problems
    assert problem.message == STILL_TO_ENTER
    assert problem.field == ""  # shown above the form, as the form showed it

    german = {
        "Still to enter: {missing}.": "Noch einzugeben: {missing}.",
        "the declarer": "der Spieler",
        "the partner": "der Mitspieler",
        "the result (won or lost, or the card points)": "das Ergebnis",
        "and": "und",
    }

    def translate(message: str) -> str:
        return german.get(message, message)

    # Each item and the last word are translated; the separator is Django's (", " here).
    assert (
        problem.text(translate) == "Noch einzugeben: der Spieler, der Mitspieler und das Ergebnis."
    )


def test_a_tout_or_a_bettel_still_needs_won_or_lost() -> None:
    # §8, §13: decided by tricks, or entered as won or lost.
    assert problems(TableHand("solo-tout", declarer="Bob")) == [
        "Still to enter: the result (won or lost)."
    ]
    assert problems(TableHand("bettel", declarer="Bob"), HOUSE) == [
        "Still to enter: the result (won or lost)."
    ]


def test_a_ramsch_with_two_blank_players_still_needs_the_card_points() -> None:
    # §12: one player may be left blank (he took the rest of 120), not two.
    hand = TableHand("ramsch", card_points={"Ann": 30, "Bob": 52})
    assert problems(hand, HOUSE) == [
        "Still to enter: each player's card points (one may be left blank: he took the rest "
        "of 120)."
    ]


# -- a result against the card points or the tricks ----------------------------------------------


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        # §4: 61 card points win, 60 lose.
        (
            sauspiel(declarer_points=75, declarer_won=False),
            "75 card points win the game, but Lost is picked.",
        ),
        (
            sauspiel(declarer_points=60, declarer_won=True),
            "60 card points lose the game, but Won is picked.",
        ),
        # §5: Schneider is 91 or more, or 30 or less.
        (
            sauspiel(declarer_points=75, schneider=True),
            "75 card points are not Schneider: that takes 91 or more, or 30 or less.",
        ),
        # §8: a Tout needs all 8 tricks.
        (
            TableHand("solo-tout", declarer="Bob", declarer_tricks=7, declarer_won=True),
            "A Tout is won with all 8 tricks only: the tricks and the result disagree.",
        ),
    ],
)
def test_a_result_against_the_points_or_tricks_is_refused(hand: TableHand, message: str) -> None:
    assert problems(hand) == [message]


def test_a_bettel_with_a_trick_is_not_won() -> None:
    # §13: a Bettel is won only without a single trick.
    hand = TableHand("bettel", declarer="Bob", declarer_tricks=2, declarer_won=True)
    assert problems(hand, HOUSE) == [
        "A Bettel is won only without a single trick: the tricks and the result disagree."
    ]


# -- the entry the taps make --------------------------------------------------------------------


def test_the_card_points_decide_and_a_result_agreeing_with_them_is_left_to_them() -> None:
    # §4-§5: 95 card points win, Schneider; the Won and Schneider taps say the same.
    entry = table_entry(sauspiel(declarer_points=95, declarer_won=True, schneider=True), PLAIN)
    assert entry == {
        "contract": "sauspiel",
        "declarer": "Ann",
        "partner": "Cy",
        "suit": "eichel",
        "declarer_points": 95,
    }
    score = GAME.score_round(entry, PLAIN)
    # Sauspiel 10 + Schneider 10 = 20 from each opponent.
    assert score.points == {"Ann": 20, "Bob": -20, "Cy": 20, "Di": -20}


def test_the_tricks_decide_a_tout() -> None:
    # §8: all 8 tricks win; the Won tap agrees and is left to them.
    entry = table_entry(
        TableHand("solo-tout", declarer="Bob", declarer_tricks=8, declarer_won=True), PLAIN
    )
    assert entry == {"contract": "solo-tout", "declarer": "Bob", "declarer_tricks": 8}


def test_a_ramsch_blank_jungfrau_took_nothing_and_one_blank_player_the_rest() -> None:
    # §12: Ann 30, Bob 52, Di took no trick (Jungfrau), Cy left blank took the rest: 38.
    hand = TableHand("ramsch", card_points={"Ann": 30, "Bob": 52}, jungfrau=("Di",), klopfen=1)
    entry = table_entry(hand, HOUSE)
    assert entry == {
        "contract": "ramsch",
        "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        "jungfrau": ["Di"],
        "klopfen": 1,
    }
    # Bob loses: Ramsch 20, one Jungfrau ×2, one knock ×2 = 80 to each of the others.
    assert GAME.score_round(entry, HOUSE).points == {"Ann": 80, "Bob": -240, "Cy": 80, "Di": 80}


def test_a_durchmarsch_needs_no_card_points() -> None:
    # §12: one player took every trick.
    entry = table_entry(TableHand("ramsch", durchmarsch="Cy"), HOUSE)
    assert entry == {"contract": "ramsch", "durchmarsch": "Cy"}


# -- a field that does not apply ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "table", "message"),
    [
        (TableHand("solo", declarer="Bob", partner="Cy", declarer_won=True), PLAIN,
         "a Solo has no partner"),
        (TableHand("wenz", declarer="Bob", suit="gras", declarer_won=True), PLAIN,
         "a Wenz has no suit"),
        (TableHand("sie", declarer="Bob", doublings=1), PLAIN, "a Sie cannot be doubled"),
        (TableHand("ramsch", durchmarsch="Cy", doublings=1), HOUSE,
         "a Ramsch cannot be doubled: nobody declared it (Klopfen still counts)"),
        (TableHand("ramsch", durchmarsch="Cy", declarer="Ann"), HOUSE,
         "A Ramsch does not ask for a declarer."),
        (sauspiel(declarer_won=True, jungfrau=("Di",)), HOUSE,
         "A Sauspiel does not ask for a Jungfrau."),
        # §8: a Tout is decided by tricks: its card points are not asked for at the table.
        (TableHand("solo-tout", declarer="Bob", declarer_tricks=8, declarer_points=120), PLAIN,
         "A Solo-Tout does not ask for card points."),
        (TableHand("sie", declarer="Bob", declarer_won=True), PLAIN,
         "A Sie does not ask for a result (won or lost)."),
        (sauspiel(declarer_won=True, klopfen=1), PLAIN, "Klopfen is not played at this table"),
    ],
)  # fmt: skip
def test_a_field_the_contract_does_not_ask_for_is_refused(
    hand: TableHand, table: TableSetup, message: str
) -> None:
    assert message in problems(hand, table)


# -- property: whatever is tapped, the engine scores it or refuses it in words --------------------


def _says_something(hand: TableHand, field: str) -> bool:
    value = getattr(hand, field)
    if isinstance(value, dict):
        return any(value.values())
    return value not in (None, False, 0, ())


_HAND_FIELDS = (
    "declarer",
    "partner",
    "suit",
    "declarer_won",
    "schneider",
    "schwarz",
    "declarer_points",
    "declarer_tricks",
    "doublings",
    "laufende",
    "klopfen",
    "card_points",
    "jungfrau",
    "durchmarsch",
)


@st.composite
def tapped(draw: st.DrawFn) -> tuple[TableSetup, TableHand]:
    """A table and anything the form can send for it: every field blank or filled, in range or
    not (the form's number fields have no bounds)."""
    here = draw(tables())
    seat = st.none() | st.sampled_from(FOUR)
    number = st.none() | st.integers(-2, 130)
    hand = TableHand(
        contract=draw(st.sampled_from(sorted(CONTRACTS_BY_KEY))),
        declarer=draw(seat),
        partner=draw(seat),
        suit=draw(st.none() | st.sampled_from([suit.value for suit in GermanSuit])),
        declarer_won=draw(st.none() | st.booleans()),
        schneider=draw(st.booleans()),
        schwarz=draw(st.booleans()),
        declarer_points=draw(number),
        declarer_tricks=draw(st.none() | st.integers(-1, 9)),
        doublings=draw(st.integers(0, 4)),
        laufende=draw(st.integers(0, 5) | st.integers(-1, 15)),
        klopfen=draw(st.integers(0, 5)),
        card_points=draw(
            st.none() | st.dictionaries(st.sampled_from(FOUR), st.integers(-1, 121), max_size=4)
        ),
        jungfrau=tuple(draw(st.lists(st.sampled_from(FOUR), max_size=3))),
        durchmarsch=draw(seat),
    )
    return here, hand


@given(tapped())
def test_any_taps_are_scored_or_refused_in_words(case: tuple[TableSetup, TableHand]) -> None:
    """Nothing but EntryError escapes, and a hand that gives a field its contract does not ask
    for (fields_for) is refused, so it is never scored, let alone stored."""
    here, hand = case
    contract = CONTRACTS_BY_KEY[hand.contract]
    foreign = [
        field
        for field in _HAND_FIELDS
        if _says_something(hand, field) and field not in fields_for(contract, here)
    ]
    refused: tuple[Problem, ...] = ()
    try:
        score = GAME.score_round(table_entry(hand, here), here)
    except EntryError as error:
        refused = error.problems
    if refused:
        assert all(problem.text() for problem in refused)
        return
    assert not foreign, f"{foreign} accepted in a {contract.key}"
    assert sum(score.points.values()) == 0
