"""Schafkopf: contracts, doublings, Schneider and Schwarz, Tout, Sie, Laufende, the settlement.

Rules, with their decisions: games/plugins/schafkopf/rules.md §1-§11, §15 and §16; entry format:
docs/scoresheet.md "Schafkopf". Every expected value below is worked out by hand from those
pages (default tariff, §11: Sauspiel 10, Wenz and Solo 50, Tout 180, Sie 540, steps of 10).
"""

from __future__ import annotations

import pytest

from games.plugins.schafkopf.engine import (
    CONTRACTS,
    CONTRACTS_BY_KEY,
    DEFAULT_TARIFF,
    DOUBLING_NAMES,
    DOUBLINGS,
    SAUSPIEL,
    SIE,
    SOLO,
    SOLO_TOUT,
    TARIFF_LABELS,
    WENZ,
    WENZ_TOUT,
    GermanSuit,
    counted_laufende,
    declarer_wins,
    fewest_card_points,
    game_value,
    is_schneider,
    is_schwarz,
    laufende_count_in,
    leader_after,
    most_card_points,
    settle,
    value_parts,
)
from games.plugins.schafkopf.tests.examples import (
    FOUR,
    alone,
    at,
    bob_alone,
    sauspiel,
    two_against_two,
)
from games.scoring import COMING_GAMES, GAMES, get_game
from tests.scoring.helpers import problems_of, score, setup_problems

# -- the table -------------------------------------------------------------------------------


def test_schafkopf_is_scored_and_no_longer_coming() -> None:
    assert "schafkopf" in GAMES
    assert "schafkopf" not in COMING_GAMES


def test_schafkopf_needs_four_players_or_five_with_the_dealer_sitting_out() -> None:
    # Three is a different game (tournaments/NOTES.md §1); five has the dealer sit out.
    assert setup_problems("schafkopf", FOUR[:3]) == ["Schafkopf needs 4 to 5 players, not 3"]
    assert setup_problems("schafkopf", (*FOUR, "Ed", "Flo")) == [
        "Schafkopf needs 4 to 5 players, not 6"
    ]


def test_each_plays_for_himself_from_hand_to_hand() -> None:
    # games/plugins/schafkopf/rules.md §3: no fixed teams; partners change from hand to hand.
    assert at().sides == FOUR
    assert at().teams == ()


def test_option_defaults_follow_the_format() -> None:
    options = at().options
    assert options["tariff"] == {
        "sauspiel": 10,
        "wenz": 50,
        "solo": 50,
        "tout": 180,
        "sie": 540,
        "schneider": 10,
        "schwarz": 10,
        # The house games' parts (games/plugins/schafkopf/rules.md §11, the BSKV tariff), this
        # project's additions.
        "bettel": 30,
        "ramsch": 20,
    }
    assert options["runners"] is False
    assert options["tout"] == "flat"
    assert (options["ramsch"], options["bettel"], options["klopfen"]) == (False, False, False)
    assert options["cents_per_point"] == 0
    assert options["currency"] == "EUR"


def test_the_tariff_is_a_mapping_option_with_one_label_per_part() -> None:
    spec = next(spec for spec in get_game("schafkopf").option_specs if spec.name == "tariff")
    assert spec.kind == "mapping"
    assert spec.parts == tuple(DEFAULT_TARIFF)
    assert set(TARIFF_LABELS) == set(spec.parts)


def test_a_tariff_subset_keeps_the_other_defaults() -> None:
    options = at(tariff={"wenz": 60, "schneider": 5}).options
    assert options["tariff"] == {**DEFAULT_TARIFF, "wenz": 60, "schneider": 5}


def test_a_changed_tariff_never_changes_the_default() -> None:
    first = at(tariff={"solo": 70})
    assert at().option_mapping("tariff")["solo"] == 50
    assert first.option_mapping("tariff")["solo"] == 70


