"""The services: every write is validated by the engine and is all or nothing."""

from __future__ import annotations

import json

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from games.models import ClubChange, Player, Round, RoundPoints, Seat, Table
from games.scoring import GAMES, EntryError, RoundScore
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from tests.clubs import home_club, home_owner
from tests.factories import (
    EIGHT_CARDS,
    PlayerFactory,
    SeatFactory,
    TableFactory,
    captures_entry,
    points_entry,
    rest,
)

pytestmark = pytest.mark.django_db


def seats_of(table: Table) -> list[tuple[int, str, str]]:
    return [
        (seat.position, seat.player.name, seat.team)
        for seat in table.seats.select_related("player").order_by("position")
    ]


def totals(table: Table) -> dict[str, int]:
    return table_selectors.table_totals(table, table.setup())


def counts() -> tuple[int, int, int, int, int]:
    return (
        Table.objects.count(),
        Seat.objects.count(),
        Player.objects.count(),
        Round.objects.count(),
        RoundPoints.objects.count(),
    )


def problem_texts(error: pytest.ExceptionInfo[EntryError]) -> list[str]:
    return [problem.text() for problem in error.value.problems]


def two_player_table(**options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options=options
    )


# -- table_create -------------------------------------------------------------------------------


def test_scopone_seats_partners_opposite_in_named_teams() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopone", players=["Ann", "Bob", "Cy", "Di"]
    )

    assert seats_of(table) == [
        (0, "Ann", "Ann & Cy"),
        (1, "Bob", "Bob & Di"),
        (2, "Cy", "Ann & Cy"),
        (3, "Di", "Bob & Di"),
    ]
    assert table.setup().sides == ("Ann & Cy", "Bob & Di")


def test_four_player_scopa_plays_in_teams_of_partners_opposite() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob", "Cy", "Di"]
    )

    assert [team for _, _, team in seats_of(table)] == [
        "Ann & Cy",
        "Bob & Di",
        "Ann & Cy",
        "Bob & Di",
    ]


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (["Ann", "Bob"], {}),
        (["Ann", "Bob", "Cy"], {}),
        (["Ann", "Bob", "Cy", "Di"], {"four_individuals": True}),
    ],
)
def test_scopa_without_partnership_has_no_teams(players: list[str], options: dict) -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=players, options=options
    )

    assert seats_of(table) == [(i, name, "") for i, name in enumerate(players)]
    assert table.setup().sides == tuple(players)


def test_table_keeps_the_options_as_chosen() -> None:
    table = table_services.table_create(
        club=home_club(),
        game="scopone",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"scientifico": True},
    )
    table.refresh_from_db()

    assert table.options == {"scientifico": True}
    assert table.setup().options["target"] == 21


def test_existing_player_is_reused_whatever_the_case() -> None:
    ann = Player.objects.create(name="Ann", club=home_club())

    table = table_services.table_create(club=home_club(), game="scopa", players=["ann", "Bob"])

    assert Player.objects.filter(name__iexact="ann").count() == 1
    assert table.seats.get(position=0).player == ann
    assert table.setup().players == ("Ann", "Bob")


@pytest.mark.parametrize(
    ("game", "players", "options", "expected"),
    [
        ("scopa", ["Ann", "Bob", "Cy", "Di", "Ed"], {}, "Scopa needs 2 to 4 players, not 5"),
        ("scopa", ["Ann"], {}, "Scopa needs 2 to 4 players, not 1"),
        ("scopone", ["Ann", "Bob", "Cy"], {}, "Scopone needs exactly 4 players, not 3"),
        ("scopa", ["Ann", "ann"], {}, "ann sits at the table twice"),
        ("scopa", ["Ann", "Bob"], {"jokers": True}, "unknown option jokers"),
        ("scopa", ["Ann", "Bob"], {"target": 0}, "option target must be between 1 and 99"),
        ("hearts", ["Ann", "Bob"], {}, "unknown game hearts"),
    ],
)
def test_bad_table_raises_entry_error_and_creates_nothing(
    game: str, players: list[str], options: dict, expected: str
) -> None:
    before = counts()

    with pytest.raises(EntryError) as error:
        table_services.table_create(club=home_club(), game=game, players=players, options=options)

    assert expected in problem_texts(error)
    assert counts() == before


