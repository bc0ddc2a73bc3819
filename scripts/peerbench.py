"""``make bench-peer``: Scorekeeper side by side with its closest peer, SchafkopfTurnier.

The peer is dieter6605/SchafkopfTurnier (Flask, served by waitress as its run_waitress.py
serves it), a server-rendered tournament tool: given a clone of it (``--peer PATH`` or
SCOREKEEPER_PEER), the bench makes its virtualenv when there is none (``--peer-venv``, by
default the clone's path + ``-venv``; ``pip install -r requirements.txt``), gives it a fresh
database with its two fresh-install bugs worked around in that database only
(``peer_database_prepare``), starts it and seeds a tournament of 32 players over 3 rounds: the
players in its database, the draws and every table's result through its own forms. Nothing of
the peer is kept in this repository, and nothing in its clone is changed.

Its database is made in memory (/dev/shm) unless ``--peer-database-dir`` names another place:
each of its commits waits for the disk (its SQLite keeps a rollback journal, synchronous FULL)
where ours does not (WAL, synchronous NORMAL). On the shared machine this was written on, that
wait was 4 ms of the 6 ms its result's POST took at p50 (on disk against in memory), and in an
interleaved run on disk its recording (POST and GET) took 25 ms at p50 against 9 ms measured
alone: on disk it measured the other writers of the disk more than the peer.

Ours runs as in production (scripts/loadtest.py's ``production_mode``: collectstatic, gunicorn,
DEBUG off) on a throwaway database, SQLite by default, PostgreSQL with ``--database postgres``,
seeded with a league of 300 finished tables, tables of 10 and 500 hands and a table per server
to save hands at, and one phone signed in as the club's owner. The settings add one bare view
(scorekeeper/bench_urls.py) for the floor. With ``--through-proxy`` ours runs as
scripts/production.py runs it, nginx in front of two app servers, and is measured both
through nginx and straight at the first app server.

One client, one request at a time, strictly interleaved: every request to ours is followed by
the same kind of request to the peer and the other way round, so whatever else the machine is
doing falls on both alike (its load average is printed beside the figures). Each kind is
measured over new connections (every sample opens one, as a phone does after a pause) and over
keep-alive (one connection kept, where the server keeps it: our app servers, nginx and waitress
all do), after a warm-up that is not counted:

    floor       ours: a bare view through our middleware    peer: its static file (app.js)
    static      ours: a static file from WhiteNoise         peer: its static file
    record      ours: one htmx POST saving a hand, as the table page sends it
                peer: its result form's POST and the GET it redirects to
    standings   ours: a league of 300 finished tables       peer: 32 players over 3 rounds
    page 10     ours: the table page at 10 hands            peer: a round's view
    page 500    ours: the table page at 500 hands           peer: a round's view
    save + page ours: a save, then the table page it leaves   peer: as for record (no target)

It prints p50 and p95 of each kind, ours/peer, the bytes of each answer, and issue 31's
targets with PASS or FAIL (exit 1 on a FAIL only with ``--check``). Without a peer clone it
prints one line saying it was skipped. It is never part of the test suite.

    scripts/peerbench.py --peer /work/peer
    scripts/peerbench.py --peer /work/peer --database postgres --through-proxy
"""

from __future__ import annotations

import argparse
import math
import os
import random
import secrets
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import ExitStack, closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


# Its sibling scripts, also when it is loaded from elsewhere (its tests).
sys.path.insert(0, str(Path(__file__).resolve().parent))
import load_phones  # noqa: E402
import loadtest  # noqa: E402
import production  # noqa: E402