@pytest.mark.parametrize(
    ("tariff", "message"),
    [
        (
            10,
            "option tariff must give whole numbers for some of sauspiel, wenz, solo, tout, sie, "
            "schneider, schwarz, bettel, ramsch",
        ),
        (
            {"geier": 30},
            "option tariff has no part geier; it has sauspiel, wenz, solo, tout, sie, "
            "schneider, schwarz, bettel, ramsch",
        ),
        ({"ramsch": 0}, "option tariff.ramsch must be between 1 and 100000"),
        ({"wenz": 0}, "option tariff.wenz must be between 1 and 100000"),
        ({"solo": -50}, "option tariff.solo must be between 1 and 100000"),
        ({"sie": 100_001}, "option tariff.sie must be between 1 and 100000"),
        ({"sauspiel": "10"}, "option tariff.sauspiel must be a whole number"),
        ({"schneider": True}, "option tariff.schneider must be a whole number"),
        ({"tout": 1.5}, "option tariff.tout must be a whole number"),
    ],
)
def test_bad_tariffs_are_rejected(tariff: object, message: str) -> None:
    assert setup_problems("schafkopf", FOUR, {"tariff": tariff}) == [message]


def test_every_bad_tariff_part_is_reported_at_once() -> None:
    texts = setup_problems("schafkopf", FOUR, {"tariff": {"wenz": 0, "solo": "x", "geier": 20}})
    assert sorted(texts) == [
        "option tariff has no part geier; it has sauspiel, wenz, solo, tout, sie, schneider, "
        "schwarz, bettel, ramsch",
        "option tariff.solo must be a whole number",
        "option tariff.wenz must be between 1 and 100000",
    ]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"runners": 1}, "option runners must be true or false"),
        ({"tout": "triple"}, "option tout must be one of flat, double"),
        ({"cents_per_point": -1}, "option cents_per_point must be between 0 and 10000"),
        ({"cents_per_point": 10_001}, "option cents_per_point must be between 0 and 10000"),
        ({"currency": "SEK"}, "option currency must be one of EUR, CHF, USD, GBP, JPY"),
        ({"doppelkopf": True}, "unknown option doppelkopf"),
        ({"geier": 1}, "option geier must be true or false"),
        ({"wenz_runners_from": 4}, "option wenz_runners_from must be between 2 and 3"),
        ({"ramsch": 1}, "option ramsch must be true or false"),
        ({"bettel": "yes"}, "option bettel must be true or false"),
        ({"klopfen": 2}, "option klopfen must be true or false"),
    ],
)
def test_bad_options_are_rejected(options: dict[str, object], message: str) -> None:
    assert setup_problems("schafkopf", FOUR, options) == [message]


def test_money_options_never_change_the_scores() -> None:
    entry = sauspiel(declarer_points=70)
    plain = score(entry, at())
    paid = score(entry, at(cents_per_point=50, currency="CHF"))
    assert paid.points == plain.points == two_against_two(10)


# -- the public helpers ----------------------------------------------------------------------


def test_contracts_come_in_bidding_order_with_names_and_explanations() -> None:
    # The table of games/plugins/schafkopf/rules.md §3, with the house games where its Decision
    # ranks them: a Hochzeit and a Bettel above a Sauspiel, a Bettel Brett above a Solo; the
    # regional games beside the Wenz and Solo they are priced as (§17-§18); a Ramsch only when
    # everybody passed (§12).
    assert [contract.key for contract in CONTRACTS] == [
        "sauspiel",
        "hochzeit",
        "bettel",
        "wenz",
        "geier",
        "farbwenz",
        "farbgeier",
        "solo",
        "bettel-brett",
        "wenz-tout",
        "geier-tout",
        "farbwenz-tout",
        "farbgeier-tout",
        "solo-tout",
        "sie",
        "passed",
        "ramsch",
    ]
    assert [contract.name for contract in CONTRACTS[:15]] == [
        "Sauspiel",
        "Hochzeit",
        "Bettel",
        "Wenz",
        "Geier",
        "Farbwenz",
        "Farbgeier",
        "Solo",
        "Bettel Brett",
        "Wenz-Tout",
        "Geier-Tout",
        "Farbwenz-Tout",
        "Farbgeier-Tout",
        "Solo-Tout",
        "Sie",
    ]
    assert all(contract.explanation.endswith(".") for contract in CONTRACTS)
    assert CONTRACTS_BY_KEY["solo"] is SOLO


