"""What Schafkopf's hand entry and rules tell the generic pages (tests/test_game_hooks.py asks
every game the same questions)."""

from __future__ import annotations

from games.hands import ChartHints, hand_entry_for
from games.leagues.standings import columns_for, columns_on_screen
from games.plugins.schafkopf import engine
from games.scoring import GAMES

GAME = "schafkopf"
FOUR = ["Ann", "Bob", "Cy", "Di"]


def test_the_chart_has_no_end_total_and_money_shows_on_the_scoreboard() -> None:
    entry = hand_entry_for(GAME)
    assert entry.chart_hints(GAMES[GAME].setup(FOUR)) == ChartHints()
    played_for_money = GAMES[GAME].setup(FOUR, {"cents_per_point": 10})
    assert entry.chart_hints(played_for_money) == ChartHints(money_on_scoreboard=True)


def test_the_standings_show_the_balance_and_the_money_first() -> None:
    assert [column.key for column in columns_for(GAME)][4:] == [
        "balance",
        "balance_per_hand",
        "money",
    ]
    assert [column.key for column in columns_on_screen(GAME)] == [
        "balance",
        "money",
        "rating",
        "played",
        "wins",
        "win_rate",
        "balance_per_hand",
    ]


def test_it_follows_swoops_plays_for_money_and_decides_hands_by_the_totals() -> None:
    assert engine.OFFERED_AFTER == "swoops"
    rules = GAMES[GAME]
    assert rules.plays_for_money
    assert rules.resumes_from_totals
    assert hand_entry_for(GAME).seating_help(rules) == ""
    assert hand_entry_for(GAME).why_url_name == ""
    assert hand_entry_for(GAME).demo(GAME) is not None
