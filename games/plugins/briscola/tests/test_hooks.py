"""What Briscola's hand entry and rules tell the generic pages (tests/test_game_hooks.py asks
every game the same questions)."""

from __future__ import annotations

from games.hands import hand_entry_for
from games.leagues.standings import columns_for
from games.plugins.briscola import engine
from games.scoring import GAMES

GAME = "briscola"


def test_the_standings_show_points_per_game_and_the_difference() -> None:
    assert [column.key for column in columns_for(GAME)][4:] == [
        "points_per_game",
        "points_difference",
    ]


def test_it_names_no_game_to_follow_decides_hands_by_the_totals_and_plays_for_no_money() -> None:
    assert not hasattr(engine, "OFFERED_AFTER")
    rules = GAMES[GAME]
    assert rules.resumes_from_totals
    assert not rules.plays_for_money
    assert hand_entry_for(GAME).why_url_name == ""
    assert hand_entry_for(GAME).demo(GAME) is not None
