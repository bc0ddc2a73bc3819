"""The phones of ``make loadtest`` (scripts/loadtest.py): what a phone reads from the pages it is
given, how it saves a hand and loads its table as htmx does, and the figures made of what it
measured. Pure but for the phone's own connection; the servers, the databases and the report
are the load test's."""

from __future__ import annotations

import http.client
import math
import random
import re
import secrets
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode

HOST = "127.0.0.1"
SAVE, PAGE = "save", "page"
SLICE_SECONDS = 10
TARGET_P95_MS = 150.0
# Knee search: table counts tried upwards until one misses the target, then (when even the first
# misses) downwards; then a few counts between the last that met it and the first that did not.
KNEE_UP = (25, 50, 75, 100, 150, 200, 300, 400, 600, 800)
KNEE_DOWN = (10, 5, 2, 1)


# -- reading the pages (pure) -------------------------------------------------------------------

VERSION_RE = re.compile(r'name="table_version" value="(\d+)"')
CSRF_HEADER_RE = re.compile(r'"X-CSRFToken": "([A-Za-z0-9]+)"')
CSRF_INPUT_RE = re.compile(r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')
SIGNATURE_RE = re.compile(r'name="form_signature" value="([^"]*)"')
HAND_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")


def table_version(html: str) -> int | None:
    """The ``table_version`` the page's forms carry (every form of a table page carries the
    same one), or None when the page has none."""
    match = VERSION_RE.search(html)
    return int(match.group(1)) if match else None


def csrf_token(html: str) -> str | None:
    """The CSRF token htmx sends: the page's ``hx-headers``, or a fragment's form field."""
    match = CSRF_HEADER_RE.search(html) or CSRF_INPUT_RE.search(html)
    return match.group(1) if match else None


def form_signature(html: str) -> str:
    """What the page's fresh hand form says it offers (``form_signature``), posted with the
    hand so the answer can have the phone empty its own form; empty when the page has none."""
    match = SIGNATURE_RE.search(html)
    return match.group(1) if match else ""


def new_hand_token() -> str:
    """A token as the server makes them (games.models.new_hand_token): 22 URL-safe characters."""
    return secrets.token_urlsafe(16)


def hand_head(csrf: str, version: int, token: str, signature: str) -> list[tuple[str, str]]:
    """What every hand form posts before the hand itself: the CSRF token, the version it was
    given, a fresh hand token and, where the page offered one, the form's signature."""
    guard = [("form_signature", signature)] if signature else []
    return [
        ("csrfmiddlewaretoken", csrf),
        ("table_version", str(version)),
        ("hand_token", token),
        *guard,
    ]


def hand_fields(
    csrf: str, version: int, token: str, points: int, signature: str = ""
) -> list[tuple[str, str]]:
    """What the Scopa hand form posts for a hand entered as points ("Enter points"): both
    sides the same, so the game never ends however long the run (a side must lead to win)."""
    return [
        *hand_head(csrf, version, token, signature),
        ("mode", "points"),
        ("scopas_0", "0"),
        ("scopas_1", "0"),
        ("points_0", str(points)),
        ("points_1", str(points)),
    ]


def save_headers(csrf: str, page_url: str) -> dict[str, str]:
    """The headers htmx sends with the hand form (hx-post, hx-target="#table-main")."""
    return {
        "HX-Request": "true",
        "HX-Current-URL": page_url,
        "HX-Target": "table-main",
        "X-CSRFToken": csrf,
    }


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``q`` % of the values at
    or below it (p95 of 20 values is the 19th). NaN for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def next_start(scheduled: float, now: float, period: float = 1.0) -> float:
    """When a phone starts its next save: one period after the last was due, or at once when
    the last took longer than that (no burst of saves to catch up)."""
    return max(scheduled + period, now)


@dataclass(frozen=True)
class StoredOnce:
    """What the database holds against what the phones were told."""

    acknowledged: int  # saves answered as stored
    stored_once: int  # ... found exactly once at their table
    missing: int  # ... not found
    duplicated: int  # tokens stored more than once at a table (acknowledged or not)
    unacknowledged: int  # stored once, sent, but never answered as stored (a timed-out save)
    foreign: int  # stored hands with a token no phone sent to that table, or none

    @property
    def ok(self) -> bool:
        return not (self.missing or self.duplicated or self.foreign)

    def describe(self) -> str:
        words = f"{self.stored_once}/{self.acknowledged} stored once"
        extra = [
            f"{count} {name}"
            for name, count in (
                ("missing", self.missing),
                ("duplicated", self.duplicated),
                ("stored, never sent", self.foreign),
                ("stored, not acknowledged", self.unacknowledged),
            )
            if count
        ]
        return words + (" (" + ", ".join(extra) + ")" if extra else "")


def stored_once_check(
    sent: Mapping[str, Iterable[str]],
    acknowledged: Mapping[str, Iterable[str]],
    stored: Iterable[tuple[str, str]],
) -> StoredOnce:
    """``sent`` and ``acknowledged``: the hand tokens each table's phone posted and those it
    was answered as stored; ``stored``: (table, hand_token) for every hand in the database."""
    counts = Counter(stored)
    acked = {(table, token) for table, tokens in acknowledged.items() for token in tokens}
    posted = {(table, token) for table, tokens in sent.items() for token in tokens}
    return StoredOnce(
        acknowledged=len(acked),
        stored_once=sum(1 for key in acked if counts[key] == 1),
        missing=sum(1 for key in acked if counts[key] == 0),
        duplicated=sum(1 for count in counts.values() if count > 1),
        unacknowledged=sum(1 for key in counts if key in posted and key not in acked),
        foreign=sum(count for key, count in counts.items() if key not in posted),
    )


def knee_next(tried: Mapping[int, bool], refine: int = 1) -> int | None:
    """The next table count for the knee search, given each count tried and whether it met
    the target; None when the knee is found (``knee_of``)."""
    failed = [count for count, ok in tried.items() if not ok]
    ceiling = min(failed) if failed else None
    below = [count for count, ok in tried.items() if ok and (ceiling is None or count < ceiling)]
    floor = max(below, default=0)
    if ceiling is None:
        return next((count for count in KNEE_UP if count > floor), None)
    if floor == 0:
        down = [count for count in KNEE_DOWN if count < ceiling and count not in tried]
        if down and not below:
            return down[0]
    refined = [count for count in tried if count not in KNEE_UP and count not in KNEE_DOWN]
    if len(refined) >= refine or ceiling - floor <= max(1, floor // 10):
        return None
    middle = (floor + ceiling) // 2
    return middle if middle not in tried and floor < middle < ceiling else None


def knee_of(tried: Mapping[int, bool]) -> int:
    """The most tables that met the target with no smaller count missing it (0: none did)."""
    failed = [count for count, ok in tried.items() if not ok]
    ceiling = min(failed) if failed else math.inf
    return max((count for count, ok in tried.items() if ok and count < ceiling), default=0)


# -- figures -------------------------------------------------------------------------------------


@dataclass
class Figures:
    """One request type's figures over a run."""

    count: int
    per_second: float
    p50: float
    p95: float
    p99: float
    max: float


def figures(latencies_ms: Sequence[float], seconds: float) -> Figures:
    return Figures(
        count=len(latencies_ms),
        per_second=len(latencies_ms) / seconds if seconds else math.nan,
        p50=percentile(latencies_ms, 50),
        p95=percentile(latencies_ms, 95),
        p99=percentile(latencies_ms, 99),
        max=max(latencies_ms, default=math.nan),
    )


@dataclass
class RoundResult:
    database: str
    tables: int
    seconds: float
    save: Figures
    page: Figures
    errors: dict[str, int]
    stored: StoredOnce
    cpu: dict[str, float]  # share of one core, in %, over the window
    retried: int = 0  # requests sent again after a kept-alive connection was found closed
    slices: dict[str, list[float]] = field(default_factory=dict)  # p95 per 10 s of the run

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    @property
    def worst_p95(self) -> float:
        return max(self.save.p95, self.page.p95)

    def meets_target(self) -> bool:
        return self.error_count == 0 and self.stored.ok and self.worst_p95 < TARGET_P95_MS


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.0f}"


def result_table(results: Sequence[RoundResult]) -> str:
    header = (
        "database", "tables", "s", "saves/s (due)", "GETs/s", "save p50/p95/p99 ms",
        "page p50/p95/p99 ms", "errors", "stored once",
    )  # fmt: skip
    rows = [
        (
            result.database,
            str(result.tables),
            f"{result.seconds:.0f}",
            # Served against due: a phone whose save is late sends the next at once, never a
            # burst, so an overloaded server shows here, not as ever longer queues.
            f"{result.save.per_second:.1f} ({result.tables})",
            f"{result.page.per_second:.1f}",
            "/".join(_ms(v) for v in (result.save.p50, result.save.p95, result.save.p99)),
            "/".join(_ms(v) for v in (result.page.p50, result.page.p95, result.page.p99)),
            str(result.error_count),
            ("ok " if result.stored.ok else "FAILED ") + result.stored.describe(),
        )
        for result in results
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.ljust(width) if i in (0, len(cells) - 1) else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(header), line(["-" * width for width in widths]), *map(line, rows)])


