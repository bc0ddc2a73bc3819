"""Every read of a tournament, each in a fixed number of queries whatever the number of tables
and games: the tournament as drawn (``Layout``) and its live tables as they are now
(``tables_now``), and from both the director's overview (each table's progress) and the
standings, which are summed from the tables' hands, never stored, so a correction to any hand
moves them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from typing import Any, NamedTuple

from django.db import router
from django.db.models import (
    BooleanField,
    ExpressionWrapper,
    Q,
    Sum,
)
from django.utils import timezone

from games.compiled_queries import Compiled, compiled
from games.models import Player, Round, RoundPoints, Seat, Table
from games.remembered import Remembered
from games.scoring import GAMES
from games.scoring.i18n import gettext_noop
from games.tournaments import draw, ranking
from games.tournaments.models import Entrant, Pairing, RoundTable, Tournament, TournamentRound

# A table not done whose last save is older than this is late on the director's page.
# A save this recent is "just now" on the director's page.
JUST_NOW = timedelta(minutes=1)
LATE_AFTER = timedelta(minutes=10)


@dataclass(frozen=True)
class TableProgress:
    """One table of a round as the director's page shows it."""

    number: int
    public_id: str
    link_token: str
    seats: tuple[tuple[int, str], ...]
    table_id: str
    games_played: int
    games_due: int | None
    last_save: datetime | None
    finished: bool
    # When the round was drawn: a table that has saved nothing since is late after a while too.
    drawn_at: datetime
    manual_result: dict[str, int] | None
    manual_reason: str
    sitting_out_each_game: bool

    @property
    def done(self) -> bool:
        """Whether the table has played its round: its games, its game to the end, or a
        result the director entered by hand."""
        if self.manual_result is not None or self.finished:
            return True
        return self.games_due is not None and self.games_played >= self.games_due

    @property
    def saved_just_now(self) -> bool:
        """A save within the last minute, which the page calls "just now" ("0 minutes ago"
        is what Django's timesince says of it)."""
        return self.saved_just_now_at(timezone.now())

    def saved_just_now_at(self, now: datetime) -> bool:
        return self.last_save is not None and now - self.last_save < JUST_NOW

    @property
    def late(self) -> bool:
        return self.late_at(timezone.now())

    def late_at(self, now: datetime) -> bool:
        if self.done:
            return False
        return now - (self.last_save or self.drawn_at) > LATE_AFTER


def tournaments_of(club_ids: Sequence[int]) -> list[Tournament]:
    """The tournaments of these clubs, newest first, with their clubs (one query)."""
    return list(Tournament.objects.filter(club__in=club_ids).select_related("club"))


def players_to_enter(tournament: Tournament) -> list[str]:
    """The names of the club's players who have not entered yet, for the entry form to offer
    (one query)."""
    entered = Entrant.objects.filter(tournament=tournament)
    return list(
        Player.objects.filter(club_id=tournament.club_id)
        .exclude(pk__in=entered.values("player_id"))
        .exclude(pk__in=entered.exclude(partner=None).values("partner_id"))
        .values_list("name", flat=True)
    )


def entrant_names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entrants.values_list("number", "name"))


@dataclass(frozen=True)
class EntrantLine:
    """An entrant as the entry list shows them."""

    number: int
    name: str
    public_id: str
    dropped_from_round: int | None


@dataclass(frozen=True)
class Overview:
    """The director's page: the entrants, the rounds, and the current round's tables."""

    tournament: Tournament
    entrants: list[EntrantLine]
    rounds: list[TournamentRound]
    current: TournamentRound | None
    tables: list[TableProgress]

    @property
    def next_round(self) -> int | None:
        """The round the director may draw now, if any."""
        if self.tournament.status == "finished":
            return None
        if self.current is not None and self.current.status != TournamentRound.Status.CLOSED:
            return None
        number = len(self.rounds) + 1
        return number if number <= self.tournament.rounds_planned else None


