"""The table page under ``manage.py bench``: what a tap costs at a table of 10 hands and at
one of 500, each figure beside a bare Django view timed through the same middleware in the
same run (issue 14's targets are ratios to it, so they hold on any machine).

Timed through Django's test client with DEBUG off, signed in as the club's owner, as a phone
with htmx sends them (forms urlencoded): the page (GET), the live preview of a half-entered
hand, and a save (which answers with the fragments that changed). Response sizes are as
served, and gzipped as GZipMiddleware would send them to a browser that accepts it.
"""

from __future__ import annotations

import gc
import gzip
import re
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.http import HttpResponse, HttpResponseBase
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import reverse

from games.clubs.accounts import MODEL_BACKEND
from games.demo import demo_games
from games.hands.demo_base import BenchTable
from games.models import Club, Round, RoundPoints, Table, new_hand_token
from games.tables import services as table_services
from games.tables.write_path import tally_of
from scorekeeper import worker_gc

# The header htmx sends with every request it makes.
HTMX = {"HX-Request": "true"}
FORM_SIGNATURE = re.compile(r'name="form_signature" value="([0-9a-f]+)"')
TABLE_VERSION = re.compile(r'name="table_version" value="(\d+)" id="id_table_version"')


def bench_game() -> tuple[str, BenchTable]:
    """The game the table page is timed at, and its table: the registry's first whose demo
    names one (``DemoGame.bench``: Scopa's)."""
    return next((key, demo.bench) for key, demo in demo_games().items() if demo.bench)


@dataclass(frozen=True)
class Timing:
    what: str
    hands: int
    median_ms: float
    queries: int
    bytes_served: int
    bytes_gzipped: int
    # The bare view's median timed in turn with this page's requests (``timed``'s ``beside``),
    # which its "x bare" is counted against; None: the run's one bare view.
    bare_ms: float | None = None


@contextmanager
def as_a_worker_runs() -> Iterator[None]:
    """Time requests as an app server's worker serves them: with what lives now frozen out of
    the garbage collector's full passes and young collections as rare, as scorekeeper/wsgi.py
    settles a worker (scorekeeper/worker_gc.py; without it, a full pass over the bench's own
    heap lands in some timed requests, and the more a page allocates, the more it pays)."""
    thresholds = gc.get_threshold()
    gc.collect()
    worker_gc.settle()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def table_page_report(label: str, owner: User, runs: int = 15) -> str:
    """Time the table page's requests at 10 and 500 hands; the report as printed lines."""
    club = owner.memberships.get().club
    client = signed_in_client(owner)
    with override_settings(ROOT_URLCONF="scorekeeper.bench_urls"), as_a_worker_runs():
        bare = timed("bare view", 0, runs, lambda: client.get("/bench/bare/"))
        timings = [bare]
        game, bench = bench_game()
        for hands in (10, 500):
            table = _table_with_hands(club, owner, game, bench, hands)
            timings.extend(_table_timings(client, table, bench, runs))
    return _report(label, bare, timings)


def _table_timings(client: Client, table: Table, bench: BenchTable, runs: int) -> list[Timing]:
    url = reverse("games:table", kwargs={"table": table.public_id})
    hands = table.rounds.count()
    # What the page's form says it offers: a phone sends it back with every save.
    found = FORM_SIGNATURE.search(client.get(url).content.decode())
    signature = found.group(1) if found else ""
    # Read once: the table does not change while its poll is timed.
    etag = '"t{}"'.format(Table.objects.values_list("version", flat=True).get(pk=table.pk))
    preview = dict(bench.preview)
    phone = _Phone(client, url, bench, signature)
    return [
        timed("table GET", hands, runs, lambda: client.get(url)),
        timed("live poll, no change", hands, runs, lambda: _poll(client, url, etag), 304),
        timed("preview", hands, runs, lambda: _post(client, url, preview)),
        timed("save", hands, runs, phone.save),
        # The page a phone loads after each save: its stored whole page no longer holds.
        timed("table GET after a save", hands, runs, lambda: client.get(url), before=phone.save),
    ]


def _table_with_hands(club: Club, owner: User, game: str, bench: BenchTable, hands: int) -> Table:
    """The bench's table (a Scopa table to 99) with ``hands`` hands that keep it open, stored
    as round_record would store them, in bulk: seeding 500 hands one save at a time would
    time the seeding."""
    players = bench.players
    table = table_services.table_create(
        club=club, game=game, players=list(players), options=dict(bench.options), by=owner
    )
    setup = table.setup()
    entry = dict(bench.entry)
    score = table.rules.score_round(entry, setup)
    with transaction.atomic():
        rounds = Round.objects.bulk_create(
            Round(
                table=table,
                number=number,
                dealer=(number - 1) % len(players),
                entry=entry,
                breakdown=dict(score.breakdown),
                hand_token=new_hand_token(),
            )
            for number in range(1, hands + 1)
        )
        RoundPoints.objects.bulk_create(
            RoundPoints(round=round_, side=side, points=points)
            for round_ in rounds
            for side, points in score.points.items()
        )
        totals = {side: score.points.get(side, 0) * hands for side in setup.sides}
        Table.objects.filter(pk=table.pk).update(
            version=hands,
            hands_played=hands,
            tally=tally_of(hands, hands, totals, (hands - 1) % len(players)),
        )
    table.refresh_from_db()
    return table


