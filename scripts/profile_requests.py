"""``make profile``: where the time of each request the peer bench measures goes, in-process.

The same site as ``make bench-peer`` (scripts/peerbench.py: a league of 300 finished tables,
tables of 10 and 500 hands, the owner signed in), in production mode (collectstatic, DEBUG off)
on a throwaway database, each request handed to the WSGI application in this process as gunicorn
hands it (to the app servers' handler, scorekeeper/wsgi_handler.py): no socket, so what is left
is Django's and ours. Every middleware is timed on its own, with a marker before each one (the
time between two markers is the middleware's own, before and after the rest of the chain) and
its ``process_view`` hook timed apart; what is inside the last marker is the view ("view": URL
resolution and the view itself, template rendering included), and what is outside the first is
the WSGI handler's own ("handler": the request built, the request_started and request_finished
signals, the answer's headers). Each query is timed and put down to the part it ran in.

Prints, per kind of request: each part's median time (ms) and its queries (count and median
ms), then the queries themselves. A figure is a median over ``--runs`` requests.

With ``--cprofile`` it says instead where the Python time of each kind goes, function by
function: its ``--runs`` requests (after the warm-up) run under cProfile through the application
as it is served (no marker), and the ``--top`` functions are printed by cumulative time and by
their own time, in ms per request. cProfile's own cost per call weighs on code that makes many
small calls, so its figures are for finding where the time goes, not for the time itself.

    scripts/profile_requests.py                       # SQLite, 200 runs per kind
    scripts/profile_requests.py --database postgres   # PostgreSQL (LOADTEST_POSTGRES_URL)
    scripts/profile_requests.py --kinds record --cprofile --top 40 --cprofile-dir /tmp/prof
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import load_phones
import loadtest
import peerbench

BASE_DIR = Path(__file__).resolve().parent.parent
# The table page a phone loads after each save (the load test's round: a save, then the page):
# its stored part no longer holds, so this is the page a save leaves, not the one given again.
# The save before it runs untimed (``Prepared``).
PAGE_AFTER_SAVE = "page after save"
KINDS = ("floor", "static", "record", "standings", "page 10", "page 500", PAGE_AFTER_SAVE)
HANDLER, VIEW = "handler", "view"
PROFILE_DATABASE_PREFIX = "test_scorekeeper_profile"
# The parts are timed in this thread's CPU time: on a shared machine, wall time would count the
# moments another process had the core. Queries are timed on the wall clock (a PostgreSQL
# query's time is mostly the server's).
CLOCK = time.thread_time


# -- what one request spent where ----------------------------------------------------------------


@dataclass
class Spent:
    """One request: ms by part (exclusive), and its queries (part, sql, ms)."""

    parts: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    queries: list[tuple[str, str, float]] = field(default_factory=list)


class Recorder:
    """The parts entered and left while one request runs: a stack of (part, entered at,
    time spent in the parts it called)."""

    def __init__(self) -> None:
        self.spent = Spent()
        self.stack: list[list[Any]] = []

    def enter(self, part: str) -> None:
        self.stack.append([part, CLOCK(), 0.0])

    def leave(self) -> None:
        part, entered, inner = self.stack.pop()
        whole = CLOCK() - entered
        self.spent.parts[part] += (whole - inner) * 1000
        if self.stack:
            self.stack[-1][2] += whole

    @property
    def part(self) -> str:
        return self.stack[-1][0] if self.stack else HANDLER


RECORDER = Recorder()


def _marker(part: str) -> type:
    """A middleware standing just above ``part``'s: what runs below it until the next marker
    is ``part``'s own."""

    class Marker:
        def __init__(self, get_response: Callable[[Any], Any]) -> None:
            self.get_response = get_response

        def __call__(self, request: Any) -> Any:
            RECORDER.enter(part)
            try:
                return self.get_response(request)
            finally:
                RECORDER.leave()

    return Marker


def marked_middleware(middleware: Sequence[str]) -> list[str]:
    """The stack with a marker above each middleware and one below the last (the view)."""
    marked = []
    for index, path in enumerate([*middleware, VIEW]):
        name = f"Marker{index}"
        globals()[name] = _marker(path.rsplit(".", 1)[-1] if path != VIEW else VIEW)
        marked.append(f"{__name__}.{name}")
        if path != VIEW:
            marked.append(path)
    return marked


def _timed_hook(part: str, hook: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*arguments: Any) -> Any:
        RECORDER.enter(part)
        try:
            return hook(*arguments)
        finally:
            RECORDER.leave()

    return timed


