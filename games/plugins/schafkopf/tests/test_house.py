"""Schafkopf's Bavarian house games (issue 17; games/plugins/schafkopf/rules.md §9 and §11-§14):
Ramsch when everybody passes (Jungfrau, Durchmarsch), Bettel and Bettel Brett, Klopfen, and a
Sie worth four times the Solo under the doubled-Tout tariff.

Every expected value is worked out by hand from the BSKV tariff (games/plugins/schafkopf/rules.md
§11: Rufspiel 10, Solo 50, Schneider and Schwarz steps of 10, Bettel 30, Ramsch 20; §12: Jungfrau
40, Durchmarsch = a Solo won Schwarz) and, where the usual rules and the issue are silent, the
readings marked Decision in games/plugins/schafkopf/rules.md §3, §12 and §14 (also written down in
games/plugins/schafkopf/engine.py, "House games").
"""

from __future__ import annotations

import pytest

from games.plugins.schafkopf.engine import (
    BETTEL,
    BETTEL_BRETT,
    CONTRACTS,
    PASSED,
    RAMSCH,
    SAUSPIEL,
    SIE,
    contracts_at,
    game_value,
    knock_multiplier,
    ramsch_losers,
    ramsch_value_parts,
    settle_ramsch,
)
from games.scoring import TableSetup, get_game
from games.scoring.scoresheet import score_scoresheet
from tests.scoring.helpers import problems_of, score

FOUR = ("Ann", "Bob", "Cy", "Di")


def at(**options: object) -> TableSetup:
    return get_game("schafkopf").setup(list(FOUR), options)


HOUSE = {"ramsch": True, "bettel": True, "klopfen": True}


def house(**options: object) -> TableSetup:
    return at(**{**HOUSE, **options})


def ramsch(ann: int, bob: int, cy: int, di: int, **fields: object) -> dict[str, object]:
    return {
        "contract": "ramsch",
        "card_points": {"Ann": ann, "Bob": bob, "Cy": cy, "Di": di},
        **fields,
    }


def bob_alone(value: int) -> dict[str, int]:
    """Bob plays alone and receives ``value`` from each opponent; negative when he loses."""
    return {"Ann": -value, "Bob": 3 * value, "Cy": -value, "Di": -value}


def pays_each(loser: str, value: int) -> dict[str, int]:
    """``loser`` pays ``value`` to each of the other three."""
    return {player: -3 * value if player == loser else value for player in FOUR}


# -- the table -----------------------------------------------------------------------------------


def test_the_house_games_are_offered_only_where_the_table_switched_them_on() -> None:
    assert contracts_at(at()) == tuple(c for c in CONTRACTS if c.key not in HOUSE_KEYS)
    assert BETTEL in contracts_at(at(bettel=True))
    assert BETTEL_BRETT in contracts_at(at(bettel=True))
    assert RAMSCH not in contracts_at(at(bettel=True))
    # With Ramsch everybody passing is a Ramsch, never a redeal.
    assert RAMSCH in contracts_at(at(ramsch=True))
    assert PASSED not in contracts_at(at(ramsch=True))


HOUSE_KEYS = (
    "bettel",
    "bettel-brett",
    "ramsch",
    "geier",
    "geier-tout",
    "farbwenz",
    "farbwenz-tout",
    "farbgeier",
    "farbgeier-tout",
    "hochzeit",
)


@pytest.mark.parametrize(
    ("entry", "table", "message"),
    [
        (
            {"contract": "bettel", "declarer": "Ann", "declarer_tricks": 0},
            at(),
            "Bettel is not played at this table",
        ),
        (
            {"contract": "bettel-brett", "declarer": "Ann", "declarer_won": True},
            at(ramsch=True),
            "Bettel Brett is not played at this table",
        ),
        (
            ramsch(30, 52, 38, 0),
            at(bettel=True),
            "Ramsch is not played at this table: when everybody passes, the cards are dealt again",
        ),
        (
            {"contract": "passed"},
            at(ramsch=True),
            "at this table everybody passing is a Ramsch: enter the Ramsch",
        ),
        (
            {"contract": "solo", "declarer": "Ann", "declarer_points": 70, "klopfen": 1},
            at(),
            "Klopfen is not played at this table",
        ),
    ],
    ids=["bettel-off", "brett-off", "ramsch-off", "passed-at-ramsch", "klopfen-off"],
)
def test_a_house_game_the_table_does_not_play_is_refused_in_words(
    entry: dict[str, object], table: TableSetup, message: str
) -> None:
    assert problems_of(entry, table) == [message]


