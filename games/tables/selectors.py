"""Every read of tables and hands the pages need, each with a fixed number of queries."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple
from weakref import WeakKeyDictionary

from django.db import connection, connections
from django.db.models import F, Prefetch, QuerySet, Sum

from games.http import Visitor
from games.models import (
    Club,
    ClubChange,
    League,
    Membership,
    Player,
    Role,
    Round,
    RoundPoints,
    Seat,
    Table,
    TableChange,
    has_token,
    token_given,
    with_seats,
)
from games.scoring import RoundScore, TableSetup
from games.scoring.scoresheet import write_scoresheet
from games.tables.archive import ARCHIVE_FORMAT, when


def tables_in_progress(club_ids: Sequence[int]) -> QuerySet[Table]:
    """The clubs' open tables, latest first; abandoned ones are not in progress."""
    return with_seats(
        Table.objects.filter(club__in=club_ids, finished_at__isnull=True, abandoned_at__isnull=True)
    )


def tables_abandoned(club_ids: Sequence[int]) -> QuerySet[Table]:
    """The clubs' abandoned tables, the latest abandoned first."""
    return with_seats(Table.objects.filter(club__in=club_ids, abandoned_at__isnull=False)).order_by(
        "-abandoned_at", "-pk"
    )


def tables_finished(club_ids: Sequence[int]) -> QuerySet[Table]:
    return with_seats(Table.objects.filter(club__in=club_ids, finished_at__isnull=False)).order_by(
        "-finished_at"
    )


def table_get(
    public_id: str,
    *,
    club_ids: Sequence[int] = (),
    by_watch_token: bool = False,
    by_link: bool = False,
) -> Table:
    """A table of one of the clubs (or the one a watch link shows, or, ``by_link``, the one a
    table link the caller has checked opens), with its league, club, seats and players loaded:
    one query (``_read_table``)."""
    q = connection.ops.quote_name
    if by_watch_token:
        watch_token = f"t.{q('watch_token')}"
        where = f"{watch_token} = %s AND {token_given(watch_token)}"
        return _read_table(where, [public_id])[0]
    if by_link:
        return _read_table(f"t.{q('public_id')} = %s", [public_id])[0]
    if not club_ids:
        raise Table.DoesNotExist(f"no table {public_id} in no club")
    clubs = ", ".join(["%s"] * len(club_ids))
    where = f"t.{q('public_id')} = %s AND t.{q('club_id')} IN ({clubs})"
    return _read_table(where, [public_id, *club_ids])[0]


def table_get_for_member(public_id: str, user: Visitor) -> tuple[Table, Role]:
    """A table of one of the account's clubs with its league, club, seats and players loaded,
    and the account's role in that club: one query, the membership and the seats joined in.
    Table.DoesNotExist when the account is no member of the table's club.
    Every table page, preview and save starts here."""
    q = connection.ops.quote_name
    table, role = _read_table(
        f"t.{q('public_id')} = %s AND m.{q('user_id')} = %s", [public_id], member=user
    )
    assert role is not None  # the membership was joined in
    return table, role


