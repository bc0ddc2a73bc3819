"""Who sits where, who plays with whom, and the table options.

Sides: games/plugins/scopa/rules.md §2 (Scopa 2, 3 or 4 players, Scopone four; four play as two
teams of partners sitting opposite, seats 1 & 3 against 2 & 4, unless Scopa's `four_individuals`)
and games/plugins/scopa/pirate-scopa.md §2. Options: docs/scoresheet.md ("The document": an unknown
option or a bad value is an error; "Options of the Scopa family").
"""

from __future__ import annotations

import pytest

from games.scoring import GAMES, EntryError, Team, get_game

from .helpers import setup_problems, table

FOUR = ("Ann", "Bob", "Cy", "Di")
OPPOSITE = (Team("Ann & Cy", ("Ann", "Cy")), Team("Bob & Di", ("Bob", "Di")))


def test_the_engine_scores_the_three_scopa_games() -> None:
    assert {"scopa", "scopone", "pirate-scopa"} <= set(GAMES)
    with pytest.raises(KeyError):
        get_game("hearts")


# -- sides -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [("Ann", "Bob"), ("Ann", "Bob", "Cy")])
def test_scopa_with_two_or_three_players_is_each_for_himself(players: tuple[str, ...]) -> None:
    at = table(players=players)
    assert at.teams == ()
    assert at.sides == players


def test_scopa_with_four_players_defaults_to_partners_sitting_opposite() -> None:
    # games/plugins/scopa/rules.md §2: four play as two teams of partners sitting opposite (seats 1
    # & 3 against 2 & 4), unless the table turns on `four_individuals`.
    at = table(players=FOUR)
    assert at.teams == OPPOSITE
    assert at.sides == ("Ann & Cy", "Bob & Di")
    assert at.side_of("Cy") == "Ann & Cy"
    assert at.side_of("Bob") == "Bob & Di"


def test_scopa_four_individuals_makes_four_sides() -> None:
    at = table(players=FOUR, four_individuals=True)
    assert at.teams == ()
    assert at.sides == FOUR


def test_scopa_four_individuals_refuses_teams() -> None:
    assert setup_problems("scopa", FOUR, {"four_individuals": True}, OPPOSITE) == [
        "Scopa is not played in teams here"
    ]


@pytest.mark.parametrize("options", [{}, {"scientifico": True}])
def test_scopone_is_always_two_teams(options: dict[str, object]) -> None:
    at = get_game("scopone").setup(list(FOUR), options)
    assert at.sides == ("Ann & Cy", "Bob & Di")
    assert "four_individuals" not in at.options


def test_teams_given_by_name_are_kept_in_any_order() -> None:
    teams = (Team("Blue", ("Di", "Bob")), Team("Red", ("Cy", "Ann")))
    at = get_game("scopone").setup(list(FOUR), {}, teams)
    assert at.sides == ("Blue", "Red")
    assert at.side_of("Ann") == "Red"


@pytest.mark.parametrize(
    "teams",
    [
        (Team("AB", ("Ann", "Bob")), Team("CD", ("Cy", "Di"))),
        (Team("AD", ("Ann", "Di")), Team("BC", ("Bob", "Cy"))),
    ],
)
@pytest.mark.parametrize("game", ["scopa", "scopone"])
def test_teams_that_sit_side_by_side_are_rejected(game: str, teams: tuple[Team, ...]) -> None:
    # Partners sit opposite; Ann and Di are neighbours too (the table is round).
    texts = setup_problems(game, FOUR, {}, teams)
    assert len(texts) == 2
    assert texts[0].endswith("sit side by side; partners sit opposite")
    assert texts[0].startswith(f"{teams[0].players[0]} and {teams[0].players[1]}")


def test_a_player_in_two_teams_is_rejected() -> None:
    teams = (Team("X", ("Ann", "Cy")), Team("Y", ("Ann", "Di")))
    texts = setup_problems("scopone", FOUR, {}, teams)
    assert "Ann must be in exactly one team" in texts
    assert "Bob must be in exactly one team" in texts


def test_a_team_player_not_at_the_table_is_rejected() -> None:
    teams = (Team("X", ("Ann", "Cy")), Team("Y", ("Bob", "Zed")))
    texts = setup_problems("scopone", FOUR, {}, teams)
    assert "Zed is in a team but not at the table" in texts
    assert "Di must be in exactly one team" in texts


def test_teams_must_be_two_of_two() -> None:
    three = (Team("X", ("Ann",)), Team("Y", ("Bob", "Di")), Team("Z", ("Cy",)))
    assert setup_problems("scopone", FOUR, {}, three) == ["four players play as two teams of two"]


def test_the_two_teams_need_different_names() -> None:
    teams = (Team("Us", ("Ann", "Cy")), Team("Us", ("Bob", "Di")))
    assert setup_problems("scopone", FOUR, {}, teams) == ["the two teams need two different names"]