def test_doublings_are_stoss_retour_sub_resub() -> None:
    assert DOUBLING_NAMES == ("Stoß", "Retour", "Sub", "Resub")
    assert [doubling.multiplier for doubling in DOUBLINGS] == [2, 4, 8, 16]
    assert all(doubling.explanation for doubling in DOUBLINGS)


def test_the_seat_after_the_dealer_leads() -> None:
    # games/plugins/schafkopf/rules.md §2: the player on the dealer's left leads the first trick;
    # the deal passes clockwise.
    assert [leader_after(dealer) for dealer in range(4)] == [1, 2, 3, 0]


def test_the_win_line_and_the_schneider_and_schwarz_tests() -> None:
    assert (declarer_wins(60), declarer_wins(61)) == (False, True)
    assert [is_schneider(points) for points in (0, 30, 31, 60, 61, 90, 91, 120)] == [
        True,
        True,
        False,
        False,
        False,
        False,
        True,
        True,
    ]
    assert [is_schwarz(tricks) for tricks in range(9)] == [True] + [False] * 7 + [True]


def test_what_tricks_can_hold() -> None:
    # The 20 cards that count: 4 aces 11, 4 tens 10, 4 kings 4, 4 Ober 3, 4 Unter 2.
    assert [most_card_points(tricks) for tricks in range(9)] == [
        0,
        44,
        84,
        100,
        112,
        120,
        120,
        120,
        120,
    ]
    assert [fewest_card_points(tricks) for tricks in range(9)] == [0, 0, 0, 0, 8, 20, 36, 76, 120]


def test_game_value_is_the_additions_times_two_to_the_doublings() -> None:
    # games/plugins/schafkopf/rules.md §6: (base + Schneider + Schwarz) x 2^doublings, the doubling
    # last, after everything is added up.
    assert game_value(SAUSPIEL) == 10
    assert game_value(SAUSPIEL, schneider=True) == 20
    assert game_value(SAUSPIEL, schneider=True, schwarz=True) == 30
    assert game_value(SAUSPIEL, schwarz=True) == 30  # Schwarz always comes with Schneider
    assert game_value(SOLO, schneider=True, doublings=2) == 240
    assert game_value(WENZ, schneider=True, schwarz=True, doublings=4) == 70 * 16
    assert game_value(SOLO, laufende=4, doublings=1) == (50 + 40) * 2
    assert game_value(SOLO, tariff={"solo": 100}) == 100
    assert game_value(SOLO_TOUT, schneider=True, schwarz=True) == 180
    assert game_value(SOLO_TOUT, laufende=3, tout="double", doublings=1) == 2 * (50 + 30) * 2
    assert game_value(WENZ_TOUT, laufende=2, tout="double") == 2 * (50 + 20)
    assert game_value(SIE) == 540


def test_value_parts_explain_the_value() -> None:
    parts = value_parts(SAUSPIEL, schneider=True, laufende=3, doublings=1)
    assert (parts.base, parts.schneider, parts.schwarz, parts.laufende) == (10, 10, 0, 30)
    assert (parts.before_doublings, parts.multiplier, parts.per_opponent) == (50, 2, 100)


def test_game_value_refuses_a_doubled_sie_and_doublings_past_resub() -> None:
    with pytest.raises(ValueError, match="cannot be doubled"):
        game_value(SIE, doublings=1)
    with pytest.raises(ValueError, match="doublings must be"):
        game_value(SOLO, doublings=5)


def test_runners_count_from_three_and_in_a_wenz_from_two() -> None:
    assert [counted_laufende(SAUSPIEL, count) for count in range(5)] == [0, 0, 0, 3, 4]
    assert [counted_laufende(SOLO, count) for count in (2, 3, 14)] == [0, 3, 14]
    assert [counted_laufende(WENZ, count) for count in range(5)] == [0, 0, 2, 3, 4]
    assert counted_laufende(SIE, 8) == 0


