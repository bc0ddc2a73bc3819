"""Schafkopf: entries the engine refuses, an evening's settlement, the scoresheet, and fields
that do not apply. Rules: games/plugins/schafkopf/rules.md; entry format: docs/scoresheet.md
"Schafkopf". Every expected value is worked out by hand from those pages (default tariff, §11).
"""

from __future__ import annotations

import pytest

from games.plugins.schafkopf.tests.examples import (
    FOUR,
    alone,
    at,
    bob_alone,
    sauspiel,
    two_against_two,
)
from games.scoring import EntryError, get_game
from games.scoring.scoresheet import score_scoresheet
from tests.scoring.helpers import problems_of, score

# -- bad entries -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        # who plays
        (alone("solo", partner="Cy", declarer_points=70), "a Solo has no partner"),
        (alone("wenz", partner="Cy", declarer_points=70), "a Wenz has no partner"),
        (alone("sie", partner="Cy"), "a Sie has no partner"),
        (sauspiel(partner="Ann", declarer_points=70), "Ann cannot be both declarer and partner"),
        (sauspiel(partner=None, declarer_points=70), "a Sauspiel needs a partner"),
        ({"contract": "solo", "declarer_points": 70}, "a Solo needs a declarer"),
        (sauspiel(declarer="Zed", declarer_points=70), "Zed is not at this table"),
        (sauspiel(partner="Zed", declarer_points=70), "Zed is not at this table"),
        (sauspiel(partner=7, declarer_points=70), "7 is not at this table"),
        # the contract and its suit
        ({"contract": "bettel", "declarer": "Ann"}, "Bettel is not played at this table"),
        ({"contract": "geier", "declarer": "Ann"}, "Geier is not played at this table"),
        (
            {"contract": "farbgeier-tout", "declarer": "Ann"},
            "Farbgeier-Tout is not played at this table",
        ),
        ({"contract": "hochzeit", "declarer": "Ann"}, "Hochzeit is not played at this table"),
        (
            {"contract": "doppelkopf", "declarer": "Ann"},
            "contract must be one of sauspiel, wenz, solo, wenz-tout, solo-tout, sie, passed",
        ),
        (
            {"declarer": "Ann", "declarer_points": 70},
            "contract must be one of sauspiel, wenz, solo, wenz-tout, solo-tout, sie, passed",
        ),
        (
            sauspiel(suit="herz", declarer_points=70),
            "the Herz ace cannot be called: Herz is trump in a Sauspiel",
        ),
        (
            alone("solo", suit="Eichel", declarer_points=70),
            "suit must be one of eichel, gras, herz, schellen",
        ),
        (alone("wenz", suit="gras", declarer_points=70), "a Wenz has no suit"),
        (alone("wenz-tout", suit="gras", declarer_tricks=8), "a Wenz-Tout has no suit"),
        (sauspiel(declarer_points=70, ouvert=True), "unknown field ouvert"),
        # card points and tricks
        (sauspiel(declarer_points=121), "declarer_points must be between 0 and 120"),
        (sauspiel(declarer_points=-1), "declarer_points must be between 0 and 120"),
        (sauspiel(declarer_points="75"), "declarer_points must be a whole number"),
        (sauspiel(declarer_points=True), "declarer_points must be a whole number"),
        (
            sauspiel(declarer_points=70, declarer_tricks=9),
            "declarer_tricks must be between 0 and 8",
        ),
        (
            sauspiel(declarer_points=70, declarer_tricks=-1),
            "declarer_tricks must be between 0 and 8",
        ),
        (
            sauspiel(declarer_points=120, declarer_tricks=0),
            "120 card points need at least 5 of the 8 tricks",
        ),
        (
            sauspiel(declarer_points=10, declarer_tricks=0),
            "10 card points need at least 1 of the 8 tricks",
        ),
        (
            sauspiel(declarer_points=90, declarer_tricks=2),
            "90 card points need at least 3 of the 8 tricks",
        ),
        (
            sauspiel(declarer_points=100, declarer_tricks=8),
            "8 tricks hold at least 120 card points",
        ),
        (sauspiel(declarer_points=75, declarer_tricks=7), "7 tricks hold at least 76 card points"),
        (
            alone("solo-tout", declarer_points=0, declarer_tricks=8),
            "8 tricks hold at least 120 card points",
        ),
        # won or lost
        (sauspiel(), "a Sauspiel needs declarer_points or declarer_won"),
        (sauspiel(declarer_tricks=5), "a Sauspiel needs declarer_points or declarer_won"),
        (
            sauspiel(declarer_points=70, declarer_won=True),
            "give declarer_points or declarer_won, not both",
        ),
        (
            sauspiel(declarer_points=95, schneider=True),
            "schneider follows from declarer_points: leave it out",
        ),
        (
            sauspiel(declarer_points=120, declarer_tricks=8, schwarz=True),
            "schwarz follows from declarer_tricks: leave it out",
        ),
        (
            sauspiel(declarer_points=100, schwarz=True),
            "Schwarz means 0 or 120 card points, not 100",
        ),
        (
            sauspiel(declarer_won=True, declarer_tricks=8),
            "declarer_tricks need declarer_points",
        ),
        (
            sauspiel(declarer_won=True, schneider=False, schwarz=True),
            "Schwarz always comes with Schneider",
        ),
        (sauspiel(declarer_won="yes"), "declarer_won must be true or false"),
        (sauspiel(declarer_won=True, schneider=1), "schneider must be true or false"),
        (sauspiel(declarer_points=70, schwarz="no"), "schwarz must be true or false"),
        # Tout
        (
            alone("solo-tout", declarer_tricks=8, schneider=True),
            "schneider does not apply to a Solo-Tout",
        ),
        (
            alone("wenz-tout", declarer_won=True, schwarz=True),
            "schwarz does not apply to a Wenz-Tout",
        ),
        (
            alone("solo-tout", declarer_tricks=8, declarer_won=True),
            "give declarer_tricks or declarer_won, not both",
        ),
        (
            alone("wenz-tout", declarer_points=120),
            "a Wenz-Tout is decided by tricks: give declarer_tricks too",
        ),
        (alone("solo-tout"), "a Solo-Tout needs declarer_tricks or declarer_won"),
        # Sie
        (alone("sie", doublings=1), "a Sie cannot be doubled"),
        (alone("sie", declarer_points=120), "declarer_points does not apply to a Sie"),
        (alone("sie", declarer_tricks=8), "declarer_tricks does not apply to a Sie"),
        (alone("sie", schneider=True), "schneider does not apply to a Sie"),
        (alone("sie", declarer_won=False), "a Sie cannot be lost"),
        # doublings
        (sauspiel(declarer_points=70, doublings=5), "doublings must be between 0 and 4"),
        (sauspiel(declarer_points=70, doublings=-1), "doublings must be between 0 and 4"),
        (sauspiel(declarer_points=70, doublings="Stoß"), "doublings must be a whole number"),
        # everybody passed
        (
            {"contract": "passed", "declarer": "Ann"},
            "declarer does not apply when everybody passed",
        ),
        (
            {"contract": "passed", "doublings": 1},
            "doublings does not apply when everybody passed",
        ),
        # runners at a table that does not count them
        (sauspiel(declarer_points=70, laufende=3), "runners are not counted at this table"),
        (sauspiel(declarer_points=70, laufende=False), "laufende must be a whole number"),
    ],
)
def test_each_bad_entry_gets_one_clear_message(entry: dict[str, object], message: str) -> None:
    assert problems_of(entry, at()) == [message]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (sauspiel(declarer_points=70, laufende=15), "laufende must be between 0 and 14"),
        (alone("wenz", declarer_points=70, laufende=5), "laufende must be between 0 and 4"),
        (sauspiel(declarer_points=70, laufende=-1), "laufende must be between 0 and 14"),
        (sauspiel(declarer_points=70, laufende="3"), "laufende must be a whole number"),
        (alone("sie", laufende=8), "runners do not count in a Sie"),
        (
            alone("solo-tout", declarer_tricks=8, laufende=3),
            "runners do not count in a Solo-Tout at this table",
        ),
        ({"contract": "passed", "laufende": 3}, "laufende does not apply when everybody passed"),
    ],
)
def test_bad_runner_counts(entry: dict[str, object], message: str) -> None:
    assert problems_of(entry, at(runners=True)) == [message]


