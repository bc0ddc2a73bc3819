"""``make loadtest``: many tables saving hands at once against production-mode servers.

Every table is one simulated phone signed in as a club's owner (a real sign-in through
/accounts/login/, so it holds a session and a CSRF cookie as a browser does). Once a second it
saves a Scopa hand as htmx does ("Enter points" mode; ``HX-Request``, ``X-CSRFToken``, the
``table_version`` read from the last page it was given and a fresh ``hand_token``), then loads
the table page. A save that takes longer than a second is followed at once by the next, never
by a burst to catch up. Before a round is timed each phone opens its table and saves a first
hand, as tables in play have (``TableRun.warm_up``: a first hand changes a page's layout).
Every request's latency and status is kept, and every save the server acknowledged (200 with
the table one version on) is looked for in the database afterwards: each acknowledged
``hand_token`` must be stored exactly once, and nothing else may be stored.

The server is run as in production: ``collectstatic`` (hashed, compressed) into a temporary
directory, gunicorn on a free port of 127.0.0.1, DEBUG off, a SECRET_KEY, ALLOWED_HOSTS. The
database is a throwaway one made for the run and dropped at its end, and only that one
(``games.management.commands.bench.throwaway_database``): on PostgreSQL a database of its own
named after the process and a random suffix (never ``test``, the test suite's), on SQLite a
file in the temporary directory (WAL, IMMEDIATE transactions, as the settings make it).

    scripts/loadtest.py                       50 tables for 60 s, PostgreSQL then SQLite
    scripts/loadtest.py --database postgres --tables 80 --seconds 30
    scripts/loadtest.py --knee                then the largest table count under the p95 target
    scripts/loadtest.py --quick               a smoke run: 5 tables for 10 s
    scripts/loadtest.py --tournament --database postgres --seconds 30
                                              a tournament night (scripts/load_tournament.py)

It fails (exit 1) on any error (a status other than 2xx/3xx, a 409, a refused or timed-out
connection, a page that does not show the hand just saved), on a hand not stored exactly once,
or when the PostgreSQL run's p95 of saves or page loads is 150 ms or more (issue 14). The
load generator runs on the same machine as the server and the database: its CPU share is
printed beside theirs, so a reader knows what the figures were measured against.

The work per database runs in a process of its own (``--child``), as Django reads its database
from the environment once per process.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
DATABASES = {"postgres": "PostgreSQL", "sqlite": "SQLite"}
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres"
LOAD_DATABASE_PREFIX = "test_scorekeeper_load"
# The settings module of a run's scratch directory (production_mode).
SETTINGS_MODULE = "loadtest_settings"


# The phones, their pages and their figures (also this module's names, for its users).
sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_phones import (  # noqa: E402
    HOST,
    PAGE,
    SAVE,
    SLICE_SECONDS,
    TARGET_P95_MS,
    Figures,
    Phone,
    RoundResult,
    StoredOnce,
    TableRun,
    _ms,
    figures,
    knee_next,
    knee_of,
    percentile,
    result_table,
    stored_once_check,
)
from load_tournament import poller_lines, tournament_round  # noqa: E402
from production import GUNICORN_CONFIG  # noqa: E402

# -- CPU accounting ------------------------------------------------------------------------------

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def process_cpu_seconds(pids: Iterable[int]) -> dict[int, float]:
    """User + system CPU seconds of each process still running (Linux /proc)."""
    seconds = {}
    for pid in pids:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        seconds[pid] = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return seconds


def children_of(parent: int) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                pids.append(int(entry.name))
    return pids


class CpuWatch:
    """The CPU a changing set of processes spends from now on: sampled now and then, each
    process counted from its first sample (from 0 when it began after the first) to its last."""

    def __init__(self, pids: Callable[[], Iterable[int]]) -> None:
        self.pids = pids
        self.first = process_cpu_seconds(pids())
        self.last = dict(self.first)

    def sample(self) -> None:
        self.last.update(process_cpu_seconds(self.pids()))

    def spent(self) -> float:
        return sum(seconds - self.first.get(pid, 0.0) for pid, seconds in self.last.items())


def machine_busy_seconds() -> float:
    """CPU seconds all cores spent busy since boot (not idle, not waiting for I/O)."""
    try:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return math.nan
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / CLOCK_TICKS


# -- one database (the child process) ------------------------------------------------------------


class Server:
    """gunicorn serving the app from the throwaway database, as in production."""

    def __init__(self, env: dict[str, str], workers: int, threads: int, log: Path) -> None:
        self.port = free_port()
        command = [
            PYTHON, "-m", "gunicorn", "--config", GUNICORN_CONFIG, "scorekeeper.wsgi",
            "--bind", f"{HOST}:{self.port}", "--workers", str(workers),
            "--log-level", "warning", "--error-logfile", str(log),
        ]  # fmt: skip
        if threads == 1:
            command += ["--worker-class", "sync"]
        elif threads:
            command += ["--threads", str(threads)]
        self.log = log
        self.process = subprocess.Popen(command, cwd=BASE_DIR, env=env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"gunicorn exited with {self.process.returncode}")
            try:
                with socket.create_connection((HOST, self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise SystemExit("gunicorn did not listen within 60 s")

    def workers(self) -> list[int]:
        return children_of(self.process.pid)

    def stop(self) -> None:
        stop_process(self.process)


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """A server this script started, ended: asked to stop, killed after 30 s; waited for."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class LoadRun:
    """The phones, the tables and the rounds on one database with one server."""

    def __init__(self, database: str, server: Server, timeout: float, db_name: str) -> None:
        from games.management.commands.bench import bench_owner

        self.database = database
        self.server = server
        self.timeout = timeout
        self.db_name = db_name
        self.password = secrets.token_urlsafe(18)
        owner = bench_owner()
        owner.set_password(self.password)
        owner.save(update_fields=["password"])
        self.owner = owner
        self.club = owner.memberships.get().club
        self.phones: list[Phone] = []
        self.rounds = 0

    def phones_for(self, count: int) -> list[Phone]:
        """``count`` signed-in phones, signing in more as needed (each sign-in hashes the
        password, a good part of a second of CPU: they are kept for later rounds)."""
        more = [Phone(self.server.port, self.timeout) for _ in range(count - len(self.phones))]
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            list(pool.map(lambda phone: phone.sign_in(self.owner.username, self.password), more))
        self.phones.extend(more)
        return self.phones[:count]

    def tables(self, count: int) -> list[Any]:
        """Fresh Scopa tables of two, made through the services as the new-table form does."""
        from games.tables import services

        self.rounds += 1
        return [
            services.table_create(
                club=self.club,
                game="scopa",
                players=[f"Ann {self.rounds}-{number}", f"Bob {self.rounds}-{number}"],
                options={"target": 99},
                by=self.owner,
            )
            for number in range(1, count + 1)
        ]

    def _database_pids(self) -> list[int]:
        if self.database != "postgres":
            return []
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                [self.db_name],
            )
            return [row[0] for row in cursor.fetchall()]

    def measured(
        self, threads: Sequence[threading.Thread], origin: float
    ) -> tuple[float, dict[str, float]]:
        """``threads`` run to their end; the seconds from ``origin`` and the CPU each side
        used meanwhile, in % of one core."""
        # Sampled while the phones run, not only at both ends: PostgreSQL backends end and
        # begin as gunicorn's connections reach their age (CONN_MAX_AGE), workers may be
        # replaced, and the CPU of a process gone by the end would be lost.
        server = CpuWatch(self.server.workers)
        database = CpuWatch(self._database_pids)
        client_before = time.process_time()
        machine_before = machine_busy_seconds()
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            time.sleep(0.5)
            server.sample()
            database.sample()
        elapsed = time.perf_counter() - origin
        client = time.process_time() - client_before
        machine = machine_busy_seconds() - machine_before
        server.sample()
        database.sample()
        cpu = {
            "client": 100 * client / elapsed,
            "gunicorn": 100 * server.spent() / elapsed,
            "machine": 100 * machine / elapsed,
        }
        if self.database == "postgres":
            cpu["postgres"] = 100 * database.spent() / elapsed
        return elapsed, cpu

    def round(self, count: int, seconds: float) -> tuple[RoundResult, list[str]]:
        """``count`` phones at ``count`` new tables for ``seconds``; the figures and the first
        error of each phone that had one."""
        from games.models import Round

        phones = self.phones_for(count)
        retried_before = sum(phone.retried for phone in phones)
        tables = self.tables(count)
        runs = [
            TableRun(phone, f"/tables/{table.public_id}/", table.public_id)
            for phone, table in zip(phones, tables, strict=True)
        ]
        with ThreadPoolExecutor(max_workers=min(count, 16)) as pool:
            list(pool.map(TableRun.warm_up, runs))  # also warms every worker up

        origin = time.perf_counter() + 0.2
        threads = [
            threading.Thread(
                target=run.play, args=(origin, index / count, seconds, index), daemon=True
            )
            for index, run in enumerate(runs)
        ]
        elapsed, cpu = self.measured(threads, origin)

        stored = Round.objects.filter(table__in=tables).values_list(
            "table__public_id", "hand_token"
        )
        check = stored_once_check(
            {run.public_id: run.sent for run in runs},
            {run.public_id: run.acknowledged for run in runs},
            list(stored),
        )
        samples = [sample for run in runs for sample in run.samples]
        errors = Counter(error for _kind, _at, _ms, error in samples if error)
        latencies = {
            kind: [ms for k, _at, ms, error in samples if k == kind and not error]
            for kind in (SAVE, PAGE)
        }
        slices = {
            kind: [
                percentile(
                    [
                        ms
                        for k, at, ms, error in samples
                        if k == kind and not error and start <= at < start + SLICE_SECONDS
                    ],
                    95,
                )
                for start in range(0, math.ceil(seconds), SLICE_SECONDS)
            ]
            for kind in (SAVE, PAGE)
        }
        result = RoundResult(
            database=DATABASES[self.database],
            tables=count,
            seconds=elapsed,
            save=figures(latencies[SAVE], elapsed),
            page=figures(latencies[PAGE], elapsed),
            errors=dict(errors),
            stored=check,
            cpu=cpu,
            retried=sum(phone.retried for phone in phones) - retried_before,
            slices=slices,
        )
        return result, [run.first_error for run in runs if run.first_error]


