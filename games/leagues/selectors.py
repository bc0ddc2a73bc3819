"""Every read the league pages need, each with a fixed number of queries whatever the
number of tables: standings summed by the database, profiles, ratings, money per point."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from typing import Any

from django.db import router
from django.db.models import (
    CharField,
    Count,
    Expression,
    F,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    Window,
)
from django.db.models.functions import Cast, Coalesce, Concat, NullIf, RowNumber, TruncDate
from django.db.models.lookups import Exact, LessThan
from django.utils import timezone

from games.compiled_queries import Compiled, compiled
from games.models import (
    Club,
    ClubChange,
    League,
    Player,
    Rating,
    Season,
    Seat,
    Table,
    with_seats,
)
from games.scoring import GAMES
from games.standings.rating import Skill
from games.standings.stats import CompanionTally, StandingRow


def money_per_point(game: str, options: Mapping[str, object]) -> tuple[int, str]:
    """A table's value per point in cents and its currency; (0, "") when it plays for points."""
    rules = GAMES.get(game)
    if rules is None or not rules.plays_for_money:
        return 0, ""
    resolved = rules.resolve_options(options)
    cents = resolved["cents_per_point"]
    assert isinstance(cents, int)  # resolve_options checked it is a whole number
    return cents, str(resolved["currency"])


def day_bounds(first: date, last: date) -> tuple[datetime, datetime]:
    """From the start of ``first`` to the start of the day after ``last``, in local time: a
    range the database compares directly, where ``__date`` would convert every row."""
    start = timezone.make_aware(datetime.combine(first, time.min))
    end = timezone.make_aware(datetime.combine(last + timedelta(days=1), time.min))
    return start, end


def league_seats(
    league: League, season: Season | None = None, game: str | None = None
) -> QuerySet[Seat]:
    """The seats of the league's finished tables of the games it counts."""
    seats = Seat.objects.filter(
        table__league=league,
        table__game__in=league.games,
        table__finished_at__isnull=False,
        table__deleted_at__isnull=True,
    )
    if season is not None:
        start, end = day_bounds(season.starts_on, season.ends_on)
        seats = seats.filter(table__finished_at__gte=start, table__finished_at__lt=end)
    if game is not None:
        seats = seats.filter(table__game=game)
    return seats


def standing_rows(
    seats: QuerySet[Seat], by_game: bool = False, public_ids: dict[int, str] | None = None
) -> list[tuple[str, StandingRow]]:
    """``(game, row)`` per player (and per game when ``by_game``; the game is "" otherwise),
    summed by the database in two queries: the results, and the money per currency. Given
    ``public_ids``, fills it with each player's public id, for their links, read by the same
    query."""
    group = [
        "player_id",
        "player__name",
        *(["player__public_id"] if public_ids is not None else []),
        *(["table__game"] if by_game else []),
    ]
    # order_by() clears the default ordering, which would otherwise join the GROUP BY.
    rows = (
        seats.order_by()
        .values(*group)
        .annotate(
            played=Count("id"),
            wins=Count("id", filter=Q(won=True)),
            places=Sum("place"),
            points=Sum("total"),
            margin=Sum("margin"),
            hands=Sum("table__hands_played"),
            eliminations=Count("id", filter=Q(eliminated=True)),
        )
    )
    money: dict[tuple[int, str], dict[str, int]] = {}
    for row in (
        seats.filter(money_cents__isnull=False)
        .order_by()
        .values(*group, "currency")
        .annotate(cents=Sum("money_cents"))
    ):
        key = (row["player_id"], row.get("table__game", ""))
        money.setdefault(key, {})[row["currency"]] = row["cents"]
    if public_ids is not None:
        public_ids.update((row["player_id"], row["player__public_id"]) for row in rows)
    return [
        (
            row.get("table__game", ""),
            StandingRow(
                player=row["player_id"],
                name=row["player__name"],
                played=row["played"],
                wins=row["wins"],
                places=row["places"] or 0,
                points=row["points"] or 0,
                points_difference=row["margin"] or 0,
                hands=row["hands"] or 0,
                money=money.get((row["player_id"], row.get("table__game", "")), {}),
                eliminations=row["eliminations"],
            ),
        )
        for row in rows
    ]


def player_companion_tallies(player: Player) -> list[CompanionTally]:
    """Everyone the player met at finished tables, as partner and as opponent, counted by the
    database: one row per other player, however many tables (one query).

    The seats of the player's tables join the player's own seat at each; sides and places
    compare as ``standings.stats.companion_tallies`` compares them (a side is the team, or the
    player's name; no place counts as 0), and a test holds the two to the same answers."""

    def side(seat: str) -> Coalesce:
        return Coalesce(NullIf(F(f"{seat}team"), Value("")), F(f"{seat}player__name"))

    mine = "table__seats__"
    together = Exact(side(""), side(mine))
    against = ~Q(together)
    rows = (
        Seat.objects.filter(
            table__finished_at__isnull=False,
            table__deleted_at__isnull=True,
            table__seats__player=player,
        )
        .exclude(player=player)
        .order_by()
        .values("player_id", "player__name")
        .annotate(
            partner_games=Count("id", filter=Q(together)),
            partner_wins=Count("id", filter=Q(together) & Q(Exact(F(f"{mine}won"), True))),
            opponent_games=Count("id", filter=against),
            opponent_ahead=Count(
                "id",
                filter=against & Q(LessThan(Coalesce("place", 0), Coalesce(f"{mine}place", 0))),
            ),
        )
    )
    return [
        CompanionTally(
            row["player_id"],
            row["player__name"],
            row["partner_games"],
            row["partner_wins"],
            row["opponent_games"],
            row["opponent_ahead"],
        )
        for row in rows
    ]


