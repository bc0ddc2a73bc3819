"""``python manage.py bench``: how fast the league pages are with years of play.

Builds a throwaway database with Django's test-database machinery (the developer's database
and the test suite's are never touched), seeds a demo league of 5,000 finished tables of 20
hands, and times each page through the test client: the median and slowest of several runs,
the number of queries, the slowest query, and the peak Python memory of one render.

Pages are timed with DEBUG off, so Django neither records queries nor formats their SQL;
queries are counted in a run of their own, and memory (tracemalloc slows Python down) in
another. On PostgreSQL the tables are analysed after seeding, as autovacuum would soon do.

It also times ``manage.py score`` starting up to score a one-hand sheet, a process per run,
beside ``python -c "import django"`` timed in the same runs: the CLI scores before Django is
set up, so its start-up should stay a small multiple of importing Django.

``make bench`` runs it on SQLite, then on PostgreSQL; an unreachable database is skipped.

Each run makes a database of its own, named after the process and a random suffix
(``bench_database_name``), and drops that one alone when it ends, also on failure: two benches
at once on one PostgreSQL never drop each other's database, and a database the bench did not
create (one that happens to have the name) is refused, never clobbered.
"""

from __future__ import annotations

import compileall
import json
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, OperationalError, connection, reset_queries
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Count
from django.http import HttpResponseBase, StreamingHttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse
from django.utils import timezone

from games.bench_table import as_a_worker_runs, signed_in_client, table_page_report, text_table
from games.demo import demo_league_create
from games.management.options import integer, string
from games.models import (
    Club,
    League,
    Membership,
    Player,
    Rating,
    Role,
    Round,
    RoundPoints,
    Seat,
    Table,
)
from games.scoring import GAMES
from games.scoring.scoresheet import score_scoresheet
from games.tables import services as table_services
from games.tournaments.bench import tournament_report

BENCH_DATABASE_PREFIX = "test_scorekeeper_bench"
# What the bench times, in order (``--only`` names some): importing scoresheets, the score
# command's start-up, the league pages, the table page, the tournament night.
SECTIONS = ("import", "startup", "league", "table", "tournament")
MIB = 1024 * 1024


@dataclass(frozen=True)
class PageFigures:
    name: str
    url: str
    median_ms: float
    max_ms: float
    queries: int
    slowest_query_ms: float
    peak_mib: float


class Command(BaseCommand):
    help = "Seed a throwaway database with a big demo league and time the league pages."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--tables", type=int, default=5000, help="finished tables to seed (default 5000)"
        )
        parser.add_argument(
            "--hands", type=int, default=20, help="hands at every table (default 20)"
        )
        parser.add_argument(
            "--runs", type=int, default=7, help="timed requests per page (default 7)"
        )
        parser.add_argument("--seed", type=int, default=7, help="demo seed (default 7)")
        parser.add_argument(
            "--import-hands",
            default="2000,8000",
            help="sizes of the scoresheets imported and scored (default 2000,8000)",
        )
        parser.add_argument(
            "--only",
            action="append",
            choices=SECTIONS,
            help="time only this section (given again: these sections); every one by default",
        )

    def handle(self, *args: object, **options: object) -> None:
        if min(integer(options, "tables"), integer(options, "hands"), integer(options, "runs")) < 1:
            raise CommandError("--tables, --hands and --runs must be 1 or more")
        label = _database_label()
        scratch = tempfile.mkdtemp(prefix="scorekeeper-bench-")
        try:
            if connection.vendor == "sqlite":
                # A file, like a real deployment (the test default would be in memory), in a
                # directory made for this run.
                name = f"{scratch}/bench.sqlite3"
            else:
                # Not the test suite's database, nor another bench's.
                name = bench_database_name()
            with ExitStack() as stack:
                try:
                    stack.enter_context(throwaway_database(connection, name))
                except OperationalError as error:
                    reason = str(error).strip().splitlines()[0] if str(error).strip() else "error"
                    self.stdout.write(f"{label}: unreachable ({reason}); skipped.")
                    return
                with override_settings(DEBUG=False):
                    self._bench(label, options)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _bench(self, label: str, options: Mapping[str, object]) -> None:
        only = options.get("only") or SECTIONS
        assert isinstance(only, list | tuple)
        tables, hands, runs = (integer(options, name) for name in ("tables", "hands", "runs"))
        sizes = [int(size) for size in string(options, "import_hands").split(",") if size.strip()]
        if sizes and "import" in only:
            self.stdout.write(_import_table(label, [_measure_import(size) for size in sizes]))
        if "startup" in only:
            self.stdout.write(_cli_line(_measure_cli_startup()))
        owner = bench_owner()
        if "league" in only:
            self._league(label, owner, tables, hands, runs, integer(options, "seed"))
        if "table" in only:
            self.stdout.write(table_page_report(label, owner, runs=max(runs, 31)))
        if "tournament" in only:
            self.stdout.write(tournament_report(label, owner, runs=max(runs, 15)))

    def _league(
        self, label: str, owner: User, tables: int, hands: int, runs: int, seed: int
    ) -> None:
        self.stdout.write(f"{label}: seeding {tables:,} finished tables of {hands} hands ...")
        started = time.perf_counter()
        league = demo_league_create(
            tables=tables, hands=hands, seed=seed, club=owner.memberships.get().club
        )
        seeded = time.perf_counter() - started
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        counts = {
            "tables": Table.objects.filter(league=league, finished_at__isnull=False).count(),
            "hands": Round.objects.filter(table__league=league).count(),
            "points rows": RoundPoints.objects.filter(round__table__league=league).count(),
            "seats": Seat.objects.filter(table__league=league).count(),
            "ratings": Rating.objects.filter(league=league).count(),
            "players": league.members.count(),
        }
        self.stdout.write(
            f"Seeded in {seeded:.1f} s: "
            + ", ".join(f"{count:,} {name}" for name, count in counts.items())
        )
        client = signed_in_client(owner)
        with as_a_worker_runs():
            figures = [_measure(client, name, url, runs) for name, url in _pages(league)]
        self.stdout.write(_table(figures))
        self.stdout.write(
            f"{runs} timed runs per page after a warm-up, DEBUG off; queries and the slowest "
            "query from one more run, peak memory (tracemalloc) from another."
        )


