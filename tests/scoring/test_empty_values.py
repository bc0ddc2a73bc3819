"""An empty string in a scoresheet (issue 34, item 6): a spreadsheet or a form writes an empty
cell as "", so a field that does not apply to an entry is accepted with "" as it is with null,
0, false, [] or {} (docs/scoresheet.md), and a field that applies but holds "" is refused by
what it should hold, never called unknown. A choice between numbers (Briscola's ``best_of``)
is read from a JSON number too."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.scoring import EntryError
from games.scoring.cards import DECK
from games.scoring.scoresheet import read_scoresheet, score_scoresheet

HALF_DECK = [card.code for card in DECK][:20]
OTHER_HALF = [card.code for card in DECK][20:]
FOUR = ["Ann", "Bob", "Cy", "Di"]
HOUSE_GAMES = {"ramsch": True, "bettel": True, "klopfen": True}

# Each game's documented fields (docs/scoresheet.md), and one entry of each kind it takes:
# (game, options, players, entry).
DOCUMENTED: Mapping[str, tuple[str, ...]] = {
    "scopa": ("captures", "scopas", "ace_sweeps", "points", "capotto"),
    "briscola": ("captures", "points"),
    "ciapano": ("penalty_cards", "last_trick", "aces", "thirds", "points"),
    "swoops": ("went_out", "remaining", "totals", "points"),
    "schafkopf": (
        *("contract", "declarer", "partner", "suit", "declarer_points", "declarer_tricks"),
        *("doublings", "laufende", "declarer_won", "schneider", "schwarz", "klopfen"),
        *("card_points", "jungfrau", "durchmarsch", "points"),
    ),
}
DOCUMENTED = {
    **DOCUMENTED,
    "scopone": DOCUMENTED["scopa"],
    "pirate-scopa": DOCUMENTED["scopa"],
    "cirulla": (*DOCUMENTED["scopa"], "low_hands", "three_of_a_kind"),
    "tressette": ("captures", "last_trick", "points", "declarations"),
}
ENTRIES: list[tuple[str, dict[str, object], list[str], dict[str, object]]] = [
    ("scopa", {}, ["Ann", "Bob"], {"points": {"Ann": 3, "Bob": 1}}),
    ("scopa", {}, ["Ann", "Bob"], {"captures": {"Ann": HALF_DECK}, "scopas": {"Ann": 1}}),
    ("scopone", {}, FOUR, {"points": {"Ann & Cy": 3, "Bob & Di": 1}}),
    ("scopone", {}, FOUR, {"captures": {"Ann & Cy": HALF_DECK}}),
    ("pirate-scopa", {}, ["Ann", "Bob"], {"points": {"Ann": 3, "Bob": 1}}),
    ("pirate-scopa", {}, ["Ann", "Bob"], {"captures": {"Ann": HALF_DECK}}),
    ("cirulla", {}, ["Ann", "Bob"], {"points": {"Ann": 3, "Bob": 1}}),
    ("cirulla", {}, ["Ann", "Bob"], {"captures": {"Ann": HALF_DECK}, "low_hands": {"Ann": 1}}),
    ("tressette", {}, ["Ann", "Bob"], {"points": {"Ann": 6, "Bob": 5}}),
    (
        "tressette",
        {},
        ["Ann", "Bob"],
        {"captures": {"Ann": HALF_DECK, "Bob": OTHER_HALF}, "last_trick": "Bob"},
    ),
    ("briscola", {}, ["Ann", "Bob"], {"points": {"Ann": 60, "Bob": 60}}),
    ("briscola", {}, ["Ann", "Bob"], {"captures": {"Ann": HALF_DECK, "Bob": OTHER_HALF}}),
    ("ciapano", {}, ["Ann", "Bob", "Cy"], {"points": {"Ann": 4, "Bob": 4, "Cy": 3}}),
    (
        "ciapano",
        {},
        ["Ann", "Bob", "Cy"],
        {"aces": {"Ann": 4}, "thirds": {"Bob": 20}, "last_trick": "Cy"},
    ),
    ("swoops", {}, ["Ann", "Bob", "Cy"], {"points": {"Ann": 0, "Bob": 5, "Cy": 3}}),
    (
        "swoops",
        {},
        ["Ann", "Bob", "Cy"],
        {"went_out": "Ann", "remaining": {"Bob": ["5"], "Cy": ["3"]}},
    ),
    ("schafkopf", HOUSE_GAMES, FOUR, {"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}}),
    (
        "schafkopf",
        HOUSE_GAMES,
        FOUR,
        {
            "contract": "sauspiel",
            "declarer": "Ann",
            "partner": "Cy",
            "declarer_points": 75,
            "declarer_tricks": 5,
        },
    ),
    (
        "schafkopf",
        HOUSE_GAMES,
        FOUR,
        {"contract": "solo", "declarer": "Ann", "declarer_won": True},
    ),
    (
        "schafkopf",
        HOUSE_GAMES,
        FOUR,
        {"contract": "bettel", "declarer": "Ann", "declarer_tricks": 0},
    ),
    ("schafkopf", HOUSE_GAMES, FOUR, {"contract": "ramsch", "durchmarsch": "Cy"}),
]


def scored(game: str, options: object, players: list[str], entry: object) -> object:
    return score_scoresheet(
        {"game": game, "options": options, "players": players, "rounds": [entry]}
    )


def problems(game: str, options: object, players: list[str], entry: object) -> list[str]:
    try:
        scored(game, options, players, entry)
    except EntryError as error:
        return [problem.text() for problem in error.problems]
    return []


CASES = [
    pytest.param(game, options, players, entry, field, id=f"{game}-{next(iter(entry))}-{field}")
    for game, options, players, entry in ENTRIES
    for field in DOCUMENTED[game]
    if field not in entry
]


@pytest.mark.parametrize(("game", "options", "players", "entry", "field"), CASES)
def test_an_empty_string_is_never_an_unknown_documented_field(
    game: str, options: object, players: list[str], entry: dict[str, object], field: str
) -> None:
    found = problems(game, options, players, {**entry, field: ""})
    assert not [text for text in found if "unknown field" in text]
    # And never a problem naming nobody (" is not at this table").
    assert not [text for text in found if text.startswith("round 1:  ")]


# The fields each kind of entry takes (docs/scoresheet.md); any other documented field does
# not apply to it, and "" there is accepted and scores as if left out, as null does. Issue 34
# found 8 places where "" was called an unknown field instead.
SCOPA_CARDS, SCOPA_POINTS = {"captures", "scopas", "ace_sweeps"}, {"points", "capotto"}
CONTRACT = {
    *("contract", "declarer", "partner", "suit", "declarer_points", "declarer_tricks"),
    *("doublings", "laufende", "declarer_won", "schneider", "schwarz", "klopfen"),
}
KIND_FIELDS: Mapping[tuple[str, str], set[str]] = {
    **{(game, "points"): SCOPA_POINTS for game in ("scopa", "scopone", "pirate-scopa")},
    **{(game, "captures"): SCOPA_CARDS for game in ("scopa", "scopone", "pirate-scopa")},
    ("cirulla", "points"): SCOPA_POINTS,
    ("cirulla", "captures"): {*SCOPA_CARDS, "low_hands", "three_of_a_kind"},
    # The declarations go with either kind of entry.
    ("tressette", "points"): {"points", "declarations"},
    ("tressette", "captures"): {"captures", "last_trick", "declarations"},
    ("briscola", "points"): {"points"},
    ("briscola", "captures"): {"captures"},
    ("ciapano", "points"): {"points"},
    ("ciapano", "aces"): {"aces", "thirds", "last_trick"},
    ("swoops", "points"): {"points"},
    ("swoops", "went_out"): {"went_out", "remaining", "totals"},
    ("schafkopf", "points"): {"points"},
    ("schafkopf", "contract"): CONTRACT,
}
NOT_APPLYING = [
    pytest.param(game, options, players, entry, field, id=f"{game}-{next(iter(entry))}-{field}")
    for game, options, players, entry in ENTRIES
    for field in DOCUMENTED[game]
    if field not in entry
    and field not in KIND_FIELDS[game, next(iter(entry))]
    # A Ramsch takes its own fields and no declarer's; the other contracts the reverse.
    and not (entry.get("contract") == "ramsch" and field in ("card_points", "jungfrau", "klopfen"))
]


@pytest.mark.parametrize(("game", "options", "players", "entry", "field"), NOT_APPLYING)
def test_an_empty_string_where_null_is_accepted_scores_as_if_left_out(
    game: str, options: object, players: list[str], entry: dict[str, object], field: str
) -> None:
    with_empty = {**entry, field: ""}
    assert scored(game, options, players, with_empty) == scored(game, options, players, entry)


@pytest.mark.parametrize(
    ("entry", "field", "expected"),
    [
        ({"points": {"Ann": 3, "Bob": 1}}, "scopas", None),
        ({"points": {"Ann": 3, "Bob": 1}}, "ace_sweeps", None),
        ({"points": {"Ann": 3, "Bob": 1}}, "capotto", None),
        ({"captures": {"Ann": HALF_DECK}}, "capotto", None),
        ({"captures": {"Ann": HALF_DECK}}, "points", None),
        # A field the entry takes, holding "", says what it must hold.
        ({"captures": {"Ann": HALF_DECK}}, "scopas", "scopas must give a number for each side"),
    ],
)
def test_the_scopa_capotto_of_the_issue_and_its_neighbours(
    entry: dict[str, object], field: str, expected: str | None
) -> None:
    found = problems("scopa", {}, ["Ann", "Bob"], {**entry, field: ""})
    assert found == ([] if expected is None else [f"round 1: {expected}"])


def test_schafkopf_fields_that_apply_refuse_an_empty_string_by_what_they_hold() -> None:
    sauspiel = {
        "contract": "sauspiel",
        "declarer": "Ann",
        "partner": "Cy",
        "declarer_points": 75,
        "declarer_tricks": 5,
    }
    assert problems("schafkopf", {}, FOUR, {**sauspiel, "doublings": ""}) == [
        "round 1: doublings must be a whole number"
    ]
    counted = {"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}}
    for field in ("declarer", "declarer_points", "card_points", "durchmarsch"):
        assert problems("schafkopf", HOUSE_GAMES, FOUR, {**counted, field: ""}) == []


@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_best_of_is_read_from_a_json_number_as_from_its_string(best_of: int) -> None:
    document = {"game": "briscola", "options": {"best_of": best_of}, "players": ["Ann", "Bob"]}
    sheet = read_scoresheet(document)
    assert sheet.table.options["best_of"] == str(best_of)
    # As written, so an export gives back what was imported.
    assert sheet.options == {"best_of": best_of}
    as_string = read_scoresheet({**document, "options": {"best_of": str(best_of)}})
    assert sheet.table == as_string.table


@pytest.mark.parametrize("bad", [2, 3.0, True, "three", None])
def test_best_of_still_refuses_what_is_not_one_of_its_choices(bad: object) -> None:
    document = {"game": "briscola", "options": {"best_of": bad}, "players": ["Ann", "Bob"]}
    with pytest.raises(EntryError) as caught:
        read_scoresheet(document)
    assert [problem.text() for problem in caught.value.problems] == [
        "option best_of must be one of 1, 3, 5"
    ]


def test_a_match_imported_with_best_of_as_a_number_ends_as_best_of_that_many() -> None:
    deal = {"points": {"Ann": 61, "Bob": 59}}
    output = score_scoresheet(
        {
            "game": "briscola",
            "options": {"best_of": 3},
            "players": ["Ann", "Bob"],
            "rounds": [deal, deal],
        }
    )
    assert output["finished"] is True
    assert output["winners"] == ["Ann"]