def instrumented_application() -> tuple[Any, list[str]]:
    """The WSGI application with every middleware marked and each process_view hook timed
    apart; the parts' names, in the order a request meets them."""
    from django.conf import settings

    from scorekeeper.wsgi_handler import ReleasingWSGIHandler as WSGIHandler

    parts = [HANDLER, *(path.rsplit(".", 1)[-1] for path in settings.MIDDLEWARE)]
    settings.MIDDLEWARE = marked_middleware(settings.MIDDLEWARE)
    application = WSGIHandler()
    hooks = [
        (type(hook.__self__).__name__ + ".process_view", hook)
        for hook in application._view_middleware
    ]
    application._view_middleware = [_timed_hook(name, hook) for name, hook in hooks]
    return application, [*parts, *(name for name, _hook in hooks), VIEW]


def query_timer(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
) -> Any:
    started = time.perf_counter()
    try:
        return execute(sql, params, many, context)
    finally:
        RECORDER.spent.queries.append((RECORDER.part, sql, (time.perf_counter() - started) * 1000))


# -- a phone in this process -----------------------------------------------------------------------


class InProcessPhone(load_phones.Phone):
    """load_phones.Phone's requests handed straight to the WSGI application; each request's
    Spent kept in ``spent``."""

    def __init__(self, application: Any) -> None:
        super().__init__(port=80, timeout=30)
        self.origin = f"http://{load_phones.HOST}"
        self.application = application
        self.spent: Spent | None = None

    @property
    def kept_alive(self) -> bool:
        return True

    def close(self) -> None:
        pass

    def request(
        self, method: str, path: str, fields: Sequence[tuple[str, str]] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, str]:  # fmt: skip
        from django.db import connection

        body = urlencode(fields).encode() if fields is not None else b""
        target = urlsplit(path)
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": target.path,
            "QUERY_STRING": target.query,
            "SERVER_NAME": load_phones.HOST,
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "wsgi.version": (1, 0),
            "HTTP_HOST": load_phones.HOST,
            "HTTP_ACCEPT": "text/html,*/*",
            "HTTP_ACCEPT_ENCODING": "gzip",
            "HTTP_USER_AGENT": "scorekeeper-profile",
        }
        if fields is not None:
            environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
            environ["CONTENT_LENGTH"] = str(len(body))
            environ["HTTP_ORIGIN"] = self.origin
        for name, value in (headers or {}).items():
            environ["HTTP_" + name.upper().replace("-", "_")] = value
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        status_line: list[str] = []
        answer_headers: list[tuple[str, str]] = []

        def start_response(status: str, response_headers: list[tuple[str, str]], *_: Any) -> None:
            status_line.append(status)
            answer_headers.extend(response_headers)

        global RECORDER
        RECORDER = Recorder()
        started = CLOCK()
        with connection.execute_wrapper(query_timer):
            result = self.application(environ, start_response)
            data = b"".join(result)
            if hasattr(result, "close"):
                result.close()  # request_finished, as gunicorn calls it
        RECORDER.spent.parts[HANDLER] += (CLOCK() - started) * 1000 - sum(
            RECORDER.spent.parts.values()
        )
        self.spent = RECORDER.spent
        self.wire_bytes = len(data)
        if dict(answer_headers).get("Content-Encoding") == "gzip":
            import zlib

            data = zlib.decompress(data, 16 + zlib.MAX_WBITS)
        self.body_bytes = len(data)
        from email.message import Message

        message = Message()
        for name, value in answer_headers:
            message[name] = value
        self.headers = message  # type: ignore[assignment]
        from http.cookies import SimpleCookie

        for name, value in answer_headers:
            if name.lower() == "set-cookie":
                for key, morsel in SimpleCookie(value).items():
                    if morsel.value and morsel["max-age"] != "0":
                        self.cookies[key] = morsel.value
                    else:
                        self.cookies.pop(key, None)
        return int(status_line[0].split()[0]), data.decode("utf-8", "replace")


# -- the report ----------------------------------------------------------------------------------


NUMBERS = re.compile(r"\b\d+\b")


def query_shape(sql: str) -> str:
    """The query with its numbers and long IN lists made alike, cut to a line."""
    shape = NUMBERS.sub("N", " ".join(sql.split()))
    return shape if len(shape) <= 150 else shape[:147] + "..."