@dataclass(frozen=True)
class ImportFigures:
    hands: int
    score_ms: float
    import_ms: float
    export_ms: float


def _schafkopf_sheet(hands: int) -> dict[str, object]:
    """A Schafkopf evening of ``hands`` hands (the documented example's hands over and over):
    the game the rules never end, so any length is a valid scoresheet."""
    example = json.loads((settings.BASE_DIR / "docs/examples/schafkopf.json").read_text())
    rounds = [example["rounds"][number % len(example["rounds"])] for number in range(hands)]
    return {**example, "rounds": rounds}


def _measure_import(hands: int) -> ImportFigures:
    """Time scoring a scoresheet (the CLI's work), importing it (every hand checked and
    stored) and exporting the table again; time per hand should not grow with the hands."""
    document = _schafkopf_sheet(hands)
    started = time.perf_counter()
    score_scoresheet(document)
    scored = time.perf_counter()
    owner = bench_owner()
    table = table_services.table_import(document, club=owner.memberships.get().club)
    imported = time.perf_counter()
    client = signed_in_client(owner)
    _fetch(client, reverse("games:table_export", args=[table.public_id]))
    exported = time.perf_counter()
    return ImportFigures(
        hands,
        (scored - started) * 1000,
        (imported - scored) * 1000,
        (exported - imported) * 1000,
    )


def _import_table(label: str, figures: list[ImportFigures]) -> str:
    lines = [f"{label}: scoring, importing and exporting one Schafkopf scoresheet"]
    lines.append(f"{'hands':>7}  {'score ms':>9}  {'import ms':>9}  {'export ms':>9}  µs/hand")
    for figure in figures:
        per_hand = (figure.score_ms + figure.import_ms) * 1000 / figure.hands
        lines.append(
            f"{figure.hands:>7,}  {figure.score_ms:>9.0f}  {figure.import_ms:>9.0f}  "
            f"{figure.export_ms:>9.0f}  {per_hand:>7.0f}"
        )
    if len(figures) >= 2:
        first, last = figures[0], figures[-1]
        lines.append(
            f"{last.hands / first.hands:.1f}x the hands took "
            f"{(last.score_ms + last.import_ms) / (first.score_ms + first.import_ms):.1f}x "
            "the time (linear: the same factor)"
        )
    return "\n".join(lines)


CLI_RUNS = 5


@dataclass(frozen=True)
class CliFigures:
    runs: int
    score_ms: float
    import_django_ms: float