def test_names_equal_but_for_spaces_are_the_same_player_and_rejected() -> None:
    # "Ann " is stored as "Ann": it would take Ann's seat a second time.
    with pytest.raises(EntryError) as error:
        table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Ann "])

    assert any("sits at the table twice" in text for text in problem_texts(error))
    assert counts() == (0, 0, 0, 0, 0)


def test_first_dealer_outside_the_table_is_rejected() -> None:
    with pytest.raises(EntryError):
        table_services.table_create(
            club=home_club(), game="scopa", players=["Ann", "Bob"], first_dealer=2
        )

    assert counts() == (0, 0, 0, 0, 0)


# -- round_record -------------------------------------------------------------------------------


def test_hands_are_numbered_from_one() -> None:
    table = two_player_table()

    numbers = [
        table_services.round_record(table, points_entry(Ann=1, Bob=1)).number for _ in range(3)
    ]

    assert numbers == [1, 2, 3]


def test_dealer_rotates_in_seat_order_from_the_first_dealer() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob", "Cy"], first_dealer=1
    )

    dealers = [
        # Level totals (a hand gives at least the settebello), so the game goes on.
        table_services.round_record(table, points_entry(Ann=1, Bob=1, Cy=1)).dealer
        for _ in range(4)
    ]

    assert dealers == [1, 2, 0, 1]
    assert table_services.next_dealer(table, table.setup(), []) == 2


def test_the_deal_skips_a_ciapano_player_who_is_out() -> None:
    table = table_services.table_create(
        club=home_club(), game="ciapano", players=["Ann", "Bob", "Cy", "Di"], first_dealer=2
    )
    # Hands of 11 points: Cy, Di and Ann deal; hand 3 (Ann deals) puts Bob out at 31, so hand 4
    # is dealt by Cy, not Bob.
    hands = [
        table_services.round_record(table, entry)
        for entry in (
            {"points": {"Ann": 0, "Bob": 11, "Cy": 0, "Di": 0}},
            {"points": {"Ann": 0, "Bob": 11, "Cy": 0, "Di": 0}},
            {"points": {"Ann": 2, "Bob": 9, "Cy": 0, "Di": 0}},
            {"points": {"Ann": 4, "Cy": 4, "Di": 3}},
            {"points": {"Ann": 4, "Cy": 4, "Di": 3}},
        )
    ]

    assert [hand.dealer for hand in hands] == [2, 3, 0, 2, 3]
    assert table_services.next_dealer(table, table.setup(), _scores(table)) == 0


def _scores(table: Table) -> list[RoundScore]:
    return [hand.score() for hand in table_selectors.table_hands(table)]


def test_recorded_points_are_the_engines_points_per_side() -> None:
    table = two_player_table()
    entry = captures_entry("Ann", "Bob", scopas={"Ann": 1, "Bob": 0})

    round_ = table_services.round_record(table, entry)

    stored = {row.side: row.points for row in round_.points.all()}
    assert stored == dict(GAMES["scopa"].score_round(entry, table.setup()).points)
    # Worked out by hand: settebello, primiera and a scopa to Ann; most cards to Bob.
    assert stored == {"Ann": 3, "Bob": 1}
    assert round_.entry == entry
    assert round_.breakdown["settebello"] == {"winner": "Ann"}


def test_team_hand_is_scored_per_team() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopone", players=["Ann", "Bob", "Cy", "Di"]
    )

    table_services.round_record(table, captures_entry("Ann & Cy", "Bob & Di"))

    assert totals(table) == {"Ann & Cy": 2, "Bob & Di": 1}


def test_game_ends_when_a_side_reaches_the_target_strictly_ahead() -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=6, Bob=4))
    table_services.round_record(table, points_entry(Ann=4, Bob=6))
    table.refresh_from_db()
    assert not table.is_finished

    # 11 to 11: both at the target but level, so the game goes on.
    table_services.round_record(table, points_entry(Ann=1, Bob=1))
    table.refresh_from_db()
    assert not table.is_finished
    assert table.winners == []

    table_services.round_record(table, points_entry(Ann=0, Bob=1))
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Bob"]