@dataclass(frozen=True)
class DrawnTable:
    """A round's table as drawn: what its rows show that no save at its live table changes."""

    round_number: int
    number: int
    public_id: str
    link_token: str
    seats: tuple[int, ...]
    sitting_out_each_game: bool
    manual_result: dict[str, int] | None
    manual_reason: str
    # The live table it scores on (its pk and public id), if any.
    table_pk: int | None
    table_id: str
    games_due: int | None
    # Each side of the live table (a player's name, or a team's) and the start numbers it
    # seats (a pair's partner under the pair's), and the start number each seated player
    # entered under (the Soli are counted by the declarer).
    sides: dict[str, tuple[int, ...]]
    entered_as: dict[str, int]


@dataclass(frozen=True)
class Layout:
    """A tournament as drawn: everything its pages show that no save at a table changes (the
    tournament, its entry list, its rounds and their tables, and who sits on which side of
    each live table). Kept under the stamp without the tables' saves
    (``stamp_figures.stamp_without_saves``), so a page rendered after a save reads only what
    the save changed (``tables_now``)."""

    tournament: Tournament
    entrants: tuple[EntrantLine, ...]
    rounds: tuple[TournamentRound, ...]
    tables: tuple[DrawnTable, ...]

    @property
    def current(self) -> TournamentRound | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def names(self) -> dict[int, str]:
        return {entrant.number: entrant.name for entrant in self.entrants}


class TableNow(NamedTuple):
    """What a save at a live table moves: its version, the totals it keeps with its hands, its
    games played, its last save, and whether its game is over (a named tuple: read for every
    table after every save)."""

    version: int
    tally: object
    hands_played: int
    updated_at: datetime | None
    finished: bool


# By the live table's pk.
TablesNow = Mapping[int, TableNow]
# What a round's table shows of itself and its live table, read as values, not as models (25
# tables and their live tables built as models were a fifth of the director's page).
_DRAWN_FIELDS = (
    "round__number",
    "number",
    "public_id",
    "link_token",
    "seats",
    "sitting_out_each_game",
    "manual_result",
    "manual_reason",
    "table_id",
    "table__public_id",
)
_TABLE_PK = _DRAWN_FIELDS.index("table_id")
_NOW_FIELDS = ("version", "tally", "hands_played", "updated_at")


def _finished(table: str = "") -> ExpressionWrapper[Q]:
    """Whether a live table's game is over (of the table ``table`` names), as the database
    says it: a date the page never shows need not be read."""
    return ExpressionWrapper(Q(**{f"{table}finished_at__isnull": False}), BooleanField())


def layout_with_tables_now(tournament: Tournament) -> tuple[Layout, TablesNow]:
    """The tournament's layout and its live tables as they are now, in four queries whatever
    the number of entrants, rounds, tables and hands: the entry list, the rounds, their
    tables with their live tables' figures, and the live tables' seats."""
    now_fields = tuple(f"table__{name}" for name in _NOW_FIELDS)
    rows = list(
        RoundTable.objects.filter(round__tournament=tournament)
        .annotate(table_finished=_finished("table__"))
        .order_by("round__number", "number")
        .values_list(*_DRAWN_FIELDS, *now_fields, "table_finished")
    )
    drawn = [row[: len(_DRAWN_FIELDS)] for row in rows]
    now = {
        row[_TABLE_PK]: TableNow(*row[len(_DRAWN_FIELDS) :])
        for row in rows
        if row[_TABLE_PK] is not None
    }
    return _layout(tournament, drawn), now


def layout(tournament: Tournament) -> Layout:
    """The tournament as drawn (``Layout``), in four queries."""
    rows = RoundTable.objects.filter(round__tournament=tournament).order_by(
        "round__number", "number"
    )
    return _layout(tournament, list(rows.values_list(*_DRAWN_FIELDS)))


