"""Every read of a tournament, each in a fixed number of queries whatever the number of tables
and games: the director's overview (each table's progress) and the standings, which are
summed from the tables' hands, never stored, so a correction to any hand moves them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.db.models import CharField, Count, Max, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce, Concat
from django.utils import timezone

from games.models import ClubChange, Player, Round, RoundPoints, Seat, Table
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
        return self.last_save is not None and timezone.now() - self.last_save < JUST_NOW

    @property
    def late(self) -> bool:
        if self.done:
            return False
        return timezone.now() - (self.last_save or self.drawn_at) > LATE_AFTER


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


# What a round's table shows of itself and its live table (``round_progress``): read as values,
# not as models (25 tables and their live tables built as models were a fifth of the director's
# page).
_PROGRESS_FIELDS = (
    "number",
    "public_id",
    "link_token",
    "seats",
    "sitting_out_each_game",
    "manual_result",
    "manual_reason",
    "table__public_id",
    "table__hands_played",
    "table__updated_at",
    "table__finished_at",
)


def round_progress(
    tournament: Tournament,
    tournament_round: TournamentRound,
    names: dict[int, str] | None = None,
) -> list[TableProgress]:
    """Each table of the round with its games played, last save and result (one query, and
    one more for the names unless given)."""
    names = entrant_names(tournament) if names is None else names
    rows = tournament_round.tables.order_by("number").values_list(*_PROGRESS_FIELDS)
    return [_progress(tournament, tournament_round, row, names) for row in rows]


def _progress(
    tournament: Tournament,
    tournament_round: TournamentRound,
    row: tuple[Any, ...],
    names: dict[int, str],
) -> TableProgress:
    (number, public_id, link_token, seats, sitting_out, manual_result, manual_reason) = row[:7]
    table_id, hands_played, updated_at, finished_at = row[7:]
    return TableProgress(
        number=number,
        public_id=public_id,
        link_token=link_token,
        seats=tuple((seat, names.get(seat, "")) for seat in seats),
        table_id=table_id or "",
        games_played=hands_played or 0,
        games_due=draw.games_due(tournament.games_per_round, len(seats), sitting_out),
        last_save=updated_at if hands_played else None,
        finished=finished_at is not None,
        drawn_at=tournament_round.drawn_at,
        manual_result=manual_result,
        manual_reason=manual_reason,
        sitting_out_each_game=sitting_out,
    )


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

    @property
    def late_tables(self) -> list[TableProgress]:
        return [table for table in self.tables if table.late]


def overview(tournament: Tournament) -> Overview:
    """Three queries, whatever the number of entrants, rounds and tables."""
    entrants = [
        EntrantLine(*row)
        for row in tournament.entrants.values_list(
            "number", "name", "public_id", "dropped_from_round"
        )
    ]
    rounds = list(tournament.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    names = {entrant.number: entrant.name for entrant in entrants}
    tables = round_progress(tournament, current, names) if current is not None else []
    return Overview(tournament, entrants, rounds, current, tables)


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

    def figures(rows: QuerySet[Any], by: str, *aggregates: Any) -> Subquery:
        # Each figure as text (a missing one as nothing), so the database joins them.
        parts = [Coalesce(Cast(one, CharField()), Value("")) for one in aggregates]
        joined = [part for one in parts for part in (one, Value(":"))][:-1]
        text = Concat(*joined, output_field=CharField()) if len(parts) > 1 else parts[0]
        grouped = rows.order_by().values(by).annotate(figures=text)
        return Subquery(grouped.values("figures")[:1])

    tables = Table.with_deleted.filter(tournament_tables__round__tournament=OuterRef("pk"))
    by_tournament = "tournament_tables__round__tournament"
    entrants = Entrant.objects.filter(tournament=OuterRef("pk"))
    rounds = RoundTable.objects.filter(round__tournament=OuterRef("pk"))
    players = Player.objects.filter(club=OuterRef("club_id"))
    log = ClubChange.objects.filter(club=OuterRef("club_id"))
    return {
        "stamp_entrants": figures(entrants, "tournament", Count("pk"), Max("pk")),
        "stamp_round_tables": figures(rounds, "round__tournament", Count("pk"), Max("pk")),
        "stamp_tables": figures(
            tables,
            by_tournament,
            Count("pk"),
            Count("pk", filter=Q(deleted_at__isnull=True)),
            Sum("version"),
            Max("updated_at"),
        ),
        "stamp_players": figures(players, "club", Count("pk"), Max("pk")),
        "stamp_log": figures(log, "club", Max("pk")),
    }


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


def round_points(
    tournament: Tournament, entrants: Sequence[tuple[int, int | None, int | None]] | None = None
) -> dict[int, dict[int, int]]:
    """Each entrant's points in each round, by round and start number: each table's totals,
    or the result the director entered by hand. A table's totals are the ones it keeps with its
    hands (``Table.tally``) while they are for its version and within the round's games;
    otherwise its hands summed by the database (up to the round's games per table). Three
    queries at most, whatever the number of tables and hands; two given the ``entrants`` (start
    number, player, partner)."""
    rows = list(
        RoundTable.objects.filter(round__tournament=tournament).values(
            "round__number",
            "seats",
            "sitting_out_each_game",
            "table_id",
            "manual_result",
            "table__tally",
            "table__version",
        )
    )
    scored = [row for row in rows if row["table_id"] and row["manual_result"] is None]
    numbers_by_player: dict[int | None, int] = {}
    if entrants is None:
        entrants = list(tournament.entrants.values_list("number", "player_id", "partner_id"))
    for number, player_id, partner_id in entrants:
        numbers_by_player[player_id] = numbers_by_player[partner_id] = number
    # Each seat's side: the player's name, or the team's where the game is played in teams.
    side_of: dict[tuple[int, str], list[int]] = defaultdict(list)
    for table_id, player_id, team, name in Seat.objects.filter(
        table_id__in=[row["table_id"] for row in scored]
    ).values_list("table_id", "player_id", "team", "player__name"):
        seated = numbers_by_player.get(player_id)
        if seated is not None:
            side_of[(table_id, team or name)].append(seated)
    kept = {row["table_id"]: _kept_totals(tournament, row) for row in scored}
    totals = [
        (table_id, side, total)
        for table_id, sides in kept.items()
        if sides is not None
        for side, total in sides.items()
    ]
    summed = {
        row["table_id"]: _due(tournament, row) for row in scored if kept[row["table_id"]] is None
    }
    if summed:
        totals.extend(_summed_totals(summed))
    points: dict[int, dict[int, int]] = defaultdict(dict)
    round_of_table = {row["table_id"]: row["round__number"] for row in rows}
    for row in rows:
        manual = row["manual_result"]
        for seat in row["seats"]:
            points[row["round__number"]][seat] = int(manual.get(str(seat), 0)) if manual else 0
    for table_id, side, total in totals:
        for number in side_of.get((table_id, side), ()):
            points[round_of_table[table_id]][number] = int(total)
    return dict(points)


def _kept_totals(tournament: Tournament, row: Mapping[str, Any]) -> dict[str, int] | None:
    """The totals a table keeps, if they are for its version and count no game past the
    round's; None otherwise (its hands are summed instead)."""
    tally = row["table__tally"]
    if not isinstance(tally, dict) or tally.get("version") != row["table__version"]:
        return None
    due = _due(tournament, row)
    totals = tally.get("totals")
    if (due is not None and int(tally.get("hands", 0)) > due) or not isinstance(totals, dict):
        return None
    return {str(side): int(total) for side, total in totals.items()}


def _due(tournament: Tournament, row: Mapping[str, Any]) -> int | None:
    """The games a round table (a row of its values) plays in the round."""
    return draw.games_due(
        tournament.games_per_round, len(row["seats"]), bool(row["sitting_out_each_game"])
    )


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


@dataclass(frozen=True)
class StandingRow:
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
    """A few queries, as many whatever the number of rounds, tables and hands: the entrants,
    the rounds, ``round_points`` given the entrants, and the seats (Swiss) or the Soli won
    (where they break ties)."""
    entrants = list(
        tournament.entrants.values_list(
            "number", "name", "dropped_from_round", "player_id", "partner_id"
        )
    )
    names = {number: name for number, name, _out, _player, _partner in entrants}
    dropped = {number for number, _name, out, _player, _partner in entrants if out is not None}
    players = [(number, player, partner) for number, _name, _out, player, partner in entrants]
    points = round_points(tournament, players)
    swiss = tournament.pairing == Pairing.SWISS
    drawn = list(tournament.rounds.order_by("number").values_list("number", "byes", "seed"))
    rounds = [(number, byes) for number, byes, _seed in drawn]
    lot_seed = drawn[0][2] if drawn and tournament.by_lot else None
    seats = _seats_by_round(tournament) if swiss else {}
    by_soli = tournament.by_soli and not swiss
    criteria = SWISS_CRITERIA if swiss else POINTS_CRITERIA + SOLI_CRITERIA * by_soli
    soli = soli_won(tournament) if by_soli else None

    @cache
    def rank(counted: tuple[int, ...]) -> list[StandingRow]:
        """The standings over the rounds ``counted`` (after one round, the overall standings
        are that round's: ranked once)."""
        if swiss:
            ranked = _swiss(tournament, points, seats, rounds, counted, names, lot_seed)
        else:
            ranked = _by_points(tournament, points, counted, soli, lot_seed)
        return [
            StandingRow(
                place=entry.place,
                number=entry.number,
                name=names.get(entry.number, ""),
                values=tuple(entry.values),
                tie_break_used=CRITERION_NAMES[entry.tie_break_used]
                if entry.tie_break_used is not None
                else None,
                dropped=entry.number in dropped,
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
    """The Soli each entrant won in each round, by round and start number: the games a
    declarer played alone and won (a Solo, Wenz, Geier, their Touts, a Sie, a Bettel; what
    SchafkopfTurnier counts with the points [R1]), at the tables' hands within the games each
    table plays in the round. Four queries, whatever the number of tables and hands."""
    rows = list(
        RoundTable.objects.filter(round__tournament=tournament)
        .exclude(table=None)
        .values("table_id", "round__number", "seats", "sitting_out_each_game")
    )
    tables = {row["table_id"]: row["round__number"] for row in rows}
    due = {row["table_id"]: _due(tournament, row) for row in rows}
    number_of = dict(tournament.entrants.values_list("player_id", "number"))
    seated = {
        (table_id, name): number_of.get(player_id)
        for table_id, name, player_id in Seat.objects.filter(table_id__in=tables).values_list(
            "table_id", "player__name", "player_id"
        )
    }
    hands = Round.objects.filter(
        table_id__in=tables, breakdown__kind="contract", breakdown__declarer_won=True
    )
    won: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for table_id, hand, side in hands.values_list("table_id", "number", "breakdown__declarer_side"):
        limit = due[table_id]
        if isinstance(side, list) and len(side) == 1 and (limit is None or hand <= limit):
            number = seated.get((table_id, str(side[0])))
            if number is not None:
                won[tables[table_id]][number] += 1
    return {round_number: dict(counts) for round_number, counts in won.items()}


def _seats_by_round(tournament: Tournament) -> dict[int, list[list[int]]]:
    seats: dict[int, list[list[int]]] = defaultdict(list)
    for number, seated in RoundTable.objects.filter(round__tournament=tournament).values_list(
        "round__number", "seats"
    ):
        seats[number].append(list(seated))
    return seats


def _swiss(
    tournament: Tournament,
    points: dict[int, dict[int, int]],
    seats: dict[int, list[list[int]]],
    rounds: Sequence[tuple[int, list[int]]],
    counted: Sequence[int],
    names: dict[int, str],
    lot_seed: str | None,
) -> list[ranking.RankedEntry]:
    matches = [
        _match(seated, points[number]) for number in counted for seated in seats.get(number, ())
    ]
    byes = [entrant for number, had in rounds if number in counted for entrant in had]
    return ranking.rank_swiss(
        matches, byes, tournament.bye_points, entrants=names, lot_seed=lot_seed
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