def _cpu_line(result: RoundResult) -> str:
    """Who used the cores during the run, in % of one core, and the server's CPU per hand."""
    cpu = result.cpu
    cores = os.cpu_count() or 1
    ours = cpu["client"] + cpu["gunicorn"] + cpu.get("postgres", 0.0)
    parts = [f"client {cpu['client']:.0f}%", f"gunicorn {cpu['gunicorn']:.0f}%"]
    if "postgres" in cpu:
        parts.append(f"this database's PostgreSQL backends {cpu['postgres']:.0f}%")
    # Everything else: other processes on the machine, the kernel, and time the hypervisor
    # gave to other machines (steal). Large, and the figures above are not this app's alone.
    parts.append(f"everything else {max(0.0, cpu['machine'] - ours):.0f}%")
    line = f"CPU during the run ({cores} cores = {cores * 100}%): " + ", ".join(parts)
    if result.save.count:
        # CPU time is the processes' own, so this holds however busy the machine was: the
        # most tables these cores could serve at all, every one of them busy (the knee is
        # lower: waits grow long before then).
        server = cpu["gunicorn"] + cpu.get("postgres", 0.0)
        per_hand = server * 10 * result.seconds / result.save.count
        line += (
            f"\nserver CPU per save + page load: {per_hand:.0f} ms (gunicorn"
            + (" + PostgreSQL" if "postgres" in cpu else "")
            + f"), so {cores} cores could serve at most {cores * 1000 / per_hand:.0f} tables"
        )
    return line