def test_no_hand_can_be_recorded_once_the_game_is_over() -> None:
    table = two_player_table(target=5)
    table_services.round_record(table, points_entry(Ann=5, Bob=0))
    before = counts()

    with pytest.raises(EntryError) as error:
        table_services.round_record(table, points_entry(Ann=1, Bob=0))

    assert problem_texts(error) == ["the game is over; no more hands"]
    assert counts() == before


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            {"captures": {"Ann": ["7D", *EIGHT_CARDS], "Bob": rest(EIGHT_CARDS)}},
            "7D is listed twice for Ann",
        ),
        (
            {"captures": {"Ann": ["7D"], "Bob": ["7D", *rest(["7D"])]}},
            "7D is captured twice (Ann, Bob)",
        ),
        ({"captures": {"Ann": ["ZZ"]}}, "ZZ is not a card code (Ann)"),
        ({"points": {"Ann": -1, "Bob": 0}}, "points for Ann must be a whole number, 0 or more"),
        ({"points": {"Cy": 1}}, "Cy is not a side at this table"),
        (
            {**captures_entry("Ann", "Bob"), "scopas": {"Ann": 5, "Bob": 0}},
            "Ann made more sweeps (5) than the cards taken allow (8); "
            "a sweep takes two cards or more",
        ),
    ],
)
def test_invalid_hand_raises_entry_error_and_saves_nothing(entry: dict, expected: str) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    before = counts()

    with pytest.raises(EntryError) as error:
        table_services.round_record(table, entry)

    assert expected in problem_texts(error)
    assert counts() == before


# -- round_update -------------------------------------------------------------------------------


def test_changing_a_hand_recomputes_the_totals() -> None:
    table = two_player_table()
    first = table_services.round_record(table, points_entry(Ann=3, Bob=1))
    table_services.round_record(table, points_entry(Ann=2, Bob=2))

    table_services.round_update(first, points_entry(Ann=0, Bob=4))

    assert totals(table) == {"Ann": 2, "Bob": 6}
    first.refresh_from_db()
    assert first.entry == points_entry(Ann=0, Bob=4)
    assert {row.side: row.points for row in first.points.all()} == {"Ann": 0, "Bob": 4}


def test_changing_the_last_hand_can_end_the_game_and_undo_the_end() -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=6, Bob=0))
    last = table_services.round_record(table, points_entry(Ann=2, Bob=0))

    table_services.round_update(last, points_entry(Ann=5, Bob=0))
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Ann"]

    table_services.round_update(last, points_entry(Ann=4, Bob=0))
    table.refresh_from_db()
    assert not table.is_finished
    assert table.winners == []


def test_change_that_would_end_the_game_before_later_hands_is_refused() -> None:
    table = two_player_table()
    first = table_services.round_record(table, points_entry(Ann=5, Bob=0))
    table_services.round_record(table, points_entry(Ann=0, Bob=5))
    before = counts()

    with pytest.raises(EntryError) as error:
        table_services.round_update(first, points_entry(Ann=11, Bob=0))

    assert "later hands were played" in problem_texts(error)[0]
    assert counts() == before
    first.refresh_from_db()
    assert first.entry == points_entry(Ann=5, Bob=0)
    assert totals(table) == {"Ann": 5, "Bob": 5}
    table.refresh_from_db()
    assert not table.is_finished


def test_invalid_change_leaves_the_hand_as_it_was() -> None:
    table = two_player_table()
    first = table_services.round_record(table, points_entry(Ann=3, Bob=1))

    with pytest.raises(EntryError):
        table_services.round_update(first, {"points": {"Ann": -3}})

    first.refresh_from_db()
    assert first.entry == points_entry(Ann=3, Bob=1)
    assert totals(table) == {"Ann": 3, "Bob": 1}


# -- round_delete -------------------------------------------------------------------------------


def test_deleting_a_hand_renumbers_the_later_hands_without_gaps() -> None:
    table = two_player_table(target=99)
    for ann in range(1, 5):
        table_services.round_record(table, points_entry(Ann=ann, Bob=0))

    table_services.round_delete(table.rounds.get(number=2))

    rounds = list(table.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3]
    assert [r.entry["points"]["Ann"] for r in rounds] == [1, 3, 4]
    assert totals(table) == {"Ann": 8, "Bob": 0}


def test_deleting_the_deciding_hand_reopens_the_game() -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=6, Bob=0))
    deciding = table_services.round_record(table, points_entry(Ann=5, Bob=0))
    table.refresh_from_db()
    assert table.is_finished

    table_services.round_delete(deciding)

    table.refresh_from_db()
    assert not table.is_finished
    assert table.finished_at is None
    assert table.winners == []
    assert totals(table) == {"Ann": 6, "Bob": 0}


