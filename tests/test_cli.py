"""``manage.py score FILE``: the result as JSON on stdout, or exit 2 with one line per problem."""

from __future__ import annotations

import codecs
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.scoring import registry
from tests.factories import EIGHT_CARDS, rest

REPO_ROOT = Path(__file__).resolve().parent.parent
OUTPUT_KEYS = {"rounds", "totals", "totals_after_each_round", "finished", "winners", "eliminated"}

SCOPA_DOCUMENT = {
    "format": "scoresheet/1",
    "game": "scopa",
    "options": {"target": 11},
    "players": ["Ann", "Bob"],
    "rounds": [
        # Bob's list is left out: he took every card Ann did not.
        {"captures": {"Ann": list(EIGHT_CARDS)}, "scopas": {"Ann": 1}},
        {"points": {"Ann": 4, "Bob": 2}},
        {"points": {"Ann": 5, "Bob": 0}},
    ],
}


def write(tmp_path: Path, document: object, name: str = "sheet.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def score(path: str) -> dict[str, object]:
    out = io.StringIO()
    call_command("score", path, stdout=out)
    return json.loads(out.getvalue())


def score_fails(path: str) -> list[str]:
    """The command's stderr lines; it must exit with status 2 and print nothing on stdout."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("score", path, stdout=out, stderr=err)
    assert exit_.value.code == 2
    assert out.getvalue() == ""
    return err.getvalue().splitlines()


def with_rounds(*rounds: object, **fields: object) -> dict[str, object]:
    return {"game": "scopa", "players": ["Ann", "Bob"], **fields, "rounds": list(rounds)}


GOOD_ROUND = {"points": {"Ann": 1, "Bob": 0}}


def test_two_player_scopa_is_scored_as_the_format_says(tmp_path: Path) -> None:
    result = score(write(tmp_path, SCOPA_DOCUMENT))

    assert set(result) == OUTPUT_KEYS
    assert [r["points"] for r in result["rounds"]] == [
        {"Ann": 3, "Bob": 1},
        {"Ann": 4, "Bob": 2},
        {"Ann": 5, "Bob": 0},
    ]
    assert result["totals"] == {"Ann": 12, "Bob": 3}
    assert result["totals_after_each_round"] == [
        {"Ann": 3, "Bob": 1},
        {"Ann": 7, "Bob": 3},
        {"Ann": 12, "Bob": 3},
    ]
    assert result["finished"] is True
    assert result["winners"] == ["Ann"]
    assert result["eliminated"] == []


def test_each_round_has_its_points_and_breakdown(tmp_path: Path) -> None:
    first = score(write(tmp_path, SCOPA_DOCUMENT))["rounds"][0]

    assert set(first) == {"points", "breakdown"}
    breakdown = first["breakdown"]
    assert breakdown["cards"] == {"counts": {"Ann": 8, "Bob": 32}, "winner": "Bob"}
    assert breakdown["coins"] == {"counts": {"Ann": 5, "Bob": 5}, "winner": None}
    assert breakdown["settebello"] == {"winner": "Ann"}
    assert breakdown["primiera"]["winner"] == "Ann"
    assert breakdown["primiera"]["values"]["Ann"] == {
        "sum": 84,
        "complete": True,
        "best": {"D": "7D", "C": "7C", "S": "7S", "B": "7B"},
    }
    assert breakdown["primiera"]["values"]["Bob"]["sum"] == 69
    assert breakdown["scopas"] == {"Ann": 1, "Bob": 0}
    assert "re_bello" not in breakdown


def test_game_in_progress_has_no_winners(tmp_path: Path) -> None:
    result = score(write(tmp_path, with_rounds(GOOD_ROUND)))

    assert result["finished"] is False
    assert result["winners"] == []
    assert result["totals"] == {"Ann": 1, "Bob": 0}


def test_scopone_points_and_totals_are_keyed_by_team(tmp_path: Path) -> None:
    document = {
        "game": "scopone",
        "options": {"re_bello": True},
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "rounds": [
            {
                "captures": {"Ann & Cy": list(EIGHT_CARDS), "Bob & Di": rest(EIGHT_CARDS)},
                "scopas": {"Ann & Cy": 0, "Bob & Di": 2},
            }
        ],
    }

    result = score(write(tmp_path, document))

    # Ann & Cy: settebello, primiera. Bob & Di: cards, re bello, two scopas.
    assert result["rounds"][0]["points"] == {"Ann & Cy": 2, "Bob & Di": 4}
    assert result["rounds"][0]["breakdown"]["re_bello"] == {"winner": "Bob & Di"}
    assert result["totals"] == {"Ann & Cy": 2, "Bob & Di": 4}
    assert result["totals_after_each_round"] == [{"Ann & Cy": 2, "Bob & Di": 4}]
    assert result["finished"] is False


def test_four_player_scopa_forms_teams_when_none_are_given(tmp_path: Path) -> None:
    document = {"game": "scopa", "players": ["Ann", "Bob", "Cy", "Di"], "rounds": []}

    result = score(write(tmp_path, document))

    assert result["totals"] == {"Ann & Cy": 0, "Bob & Di": 0}
    assert result["rounds"] == []


def test_dash_reads_the_scoresheet_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(SCOPA_DOCUMENT)))

    result = score("-")

    assert result["totals"] == {"Ann": 12, "Bob": 3}


def test_bad_standard_input_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("{"))

    lines = score_fails("-")

    assert len(lines) == 1
    assert lines[0].startswith("-: not valid JSON")


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (
            with_rounds({"captures": {"Ann": ["7D"], "Bob": ["7D", *rest(["7D"])]}}),
            ["round 1: 7D is captured twice (Ann, Bob)"],
        ),
        (
            with_rounds(
                GOOD_ROUND, {"captures": {"Ann": list(EIGHT_CARDS), "Bob": rest(EIGHT_CARDS)[1:]}}
            ),
            ["round 2: 4D is not captured by any side"],
        ),
        (
            with_rounds(GOOD_ROUND, {"captures": {"Ann": ["ZZ"]}}),
            ["round 2: ZZ is not a card code (Ann)"],
        ),
        (
            with_rounds(GOOD_ROUND, {"captures": {"Ann": list(EIGHT_CARDS), "Cy": ["AS"]}}),
            ["round 2: Cy is not a side at this table"],
        ),
        (
            with_rounds(GOOD_ROUND, {"points": {"Ann": 1, "Bob": "two"}}),
            ["round 2: points for Bob must be a whole number, 0 or more"],
        ),
        (
            with_rounds(GOOD_ROUND, {"points": {"Ann": 1}, "scopas": {"Ann": 1}}),
            ["round 2: unknown field scopas"],
        ),
        (with_rounds(GOOD_ROUND, options={"jokers": True}), ["unknown option jokers"]),
        (
            with_rounds(GOOD_ROUND, options={"target": "eleven"}),
            ["option target must be a whole number"],
        ),
    ],
)
def test_bad_input_exits_2_naming_the_round_and_the_card_or_field(
    tmp_path: Path, document: dict[str, object], expected: list[str]
) -> None:
    assert score_fails(write(tmp_path, document)) == expected


def test_every_problem_gets_its_own_line(tmp_path: Path) -> None:
    document = with_rounds(
        {"captures": {"Ann": ["7D"], "Bob": ["7D", *rest(["7D"])]}},
        GOOD_ROUND,
        {"captures": {"Ann": ["ZZ", "AS"]}, "scopas": {"Cy": 1}},
    )

    assert score_fails(write(tmp_path, document)) == [
        "round 1: 7D is captured twice (Ann, Bob)",
        "round 3: ZZ is not a card code (Ann)",
        "round 3: Cy is not a side at this table",
    ]


def test_round_after_the_game_was_decided_is_an_error(tmp_path: Path) -> None:
    document = with_rounds({"points": {"Ann": 11, "Bob": 0}}, GOOD_ROUND)

    assert score_fails(write(tmp_path, document)) == [
        "round 2: the game was already over after round 1"
    ]


def test_a_game_not_scored_yet_exits_2_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "COMING_GAMES", ("tarocchi",))
    document = {"game": "tarocchi", "players": ["Ann", "Bob", "Cy"], "rounds": []}

    assert score_fails(write(tmp_path, document)) == ["tarocchi: not supported yet"]


def test_unknown_game_exits_2(tmp_path: Path) -> None:
    lines = score_fails(write(tmp_path, with_rounds(game="hearts")))

    known = ", ".join([*registry.GAMES, *registry.COMING_GAMES])
    assert lines == [f"game must be one of {known}"]
    assert {"scopa", "scopone", "pirate-scopa"} <= set(registry.GAMES)


def test_invalid_json_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "scopa",', encoding="utf-8")

    lines = score_fails(str(path))

    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: not valid JSON")


def test_missing_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"

    assert score_fails(str(path)) == [f"{path}: No such file or directory"]


ZOE_DOCUMENT = with_rounds({"points": {"Zoë": 1, "Bob": 0}}, players=["Zoë", "Bob"])


@pytest.mark.parametrize(
    ("bom", "encoding"),
    [
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ],
)
def test_utf8_bom_and_utf16_files_are_read_like_the_web_import(
    tmp_path: Path, bom: bytes, encoding: str
) -> None:
    path = tmp_path / "sheet.json"
    path.write_bytes(bom + json.dumps(ZOE_DOCUMENT, ensure_ascii=False).encode(encoding))

    assert score(str(path))["totals"] == {"Zoë": 1, "Bob": 0}


def test_a_bom_on_standard_input_is_read_too(monkeypatch: pytest.MonkeyPatch) -> None:
    data = codecs.BOM_UTF8 + json.dumps(ZOE_DOCUMENT, ensure_ascii=False).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))

    assert score("-")["totals"] == {"Zoë": 1, "Bob": 0}


LONE_SURROGATE = "Ann\ud800"


def test_a_name_with_a_lone_surrogate_is_printed_as_a_json_escape(tmp_path: Path) -> None:
    document = with_rounds({"points": {LONE_SURROGATE: 1, "Bob": 0}})
    document["players"] = [LONE_SURROGATE, "Bob"]
    out = io.StringIO()

    call_command("score", write(tmp_path, document), stdout=out)

    assert "Ann\\ud800" in out.getvalue()
    assert json.loads(out.getvalue())["totals"] == {LONE_SURROGATE: 1, "Bob": 0}


def test_deeply_nested_json_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")

    assert score_fails(str(path)) == [f"{path}: nests too deeply to be a scoresheet"]


def test_nesting_json_reads_but_no_scoresheet_has_exits_2(tmp_path: Path) -> None:
    nested: object = []
    for _ in range(40):
        nested = [nested]
    path = write(tmp_path, with_rounds(GOOD_ROUND, options={"deep": nested}))

    assert score_fails(path) == [f"{path}: nests too deeply to be a scoresheet"]


def test_a_nul_character_exits_2_as_the_web_import_refuses_it(tmp_path: Path) -> None:
    path = write(tmp_path, with_rounds(players=["Ann\x00", "Bob"]))

    assert score_fails(path) == [f"{path}: holds a NUL character, which no name or value may"]


def bare_environment(tmp_path: Path) -> dict[str, str]:
    """A machine with nothing set up: no DEBUG, no SECRET_KEY, no DATABASE_URL."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}


def score_on_a_bare_machine(tmp_path: Path, document: object) -> subprocess.CompletedProcess[str]:
    """Run the real command with no DEBUG, SECRET_KEY or DATABASE_URL in the environment."""
    return subprocess.run(
        [sys.executable, "manage.py", "score", write(tmp_path, document)],
        cwd=REPO_ROOT,
        env=bare_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_command_runs_on_a_bare_machine(tmp_path: Path) -> None:
    completed = score_on_a_bare_machine(tmp_path, SCOPA_DOCUMENT)

    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout)
    assert set(result) == OUTPUT_KEYS
    assert result["winners"] == ["Ann"]


def test_command_on_a_bare_machine_exits_2_for_bad_input(tmp_path: Path) -> None:
    document = with_rounds({"captures": {"Ann": ["7D"], "Bob": ["7D", *rest(["7D"])]}})

    completed = score_on_a_bare_machine(tmp_path, document)

    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr.splitlines() == ["round 1: 7D is captured twice (Ann, Bob)"]


def test_real_output_keeps_utf8_names_and_escapes_a_lone_surrogate(tmp_path: Path) -> None:
    plain = score_on_a_bare_machine(tmp_path, ZOE_DOCUMENT)
    document = with_rounds({"points": {LONE_SURROGATE: 1, "Zoë": 0}})
    document["players"] = [LONE_SURROGATE, "Zoë"]
    surrogate = score_on_a_bare_machine(tmp_path, document)

    assert plain.returncode == 0, plain.stderr
    assert '"Zoë": 1' in plain.stdout
    assert surrogate.returncode == 0, surrogate.stderr
    assert json.loads(surrogate.stdout)["totals"] == {LONE_SURROGATE: 1, "Zoë": 0}


@pytest.mark.parametrize(
    ("example", "totals", "finished", "winners", "eliminated"),
    [
        ("scopa.json", None, None, None, []),
        # Ann reaches 31 after hand 4 and is out; Bob then takes every penalty card and the
        # last trick (0 for him, 11 for Cy).
        ("ciapano.json", {"Ann": 31, "Bob": 7, "Cy": 17}, False, [], ["Ann"]),
        # Sauspiel with a Stoß (20 each), a lost Solo (50 to each opponent), a passed deal,
        # a Wenz won Schneider (60 from each): the balance sums to zero.
        ("schafkopf.json", {"Ann": 10, "Bob": -230, "Cy": 10, "Di": 210}, False, [], []),
        # Bob passes 150 (165): the lowest total wins.
        ("swoops.json", {"Ann": 19, "Bob": 165, "Cy": 3}, True, ["Cy"], []),
    ],
)
def test_the_documented_examples_score_as_the_spec_says(
    example: str,
    totals: dict[str, int] | None,
    finished: bool | None,
    winners: list[str] | None,
    eliminated: list[str],
) -> None:
    result = score(str(REPO_ROOT / "docs" / "examples" / example))

    assert set(result) == OUTPUT_KEYS
    assert result["eliminated"] == eliminated
    if totals is not None:
        assert result["totals"] == totals
        assert result["finished"] is finished
        assert result["winners"] == winners


def test_pirate_simplified_primes_give_most_sevens_as_the_reason(tmp_path: Path) -> None:
    # Ann takes three 7s, Bob the last 7 and every 2, 3 and 5: most sevens wins for Ann, though
    # Bob's sum is higher.
    sevens = ["7D", "7C", "7S"]
    document = {
        "game": "pirate-scopa",
        "options": {"prime_rule": "most-sevens"},
        "players": ["Ann", "Bob"],
        "rounds": [{"captures": {"Ann": sevens}}],
    }
    primes = score(write(tmp_path, document))["rounds"][0]["breakdown"]["primiera"]

    assert primes["winner"] == "Ann"
    assert primes["reason"] == "most-sevens"
    summed = {**document, "options": {"prime_rule": "sum"}}
    primes = score(write(tmp_path, summed, "sum.json"))["rounds"][0]["breakdown"]["primiera"]
    assert (primes["winner"], primes["reason"]) == ("Bob", "highest-sum")


# -- the light path: manage.py answers a plain `score FILE` before setting Django up ----------

BAD_DOCUMENT = with_rounds(
    {"captures": {"Ann": ["7D"], "Bob": ["7D", *rest(["7D"])]}},
    {"captures": {"Ann": ["ZZ"]}, "scopas": {"Cy": 1}},
)


def manage_score(
    tmp_path: Path, *arguments: str, stdin: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "manage.py", "score", *arguments],
        cwd=REPO_ROOT,
        env=bare_environment(tmp_path),
        input=stdin,
        capture_output=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "document",
    [SCOPA_DOCUMENT, BAD_DOCUMENT, ZOE_DOCUMENT, with_rounds(game="hearts"), "{", None],
    ids=["scored", "bad rounds", "utf-8 name", "unknown game", "not json", "no file"],
)
def test_the_light_path_prints_what_the_django_command_prints(
    tmp_path: Path, document: object
) -> None:
    if document is None:
        path = str(tmp_path / "nowhere.json")
    elif isinstance(document, str):
        path = str(tmp_path / "broken.json")
        Path(path).write_text(document, encoding="utf-8")
    else:
        path = write(tmp_path, document)
    light = manage_score(tmp_path, path)
    # An option, even one that changes nothing, takes the arguments to Django's parser.
    django = manage_score(tmp_path, "--verbosity", "1", path)

    assert (light.returncode, light.stdout, light.stderr) == (
        django.returncode,
        django.stdout,
        django.stderr,
    )


