"""``make loadtest LOADTEST_ARGS=--tournament``: a tournament night under load (issue 32, item 8).

A Schafkopf tournament of four players a table is drawn; every table's phone opens its table
link (``/play/<token>/``, no sign-in, as the players at a table do) and saves a hand every 2 s
(a Wenz won by one of the four in turn, as the hand form posts it with htmx), then loads the
table page, as the plain load test's phones do. Meanwhile the director's page (signed in as
the club's owner) polls its tables' progress every 5 s, the standings page its standings every
5 s, and the big screen (its watch link, no sign-in) itself every 2 s, as their pages' htmx
triggers do, each sending the ETag of the copy it holds as a browser's cache does (a 304 when
nothing changed). Every acknowledged hand must be stored exactly once, as in the plain run.

Run in the load test's child process (Django set up on the throwaway database):
``tournament_round`` builds the night through the services and runs it.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from load_phones import (
    SAVE,
    Figures,
    Phone,
    RequestFailed,
    RoundResult,
    TableRun,
    _ms,
    figures,
    hand_head,
    next_start,
    stored_once_check,
)

# How often each page asks, as its template's hx-trigger says.
SAVE_EVERY = 2.0
DIRECTOR, STANDINGS, SCREEN = "director's poll", "standings poll", "big screen poll"
POLL_EVERY = {DIRECTOR: 5.0, STANDINGS: 5.0, SCREEN: 2.0}
TABLE_SIZE = 4


def schafkopf_hand_fields(
    csrf: str, version: int, token: str, points: int, signature: str = ""
) -> list[tuple[str, str]]:
    """What the Schafkopf hand form posts for a Wenz won by the seat ``points - 1`` (the
    phones draw 1 to 4): a hand every table allows, which never ends the table's night."""
    return [
        *hand_head(csrf, version, token, signature),
        ("contract", "wenz"),
        ("declarer", str((points - 1) % TABLE_SIZE)),
        ("declarer_won", "won"),
    ]


@dataclass
class Poller:
    """A page that polls itself: opened once in full, then its part every ``period`` s with
    htmx's header and the ETag of the copy it holds (``If-None-Match``)."""

    phone: Phone
    kind: str
    path: str
    part: str
    period: float
    etag: str = ""
    not_modified: int = 0
    samples: list[tuple[str, float, float, str]] = field(default_factory=list)
    first_error: str = ""

    def open(self) -> None:
        status, _html = self.phone.request("GET", self.path)
        if status != 200:
            raise SystemExit(f"{self.path} answered {status}")

    def poll(self, origin: float) -> None:
        headers = {"HX-Request": "true", **({"If-None-Match": self.etag} if self.etag else {})}
        started = time.perf_counter()
        error = ""
        try:
            status, html = self.phone.request("GET", f"{self.path}?part={self.part}", None, headers)
        except RequestFailed as failed:
            error, html = f"{self.kind}: {failed}", ""
        else:
            if status == 304:
                self.not_modified += 1
            elif status != 200 or not html.strip():
                error = f"{self.kind}: {status}"
            tag = self.phone.headers.get("ETag") if self.phone.headers is not None else None
            self.etag = tag or self.etag
        elapsed = time.perf_counter() - started
        self.samples.append((self.kind, started - origin, elapsed * 1000, error))
        if error and not self.first_error:
            self.first_error = f"{error}: {' '.join(html.split())[:300]}"

    def play(self, origin: float, offset: float, seconds: float) -> None:
        due, stop = origin + offset, origin + seconds
        while due < stop:
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            try:
                self.poll(origin)
            except Exception as error:  # a fault of this script: shown, never a silent thread
                self.samples.append((self.kind, time.perf_counter() - origin, 0.0, repr(error)))
            due = next_start(due, time.perf_counter(), self.period)


@dataclass
class Night:
    """The tournament drawn for the run: its table runs, its pollers, its live tables."""

    tables: list[TableRun]
    pollers: list[Poller]
    table_ids: list[int]