def _report_round(result: RoundResult, first_errors: Sequence[str], detail: bool) -> None:
    print(result_table([result]))
    print(_cpu_line(result))
    if detail:
        for kind in (SAVE, PAGE):
            print(
                f"{kind} p95 ms by {SLICE_SECONDS} s of the run: "
                + " ".join(_ms(value) for value in result.slices[kind])
            )
    if result.retried:
        print(f"{result.retried} requests sent again on a new connection (kept-alive one closed)")
    if result.errors:
        print("errors: " + ", ".join(f"{n} x {e}" for e, n in Counter(result.errors).most_common()))
        for line in first_errors[:3]:
            print(f"  first error of a phone: {line}")
    sys.stdout.flush()


def child(database: str, args: argparse.Namespace, scratch: Path) -> int:
    """The whole run on one database, in this process: Django set up on it, the throwaway
    database made, migrated, served, loaded and dropped (only it, also on failure)."""
    name = setup_django(database, scratch, args.postgres_url, LOAD_DATABASE_PREFIX)

    def stopped(signum: int, _frame: Any) -> None:
        # Stopped from outside: end as on an error, so gunicorn is stopped and the throwaway
        # database dropped (the default would end this process and leave them behind).
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stopped)
    from django.db import OperationalError, connection

    from games.management.commands.bench import throwaway_database

    results: list[RoundResult] = []
    knee: int | None = None
    failures: list[str] = []
    with ExitStack() as stack:
        try:
            stack.enter_context(throwaway_database(connection, name))
        except OperationalError as error:
            reason = (str(error).strip().splitlines() or ["error"])[0]
            failures.append(f"{DATABASES[database]}: unreachable ({reason})")
            print(failures[-1])
            _write_result(scratch, database, results, knee, failures)
            return 1
        label, url = describe_database(database, name, args.postgres_url)
        workers, threads = _server_shape(args)
        from scorekeeper import gunicorn_conf

        threads_each = threads or gunicorn_conf.threads
        shape = f"{workers} sync workers" if threads == 1 else f"{workers} x {threads_each} gthread"
        print(f"\n== {label}; gunicorn {shape} on {os.cpu_count()} cores ==", flush=True)
        log = scratch / f"gunicorn-{database}.log"
        server = Server({**os.environ, "DATABASE_URL": url}, workers, threads, log)
        stack.callback(server.stop)
        run = LoadRun(database, server, args.timeout, name)
        if args.tournament:
            print(
                f"A tournament night: {args.tables} tables of four, a hand every 2 s each; the "
                f"director's page, the standings and the big screen polling; {args.seconds:.0f} s"
            )
            result, first_errors, by_poller = tournament_round(run, args.tables, args.seconds)
            result.database = DATABASES[database]
            _report_round(result, first_errors, detail=False)
            print("\n".join(poller_lines(by_poller)), flush=True)
            results.append(result)
            failures += _failures(database, result)
        elif not args.knee_only:
            print(f"{args.tables} tables, a hand a second each, for {args.seconds:.0f} s ...")
            result, first_errors = run.round(args.tables, args.seconds)
            _report_round(result, first_errors, detail=True)
            results.append(result)
            failures += _failures(database, result)
        if args.knee or args.knee_only:
            knee, knee_failures = _knee(run, args.knee_seconds, args.knee_refine)
            failures += knee_failures
        server.stop()
        text = log.read_text() if log.exists() else ""
        if text.strip() and (failures or any(result.error_count for result in results)):
            print("gunicorn's log ends:\n" + "\n".join(text.splitlines()[-20:]))
    _write_result(scratch, database, results, knee, failures)
    return 1 if failures else 0