def _layout(tournament: Tournament, drawn: Sequence[tuple[Any, ...]]) -> Layout:
    entrants = list(
        tournament.entrants.values_list(
            "number", "name", "public_id", "dropped_from_round", "player_id", "partner_id"
        )
    )
    by_player: dict[int | None, int] = {}
    entered_as: dict[int | None, int] = {}
    for number, _name, _id, _out, player_id, partner_id in entrants:
        by_player[player_id] = by_player[partner_id] = entered_as[player_id] = number
    by_player.pop(None, None)
    entered_as.pop(None, None)
    sides: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    players: dict[int, dict[str, int]] = defaultdict(dict)
    table_pks = [row[_TABLE_PK] for row in drawn if row[_TABLE_PK] is not None]
    for table_pk, player_id, team, name in Seat.objects.filter(table_id__in=table_pks).values_list(
        "table_id", "player_id", "team", "player__name"
    ):
        seated = by_player.get(player_id)
        if seated is not None:
            sides[table_pk][team or name].append(seated)
        if player_id in entered_as:
            players[table_pk][name] = entered_as[player_id]
    tables = tuple(
        DrawnTable(
            round_number=round_number,
            number=number,
            public_id=public_id,
            link_token=link_token,
            seats=tuple(seats),
            sitting_out_each_game=sitting_out,
            manual_result=manual_result,
            manual_reason=manual_reason,
            table_pk=table_pk,
            table_id=table_id or "",
            games_due=draw.games_due(tournament.games_per_round, len(seats), sitting_out),
            sides={side: tuple(numbers) for side, numbers in sides[table_pk].items()},
            entered_as=players[table_pk],
        )
        for (
            round_number,
            number,
            public_id,
            link_token,
            seats,
            sitting_out,
            manual_result,
            manual_reason,
            table_pk,
            table_id,
        ) in drawn
    )
    return Layout(
        tournament=tournament,
        entrants=tuple(EntrantLine(*entrant[:4]) for entrant in entrants),
        rounds=tuple(tournament.rounds.order_by("number")),
        tables=tables,
    )


def tables_now(tournament_pk: int) -> TablesNow:
    """A tournament's live tables as they are now (``TableNow``), by pk: one query, compiled
    once per process (after a save, a page has them from its stamp's query instead:
    ``stamp_figures.tables_now_of_lines``). Each row is made Python values once
    (``TABLES_CONVERTED``): after a save, only the saved table's are."""
    alias = router.db_for_read(Table)
    query = _tables_now_query(alias)
    now = {}
    for row in query.rows({_TOURNAMENT: tournament_pk}):
        # The row's values are the database's scalars (SQLite's text dates, JSON as text).
        found = TABLES_CONVERTED.get((alias, row), lambda: TableNow(*query.as_python(row)[1:]))  # noqa: B023
        now[row[0]] = found
    return now


# Each live table's figures (``TableNow``) by the row its database gave: its totals' JSON and
# its dates parsed once, not for every table after every save. Read only.
TABLES_CONVERTED: Remembered[TableNow] = Remembered(5000)
# What stands for the tournament's pk while ``tables_now``'s query is compiled.
_TOURNAMENT = -7_000_032


@cache
def _tables_now_query(alias: str) -> Compiled:
    rows = Table.with_deleted.filter(tournament_tables__round__tournament_id=_TOURNAMENT)
    now = rows.annotate(finished=_finished()).order_by().values_list("pk", *_NOW_FIELDS, "finished")
    return compiled(now, alias, [_TOURNAMENT])


def round_progress(
    tournament: Tournament, tournament_round: TournamentRound
) -> list[TableProgress]:
    """Each table of the round with its games played, last save and result (four queries)."""
    drawn, now = layout_with_tables_now(tournament)
    return progress(drawn, now, tournament_round)


def progress(
    layout: Layout, now: TablesNow, tournament_round: TournamentRound
) -> list[TableProgress]:
    """Each table of a round of the layout as it is ``now``."""
    names, round_drawn = layout.names, tournament_round.drawn_at
    return [
        _progress(table, now.get(table.table_pk) if table.table_pk else None, round_drawn, names)
        for table in layout.tables
        if table.round_number == tournament_round.number
    ]


def _progress(
    table: DrawnTable, now: TableNow | None, drawn_at: datetime, names: Mapping[int, str]
) -> TableProgress:
    hands_played = now.hands_played if now is not None else 0
    return TableProgress(
        number=table.number,
        public_id=table.public_id,
        link_token=table.link_token,
        seats=tuple((seat, names.get(seat, "")) for seat in table.seats),
        table_id=table.table_id,
        games_played=hands_played,
        games_due=table.games_due,
        last_save=now.updated_at if now is not None and hands_played else None,
        finished=now is not None and bool(now.finished),
        drawn_at=drawn_at,
        manual_result=table.manual_result,
        manual_reason=table.manual_reason,
        sitting_out_each_game=table.sitting_out_each_game,
    )


