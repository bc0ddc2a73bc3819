"""The demo league (``games.demo``, ``manage.py seed_demo``) and the ``bench`` command's options.

The demo writes tables with ``bulk_create``, past the services, so these tests check that what
it stores is what the app itself would have stored: every hand re-scores to its stored points,
results follow the rules, and every finished table is rated.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from datetime import date
from io import StringIO
from unittest import mock

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError, ProgrammingError
from django.db.models import Count
from django.http import HttpResponse
from django.urls import reverse

from games.demo import demo_games, demo_league_create
from games.management.commands.bench import (
    BENCH_DATABASE_PREFIX,
    _cli_line,
    _measure_cli_startup,
    bench_database_name,
    throwaway_database,
)
from games.management.commands.bench import Command as BenchCommand
from games.models import League, Rating, Table
from games.scoring import score_table
from tests.clubs import home_club
from tests.pages import signed_in_client

pytestmark = pytest.mark.django_db

TODAY = date(2026, 11, 21)


@pytest.fixture
def league() -> League:
    return demo_league_create(club=home_club(), tables=30, seed=3, today=TODAY)


def _tables(league: League) -> Iterator[Table]:
    return iter(
        league.tables.annotate(round_count=Count("rounds")).prefetch_related(
            "rounds__points", "seats__player"
        )
    )


def _check_hands(table: Table) -> None:
    """Re-score the table's entries: the stored points, breakdowns, dealers and result must be
    exactly what the engine gives."""
    setup = table.setup()
    rounds = sorted(table.rounds.all(), key=lambda round_: round_.number)
    scores, state = score_table(table.rules, setup, [round_.entry for round_ in rounds])
    assert [round_.number for round_ in rounds] == list(range(1, len(rounds) + 1))
    for round_, score in zip(rounds, scores, strict=True):
        stored = {row.side: row.points for row in round_.points.all()}
        assert stored == dict(score.points), (table, round_.number)
        assert round_.breakdown == json.loads(json.dumps(dict(score.breakdown)))
    dealer = table.first_dealer
    for number, round_ in enumerate(rounds):
        if number:
            dealer = table.rules.dealer_after(setup, scores[:number], dealer)
        assert round_.dealer == dealer, (table, round_.number)
    if table.rules.ends_when_players_stop:
        # An evening the players ended: the best balance wins.
        assert sorted(table.winners) == sorted(table.rules.stopped_winners(state))
    else:
        assert state.finished, table
        assert state.finished_after_round == len(rounds), table
        assert table.winners == list(state.winners)
    for seat in table.seats.all():
        side = setup.side_of(seat.player.name)
        assert seat.total == state.totals[side]
        assert seat.won == (side in table.winners)
        assert seat.place is not None


def test_the_demo_has_every_game_and_only_finished_tables(league: League) -> None:
    tables = list(_tables(league))
    assert len(tables) == 30
    assert {table.game for table in tables} == set(demo_games())
    assert league.games == list(demo_games())
    assert league.members.count() == 10
    for table in tables:
        assert table.finished_at is not None
        assert table.created_at < table.finished_at
        assert table.hands_played == table.round_count > 0
        assert all(seat.total is not None for seat in table.seats.all())


def test_every_stored_hand_rescores_to_its_points_and_result(league: League) -> None:
    for table in _tables(league):
        _check_hands(table)


def test_the_demo_has_seasons_and_rates_every_finished_table(league: League) -> None:
    seasons = list(league.seasons.order_by("starts_on"))
    assert [season.name for season in seasons] == ["2025 Autumn", "2026 Spring", "2026 Autumn"]
    for table in league.tables.prefetch_related("seats"):
        season = [s for s in seasons if s.starts_on <= table.finished_at.date() <= s.ends_on]
        assert season, table
        players = {seat.player_id for seat in table.seats.all()}
        for scope in ("", table.game):
            rated = set(
                Rating.objects.filter(league=league, scope=scope, table=table).values_list(
                    "player_id", flat=True
                )
            )
            assert rated == players, (table, scope)


def test_some_schafkopf_tables_play_for_money(league: League) -> None:
    money = [
        table
        for table in league.tables.filter(game="schafkopf")
        if table.options.get("cents_per_point") in (5, 10)
    ]
    assert money
    day = money[0].created_at.date().isoformat()
    response = signed_in_client().get(reverse("games:settlement"), {"date": day})
    assert response.status_code == 200
    assert money[0].seats.first().player.name in response.content.decode()


def test_with_fixed_hands_every_table_ends_on_the_last_one() -> None:
    league = demo_league_create(club=home_club(), tables=24, hands=20, seed=5, today=TODAY)
    tables = list(_tables(league))
    assert {table.game for table in tables} == set(demo_games())
    for table in tables:
        assert table.hands_played == table.round_count == 20, table
        _check_hands(table)


def test_the_same_seed_makes_the_same_club_under_a_new_name() -> None:
    first = demo_league_create(club=home_club(), tables=12, seed=9, today=TODAY)
    second = demo_league_create(club=home_club(), tables=12, seed=9, today=TODAY)
    assert (first.name, second.name) == ("Demo club", "Demo club 2")

    def hands(league: League) -> list[tuple[str, list[object]]]:
        return [
            (table.game, [round_.entry for round_ in table.rounds.order_by("number")])
            for table in league.tables.order_by("created_at", "pk")
        ]

    assert hands(first) == hands(second)


def test_seed_demo_prints_what_it_made_and_where() -> None:
    out = StringIO()
    call_command("seed_demo", "--tables", "12", "--seed", "2", stdout=out)
    league = League.objects.get()
    url = reverse("games:league", args=[league.public_id])
    assert f"Demo club: 10 players, 12 finished tables in 3 seasons; open {url}" in out.getvalue()
    assert league.tables.filter(finished_at__isnull=False).count() == 12


def test_seed_demo_refuses_a_game_without_hands() -> None:
    with pytest.raises(CommandError, match="--hands"):
        call_command("seed_demo", "--hands", "0", stdout=StringIO())


def test_bench_reads_its_options() -> None:
    parser = BenchCommand().create_parser("manage.py", "bench")
    defaults = parser.parse_args([])
    assert (defaults.tables, defaults.hands, defaults.runs, defaults.seed) == (5000, 20, 7, 7)
    given = parser.parse_args(["--tables", "40", "--hands", "3", "--runs", "2", "--seed", "1"])
    assert (given.tables, given.hands, given.runs, given.seed) == (40, 3, 2, 1)
    # Every section unless some are named.
    assert defaults.only is None
    only = parser.parse_args(["--only", "tournament", "--only", "table"])
    assert only.only == ["tournament", "table"]
    with pytest.raises(CommandError):
        parser.parse_args(["--only", "everything"])


def test_bench_refuses_an_empty_run_before_building_a_database() -> None:
    with pytest.raises(CommandError, match="1 or more"):
        call_command("bench", "--tables", "0", stdout=StringIO())


def test_each_bench_run_names_its_own_database() -> None:
    names = {bench_database_name() for _run in range(50)}
    assert len(names) == 50
    for name in names:
        assert name.startswith(f"{BENCH_DATABASE_PREFIX}_{os.getpid()}_")
        # A plain PostgreSQL identifier, within its 63 bytes.
        assert name.isascii()
        assert name.replace("_", "").isalnum()
        assert len(name) <= 63
    assert bench_database_name(pid=42, suffix="abc") == f"{BENCH_DATABASE_PREFIX}_42_abc"
    assert bench_database_name(pid=42) != bench_database_name(pid=42)


def _fake_postgres(name: str = "scores") -> mock.MagicMock:
    connection = mock.MagicMock(vendor="postgresql", alias="bench")
    connection.settings_dict = {"NAME": name, "TEST": {}}
    connection.ops.quote_name = lambda value: f'"{value}"'
    return connection


def test_the_bench_drops_only_the_database_it_made_also_on_failure() -> None:
    connection = _fake_postgres()
    cursor = connection._nodb_cursor.return_value.__enter__.return_value
    with pytest.raises(RuntimeError), throwaway_database(connection, "test_scorekeeper_bench_1_a"):
        raise RuntimeError("the bench failed half-way")
    cursor.execute.assert_called_once_with('CREATE DATABASE "test_scorekeeper_bench_1_a"')
    # Never Django's clobbering: the database is the one just made, kept as it is to migrate.
    connection.creation.create_test_db.assert_called_once_with(
        verbosity=0, autoclobber=False, serialize=False, keepdb=True
    )
    connection.creation._destroy_test_db.assert_called_once_with(
        "test_scorekeeper_bench_1_a", verbosity=0
    )
    connection.creation.destroy_test_db.assert_not_called()
    assert connection.settings_dict == {"NAME": "scores", "TEST": {}}


def test_the_bench_drops_nothing_when_it_could_not_create_its_database() -> None:
    for error, expected in ((OperationalError, OperationalError), (ProgrammingError, CommandError)):
        connection = _fake_postgres()
        cursor = connection._nodb_cursor.return_value.__enter__.return_value
        cursor.execute.side_effect = error("database already exists")
        with pytest.raises(expected), throwaway_database(connection, "test_scorekeeper_bench_1_a"):
            pass
        connection.creation.create_test_db.assert_not_called()
        connection.creation._destroy_test_db.assert_not_called()
        assert connection.settings_dict == {"NAME": "scores", "TEST": {}}


def test_the_bench_times_the_score_command_beside_importing_django() -> None:
    figures = _measure_cli_startup(runs=1)

    assert figures.score_ms > 0
    assert figures.import_django_ms > 0
    line = _cli_line(figures)
    assert line.startswith("manage.py score start-up (one hand, median of 1): ")
    assert 'python -c "import django": ' in line
    assert "ratio" in line


def test_the_tournament_bench_says_whether_its_pages_met_four_times_a_bare_view() -> None:
    from games.bench_table import Timing
    from games.tournaments.bench import _target_line

    def timing(what: str, ms: float) -> Timing:
        return Timing(what, 32, ms, 3, 0, 0)

    bare = timing("bare view", 0.5)
    pages = [("standings", 1.5, 1.9), ("director's page", 2.0, 1.8)]
    timings = [
        measured
        for page, kept, fresh in pages
        for measured in (timing(page, kept), timing(f"{page}, a save since", fresh))
    ]
    assert _target_line(bare, timings).endswith(
        "after a save: met: standings 3.0x (3.8x after a save), "
        "director's page 4.0x (3.6x after a save)"
    )
    for slower_one in ("director's page", "standings, a save since"):
        slower = [
            timing(measured.what, 2.1) if measured.what == slower_one else measured
            for measured in timings
        ]
        assert ": MISSED: " in _target_line(bare, slower)


def test_a_page_timed_beside_a_bare_view_is_counted_against_that_bare_view() -> None:
    """A page timed in turn with a bare view (``timed``'s ``beside``) is a multiple of the bare
    view's median of that run, not of the bare view timed once before every page."""
    from games.bench_table import Timing, timed, times_bare

    bare = Timing("bare view", 0, 1.0, 1, 0, 0)
    assert times_bare(Timing("standings", 32, 3.0, 3, 0, 0, bare_ms=0.75), bare) == 4.0
    assert times_bare(Timing("standings", 32, 3.0, 3, 0, 0), bare) == 3.0

    calls: list[str] = []

    def request(what: str) -> Callable[[], HttpResponse]:
        def made() -> HttpResponse:
            calls.append(what)
            return HttpResponse(b"page")

        return made

    measured = timed("page", 0, 3, request("page"), beside=request("bare"))
    assert calls == ["page", "bare", "page", "bare", "page", "bare", "page", "page"]
    assert measured.bare_ms is not None
    assert measured.bare_ms >= 0