def _measure_cli_startup(runs: int = CLI_RUNS) -> CliFigures:
    """The median wall time of ``manage.py score`` on a one-hand sheet, a process of its own
    each run as someone at a shell starts it, and of ``python -c "import django"`` in the same
    runs (taken in turns, so both see the same machine); one untimed run of each first.

    Our own modules are compiled to bytecode first, as Django's were when pip installed it:
    the untimed run would do that, but not where ``PYTHONDONTWRITEBYTECODE`` is set (as on
    our CI machines), and then every timed run compiled the whole scoring package again
    while ``import django`` read bytecode (0.11 s against 0.07 s for the same run)."""
    _compile_project()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-cli-") as scratch:
        sheet = f"{scratch}/one-hand.json"
        with open(sheet, "w", encoding="utf-8") as handle:
            json.dump(_schafkopf_sheet(1), handle)
        score = [sys.executable, str(settings.BASE_DIR / "manage.py"), "score", sheet]
        import_django = [sys.executable, "-c", "import django"]
        timings: dict[str, list[float]] = {"score": [], "django": []}
        for run in range(runs + 1):
            for name, command in (("score", score), ("django", import_django)):
                started = time.perf_counter()
                completed = subprocess.run(
                    command, cwd=settings.BASE_DIR, capture_output=True, check=False
                )
                elapsed = time.perf_counter() - started
                if completed.returncode != 0:
                    raise CommandError(
                        f"{' '.join(command)} exited {completed.returncode}: "
                        + completed.stderr.decode(errors="replace")
                    )
                if run:
                    timings[name].append(elapsed)
    return CliFigures(
        runs,
        statistics.median(timings["score"]) * 1000,
        statistics.median(timings["django"]) * 1000,
    )


def _compile_project() -> None:
    """Write the bytecode of the project's packages and manage.py (``__pycache__``, which git
    ignores), as pip does for what it installs; sources already compiled are skipped."""
    base = settings.BASE_DIR
    for package in ("games", "scorekeeper"):
        compileall.compile_dir(base / package, quiet=1)
    compileall.compile_file(base / "manage.py", quiet=1)


def _cli_line(figures: CliFigures) -> str:
    ratio = figures.score_ms / figures.import_django_ms
    return (
        f"manage.py score start-up (one hand, median of {figures.runs}): "
        f'{figures.score_ms:.0f} ms; python -c "import django": '
        f"{figures.import_django_ms:.0f} ms; ratio {ratio:.1f}x"
    )


def bench_database_name(pid: int | None = None, suffix: str | None = None) -> str:
    """A database name no other run uses: the bench prefix, this process's id and a random
    suffix, e.g. test_scorekeeper_bench_4242_9f3a1c2e (well under PostgreSQL's 63 bytes)."""
    pid = os.getpid() if pid is None else pid
    suffix = secrets.token_hex(4) if suffix is None else suffix
    return f"{BENCH_DATABASE_PREFIX}_{pid}_{suffix}"


@contextmanager
def throwaway_database(connection: BaseDatabaseWrapper, name: str) -> Iterator[str]:
    """Create the database ``name``, migrate it and point ``connection`` at it; at the end,
    point the connection back and drop that database, and only it, whatever happened.

    The bench creates the database itself, so a database that already has the name is an
    error here, never dropped (Django's test-database creation, with autoclobber, would drop
    it). Migrating goes through Django's test-database creation with keepdb, which keeps what
    is there: the database just made. An OperationalError while creating (the server cannot
    be reached) leaves nothing behind and nothing dropped."""
    original_name = connection.settings_dict["NAME"]
    test_settings = connection.settings_dict.setdefault("TEST", {})
    original_test_name = test_settings.get("NAME")
    test_settings["NAME"] = name
    try:
        if connection.vendor != "sqlite":  # SQLite makes the file on first connection
            try:
                with connection._nodb_cursor() as cursor:
                    cursor.execute(f"CREATE DATABASE {connection.ops.quote_name(name)}")
            except OperationalError:
                raise
            except DatabaseError as error:
                raise CommandError(f"could not create the bench database {name}: {error}") from None
        try:
            connection.creation.create_test_db(
                verbosity=0, autoclobber=False, serialize=False, keepdb=True
            )
            yield name
        finally:
            connection.close()
            connection.settings_dict["NAME"] = original_name
            # A private Django API, so django-stubs does not declare it.
            connection.creation._destroy_test_db(name, verbosity=0)  # type: ignore[attr-defined]
    finally:
        if original_test_name is None:
            test_settings.pop("NAME", None)
        else:
            test_settings["NAME"] = original_test_name