def test_the_light_path_reads_standard_input_as_the_django_command_does(tmp_path: Path) -> None:
    data = codecs.BOM_UTF8 + json.dumps(ZOE_DOCUMENT, ensure_ascii=False).encode()

    light = manage_score(tmp_path, "-", stdin=data)
    django = manage_score(tmp_path, "--verbosity", "1", "-", stdin=data)

    assert light.returncode == django.returncode == 0
    assert light.stdout == django.stdout
    assert json.loads(light.stdout)["totals"] == {"Zoë": 1, "Bob": 0}


def test_the_light_path_never_imports_django(tmp_path: Path) -> None:
    path = write(tmp_path, SCOPA_DOCUMENT)
    probe = (
        "import atexit, runpy, sys\n"
        "atexit.register(lambda: sys.stderr.write(str(sorted("
        "name for name in sys.modules if name.split('.')[0] == 'django'))))\n"
        f"sys.argv = ['manage.py', 'score', {path!r}]\n"
        "runpy.run_path('manage.py', run_name='__main__')\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=REPO_ROOT,
        env=bare_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert completed.returncode == 0
    assert json.loads(completed.stdout)["winners"] == ["Ann"]
    assert completed.stderr == "[]"


@pytest.mark.parametrize(
    ("arguments", "light"),
    [
        (["sheet.json"], True),
        (["-"], True),
        ([""], True),
        ([], False),
        (["--help"], False),
        (["--no-color", "sheet.json"], False),
        (["sheet.json", "--no-color"], False),
        (["sheet.json", "other.json"], False),
        (["-x.json"], False),
        (["--"], False),
    ],
)
def test_only_a_plain_file_argument_takes_the_light_path(arguments: list[str], light: bool) -> None:
    from games import score_cli

    assert score_cli.takes(arguments) is light


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_on_a_terminal_the_light_path_colours_errors_as_django_does(tmp_path: Path) -> None:
    path = write(tmp_path, BAD_DOCUMENT)

    def on_a_terminal(*arguments: str) -> bytes:
        """What the command writes with a terminal as its standard output and error."""
        main, terminal = os.openpty()
        process = subprocess.Popen(
            [sys.executable, "manage.py", "score", *arguments],
            cwd=REPO_ROOT,
            env=bare_environment(tmp_path),
            stdin=subprocess.DEVNULL,
            stdout=terminal,
            stderr=terminal,
        )
        os.close(terminal)
        written = b""
        try:
            while chunk := os.read(main, 65536):
                written += chunk
        except OSError:  # Linux: the terminal's other end has closed
            pass
        finally:
            os.close(main)
        assert process.wait(timeout=60) == 2
        return written

    light = on_a_terminal(path)

    assert light == on_a_terminal("--verbosity", "1", path)
    assert b"\x1b[" in light
    assert b"7D is captured twice" in light