def overview(tournament: Tournament) -> Overview:
    """Four queries, whatever the number of entrants, rounds and tables."""
    return overview_of(*layout_with_tables_now(tournament))


def overview_of(layout: Layout, now: TablesNow | None) -> Overview:
    """The director's overview of a layout, its current round's tables as they are ``now``;
    without them where ``now`` is None (for what is kept while the tables save)."""
    current = layout.current
    tables = progress(layout, now, current) if current is not None and now is not None else []
    return Overview(layout.tournament, list(layout.entrants), list(layout.rounds), current, tables)


def earlier_plans(tournament: Tournament, *, before: int) -> tuple[draw.RoundPlan, ...]:
    """The rounds drawn before round ``before``, as the draw reads them (two queries)."""
    rounds = list(tournament.rounds.filter(number__lt=before).order_by("number"))
    tables: dict[int, list[RoundTable]] = defaultdict(list)
    for row in RoundTable.objects.filter(round__in=rounds).order_by("number"):
        tables[row.round_id].append(row)
    return tuple(
        draw.RoundPlan(
            tables=tuple(
                draw.TablePlan(row.number, tuple(row.seats), row.sitting_out_each_game)
                for row in tables[played.pk]
            ),
            byes=tuple(played.byes),
            seed=played.seed,
        )
        for played in rounds
    )


def round_points(tournament: Tournament) -> dict[int, dict[int, int]]:
    """Each entrant's points in each round, by round and start number (``round_points_of``)."""
    return round_points_of(*layout_with_tables_now(tournament))


def round_points_of(layout: Layout, now: TablesNow) -> dict[int, dict[int, int]]:
    """Each entrant's points in each round, by round and start number: each table's totals,
    or the result the director entered by hand. A table's totals are the ones it keeps with its
    hands (``Table.tally``) while they are for its version and within the round's games;
    otherwise its hands summed by the database (up to the round's games per table): one query
    for those, none when every table's totals are kept."""
    points: dict[int, dict[int, int]] = defaultdict(dict)
    summed: dict[int, DrawnTable] = {}
    for table in layout.tables:
        manual = table.manual_result
        for seat in table.seats:
            points[table.round_number][seat] = int(manual.get(str(seat), 0)) if manual else 0
        if manual is not None or table.table_pk is None:
            continue
        kept = _kept_totals(table, now.get(table.table_pk))
        if kept is None:
            summed[table.table_pk] = table
        else:
            _credit(points[table.round_number], table, kept)
    if summed:
        totals: dict[int, dict[str, int]] = defaultdict(dict)
        due = {table_pk: table.games_due for table_pk, table in summed.items()}
        for table_pk, side, total in _summed_totals(due):
            totals[table_pk][side] = total
        for table_pk, table in summed.items():
            _credit(points[table.round_number], table, totals[table_pk])
    return dict(points)


def _credit(points: dict[int, int], table: DrawnTable, totals: Mapping[str, Any]) -> None:
    """Each side's total to the start numbers it seats."""
    for side, total in totals.items():
        for number in table.sides.get(side, ()):
            points[number] = int(total)


def _kept_totals(table: DrawnTable, now: TableNow | None) -> Mapping[str, Any] | None:
    """The totals a table keeps (each side's name, a JSON key, and its total), if they are
    for its version and count no game past the round's; None otherwise (its hands are summed
    instead). As kept, not copied: read for every table after every save."""
    tally = now.tally if now is not None else None
    if not isinstance(tally, dict) or now is None or tally.get("version") != now.version:
        return None
    totals = tally.get("totals")
    due = table.games_due
    if (due is not None and int(tally.get("hands", 0)) > due) or not isinstance(totals, dict):
        return None
    return totals