def _database_label() -> str:
    if connection.vendor == "sqlite":
        import sqlite3

        return f"SQLite {sqlite3.sqlite_version}"
    if connection.vendor == "postgresql":
        settings = connection.settings_dict
        return f"PostgreSQL at {settings.get('HOST') or 'localhost'}:{settings.get('PORT') or 5432}"
    return connection.display_name


def bench_owner() -> User:
    """The account whose club the bench fills and whose pages it times: a club member sees
    them as a phone at the table does."""
    user, created = get_user_model().objects.get_or_create(username="bench-owner")
    if created:
        club = Club.objects.create(name="Bench club")
        Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return user


def _pages(league: League) -> list[tuple[str, str]]:
    """The pages to time, each for the busiest case: the game and season with the most
    tables, the player with the most seats, the evening with the most money tables."""
    standings = reverse("games:league", args=[league.public_id])
    finished = Table.objects.filter(league=league, finished_at__isnull=False)
    game = finished.values("game").annotate(count=Count("id")).order_by("-count", "game")[0]["game"]
    seasons = [
        (
            finished.filter(
                finished_at__date__gte=season.starts_on, finished_at__date__lte=season.ends_on
            ).count(),
            season,
        )
        for season in league.seasons.all()
    ]
    season = max(seasons, key=lambda pair: pair[0])[1]
    player = Player.objects.get(
        pk=Seat.objects.filter(table__league=league)
        .values("player")
        .annotate(count=Count("id"))
        .order_by("-count", "player")[0]["player"]
    )
    pages = [
        ("standings, all games", standings),
        (f"standings, {GAMES[game].name}", f"{standings}?{urlencode({'game': game})}"),
        (f"standings, {season.name}", f"{standings}?{urlencode({'season': season.public_id})}"),
        (f"player profile ({player.name})", reverse("games:player", args=[player.public_id])),
        ("standings CSV", reverse("games:league_standings_csv", args=[league.public_id])),
    ]
    money_games = [key for key, rules in GAMES.items() if rules.plays_for_money]
    evenings = Counter(
        timezone.localdate(created_at)
        for created_at, options in finished.filter(game__in=money_games).values_list(
            "created_at", "options"
        )
        if options.get("cents_per_point")
    )
    if evenings:
        day, count = evenings.most_common(1)[0]
        settlement = f"{reverse('games:settlement')}?{urlencode({'date': day.isoformat()})}"
        pages.append((f"settlement ({day}, {count} money tables)", settlement))
    return pages


def _measure(client: Client, name: str, url: str, runs: int) -> PageFigures:
    _fetch(client, url)  # the warm-up: templates compiled, code imported
    timings = []
    for _run in range(runs):
        started = time.perf_counter()
        _fetch(client, url)
        timings.append(time.perf_counter() - started)
    # The log keeps the last 9,000 queries only: once full (the migrations fill it), counting
    # by its length before and after would find nothing.
    reset_queries()
    with CaptureQueriesContext(connection) as captured:
        _fetch(client, url)
    # Read now: the captured queries are a slice of the log, which the next request clears.
    queries = list(captured.captured_queries)
    tracemalloc.start()
    try:
        _fetch(client, url)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return PageFigures(
        name=name,
        url=url,
        median_ms=statistics.median(timings) * 1000,
        max_ms=max(timings) * 1000,
        queries=len(queries),
        slowest_query_ms=max((float(query["time"]) for query in queries), default=0.0) * 1000,
        peak_mib=peak / MIB,
    )


def _fetch(client: Client, url: str) -> HttpResponseBase:
    """Request a page and read all of it (a streamed CSV is made while it is read)."""
    response = client.get(url)
    if response.status_code != 200:
        raise CommandError(f"{url} answered {response.status_code}")
    if isinstance(response, StreamingHttpResponse):
        b"".join(response.streaming_content)
    return response


def _table(figures: Iterable[PageFigures]) -> str:
    header = ("page", "median ms", "max ms", "queries", "slowest query ms", "peak MiB")
    rows = [
        (
            figure.name,
            f"{figure.median_ms:.1f}",
            f"{figure.max_ms:.1f}",
            str(figure.queries),
            f"{figure.slowest_query_ms:.0f}",
            f"{figure.peak_mib:.1f}",
        )
        for figure in figures
    ]
    return text_table(header, rows)