def _read_table(
    where: str, params: Sequence[str | int | None], member: Visitor | None = None
) -> tuple[Table, Role | None]:
    """The one table ``where`` (on ``t``, the table) finds, with its club, league, seats and
    players; with ``member``, the membership of that account in the table's club joined in
    (as ``m``, its user's id the last parameter) and its role. Table.DoesNotExist when there
    is none.

    One query, a row for each seat (the table's columns in each, read from the first): a
    second query for the seats was a fifth of the read on SQLite and a round trip more on
    PostgreSQL, on every table request. Plain rows on the ORM's connection (``_RowReader``):
    compiling the queries and prefetching the seats cost the ORM five times the queries
    themselves (1.09 ms against 0.19 ms on SQLite)."""
    table_rows, club_rows, league_rows = (
        _RowReader.of(Table, "t"),
        _RowReader.of(Club, "c"),
        _RowReader.of(League, "l"),
    )
    seat_rows, player_rows = _RowReader.of(Seat, "s"), _RowReader.of(Player, "p")
    q = connection.ops.quote_name
    role, membership = "", ""
    if member is not None:
        role = f", m.{q('role')}"
        membership = (
            f"INNER JOIN {q(Membership._meta.db_table)} m ON (m.{q('club_id')} = c.{q('id')}) "
        )
        params = [*params, member.pk]
    seat_columns, seats_joined, seat_order = _seats_joined(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {table_rows.columns}, {club_rows.columns}, {league_rows.columns}{role}, "
            f"{seat_columns} "
            f"FROM {table_rows.table} t "
            f"INNER JOIN {club_rows.table} c ON (t.{q('club_id')} = c.{q('id')}) "
            f"{membership}"
            f"LEFT OUTER JOIN {league_rows.table} l ON (t.{q('league_id')} = l.{q('id')}) "
            f"{seats_joined} "
            # A table in the trash, or in a club in the trash, is found by no address.
            f"WHERE ({where}) AND t.{q('deleted_at')} IS NULL AND c.{q('deleted_at')} IS NULL "
            f"ORDER BY t.{q('id')}, {seat_order}",
            params,
        )
        rows = cursor.fetchall()
    if not rows:
        raise Table.DoesNotExist("no such table here")
    first = rows[0]
    table, rest = table_rows.build(first)
    club, rest = club_rows.build(rest)
    if table.league_id is not None:
        league, rest = league_rows.build(rest)
    else:
        league, rest = None, rest[len(league_rows.names) :]
    held = None
    if member is not None:
        held, rest = Role(rest[0]), rest[1:]
    table.club = club
    table.league = league
    seats_from = len(first) - len(rest)
    _keep_seats(
        table, seat_rows, player_rows, [row[seats_from:] for row in rows if row[0] == first[0]]
    )
    return table, held


@functools.cache
def _seats_joined(vendor: str) -> tuple[str, str, str]:
    """The seats' and their players' columns (as ``_RowReader`` reads them: each model's
    concrete fields in order), the join that brings them to the table's row (``t``), and what
    orders them by seat. On PostgreSQL, which plans each query anew, the seats are a
    subquery of their own (LATERAL, kept apart by OFFSET 0) rather than two more tables in the
    join: a join of six tables took two thirds as long again to plan as the two queries the
    seats used to be read with (0.65 ms against 0.39 on this machine, busy), the subquery
    about as long (0.43)."""
    q = connection.ops.quote_name
    seats, players = q(Seat._meta.db_table), q(Player._meta.db_table)
    joined = f"JOIN {players} p ON (s.{q('player_id')} = p.{q('id')})"
    fields = [("s", field) for field in Seat._meta.concrete_fields] + [
        ("p", field) for field in Player._meta.concrete_fields
    ]
    if vendor != "postgresql":
        columns = ", ".join(f"{alias}.{q(_column(field))}" for alias, field in fields)
        return (
            columns,
            f"LEFT OUTER JOIN {seats} s ON (s.{q('table_id')} = t.{q('id')}) LEFT OUTER {joined}",
            f"s.{q('position')}",
        )
    # Named by their place, as a seat's and its player's share names (their ids).
    inner = ", ".join(
        f"{alias}.{q(_column(field))} AS c{index}" for index, (alias, field) in enumerate(fields)
    )
    position = next(
        index
        for index, (alias, field) in enumerate(fields)
        if alias == "s" and field.name == "position"
    )
    return (
        ", ".join(f"sp.c{index}" for index in range(len(fields))),
        f"LEFT OUTER JOIN LATERAL (SELECT {inner} FROM {seats} s INNER {joined} "
        f"WHERE s.{q('table_id')} = t.{q('id')} OFFSET 0) sp ON true",
        f"sp.c{position}",
    )


