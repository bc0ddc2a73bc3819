"""What an evening of money games came to: each player's net per currency, and the tables.

A table plays for money when its game has a ``cents_per_point`` option above zero (today only
Schafkopf). It belongs to the day it was started on, in the site's time zone, so an evening
that runs past midnight is settled as one. Open tables count too: people settle up while the
last table is still open, and a Schafkopf evening only ends when the players stop. An abandoned
table counts for nothing, here as in the leagues.

Three queries, however many tables: the day's tables, their seats with the players, and one
sum of the stored points per table and side.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Sum
from django.utils import timezone

from games.leagues.selectors import day_bounds, money_per_point
from games.models import League, RoundPoints, Seat, Table
from games.scoring import GAMES


@dataclass(frozen=True)
class MoneyTable:
    """One table played for money: its rate, and what each player won (+) or lost (−) on it."""

    table: Table
    cents_per_point: int
    currency: str
    hands: int
    # Player names in seat order.
    players: tuple[str, ...]
    cents: Mapping[str, int]

    @property
    def is_open(self) -> bool:
        return not self.table.is_finished


@dataclass(frozen=True)
class CurrencyBalances:
    """Everything played in one currency: the tables, and each player's net over all of them
    in cents (names in alphabetical order). The nets sum to zero, as every table's do."""

    currency: str
    tables: tuple[MoneyTable, ...]
    balances: Mapping[str, int]


@dataclass(frozen=True)
class MoneyEvening:
    day: datetime.date
    # One entry per currency, by currency code: amounts in different currencies never mix.
    currencies: tuple[CurrencyBalances, ...]

    @property
    def tables(self) -> tuple[MoneyTable, ...]:
        return tuple(table for currency in self.currencies for table in currency.tables)


def money_evening(
    day: datetime.date, club_ids: Sequence[int], league_id: int | None = None
) -> MoneyEvening:
    """The clubs' money tables started on ``day`` (of one league, if given) and what they came
    to."""
    start, end = day_bounds(day, day)
    tables = (
        Table.objects.filter(
            club__in=club_ids, created_at__gte=start, created_at__lt=end, abandoned_at__isnull=True
        )
        .annotate(hand_count=Count("rounds"))
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
        )
        .order_by("created_at", "pk")
    )
    if league_id is not None:
        tables = tables.filter(league_id=league_id)
    # The option lives in JSON with the game's default left out, so the rules decide, not SQL.
    rated = [(table, money_per_point(table.game, table.options)) for table in tables]
    rated = [(table, rate) for table, rate in rated if rate[0] > 0]
    points = _points_by_table_and_side([table.pk for table, _ in rated])

    by_currency: dict[str, list[MoneyTable]] = defaultdict(list)
    for table, (cents_per_point, currency) in rated:
        players = tuple(seat.player.name for seat in table.seats.all())
        table_points = points.get(table.pk, {})
        by_currency[currency].append(
            MoneyTable(
                table=table,
                cents_per_point=cents_per_point,
                currency=currency,
                hands=table.hand_count,
                players=players,
                # Schafkopf has no teams: each side is named after its player.
                cents={name: table_points.get(name, 0) * cents_per_point for name in players},
            )
        )
    return MoneyEvening(
        day=day,
        currencies=tuple(
            CurrencyBalances(currency, tuple(money_tables), _net(money_tables))
            for currency, money_tables in sorted(by_currency.items())
        ),
    )


def _points_by_table_and_side(table_ids: list[int]) -> dict[int, dict[str, int]]:
    if not table_ids:
        return {}
    rows = (
        RoundPoints.objects.filter(round__table_id__in=table_ids)
        .values("round__table_id", "side")
        .annotate(total=Sum("points"))
        .order_by()
    )
    points: dict[int, dict[str, int]] = defaultdict(dict)
    for row in rows:
        points[row["round__table_id"]][row["side"]] = row["total"]
    return points


def _net(tables: list[MoneyTable]) -> dict[str, int]:
    net: dict[str, int] = defaultdict(int)
    for money_table in tables:
        for name, cents in money_table.cents.items():
            net[name] += cents
    return dict(sorted(net.items()))


def latest_money_day(club_ids: Sequence[int], league: League | None) -> datetime.date:
    """The day "Settle up" opens on: the one the latest money table was started on, in the
    site's time zone; today when there is none. That is tonight's, even after midnight (the
    evening's tables were started the day before) and even the morning after."""
    today = timezone.localdate()
    money_games = [key for key, rules in GAMES.items() if rules.plays_for_money]
    tables = Table.objects.filter(
        club__in=club_ids,
        game__in=money_games,
        # The default (no money) is never stored; the rules judge whatever is.
        options__has_key="cents_per_point",
        created_at__lt=day_bounds(today, today)[1],
    ).order_by("-created_at", "-pk")
    if league is not None:
        tables = tables.filter(league=league)
    for table in tables.only("game", "options", "created_at").iterator(chunk_size=20):
        if money_per_point(table.game, table.options)[0] > 0:
            return timezone.localdate(table.created_at)
    return today
