"""Schafkopf's Bock rounds (issue 34 item 1; games/plugins/schafkopf/rules.md §19): which games
start one (``bock_doubled``, ``bock_sixty``, ``bock_schneider``), how many games it doubles
(``bock_games``), and the doubling on every game of it, in the scores and the history's words.

Every value is worked out by hand with the BSKV tariff (rules.md §11): Sauspiel 10, Solo 50,
Schneider 10, Ramsch 20."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings

from games.plugins.schafkopf.engine import SOLO, bock_games_left, game_value, starts_bock
from games.plugins.schafkopf.words import summary_of
from games.scoring import TableSetup, get_game, score_table

from .strategies import FOUR, GAME, bock_evenings

BOCK = {"bock": True}


def at(**options: object) -> TableSetup:
    return get_game("schafkopf").setup(list(FOUR), {**BOCK, **options})


def sauspiel(points: int, doublings: int = 0) -> dict[str, object]:
    """Ann calls the Eichel ace, Cy holds it."""
    return {
        "contract": "sauspiel",
        "declarer": "Ann",
        "partner": "Cy",
        "declarer_points": points,
        "doublings": doublings,
    }


def solo(points: int) -> dict[str, object]:
    return {"contract": "solo", "declarer": "Bob", "declarer_points": points}


def scored(entries_: list[dict[str, object]], table: TableSetup) -> list[dict[str, Any]]:
    rounds, _state = score_table(GAME, table, entries_)
    return [dict(played.breakdown) for played in rounds]


def test_what_starts_a_bock_round() -> None:
    retour, stoss = at(), at(bock_doubled="stoss")
    assert not starts_bock(scored([sauspiel(75, 1)], retour)[0], retour)
    assert starts_bock(scored([sauspiel(75, 2)], retour)[0], retour)
    assert starts_bock(scored([sauspiel(75, 1)], stoss)[0], stoss)
    # 60:60 loses the declarer side the game and starts a Bock round (bock_sixty, on by default).
    assert starts_bock(scored([sauspiel(60)], retour)[0], retour)
    assert not starts_bock(scored([sauspiel(60)], at(bock_sixty=False))[0], at(bock_sixty=False))
    # A Solo won Schneider, where the table says so; lost Schneider or a Sauspiel never.
    schneider = at(bock_schneider=True)
    assert starts_bock(scored([solo(95)], schneider)[0], schneider)
    assert not starts_bock(scored([solo(25)], schneider)[0], schneider)
    assert not starts_bock(scored([sauspiel(95)], schneider)[0], schneider)
    assert not starts_bock(scored([solo(95)], retour)[0], retour)
    # Everybody passing and hand-counted points start nothing.
    passed = scored([{"contract": "passed"}, {"points": {"Ann": 0}}], retour)
    assert not any(starts_bock(breakdown, retour) for breakdown in passed)


def test_a_bock_round_doubles_the_next_games_and_a_later_one_is_played_after_it() -> None:
    table = at(bock_games=2)
    hands = [sauspiel(60), sauspiel(60), sauspiel(75), sauspiel(75), sauspiel(75)]
    breakdowns = scored(hands, table)
    # Hand 1 starts a round of 2; hand 2 (its first game) starts another, played after it.
    assert [bock_games_left(breakdowns[:n], table) for n in range(6)] == [0, 2, 3, 2, 1, 0]
    assert [breakdown.get("bock", False) for breakdown in breakdowns] == [
        False,
        True,
        True,
        True,
        True,
    ]
    assert [breakdown["game_value"] for breakdown in breakdowns] == [10, 20, 20, 20, 20]
    # Without the option nothing is owed, whatever happened.
    assert bock_games_left(breakdowns, at(bock=False)) == 0


def test_a_bock_game_is_worth_twice_on_top_of_knocks_and_stoss() -> None:
    # A Solo (50) after a Stoß and a knock, in a Bock round: 50 x 2 x 2 x 2.
    assert game_value(SOLO, doublings=1, klopfen=1, bock=True) == 400
    # A Ramsch after a 60:60: Bob took the most and pays 20 x 2 to each of the others.
    table = at(ramsch=True)
    ramsch = {"contract": "ramsch", "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0}}
    rounds, state = score_table(GAME, table, [sauspiel(60), ramsch])
    assert rounds[1].points == {"Ann": 40, "Bob": -120, "Cy": 40, "Di": 40}
    assert rounds[1].breakdown["bock"] is True
    assert sum(state.totals.values()) == 0


def test_the_history_says_bock() -> None:
    table = at()
    rounds, _state = score_table(GAME, table, [sauspiel(60), sauspiel(75, 1)])
    first, second = (GAME.read_breakdown(played.breakdown) for played in rounds)
    assert "Bock" not in summary_of(first, table)
    assert summary_of(second, table) == (
        "Ann's Sauspiel with Cy: won with 75, Stoß, Bock — 40 each"
    )


# Drawing a whole evening is slow on a busy machine; the examples themselves are what count.
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(bock_evenings(stacking=True))
def test_every_bock_game_is_twice_the_same_game_outside_a_bock_round_a_doppelbock_four_times(
    evening: tuple[TableSetup, list[dict[str, Any]]],
) -> None:
    table, hands = evening
    plain = get_game("schafkopf").setup(list(FOUR), {**table.options, "bock": False})
    rounds, _state = score_table(GAME, table, hands)
    for played, entry in zip(rounds, hands, strict=True):
        assert sum(played.points.values()) == 0
        alone = GAME.score_round(entry, plain)
        doppelbock = bool(played.breakdown.get("doppelbock"))
        assert not doppelbock or table.option_bool("doppelbock")
        factor = 4 if doppelbock else 2 if played.breakdown.get("bock") else 1
        assert dict(played.points) == {
            player: factor * points for player, points in alone.points.items()
        }
