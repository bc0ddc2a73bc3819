"""What the custom game's hand entry and rules tell the generic pages (tests/test_game_hooks.py
asks every game the same questions)."""

from __future__ import annotations

from games.hands import ChartHints, hand_entry_for
from games.leagues.standings import columns_for
from games.scoring import GAMES

GAME = "custom"
THREE = ["Ann", "Bob", "Cy"]


def test_the_chart_marks_the_target_unless_the_hands_are_fixed() -> None:
    entry = hand_entry_for(GAME)
    assert entry.chart_hints(GAMES[GAME].setup(THREE, {"target": 250})) == ChartHints(
        250, "Target: 250"
    )
    assert entry.chart_hints(GAMES[GAME].setup(THREE, {"hands": 5})) == ChartHints()


def test_the_standings_show_the_average_place() -> None:
    assert [column.key for column in columns_for(GAME)][4:] == ["average_place"]


def test_it_comes_last_resumes_from_totals_and_seats_teams_opposite() -> None:
    rules = GAMES[GAME]
    assert list(GAMES)[-1] == GAME
    # The totals and the number of hands decide each hand: a save takes the quick path.
    assert rules.resumes_from_totals
    assert not rules.plays_for_money
    assert not rules.ends_when_players_stop
    entry = hand_entry_for(GAME)
    assert "players 1 and 3 against 2 and 4" in entry.seating_help(rules)
    assert entry.why_url_name == ""
    assert entry.demo(GAME) is not None
    assert entry.rules_template(GAME) == "custom/rules.html"