def test_runners_can_count_everywhere_but_in_a_sie_and_a_flat_tout() -> None:
    assert [laufende_count_in(contract) for contract in CONTRACTS] == [
        True,  # Sauspiel
        True,  # Hochzeit
        False,  # Bettel
        True,  # Wenz
        True,  # Geier
        True,  # Farbwenz
        True,  # Farbgeier
        True,  # Solo
        False,  # Bettel Brett
        False,  # Wenz-Tout
        False,  # Geier-Tout
        False,  # Farbwenz-Tout
        False,  # Farbgeier-Tout
        False,  # Solo-Tout
        False,  # Sie
        False,  # everybody passed
        False,  # Ramsch
    ]
    assert laufende_count_in(SOLO_TOUT, "double")
    assert laufende_count_in(WENZ_TOUT, "double")
    assert not laufende_count_in(SIE, "double")


def test_settle_is_per_player_in_a_sauspiel_and_per_opponent_alone() -> None:
    assert settle(FOUR, ("Ann", "Cy"), True, 20) == two_against_two(20)
    assert settle(FOUR, ("Ann", "Cy"), False, 20) == two_against_two(-20)
    assert settle(FOUR, ("Bob",), True, 50) == bob_alone(50)
    assert settle(FOUR, ("Bob",), False, 50) == bob_alone(-50)


# -- every contract and doubling level -------------------------------------------------------


@pytest.mark.parametrize("doublings", range(5))
def test_sauspiel_pays_each_player_at_every_doubling_level(doublings: int) -> None:
    # games/plugins/schafkopf/rules.md §7: in a Sauspiel (2 v 2) each winner +V, each loser -V.
    value = 10 * 2**doublings
    won = score(sauspiel(declarer_points=75, declarer_tricks=5, doublings=doublings), at())
    lost = score(sauspiel(declarer_points=45, declarer_tricks=3, doublings=doublings), at())
    assert won.points == two_against_two(value)
    assert lost.points == two_against_two(-value)
    assert won.breakdown["multiplier"] == 2**doublings
    assert won.breakdown["game_value"] == value


@pytest.mark.parametrize("contract", ["wenz", "solo"])
@pytest.mark.parametrize("doublings", range(5))
def test_wenz_and_solo_pay_per_opponent_at_every_doubling_level(
    contract: str, doublings: int
) -> None:
    # games/plugins/schafkopf/rules.md §7 and its Decision: the declarer alone receives V from each
    # opponent (+3V, -V each), or pays each.
    value = 50 * 2**doublings
    won = score(alone(contract, declarer_points=61, doublings=doublings), at())
    lost = score(alone(contract, declarer_points=60, doublings=doublings), at())
    assert won.points == bob_alone(value)
    assert lost.points == bob_alone(-value)


@pytest.mark.parametrize("contract", ["wenz-tout", "solo-tout"])
@pytest.mark.parametrize("doublings", range(5))
def test_touts_pay_180_per_opponent_at_every_doubling_level(contract: str, doublings: int) -> None:
    value = 180 * 2**doublings
    won = score(alone(contract, declarer_tricks=8, doublings=doublings), at())
    lost = score(alone(contract, declarer_tricks=7, doublings=doublings), at())
    assert won.points == bob_alone(value)
    assert lost.points == bob_alone(-value)


def test_sauspiel_at_60_loses() -> None:
    # games/plugins/schafkopf/rules.md §4: the declarer side needs 61 card points; 60:60 loses.
    result = score(sauspiel(declarer_points=60), at())
    assert result.breakdown["declarer_won"] is False
    assert result.points == two_against_two(-10)


def test_a_suit_is_kept_in_the_breakdown() -> None:
    assert score(sauspiel(suit="gras", declarer_points=70), at()).breakdown["suit"] == "gras"
    result = score(alone("solo", suit="herz", declarer_points=70), at())
    assert result.breakdown["suit"] == "herz"
    assert [suit.label for suit in GermanSuit] == ["Eichel", "Gras", "Herz", "Schellen"]