# -- the phones ----------------------------------------------------------------------------------


class RequestFailed(Exception):
    """A request that did not get an answer (refused, reset, timed out)."""


STALE_CONNECTION = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


class Phone:
    """One browser: a keep-alive connection (reopened when the server closes it), its
    cookies, and the CSRF token of the last page it was given."""

    def __init__(self, port: int, timeout: float) -> None:
        self.port = port
        self.origin = f"http://{HOST}:{port}"
        self.connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.retried = 0
        # The last answer's headers, and its body's size as it came over the wire (compressed)
        # and as the phone read it.
        self.headers: http.client.HTTPMessage | None = None
        self.wire_bytes = self.body_bytes = 0

    @property
    def kept_alive(self) -> bool:
        """Whether the server left the connection open after the last answer."""
        return self.connection.sock is not None

    def request(
        self, method: str, path: str, fields: Sequence[tuple[str, str]] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, str]:  # fmt: skip
        """(status, decoded body); raises RequestFailed when no answer came."""
        sent = {
            "Accept": "text/html,*/*",
            "Accept-Encoding": "gzip",
            "User-Agent": "scorekeeper-loadtest",
            **(headers or {}),
        }
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Origin"] = self.origin
        for attempt in (1, 2):
            reused = self.connection.sock is not None
            try:
                self.connection.request(method, path, body=body, headers=sent)
                response = self.connection.getresponse()
                data = response.read()
                self.headers, self.wire_bytes = response.msg, len(data)
                if response.getheader("Content-Encoding") == "gzip":
                    data = zlib.decompress(data, 16 + zlib.MAX_WBITS)
                self.body_bytes = len(data)
                break
            except STALE_CONNECTION as error:
                # A kept-alive connection the server closed meanwhile: browsers send the
                # request again on a new one (a save too; its token makes that safe).
                self.connection.close()
                if not reused or attempt == 2:
                    raise RequestFailed(type(error).__name__) from error
                self.retried += 1
            except (OSError, http.client.HTTPException, zlib.error) as error:
                self.connection.close()
                raise RequestFailed(type(error).__name__) from error
        for header in response.msg.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel.value and morsel["max-age"] != "0":
                    self.cookies[name] = morsel.value
                else:
                    self.cookies.pop(name, None)
        return response.status, data.decode("utf-8", "replace")

    def sign_in(self, username: str, password: str) -> None:
        status, html = self.request("GET", "/accounts/login/")
        token = csrf_token(html)
        if status != 200 or token is None:
            raise SystemExit(f"the sign-in page answered {status} without a CSRF token")
        status, _html = self.request(
            "POST",
            "/accounts/login/",
            [("csrfmiddlewaretoken", token), ("username", username), ("password", password)],
        )
        if status != 302 or "sessionid" not in self.cookies:
            raise SystemExit(f"signing in answered {status} (a 302 with a session was expected)")

    def close(self) -> None:
        self.connection.close()


