"""What Tressette's hand entry and rules tell the generic pages (tests/test_game_hooks.py asks
every game the same questions)."""

from __future__ import annotations

from games.hands import hand_entry_for
from games.hands.base import ChartHints
from games.plugins.tressette import engine
from games.plugins.tressette.demo import TRESSETTE_DEMO
from games.scoring import GAMES

GAME = "tressette"


def test_it_decides_hands_by_the_totals_to_its_target_and_plays_for_no_money() -> None:
    assert not hasattr(engine, "OFFERED_AFTER")
    rules = GAMES[GAME]
    entry = hand_entry_for(GAME)
    assert rules.resumes_from_totals
    assert not rules.plays_for_money
    assert rules.player_counts == (2, 4)
    assert entry.why_url_name == ""
    assert entry.demo(GAME) is TRESSETTE_DEMO
    assert entry.rules_template(GAME) == "tressette/rules.html"
    assert entry.chart_hints(rules.setup(["Ann", "Bob"], {"target": "21"})) == ChartHints(
        21, "Game to 21"
    )
    assert entry.seating_help(rules).startswith("With four at a Tressette table")