def test_runners_count_in_a_tout_only_when_tout_is_doubled() -> None:
    here = at(runners=True, tout="double")
    entry = alone("solo-tout", declarer_tricks=8, laufende=14)
    assert score(entry, here).points == bob_alone(2 * (50 + 140))
    too_many = alone("wenz-tout", declarer_tricks=8, laufende=5)
    assert problems_of(too_many, here) == ["laufende must be between 0 and 4"]


def test_every_problem_of_an_entry_is_reported_at_once() -> None:
    entry = {
        "contract": "solo",
        "declarer": "Zed",
        "partner": "Cy",
        "suit": "blatt",
        "declarer_points": 130,
        "doublings": 7,
        "laufende": 3,
        "note": "x",
    }
    assert sorted(problems_of(entry, at())) == [
        "Zed is not at this table",
        "a Solo has no partner",
        "declarer_points must be between 0 and 120",
        "doublings must be between 0 and 4",
        "runners are not counted at this table",
        "suit must be one of eichel, gras, herz, schellen",
        "unknown field note",
    ]


def test_problems_name_their_field() -> None:
    with pytest.raises(EntryError) as caught:
        score(sauspiel(partner="Ann", declarer_points=130), at())
    assert {problem.field for problem in caught.value.problems} == {"partner", "declarer_points"}


