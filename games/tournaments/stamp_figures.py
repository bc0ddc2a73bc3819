"""A tournament's stamp: everything its pages show that a write can change, as a few figures
read in one query with the tournament (``access.tournament_viewed``), whatever the number of
tables and hands; the stamp less what a save at a table moves (``stamp_without_saves``), under
which ``stamp`` keeps what no save changes; and the live tables' figures that the stamp's
tables' figure brings, a line each, as ``selectors.tables_now`` would read them
(``tables_now_of_lines``), so a page after a save reads no query of its own for them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import partial
from typing import Any

from django.db.models import (
    Aggregate,
    Case,
    CharField,
    Count,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, Concat

from games.models import ClubChange, Player, Table
from games.remembered import Remembered
from games.tournaments.models import Entrant, RoundTable
from games.tournaments.selectors import TableNow, TablesNow

# The figures of the stamp after the tournament's version, in their order (``stamp_figures``).
STAMP_FIGURES = (
    "stamp_entrants",
    "stamp_round_tables",
    "stamp_tables",
    "stamp_players",
    "stamp_log",
)


def stamp_figures() -> dict[str, Subquery]:
    """The tournament's stamp after its version: everything the tournament's pages read that a
    write can change, as a few figures read in one query whatever the number of tables and
    hands (``access.tournament_viewed`` reads them with the tournament's version, the
    tournament itself and the viewer's role): its entrants, rounds and tables, its live
    tables' versions and last saves (a hand saved or corrected at any table; the trash
    included, as deleting a table bumps no version), and the club's players and log (a player
    renamed). The tournament's version moves on with every write of its own.

    The figures of one kind of row come from one subquery, joined as text: PostgreSQL plans
    the query afresh at every request, and planning a subquery per figure cost more than
    running them all."""

    def figures(rows: QuerySet[Any], by: str, *aggregates: Any, lines: Any = None) -> Subquery:
        # Each figure as text (a missing one as nothing), so the database joins them; then, on
        # a line of their own, ``lines``.
        text = _joined([Coalesce(Cast(one, CharField()), Value("")) for one in aggregates], ":")
        if lines is not None:
            text = Concat(text, Value("\n"), Coalesce(lines, Value("")), output_field=CharField())
        grouped = rows.order_by().values(by).annotate(figures=text)
        return Subquery(grouped.values("figures")[:1])

    tables = Table.with_deleted.filter(tournament_tables__round__tournament=OuterRef("pk"))
    by_tournament = "tournament_tables__round__tournament"
    entrants = Entrant.objects.filter(tournament=OuterRef("pk"))
    rounds = RoundTable.objects.filter(round__tournament=OuterRef("pk"))
    players = Player.objects.filter(club=OuterRef("club_id"))
    log = ClubChange.objects.filter(club=OuterRef("club_id"))
    in_order = (
        figures(entrants, "tournament", Count("pk"), Max("pk")),
        figures(rounds, "round__tournament", Count("pk"), Max("pk")),
        # The tables' counts first, then what a save moves (``stamp_without_saves``).
        figures(
            tables,
            by_tournament,
            Count("pk"),
            Count("pk", filter=Q(deleted_at__isnull=True)),
            Sum("version"),
            Max("updated_at"),
            # And each table's figures, a line each (``stamp_tables_split``): after a save,
            # what the page shows of its tables comes with the stamp, not in a query of its
            # own (``selectors.tables_now``).
            lines=_Lines(_table_line()),
        ),
        figures(players, "club", Count("pk"), Max("pk")),
        figures(log, "club", Max("pk")),
    )
    return dict(zip(STAMP_FIGURES, in_order, strict=True))


def stamp_tables_split(stamp: Sequence[object]) -> tuple[tuple[object, ...], str]:
    """A stamp as its query read it (``stamp_figures``), its tables' lines taken out of its
    tables' figure: the stamp, and the lines (``tables_now_of_lines``)."""
    position = 1 + STAMP_FIGURES.index("stamp_tables")
    tables = stamp[position]
    if not isinstance(tables, str):  # no table yet
        return tuple(stamp), ""
    figure, _, lines = tables.partition("\n")
    return (*stamp[:position], figure, *stamp[position + 1 :]), lines


def stamp_without_saves(stamp: Sequence[object]) -> tuple[object, ...]:
    """A stamp (the tournament's version, then ``stamp_figures``) less what a save at a table
    moves: its tables' versions and last save, which follow their two counts in the tables'
    figure. What is kept under it (the ``Layout``, the director's page but for its tables'
    progress, a page's frame) shows nothing a save at a table changes."""
    position = 1 + STAMP_FIGURES.index("stamp_tables")
    tables = stamp[position]
    counts = ":".join(tables.split(":", 2)[:2]) if isinstance(tables, str) else tables
    return (*stamp[:position], counts, *stamp[position + 1 :])


# Each live table's pk and figures by its line in the stamp (``tables_now_of_lines``), read
# once as ``selectors.TABLES_CONVERTED`` are.
TABLES_READ: Remembered[tuple[int, TableNow]] = Remembered(5000)


def tables_now_of_lines(lines: str) -> TablesNow | None:
    """The live tables' figures as the tournament's stamp read them (``stamp_figures``, a line
    each: ``_table_line``), as ``selectors.tables_now`` reads them; None if a line is not as
    written there (then ``selectors.tables_now`` reads them)."""
    now = {}
    try:
        for line in lines.split("\n") if lines else ():
            pk, found = TABLES_READ.get(line, partial(_table_now_of, line))
            now[pk] = found
    except ValueError:
        return None
    return now


def _table_now_of(line: str) -> tuple[int, TableNow]:
    pk, version, hands_played, finished, updated, tally = line.split("|", 5)
    updated_at = datetime.fromisoformat(updated) if updated else None
    if updated_at is not None:
        # UTC, as the ORM reads it (SQLite keeps it without its zone, PostgreSQL writes +00).
        aware = updated_at.tzinfo is not None
        updated_at = updated_at.astimezone(UTC) if aware else updated_at.replace(tzinfo=UTC)
    totals = json.loads(tally) if tally else None
    if finished not in ("0", "1"):
        raise ValueError(f"not a table's line: {line[:80]!r}")
    return int(pk), TableNow(int(version), totals, int(hands_played), updated_at, finished == "1")


def _table_line() -> Any:
    """A live table's figures as one line of text (``_table_now_of`` reads it): its pk,
    version, games played, whether it is over, last save and kept totals (JSON, last: the only
    one that may hold a "|"; none holds a line break, which JSON writes escaped)."""
    parts = [
        Cast("pk", CharField()),
        Cast("version", CharField()),
        Cast("hands_played", CharField()),
        Case(When(finished_at__isnull=True, then=Value("0")), default=Value("1")),
        Coalesce(Cast("updated_at", CharField()), Value("")),
        Coalesce(Cast("tally", CharField()), Value("")),
    ]
    return _joined(parts, "|")


def _joined(parts: Sequence[Any], separator: str) -> Any:
    """Texts joined by the database, ``separator`` between each two (one text as it is)."""
    if len(parts) == 1:
        return parts[0]
    joined = [part for one in parts for part in (one, Value(separator))][:-1]
    return Concat(*joined, output_field=CharField())


class _Lines(Aggregate):
    """Lines of text joined by line breaks, in no set order."""

    function = "STRING_AGG"
    template = "%(function)s(%(expressions)s, CHR(10))"
    output_field = CharField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra_context: Any) -> Any:
        return self.as_sql(
            compiler,
            connection,
            function="GROUP_CONCAT",
            template="%(function)s(%(expressions)s, CHAR(10))",
            **extra_context,
        )