# -- Klopfen -------------------------------------------------------------------------------------


def test_each_knock_doubles_the_value_with_the_stoss_chain() -> None:
    # games/plugins/schafkopf/rules.md §14: each knock doubles the hand's value, on top of any Stoß.
    assert [knock_multiplier(count) for count in range(5)] == [1, 2, 4, 8, 16]
    assert game_value(SAUSPIEL, klopfen=1) == 20
    # One knock, then Stoß: 10 x 2 x 2; two knocks and a Retour: 10 x 4 x 4.
    assert game_value(SAUSPIEL, klopfen=1, doublings=1) == 40
    assert game_value(SAUSPIEL, klopfen=2, doublings=2) == 160
    with pytest.raises(ValueError, match="klopfen must be"):
        knock_multiplier(5)


def test_a_knocked_sauspiel_with_stoss_pays_each_player() -> None:
    result = score(
        {
            "contract": "sauspiel",
            "declarer": "Ann",
            "partner": "Cy",
            "declarer_points": 95,
            "doublings": 1,
            "klopfen": 2,
        },
        house(),
    )
    # (10 + Schneider 10) x 2^2 knocks x 2 for the Stoß = 160 for each player.
    assert result.points == {"Ann": 160, "Bob": -160, "Cy": 160, "Di": -160}
    breakdown = result.breakdown
    assert (breakdown["klopfen"], breakdown["doublings"]) == (2, 1)
    assert (breakdown["value_before_doublings"], breakdown["multiplier"]) == (20, 8)
    assert breakdown["game_value"] == 160


def test_klopfen_doubles_a_sie_that_no_stoss_can_double() -> None:
    # The knocks come while the cards are dealt, before anybody sees a Sie.
    assert score({"contract": "sie", "declarer": "Bob", "klopfen": 1}, house()).points == (
        bob_alone(1080)
    )


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"contract": "solo", "declarer": "Ann", "declarer_points": 70, "klopfen": 5},
            "klopfen must be between 0 and 4",
        ),
        (
            {"contract": "solo", "declarer": "Ann", "declarer_points": 70, "klopfen": True},
            "klopfen must be a whole number",
        ),
        ({"contract": "passed", "klopfen": 1}, "klopfen does not apply when everybody passed"),
    ],
)
def test_bad_knocks_are_refused(entry: dict[str, object], message: str) -> None:
    table = at(klopfen=True)
    assert problems_of(entry, table) == [message]


def test_no_knock_is_accepted_at_every_table() -> None:
    # A field that does not apply is accepted when it says nothing (issue 17).
    entry = {"contract": "solo", "declarer": "Bob", "declarer_points": 70, "klopfen": 0}
    assert score(entry, at()).points == bob_alone(50)
    assert score({"contract": "passed", "klopfen": 0}, at()).points == dict.fromkeys(FOUR, 0)


# -- Bettel --------------------------------------------------------------------------------------


def test_bettel_is_won_without_a_trick_for_the_bettel_tariff() -> None:
    # games/plugins/schafkopf/rules.md §11 and §13, the BSKV tariff: Bettel 30, from each of the
    # three.
    won = score({"contract": "bettel", "declarer": "Bob", "declarer_tricks": 0}, house())
    assert won.points == bob_alone(30)
    assert won.breakdown["declarer_won"] is True
    assert (won.breakdown["base"], won.breakdown["factor"]) == (30, 1)
    assert (won.breakdown["schneider"], won.breakdown["schwarz"]) == (False, False)