def setup_django(database: str, scratch: Path, postgres_url: str, prefix: str) -> str:
    """Django set up in this process as the production-mode servers run (``app_env``), its
    database the server of ``database``; the name of the throwaway database to make there
    (``throwaway_database``): on PostgreSQL ``prefix``, the process id and a random suffix,
    on SQLite a file in ``scratch``."""
    os.environ.update(app_env(scratch))
    if database == "postgres":
        os.environ["DATABASE_URL"] = postgres_url
        name = f"{prefix}_{os.getpid()}_{secrets.token_hex(4)}"
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/unused.sqlite3"
        name = str(scratch / f"{prefix}-{os.getpid()}.sqlite3")
    sys.path[:0] = [str(scratch), str(BASE_DIR)]
    import django

    django.setup()
    return name


def describe_database(database: str, name: str, postgres_url: str) -> tuple[str, str]:
    """A line naming the database, and the DATABASE_URL the server is given for it."""
    from django.db import connection

    with connection.cursor() as cursor:
        if database == "postgres":
            cursor.execute("SELECT current_setting('server_version')")
            label = f"PostgreSQL {cursor.fetchone()[0]}, database {name}"
            return label, postgres_url.rsplit("/", 1)[0] + f"/{name}"
        cursor.execute("PRAGMA journal_mode")
        mode = cursor.fetchone()[0]
        cursor.execute("SELECT sqlite_version()")
        return f"SQLite {cursor.fetchone()[0]} (journal {mode}), {name}", f"sqlite:///{name}"


def _failures(database: str, result: RoundResult) -> list[str]:
    name = DATABASES[database]
    failures = []
    if result.error_count:
        failures.append(f"{name}: {result.error_count} errors")
    if not result.stored.ok:
        failures.append(f"{name}: hands not stored exactly once ({result.stored.describe()})")
    if database == "postgres":
        for kind, figure in ((SAVE, result.save), (PAGE, result.page)):
            if not figure.p95 < TARGET_P95_MS:
                failures.append(
                    f"{name}: {kind} p95 {_ms(figure.p95)} ms, not under {TARGET_P95_MS:.0f} ms"
                )
    return failures