def _column(field: Any) -> str:
    assert field.column is not None  # every concrete field has a column
    return str(field.column)


# The reader's rows are the database driver's values, converted by each field's own
# converters (Any, as the DB-API and django-stubs type them).
def _keep_seats(
    table: Table, seat_rows: _RowReader, player_rows: _RowReader, rows: Sequence[Sequence[Any]]
) -> None:
    """The table's seats with their players from their columns in ``rows`` (in seat order; a
    table without seats has one row of nothing), kept as a prefetch would keep them
    (``table.seats.all()`` asks nothing more, and ``Table.setup`` uses them)."""
    seats = []
    for row in rows:
        if row[0] is None:
            continue  # no seat: the outer join's empty row
        seat, rest = seat_rows.build(row)
        seat.player, _rest = player_rows.build(rest)
        seat.table = table
        seats.append(seat)
    # What Django's own prefetch leaves on an instance (prefetch_one_level).
    kept: Any = table.seats.all()
    kept._result_cache = seats
    kept._prefetch_done = True
    table.__dict__["_prefetched_objects_cache"] = {"seats": kept}


@dataclass(frozen=True)
class _RowReader:
    """A model's columns in a plain SQL query, and its instances from the rows: each value
    converted by the same converters the ORM applies (dates on SQLite, JSON on both), the
    instance made by ``Model.from_db`` as the ORM makes it. Built from the model's fields, so
    a new column is read without a change here."""

    model: type[Any]
    table: str
    columns: str
    names: tuple[str, ...]
    converters: tuple[tuple[int, Any, Any], ...]

    @classmethod
    def of(cls, model: type[Any], alias: str) -> _RowReader:
        # Kept per connection: a backend's converters are methods of that connection's
        # operations, and each thread has a connection of its own.
        wrapper = connections[connection.alias]
        readers = _ROW_READERS.setdefault(wrapper, {})
        found = readers.get((model, alias))
        if found is None:
            q = wrapper.ops.quote_name
            fields = model._meta.concrete_fields
            converters = []
            for index, field in enumerate(fields):
                column = field.get_col(alias)
                for converter in [
                    *wrapper.ops.get_db_converters(column),
                    *column.get_db_converters(wrapper),
                ]:
                    converters.append((index, converter, column))
            found = cls(
                model,
                q(model._meta.db_table),
                ", ".join(f"{alias}.{q(field.column)}" for field in fields),
                tuple(field.attname for field in fields),
                tuple(converters),
            )
            readers[(model, alias)] = found
        return found

    def build(self, row: Sequence[Any]) -> tuple[Any, Sequence[Any]]:
        """The instance from the first of ``row``'s values, and the values after them."""
        # The thread's connection itself: ``connection`` looks it up again for each use.
        wrapper = connections[connection.alias]
        count = len(self.names)
        values = list(row[:count])
        for index, converter, column in self.converters:
            values[index] = converter(values[index], column, wrapper)
        return self.model.from_db(wrapper.alias, self.names, values), row[count:]


_ROW_READERS: WeakKeyDictionary[Any, dict[tuple[type[Any], str], _RowReader]] = WeakKeyDictionary()


def recent_player_names(
    club_ids: Sequence[int], limit: int = 12, league: object = None
) -> list[str]:
    """Names of the players of the clubs who sat down most recently, for quick picking; a
    league's members first when the table is for a league."""
    names: list[str] = []
    if league:
        names = list(
            Player.objects.filter(leagues__public_id=str(league), club__in=club_ids).values_list(
                "name", flat=True
            )[:limit]
        )
    for name in (
        Seat.objects.filter(table__club__in=club_ids)
        .order_by("-table__created_at", "position")
        .values_list("player__name", flat=True)[: limit * 4]
    ):
        if name not in names:
            names.append(name)
        if len(names) == limit:
            break
    if len(names) < limit:
        players = Player.objects.filter(club__in=club_ids).order_by("-created_at")
        for name in players.values_list("name", flat=True)[:limit]:
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