def _summed_totals(due_by_table: Mapping[int, int | None]) -> list[tuple[int, str, int]]:
    """Each table's hands summed by side, up to the games it plays in the round."""
    by_due: dict[int | None, list[int]] = defaultdict(list)
    for table_id, due in due_by_table.items():
        by_due[due].append(table_id)
    counted = Q()
    for due, table_ids in by_due.items():
        limit = Q() if due is None else Q(round__number__lte=due)
        counted |= Q(round__table_id__in=table_ids) & limit
    return list(
        RoundPoints.objects.filter(counted)
        .order_by()
        .values_list("round__table_id", "side")
        .annotate(total=Sum("points"))
    )


# How the standings name each criterion they rank by (ranking.Criterion).
CRITERION_NAMES = {
    ranking.Criterion.POINTS: gettext_noop("points"),
    ranking.Criterion.SOLI: gettext_noop("Soli"),
    ranking.Criterion.MATCH_POINTS: gettext_noop("match points"),
    ranking.Criterion.BUCHHOLZ: gettext_noop("Buchholz"),
    ranking.Criterion.POINT_DIFFERENCE: gettext_noop("point difference"),
    ranking.Criterion.LOT: gettext_noop("lot"),
}
# The tie-breaks each kind of tournament ranks by, in order. Points alone for groups (equal
# points share a place, as SchafkopfTurnier ranks [R1]); the Swiss order of issue 32.
POINTS_CRITERIA = (ranking.Criterion.POINTS,)
# Schafkopf's tie-break where the tournament's rules name it: the most Soli won [R1].
SOLI_CRITERIA = (ranking.Criterion.SOLI,)
SWISS_CRITERIA = ranking.SWISS_CRITERIA


class StandingRow(NamedTuple):
    """An entrant's line of the standings (a named tuple: made again for every entrant after
    every save at any table, where a frozen dataclass cost three times as much)."""

    place: int
    number: int
    name: str
    values: tuple[float, ...]
    tie_break_used: str | None
    dropped: bool


@dataclass(frozen=True)
class Standings:
    """The standings of each round alone, and overall (after every round so far), with the
    criteria they rank by, in order (named on the page)."""

    criteria: tuple[str, ...]
    by_round: dict[int, list[StandingRow]] = field(default_factory=dict)
    # Lots decide what the criteria leave equal (drawn from round 1's recorded seed); otherwise
    # equal entrants share a place.
    by_lot: bool = False
    overall: list[StandingRow] = field(default_factory=list)


def standings(tournament: Tournament) -> Standings:
    """The standings (``standings_of``) in a few queries, as many whatever the number of
    rounds, tables and hands: the tournament's layout and its tables now
    (``layout_with_tables_now``), the hands summed where a table keeps no totals for its
    version, and the Soli won where they break ties."""
    return standings_of(*layout_with_tables_now(tournament))


def standings_of(layout: Layout, now: TablesNow) -> Standings:
    """The standings of a layout whose tables are as they are ``now``."""
    tournament = layout.tournament
    names = layout.names
    dropped = {
        entrant.number for entrant in layout.entrants if entrant.dropped_from_round is not None
    }
    points = round_points_of(layout, now)
    swiss = tournament.pairing == Pairing.SWISS
    rounds = [(played.number, played.byes) for played in layout.rounds]
    lot_seed = layout.rounds[0].seed if layout.rounds and tournament.by_lot else None
    by_soli = tournament.by_soli and not swiss
    criteria = SWISS_CRITERIA if swiss else POINTS_CRITERIA + SOLI_CRITERIA * by_soli
    soli = soli_won_of(layout) if by_soli else None

    @cache
    def rank(counted: tuple[int, ...]) -> list[StandingRow]:
        """The standings over the rounds ``counted`` (after one round, the overall standings
        are that round's: ranked once)."""
        if swiss:
            ranked = _swiss(layout, points, rounds, counted, lot_seed)
        else:
            ranked = _by_points(tournament, points, counted, soli, lot_seed)
        # Positional: made for every entrant after every save at any table.
        return [
            StandingRow(
                entry.place,
                entry.number,
                names.get(entry.number, ""),
                tuple(entry.values),
                None if entry.tie_break_used is None else CRITERION_NAMES[entry.tie_break_used],
                entry.number in dropped,
            )
            for entry in ranked
        ]

    played = [number for number, _byes in rounds]
    return Standings(
        criteria=tuple(CRITERION_NAMES[criterion] for criterion in criteria),
        by_round={number: rank((number,)) for number in played},
        overall=rank(tuple(played)) if played else [],
        by_lot=lot_seed is not None,
    )