def test_delete_that_would_end_the_game_before_later_hands_is_refused() -> None:
    table = two_player_table()
    first = table_services.round_record(table, points_entry(Ann=5, Bob=10))
    # 16 to 16: level at the top, so the game goes on.
    table_services.round_record(table, points_entry(Ann=11, Bob=6))
    table_services.round_record(table, points_entry(Ann=1, Bob=1))
    before = counts()

    # Without hand 1, Ann would have won 11-6 after (the new) hand 1.
    with pytest.raises(EntryError):
        table_services.round_delete(first)

    assert counts() == before
    assert [r.number for r in table.rounds.order_by("number")] == [1, 2, 3]


# -- import and export --------------------------------------------------------------------------

ROUND_TRIP_DOCUMENT = {
    "game": "scopone",
    "options": {"scientifico": True, "re_bello": True},
    "players": ["Ann", "Bob", "Cy", "Di"],
    "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
    "rounds": [
        {
            "captures": {"Ann & Cy": list(EIGHT_CARDS), "Bob & Di": rest(EIGHT_CARDS)},
            "scopas": {"Ann & Cy": 1, "Bob & Di": 0},
        },
        {"points": {"Ann & Cy": 4, "Bob & Di": 2}},
        # With two sides, one side's list may be left out.
        {"captures": {"Bob & Di": ["8D", "9s", "10c", "QB", "AC"]}},
    ],
}


def test_import_then_export_gives_back_the_same_document(client: Client) -> None:
    table = table_services.table_import(
        json.loads(json.dumps(ROUND_TRIP_DOCUMENT)), club=home_club()
    )

    response = client.get(reverse("games:table_export", kwargs={"table": table.public_id}))

    exported = json.loads(response.content)
    assert exported.pop("format") == "scoresheet/1"
    assert exported == ROUND_TRIP_DOCUMENT


def test_imported_table_has_every_round_scored() -> None:
    table = table_services.table_import(
        json.loads(json.dumps(ROUND_TRIP_DOCUMENT)), club=home_club()
    )

    assert [r.number for r in table.rounds.order_by("number")] == [1, 2, 3]
    assert [r.dealer for r in table.rounds.order_by("number")] == [0, 1, 2]
    # Hand 1: 3 to 2 (Bob & Di: cards, re bello). Hand 2: 4 to 2. Hand 3: Ann & Cy took all
    # but 5 cards: cards, coins, settebello, primiera and re bello.
    assert totals(table) == {"Ann & Cy": 3 + 4 + 5, "Bob & Di": 2 + 2 + 0}
    assert table.setup().options["target"] == 21
    assert not table.is_finished


def test_import_decides_a_finished_game() -> None:
    document = {
        "game": "scopa",
        "options": {"target": 5},
        "players": ["Ann", "Bob"],
        "rounds": [{"points": {"Ann": 2, "Bob": 1}}, {"points": {"Ann": 1, "Bob": 4}}],
    }

    table = table_services.table_import(document, club=home_club())

    assert table.is_finished
    assert table.winners == ["Bob"]


def test_import_with_one_bad_round_creates_nothing_and_names_the_round() -> None:
    document = json.loads(json.dumps(ROUND_TRIP_DOCUMENT))
    document["rounds"][1] = {"points": {"Ann & Cy": 4, "Nobody": 2}}
    before = counts()

    with pytest.raises(EntryError) as error:
        table_services.table_import(document, club=home_club())

    assert problem_texts(error) == ["round 2: Nobody is not a side at this table"]
    assert counts() == before


def test_import_keeps_the_stored_spelling_of_known_players() -> None:
    # Ann is already known: the imported rounds must count for her, not for a side "ann".
    Player.objects.create(name="Ann", club=home_club())
    document = {
        "game": "scopa",
        "players": ["ann", "Bob"],
        "rounds": [{"points": {"ann": 3, "Bob": 1}}, captures_entry("ann", "Bob")],
    }

    table = table_services.table_import(document, club=home_club())

    assert table.setup().sides == ("Ann", "Bob")
    assert totals(table) == {"Ann": 5, "Bob": 2}
    assert set(RoundPoints.objects.values_list("side", flat=True)) == {"Ann", "Bob"}
    # The stored entries use the table's sides, so hands can be edited and added.
    table_services.round_update(table.rounds.get(number=1), points_entry(Ann=1, Bob=1))
    table_services.round_record(table, points_entry(Ann=1, Bob=0))
    assert totals(table) == {"Ann": 4, "Bob": 2}


