"""What Swoops' hand entry and rules tell the generic pages (tests/test_game_hooks.py asks every
game the same questions)."""

from __future__ import annotations

from games.hands import ChartHints, hand_entry_for
from games.leagues.standings import columns_for
from games.plugins.swoops import engine
from games.scoring import GAMES

GAME = "swoops"
THREE = ["Ann", "Bob", "Cy"]


def test_the_chart_marks_the_limit_unless_the_rounds_are_fixed() -> None:
    setup = GAMES[GAME].setup(THREE)
    limit = setup.option_int("limit")
    assert hand_entry_for(GAME).chart_hints(setup) == ChartHints(limit, f"Limit {limit}")
    # With a fixed number of rounds the limit no longer ends the game.
    assert hand_entry_for(GAME).chart_hints(GAMES[GAME].setup(THREE, {"rounds": 5})) == (
        ChartHints()
    )


def test_the_standings_show_the_average_total() -> None:
    assert [column.key for column in columns_for(GAME)][4:] == ["average_total"]


def test_it_follows_ciapano_needs_its_hands_to_resume_and_says_nothing_of_seats() -> None:
    assert engine.OFFERED_AFTER == "ciapano"
    rules = GAMES[GAME]
    # A fixed number of rounds needs the hands themselves.
    assert not rules.resumes_from_totals
    assert not rules.plays_for_money
    assert hand_entry_for(GAME).seating_help(rules) == ""
    assert hand_entry_for(GAME).why_url_name == ""
    assert hand_entry_for(GAME).demo(GAME) is not None