# -- Schneider and Schwarz -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "tricks", "won", "schneider", "schwarz", "value"),
    [
        (90, 6, True, False, False, 10),  # the opponents are schneider-free with 30
        (91, 6, True, True, False, 20),
        (31, 2, False, False, False, 10),  # the declarer side is schneider-free with 31
        (30, 2, False, True, False, 20),
        (120, 7, True, True, False, 20),  # all the points but not all tricks: no Schwarz
        (120, 8, True, True, True, 30),
        (0, 1, False, True, False, 20),  # a trick of 7s, 8s and 9s: not Schwarz
        (0, 0, False, True, True, 30),
    ],
)
def test_schneider_and_schwarz_boundaries_in_a_sauspiel(
    points: int, tricks: int, won: bool, schneider: bool, schwarz: bool, value: int
) -> None:
    result = score(sauspiel(declarer_points=points, declarer_tricks=tricks), at())
    breakdown = result.breakdown
    assert (breakdown["declarer_won"], breakdown["schneider"], breakdown["schwarz"]) == (
        won,
        schneider,
        schwarz,
    )
    assert result.points == two_against_two(value if won else -value)


@pytest.mark.parametrize(
    ("points", "tricks", "value"),
    [(61, 4, 50), (91, 6, 60), (120, 8, 70), (30, 2, -60), (0, 0, -70)],
)
def test_solo_is_50_60_70_like_the_bskv_tariff(points: int, tricks: int, value: int) -> None:
    result = score(alone("solo", declarer_points=points, declarer_tricks=tricks), at())
    assert result.points == bob_alone(value)


def test_points_alone_are_never_schwarz() -> None:
    # games/plugins/schafkopf/rules.md §5: Schwarz "is decided by tricks, not points".
    result = score(sauspiel(declarer_points=120), at())
    assert (result.breakdown["schneider"], result.breakdown["schwarz"]) == (True, False)
    assert result.breakdown["declarer_tricks"] is None
    assert result.points == two_against_two(20)


def test_schwarz_can_be_ticked_next_to_the_points() -> None:
    won = score(sauspiel(declarer_points=120, schwarz=True), at())
    lost = score(alone("wenz", declarer_points=0, schwarz=True), at())
    assert won.breakdown["schwarz"] is True
    assert won.points == two_against_two(30)
    assert lost.points == bob_alone(-70)
    assert score(sauspiel(declarer_points=120, schwarz=False), at()).points == two_against_two(20)


def test_schneider_and_schwarz_are_added_before_doubling() -> None:
    result = score(sauspiel(declarer_points=120, declarer_tricks=8, doublings=2), at())
    assert result.breakdown["value_before_doublings"] == 30
    assert result.points == two_against_two(120)


def test_a_changed_tariff_scores_the_steps_too() -> None:
    here = at(tariff={"sauspiel": 20, "schneider": 5, "schwarz": 15})
    result = score(sauspiel(declarer_points=120, declarer_tricks=8), here)
    assert result.points == two_against_two(20 + 5 + 15)


# -- Tout ------------------------------------------------------------------------------------


def test_tout_won_with_all_eight_tricks() -> None:
    result = score(alone("solo-tout", declarer_points=120, declarer_tricks=8), at())
    assert result.points == bob_alone(180)
    assert result.breakdown["declarer_won"] is True
    assert result.breakdown["tout"] == "flat"


def test_tout_with_117_points_and_7_tricks_is_lost_and_pays_each_opponent() -> None:
    # games/plugins/schafkopf/rules.md §8: a Tout is won only with all eight tricks, whatever the
    # card points, so 117 in seven tricks loses; a lost Tout costs 180 to each opponent.
    result = score(alone("wenz-tout", declarer_points=117, declarer_tricks=7), at())
    assert result.breakdown["declarer_won"] is False
    assert result.points == bob_alone(-180)


def test_tout_adds_no_schneider_or_schwarz() -> None:
    result = score(alone("solo-tout", declarer_tricks=8), at())
    assert result.breakdown["schneider"] is False
    assert result.breakdown["schwarz"] is False
    assert result.breakdown["game_value"] == 180


def test_tout_can_be_entered_as_won_or_lost() -> None:
    assert score(alone("solo-tout", declarer_won=True), at()).points == bob_alone(180)
    assert score(alone("wenz-tout", declarer_won=False, doublings=1), at()).points == bob_alone(
        -360
    )