def test_bettel_is_lost_with_one_trick() -> None:
    lost = score({"contract": "bettel", "declarer": "Bob", "declarer_tricks": 1}, house())
    assert lost.points == bob_alone(-30)
    assert score(
        {"contract": "bettel", "declarer": "Bob", "declarer_won": False}, house()
    ).points == (bob_alone(-30))


def test_bettel_brett_doubles_the_bettel() -> None:
    result = score({"contract": "bettel-brett", "declarer": "Bob", "declarer_won": True}, house())
    assert result.points == bob_alone(60)
    assert (result.breakdown["factor"], result.breakdown["value_before_doublings"]) == (2, 60)


def test_bettel_follows_the_tariff_the_stoss_and_the_knocks() -> None:
    table = house(tariff={"bettel": 40})
    entry = {"contract": "bettel", "declarer": "Bob", "declarer_tricks": 0, "doublings": 1}
    assert score(entry, table).points == bob_alone(80)
    # Brett x 2, one knock x 2, Stoß x 2: 40 x 8.
    brett = {**entry, "contract": "bettel-brett", "klopfen": 1}
    assert score(brett, table).points == bob_alone(320)
    assert game_value(BETTEL_BRETT, doublings=2) == 30 * 2 * 4


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"contract": "bettel", "declarer": "Bob", "declarer_points": 0, "declarer_tricks": 1},
            None,
        ),
        (
            {"contract": "bettel", "declarer": "Bob", "declarer_points": 10, "declarer_won": True},
            "declarer_points does not apply to a Bettel",
        ),
        (
            {"contract": "bettel", "declarer": "Bob", "declarer_won": True, "schneider": True},
            "schneider does not apply to a Bettel",
        ),
        (
            {"contract": "bettel", "declarer": "Bob"},
            "a Bettel needs declarer_tricks or declarer_won",
        ),
        (
            {"contract": "bettel", "declarer": "Bob", "declarer_tricks": 0, "declarer_won": True},
            "give declarer_tricks or declarer_won, not both",
        ),
        (
            {"contract": "bettel", "declarer": "Bob", "partner": "Cy", "declarer_won": True},
            "a Bettel has no partner",
        ),
        (
            {"contract": "bettel", "declarer": "Bob", "suit": "herz", "declarer_won": True},
            "a Bettel has no suit",
        ),
        (
            {"contract": "bettel", "declarer": "Bob", "declarer_won": True, "laufende": 3},
            "runners do not count in a Bettel",
        ),
        (
            {"contract": "bettel-brett", "declarer": "Bob", "declarer_tricks": 9},
            "declarer_tricks must be between 0 and 8",
        ),
        ({"contract": "bettel", "declarer_won": True}, "a Bettel needs a declarer"),
    ],
)
def test_bad_bettel_entries(entry: dict[str, object], message: str | None) -> None:
    table = house(runners=True)
    if message is None:  # points that say nothing are accepted (issue 17)
        assert score(entry, table).points == bob_alone(-30)
    else:
        assert problems_of(entry, table) == [message]


# -- Ramsch --------------------------------------------------------------------------------------


def test_the_most_card_points_lose_the_ramsch_and_pay_each_other_player() -> None:
    # games/plugins/schafkopf/rules.md §12: the player with the most card points loses and pays the
    # Ramsch tariff (20) to each of the others.
    result = score(ramsch(30, 52, 38, 0), house())
    assert result.points == pays_each("Bob", 20)
    breakdown = result.breakdown
    assert breakdown["kind"] == "ramsch"
    assert (breakdown["losers"], breakdown["winners"]) == (["Bob"], ["Ann", "Cy", "Di"])
    assert breakdown["card_points"] == {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0}
    assert (breakdown["base"], breakdown["factor"], breakdown["game_value"]) == (20, 1, 20)
    assert breakdown["jungfrau"] == []
    assert breakdown["durchmarsch"] is None