HOST = load_phones.HOST
NEW, KEEP = "new", "keep-alive"
MODES = (NEW, KEEP)
PEER = "peer"
OURS, PROXY = "ours", "ours via nginx"
# "save + page" is a row of the report, not a target: the load test's round (a save, then the
# table page, which the save's stored copy no longer holds), beside the peer's POST and the GET
# it redirects to, which its "record" is too.
KINDS = ("floor", "static", "record", "standings", "page 10", "page 500", "save + page")
KIND_LABELS = {
    "floor": "floor: bare view / peer static",
    "static": "our static / peer static",
    "record": "recording a result",
    "standings": "standings",
    "page 10": "table page, 10 hands / round",
    "page 500": "table page, 500 hands / round",
    "save + page": "a save, then the table page / peer: recording",
}
BENCH_DATABASE_PREFIX = "test_scorekeeper_peerbench"
MEMORY_DIR = "/dev/shm"
# The bench's own settings: the project's, plus the bare view of scorekeeper/bench_urls.py.
BENCH_SETTINGS = 'ROOT_URLCONF = "scorekeeper.bench_urls"\n'
OUR_STATIC_FILE = "js/pwa.js"  # 588 bytes, about the size of the peer's app.js (656)
SKIPPED = (
    "bench-peer: skipped, no peer clone given (make bench-peer PEER=/path/to/SchafkopfTurnier, "
    "or SCOREKEEPER_PEER=...; a clone of github.com/dieter6605/SchafkopfTurnier)"
)


# -- figures, ratios and targets (pure) ----------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    kind: str
    mode: str
    side: str
    ms: float
    error: str
    wire_bytes: int
    body_bytes: int
    kept_alive: bool


def schedule(cycle: int, ours_sides: Sequence[str]) -> list[tuple[str, str, str]]:
    """One cycle's requests, (kind, mode, side): every kind over each connection mode, ours
    and the peer in turns, request by request; the peer goes first every other cycle."""
    order = []
    for kind in KINDS:
        for mode in MODES:
            for ours in ours_sides:
                pair = (PEER, ours) if cycle % 2 else (ours, PEER)
                order += [(kind, mode, side) for side in pair]
    return order


@dataclass(frozen=True)
class Figure:
    count: int
    errors: int
    p50: float
    p95: float
    # The size of the answer that took the median time: as sent (compressed where it was)
    # and as read.
    wire_bytes: int
    body_bytes: int


def figures(samples: Iterable[Sample]) -> dict[tuple[str, str, str], Figure]:
    """(kind, mode, side) -> its figures over the samples without an error."""
    groups: dict[tuple[str, str, str], list[Sample]] = {}
    for sample in samples:
        groups.setdefault((sample.kind, sample.mode, sample.side), []).append(sample)
    result = {}
    for key, group in groups.items():
        good = [sample for sample in group if not sample.error]
        by_time = sorted(good, key=lambda sample: sample.ms)
        median = by_time[(len(by_time) - 1) // 2] if by_time else None
        result[key] = Figure(
            count=len(good),
            errors=len(group) - len(good),
            p50=load_phones.percentile([sample.ms for sample in good], 50),
            p95=load_phones.percentile([sample.ms for sample in good], 95),
            wire_bytes=median.wire_bytes if median else 0,
            body_bytes=median.body_bytes if median else 0,
        )
    return result


def ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator and not math.isnan(denominator) else math.nan


@dataclass(frozen=True)
class Target:
    what: str
    value: float
    limit: float

    @property
    def passed(self) -> bool:
        return self.value <= self.limit  # NaN (nothing measured) never passes

    def line(self) -> str:
        verdict = "PASS" if self.passed else "FAIL"
        return f"{verdict}  {self.what}: {self.value:.2f} (target <= {self.limit:g})"


def targets(table: Mapping[tuple[str, str, str], Figure], ours: str) -> list[Target]:
    """Issue 31's targets for one of our sides, each a ratio of p50s (or of bytes) measured
    over keep-alive in the same run."""

    def p50(kind: str, side: str = ours) -> float:
        figure = table.get((kind, KEEP, side))
        return figure.p50 if figure else math.nan

    def size(kind: str, attribute: str) -> float:
        figure = table.get((kind, KEEP, ours))
        return float(getattr(figure, attribute)) if figure else math.nan

    found = [
        Target(f"{KIND_LABELS[kind]}, {ours} / peer", ratio(p50(kind), p50(kind, PEER)), 1.0)
        for kind in ("record", "page 10", "page 500", "standings")
    ]
    page = f"table page, {ours}: 500 / 10 hands"
    return [
        *found,
        Target(f"floor, {ours}: bare view / our static", ratio(p50("floor"), p50("static")), 1.5),
        Target(f"{page}, time", ratio(p50("page 500"), p50("page 10")), 1.1),
        Target(
            f"{page}, bytes sent",
            ratio(size("page 500", "wire_bytes"), size("page 10", "wire_bytes")),
            1.2,
        ),
        Target(
            f"{page}, bytes of the page",
            ratio(size("page 500", "body_bytes"), size("page 10", "body_bytes")),
            1.2,
        ),
    ]  # fmt: skip


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.1f}"