@pytest.mark.parametrize(("game", "players"), [("scopa", ("Ann", "Bob")), ("pirate-scopa", FOUR)])
def test_teams_are_rejected_where_everyone_plays_alone(game: str, players: tuple[str, ...]) -> None:
    # games/plugins/scopa/rules.md §2: two or three play each for themselves;
    # games/plugins/scopa/pirate-scopa.md §2: Pirate Scopa offers no teams.
    teams = (Team("X", (players[0],)), Team("Y", (players[1],)))
    name = get_game(game).name
    assert setup_problems(game, players, {}, teams) == [f"{name} is not played in teams here"]


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("scopa", ("Ann",)),
        ("scopa", ("Ann", "Bob", "Cy", "Di", "Ed")),
        ("scopone", ("Ann", "Bob", "Cy")),
        ("scopone", ("Ann", "Bob", "Cy", "Di", "Ed")),
        ("pirate-scopa", ("Ann",)),
        ("pirate-scopa", ("Ann", "Bob", "Cy", "Di", "Ed")),
    ],
)
def test_player_counts_out_of_range_are_rejected(game: str, players: tuple[str, ...]) -> None:
    # games/plugins/scopa/rules.md §2: Scopa 2, 3 or 4, Scopone always four;
    # games/plugins/scopa/pirate-scopa.md §2: Pirate Scopa two to four.
    game_rules = get_game(game)
    needs = (
        f"exactly {game_rules.min_players}"
        if game_rules.min_players == game_rules.max_players
        else f"{game_rules.min_players} to {game_rules.max_players}"
    )
    assert setup_problems(game, players) == [
        f"{game_rules.name} needs {needs} players, not {len(players)}"
    ]


def test_duplicate_player_names_are_rejected_case_insensitively() -> None:
    assert setup_problems("scopa", ("Ann", "ann")) == ["ann sits at the table twice"]
    assert setup_problems("scopa", ("Ann", "Bob", "ANN")) == ["ANN sits at the table twice"]


def test_a_blank_player_name_is_rejected() -> None:
    assert setup_problems("scopa", ("Ann", "  ")) == ["a player has no name"]


# -- options ---------------------------------------------------------------------------------


def test_scopa_options_defaults_are_filled() -> None:
    # docs/scoresheet.md, "Options of the Scopa family": the values list the default first.
    assert dict(table().options) == {
        "target": 11,
        "four_individuals": False,
        "re_bello": False,
        "trentino": False,
        "napoli": False,
        "capotto": False,
        "primiera_incomplete": "best-partial",
        "scopa_d_assi": False,
        "ace_sweep_is_scopa": True,
        "quindici": False,
        "deck": "italian",
    }


def test_scopone_and_pirate_options_defaults_are_filled() -> None:
    scopone = table("scopone", FOUR).options
    assert scopone["target"] == 11
    assert scopone["scientifico"] is False
    assert scopone["last_play_sweep_counts"] is False
    assert scopone["primiera_incomplete"] == "best-partial"
    assert dict(table("pirate-scopa").options) == {
        "target": 11,
        "prime_rule": "sum",
        "deck": "standard",
    }


def test_given_options_are_kept() -> None:
    at = table(target=21, re_bello=True, primiera_incomplete="void")
    assert (at.options["target"], at.options["re_bello"]) == (21, True)
    assert at.options["primiera_incomplete"] == "void"


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("scopa", {"colour": "red"}, "unknown option colour"),
        ("scopa", {"scientifico": True}, "unknown option scientifico"),
        ("pirate-scopa", {"re_bello": True}, "unknown option re_bello"),
        ("scopone", {"four_individuals": True}, "unknown option four_individuals"),
        ("scopa", {"target": 0}, "option target must be between 1 and 99"),
        ("scopa", {"target": -5}, "option target must be between 1 and 99"),
        ("scopa", {"target": "x"}, "option target must be a whole number"),
        ("scopa", {"target": 11.0}, "option target must be a whole number"),
        ("scopa", {"target": True}, "option target must be a whole number"),
        ("scopa", {"re_bello": "yes"}, "option re_bello must be true or false"),
        ("scopa", {"napoli": 1}, "option napoli must be true or false"),
        (
            "scopa",
            {"primiera_incomplete": "maybe"},
            "option primiera_incomplete must be one of best-partial, void, more-suits",
        ),
        (
            "pirate-scopa",
            {"prime_rule": "max"},
            "option prime_rule must be one of sum, most-sevens",
        ),
        ("pirate-scopa", {"deck": "french"}, "option deck must be one of standard, tarot, scopa"),
    ],
)
def test_unknown_options_and_bad_values_are_rejected(
    game: str, options: dict[str, object], message: str
) -> None:
    players = FOUR if game == "scopone" else ("Ann", "Bob")
    assert setup_problems(game, players, options) == [message]


def test_every_bad_option_is_reported_at_once_with_bad_players() -> None:
    texts = setup_problems("scopa", ("Ann",), {"target": "x", "re_bello": "yes", "bogus": 1})
    assert sorted(texts) == [
        "Scopa needs 2 to 4 players, not 1",
        "option re_bello must be true or false",
        "option target must be a whole number",
        "unknown option bogus",
    ]


def test_resolve_options_raises_entry_error() -> None:
    with pytest.raises(EntryError):
        get_game("scopa").resolve_options({"target": 0})