def player_tables(player: Player) -> QuerySet[Table]:
    """Every table the player sat at, newest first, with its seats (two queries per page)."""
    return with_seats(Table.objects.filter(seats__player=player)).select_related("league")


@dataclass(frozen=True)
class SkillBoard:
    """A scope's ratings: now, and before the last session (the last day anyone played)."""

    now: dict[int, Skill]
    before_last_session: dict[int, Skill]
    last_session: date | None


def _latest_skills(ratings: QuerySet[Rating]) -> dict[int, Skill]:
    """Each player's latest rating among these rows, found by the database."""
    latest = (
        ratings.order_by()
        .annotate(
            newest=Window(
                RowNumber(),
                partition_by=[F("player_id")],
                order_by=[F("finished_at").desc(), F("table_id").desc()],
            )
        )
        .filter(newest=1)
        .values_list("player_id", "mu", "sigma")
    )
    return {player: Skill(mu, sigma) for player, mu, sigma in latest}


def league_skills(league: League, scope: str, until: date | None = None) -> SkillBoard:
    """The league's ratings in a scope as they stood at the end of ``until`` (three queries)."""
    ratings = Rating.objects.filter(league=league, scope=scope)
    if until is not None:
        ratings = ratings.filter(finished_at__lt=day_bounds(until, until)[1])
    last = ratings.aggregate(last=Max("finished_at"))["last"]
    if last is None:
        return SkillBoard({}, {}, None)
    last_session = timezone.localdate(last)
    before = ratings.filter(finished_at__lt=day_bounds(last_session, last_session)[0])
    return SkillBoard(_latest_skills(ratings), _latest_skills(before), last_session)


def player_rating_history(player: Player) -> list[tuple[int, date, Skill]]:
    """``(league, day, skill)`` at the end of each session (day) the player played, across all
    games of each league, oldest first (one query). The database picks each day's last rating,
    so a session is one row however many tables it had."""
    zone = timezone.get_current_timezone()
    rows = (
        Rating.objects.filter(player=player, scope="")
        .annotate(
            last_of_day=Window(
                RowNumber(),
                partition_by=[F("league_id"), TruncDate("finished_at", tzinfo=zone)],
                order_by=[F("finished_at").desc(), F("table_id").desc()],
            )
        )
        .filter(last_of_day=1)
        .order_by("finished_at", "table_id")
        .values_list("league_id", "finished_at", "mu", "sigma")
    )
    # The day from the row's own time: on SQLite a second TruncDate would cost a Python call
    # per rating, here it costs one per session.
    return [
        (league, finished_at.astimezone(zone).date(), Skill(mu, sigma))
        for league, finished_at, mu, sigma in rows
    ]


def league_recent_tables(
    league: League, game: str | None, season: Season | None, count: int = 8
) -> list[Table]:
    """The league's latest finished tables, of one game and one season where given."""
    tables = with_seats(Table.objects.filter(league=league, finished_at__isnull=False)).order_by(
        "-finished_at"
    )
    if game:
        tables = tables.filter(game=game)
    if season:
        start, end = day_bounds(season.starts_on, season.ends_on)
        tables = tables.filter(finished_at__gte=start, finished_at__lt=end)
    return list(tables[:count])


def league_of_club(club: Club, public_id: str) -> League | None:
    """The club's league with that id, if it has one."""
    return club.leagues.filter(public_id=public_id).first()


def leagues_with_counts(club_ids: Sequence[int]) -> QuerySet[League]:
    """The clubs' leagues, each with its finished tables and members counted."""
    return League.objects.filter(club__in=club_ids).annotate(
        finished=Count("tables", filter=Q(tables__finished_at__isnull=False), distinct=True),
        member_count=Count("members", distinct=True),
    )


def leagues_by_pk(pks: Iterable[int]) -> dict[int, League]:
    return {league.pk: league for league in League.objects.filter(pk__in=set(pks))}


def league_seasons(league: League) -> list[Season]:
    return list(league.seasons.all())


def league_season(league: League, public_id: str) -> Season | None:
    return Season.objects.filter(league=league, public_id=public_id).first()


def league_member_names(league: League) -> list[str]:
    return [player.name for player in league.members.all()]