def _x(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.2f}"


def figures_table(
    table: Mapping[tuple[str, str, str], Figure], ours_sides: Sequence[str]
) -> list[tuple[str, ...]]:
    """The rows of the timings: each kind over each mode for each of our sides."""
    rows = []
    for kind in KINDS:
        for mode in MODES:
            peer = table.get((kind, mode, PEER))
            for ours in ours_sides:
                mine = table.get((kind, mode, ours))
                if mine is None or peer is None:
                    continue
                rows.append(
                    (
                        KIND_LABELS[kind], mode, ours, _ms(mine.p50), _ms(mine.p95),
                        _ms(peer.p50), _ms(peer.p95), _x(ratio(mine.p50, peer.p50)),
                        _x(ratio(mine.p95, peer.p95)), str(mine.errors + peer.errors),
                    )
                )  # fmt: skip
    return rows


TIMINGS_HEADER = (
    "kind", "connection", "ours", "ours p50", "p95", "peer p50", "p95", "ours/peer p50",
    "p95", "errors",
)  # fmt: skip


def bytes_rows(
    table: Mapping[tuple[str, str, str], Figure], ours_sides: Sequence[str]
) -> list[tuple[str, ...]]:
    """The answers' sizes (the median sample's), ours beside the peer's."""
    rows = []
    for kind in KINDS:
        peer = table.get((kind, KEEP, PEER))
        mine = table.get((kind, KEEP, ours_sides[0]))
        if mine is None or peer is None:
            continue
        rows.append(
            (
                KIND_LABELS[kind], f"{mine.wire_bytes:,}", f"{mine.body_bytes:,}",
                f"{peer.wire_bytes:,}", f"{peer.body_bytes:,}",
            )
        )  # fmt: skip
    return rows


BYTES_HEADER = ("answer", "ours sent", "ours read", "peer sent", "peer read")


# -- the peer ------------------------------------------------------------------------------------

# Its two fresh-install bugs, worked around in its database before it first opens it. A new
# database starts at schema_version 1, so its init_db "migrates" the tables it has just made
# to version 2, and that migration's BEGIN fails inside the transaction Python's sqlite3
# already opened ("cannot start a transaction within a transaction"): marked as version 3 and
# its years-to-markers migration as done, it makes its tables and leaves them. Its audit_log
# (read by the participants page, written by every participant change) is never made by it.
PEER_DATABASE_FIXES = """
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
INSERT INTO meta(k, v) VALUES ('schema_version', '3'), ('migr_years_to_markers', '1')
    ON CONFLICT(k) DO UPDATE SET v = excluded.v;
CREATE TABLE IF NOT EXISTS audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT (datetime('now')),
    tournament_id INTEGER NOT NULL,
    action TEXT NOT NULL,
    tp_id INTEGER,
    tp_id_2 INTEGER,
    address_id_old INTEGER,
    address_id_new INTEGER,
    address_id_old_2 INTEGER,
    address_id_new_2 INTEGER,
    note TEXT
);
"""
PEER_PLAYERS = 32
PEER_ROUNDS = 3
SURNAMES = ("Huber", "Bauer", "Maier", "Wagner", "Hofmann", "Schmid", "Gruber", "Kellner")
FIRST_NAMES = ("Sepp", "Anni", "Loisl", "Vroni")