def test_a_jungfrau_doubles_the_ramsch() -> None:
    # games/plugins/schafkopf/rules.md §12: a Jungfrau doubles the value, one making 40. Di took no
    # trick at all.
    result = score(ramsch(30, 52, 38, 0, jungfrau=["Di"]), house())
    assert result.points == pays_each("Bob", 40)
    assert (result.breakdown["factor"], result.breakdown["game_value"]) == (2, 40)


def test_two_jungfrauen_double_it_twice() -> None:
    assert score(ramsch(0, 70, 50, 0, jungfrau=["Ann", "Di"]), house()).points == (
        pays_each("Bob", 80)
    )


def test_a_player_with_no_card_points_is_no_jungfrau_unless_entered() -> None:
    # Di took a trick of Nines, Eights and Sevens: no card points, but a trick.
    assert score(ramsch(30, 52, 38, 0), house()).points == pays_each("Bob", 20)


def test_all_120_card_points_without_every_trick_is_no_durchmarsch() -> None:
    # Ann took 120 card points in 7 tricks; Di took a trick of blanks, Bob and Cy none.
    result = score(ramsch(120, 0, 0, 0, jungfrau=["Bob", "Cy"]), house())
    assert result.points == pays_each("Ann", 80)


def test_players_tied_for_the_most_card_points_all_lose() -> None:
    # Chosen reading: a tie saves nobody; each loser pays every player who did not lose.
    two = score(ramsch(45, 45, 30, 0), house())
    assert two.points == {"Ann": -40, "Bob": -40, "Cy": 40, "Di": 40}
    assert two.breakdown["losers"] == ["Ann", "Bob"]
    three = score(ramsch(40, 40, 40, 0), house())
    assert three.points == {"Ann": -20, "Bob": -20, "Cy": -20, "Di": 60}


def test_all_four_on_30_lose_together_and_nobody_pays() -> None:
    result = score(ramsch(30, 30, 30, 30), house())
    assert result.points == dict.fromkeys(FOUR, 0)
    assert result.breakdown["winners"] == []


def test_a_durchmarsch_wins_a_solo_won_schwarz_from_everyone() -> None:
    # games/plugins/schafkopf/rules.md §12: a Durchmarsch wins as a Solo won Schwarz, 50 + 10 + 10 =
    # 70 from each of the others.
    result = score({"contract": "ramsch", "durchmarsch": "Cy"}, house())
    assert result.points == {"Ann": -70, "Bob": -70, "Cy": 210, "Di": -70}
    breakdown = result.breakdown
    assert (breakdown["winners"], breakdown["losers"]) == (["Cy"], ["Ann", "Bob", "Di"])
    assert (breakdown["base"], breakdown["schneider_value"], breakdown["schwarz_value"]) == (
        50,
        10,
        10,
    )
    assert (breakdown["schneider"], breakdown["schwarz"]) == (True, True)
    assert breakdown["card_points"] is None
    # The card points may be given too, if they agree.
    with_points = score(ramsch(0, 0, 120, 0, durchmarsch="Cy"), house())
    assert with_points.points == result.points


def test_knocks_double_a_ramsch_and_a_durchmarsch() -> None:
    assert score(ramsch(30, 52, 38, 0, jungfrau=["Di"], klopfen=1), house()).points == (
        pays_each("Bob", 80)
    )
    assert score({"contract": "ramsch", "durchmarsch": "Cy", "klopfen": 2}, house()).points == {
        "Ann": -280,
        "Bob": -280,
        "Cy": 840,
        "Di": -280,
    }


def test_the_ramsch_follows_the_tariff() -> None:
    table = house(tariff={"ramsch": 10, "solo": 60})
    assert score(ramsch(30, 52, 38, 0), table).points == pays_each("Bob", 10)
    assert score({"contract": "ramsch", "durchmarsch": "Bob"}, table).points == bob_alone(80)