def player_public_ids(club_id: int, pks: Sequence[int]) -> dict[int, str]:
    """The public ids of the club's players with these pks, for their links."""
    return dict(Player.objects.filter(club=club_id, pk__in=pks).values_list("pk", "public_id"))


def player_finished_seats(player: Player) -> QuerySet[Seat]:
    """The player's seats at finished tables, for the standings of a profile."""
    return Seat.objects.filter(
        player=player, table__finished_at__isnull=False, table__deleted_at__isnull=True
    )


def leagues_by_name(club_ids: Sequence[int]) -> list[League]:
    return list(League.objects.filter(club__in=club_ids).order_by("name"))


def league_seats_in_order(league: League) -> QuerySet[Seat]:
    """Every seat at the league's tables with its table and player, table by table as they
    were started, in seat order."""
    return (
        Seat.objects.filter(table__league=league, table__deleted_at__isnull=True)
        .select_related("table", "player")
        .order_by("table__created_at", "table_id", "position")
    )


def _scalar(rows: QuerySet[Any], group: str, aggregate: Expression) -> Subquery:
    """One aggregate over ``rows`` as a scalar subquery (grouped by the one value they share)."""
    return Subquery(rows.order_by().values(group).annotate(value=aggregate).values("value")[:1])


def league_stamp(league: League) -> tuple[object, ...]:
    """Everything the standings page reads that a write can change, as a few numbers read in
    one query: the league's tables (the trash included: deleting one bumps no version), its
    seasons and ratings, the club's players and the club's log (a table deleted and restored
    leaves the tables as they were, but the log one row longer). The query is compiled once
    per process: building it through the ORM on every request would cost more than the
    page's whole 304."""
    return _stamp_query(router.db_for_read(League)).row({_NO_LEAGUE: league.pk}) or ()


# The pk the query is compiled with, put back as the league's own when it runs.
_NO_LEAGUE = -31


@cache
def _stamp_query(alias: str) -> Compiled:
    return compiled(_stamp_rows(_NO_LEAGUE), alias, [_NO_LEAGUE])


def _joined(*figures: Expression) -> Concat:
    """Several aggregates as one text, "-" for a null."""
    parts: list[Any] = []
    for figure in figures:
        parts += [Coalesce(Cast(figure, CharField()), Value("-")), Value(" ")]
    return Concat(*parts[:-1])


def _stamp_rows(league_pk: int) -> QuerySet[League]:
    tables = Table.with_deleted.filter(league=OuterRef("pk"))
    seasons = Season.objects.filter(league=OuterRef("pk"))
    ratings = Rating.objects.filter(league=OuterRef("pk"))
    players = Player.objects.filter(club=OuterRef("club_id"))
    log = ClubChange.objects.filter(club=OuterRef("club_id"))
    # Each kind of row's figures in one pass over its rows (joined into one text): the tables'
    # six each their own subquery were six passes, most of the stamp's time on a league of 300.
    counted = {
        "stamp_tables": _scalar(
            tables, "league", _joined(
                Count("pk"),
                Count("pk", filter=Q(deleted_at__isnull=True)),
                Sum("version"),
                Max("pk"),
                Max("updated_at"),
                Max("finished_at"),
            ),
        ),
        "stamp_seasons": _scalar(seasons, "league", _joined(Count("pk"), Max("pk"))),
        "stamp_ratings": _scalar(ratings, "league", _joined(Count("pk"), Max("pk"))),
        "stamp_players": _scalar(players, "club", _joined(Count("pk"), Max("pk"))),
        "stamp_last_log": _scalar(log, "club", Max("pk")),
    }  # fmt: skip
    return (
        League.objects.filter(pk=league_pk)
        .order_by()
        .annotate(**counted)
        .values_list("version", "name", "games", "currency", "club__public_id", *counted)
    )


def league_with_club(public_id: str) -> League | None:
    """The league with this public id, its club read with it, as
    ``League.objects.select_related("club")`` reads it; None when there is none. The query is
    built once per process: through the ORM, building it took most of the standings page's
    lookup (issue 31)."""
    query = _league_query(router.db_for_read(League))
    row = query.row({_NO_PUBLIC_ID: public_id})
    if row is None:
        return None
    values = query.as_python(row)
    split = len(_LEAGUE_FIELDS)
    league = League.from_db(query.alias, _LEAGUE_FIELDS, values[:split])
    league.club = Club.from_db(query.alias, _CLUB_FIELDS, values[split:])
    return league


_NO_PUBLIC_ID = "\x00no league\x00"
_LEAGUE_FIELDS = [field.attname for field in League._meta.concrete_fields]
_CLUB_FIELDS = [field.attname for field in Club._meta.concrete_fields]


@cache
def _league_query(alias: str) -> Compiled:
    query = League.objects.filter(public_id=_NO_PUBLIC_ID).select_related("club").order_by()
    found = compiled(query, alias, [_NO_PUBLIC_ID])
    # The league's columns, then its club's, each in its model's order.
    assert found.columns == (*_LEAGUE_FIELDS, *_CLUB_FIELDS), found.columns
    return found