def test_tout_double_is_twice_the_solo_or_wenz_value_with_its_runners() -> None:
    here = at(tout="double", runners=True)
    solo_tout = score(alone("solo-tout", declarer_tricks=8, laufende=3), here)
    assert solo_tout.points == bob_alone(2 * (50 + 30))
    assert solo_tout.breakdown["tout"] == "double"
    assert solo_tout.breakdown["base"] == 50
    wenz_tout = score(alone("wenz-tout", declarer_tricks=6, laufende=2, doublings=1), here)
    assert wenz_tout.points == bob_alone(-2 * (50 + 20) * 2)
    no_runners = score(alone("solo-tout", declarer_tricks=8), at(tout="double"))
    assert no_runners.points == bob_alone(100)


def test_tout_double_follows_a_changed_solo_value() -> None:
    here = at(tout="double", tariff={"solo": 60, "tout": 500})
    assert score(alone("solo-tout", declarer_tricks=8), here).points == bob_alone(120)


def test_a_flat_tout_follows_the_tariff() -> None:
    here = at(tariff={"tout": 200})
    assert score(alone("solo-tout", declarer_tricks=8), here).points == bob_alone(200)


# -- Sie and everybody passed ----------------------------------------------------------------


def test_sie_scores_540_from_each_opponent() -> None:
    result = score(alone("sie"), at())
    assert result.points == {"Ann": -540, "Bob": 1620, "Cy": -540, "Di": -540}
    assert result.breakdown["declarer_won"] is True
    assert result.breakdown["multiplier"] == 1
    assert score(alone("sie", declarer_won=True, doublings=0), at()).points == bob_alone(540)


def test_sie_keeps_its_tariff_value_under_the_flat_tout() -> None:
    assert score(alone("sie"), at(runners=True)).points == bob_alone(540)
    assert score(alone("sie"), at(tariff={"sie": 600})).points == bob_alone(600)


def test_sie_under_tout_double_is_four_times_the_solo_value() -> None:
    # Issue 17 / games/plugins/schafkopf/rules.md §8-§9: under `tout: double` a Tout is twice the
    # Solo value with its Laufende, and a Sie four times the Solo value. Without runners: 4 x 50 =
    # 200 from each opponent, twice a doubled Solo-Tout (100).
    result = score(alone("sie"), at(tout="double"))
    assert result.points == bob_alone(200)
    assert (result.breakdown["base"], result.breakdown["factor"]) == (50, 4)
    assert result.breakdown["game_value"] == 2 * game_value(SOLO_TOUT, tout="double")
    # The Sie's eight cards are the eight top trumps: 8 runners, 4 x (50 + 80) = 520 each.
    with_runners = score(alone("sie"), at(tout="double", runners=True))
    assert with_runners.points == bob_alone(520)
    assert with_runners.breakdown["laufende"] == {"count": 8, "value": 80}
    # It follows the Solo value, not the tariff's Sie part.
    assert score(alone("sie"), at(tout="double", tariff={"solo": 60, "sie": 999})).points == (
        bob_alone(240)
    )


def test_everybody_passed_scores_nothing() -> None:
    result = score({"contract": "passed"}, at())
    assert result.points == dict.fromkeys(FOUR, 0)
    breakdown = result.breakdown
    assert breakdown["contract"] == "passed"
    assert breakdown["declarer"] is None
    assert breakdown["declarer_won"] is None
    assert (breakdown["schneider"], breakdown["schwarz"]) == (False, False)
    assert (breakdown["multiplier"], breakdown["game_value"]) == (1, 0)


# -- Laufende --------------------------------------------------------------------------------


def test_three_runners_in_a_sauspiel_add_three_steps_before_doubling() -> None:
    result = score(sauspiel(declarer_points=70, laufende=3, doublings=1), at(runners=True))
    assert result.breakdown["laufende"] == {"count": 3, "value": 30}
    assert result.points == two_against_two((10 + 30) * 2)


def test_two_runners_in_a_sauspiel_or_solo_count_nothing() -> None:
    here = at(runners=True)
    assert score(sauspiel(declarer_points=70, laufende=2), here).points == two_against_two(10)
    result = score(alone("solo", declarer_points=70, laufende=2), here)
    assert result.breakdown["laufende"] == {"count": 2, "value": 0}
    assert result.points == bob_alone(50)


def test_two_runners_in_a_wenz_count() -> None:
    here = at(runners=True)
    assert score(alone("wenz", declarer_points=70, laufende=2), here).points == bob_alone(70)
    assert score(alone("wenz", declarer_points=70, laufende=1), here).points == bob_alone(50)