def peer_database_prepare(path: Path) -> None:
    with closing(sqlite3.connect(path)) as database, database:
        database.executescript(PEER_DATABASE_FIXES)


def zero_sum_points(rng: random.Random, players: int = 4) -> list[int]:
    """A table's result as the peer takes it: points summing to 0."""
    points = [rng.randint(-40, 40) for _ in range(players - 1)]
    return [*points, -sum(points)]


class PeerServer:
    """SchafkopfTurnier from its clone, in its own virtualenv, on a database of its own."""

    def __init__(self, clone: Path, venv: Path, scratch: Path, database_dir: Path) -> None:
        if not (clone / "run_waitress.py").is_file() or not (clone / "app" / "web.py").is_file():
            raise SystemExit(f"{clone} is not a clone of SchafkopfTurnier (no run_waitress.py)")
        self.clone, self.venv, self.scratch = clone, venv, scratch
        # Removed with ``scratch`` or, when apart from it, by ``stop``.
        self.database_dir = Path(tempfile.mkdtemp(prefix="skt-peerbench-", dir=database_dir))
        self.database = self.database_dir / "skt.sqlite3"
        self.port = loadtest.free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.tournament = 0
        self.seated: dict[tuple[int, int], list[int]] = {}

    def commit(self) -> str:
        found = subprocess.run(
            ["git", "-C", str(self.clone), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        return found.stdout.strip() or "unknown commit"

    def python(self) -> Path:
        """Its virtualenv's Python, the virtualenv made first when there is none."""
        python = self.venv / "bin" / "python"
        if not python.exists():
            print(f"peer: making its virtualenv {self.venv} (its requirements.txt) ...", flush=True)
            subprocess.run([PYTHON, "-m", "venv", str(self.venv)], check=True)
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", "-r",
                 str(self.clone / "requirements.txt")],
                check=True,
            )  # fmt: skip
        return python

    def start(self) -> None:
        python = self.python()
        self.scratch.mkdir(parents=True, exist_ok=True)
        peer_database_prepare(self.database)
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": os.environ.get("HOME", str(self.scratch)),
            "HOST": HOST,
            "PORT": str(self.port),
            "SKT_DB_PATH": str(self.database),
            "SKT_BACKUP_DIR": str(self.scratch / "backups"),
        }
        with (self.scratch / "waitress.log").open("wb") as log:
            self.process = subprocess.Popen(
                [str(python), "run_waitress.py"], cwd=self.clone, env=env, stdout=log, stderr=log
            )
        production.wait_for_port(self.port, self.process, "the peer (waitress)", HOST)

    def stop(self) -> None:
        if self.process is not None:
            loadtest.stop_process(self.process)
        shutil.rmtree(self.database_dir, ignore_errors=True)

    def seed(self, phone: Any) -> None:
        """A tournament of 32 players in its database; its 3 rounds drawn and every table's
        result entered through its own forms, as its organiser would."""
        with closing(sqlite3.connect(self.database)) as database, database:
            book = database.execute("SELECT id FROM addressbooks WHERE is_default = 1").fetchone()
            cursor = database.execute(
                "INSERT INTO tournaments(title, event_date, start_time, marker) "
                "VALUES ('Preisschafkopf', '2026-11-27', '19:00', '261127bnch')"
            )
            self.tournament = int(cursor.lastrowid or 0)
            for number in range(1, PEER_PLAYERS + 1):
                surname = SURNAMES[(number - 1) % len(SURNAMES)]
                first = FIRST_NAMES[(number - 1) // len(SURNAMES)]
                address = database.execute(
                    "INSERT INTO addresses(addressbook_id, nachname, vorname, wohnort, plz, ort) "
                    "VALUES (?, ?, ?, 'Dachau', '85221', 'Dachau')",
                    (book[0], surname, first),
                ).lastrowid
                database.execute(
                    "INSERT INTO tournament_participants"
                    "(tournament_id, player_no, address_id, display_name) VALUES (?, ?, ?, ?)",
                    (self.tournament, number, address, f"{surname}, {first}"),
                )
        rng = random.Random(31)
        for round_no in range(1, PEER_ROUNDS + 1):
            status, _html = phone.request("POST", f"{self.prefix}/rounds/{round_no}/draw", [])
            if status != 302:
                raise SystemExit(f"the peer's draw of round {round_no} answered {status}")
            for table_no in range(1, PEER_PLAYERS // 4 + 1):
                error = self.record(phone, round_no, table_no, zero_sum_points(rng), rng)
                if error:
                    raise SystemExit(f"the peer's result of table {table_no}: {error}")
        with closing(sqlite3.connect(self.database)) as database:
            (scores,) = database.execute("SELECT COUNT(*) FROM tournament_scores").fetchone()
        if scores != PEER_PLAYERS * PEER_ROUNDS:
            raise SystemExit(f"the peer holds {scores} scores, not {PEER_PLAYERS * PEER_ROUNDS}")

    @property
    def prefix(self) -> str:
        return f"/tournaments/{self.tournament}"

    def seats(self, round_no: int, table_no: int) -> list[int]:
        """Who sits at the table (their ids name the form's fields), read once: never while
        a request is timed."""
        key = (round_no, table_no)
        if key not in self.seated:
            with closing(sqlite3.connect(self.database)) as database:
                rows = database.execute(
                    "SELECT tp_id FROM tournament_seats WHERE tournament_id = ? AND round_no = ? "
                    "AND table_no = ? ORDER BY seat",
                    (self.tournament, round_no, table_no),
                ).fetchall()
            self.seated[key] = [row[0] for row in rows]
        return self.seated[key]

    def record(
        self, phone: Any, round_no: int, table_no: int, points: Sequence[int], rng: random.Random
    ) -> str:
        """A table's result through its form: the POST and the page it redirects to; the
        error, or "" when that page says the table was saved."""
        fields = []
        for tp_id, value in zip(self.seats(round_no, table_no), points, strict=True):
            fields += [(f"points_{tp_id}", str(value)), (f"soli_{tp_id}", str(rng.randint(0, 2)))]
        path = f"{self.prefix}/rounds/{round_no}/results/{table_no}"
        status, _html = phone.request("POST", path, fields)
        location = phone.headers.get("Location", "") if phone.headers else ""
        if status != 302 or not location:
            return f"POST {status}"
        target = urlsplit(location)
        status, html = phone.request("GET", target.path + (f"?{target.query}" * bool(target.query)))
        if status != 200 or "gespeichert" not in html:
            return f"redirected GET {status}, not saved"
        return ""


# -- the run -------------------------------------------------------------------------------------


def _get(phone: Any, path: str) -> str:
    status, _html = phone.request("GET", path)
    return "" if status == 200 else f"GET {path}: {status}"


Request = Callable[[], str]  # one sample's request(s); the error, or ""


def peer_requests(peer: PeerServer, phone: Any) -> dict[str, Request]:
    rng = random.Random(7)

    def record() -> str:
        # The last round's first table over and over (a correction, as the peer stores it).
        return peer.record(phone, PEER_ROUNDS, 1, zero_sum_points(rng), rng)

    static = "/static/app.js"
    round_view = f"{peer.prefix}/rounds/{PEER_ROUNDS}"
    return {
        "floor": lambda: _get(phone, static),
        "static": lambda: _get(phone, static),
        "record": record,
        "standings": lambda: _get(phone, f"{peer.prefix}/standings"),
        "page 10": lambda: _get(phone, round_view),
        "page 500": lambda: _get(phone, round_view),
        "save + page": record,
    }


@dataclass
class OurSite:
    """What ours is measured at: the owner's sign-in, the league, the tables."""

    username: str
    password: str
    standings: str
    pages: dict[int, str]  # hands -> the table page's path
    save_tables: list[str]  # a table's public id per side that saves hands
    static: str


def our_site_seed(sides: int) -> OurSite:
    """The throwaway database filled: a league of 300 finished tables (the demo's), the
    bench's tables of 10 and 500 hands, and a table of 10 hands per side to save hands at."""
    from django.db import connection
    from django.templatetags.static import static
    from django.urls import reverse

    from games.bench_table import _table_with_hands, bench_game
    from games.demo import demo_league_create
    from games.management.commands.bench import bench_owner

    owner = bench_owner()
    password = secrets.token_urlsafe(18)
    owner.set_password(password)
    owner.save(update_fields=["password"])
    club = owner.memberships.get().club
    league = demo_league_create(tables=300, club=club)
    game, bench = bench_game()
    tables = [_table_with_hands(club, owner, game, bench, hands) for hands in (10, 500)]
    pages = {
        table.rounds.count(): reverse("games:table", args=[table.public_id]) for table in tables
    }
    save_tables = [_table_with_hands(club, owner, game, bench, 10).public_id for _ in range(sides)]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    return OurSite(
        owner.username, password, reverse("games:league", args=[league.public_id]), pages,
        save_tables, static(OUR_STATIC_FILE),
    )  # fmt: skip


def our_requests(site: OurSite, phone: Any, save_table: str) -> dict[str, Request]:
    run = load_phones.TableRun(phone, f"/tables/{save_table}/", save_table)
    run.load()
    rng = random.Random(7)
    return {
        "floor": lambda: _get(phone, "/bench/bare/"),
        "static": lambda: _get(phone, site.static),
        "record": lambda: run.save(0.0, rng),
        "standings": lambda: _get(phone, site.standings),
        "page 10": lambda: _get(phone, site.pages[10]),
        "page 500": lambda: _get(phone, site.pages[500]),
        "save + page": lambda: run.save(0.0, rng) or _get(phone, run.path),
    }


def measure(phone: Any, request: Request, kind: str, mode: str, side: str) -> Sample:
    if mode == NEW:
        phone.close()  # the next request opens a connection of its own
    started = time.perf_counter()
    try:
        error = request()
    except load_phones.RequestFailed as failed:
        error = str(failed)
    elapsed = (time.perf_counter() - started) * 1000
    return Sample(
        kind, mode, side, elapsed, error, phone.wire_bytes, phone.body_bytes, phone.kept_alive
    )


def run_interleaved(
    sides: Mapping[str, tuple[Any, dict[str, Request]]], samples: int, warmup: int
) -> tuple[list[Sample], dict[str, float]]:
    """``warmup`` cycles not counted, then ``samples`` cycles; the samples and what the
    machine was doing meanwhile."""
    ours_sides = [side for side in sides if side != PEER]
    for cycle in range(warmup):
        for kind, mode, side in schedule(cycle, ours_sides):
            phone, requests = sides[side]
            measure(phone, requests[kind], kind, mode, side)
    load_before = os.getloadavg()
    busy_before, client_before = loadtest.machine_busy_seconds(), time.process_time()
    started = time.perf_counter()
    taken = []
    for cycle in range(samples):
        for kind, mode, side in schedule(cycle, ours_sides):
            phone, requests = sides[side]
            taken.append(measure(phone, requests[kind], kind, mode, side))
    elapsed = time.perf_counter() - started
    load_after = os.getloadavg()
    machine = {
        "seconds": elapsed,
        "load before": load_before[0],
        "load after": load_after[0],
        "load 5 min after": load_after[1],
        "busy": 100 * (loadtest.machine_busy_seconds() - busy_before) / elapsed,
        "client": 100 * (time.process_time() - client_before) / elapsed,
    }
    return taken, machine


def kept_alive_line(samples: Sequence[Sample]) -> str:
    """Which servers kept the connection open after their answers over keep-alive."""
    parts = []
    for side in dict.fromkeys(sample.side for sample in samples):
        kept = [
            sample.kept_alive for sample in samples if sample.side == side and sample.mode == KEEP
        ]
        parts.append(f"{side} {100 * sum(kept) / max(1, len(kept)):.0f}%")
    return "connections left open after an answer over keep-alive: " + ", ".join(parts)


def report(
    heading: str, samples: Sequence[Sample], machine: Mapping[str, float], ours_sides: Sequence[str]
) -> tuple[str, list[Target]]:
    from games.bench_table import text_table

    table = figures(samples)
    found = [target for ours in ours_sides for target in targets(table, ours)]
    cores = os.cpu_count() or 1
    lines = [
        heading,
        f"{len(samples)} requests in {machine['seconds']:.0f} s, one at a time, ours and the peer "
        f"in turns; load average {machine['load before']:.2f} before, {machine['load after']:.2f} "
        f"after ({machine['load 5 min after']:.2f} over 5 min), the machine busy "
        f"{machine['busy']:.0f}% of {cores * 100}% (this client {machine['client']:.0f}%)",
        kept_alive_line(samples),
        "",
        text_table(TIMINGS_HEADER, figures_table(table, ours_sides)),
        "",
        "bytes of each answer (the median one; sent: as it came over the wire, read: unpacked)",
        text_table(BYTES_HEADER, bytes_rows(table, ours_sides)),
        "",
        "issue 31's targets (p50 over keep-alive, ratios from this run):",
        *(target.line() for target in found),
    ]
    return "\n".join(lines), found


# -- the command ---------------------------------------------------------------------------------


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Scorekeeper beside SchafkopfTurnier.")
    parser.add_argument(
        "--peer", default=os.environ.get("SCOREKEEPER_PEER", ""),
        help="a clone of dieter6605/SchafkopfTurnier (SCOREKEEPER_PEER); none: skipped",
    )  # fmt: skip
    parser.add_argument("--peer-venv", help="its virtualenv, made when missing (PEER-venv)")
    parser.add_argument(
        "--peer-database-dir", default=MEMORY_DIR if Path(MEMORY_DIR).is_dir() else "",
        help="where the peer's database is made: by default in memory (/dev/shm, where there is "
        "one), since its every commit waits for the disk (fsync: SQLite's rollback journal, "
        "synchronous FULL) and ours does not (WAL, synchronous NORMAL); a directory on disk "
        "measures it as it ships, those waits included",
    )  # fmt: skip
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("LOADTEST_POSTGRES_URL", loadtest.DEFAULT_POSTGRES_URL),
        help="the PostgreSQL server for the throwaway database (LOADTEST_POSTGRES_URL)",
    )
    parser.add_argument(
        "--through-proxy", action="store_true",
        help="ours as scripts/production.py runs it (nginx, two app servers), measured "
        "through nginx and straight at an app server",
    )  # fmt: skip
    parser.add_argument("--samples", type=int, default=320, help="samples per kind (320)")
    parser.add_argument("--warmup", type=int, default=10, help="cycles not counted (10)")
    parser.add_argument(
        "--workers", type=int, default=3,
        help="gunicorn workers (3), as production runs them (scorekeeper/gunicorn_conf.py)",
    )  # fmt: skip
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request (30)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target fails")
    args = parser.parse_args(argv)
    if args.samples < 1 or args.warmup < 0 or args.workers < 1:
        parser.error("--samples and --workers must be positive, --warmup 0 or more")
    return args


def _stopped(signum: int, _frame: Any) -> None:
    # Stopped from outside: end as on an error, so every server is stopped and the throwaway
    # databases dropped.
    raise SystemExit(128 + signum)


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    if not args.peer.strip():
        print(SKIPPED)
        return 0
    clone = Path(args.peer).expanduser().resolve()
    venv = (
        Path(args.peer_venv).resolve() if args.peer_venv else clone.with_name(f"{clone.name}-venv")
    )
    signal.signal(signal.SIGTERM, _stopped)
    scratch = Path(tempfile.mkdtemp(prefix="scorekeeper-peerbench-"))
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, scratch, ignore_errors=True)
        peer = PeerServer(clone, venv, scratch / "peer", Path(args.peer_database_dir or scratch))
        stack.callback(peer.stop)
        peer.start()
        peer_phone = load_phones.Phone(peer.port, args.timeout)
        peer.seed(peer_phone)
        print(f"peer: SchafkopfTurnier {peer.commit()} on {HOST}:{peer.port}, seeded", flush=True)
        sides, heading = _ours(args, scratch, stack)
        sides[PEER] = (peer_phone, peer_requests(peer, peer_phone))
        print(f"measuring {args.samples} samples per kind after {args.warmup} warm-up cycles ...")
        samples, machine = run_interleaved(sides, args.samples, args.warmup)
        heading += (
            f"; SchafkopfTurnier {peer.commit()} (Flask, waitress 8 threads, SQLite in "
            f"{peer.database_dir.parent})"
        )
        text, found = report(heading, samples, machine, [side for side in sides if side != PEER])
        print(text, flush=True)
    return 1 if args.check and not all(target.passed for target in found) else 0