class StoredHand(NamedTuple):
    """A stored hand as the table page and the write path read it: everything but the entry
    (which only editing needs), from plain rows rather than model instances, so reading a
    table of 500 hands costs a few milliseconds rather than fifty. A named tuple: made four
    times faster than a frozen dataclass, and a save makes one per hand of its table."""

    pk: int
    public_id: str
    number: int
    dealer: int
    breakdown: Mapping[str, Any]
    points: Mapping[str, int]

    def score(self) -> RoundScore:
        return RoundScore(self.points, self.breakdown)


def table_hands(table: Table, latest: int | None = None) -> list[StoredHand]:
    """The table's hands, oldest first, each with its points per side: the one read of a
    table's hands a page or a write makes; with ``latest``, only that many of the last ones,
    which cost the same however many came before.

    Read with plain SQL on the ORM's own connection: the ORM's row handling (a converter per
    column of each row) cost four times the queries themselves, 1 ms at 10 hands and 8 ms at
    500, on every table page and every save. The columns are those of ``Round`` and
    ``RoundPoints``; a breakdown comes back as the JSON text both databases keep (Django
    reads jsonb as text too) and is decoded here, as ``JSONField`` would."""
    if latest is not None:
        return _latest_hands(table, latest)
    every_point, every_hand, _ = _hands_sql(connection.vendor)
    points: dict[int, dict[str, int]] = {}
    with connection.cursor() as cursor:
        cursor.execute(every_point, [table.pk])
        for hand, side, value in cursor.fetchall():
            points.setdefault(hand, {})[side] = value
        cursor.execute(every_hand, [table.pk])
        rows = cursor.fetchall()
    return [
        StoredHand(pk, public_id, number, dealer, _json(breakdown), points.get(pk, {}))
        for pk, public_id, number, dealer, breakdown in rows
    ]


def _latest_hands(table: Table, latest: int) -> list[StoredHand]:
    """The last ``latest`` hands with their points in one query, a row for each side of each
    hand (a table page rendered afresh: a round trip less than the hands and their points
    apart, some 0.15 ms of database time on PostgreSQL). All the hands are read in two, which
    does not send each hand's breakdown once for each side."""
    with connection.cursor() as cursor:
        cursor.execute(_hands_sql(connection.vendor)[2], [table.pk, latest])
        rows = cursor.fetchall()
    found: list[StoredHand] = []
    points: dict[str, int] = {}
    for pk, public_id, number, dealer, breakdown, side, value in rows:
        if not found or found[-1].pk != pk:
            points = {}
            found.append(StoredHand(pk, public_id, number, dealer, _json(breakdown), points))
        if side is not None:
            points[side] = value
    return found


@functools.cache
def _hands_sql(vendor: str) -> tuple[str, str, str]:
    """The reads of a table's hands, written once per database (as ``_seats_joined``): the
    points of all its hands, all its hands (the columns a ``StoredHand`` is made of), and its
    last hands each joined to its points."""
    q = connection.ops.quote_name
    hands, points_of = q(Round._meta.db_table), q(RoundPoints._meta.db_table)
    columns = ", ".join(q(name) for name in ("id", "public_id", "number", "dealer", "breakdown"))
    every_point = (
        f"SELECT {q('round_id')}, {q('side')}, {q('points')} FROM {points_of} "
        f"WHERE {q('round_id')} IN (SELECT {hands}.{q('id')} FROM {hands} "
        f"WHERE {hands}.{q('table_id')} = %s) ORDER BY {q('id')}"
    )
    every_hand = (
        f"SELECT {columns} FROM {hands} WHERE {hands}.{q('table_id')} = %s ORDER BY {q('number')}"
    )
    latest = (
        f"SELECT h.*, p.{q('side')}, p.{q('points')} FROM ("
        f"SELECT {columns} FROM {hands} WHERE {q('table_id')} = %s "
        # The last hands by the (table, number) index, however many came before them.
        f"ORDER BY {q('number')} DESC LIMIT %s) h "
        f"LEFT OUTER JOIN {points_of} p ON (p.{q('round_id')} = h.{q('id')}) "
        f"ORDER BY h.{q('number')}, p.{q('id')}"
    )
    return every_point, every_hand, latest