def _by_points(
    tournament: Tournament,
    points: dict[int, dict[int, int]],
    counted: Sequence[int],
    soli: dict[int, dict[int, int]] | None,
    lot_seed: str | None,
) -> list[ranking.RankedEntry]:
    results: dict[int, list[int]] = defaultdict(list)
    won: dict[int, int] = defaultdict(int)
    for number in counted:
        for entrant, scored in points.get(number, {}).items():
            results[entrant].append(scored)
        for entrant, count in (soli or {}).get(number, {}).items():
            won[entrant] += count
    return ranking.rank_points(
        results,
        SOLI_CRITERIA if soli is not None else (),
        soli=won,
        lot_seed=lot_seed,
        lowest_wins=GAMES[tournament.game].lowest_total_wins,
    )


def soli_won(tournament: Tournament) -> dict[int, dict[int, int]]:
    """The Soli each entrant won in each round (``soli_won_of``)."""
    return soli_won_of(layout(tournament))


def soli_won_of(layout: Layout) -> dict[int, dict[int, int]]:
    """The Soli each entrant won in each round, by round and start number: the games a
    declarer played alone and won (a Solo, Wenz, Geier, their Touts, a Sie, a Bettel; what
    SchafkopfTurnier counts with the points [R1]), at the tables' hands within the games each
    table plays in the round. One query, whatever the number of tables and hands."""
    tables = {table.table_pk: table for table in layout.tables if table.table_pk is not None}
    hands = Round.objects.filter(
        table_id__in=tables, breakdown__kind="contract", breakdown__declarer_won=True
    )
    won: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for table_pk, hand, side in hands.values_list("table_id", "number", "breakdown__declarer_side"):
        table = tables[table_pk]
        limit = table.games_due
        if isinstance(side, list) and len(side) == 1 and (limit is None or hand <= limit):
            number = table.entered_as.get(str(side[0]))
            if number is not None:
                won[table.round_number][number] += 1
    return {round_number: dict(counts) for round_number, counts in won.items()}


def _swiss(
    layout: Layout,
    points: dict[int, dict[int, int]],
    rounds: Sequence[tuple[int, list[int]]],
    counted: Sequence[int],
    lot_seed: str | None,
) -> list[ranking.RankedEntry]:
    matches = [
        _match(table.seats, points[table.round_number])
        for number in counted
        for table in layout.tables
        if table.round_number == number
    ]
    byes = [entrant for number, had in rounds if number in counted for entrant in had]
    return ranking.rank_swiss(
        matches,
        byes,
        layout.tournament.bye_points,
        entrants=layout.names,
        lot_seed=lot_seed,
    )


def _match(
    seated: Sequence[int], points: Mapping[int, int]
) -> ranking.MatchResult | ranking.PairResult:
    """A Swiss table's match: one against one, or (partners drawn for the round, seated
    opposite) pair against pair, each player with the pair's points."""
    if len(seated) == draw.PAIR_TABLE:
        first, second = tuple(seated[0::2]), tuple(seated[1::2])
        return ranking.PairResult(first, second, points.get(first[0], 0), points.get(second[0], 0))
    one, other = seated
    return ranking.MatchResult(one, other, points.get(one, 0), points.get(other, 0))


def swiss_entries(tournament: Tournament, numbers: Sequence[int]) -> list[ranking.SwissEntry]:
    """The entrants still playing in the order of the standings so far, for the Swiss pairing."""
    playing = set(numbers)
    ranked = [
        ranking.SwissEntry(number=row.number, match_points=row.values[0])
        for row in standings(tournament).overall
        if row.number in playing
    ]
    # Late entries have played nothing yet: last, in the order of their start numbers.
    placed = {entry.number for entry in ranked}
    return ranked + [
        ranking.SwissEntry(number=number, match_points=0)
        for number in numbers
        if number not in placed
    ]