def _ours(
    args: argparse.Namespace, scratch: Path, stack: ExitStack
) -> tuple[dict[str, tuple[Any, dict[str, Request]]], str]:
    """Ours seeded and served; each of our sides' phone and requests, and the heading."""
    loadtest.production_mode(scratch, BENCH_SETTINGS)
    name = loadtest.setup_django(args.database, scratch, args.postgres_url, BENCH_DATABASE_PREFIX)
    from django.db import connection

    from games.management.commands.bench import throwaway_database
    from scorekeeper import gunicorn_conf

    stack.enter_context(throwaway_database(connection, name))
    label, url = loadtest.describe_database(args.database, name, args.postgres_url)
    print(f"ours: seeding {label} ...", flush=True)
    ours_sides = [OURS, PROXY] if args.through_proxy else [OURS]
    site = our_site_seed(len(ours_sides))
    env = {**os.environ, "DATABASE_URL": url}
    shape = f"gunicorn {args.workers} workers of {gunicorn_conf.threads} threads, DEBUG off"
    if args.through_proxy:
        (scratch / "proxy").mkdir()
        served = production.Production(
            port=loadtest.free_port(),
            app_ports=[loadtest.free_port(), loadtest.free_port()],
            host=HOST, workers=args.workers, state=scratch / "proxy", env=env, quiet=True,
            postgres_only=False,
        )  # fmt: skip
        stack.callback(served.stop)
        served.start()
        ports = {OURS: served.app_ports[0], PROXY: served.port}
        shape = f"nginx in front of two app servers of {shape}; {OURS}: straight at one"
    else:
        server = loadtest.Server(env, args.workers, 0, scratch / "gunicorn.log")
        stack.callback(server.stop)
        ports = {OURS: server.port}
    phones = {side: load_phones.Phone(ports[side], args.timeout) for side in ours_sides}
    phones[OURS].sign_in(site.username, site.password)
    for side in ours_sides:
        phones[side].cookies.update(phones[OURS].cookies)  # one session, as both servers share it
    sides = {
        side: (phones[side], our_requests(site, phones[side], table))
        for side, table in zip(ours_sides, site.save_tables, strict=True)
    }
    return sides, f"== Scorekeeper ({label}; {shape})"


if __name__ == "__main__":
    os.chdir(BASE_DIR)
    sys.exit(main(sys.argv[1:]))