def report(kind: str, spent: Sequence[Spent], order: Sequence[str], plain: float) -> str:
    from games.bench_table import text_table

    totals = [sum(one.parts.values()) for one in spent]
    rows = []
    for part in order:
        times = [one.parts.get(part, 0.0) for one in spent]
        counts = [sum(1 for q in one.queries if q[0] == part) for one in spent]
        query_ms = [sum(q[2] for q in one.queries if q[0] == part) for one in spent]
        median = statistics.median(times)
        if median < 0.0005 and not any(counts):
            continue
        rows.append(
            (
                part, f"{median:.3f}", f"{statistics.median(counts):g}",
                f"{statistics.median(query_ms):.3f}",
            )
        )  # fmt: skip
    rows.append(("whole request", f"{statistics.median(totals):.3f}", "", ""))
    rows.append(("(without the markers)", f"{plain:.3f}", "", ""))
    by_shape: dict[tuple[str, str], list[float]] = defaultdict(list)
    for one in spent:
        for part, sql, ms in one.queries:
            by_shape[(part, query_shape(sql))].append(ms)
    query_rows = [
        (part, f"{len(times) / len(spent):.2g}", f"{statistics.median(times):.3f}", shape)
        for (part, shape), times in by_shape.items()
    ]
    lines = [
        f"-- {kind} ({len(spent)} runs; ms, medians) --",
        text_table(("part", "ms", "queries", "query ms"), rows),
        "",
        text_table(("part", "per request", "ms", "query"), query_rows) if query_rows else "",
    ]
    return "\n".join(lines)


Request = Callable[[], str]


def profiled_requests(
    site: peerbench.OurSite, phone: InProcessPhone
) -> tuple[dict[str, Request], dict[str, Request]]:
    """The peer bench's requests and the page after a save; and what runs untimed before a
    kind's request: the save before that page (at a table of its own, so the bench's own saves
    stay at their version)."""
    requests = peerbench.our_requests(site, phone, site.save_tables[0])
    table = site.save_tables[1]
    run = load_phones.TableRun(phone, f"/tables/{table}/", table)
    run.load()
    rng = random.Random(11)

    def page() -> str:
        status, html = phone.request("GET", run.path)
        shown = load_phones.table_version(html)
        if status != 200 or shown != run.version:
            return f"page after a save: {status}, version {shown}, not {run.version}"
        return ""

    requests[PAGE_AFTER_SAVE] = page
    return requests, {PAGE_AFTER_SAVE: lambda: run.save(0.0, rng)}


def prepared(kind: str, prepare: Mapping[str, Request]) -> None:
    """Run what comes before a kind's request, untimed."""
    if kind in prepare:
        error = prepare[kind]()
        if error:
            raise SystemExit(f"{kind}: {error}")


def profile(
    requests: Mapping[str, Request],
    phone: InProcessPhone,
    runs: int,
    warmup: int,
    prepare: Mapping[str, Request],
) -> dict[str, list[Spent]]:
    taken: dict[str, list[Spent]] = {kind: [] for kind in requests}
    for cycle in range(warmup + runs):
        for kind, request in requests.items():
            prepared(kind, prepare)
            error = request()
            if error:
                raise SystemExit(f"{kind}: {error}")
            if cycle >= warmup and phone.spent is not None:
                taken[kind].append(phone.spent)
    return taken


def unmarked(
    requests: Mapping[str, Request], runs: int, warmup: int, prepare: Mapping[str, Request]
) -> dict[str, float]:
    """Each kind's median CPU time (ms) through the application as it is served, no marker."""
    taken: dict[str, list[float]] = {kind: [] for kind in requests}
    for cycle in range(warmup + runs):
        for kind, request in requests.items():
            prepared(kind, prepare)
            started = CLOCK()
            error = request()
            if error:
                raise SystemExit(f"{kind}: {error}")
            if cycle >= warmup:
                taken[kind].append((CLOCK() - started) * 1000)
    return {kind: statistics.median(times) for kind, times in taken.items()}


def function_profile(
    kind: str, request: Request, runs: int, warmup: int, prepare: Mapping[str, Request]
) -> pstats.Stats:
    """``runs`` requests of one kind under cProfile, after ``warmup`` not profiled."""
    profiler = cProfile.Profile()
    for cycle in range(warmup + runs):
        prepared(kind, prepare)
        if cycle >= warmup:
            profiler.enable()
        error = request()
        profiler.disable()
        if error:
            raise SystemExit(f"{kind}: {error}")
    return pstats.Stats(profiler)