def _json(value: Any) -> Any:
    """A breakdown column's value as ``JSONField`` would give it, decoded from its text when
    first looked at (``StoredBreakdown``)."""
    return StoredBreakdown(value) if isinstance(value, str | bytes) else value


# A stored breakdown is JSON as the engine wrote it: the game's read_breakdown types it.
class StoredBreakdown(Mapping[str, Any]):
    """A stored breakdown, decoded from the JSON text the database gave only when something
    looks inside it.

    A save that cannot resume from the table's tally (services._round_append) replays every
    earlier hand's points through the game's rules, and a table page
    shows only the latest hands, so most breakdowns read are never looked at: decoding them
    all was most of the cost of reading a table of 500 hands. Equal to the decoded mapping
    (``Mapping.__eq__``)."""

    __slots__ = ("_decoded", "_text")

    def __init__(self, text: str | bytes) -> None:
        self._text = text
        self._decoded: Mapping[str, Any] | None = None

    @property
    def text(self) -> str | bytes:
        """The JSON text the database gave: the same for the same breakdown, on either
        database (PostgreSQL gives its jsonb back in one canonical form)."""
        return self._text

    @property
    def decoded(self) -> bool:
        """Whether anything has looked inside yet."""
        return self._decoded is not None

    def _value(self) -> Mapping[str, Any]:
        if self._decoded is None:
            self._decoded = json.loads(self._text)
        return self._decoded

    def __getitem__(self, key: str) -> Any:
        return self._value()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._value())

    def __len__(self) -> int:
        return len(self._value())

    def __repr__(self) -> str:
        return repr(self._value())


def table_scoresheet(table: Table, prefetched: bool = False) -> dict[str, object]:
    """The table as a scoresheet document (docs/scoresheet.md): its hands in order, as
    entered. ``prefetched`` uses hands already loaded with the table (the every-table export)."""
    setup = table.setup()
    rounds = (
        sorted(table.rounds.all(), key=lambda round_: round_.number)
        if prefetched
        else table.rounds.order_by("number")
    )
    return write_scoresheet(
        table.game,
        table.options,
        setup.players,
        setup.teams,
        [round_.entry for round_ in rounds],
    )


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


def hand_get(table: Table, public_id: str) -> Round | None:
    """One of the table's hands by its id, entry and all."""
    return table.rounds.filter(public_id=public_id).first()


def hand_with_token(table: Table, token: str) -> Round | None:
    """The table's hand a form with that token stored, if one did (a phone's retry)."""
    return table.rounds.filter(has_token(Round, "hand_token"), hand_token=token).order_by().first()


def hand_deletion(table: Table, public_id: str) -> TableChange | None:
    """The log's row for the latest deletion of that hand, if it was deleted."""
    return table.changes.filter(kind=TableChange.Kind.DELETED, hand_id=public_id).last()


def hand_ids(table: Table) -> set[str]:
    """The ids of the table's hands now."""
    return set(table.rounds.values_list("public_id", flat=True))


def table_changes_newest_first(table: Table) -> QuerySet[TableChange]:
    """The table's log, the latest write first, with who wrote each (guest or not)."""
    return table.changes.select_related("user__guest").order_by("-version")


def tables_to_export(club: Club, league: League | None = None) -> QuerySet[Table]:
    """The club's tables (of one league, if given), oldest first, each with its seats and hands
    read ahead for its scoresheet (``table_scoresheet(..., prefetched=True)``)."""
    tables = with_seats(Table.objects.filter(club=club)).order_by("created_at", "pk")
    if league is not None:
        tables = tables.filter(league=league)
    return tables.prefetch_related("rounds")