def _knee(run: LoadRun, seconds: float, refine: int) -> tuple[int, list[str]]:
    """Rounds of ``seconds`` at more and more tables, each at fresh tables; the most tables
    whose saves and pages both kept p95 under the target with no error."""
    print(f"\nKnee: rounds of {seconds:.0f} s at more and more tables, until p95 >= 150 ms ...")
    tried: dict[int, bool] = {}
    failures = []
    count = knee_next(tried, refine)
    while count is not None:
        result, first_errors = run.round(count, seconds)
        tried[count] = result.meets_target()
        verdict = "meets" if tried[count] else "misses"
        worst = _ms(result.worst_p95)
        print(f"-- {count} tables: worst p95 {worst} ms, {result.error_count} errors: {verdict}")
        _report_round(result, first_errors, detail=False)
        if not result.stored.ok:  # never a matter of load: the count is wrong
            failures.append(f"{result.database} at {count} tables: {result.stored.describe()}")
        count = knee_next(tried, refine)
    knee = knee_of(tried)
    print(
        f"Knee on {DATABASES[run.database]}: {knee} tables (the most with p95 of saves and pages "
        f"under {TARGET_P95_MS:.0f} ms and no error; tried {', '.join(map(str, sorted(tried)))})"
    )
    return knee, failures


def _write_result(
    scratch: Path, database: str, results: Sequence[RoundResult], knee: int | None,
    failures: Sequence[str],
) -> None:  # fmt: skip
    document = {
        "results": [asdict(result) for result in results],
        "knee": knee,
        "failures": list(failures),
    }
    (scratch / f"result-{database}.json").write_text(json.dumps(document))


def _read_result(document: dict[str, Any]) -> list[RoundResult]:
    results = []
    for item in document["results"]:
        item["save"] = Figures(**item["save"])
        item["page"] = Figures(**item["page"])
        item["stored"] = StoredOnce(**item["stored"])
        results.append(RoundResult(**item))
    return results


# -- the parent ----------------------------------------------------------------------------------


def _server_shape(args: argparse.Namespace) -> tuple[int, int]:
    """gunicorn's workers and threads per worker (0: scorekeeper/gunicorn_conf.py's, 1: sync
    workers instead): by default cores + 1 workers of the production set-up's kind.

    Measured on this 2-core machine (PostgreSQL, each count 20 to 30 s, the machine quiet): 5
    sync workers (2 x cores + 1, gunicorn's own advice, which this ran before) spent 14 to 15
    ms of gunicorn's and PostgreSQL's CPU per save and page load and met the p95 target up to
    100 tables; 3 workers of 4 threads 12 to 13 ms, also 100 (p95 26 ms there against 97), and
    with PostgreSQL's queries prepared (scorekeeper/settings.py) 10 ms and 150 tables (p95 73
    to 76 ms). The app is CPU-bound and a worker's threads share its GIL, so a worker more than
    cores covers the database waits. ``--workers`` and ``--threads`` try others."""
    cores = os.cpu_count() or 1
    workers = args.workers or cores + 1
    return workers, args.threads


def app_env(scratch: Path) -> dict[str, str]:
    """Production mode: DEBUG off, a key, the host, and the settings module of ``scratch``
    (``production_mode``)."""
    return {
        "DEBUG": "0",
        "SECRET_KEY": "loadtest-" + secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": HOST,
        "DJANGO_SETTINGS_MODULE": SETTINGS_MODULE,
        "PYTHONPATH": os.pathsep.join([str(scratch), str(BASE_DIR)]),
        "LOG_LEVEL": "WARNING",
    }