# -- the evening -----------------------------------------------------------------------------


def test_the_evening_is_a_running_balance_that_never_ends() -> None:
    game = get_game("schafkopf")
    here = at()
    rounds = [
        game.score_round(sauspiel(declarer_points=95), here),
        game.score_round(alone("solo", declarer_points=40), here),
        game.score_round({"contract": "passed"}, here),
    ]
    state = game.game_state(rounds, here)
    assert state.totals_after_each_round == (
        two_against_two(20),
        {"Ann": 70, "Bob": -170, "Cy": 70, "Di": 30},
        {"Ann": 70, "Bob": -170, "Cy": 70, "Di": 30},
    )
    assert state.totals == {"Ann": 70, "Bob": -170, "Cy": 70, "Di": 30}
    assert (state.finished, state.winners, state.finished_after_round) == (False, (), None)
    assert game.game_state([], here).totals == dict.fromkeys(FOUR, 0)


# -- the scoresheet --------------------------------------------------------------------------


def schafkopf_document(*rounds: dict[str, object], **options: object) -> dict[str, object]:
    return {
        "format": "scoresheet/1",
        "game": "schafkopf",
        "options": options,
        "players": list(FOUR),
        "rounds": list(rounds),
    }


def test_a_scoresheet_scores_every_contract_with_the_documented_breakdown() -> None:
    output = score_scoresheet(
        schafkopf_document(
            {
                "contract": "sauspiel",
                "declarer": "Ann",
                "partner": "Cy",
                "declarer_points": 75,
                "declarer_tricks": 5,
                "doublings": 1,
            },
            {"contract": "wenz", "declarer": "Bob", "declarer_points": 95, "laufende": 3},
            {"contract": "solo-tout", "declarer": "Di", "declarer_tricks": 8},
            {"contract": "sie", "declarer": "Cy"},
            {"contract": "passed"},
            {"points": {"Ann": 10, "Bob": -10}},
            tariff={"wenz": 60},
            runners=True,
        )
    )
    rounds = output["rounds"]
    assert isinstance(rounds, list)
    for played in rounds:
        assert {"declarer_won", "schneider", "schwarz", "multiplier", "game_value"} <= set(
            played["breakdown"]
        )
    assert [played["points"] for played in rounds] == [
        two_against_two(20),
        bob_alone(60 + 10 + 30),
        {"Ann": -180, "Bob": -180, "Cy": -180, "Di": 540},
        {"Ann": -540, "Bob": -540, "Cy": 1620, "Di": -540},
        dict.fromkeys(FOUR, 0),
        {"Ann": 10, "Bob": -10, "Cy": 0, "Di": 0},
    ]
    first = rounds[0]["breakdown"]
    assert (first["declarer_won"], first["schneider"], first["schwarz"]) == (True, False, False)
    assert (first["multiplier"], first["game_value"]) == (2, 20)
    assert output["totals"] == {"Ann": -790, "Bob": -450, "Cy": 1360, "Di": -120}
    assert (output["finished"], output["winners"], output["eliminated"]) == (False, [], [])


