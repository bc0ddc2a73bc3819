"""Scoresheet JSON, version 1: docs/scoresheet.md ("The document", "A round", "What `score`
prints")."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from games.scoring import EntryError, Team, registry
from games.scoring.scoresheet import (
    FORMAT,
    GameNotSupported,
    read_scoresheet,
    score_scoresheet,
    write_scoresheet,
)

from .helpers import cards, rest, suit

FOUR = ["Ann", "Bob", "Cy", "Di"]

# A whole 2-player Scopa game to 11, hand by hand (worked out by hand below).
GAME_ROUNDS: list[dict[str, object]] = [
    # Ann 7D 7C 6S AB (primiera 76) against Bob (78): Ann settebello + 1 scopa = 2;
    # Bob cards 36, coins 9, primiera + 1 scopa = 4.
    {"captures": {"Ann": cards("7D 7C 6S AB")}, "scopas": {"Ann": 1, "Bob": 1}},
    # Ann every coin and cup and the ace of swords: cards 21, coins, settebello, primiera
    # (58 on three suits against 42 on two) + 2 scopas = 6.
    {"captures": {"Ann": suit("D") + suit("C") + ["AS"]}, "scopas": {"Ann": 2}},
    # Three Fanti and every club (51, complete) beat three sevens with no clubs: Ann 1;
    # Bob cards, coins, settebello = 3.
    {"captures": {"Bob": rest(suit("B") + cards("JD JC JS"))}},
    # Ann 4 again, Bob a scopa: Ann 8 + 1 + 4 = 13 against 4 + 3 + 1 = 8.
    {"captures": {"Ann": suit("D") + suit("C") + ["AS"]}, "scopas": {"Bob": 1}},
]


def game_document(**changes: object) -> dict[str, object]:
    document: dict[str, object] = {
        "format": "scoresheet/1",
        "game": "scopa",
        "options": {"target": 11},
        "players": ["Ann", "Bob"],
        "rounds": copy.deepcopy(GAME_ROUNDS),
    }
    document.update(changes)
    return document


def entry_problems(document: object) -> list[str]:
    with pytest.raises(EntryError) as caught:
        score_scoresheet(document)
    return [problem.text() for problem in caught.value.problems]


def test_a_whole_scopa_game_gives_the_documented_output() -> None:
    output = score_scoresheet(game_document())
    assert set(output) == {
        "rounds",
        "totals",
        "totals_after_each_round",
        "finished",
        "winners",
        "eliminated",
    }
    assert [entry["points"] for entry in output["rounds"]] == [
        {"Ann": 2, "Bob": 4},
        {"Ann": 6, "Bob": 0},
        {"Ann": 1, "Bob": 3},
        {"Ann": 4, "Bob": 1},
    ]
    assert output["totals_after_each_round"] == [
        {"Ann": 2, "Bob": 4},
        {"Ann": 8, "Bob": 4},
        {"Ann": 9, "Bob": 7},
        {"Ann": 13, "Bob": 8},
    ]
    assert output["totals"] == {"Ann": 13, "Bob": 8}
    assert output["finished"] is True
    assert output["winners"] == ["Ann"]
    assert output["eliminated"] == []
    json.dumps(output)  # the output is plain JSON


def test_the_breakdown_has_the_documented_keys() -> None:
    # docs/scoresheet.md, "What `score` prints": a Scopa-family breakdown has cards and coins
    # (each with the counts and the winner, or none), the settebello, the primiera (each side's
    # sum, completeness and best cards, and the winner) and the scopas; the variants' keys
    # appear only where their options are on.
    first = score_scoresheet(game_document())["rounds"][0]
    breakdown = first["breakdown"]
    assert {"cards", "coins", "settebello", "primiera", "scopas"} <= set(breakdown)
    assert not {"re_bello", "napoli", "capotto", "seven_of_coins"} & set(breakdown)
    assert breakdown["cards"] == {"counts": {"Ann": 4, "Bob": 36}, "winner": "Bob"}
    assert breakdown["coins"] == {"counts": {"Ann": 1, "Bob": 9}, "winner": "Bob"}
    assert breakdown["settebello"]["winner"] == "Ann"
    assert breakdown["primiera"]["winner"] == "Bob"
    assert breakdown["primiera"]["values"] == {
        "Ann": {"sum": 76, "complete": True, "best": {"D": "7D", "C": "7C", "S": "6S", "B": "AB"}},
        "Bob": {"sum": 78, "complete": True, "best": {"D": "6D", "C": "6C", "S": "7S", "B": "7B"}},
    }
    assert breakdown["scopas"] == {"Ann": 1, "Bob": 1}


def test_the_breakdown_has_re_bello_napoli_and_capotto_when_they_are_on() -> None:
    document = game_document(options={"re_bello": True, "trentino": True}, rounds=GAME_ROUNDS[:1])
    breakdown = score_scoresheet(document)["rounds"][0]["breakdown"]
    assert breakdown["re_bello"] == {"winner": "Bob"}
    # Bob holds A-6 of coins (Ann took the 7): napoli 6.
    assert breakdown["napoli"] == {
        "winner": "Bob",
        "run": ["AD", "2D", "3D", "4D", "5D", "6D"],
        "points": 6,
    }
    assert breakdown["capotto"] == {"winner": None}


def test_a_team_game_is_keyed_by_team_name() -> None:
    document = {
        "game": "scopone",
        "players": FOUR,
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "rounds": [{"points": {"Ann & Cy": 3, "Bob & Di": 1}}],
    }
    output = score_scoresheet(document)
    assert output["totals"] == {"Ann & Cy": 3, "Bob & Di": 1}
    assert output["finished"] is False
    assert output["winners"] == []


def test_pirate_scopa_output_names_the_seven_of_coins() -> None:
    document = {"game": "pirate-scopa", "players": ["Ann", "Bob", "Cy"], "rounds": []}
    assert score_scoresheet(document)["totals"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    document["rounds"] = [{"captures": {"Ann": ["7D"], "Bob": ["AD"], "Cy": rest(["7D", "AD"])}}]
    breakdown = score_scoresheet(document)["rounds"][0]["breakdown"]
    assert breakdown["seven_of_coins"] == {"winner": "Ann"}
    assert breakdown["primiera"]["values"]["Cy"]["sum"] == 68 - 7


def test_problems_name_their_round() -> None:
    # docs/scoresheet.md, "What `score` prints": each problem is one line naming its round,
    # e.g. `round 3: 7D is captured twice (Ann, Bob)`.
    rounds = copy.deepcopy(GAME_ROUNDS)
    rounds[2] = {"captures": {"Ann": ["7D"], "Bob": rest([])}}
    texts = entry_problems(game_document(rounds=rounds))
    assert texts == ["round 3: 7D is captured twice (Ann, Bob)"]


def test_problems_in_several_rounds_are_all_reported() -> None:
    rounds = copy.deepcopy(GAME_ROUNDS)
    rounds[0] = {"captures": {"Ann": ["7D"]}, "scopas": {"Ann": -1}}
    rounds[3] = {"points": {"Zed": 1}}
    with pytest.raises(EntryError) as caught:
        score_scoresheet(game_document(rounds=rounds))
    problems = caught.value.problems
    assert [problem.round_number for problem in problems] == [1, 4]
    assert [problem.text() for problem in problems] == [
        "round 1: scopas for Ann must be a whole number, 0 or more",
        "round 4: Zed is not a side at this table",
    ]
    assert all(problem.text().startswith(f"round {problem.round_number}: ") for problem in problems)


def test_a_round_after_the_game_ended_is_an_error() -> None:
    rounds = [*copy.deepcopy(GAME_ROUNDS), {"points": {"Bob": 1}}]
    assert entry_problems(game_document(rounds=rounds)) == [
        "round 5: the game was already over after round 4"
    ]


def test_a_game_not_scored_yet_raises_game_not_supported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "COMING_GAMES", ("tarocchi",))
    with pytest.raises(GameNotSupported) as caught:
        score_scoresheet({"game": "tarocchi", "players": ["Ann", "Bob", "Cy"], "rounds": []})
    assert caught.value.game == "tarocchi"


def test_write_then_read_is_lossless() -> None:
    teams = (Team("Blue", ("Bob", "Di")), Team("Red", ("Ann", "Cy")))
    rounds = [{"points": {"Blue": 2, "Red": 3}}, {"captures": {"Red": suit("D")}, "scopas": {}}]
    options = {"scientifico": True, "re_bello": True}
    document = write_scoresheet("scopone", options, FOUR, teams, rounds)
    assert document["format"] == FORMAT == "scoresheet/1"
    assert document["teams"] == {"Blue": ["Bob", "Di"], "Red": ["Ann", "Cy"]}
    sheet = read_scoresheet(json.loads(json.dumps(document)))
    assert sheet.game.key == "scopone"
    assert sheet.options == options  # as written, not the filled-in defaults
    assert sheet.table.options["target"] == 21
    assert sheet.table.players == tuple(FOUR)
    assert sheet.table.teams == teams
    assert list(sheet.rounds) == rounds
    again = write_scoresheet(
        sheet.game.key, sheet.options, sheet.table.players, sheet.table.teams, sheet.rounds
    )
    assert again == document


def test_write_without_teams_leaves_teams_out() -> None:
    document = write_scoresheet("scopa", {}, ["Ann", "Bob"], (), GAME_ROUNDS)
    assert "teams" not in document
    assert read_scoresheet(document).table.sides == ("Ann", "Bob")
    assert score_scoresheet(document)["winners"] == ["Ann"]


def test_format_may_be_left_out_on_input() -> None:
    document = game_document()
    del document["format"]
    del document["options"]
    assert score_scoresheet(document)["winners"] == ["Ann"]


def test_unknown_document_field_is_rejected() -> None:
    assert entry_problems(game_document(notes="fun")) == ["unknown field notes"]


@pytest.mark.parametrize("bad", ["scoresheet/2", "", 1])
def test_bad_format_string_is_rejected(bad: object) -> None:
    assert entry_problems(game_document(format=bad)) == ["format must be scoresheet/1"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "poker"}, "game must be one of"),
        ({"game": None}, "game must be one of"),
        ({"options": []}, "options must be an object"),
        ({"players": "Ann, Bob"}, "players must be a list of names"),
        ({"players": ["Ann", 2]}, "players must be a list of names"),
        ({"teams": ["Ann", "Bob"]}, "teams must map each team name to its players"),
        ({"rounds": {"1": {}}}, "rounds must be a list of objects"),
        ({"rounds": [[]]}, "rounds must be a list of objects"),
    ],
)
def test_a_badly_shaped_document_is_rejected(changes: dict[str, object], message: str) -> None:
    texts = entry_problems(game_document(**changes))
    assert len(texts) == 1
    assert texts[0].startswith(message)


def test_a_document_must_be_an_object() -> None:
    assert entry_problems([]) == ["a scoresheet must be a JSON object"]


def test_bad_options_and_players_in_a_document_are_rejected() -> None:
    assert entry_problems(game_document(options={"target": "x"})) == [
        "option target must be a whole number"
    ]
    assert entry_problems(game_document(options={"scientifico": True})) == [
        "unknown option scientifico"
    ]
    assert entry_problems(game_document(players=["Ann", "ANN"])) == ["ANN sits at the table twice"]


def test_the_format_page_names_every_game_and_gives_each_its_section() -> None:
    # Issue 34 item 6: docs/scoresheet.md once left Briscola out.
    page = (Path(__file__).resolve().parents[2] / "docs" / "scoresheet.md").read_text()
    lines = page.splitlines()
    game_row = next(line for line in lines if line.startswith("| `game` |"))
    headings = [line for line in lines if line.startswith("## ")]
    scopa_family = page.split("## Options of the Scopa family")[1].split("\n## ")[0]
    for key, game in registry.GAMES.items():
        assert f"`{key}`" in game_row, key
        if type(game).__module__ == registry.GAMES["scopa"].__module__:
            # The Scopa family shares one section, its options table naming each game.
            assert f"| {key}" in scopa_family or f", {key}" in scopa_family, key
        else:
            assert [heading for heading in headings if str(game.name) in heading], key