@dataclass
class TableRun:
    """One phone at one table for one round: what it sent, what it was told, and how long
    each request took."""

    phone: Phone
    path: str
    public_id: str
    version: int = 0
    # (kind, seconds since the round started, milliseconds, error or "")
    samples: list[tuple[str, float, float, str]] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    acknowledged: list[str] = field(default_factory=list)
    first_error: str = ""
    signature: str = ""
    # Seconds between two saves, and what the hand form posts (a Scopa hand by default).
    period: float = 1.0
    hand: Callable[[str, int, str, int, str], list[tuple[str, str]]] = hand_fields

    def load(self) -> None:
        """The page as a phone opens it: the version to save against and the CSRF token."""
        status, html = self.phone.request("GET", self.path)
        version, token = table_version(html), csrf_token(html)
        if status != 200 or version is None or token is None:
            raise SystemExit(f"{self.path} answered {status} without a version or a CSRF token")
        self.version, self.phone.csrf = version, token
        self.signature = form_signature(html)

    def warm_up(self) -> None:
        """The table opened and a first hand saved and its page loaded, untimed, before the
        round is (an error still counts): a table's first hand changes what its page shows
        around the form, which each app server then renders whole once, and a round of fresh
        tables had every one of them do so in its first second, a burst no evening has (150
        tables: p95 356 ms over the first 10 s, 17 ms over the next 20). The hand is checked
        as stored once with the others."""
        self.load()
        self.save_and_load(time.perf_counter(), random.Random(0))
        self.samples = [(kind, 0.0, ms, error) for kind, _at, ms, error in self.samples if error]

    def _sample(self, kind: str, started: float, origin: float, error: str, html: str) -> None:
        elapsed = time.perf_counter() - started
        self.samples.append((kind, started - origin, elapsed * 1000, error))
        if error and not self.first_error:
            self.first_error = f"{error}: {' '.join(html.split())[:300]}"

    def save_and_load(self, origin: float, rng: random.Random) -> None:
        saved = not self.save(origin, rng)
        # After a save that failed, whether it was stored is unknown: the page says.
        expected = self.version if saved else None
        started = time.perf_counter()
        html, error = "", ""
        try:
            status, html = self.phone.request("GET", self.path)
        except RequestFailed as failed:
            error = f"page: {failed}"
        else:
            shown = table_version(html)
            if status != 200:
                error = f"page: {status}"
            elif expected is not None and shown != expected:
                error = f"page: shows version {shown} after a save made it {expected}"
            if shown is not None:
                self.version = shown
            self.phone.csrf = csrf_token(html) or self.phone.csrf
            self.signature = form_signature(html) or self.signature
        self._sample(PAGE, started, origin, error, html)

    def save(self, origin: float, rng: random.Random) -> str:
        """One hand saved as htmx saves it from the table page; the error, or "" when the
        answer acknowledged it (200, the table one version on)."""
        token = new_hand_token()
        fields = self.hand(self.phone.csrf, self.version, token, rng.randint(1, 4), self.signature)
        headers = save_headers(self.phone.csrf, self.phone.origin + self.path)
        self.sent.append(token)
        started = time.perf_counter()
        html, error = "", ""
        try:
            status, html = self.phone.request("POST", self.path, fields, headers)
        except RequestFailed as failed:
            error = f"save: {failed}"
        else:
            answered = table_version(html)
            if status == 200 and answered == self.version + 1:
                self.acknowledged.append(token)
                self.version = answered
            elif status == 200:
                error = f"save: 200 at version {answered}, not {self.version + 1}"
            else:
                error = f"save: {status}"
                self.version = answered if answered is not None else self.version
        self._sample(SAVE, started, origin, error, html)
        return error

    def play(self, origin: float, offset: float, seconds: float, seed: int) -> None:
        """Save every ``period`` s from ``origin + offset`` until ``origin + seconds``."""
        rng = random.Random(seed)
        due = origin + offset
        stop = origin + seconds
        while due < stop:
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            try:
                self.save_and_load(origin, rng)
            except Exception as error:  # a fault of this script: shown, never a silent thread
                self._sample(SAVE, time.perf_counter(), origin, f"client: {error!r}", "")
            due = next_start(due, time.perf_counter(), self.period)