def test_the_ramsch_helpers() -> None:
    assert ramsch_losers({"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0}) == ("Bob",)
    assert ramsch_losers({"Ann": 45, "Bob": 45, "Cy": 30, "Di": 0}) == ("Ann", "Bob")
    assert settle_ramsch(FOUR, ("Bob",), 20) == pays_each("Bob", 20)
    assert settle_ramsch(FOUR, FOUR, 20) == dict.fromkeys(FOUR, 0)
    parts = ramsch_value_parts(jungfrauen=1, klopfen=1)
    assert (parts.base, parts.factor, parts.multiplier, parts.per_opponent) == (20, 2, 2, 80)
    assert ramsch_value_parts(durchmarsch=True).per_opponent == 70
    with pytest.raises(ValueError, match="Jungfrauen"):
        ramsch_value_parts(jungfrauen=3)


@pytest.mark.parametrize(
    ("entry", "messages"),
    [
        (ramsch(30, 52, 36, 3), ["the card points must add up to 120, not 121"]),
        (
            ramsch(121, 0, 0, 0),
            ["card points for Ann must be between 0 and 120, not 121"],
        ),
        (
            {"contract": "ramsch", "card_points": {"Ann": 60, "Zed": 60}},
            ["Zed is not at this table"],
        ),
        (
            {"contract": "ramsch", "card_points": {"Ann": "60", "Bob": 60}},
            ["card points for Ann must be a whole number"],
        ),
        (
            {"contract": "ramsch", "card_points": [60, 60]},
            ["card_points must give a number for each player"],
        ),
        (
            {"contract": "ramsch"},
            ["a Ramsch needs each player's card points, or who made the Durchmarsch"],
        ),
        (
            ramsch(30, 52, 38, 0, jungfrau=["Bob"]),
            ["Bob took no trick (Jungfrau), so cannot have 52 card points"],
        ),
        (
            ramsch(120, 0, 0, 0, jungfrau=["Bob", "Cy", "Di"]),
            [
                "three players without a trick mean Ann took every trick: enter it as Ann's "
                "Durchmarsch"
            ],
        ),
        (ramsch(30, 52, 38, 0, jungfrau=["Di", "Di"]), ["Di is a Jungfrau only once"]),
        (
            ramsch(30, 52, 38, 0, jungfrau="Di"),
            ["jungfrau must list the players who took no trick"],
        ),
        (ramsch(30, 52, 38, 0, jungfrau=["Zed"]), ["Zed is not at this table"]),
        (
            ramsch(60, 60, 0, 0, durchmarsch="Ann"),
            ["a Durchmarsch takes all 120 card points, and Ann has 60"],
        ),
        (
            {"contract": "ramsch", "durchmarsch": "Ann", "jungfrau": ["Bob"]},
            ["a Durchmarsch has no Jungfrau to enter: the other three took no trick anyway"],
        ),
        ({"contract": "ramsch", "durchmarsch": "Zed"}, ["Zed is not at this table"]),
        (
            ramsch(30, 52, 38, 0, declarer="Bob"),
            ["declarer does not apply to a Ramsch"],
        ),
        (
            ramsch(30, 52, 38, 0, doublings=1),
            ["a Ramsch cannot be doubled: nobody declared it (Klopfen still counts)"],
        ),
        (ramsch(30, 52, 38, 0, klopfen=5), ["klopfen must be between 0 and 4"]),
        (
            {
                "contract": "sauspiel",
                "declarer": "Ann",
                "partner": "Cy",
                "declarer_points": 70,
                "card_points": {"Ann": 70},
            },
            ["card_points does not apply to a Sauspiel"],
        ),
        (
            {"contract": "solo", "declarer": "Ann", "declarer_points": 70, "durchmarsch": "Ann"},
            ["durchmarsch does not apply to a Solo"],
        ),
        (
            {"contract": "passed", "jungfrau": ["Ann"]},
            ["at this table everybody passing is a Ramsch: enter the Ramsch"],
        ),
    ],
)
def test_bad_ramsch_entries_are_refused_with_every_problem(
    entry: dict[str, object], messages: list[str]
) -> None:
    assert problems_of(entry, house()) == messages


def test_a_ramsch_accepts_fields_that_say_nothing() -> None:
    # Issue 17: a scoresheet may fill every field, with 0 where it does not apply.
    entry = ramsch(
        30,
        52,
        38,
        0,
        declarer=None,
        partner=None,
        suit=None,
        declarer_points=0,
        declarer_tricks=0,
        declarer_won=False,
        schneider=False,
        schwarz=False,
        doublings=0,
        laufende=0,
        klopfen=0,
        jungfrau=[],
        durchmarsch=None,
    )
    assert score(entry, house()).points == pays_each("Bob", 20)
    # ... and the other contracts accept the Ramsch fields when they say nothing.
    solo = {
        "contract": "solo",
        "declarer": "Bob",
        "declarer_points": 70,
        "card_points": {},
        "jungfrau": [],
        "durchmarsch": None,
    }
    assert score(solo, house()).points == bob_alone(50)
    assert score({**solo, "card_points": dict.fromkeys(FOUR, 0)}, at()).points == bob_alone(50)


# -- Sie under the doubled Tout ------------------------------------------------------------------


def test_sie_is_four_times_the_solo_under_tout_double_and_flat_otherwise() -> None:
    # Issue 17: "Under the doubled-Tout tariff, Sie must be 4x the Solo value (today 540
    # stays)"; dokutransdata: a Tout doubles a Solo, a Sie doubles it again.
    assert game_value(SIE, tout="double") == 200
    assert game_value(SIE, tout="double", laufende=8) == 4 * (50 + 80)
    assert game_value(SIE) == 540
    assert score({"contract": "sie", "declarer": "Bob"}, at(tout="double")).points == (
        bob_alone(200)
    )
    # The Sie's runners are never entered: they are always its 8 Ober and Unter.
    assert problems_of(
        {"contract": "sie", "declarer": "Bob", "laufende": 8}, at(tout="double", runners=True)
    ) == ["a Sie's 8 runners count by themselves here: leave laufende out"]


# -- the scoresheet ------------------------------------------------------------------------------


def test_a_scoresheet_with_every_house_game_scores_to_a_zero_sum_balance() -> None:
    document = {
        "format": "scoresheet/1",
        "game": "schafkopf",
        "options": {"ramsch": True, "bettel": True, "klopfen": True, "tout": "double"},
        "players": list(FOUR),
        "rounds": [
            ramsch(30, 52, 38, 0, jungfrau=["Di"]),
            {"contract": "ramsch", "durchmarsch": "Cy", "klopfen": 1},
            {"contract": "bettel", "declarer": "Bob", "declarer_tricks": 0, "klopfen": 1},
            {"contract": "bettel-brett", "declarer": "Ann", "declarer_won": False},
            {"contract": "sie", "declarer": "Di"},
            {
                "contract": "sauspiel",
                "declarer": "Ann",
                "partner": "Cy",
                "declarer_points": 75,
                "doublings": 1,
                "klopfen": 1,
            },
        ],
    }
    output = score_scoresheet(document)
    rounds = output["rounds"]
    assert isinstance(rounds, list)
    assert [played["points"] for played in rounds] == [
        pays_each("Bob", 40),
        {"Ann": -140, "Bob": -140, "Cy": 420, "Di": -140},
        bob_alone(60),
        {"Ann": -180, "Bob": 60, "Cy": 60, "Di": 60},
        {"Ann": -200, "Bob": -200, "Cy": -200, "Di": 600},
        {"Ann": 40, "Bob": -40, "Cy": 40, "Di": -40},
    ]
    for played in rounds:
        assert {"declarer_won", "schneider", "schwarz", "multiplier", "game_value"} <= set(
            played["breakdown"]
        )
    totals = output["totals"]
    assert isinstance(totals, dict)
    assert sum(totals.values()) == 0
    assert totals == {"Ann": -500, "Bob": -260, "Cy": 300, "Di": 460}
