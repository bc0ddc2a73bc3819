"""What the Scopa family's hand entry and rules tell the generic pages (tests/test_game_hooks.py
asks every game the same questions): its chart's line, its standings, its primiera's "Why?", its
seating line, its referees, and that it decides a hand by the totals."""

from __future__ import annotations

from django.urls import reverse

from games.bench_table import bench_game
from games.hands import TOOLS, ChartHints, hand_entry_for, package_tools
from games.leagues.standings import columns_for
from games.plugins.scopa import engine
from games.plugins.scopa.engine import ScopaFamily
from games.scoring import GAMES, TableSetup
from games.scoring.registry import GAME_PACKAGES
from scorekeeper.urls import game_package_urls

FAMILY = [game.key for game in engine.GAMES]


def _setup(game: str, players: int, **options: object) -> TableSetup:
    return GAMES[game].setup(["Ann", "Bob", "Cy", "Di"][:players], options)


def test_the_chart_marks_the_total_a_game_is_played_to() -> None:
    assert hand_entry_for("scopa").chart_hints(_setup("scopa", 2)) == ChartHints(
        11, "Playing to 11"
    )
    assert hand_entry_for("scopone").chart_hints(_setup("scopone", 4, scientifico=True)) == (
        ChartHints(21, "Playing to 21")
    )


def test_the_standings_show_points_per_game_and_the_difference() -> None:
    for key in FAMILY:
        assert [column.key for column in columns_for(key)][4:] == [
            "points_per_game",
            "points_difference",
        ]


def test_a_hand_explains_its_primiera_and_partners_sit_opposite() -> None:
    for key in FAMILY:
        assert isinstance(GAMES[key], ScopaFamily)
        assert hand_entry_for(key).why_url_name == "scopa:round_why"
    assert (
        hand_entry_for("scopa")
        .seating_help(GAMES["scopa"])
        .startswith("With four at a Scopa or Scopone table, partners sit opposite")
    )
    assert hand_entry_for("scopone").seating_help(GAMES["scopone"])
    # Pirate Scopa is played each for themselves.
    assert hand_entry_for("pirate-scopa").seating_help(GAMES["pirate-scopa"]) == ""
    # Cirulla's four play in pairs, its two or three alone.
    assert GAMES["cirulla"].plays_in_teams(4, {})
    assert not GAMES["cirulla"].plays_in_teams(3, {})


def test_the_family_comes_first_decides_hands_by_the_totals_and_plays_for_no_money() -> None:
    # A new table starts on Scopa.
    assert GAME_PACKAGES[0] == "games.plugins.scopa"
    assert next(iter(GAMES)) == "scopa"
    assert FAMILY == ["scopa", "scopone", "pirate-scopa", "cirulla"]
    for key in FAMILY:
        assert GAMES[key].resumes_from_totals
        assert not GAMES[key].plays_for_money
        assert hand_entry_for(key).demo(key) is not None
    # The table page is timed at a Scopa table (make bench).
    assert bench_game()[0] == "scopa"


def test_the_referees_are_the_familys_own_pages() -> None:
    assert [
        (str(tool.label), tool.url_name, str(tool.nav_label))
        for tool in package_tools(("games.plugins.scopa",))
    ] == [
        ("Who wins the primiera?", "scopa:referee_primiera", "Referee"),
        ("What may this card take?", "scopa:referee_capture", ""),
    ]
    assert set(package_tools(("games.plugins.scopa",))) <= set(TOOLS)
    assert [resolver.namespace for resolver in game_package_urls(("games.plugins.scopa",))] == [
        "scopa"
    ]
    assert reverse("scopa:referee_primiera") == "/referee/primiera/"
    assert reverse("scopa:referee_capture") == "/referee/captures/"