def test_runners_count_for_the_losers_too() -> None:
    # games/plugins/schafkopf/rules.md §10: runners count for the winners and the losers alike,
    # whoever holds them.
    result = score(alone("solo", declarer_points=40, laufende=4), at(runners=True))
    assert result.points == bob_alone(-(50 + 40))


def test_runners_add_to_schneider_and_schwarz() -> None:
    result = score(
        alone("solo", declarer_points=120, declarer_tricks=8, laufende=14, doublings=1),
        at(runners=True),
    )
    assert result.points == bob_alone((50 + 10 + 10 + 140) * 2)


def test_runners_follow_the_schneider_step_of_the_tariff() -> None:
    here = at(runners=True, tariff={"schneider": 5})
    assert score(alone("solo", declarer_points=70, laufende=3), here).points == bob_alone(65)


def test_no_runners_means_zero_runners() -> None:
    result = score(sauspiel(declarer_points=70, laufende=0), at())
    assert result.breakdown["laufende"] == {"count": 0, "value": 0}
    assert result.points == two_against_two(10)


# -- won or lost, with Schneider and Schwarz ticked ------------------------------------------


@pytest.mark.parametrize(
    ("fields", "value"),
    [
        ({"declarer_won": True}, 10),
        ({"declarer_won": False}, -10),
        ({"declarer_won": True, "schneider": True}, 20),
        ({"declarer_won": False, "schneider": True}, -20),
        ({"declarer_won": True, "schneider": True, "schwarz": True}, 30),
        ({"declarer_won": True, "schwarz": True}, 30),
        ({"declarer_won": False, "schneider": False, "schwarz": False}, -10),
    ],
)
def test_won_or_lost_with_toggles_is_enough(fields: dict[str, object], value: int) -> None:
    result = score(sauspiel(**fields), at())
    assert result.points == two_against_two(value)
    assert result.breakdown["declarer_points"] is None
    assert result.breakdown["schneider"] is (abs(value) >= 20)
    assert result.breakdown["schwarz"] is (abs(value) == 30)


def test_won_or_lost_works_for_wenz_and_solo_with_runners_and_doublings() -> None:
    result = score(
        alone("wenz", declarer_won=True, schneider=True, laufende=3, doublings=2),
        at(runners=True),
    )
    assert result.points == bob_alone((50 + 10 + 30) * 4)


def test_json_null_counts_as_left_out() -> None:
    entry = alone(
        "solo",
        partner=None,
        suit=None,
        declarer_points=70,
        declarer_tricks=None,
        declarer_won=None,
        schneider=None,
        schwarz=None,
        doublings=None,
        laufende=None,
    )
    assert score(entry, at()).points == bob_alone(50)


# -- hand-counted points ---------------------------------------------------------------------


def test_hand_counted_points_must_add_up_to_zero() -> None:
    result = score({"points": {"Ann": 30, "Bob": -10, "Cy": -20}}, at())
    assert result.points == {"Ann": 30, "Bob": -10, "Cy": -20, "Di": 0}
    assert result.breakdown["kind"] == "points"
    for key in ("declarer_won", "schneider", "schwarz", "multiplier", "game_value"):
        assert result.breakdown[key] is None


@pytest.mark.parametrize(
    ("entry", "messages"),
    [
        ({"points": {"Ann": 30, "Bob": -20}}, ["the points must add up to zero, not 10"]),
        ({"points": {"Zed": 0}}, ["Zed is not at this table"]),
        ({"points": {"Ann": "10"}}, ["points for Ann must be a whole number"]),
        ({"points": {"Ann": True}}, ["points for Ann must be a whole number"]),
        ({"points": [10, -10]}, ["points must give a number for each player"]),
        (
            {"points": {"Ann": 5, "Bob": -5}, "contract": "passed"},
            ["give either the contract or the points, not both"],
        ),
        ({"points": {"Ann": 0}, "doublings": 1}, ["unknown field doublings"]),
    ],
)
def test_bad_hand_counted_points(entry: dict[str, object], messages: list[str]) -> None:
    assert problems_of(entry, at()) == messages