def function_label(function: tuple[str, int, str]) -> str:
    """A function as ``path:line(name)``, the path from the repository or the site-packages."""
    filename, line, name = function
    if filename == "~":
        return name  # a built-in, which cProfile names in full already
    for root in (f"{BASE_DIR}/", "site-packages/", "/lib/python"):
        if root in filename:
            filename = filename.split(root, 1)[1]
            break
    return f"{filename}:{line}({name})"


def function_rows(stats: pstats.Stats, runs: int, key: str, top: int) -> list[tuple[str, ...]]:
    """The ``top`` functions by ``key`` ("cumulative" or "own"): calls and ms per request."""
    entries = stats.stats  # type: ignore[attr-defined]
    index = 3 if key == "cumulative" else 2
    ranked = sorted(entries.items(), key=lambda item: item[1][index], reverse=True)[:top]
    return [
        (
            f"{calls / runs:.3g}", f"{own * 1000 / runs:.3f}", f"{cumulative * 1000 / runs:.3f}",
            function_label(function),
        )
        for function, (_primitive, calls, own, cumulative, _callers) in ranked
    ]  # fmt: skip


def function_report(kind: str, stats: pstats.Stats, runs: int, top: int) -> str:
    from games.bench_table import text_table

    heading = ("calls", "own ms", "cumul. ms", "function")
    lines = [f"-- {kind} under cProfile ({runs} runs; per request) --"]
    for key in ("cumulative", "own"):
        lines += [f"by {key} time:", text_table(heading, function_rows(stats, runs, key, top)), ""]
    return "\n".join(lines)


@contextmanager
def our_site(args: argparse.Namespace, scratch: Path) -> Iterator[peerbench.OurSite]:
    loadtest.production_mode(scratch, peerbench.BENCH_SETTINGS)
    name = loadtest.setup_django(args.database, scratch, args.postgres_url, PROFILE_DATABASE_PREFIX)
    from django.db import connection

    from games.management.commands.bench import throwaway_database

    with throwaway_database(connection, name):
        label, _url = loadtest.describe_database(args.database, name, args.postgres_url)
        print(f"seeding {label} ...", flush=True)
        yield peerbench.our_site_seed(2)  # the bench's saves, and the page after a save's


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description="Each request's time by middleware and query.")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("LOADTEST_POSTGRES_URL", loadtest.DEFAULT_POSTGRES_URL),
    )
    parser.add_argument("--runs", type=int, default=200, help="requests per kind (200)")
    parser.add_argument("--warmup", type=int, default=20, help="requests not counted (20)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="which kinds (all)")
    parser.add_argument(
        "--cprofile",
        action="store_true",
        help="each kind's time by function under cProfile instead of by middleware",
    )
    parser.add_argument("--top", type=int, default=30, help="functions listed with --cprofile")
    parser.add_argument(
        "--cprofile-dir",
        type=Path,
        help="with --cprofile, also keep each kind's profile there (KIND.pstats, for pstats)",
    )
    args = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="scorekeeper-profile-"))
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, scratch, ignore_errors=True)
        site = stack.enter_context(our_site(args, scratch))
        from scorekeeper import worker_gc
        from scorekeeper.wsgi_handler import ReleasingWSGIHandler as WSGIHandler

        kinds = args.kinds.split(",")
        plain_phone = InProcessPhone(WSGIHandler())
        plain_phone.sign_in(site.username, site.password)
        plain_requests, plain_prepare = profiled_requests(site, plain_phone)
        if args.cprofile:
            worker_gc.settle()
            for kind in kinds:
                stats = function_profile(
                    kind, plain_requests[kind], args.runs, args.warmup, plain_prepare
                )
                if args.cprofile_dir is not None:
                    args.cprofile_dir.mkdir(parents=True, exist_ok=True)
                    stats.dump_stats(args.cprofile_dir / f"{kind.replace(' ', '')}.pstats")
                print(function_report(kind, stats, args.runs, args.top), flush=True)
            return 0
        application, order = instrumented_application()
        worker_gc.settle()
        plain = unmarked(
            {kind: plain_requests[kind] for kind in kinds}, args.runs, args.warmup, plain_prepare
        )
        phone = InProcessPhone(application)
        phone.sign_in(site.username, site.password)
        requests, prepare = profiled_requests(site, phone)
        taken = profile(
            {kind: requests[kind] for kind in kinds}, phone, args.runs, args.warmup, prepare
        )
        for kind, spent in taken.items():
            print(report(kind, spent, order, plain[kind]), flush=True)
    return 0


if __name__ == "__main__":
    os.chdir(BASE_DIR)
    sys.exit(main(sys.argv[1:]))