def _poll(client: Client, url: str, etag: str) -> HttpResponseBase:
    """A table page's poll while nothing changed: it shows the table's current version."""
    return client.get(
        url, {"part": "live", "pristine": "1"}, headers={**HTMX, "If-None-Match": etag}
    )


class _Phone:
    """A phone saving one hand after another from the table page: each save carries the
    version the answer to the one before gave (one more), a new token, and the signature of
    the form the page offered."""

    def __init__(self, client: Client, url: str, bench: BenchTable, signature: str) -> None:
        self.client, self.url, self.bench, self.signature = client, url, bench, signature
        self.version: int | None = None

    def save(self) -> HttpResponseBase:
        if self.version is None:  # the page it started from, before the timing
            found = TABLE_VERSION.search(self.client.get(self.url).content.decode())
            self.version = int(found.group(1)) if found else 0
        data = {
            **self.bench.save,
            "table_version": str(self.version),
            "hand_token": new_hand_token(),
            "form_signature": self.signature,
        }
        response = _post(self.client, self.url, data)
        if response.status_code == 200:
            self.version += 1
        return response


def _post(client: Client, url: str, data: dict[str, str]) -> HttpResponseBase:
    """A form posted as htmx posts it: urlencoded (the test client's default is multipart,
    which no phone sends here and which costs more to parse)."""
    return client.post(
        url, urlencode(data), content_type="application/x-www-form-urlencoded", headers=HTMX
    )


def timed(
    what: str,
    hands: int,
    runs: int,
    request: Callable[[], HttpResponseBase],
    status: int = 200,
    before: Callable[[], object] | None = None,
    beside: Callable[[], HttpResponseBase] | None = None,
) -> Timing:
    """The median of ``runs`` requests after a warm-up, the queries of one more; ``before``,
    untimed, before each of them (a save at a table the page shows); ``beside``, a bare view
    timed before each of them, so the page's ratio to it is of requests made side by side (a
    machine that slows down or speeds up during the run moves both)."""
    untimed = before or (lambda: None)
    untimed()
    request()  # the warm-up: templates compiled, code imported
    timings, bare_timings = [], []
    for _run in range(runs):
        if beside is not None:
            started = time.perf_counter()
            beside()
            bare_timings.append(time.perf_counter() - started)
        untimed()
        started = time.perf_counter()
        response = request()
        timings.append(time.perf_counter() - started)
    if response.status_code != status:
        raise RuntimeError(f"{what} at {hands} hands answered {response.status_code}")
    untimed()
    with CaptureQueriesContext(connection) as captured:
        response = request()
    assert isinstance(response, HttpResponse)  # none of the timed pages is streamed
    body = response.content
    return Timing(
        what,
        hands,
        statistics.median(timings) * 1000,
        len(captured.captured_queries),
        len(body),
        len(gzip.compress(body, compresslevel=6)),
        statistics.median(bare_timings) * 1000 if bare_timings else None,
    )


def signed_in_client(owner: User) -> Client:
    """A phone signed in to ``owner``'s account as the sign-in page signs it in: by Django's
    model backend, which ``clubs.accounts.signed_in`` reads the account for in one compiled
    query. (``force_login``'s default is the first backend listed, axes' own, which never signs
    anybody in, and whose sessions Django's slower ``get_user`` reads.)"""
    client = Client(HTTP_HOST="localhost")
    client.force_login(owner, backend=MODEL_BACKEND)
    return client


def _report(label: str, bare: Timing, timings: list[Timing]) -> str:
    lines = [
        f"{label}: the table page, timed beside a bare view (same client, same middleware)",
        timings_table(("table page", "hands"), bare, timings),
    ]
    saves = {timing.hands: timing for timing in timings if timing.what == "save"}
    if 10 in saves and 500 in saves:
        lines.append(
            f"save at 500 hands / save at 10 hands: "
            f"{saves[500].median_ms / saves[10].median_ms:.2f}"
        )
    return "\n".join(lines)


def timings_table(heads: tuple[str, str], bare: Timing, timings: list[Timing]) -> str:
    """Each timing beside the bare view's, as a text table (``heads``: the first two columns'
    names, what was timed and how many hands it held)."""
    header = (*heads, "median ms", "x bare", "queries", "bytes", "gzipped")
    rows = [
        (
            timing.what,
            str(timing.hands) if timing.hands else "",
            f"{timing.median_ms:.2f}",
            f"{times_bare(timing, bare):.1f}",
            str(timing.queries),
            f"{timing.bytes_served:,}",
            f"{timing.bytes_gzipped:,}",
        )
        for timing in timings
    ]
    return text_table(header, rows)


def times_bare(timing: Timing, bare: Timing) -> float:
    """A timing's median as a multiple of the bare view's: the one timed beside it, or the
    run's."""
    return timing.median_ms / (timing.bare_ms or bare.median_ms)


def text_table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> str:
    """Rows under a header and a rule of dashes, the first column flush left and the figures
    flush right: how ``make bench`` prints each of its tables."""
    widths = [max(len(row[column]) for row in (header, *rows)) for column in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join((first, *rest))

    return "\n".join([line(header), "  ".join("-" * width for width in widths), *map(line, rows)])