def test_import_of_teams_in_any_order_and_spelling_keeps_each_teams_points() -> None:
    Player.objects.create(name="Cy", club=home_club())
    document = {
        "game": "scopone",
        "players": ["Ann", "Bob", "cy", "Di"],
        "teams": {"Bob & Di": ["Bob", "Di"], "Ann & Cy": ["Ann", "cy"]},
        "rounds": [{"points": {"Ann & Cy": 3, "Bob & Di": 1}}],
    }

    table = table_services.table_import(document, club=home_club())

    assert totals(table) == {"Ann & Cy": 3, "Bob & Di": 1}
    assert table.setup().players == ("Ann", "Bob", "Cy", "Di")


def test_import_with_a_team_name_too_long_to_store_is_refused() -> None:
    document = json.loads(json.dumps(ROUND_TRIP_DOCUMENT))
    document["teams"] = {"X" * 91: ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]}
    document["rounds"] = []

    with pytest.raises(EntryError) as error:
        table_services.table_import(document, club=home_club())

    assert problem_texts(error) == [f"{'X' * 91} is too long for a team name"]
    assert counts() == (0, 0, 0, 0, 0)


# -- database constraints -----------------------------------------------------------------------


def test_two_rounds_with_the_same_number_at_a_table_are_refused() -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))

    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(table=table, number=1, dealer=0, entry={})

    # Another table may have its own hand 1.
    other = two_player_table()
    Round.objects.create(table=other, number=1, dealer=0, entry={})


def test_round_number_zero_is_refused() -> None:
    table = TableFactory()

    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(table=table, number=0, dealer=0, entry={})


def test_two_seats_in_the_same_position_are_refused() -> None:
    seat = SeatFactory(position=0)

    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(table=seat.table, position=0)

    assert Seat.objects.count() == 1


def test_a_player_cannot_sit_twice_at_a_table() -> None:
    seat = SeatFactory(position=0)

    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(table=seat.table, player=seat.player, position=1)


def test_player_names_are_unique_ignoring_case_in_the_database() -> None:
    PlayerFactory(name="Ann")

    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="ANN", club=home_club())

    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]


def test_one_points_row_per_side_and_round() -> None:
    table = two_player_table()
    round_ = table_services.round_record(table, points_entry(Ann=1, Bob=0))

    with pytest.raises(IntegrityError), transaction.atomic():
        RoundPoints.objects.create(round=round_, side="Ann", points=3)


def test_an_imported_tables_started_row_in_the_club_log_names_who_imported_it() -> None:
    owner = home_owner()
    document = {"game": "scopa", "players": ["Ann", "Bob"], "rounds": [points_entry(Ann=1, Bob=0)]}

    table = table_services.table_import(document, club=home_club(), by=owner)

    started = ClubChange.objects.get(club=table.club, kind=ClubChange.Kind.TABLE_CREATED)
    assert started.user == owner


def test_import_reads_empty_cells_and_best_of_as_a_number_and_exports_them_as_written(
    client: Client,
) -> None:
    # Issue 34, item 6: "" in a field that does not apply is an empty cell, and "best_of": 3
    # is "best_of": "3"; the table keeps the document as written.
    document = {
        "game": "briscola",
        "options": {"best_of": 3},
        "players": ["Ann", "Bob"],
        "rounds": [{"points": {"Ann": 64, "Bob": 56}, "captures": ""}],
    }
    scopa = {
        "game": "scopa",
        "options": {},
        "players": ["Ann", "Bob"],
        "rounds": [{"points": {"Ann": 3, "Bob": 1}, "scopas": "", "capotto": ""}],
    }
    briscola = table_services.table_import(json.loads(json.dumps(document)), club=home_club())
    sweeps = table_services.table_import(json.loads(json.dumps(scopa)), club=home_club())

    assert briscola.setup().options["best_of"] == "3"
    assert totals(briscola) == {"Ann": 1, "Bob": 0}
    assert totals(sweeps) == {"Ann": 3, "Bob": 1}
    for table, imported in ((briscola, document), (sweeps, scopa)):
        response = client.get(reverse("games:table_export", kwargs={"table": table.public_id}))
        exported = json.loads(response.content)
        assert exported.pop("format") == "scoresheet/1"
        assert exported == imported
