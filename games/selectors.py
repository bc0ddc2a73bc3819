"""Every read the pages need, each with a fixed number of queries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Prefetch, QuerySet, Sum

from games.models import Player, Round, RoundPoints, Seat, Table
from games.scoring import RoundScore, TableSetup


def tables_in_progress() -> QuerySet[Table]:
    return _with_seats(Table.objects.filter(finished_at__isnull=True))


def tables_finished() -> QuerySet[Table]:
    return _with_seats(Table.objects.filter(finished_at__isnull=False)).order_by("-finished_at")


def _with_seats(tables: QuerySet[Table]) -> QuerySet[Table]:
    return tables.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    )


def table_get(pk: int) -> Table:
    """A table with its seats and players loaded (one query for the table, one for seats)."""
    return _with_seats(Table.objects.all()).get(pk=pk)


def recent_player_names(limit: int = 12) -> list[str]:
    """Names of the players who sat down most recently, for quick picking."""
    names: list[str] = []
    for name in Seat.objects.order_by("-table__created_at", "position").values_list(
        "player__name", flat=True
    )[: limit * 4]:
        if name not in names:
            names.append(name)
        if len(names) == limit:
            break
    if len(names) < limit:
        for name in Player.objects.order_by("-created_at").values_list("name", flat=True)[:limit]:
            if name not in names and len(names) < limit:
                names.append(name)
    return names


def table_totals(table: Table, setup: TableSetup) -> dict[str, int]:
    """Each side's total: one aggregate query over the stored points."""
    totals = dict.fromkeys(setup.sides, 0)
    rows = (
        RoundPoints.objects.filter(round__table=table).values("side").annotate(total=Sum("points"))
    )
    for row in rows:
        totals[row["side"]] = row["total"]
    return totals


def table_rounds(table: Table) -> QuerySet[Round]:
    """The hands, oldest first, each with its points per side (two queries)."""
    return table.rounds.order_by("number").prefetch_related("points")


def round_score(round_: Round) -> RoundScore:
    """A stored hand as the engine scored it (uses the prefetched points)."""
    return RoundScore({row.side: row.points for row in round_.points.all()}, round_.breakdown)


def in_seat_order(value: Any, sides: Sequence[str]) -> Any:
    """A stored breakdown with every mapping keyed by sides put back in seat order.

    PostgreSQL's jsonb keeps object keys sorted its own way (shorter keys first), so the
    history would otherwise list "Cy" before "Ann" there and not on SQLite.
    """
    if isinstance(value, Mapping):
        if value and all(key in sides for key in value):
            return {side: in_seat_order(value[side], sides) for side in sides if side in value}
        return {key: in_seat_order(item, sides) for key, item in value.items()}
    if isinstance(value, list):
        return [in_seat_order(item, sides) for item in value]
    return value