def production_mode(scratch: Path, settings: str = "") -> None:
    """``scratch`` made ready to serve from as in production: a settings module there
    (``SETTINGS_MODULE``: the project's, STATIC_ROOT moved into ``scratch``, then the lines of
    ``settings``) and the static files collected into it (hashed, compressed)."""
    (scratch / f"{SETTINGS_MODULE}.py").write_text(
        "from scorekeeper.settings import *  # noqa: F403\n\n"
        f"STATIC_ROOT = {str(scratch / 'static')!r}\n{settings}"
    )
    env = {**os.environ, **app_env(scratch), "DATABASE_URL": f"sqlite:///{scratch}/x.sqlite3"}
    subprocess.run(
        [PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=BASE_DIR, env=env, check=True,
    )  # fmt: skip


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Tables saving a hand a second against gunicorn in production mode.",
    )
    parser.add_argument(
        "--tables", type=int, default=0, help="tables, one phone each (50; --tournament: 25)"
    )
    parser.add_argument("--seconds", type=float, default=60, help="length of the run (60)")
    parser.add_argument(
        "--database", choices=("postgres", "sqlite", "both"), default="both",
        help="PostgreSQL, SQLite or both, in that order (both)",
    )  # fmt: skip
    parser.add_argument(
        "--knee", action="store_true",
        help="then search for the most tables with p95 under 150 ms",
    )  # fmt: skip
    parser.add_argument("--knee-only", action="store_true", help="only the knee search")
    parser.add_argument(
        "--tournament", action="store_true",
        help="a tournament night instead (issue 32): tables of four on their table links, a "
        "hand every 2 s each, the director's page, the standings and the big screen polling",
    )  # fmt: skip
    parser.add_argument(
        "--knee-seconds", type=float, default=20, help="length of a knee round (20)"
    )
    parser.add_argument(
        "--knee-refine", type=int, default=1,
        help="counts tried between the last met and the first missed (1)",
    )  # fmt: skip
    parser.add_argument(
        "--quick", action="store_true",
        help="a smoke run: 5 tables for 10 s, knee rounds of 5 s",
    )  # fmt: skip
    parser.add_argument("--workers", type=int, default=0, help="gunicorn workers (cores + 1)")
    parser.add_argument(
        "--threads", type=int, default=0,
        help="threads per worker (0: production's, scorekeeper/gunicorn_conf.py); 1 uses sync "
        "workers",
    )  # fmt: skip
    parser.add_argument(
        "--timeout", type=float, default=10, help="seconds a request may take before it counts "
        "as an error (10)",
    )  # fmt: skip
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("LOADTEST_POSTGRES_URL", DEFAULT_POSTGRES_URL),
        help="the PostgreSQL server to make the throwaway database on "
        f"(LOADTEST_POSTGRES_URL, default {DEFAULT_POSTGRES_URL})",
    )
    parser.add_argument("--child", choices=tuple(DATABASES), help=argparse.SUPPRESS)
    parser.add_argument("--scratch", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.tables = args.tables or (25 if args.tournament else 50)
    if args.quick:
        args.tables, args.seconds, args.knee_seconds = 5, 10, 5
    if args.tables < 1 or args.seconds <= 0 or args.knee_seconds <= 0:
        parser.error("--tables, --seconds and --knee-seconds must be positive")
    return args


def main(argv: Sequence[str]) -> int:
    args = parse_args(argv)
    if args.child:
        return child(args.child, args, Path(args.scratch))
    databases = list(DATABASES) if args.database == "both" else [args.database]
    scratch = Path(tempfile.mkdtemp(prefix="scorekeeper-loadtest-"))
    children: list[subprocess.Popen[bytes]] = []

    def stop(signum: int, _frame: Any) -> None:
        for process in children:
            process.send_signal(signum)

    try:
        production_mode(scratch)
        signal.signal(signal.SIGTERM, stop)
        codes = {}
        for database in databases:
            process = subprocess.Popen(
                [PYTHON, __file__, *argv, "--child", database, "--scratch", str(scratch)],
                cwd=BASE_DIR,
            )
            children.append(process)
            try:
                codes[database] = process.wait()
            except KeyboardInterrupt:  # the child has it too: let it clean up first
                process.wait()
                return 130
        return _summary(scratch, databases, codes)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _summary(scratch: Path, databases: Sequence[str], codes: Mapping[str, int]) -> int:
    results: list[RoundResult] = []
    knees: list[str] = []
    failures: list[str] = []
    for database in databases:
        path = scratch / f"result-{database}.json"
        if not path.exists():
            failures.append(f"{DATABASES[database]}: the run ended with {codes[database]}")
            continue
        document = json.loads(path.read_text())
        results += _read_result(document)
        failures += document["failures"]
        if document["knee"] is not None:
            knees.append(f"{DATABASES[database]} {document['knee']} tables")
    print("\n== Summary ==")
    if results:
        print(result_table(results))
        for result in results:
            print(f"{result.database}: {_cpu_line(result)}")
    if knees:
        target = f"{TARGET_P95_MS:.0f} ms"
        print(f"Knee (most tables with p95 under {target}, no error): " + "; ".join(knees))
    if failures:
        print("FAILED:\n" + "\n".join(f"  {failure}" for failure in failures))
        return 1
    print(
        "passed: no errors, every acknowledged hand stored exactly once"
        + (f", PostgreSQL p95 under {TARGET_P95_MS:.0f} ms" if "postgres" in databases else "")
    )
    return 0


if __name__ == "__main__":
    os.chdir(BASE_DIR)
    sys.exit(main(sys.argv[1:]))
