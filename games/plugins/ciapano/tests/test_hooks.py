"""What Ciapanò's hand entry and rules tell the generic pages (tests/test_game_hooks.py asks every
game the same questions)."""

from __future__ import annotations

from games.hands import ChartHints, hand_entry_for
from games.leagues.standings import columns_for
from games.plugins.ciapano import engine
from games.scoring import GAMES

GAME = "ciapano"


def test_the_chart_marks_the_total_that_puts_a_player_out() -> None:
    setup = GAMES[GAME].setup(["Ann", "Bob", "Cy"])
    limit = setup.option_int("elimination_at")
    assert hand_entry_for(GAME).chart_hints(setup) == ChartHints(limit, f"Out at {limit}")


def test_the_standings_count_eliminations_and_the_average_place() -> None:
    assert [column.key for column in columns_for(GAME)][4:] == ["eliminations", "average_place"]


def test_it_follows_the_scopa_family_needs_its_hands_to_resume_and_says_nothing_of_seats() -> None:
    # After the family's last variant, so the Scopa games are offered together.
    assert engine.OFFERED_AFTER == "cirulla"
    rules = GAMES[GAME]
    # Who is out needs the hands themselves.
    assert not rules.resumes_from_totals
    assert not rules.plays_for_money
    assert hand_entry_for(GAME).seating_help(rules) == ""
    assert hand_entry_for(GAME).why_url_name == ""
    assert hand_entry_for(GAME).demo(GAME) is not None
