"""Every read the pages need, each with a fixed number of queries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Prefetch, QuerySet, Sum
from django.utils import timezone

from games.models import League, Player, Rating, Round, RoundPoints, Season, Seat, Table
from games.scoring import GAMES, RoundScore, TableSetup
from games.standings.rating import Skill
from games.standings.stats import SeatResult


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
    return _with_seats(Table.objects.select_related("league")).get(pk=pk)


def recent_player_names(limit: int = 12, league: object = None) -> list[str]:
    """Names of the players who sat down most recently, for quick picking; a league's
    members first when the table is for a league."""
    names: list[str] = []
    if league and str(league).isdigit():
        names = list(
            Player.objects.filter(leagues=int(str(league))).values_list("name", flat=True)[:limit]
        )
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


# -- leagues ------------------------------------------------------------------------------------

_RESULT_FIELDS = (
    "table_id",
    "table__game",
    "table__finished_at",
    "table__hands_played",
    "table__options",
    "player_id",
    "player__name",
    "team",
    "total",
    "place",
    "won",
    "eliminated",
)


def _seat_results(seats: QuerySet[Seat]) -> list[SeatResult]:
    """Finished seats as plain results, in the order their tables finished (one query)."""
    rows = seats.filter(table__finished_at__isnull=False).order_by(
        "table__finished_at", "table_id", "position"
    )
    results: list[SeatResult] = []
    money: dict[int, tuple[int, str]] = {}
    for order, row in enumerate(rows.values_list(*_RESULT_FIELDS)):
        table_id, game, finished_at, hands, options, player_id, name, team, *result = row
        total, place, won, eliminated = result
        if table_id not in money:
            money[table_id] = money_per_point(game, options)
        cents, currency = money[table_id]
        results.append(
            SeatResult(
                table=table_id,
                game=game,
                day=timezone.localdate(finished_at),
                order=order,
                player=player_id,
                name=name,
                side=team or name,
                total=total or 0,
                place=place or 0,
                won=won,
                eliminated=eliminated,
                hands=hands,
                cents_per_point=cents,
                currency=currency,
            )
        )
    return results


def money_per_point(game: str, options: Mapping[str, Any]) -> tuple[int, str]:
    """A table's value per point in cents and its currency; (0, "") when it plays for points."""
    rules = GAMES.get(game)
    if rules is None or not any(spec.name == "cents_per_point" for spec in rules.option_specs):
        return 0, ""
    resolved = rules.resolve_options(options)
    return int(resolved["cents_per_point"]), str(resolved["currency"])  # type: ignore[call-overload]


def league_results(
    league: League, season: Season | None = None, game: str | None = None
) -> list[SeatResult]:
    """Every seat of the league's finished tables of the games it counts (one query)."""
    seats = Seat.objects.filter(table__league=league, table__game__in=league.games)
    if season is not None:
        seats = seats.filter(
            table__finished_at__date__gte=season.starts_on,
            table__finished_at__date__lte=season.ends_on,
        )
    if game is not None:
        seats = seats.filter(table__game=game)
    return _seat_results(seats)


def player_results(player: Player) -> list[SeatResult]:
    """Every seat of every finished table the player sat at, theirs and the others' (one
    query), so partners and opponents come with it."""
    tables = Seat.objects.filter(player=player).values("table_id")
    return _seat_results(Seat.objects.filter(table_id__in=tables))


def player_tables(player: Player) -> QuerySet[Table]:
    """Every table the player sat at, newest first, with its seats (two queries)."""
    return _with_seats(Table.objects.filter(seats__player=player)).select_related("league")


@dataclass(frozen=True)
class SkillBoard:
    """A scope's ratings: now, and before the last session (the last day anyone played)."""

    now: dict[int, Skill]
    before_last_session: dict[int, Skill]
    last_session: date | None


def league_skills(league: League, scope: str, until: date | None = None) -> SkillBoard:
    """The league's ratings in a scope as they stood at the end of ``until`` (one query)."""
    rows = Rating.objects.filter(league=league, scope=scope)
    if until is not None:
        rows = rows.filter(table__finished_at__date__lte=until)
    history = [
        (player, timezone.localdate(finished_at), Skill(mu, sigma))
        for player, finished_at, mu, sigma in rows.order_by(
            "table__finished_at", "table_id"
        ).values_list("player_id", "table__finished_at", "mu", "sigma")
    ]
    last_session = history[-1][1] if history else None
    now: dict[int, Skill] = {}
    before: dict[int, Skill] = {}
    for player, day, skill in history:
        now[player] = skill
        if day != last_session:
            before[player] = skill
    return SkillBoard(now, before, last_session)


def player_rating_history(player: Player) -> list[tuple[int, int, date, Skill]]:
    """``(league, table, day, skill)`` for each of the player's rated tables across all games
    of each league, oldest first (one query)."""
    rows = (
        Rating.objects.filter(player=player, scope="")
        .order_by("table__finished_at", "table_id")
        .values_list("league_id", "table_id", "table__finished_at", "mu", "sigma")
    )
    return [
        (league, table, timezone.localdate(finished_at), Skill(mu, sigma))
        for league, table, finished_at, mu, sigma in rows
    ]