def club_archive(club: Club) -> Iterator[dict[str, object]]:
    """Everything the club owns as the records of its archive (docs/archive.md), one at a time:
    the tables are read a hundred at a time with their seats, hands and logs, so memory holds
    one batch whatever the club's size.

    Finished tables come first, in the order they finished: a restore then rates each league
    table after the ones before it, as the club played them, without replaying the league."""
    members = Membership.objects.filter(club=club).select_related("user").order_by("joined_at")
    yield {
        "record": "club",
        "format": ARCHIVE_FORMAT,
        "public_id": club.public_id,
        "name": club.name,
        "created_at": when(club.created_at),
        "members": [
            {"name": m.user.get_username(), "role": m.role, "joined_at": when(m.joined_at)}
            for m in members
        ],
    }
    for player in club.players.order_by("created_at", "pk"):
        yield {
            "record": "player",
            "public_id": player.public_id,
            "name": player.name,
            "created_at": when(player.created_at),
        }
    leagues = club.leagues.order_by("created_at", "pk").prefetch_related("members", "seasons")
    for league in leagues:
        yield {
            "record": "league",
            "public_id": league.public_id,
            "name": league.name,
            "games": list(league.games),
            "currency": league.currency,
            "members": sorted(player.public_id for player in league.members.all()),
            "created_at": when(league.created_at),
            "version": league.version,
        }
    for league in leagues:
        for season in sorted(league.seasons.all(), key=lambda s: (s.starts_on, s.pk)):
            yield {
                "record": "season",
                "league": league.public_id,
                "public_id": season.public_id,
                "name": season.name,
                "starts_on": str(season.starts_on),
                "ends_on": str(season.ends_on),
            }
    tables = (
        with_seats(Table.objects.filter(club=club))
        .select_related("league")
        .prefetch_related(
            Prefetch("rounds", queryset=Round.objects.order_by("number")),
            Prefetch("changes", queryset=TableChange.objects.select_related("user")),
        )
        .order_by(F("finished_at").asc(nulls_last=True), "pk")
    )
    for table in tables.iterator(chunk_size=100):
        record: dict[str, object] = {
            "record": "table",
            "public_id": table.public_id,
            "league": table.league.public_id if table.league else None,
            "first_dealer": table.first_dealer,
            "created_at": when(table.created_at),
            "updated_at": when(table.updated_at),
            "finished_at": when(table.finished_at),
            "abandoned_at": when(table.abandoned_at),
            "watch_token": table.watch_token,
            "version": table.version,
            "scoresheet": table_scoresheet(table, prefetched=True),
            "hands": [
                {"public_id": hand.public_id, "token": hand.hand_token}
                for hand in table.rounds.all()
            ],
            "changes": [
                {
                    "version": change.version,
                    "kind": change.kind,
                    "hand_id": change.hand_id,
                    "hand_number": change.hand_number,
                    "before": change.before,
                    "after": change.after,
                    "created_at": when(change.created_at),
                    "by": change.user.get_username() if change.user else None,
                }
                for change in table.changes.all()
            ],
        }
        # A prefetched hand or seat points back at its table, a cycle only the garbage
        # collector frees, and it runs too seldom to keep a long export's memory flat:
        # dropping the table's read-ahead rows frees them now.
        table.__dict__["_prefetched_objects_cache"] = {}
        yield record
    log = ClubChange.objects.filter(club=club).select_related("user").order_by("created_at", "pk")
    for entry in log.iterator(chunk_size=500):
        yield {
            "record": "club_change",
            "kind": entry.kind,
            "subject": entry.subject,
            "before": entry.before,
            "after": entry.after,
            "created_at": when(entry.created_at),
            "by": entry.user.get_username() if entry.user else None,
        }
    yield {"record": "end"}