def night_create(run: Any, tables: int, seconds: float) -> Night:
    """A Schafkopf night of ``tables`` tables of four through the services, round 1 drawn,
    every table's phone on its table link and the three polling pages opened. Each table is
    due more games than it can play in ``seconds``, so none is done during the run."""
    from games.tournaments import services
    from games.tournaments.bench import night_game

    tournament = services.tournament_create(
        club=run.club,
        name=f"Load night {run.rounds + 1}",
        game=night_game(),
        table_size=TABLE_SIZE,
        rounds_planned=1,
        games_per_round=max(32, math.ceil(seconds / SAVE_EVERY) + 8),
        by=run.owner,
    )
    run.rounds += 1
    for number in range(1, tables * TABLE_SIZE + 1):
        services.entrant_add(tournament, name=f"Load player {run.rounds}-{number}", by=run.owner)
    drawn = services.round_draw(tournament, number=1, seed=f"load {run.rounds}", by=run.owner)
    runs, table_ids = [], []
    for round_table in drawn.tables.select_related("table").order_by("number"):
        live = round_table.table
        assert live is not None
        phone = Phone(run.server.port, run.timeout)
        status, _html = phone.request("GET", f"/play/{round_table.link_token}/")
        if status != 302:
            raise SystemExit(f"table {round_table.number}'s link answered {status}, not 302")
        table_run = TableRun(phone, f"/tables/{live.public_id}/", live.public_id, period=SAVE_EVERY)
        table_run.hand = schafkopf_hand_fields
        runs.append(table_run)
        table_ids.append(live.pk)
    director = Phone(run.server.port, run.timeout)
    director.sign_in(run.owner.username, run.password)
    # The standings open in another tab of the director's browser: its cookies, its own
    # connection.
    standings = Phone(run.server.port, run.timeout)
    standings.cookies = dict(director.cookies)
    pages = f"/tournaments/{tournament.public_id}/"
    pollers = [
        Poller(director, DIRECTOR, pages, "progress", POLL_EVERY[DIRECTOR]),
        Poller(standings, STANDINGS, pages + "standings/", "standings", POLL_EVERY[STANDINGS]),
        Poller(
            Phone(run.server.port, run.timeout),
            SCREEN,
            f"/screen/{tournament.watch_token}/",
            "screen",
            POLL_EVERY[SCREEN],
        ),
    ]
    return Night(runs, pollers, table_ids)


def tournament_round(
    run: Any, tables: int, seconds: float
) -> tuple[RoundResult, list[str], dict[str, tuple[Figures, int]]]:
    """The night for ``seconds``: the figures (the saves; every GET, the polls included, as
    the pages'), the first error of each phone, and each poller's figures with its 304s."""
    from games.models import Round

    night = night_create(run, tables, seconds)
    for table_run in night.tables:
        table_run.load()
    for poller in night.pollers:
        poller.open()
    origin = time.perf_counter() + 0.2
    count = len(night.tables)
    threads = [
        threading.Thread(
            target=table_run.play,
            args=(origin, SAVE_EVERY * index / count, seconds, index),
            daemon=True,
        )
        for index, table_run in enumerate(night.tables)
    ] + [
        threading.Thread(target=poller.play, args=(origin, 0.1 * index, seconds), daemon=True)
        for index, poller in enumerate(night.pollers)
    ]
    elapsed, cpu = run.measured(threads, origin)
    stored = Round.objects.filter(table__in=night.table_ids).values_list(
        "table__public_id", "hand_token"
    )
    check = stored_once_check(
        {table_run.public_id: table_run.sent for table_run in night.tables},
        {table_run.public_id: table_run.acknowledged for table_run in night.tables},
        list(stored),
    )
    samples = [sample for table_run in night.tables for sample in table_run.samples]
    polled = [sample for poller in night.pollers for sample in poller.samples]
    errors: dict[str, int] = {}
    for _kind, _at, _ms_taken, error in samples + polled:
        if error:
            errors[error] = errors.get(error, 0) + 1
    saves = [ms for kind, _at, ms, error in samples if kind == SAVE and not error]
    gets = [ms for kind, _at, ms, error in samples + polled if kind != SAVE and not error]
    result = RoundResult(
        database=run.database,
        tables=count,
        seconds=elapsed,
        save=figures(saves, elapsed),
        page=figures(gets, elapsed),
        errors=errors,
        stored=check,
        cpu=cpu,
    )
    by_poller = {
        poller.kind: (
            figures([ms for _k, _at, ms, error in poller.samples if not error], elapsed),
            poller.not_modified,
        )
        for poller in night.pollers
    }
    first_errors = [
        item.first_error for item in [*night.tables, *night.pollers] if item.first_error
    ]
    return result, first_errors, by_poller


def poller_lines(by_poller: dict[str, tuple[Figures, int]]) -> list[str]:
    """Each polling page's requests, their 304s, and p50/p95 in ms."""
    return [
        f"{kind}: {figure.count} requests ({not_modified} x 304), p50/p95 "
        f"{_ms(figure.p50)}/{_ms(figure.p95)} ms"
        for kind, (figure, not_modified) in by_poller.items()
    ]