def test_a_scoresheet_with_bad_rounds_names_each_round_and_scores_nothing() -> None:
    document = schafkopf_document(
        {"contract": "sauspiel", "declarer": "Ann", "partner": "Cy", "declarer_points": 75},
        {"contract": "solo", "declarer": "Ann", "partner": "Cy", "declarer_points": 75},
        {"contract": "sie", "declarer": "Zed", "doublings": 1},
    )
    with pytest.raises(EntryError) as caught:
        score_scoresheet(document)
    assert [problem.text() for problem in caught.value.problems] == [
        "round 2: a Solo has no partner",
        "round 3: Zed is not at this table",
        "round 3: a Sie cannot be doubled",
    ]


def test_a_scoresheet_with_a_bad_tariff_is_rejected() -> None:
    with pytest.raises(EntryError) as caught:
        score_scoresheet(schafkopf_document(tariff={"wenz": -1}))
    assert [problem.text() for problem in caught.value.problems] == [
        "option tariff.wenz must be between 1 and 100000"
    ]


# -- fields that do not apply but say nothing (issue 17) -------------------------------------


def test_a_passed_hand_with_doublings_0_is_accepted() -> None:
    # Issue 17: a scoresheet that fills every field writes 0 where a field does not apply.
    result = score({"contract": "passed", "doublings": 0}, at())
    assert result.points == dict.fromkeys(FOUR, 0)
    assert result.breakdown["contract"] == "passed"
    assert (result.breakdown["multiplier"], result.breakdown["game_value"]) == (1, 0)


def test_a_passed_hand_with_every_field_saying_nothing_is_accepted() -> None:
    entry = {
        "contract": "passed",
        "declarer": None,
        "partner": None,
        "suit": None,
        "declarer_points": 0,
        "declarer_tricks": 0,
        "declarer_won": False,
        "schneider": False,
        "schwarz": False,
        "doublings": 0,
        "laufende": 0,
    }
    assert score(entry, at()).points == dict.fromkeys(FOUR, 0)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"contract": "passed", "doublings": 2}, "doublings does not apply when everybody passed"),
        (
            {"contract": "passed", "declarer_won": True},
            "declarer_won does not apply when everybody passed",
        ),
        (
            {"contract": "passed", "declarer_points": 61},
            "declarer_points does not apply when everybody passed",
        ),
        (alone("sie", declarer_tricks=8), "declarer_tricks does not apply to a Sie"),
        (
            alone("solo-tout", declarer_tricks=8, schwarz=True),
            "schwarz does not apply to a Solo-Tout",
        ),
        (alone("solo", partner="Cy", declarer_points=70), "a Solo has no partner"),
        ({"points": {"Ann": 10, "Bob": -10}, "doublings": 1}, "unknown field doublings"),
    ],
)
def test_a_field_that_does_not_apply_is_still_refused_when_it_says_something(
    entry: dict[str, object], message: str
) -> None:
    assert problems_of(entry, at()) == [message]


def test_fields_that_do_not_apply_with_nothing_values_are_accepted_in_played_games() -> None:
    sie = alone("sie", declarer_points=0, declarer_tricks=0, schneider=False, schwarz=False)
    assert score(sie, at()).points == bob_alone(540)
    tout = alone("wenz-tout", declarer_tricks=8, schneider=False, schwarz=False)
    assert score(tout, at()).points == bob_alone(180)
    wenz = alone("wenz", declarer_points=70, partner=None, suit=None)
    assert score(wenz, at()).points == bob_alone(50)


def test_hand_counted_points_accept_contract_fields_that_say_nothing() -> None:
    entry = {"points": {"Ann": 10, "Bob": -10}, "contract": None, "doublings": 0, "laufende": 0}
    assert score(entry, at()).points == {"Ann": 10, "Bob": -10, "Cy": 0, "Di": 0}
    # and a contract entry accepts points that say nothing
    assert score({"contract": "passed", "points": {}}, at()).points == dict.fromkeys(FOUR, 0)
