"""Every write the app makes: atomic, validated by the scoring engine, all or nothing."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, connections, transaction
from django.db.models import F, Field, Model, QuerySet, Value
from django.db.models.functions import Lower
from django.db.models.lookups import Exact
from django.utils import timezone

from games import ratings, selectors
from games.models import (
    CURRENCY_CHOICES,
    AccountSettings,
    Club,
    ClubChange,
    GuestAccount,
    Invite,
    League,
    Membership,
    Player,
    Role,
    Round,
    RoundPoints,
    Season,
    Seat,
    Table,
    TableChange,
    new_link_token,
)
from games.scoring import (
    GAMES,
    EntryError,
    Game,
    GameState,
    RoundScore,
    TableSetup,
    Team,
    score_table,
)
from games.scoring.errors import Problem, problem, raise_if_any
from games.scoring.i18n import gettext_noop
from games.scoring.scoresheet import read_scoresheet
from games.selectors import StoredHand

ModelT = TypeVar("ModelT", bound=Model)


def player_get_or_create(name: str, *, club: Club) -> Player:
    """The club's player of that name, ignoring case; a new one if nobody has it yet.

    Two phones naming the same new player at once both get the one row: the second insert
    meets the unique name, and then finds the first phone's player.
    """
    name = name.strip()
    player = Player.objects.filter(_named(name), club=club).first()
    if player is not None:
        return player
    try:
        with transaction.atomic():
            return Player.objects.create(name=name, club=club)
    except IntegrityError:
        return Player.objects.get(_named(name), club=club)


def _named(name: str) -> Exact:
    """The same name as the unique constraints see it: ``LOWER(name)``. (``iexact`` compares
    ``UPPER``, which disagrees for a few letters: PostgreSQL lowers "İlker" to "ilker" but
    uppers them apart, so a lookup by ``iexact`` could miss the row the insert collided with.)"""
    return Exact(Lower("name"), Lower(Value(name)))


def _others(rows: QuerySet[ModelT], exclude: int | None) -> QuerySet[ModelT]:
    """``rows`` but the one being edited (``exclude``; None when creating)."""
    return rows if exclude is None else rows.exclude(pk=exclude)


def _create_unique(model: type[ModelT], refusal: Problem, **fields: object) -> ModelT:
    """Insert a row whose name must be unique; another phone inserting the same name first is
    refused like a name already taken, not a crash."""
    try:
        with transaction.atomic():
            return model._default_manager.create(**fields)
    except IntegrityError:
        raise EntryError([refusal]) from None


def _with_league_currency(
    game: str, options: Mapping[str, object], league: League | None
) -> Mapping[str, object]:
    """A league's table counts its money in the league's currency, whatever the form said, so
    the league's money standings never mix currencies by accident."""
    if league is None or not any(spec.name == "currency" for spec in GAMES[game].option_specs):
        return options
    return {**options, "currency": league.currency}


@transaction.atomic
def table_create(
    *,
    club: Club,
    game: str,
    players: Sequence[str],
    options: Mapping[str, object] | None = None,
    teams: Sequence[Team] | None = None,
    first_dealer: int = 0,
    league: League | None = None,
    by: Any = None,
) -> Table:
    """Create a table after the engine has checked the game, seats, teams and options.

    A table played for a league must be of a game the league counts; its players join the
    league, so nobody has to be added by hand before their first game.
    """
    if game not in GAMES:
        raise EntryError([problem(gettext_noop("unknown game {game}"), "game", game=game)])
    if league is not None and league.club_id != club.pk:
        raise EntryError([problem(gettext_noop("that league belongs to another club"), "league")])
    if league is not None and game not in league.games:
        raise EntryError(
            [
                problem(
                    gettext_noop("{league} does not count {game}"),
                    "league",
                    league=league.name,
                    game=GAMES[game].name,
                )
            ]
        )
    raise_if_any(
        _too_long(players, Player, "name", gettext_noop("{name} is too long for a name"), "players")
    )
    options = _with_league_currency(game, options or {}, league)
    setup = GAMES[game].setup(players, options, teams)
    if not 0 <= first_dealer < len(players):
        raise EntryError(
            [problem(gettext_noop("the first dealer must sit at the table"), "dealer")]
        )
    # Imported team names may be longer than a seat can store (PostgreSQL would refuse them).
    team_names = [team.name for team in setup.teams]
    raise_if_any(
        _too_long(
            team_names, Seat, "team", gettext_noop("{name} is too long for a team name"), "teams"
        )
    )
    seated: list[Player] = []
    for name in setup.players:
        player = player_get_or_create(name, club=club)
        if player in seated:
            # Names the engine tells apart ("Ann", "Ann ") can still be one stored player.
            raise EntryError(
                [problem(gettext_noop("{name} sits at the table twice"), "players", name=name)]
            )
        seated.append(player)
    table = Table.objects.create(
        club=club,
        game=game,
        options=dict(options),
        first_dealer=first_dealer,
        league=league,
        tally=tally_of(0, 0, dict.fromkeys(setup.sides, 0), None),
    )
    if league is not None:
        league.members.add(*seated)
    Seat.objects.bulk_create(
        Seat(
            table=table,
            player=player,
            position=position,
            team=setup.side_of(name) if setup.teams else "",
        )
        for position, (name, player) in enumerate(zip(setup.players, seated, strict=True))
    )
    club_log(
        club,
        ClubChange.Kind.TABLE_CREATED,
        f"{GAMES[game].name}: {', '.join(setup.players)}",
        by=by,
        after={"table": table.public_id},
    )
    return table


_NAME_TOO_LONG = gettext_noop("{name} is too long for a name")


def _too_long(
    names: Sequence[str], model: type[Model], column: str, message: str, field: str
) -> list[Problem]:
    """A problem for each name longer than the database column that stores it."""
    found = model._meta.get_field(column)
    limit = (found.max_length if isinstance(found, Field) else None) or 0
    return [problem(message, field, name=name) for name in names if len(name) > limit]


def _respell_sides(entry: Mapping[str, object], respell: Mapping[str, str]) -> dict[str, object]:
    """An entry with its side names respelled: as keys of its fields and as their values."""

    def fix(value: object) -> object:
        if isinstance(value, str):
            return respell.get(value, value)
        if isinstance(value, Mapping):
            return {respell.get(key, key): item for key, item in value.items()}
        if isinstance(value, list):
            # A list of players, such as a Schafkopf Ramsch's Jungfrauen.
            return [respell.get(item, item) if isinstance(item, str) else item for item in value]
        return value

    return {key: fix(value) for key, value in entry.items()}


def _seats_record_result(table: Table, setup: TableSetup, state: GameState | None) -> None:
    """Keep each seat's result (``None``: the game is not over) for standings to sum."""
    seats = list(table.seats.select_related("player"))
    results = seat_results(table.rules, setup, state) if state else {}
    for outcome in results.values():
        if any(
            isinstance(value, int) and abs(value) > _LARGEST_STORED
            for value in outcome.fields().values()
        ):
            raise EntryError([problem(gettext_noop("these totals are too large to keep"), "table")])
    for seat in seats:
        result = results.get(seat.player.name)
        for name, value in (result or NO_OUTCOME).fields().items():
            setattr(seat, name, value)
    Seat.objects.bulk_update(seats, list(NO_OUTCOME.fields()))


@dataclass(frozen=True)
class SeatOutcome:
    """How a player finished a decided game, as the seat keeps it."""

    total: int | None
    place: int | None
    won: bool
    eliminated: bool
    margin: int | None
    money_cents: int | None = None
    currency: str = ""

    def fields(self) -> dict[str, object]:
        return {
            "total": self.total,
            "place": self.place,
            "won": self.won,
            "eliminated": self.eliminated,
            "margin": self.margin,
            "money_cents": self.money_cents,
            "currency": self.currency,
        }


NO_OUTCOME = SeatOutcome(None, None, False, False, None)


def seat_results(rules: Game, setup: TableSetup, state: GameState) -> dict[str, SeatOutcome]:
    """How each player finished a decided game: their side's total and place, whether it won,
    whether they went out without winning (Ciapanò), the margin over the best other side, and
    the money where the table played for it."""
    places = rules.places(state, setup)
    cents_per_point, currency = selectors.money_per_point(setup.game, setup.options)
    outcomes = {}
    for player in setup.players:
        side = setup.side_of(player)
        won = side in state.winners
        total = state.totals.get(side, 0)
        others = [points for other, points in state.totals.items() if other != side]
        outcomes[player] = SeatOutcome(
            total=total,
            place=places[side],
            won=won,
            eliminated=player in state.eliminated and not won,
            margin=total - max(others) if others else 0,
            money_cents=total * cents_per_point if cents_per_point else None,
            currency=currency if cents_per_point else "",
        )
    return outcomes


def next_dealer(table: Table, setup: TableSetup, earlier: Sequence[RoundScore]) -> int:
    """The seat that deals the next hand, ``earlier`` being the hands already played."""
    last = table.rounds.order_by("-number").values_list("dealer", flat=True).first()
    return table.rules.next_dealer(setup, earlier, last, table.first_dealer)


# -- one table's hands: every change goes through one rescoring path ---------------------------


class StaleWrite(Exception):
    """A write from a form rendered at an older version of the table: nothing was stored.

    ``changes`` are the table's changes since that version, oldest first, so the phone can say
    what happened meanwhile; empty when the form carried no version at all.
    """

    def __init__(self, table: Table, changes: Sequence[TableChange]) -> None:
        super().__init__(f"table {table.pk} is at version {table.version}")
        self.table = table
        self.changes = list(changes)


# The largest number a BigIntegerField keeps: points beyond it are refused, never stored
# wrapped around or crashing the database.
_LARGEST_STORED = 2**63 - 1


class TableGone(EntryError):
    """A write to a table that another phone deleted meanwhile: nothing was stored."""

    def __init__(self) -> None:
        super().__init__(
            [problem(gettext_noop("this table was deleted on another phone"), "table")]
        )


class TableAbandoned(EntryError):
    """A change to the hands of an abandoned table: nothing was stored."""

    def __init__(self) -> None:
        super().__init__(
            [
                problem(
                    gettext_noop(
                        "this table was abandoned; take it up again to record or change hands"
                    ),
                    "table",
                )
            ]
        )


def _locked(table: Table | int) -> Table:
    """The table re-read under a row lock, so writes to one table queue up behind each other;
    TableGone when it was deleted meanwhile (it can be, since tables can be deleted)."""
    pk = table if isinstance(table, int) else table.pk
    found = Table.objects.select_for_update().filter(pk=pk).first()
    if found is None:
        raise TableGone
    return found


def _check_version(table: Table, version: int | None) -> None:
    """Refuse a write from a form rendered at another version of the (locked) table.

    ``version`` None skips the check (imports, the demo, the services' own callers); a
    negative one is a form that carried no version, always out of date.
    """
    if version is not None and version != table.version:
        raise StaleWrite(table, changes_since(table, version))


def changes_since(table: Table, version: int) -> list[TableChange]:
    """The table's changes after ``version``, oldest first; none known for a negative one (a
    form that carried no version)."""
    return list(table.changes.filter(version__gt=version)) if version >= 0 else []


@dataclass
class _StoredHands:
    """A table's hands as read under its lock, in order.

    Hands stay the light rows the read gave (``StoredHand``: points and breakdown, no entry)
    until a write needs more: ``models_from`` turns the hands from an index on into Round
    instances, in one query. Recording a hand never needs the earlier hands' entries, so its
    cost hardly grows with the table. The rescoring path writes only what differs from
    ``as_read``.
    """

    rounds: list[Round | StoredHand]
    points: dict[int, dict[str, int]]
    as_read: dict[int, tuple[object, ...]]
    numbers_read: dict[int, int]

    @classmethod
    def read(cls, table: Table, hands: Sequence[StoredHand] | None = None) -> _StoredHands:
        """The table's hands; ``hands`` as a page read them, when the caller knows they are
        still the table's hands (read at the version the locked table still has)."""
        rows = list(hands) if hands is not None else selectors.table_hands(table)
        return cls(
            list(rows),
            {row.pk: dict(row.points) for row in rows},
            {},
            {row.pk: row.number for row in rows},
        )

    def models_from(self, index: int) -> None:
        """Load the hands from ``index`` on as Round instances (entries included)."""
        wanted = [row.pk for row in self.rounds[index:] if isinstance(row, StoredHand)]
        if not wanted:
            return
        models = Round.objects.in_bulk(wanted)
        for position in range(index, len(self.rounds)):
            row = self.rounds[position]
            if isinstance(row, StoredHand):
                model = models[row.pk]
                self.rounds[position] = model
                self.as_read[model.pk] = _round_fields(model)

    def model(self, index: int) -> Round:
        self.models_from(index)
        found = self.rounds[index]
        assert isinstance(found, Round)
        return found

    def index_of(self, round_: Round) -> int:
        for index, stored in enumerate(self.rounds):
            if stored.pk == round_.pk:
                return index
        raise Round.DoesNotExist(f"hand {round_.public_id} is not at table {round_.table_id}")


def _round_fields(round_: Round) -> tuple[object, ...]:
    return (round_.number, round_.dealer, round_.entry, round_.breakdown)


def _hand_snapshot(round_: Round, points: Mapping[str, int]) -> dict[str, object]:
    """A hand as the audit log keeps it: enough to say what changed, and to restore it."""
    return {
        "entry": round_.entry,
        "points": dict(points),
        "dealer": round_.dealer,
        "token": round_.hand_token,
    }


def _log_change(
    table: Table,
    kind: str,
    round_: Round | None = None,
    *,
    before: Mapping[str, object] | None = None,
    after: Mapping[str, object] | None = None,
    by: Any = None,
) -> TableChange:
    change = _change_row(table, kind, round_, before=before, after=after, by=by)
    change.save(force_insert=True)
    return change


def _change_row(
    table: Table,
    kind: str,
    round_: Round | None = None,
    *,
    before: Mapping[str, object] | None = None,
    after: Mapping[str, object] | None = None,
    by: Any = None,
) -> TableChange:
    """The audit log's row for a change, not yet stored (``_log_change`` stores it; a hand
    stored from the tally writes it with the hand)."""
    return TableChange(
        table=table,
        user=_actor(by),
        version=table.version,
        kind=kind,
        hand_id=round_.public_id if round_ else "",
        hand_number=round_.number if round_ else None,
        before=before,
        after=after,
    )


def _actor(by: Any) -> Any:
    """The account to name in the log: None for the services' own callers and anonymous
    requests."""
    return by if by is not None and by.is_authenticated else None


def _as_stored(value: object) -> object:
    """A breakdown as the JSON column gives it back (tuples become lists), for comparing."""
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class _Rescored:
    """What re-scoring a table's hands found: the game's state and each hand's points."""

    state: GameState
    points: list[dict[str, int]]


def _rescore(
    table: Table,
    setup: TableSetup,
    stored: _StoredHands,
    first_changed: int,
    entered: int | None = None,
) -> _Rescored:
    """What the engine makes of ``stored.rounds`` (the hands in their new order; new ones
    unsaved, changed ones with their new entry), in one pass.

    Hands before ``first_changed`` (an index) are taken as stored; from there to the end every
    hand is scored again against the ones before it and gets its number, dealer and breakdown.
    Raises EntryError when the entries no longer form a valid game: a hand that is now
    invalid (a Ciapanò player already out; named by its number unless it is the hand being
    ``entered``, whose form shows the problems), or hands after the game would end.
    """
    tracker = table.rules.tracker(setup, table.first_dealer)
    points: list[dict[str, int]] = []
    for index, round_ in enumerate(stored.rounds):
        if index < first_changed:
            tracker.push(RoundScore(stored.points[round_.pk], round_.breakdown), round_.dealer)
            points.append(stored.points[round_.pk])
            continue
        assert isinstance(round_, Round)  # models_from(first_changed) made it one
        dealer = tracker.next_dealer()
        try:
            score = tracker.add(round_.entry)
        except EntryError as error:
            raise (error if index == entered else error.in_round(index + 1)) from None
        if any(abs(value) > _LARGEST_STORED for value in score.points.values()):
            raise EntryError(
                [problem(gettext_noop("these points are too large to keep"), "points")]
            ).in_round(index + 1)
        round_.number = index + 1
        round_.dealer = dealer
        round_.breakdown = _as_stored(dict(score.breakdown))
        points.append(dict(score.points))
    state = tracker.state()
    if state.finished_after_round is not None and state.finished_after_round < len(points):
        raise EntryError(
            [
                problem(
                    gettext_noop(
                        "this would end the game after hand {finished}, but later hands were "
                        "played; delete them first"
                    ),
                    "round",
                    finished=state.finished_after_round,
                )
            ]
        )
    return _Rescored(state, points)


def _store_rounds(
    table: Table, stored: _StoredHands, first_changed: int, rescored: _Rescored
) -> None:
    """Write the re-scored hands from ``first_changed`` on: update the stored ones that
    changed, insert the new ones, and replace the points that changed."""
    rounds = [round_ for round_ in stored.rounds[first_changed:] if isinstance(round_, Round)]
    points = rescored.points[first_changed:]
    existing = [round_ for round_ in rounds if round_.pk is not None]
    moved = [round_.pk for round_ in existing if round_.number != stored.numbers_read[round_.pk]]
    if moved:
        # Out of the way first: the unique (table, number) is checked row by row, so hands
        # moving down by one would otherwise collide with each other.
        offset = len(stored.rounds) + max(stored.numbers_read.values()) + 1
        Round.objects.filter(pk__in=moved).update(number=F("number") + offset)
    changed = [round_ for round_ in existing if _round_fields(round_) != stored.as_read[round_.pk]]
    now = timezone.now()
    for round_ in changed:
        round_.updated_at = now
    Round.objects.bulk_update(
        changed, ["number", "dealer", "entry", "breakdown", "updated_at"], batch_size=500
    )
    new = [round_ for round_ in rounds if round_.pk is None]
    Round.objects.bulk_create(new, batch_size=500)
    new_ids = {round_.pk for round_ in new}
    repointed = [
        (round_, score)
        for round_, score in zip(rounds, points, strict=True)
        if round_.pk in new_ids or stored.points.get(round_.pk) != score
    ]
    RoundPoints.objects.filter(
        round__in=[round_.pk for round_, _score in repointed if round_.pk not in new_ids]
    ).delete()
    RoundPoints.objects.bulk_create(
        (
            RoundPoints(round=round_, side=side, points=value)
            for round_, score in repointed
            for side, value in score.items()
        ),
        batch_size=2000,
    )


def _table_decide(
    table: Table,
    setup: TableSetup,
    rescored: _Rescored,
    *,
    stopped: bool,
    finished_before: bool,
    last_dealer: int | None,
) -> None:
    """Keep the result the hands give on the table and its seats, bump the table's version,
    and bring a league's ratings up to date.

    A game without an end in its rules (Schafkopf) is over while the players have ``stopped``
    it; its winners follow the balance.
    """
    state = rescored.state
    hands = len(rescored.points)
    if state.finished or (stopped and hands):
        winners = state.winners if state.finished else table.rules.stopped_winners(state)
        table.finished_at = table.finished_at or timezone.now()
        table.winners = list(winners)
        _seats_record_result(table, setup, replace(state, winners=winners))
    else:
        table.finished_at = None
        table.winners = []
        if finished_before:
            _seats_record_result(table, setup, None)
    table.hands_played = hands
    table.version += 1
    table.tally = tally_of(table.version, hands, state.totals, last_dealer)
    table.save(
        update_fields=["finished_at", "winners", "hands_played", "version", "updated_at", "tally"]
    )
    if table.league_id is not None and (finished_before or table.finished_at is not None):
        ratings.league_ratings_update(table.league_id, table)


def _change_hands(
    table: Table,
    stored: _StoredHands,
    first_changed: int,
    *,
    entered: int | None = None,
    stopped: bool | None = None,
    setup: TableSetup | None = None,
) -> _Rescored:
    """The one path every change to a table takes: re-score from the first changed hand to
    the end, store what changed, decide the result again (seats, ratings), bump the version.

    ``stopped`` says whether an open-ended evening (Schafkopf) is over; by default it stays
    as it was. ``setup``: the table's setup, when the caller read it at the version the
    locked table still has (else it is read here).
    """
    if table.is_abandoned:
        # The one path every change to the hands takes, so no write can finish an abandoned
        # table (and make it count) behind the players' backs.
        raise TableAbandoned
    stored.models_from(first_changed)
    setup = setup or table.setup()
    finished_before = table.finished_at is not None
    if stopped is None:
        stopped = table.rules.ends_when_players_stop and finished_before
    rescored = _rescore(table, setup, stored, first_changed, entered)
    _store_rounds(table, stored, first_changed, rescored)
    _table_decide(
        table,
        setup,
        rescored,
        stopped=stopped,
        finished_before=finished_before,
        last_dealer=stored.rounds[-1].dealer if stored.rounds else None,
    )
    return rescored


def tally_of(
    version: int, hands: int, totals: Mapping[str, int], last_dealer: int | None
) -> dict[str, object]:
    """What ``Table.tally`` keeps: where the table's hands left the game at ``version``."""
    return {
        "version": version,
        "hands": hands,
        "totals": dict(totals),
        "last_dealer": last_dealer,
    }


def _update_open_table_at_version(
    table: Table, values: Mapping[str, object], token: str | None
) -> bool:
    """Write ``values`` to the table's row if it is still at ``table.version``, open and not
    set aside, and no hand of it has ``token`` yet (a phone may send a stored hand's token
    again with a newer version): the optimistic twin of ``_locked``, ``_check_version`` and
    the token check under the lock.
    The update takes the row's lock, so a concurrent write to the table waits for this
    transaction and then finds another version (PostgreSQL reads the row again before it
    updates: READ COMMITTED); SQLite writes one transaction at a time."""
    sql, params = _update_at_version_sql(table, values, token)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return bool(cursor.rowcount == 1)


def _update_at_version_sql(
    table: Table, values: Mapping[str, object], token: str | None
) -> tuple[str, list[Any]]:
    q = connection.ops.quote_name
    fields = [field for field in Table._meta.concrete_fields if field.name in values]
    assignments = ", ".join(f"{q(_column(field))} = %s" for field in fields)
    sql = (
        f"UPDATE {q(Table._meta.db_table)} SET {assignments} WHERE {q('id')} = %s "
        f"AND {q('version')} = %s AND {q('finished_at')} IS NULL AND {q('abandoned_at')} IS NULL"
    )
    params = [field.get_db_prep_save(values[field.name], connection) for field in fields]
    params += [table.pk, table.version]
    if token:
        sql += (
            f" AND NOT EXISTS (SELECT 1 FROM {q(Round._meta.db_table)} WHERE {q('table_id')} = %s"
            f" AND {q('hand_token')} = %s)"
        )
        params += [table.pk, token]
    return sql, params


@dataclass(frozen=True)
class _RowWriter:
    """A model's INSERT in plain SQL, for the write every saved hand makes (about a tenth of
    a millisecond less per row than the ORM builds it each time): the columns from the
    model's fields, each value made ready by its field as the ORM does (``pre_save`` sets
    ``auto_now`` times, ``get_db_prep_save`` adapts JSON and dates to the backend), the new
    primary key read back into the instance. Built from the model's fields, so a new column
    is written without a change here. No signals are sent; the project has no receivers
    for these models."""

    model: type[Model]
    sql: str
    row: str
    fields: tuple[Field[Any, Any], ...]
    returns_keys: bool
    table: str
    columns: str
    # The row's placeholders each cast to its column's type, for an INSERT ... SELECT (where
    # PostgreSQL would otherwise take an untyped value for text).
    casts: str

    @classmethod
    def of(cls, model: type[Model]) -> _RowWriter:
        # Kept per connection, as selectors._RowReader is: each thread has its own.
        wrapper = connections[connection.alias]
        writers = _ROW_WRITERS.setdefault(wrapper, {})
        found = writers.get(model)
        if found is None:
            q = wrapper.ops.quote_name
            fields = tuple(
                field for field in model._meta.concrete_fields if field is not model._meta.pk
            )
            columns = ", ".join(q(_column(field)) for field in fields)
            returning = ""
            if wrapper.features.can_return_columns_from_insert:
                # Defined by the backends that can (SQLite and PostgreSQL), not by their base.
                returned, _params = wrapper.ops.return_insert_columns([model._meta.pk])  # type: ignore[attr-defined]
                returning = f" {returned}"
            found = cls(
                model,
                f"INSERT INTO {q(model._meta.db_table)} ({columns}) VALUES {{rows}}{returning}",
                "(" + ", ".join(["%s"] * len(fields)) + ")",
                fields,
                bool(returning),
                q(model._meta.db_table),
                columns,
                ", ".join(f"CAST(%s AS {field.cast_db_type(wrapper)})" for field in fields),
            )
            writers[model] = found
        return found

    def values(self, instance: Model) -> list[Any]:
        """The instance's values as the INSERT sends them, in the order of ``columns``."""
        return [
            field.get_db_prep_save(field.pre_save(instance, True), connection)
            for field in self.fields
        ]

    def inserted(self, instances: Sequence[Model]) -> None:
        """Mark instances as stored (in this database), as the ORM does."""
        for instance in instances:
            instance._state.adding = False
            instance._state.db = connection.alias

    def insert(self, instances: Sequence[Model]) -> None:
        params: list[Any] = []
        for instance in instances:
            params += self.values(instance)
        sql = self.sql.format(rows=", ".join([self.row] * len(instances)))
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            if self.returns_keys:
                keys = [row[0] for row in cursor.fetchall()]
            else:
                keys = [cursor.lastrowid] if len(instances) == 1 else []
        for instance, key in zip(instances, keys, strict=False):
            instance.pk = key
        self.inserted(instances)


def _column(field: Field[Any, Any]) -> str:
    assert field.column is not None  # every concrete field has a column
    return field.column


_ROW_WRITERS: WeakKeyDictionary[Any, dict[type[Model], _RowWriter]] = WeakKeyDictionary()


def _round_append(
    table: Table,
    entry: Mapping[str, object],
    *,
    version: int | None,
    token: str | None,
    by: Any,
    setup: TableSetup | None,
) -> Round | None:
    """A hand stored as the next one without reading the earlier hands: its game resumes from
    the totals the table keeps (``Table.tally``, ``Game.resume_state``), and the table's row
    is updated only if it is still at the version the tally is for, which also stands for
    the row lock and the version check of the general path. None when that path must store
    it instead (nothing was written): the tally is out of date, the game needs the earlier
    hands, the hand would end the game (the result, the seats and a league's ratings are
    decided on that path), the table changed since it was read, or a hand with ``token`` is
    stored already (that path finds it).

    EntryError for a bad hand, as on the general path, before anything is written.
    """
    tally = table.tally
    rules = table.rules
    if (
        not rules.resumes_from_totals
        or not isinstance(tally, dict)
        or tally.get("version") != table.version
        or (version is not None and version != table.version)
        # A retry of a form that carried no version is known only by its token.
        or (version is None and token)
        or table.is_finished
        or table.is_abandoned
    ):
        return None
    setup = setup or table.setup()
    if set(tally["totals"]) != set(setup.sides):
        return None
    score = rules.score_round(entry, setup)
    hands = int(tally["hands"])
    state = rules.resume_state(tally["totals"], hands, score, setup)
    too_large = any(abs(value) > _LARGEST_STORED for value in score.points.values())
    if state is None or state.finished or too_large:
        return None
    last_dealer = tally["last_dealer"]
    # A game that resumes from its totals puts nobody out, so the deal just passes on.
    dealer = rules.next_dealer(setup, (), last_dealer, table.first_dealer)
    after = {
        "hands_played": hands + 1,
        "version": table.version + 1,
        "updated_at": timezone.now(),
        "tally": tally_of(table.version + 1, hands + 1, state.totals, dealer),
    }
    # The table as written, apart from the caller's (as the general path's is).
    written = copy.copy(table)
    for name, value in after.items():
        setattr(written, name, value)
    new = Round(
        table=written,
        number=hands + 1,
        dealer=dealer,
        entry=dict(entry),
        breakdown=_as_stored(dict(score.breakdown)),
        hand_token=token or "",
    )
    points = dict(score.points)
    points_rows = [
        RoundPoints(round=new, side=side, points=value) for side, value in points.items()
    ]
    change = _change_row(
        written, TableChange.Kind.RECORDED, new, after=_hand_snapshot(new, points), by=by
    )
    append = _Append(table, after, token, new, points_rows, change)
    if connection.vendor == "postgresql":
        stored = _append_in_one_statement(append)
    else:
        stored = _append_in_a_transaction(append)
    if not stored:
        return None
    new.points_scored = points
    new.state_after = state
    return new


@dataclass(frozen=True)
class _Append:
    """A hand stored from the table's tally: what the table's row gets if it still matches
    (``_update_open_table_at_version``), and the rows that go with the hand."""

    table: Table  # as read
    after: Mapping[str, object]
    token: str | None
    hand: Round
    points: Sequence[RoundPoints]
    change: TableChange


def _append_in_a_transaction(append: _Append) -> bool:
    """The hand's four writes, one after the other in one transaction (SQLite, where a
    statement costs no round trip): False, with nothing written, when the table's row no
    longer matches."""
    with transaction.atomic():
        if not _update_open_table_at_version(append.table, append.after, append.token):
            return False
        _RowWriter.of(Round).insert([append.hand])
        for row in append.points:
            row.round = append.hand  # its key, now that it has one
        _RowWriter.of(RoundPoints).insert(append.points)
        _RowWriter.of(TableChange).insert([append.change])
    return True


def _append_in_one_statement(append: _Append) -> bool:
    """The hand's four writes in one statement (PostgreSQL: one round trip instead of six,
    and a statement is a transaction of its own): the table's row updated if it still
    matches, and the hand, its points and the log inserted from what the update returned, so
    nothing is inserted when it does not. False, with nothing written, when it does not."""
    q = connection.ops.quote_name
    rounds, rows, changes = (
        _RowWriter.of(Round),
        _RowWriter.of(RoundPoints),
        _RowWriter.of(TableChange),
    )
    update, params = _update_at_version_sql(append.table, append.after, append.token)
    side, value = RoundPoints._meta.get_field("side"), RoundPoints._meta.get_field("points")
    assert isinstance(side, Field)
    assert isinstance(value, Field)
    one_side = (
        f"(CAST(%s AS {side.cast_db_type(connection)}), "
        f"CAST(%s AS {value.cast_db_type(connection)}))"
    )
    per_side = ", ".join([one_side] * len(append.points))
    sql = (
        f"WITH t AS ({update} RETURNING {q('id')}), "
        f"r AS (INSERT INTO {rounds.table} ({rounds.columns}) SELECT {rounds.casts} FROM t "
        f"RETURNING {q('id')}), "
        f"p AS (INSERT INTO {rows.table} ({q('round_id')}, {q('side')}, {q('points')}) "
        f"SELECT r.{q('id')}, v.side, v.points FROM r CROSS JOIN (VALUES {per_side}) "
        "AS v(side, points)), "
        f"c AS (INSERT INTO {changes.table} ({changes.columns}) SELECT {changes.casts} FROM t) "
        f"SELECT {q('id')} FROM r"
    )
    params += rounds.values(append.hand)
    for row in append.points:
        params += [row.side, row.points]
    params += changes.values(append.change)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:
        return False
    append.hand.pk = found[0]
    for row in append.points:
        row.round = append.hand
    rounds.inserted([append.hand])
    rows.inserted(append.points)
    changes.inserted([append.change])
    return True


def round_record(
    table: Table,
    entry: Mapping[str, object],
    *,
    version: int | None = None,
    token: str | None = None,
    by: Any = None,
    hands: Sequence[StoredHand] | None = None,
    hands_version: int | None = None,
    setup: TableSetup | None = None,
) -> Round:
    """Score a hand and store it as the table's next one; raise EntryError if it is bad.

    ``token`` comes from the new-hand form: the same form sent again (a phone retrying)
    stores nothing and gets back the hand the first one stored, whatever happened since.
    ``version`` is the table's version the form was rendered at: StaleWrite if another write
    came first. ``hands``, the table's hands as the page read them at ``hands_version``, spare
    a second read when the table is still at that version (every change to its hands bumps
    it, under the lock taken here), and so does ``setup``, the table's setup as the page read
    it then (its players are the ones its form named).

    Where the game allows, the hand is stored from the totals the table keeps, without
    reading the earlier hands (``_round_append``); otherwise, and whenever that cannot be
    done safely, all of them are read and scored again.
    """
    appended = _round_append(table, entry, version=version, token=token, by=by, setup=setup)
    if appended is not None:
        return appended
    return _round_record_locked(
        table,
        entry,
        version=version,
        token=token,
        by=by,
        hands=hands,
        hands_version=hands_version,
        setup=setup,
    )


@transaction.atomic
def _round_record_locked(
    table: Table,
    entry: Mapping[str, object],
    *,
    version: int | None,
    token: str | None,
    by: Any,
    hands: Sequence[StoredHand] | None,
    hands_version: int | None,
    setup: TableSetup | None,
) -> Round:
    """``round_record`` on the general path: the table locked, every hand read and scored
    again from the new one on."""
    table = _locked(table)
    if token:
        already = table.rounds.filter(hand_token=token).order_by().first()
        if already is not None:
            return already
    _check_version(table, version)
    if table.is_finished:
        raise EntryError([problem(gettext_noop("the game is over; no more hands"), "round")])
    current = hands_version == table.version
    stored = _StoredHands.read(table, hands if current else None)
    new = Round(table=table, entry=dict(entry), hand_token=token or "")
    stored.rounds.append(new)
    rescored = _change_hands(
        table,
        stored,
        len(stored.rounds) - 1,
        entered=len(stored.rounds) - 1,
        setup=setup if current else None,
    )
    _log_change(
        table,
        TableChange.Kind.RECORDED,
        new,
        after=_hand_snapshot(new, rescored.points[-1]),
        by=by,
    )
    new.points_scored = dict(rescored.points[-1])
    new.state_after = rescored.state
    return new


@transaction.atomic
def round_update(
    round_: Round, entry: Mapping[str, object], *, version: int | None = None, by: Any = None
) -> Round:
    """Replace a hand's entry; every later hand is scored again, and the result follows."""
    table = _locked(round_.table_id)
    _check_version(table, version)
    stored = _StoredHands.read(table)
    index = stored.index_of(round_)
    edited = stored.model(index)
    before = _hand_snapshot(edited, stored.points[edited.pk])
    edited.entry = dict(entry)
    rescored = _change_hands(table, stored, index, entered=index)
    _log_change(
        table,
        TableChange.Kind.EDITED,
        edited,
        before=before,
        after=_hand_snapshot(edited, rescored.points[index]),
        by=by,
    )
    return edited


@transaction.atomic
def round_delete(round_: Round, *, version: int | None = None, by: Any = None) -> None:
    """Delete a hand and close the gap in the numbering; every later hand is scored again and
    the result is decided again."""
    table = _locked(round_.table_id)
    _check_version(table, version)
    stored = _StoredHands.read(table)
    index = stored.index_of(round_)
    gone = stored.model(index)
    stored.rounds.pop(index)
    before = _hand_snapshot(gone, stored.points[gone.pk])
    gone.delete()
    _change_hands(table, stored, index)
    _log_change(table, TableChange.Kind.DELETED, gone, before=before, by=by)


@transaction.atomic
def round_restore(
    table: Table, hand_id: str, *, version: int | None = None, by: Any = None
) -> Round:
    """Put a deleted hand back where it was (or last, if fewer hands are left), with its id and
    token; every later hand is scored again. Restoring it twice restores it once."""
    table = _locked(table)
    already = table.rounds.filter(public_id=hand_id).first()
    if already is not None:
        return already
    _check_version(table, version)
    deleted = (
        table.changes.filter(kind=TableChange.Kind.DELETED, hand_id=hand_id)
        .order_by("-version")
        .first()
    )
    if deleted is None or not deleted.before:
        raise Round.DoesNotExist(f"no deleted hand {hand_id} at table {table.pk}")
    if table.is_finished and not table.rules.ends_when_players_stop:
        raise EntryError([problem(gettext_noop("the game is over; no more hands"), "round")])
    stored = _StoredHands.read(table)
    index = min((deleted.hand_number or 1) - 1, len(stored.rounds))
    snapshot = deleted.before
    back = Round(
        table=table,
        public_id=hand_id,
        entry=dict(snapshot["entry"]),
        hand_token=str(snapshot.get("token") or ""),
    )
    stored.rounds.insert(index, back)
    rescored = _change_hands(table, stored, index, entered=index)
    _log_change(
        table,
        TableChange.Kind.RESTORED,
        back,
        after=_hand_snapshot(back, rescored.points[index]),
        by=by,
    )
    return back


@transaction.atomic
def table_stop(table: Table, *, version: int | None = None, by: Any = None) -> Table:
    """End an evening whose rules set no end (Schafkopf): the best balance wins."""
    table = _locked(table)
    _check_version(table, version)
    if not table.rules.ends_when_players_stop:
        raise EntryError(
            [
                problem(
                    gettext_noop("{game} ends by its rules, not when the players stop"),
                    "table",
                    game=table.rules.name,
                )
            ]
        )
    if table.is_finished:
        return table
    stored = _StoredHands.read(table)
    if not stored.rounds:
        raise EntryError([problem(gettext_noop("no hands were played yet"), "table")])
    _change_hands(table, stored, len(stored.rounds), stopped=True)
    _log_change(table, TableChange.Kind.STOPPED, by=by)
    return table


@transaction.atomic
def table_resume(table: Table, *, version: int | None = None, by: Any = None) -> Table:
    """Take up an evening the players had ended, to play more hands: its result, seat results
    and ratings are taken back until it ends again."""
    table = _locked(table)
    _check_version(table, version)
    if table.rules.ends_when_players_stop and table.is_finished:
        stored = _StoredHands.read(table)
        _change_hands(table, stored, len(stored.rounds), stopped=False)
        _log_change(table, TableChange.Kind.RESUMED, by=by)
    return table


@transaction.atomic
def table_import(document: object, *, club: Club, by: Any = None) -> Table:
    """Create a table from a scoresheet document, with every round, or nothing at all."""
    sheet = read_scoresheet(document)
    # Every bad round named at once, as the CLI names them, before anything is stored.
    score_table(sheet.game, sheet.table, sheet.rounds)
    table = table_create(
        club=club,
        game=sheet.game.key,
        players=sheet.table.players,
        options=sheet.options,
        teams=sheet.table.teams,
    )
    # A known player keeps the spelling already stored ("ann" sits down as "Ann"): where sides
    # are player names, the rounds are stored under the table's sides, as a hand entered later.
    setup = table.setup()
    entries = sheet.rounds
    respell = {
        old: new for old, new in zip(sheet.table.players, setup.players, strict=True) if old != new
    }
    if respell and not setup.teams:
        entries = tuple(_respell_sides(entry, respell) for entry in entries)
    stored = _StoredHands([Round(table=table, entry=dict(entry)) for entry in entries], {}, {}, {})
    _change_hands(table, stored, 0)
    _log_change(table, TableChange.Kind.IMPORTED, after={"hands": len(stored.rounds)}, by=by)
    return table


# -- accounts -----------------------------------------------------------------------------------


def account_language_set(user: Any, language: str) -> None:
    """Remember the language an account chose. Setting it twice, or from two phones at once,
    leaves one row with the last language (an upsert: no read-then-write to race)."""
    AccountSettings.objects.bulk_create(
        [AccountSettings(user=user, language=language)],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["language"],
    )


# -- leagues ------------------------------------------------------------------------------------


def _league_taken(name: str) -> Problem:
    return problem(gettext_noop("there is already a league called {name}"), "name", name=name)


def _league_check(
    club: Club,
    name: str,
    games: Sequence[str],
    members: Sequence[str],
    currency: str,
    exclude: int | None = None,
) -> None:
    problems: list[Problem] = []
    if not name.strip():
        problems.append(problem(gettext_noop("a league needs a name"), "name"))
    elif _others(League.objects.filter(_named(name.strip()), club=club), exclude).exists():
        problems.append(_league_taken(name))
    problems.extend(_too_long([name.strip()], League, "name", _NAME_TOO_LONG, "name"))
    problems.extend(
        _too_long([member.strip() for member in members], Player, "name", _NAME_TOO_LONG, "members")
    )
    if not games:
        problems.append(problem(gettext_noop("a league counts at least one game"), "games"))
    if currency not in dict(CURRENCY_CHOICES):
        problems.append(
            problem(gettext_noop("unknown currency {currency}"), "currency", currency=currency)
        )
    problems.extend(
        problem(gettext_noop("unknown game {game}"), "games", game=game)
        for game in games
        if game not in GAMES
    )
    raise_if_any(problems)


@transaction.atomic
def league_create(
    *,
    club: Club,
    name: str,
    games: Sequence[str],
    members: Sequence[str] = (),
    currency: str = "EUR",
    by: Any = None,
) -> League:
    _league_check(club, name, games, members, currency)
    league = _create_unique(
        League,
        _league_taken(name),
        club=club,
        name=name.strip(),
        games=_in_registry_order(games),
        currency=currency,
    )
    league.members.add(*(player_get_or_create(member, club=club) for member in members))
    club_log(club, ClubChange.Kind.LEAGUE_CREATED, league.name, by=by, after=_league_state(league))
    return league


def _league_state(league: League) -> dict[str, object]:
    return {
        "name": league.name,
        "games": list(league.games),
        "members": sorted(player.name for player in league.members.all()),
        "currency": league.currency,
    }


def club_log(
    club: Club,
    kind: str,
    subject: str = "",
    *,
    by: Any = None,
    before: Mapping[str, object] | None = None,
    after: Mapping[str, object] | None = None,
) -> ClubChange:
    """Record a write to the club's records outside a table's hands in its audit log."""
    return ClubChange.objects.create(
        club=club,
        user=_actor(by),
        kind=kind,
        subject=subject[:200],
        before=before,
        after=after,
    )


class StaleLeague(Exception):
    """An edit from a form rendered before another edit of the league: nothing was stored.
    ``league`` is the league as it is now."""

    def __init__(self, league: League) -> None:
        super().__init__(f"league {league.pk} is at version {league.version}")
        self.league = league


@transaction.atomic
def league_update(
    league: League,
    *,
    name: str,
    games: Sequence[str],
    members: Sequence[str],
    currency: str | None = None,
    version: int | None = None,
    by: Any = None,
) -> League:
    """Rename a league, change what it counts and who belongs; counting other games rates the
    league again, since every rating depends on the tables before it. ``version`` is the one
    the form was rendered at: StaleLeague if another edit came first (None skips the check)."""
    league = League.objects.select_for_update().get(pk=league.pk)
    if version is not None and version != league.version:
        raise StaleLeague(league)
    currency = league.currency if currency is None else currency
    _league_check(league.club, name, games, members, currency, exclude=league.pk)
    before = _league_state(league)
    counted = _in_registry_order(games)
    games_changed = counted != league.games
    stored = league.name, league.games, league.currency
    league.name = name.strip()
    league.games = counted
    league.currency = currency
    league.version += 1
    try:
        with transaction.atomic():
            league.save(update_fields=["name", "games", "currency", "version"])
    except IntegrityError:
        # Another phone took the name first; the page shows the league as it still is.
        league.name, league.games, league.currency = stored
        league.version -= 1
        raise EntryError([_league_taken(name)]) from None
    league.members.set([player_get_or_create(member, club=league.club) for member in members])
    if games_changed:
        ratings.league_ratings_replay(league)
    club_log(
        league.club,
        ClubChange.Kind.LEAGUE_EDITED,
        league.name,
        by=by,
        before=before,
        after=_league_state(league),
    )
    return league


def _in_registry_order(games: Sequence[str]) -> list[str]:
    return [key for key in GAMES if key in games]


@transaction.atomic
def season_create(
    *, league: League, name: str, starts_on: date, ends_on: date, by: Any = None
) -> Season:
    problems: list[Problem] = []
    if ends_on < starts_on:
        problems.append(problem(gettext_noop("a season cannot end before it starts"), "ends_on"))
    taken = problem(
        gettext_noop("{league} already has a season called {name}"),
        "name",
        league=league.name,
        name=name,
    )
    if league.seasons.filter(_named(name.strip())).exists():
        problems.append(taken)
    problems.extend(_too_long([name.strip()], Season, "name", _NAME_TOO_LONG, "name"))
    raise_if_any(problems)
    season = _create_unique(
        Season, taken, league=league, name=name.strip(), starts_on=starts_on, ends_on=ends_on
    )
    club_log(
        league.club,
        ClubChange.Kind.SEASON_CREATED,
        f"{league.name}: {season.name}",
        by=by,
        after=_season_state(season),
    )
    return season


def _season_state(season: Season) -> dict[str, object]:
    return {
        "name": season.name,
        "starts_on": str(season.starts_on),
        "ends_on": str(season.ends_on),
    }


@transaction.atomic
def season_delete(season: Season, *, by: Any = None) -> None:
    """A season is only a date range: deleting it loses no table and no result."""
    league = season.league
    before = _season_state(season)
    season.delete()
    club_log(
        league.club,
        ClubChange.Kind.SEASON_DELETED,
        f"{league.name}: {before['name']}",
        by=by,
        before=before,
    )


# -- clubs, members and links -------------------------------------------------------------------


def club_create(user: Any, name: str) -> Club:
    """A new club, owned by the account that makes it."""
    club = Club.objects.create(name=name)
    Membership.objects.create(club=club, user=user, role=Role.OWNER)
    club_log(club, ClubChange.Kind.CLUB_CREATED, name, by=user, after={"name": name})
    return club


@transaction.atomic
def club_rename(club: Club, name: str, *, by: Any = None) -> Club:
    name = name.strip()
    if not name:
        raise EntryError([problem(gettext_noop("a club needs a name"), "name")])
    raise_if_any(_too_long([name], Club, "name", _NAME_TOO_LONG, "name"))
    before = {"name": club.name}
    club.name = name
    club.save(update_fields=["name"])
    club_log(club, ClubChange.Kind.CLUB_RENAMED, name, by=by, before=before, after={"name": name})
    return club


@transaction.atomic
def invite_create(
    club: Club, *, role: str = Role.SCORER, expires_at: Any = None, by: Any = None
) -> Invite:
    invite = Invite.objects.create(
        club=club,
        role=Role(role),
        expires_at=expires_at,
        created_by=_actor(by),
    )
    club_log(
        club,
        ClubChange.Kind.INVITE_CREATED,
        str(Role(role).label),
        by=by,
        after={"role": str(role), "expires_at": expires_at.isoformat() if expires_at else None},
    )
    return invite


@transaction.atomic
def invite_revoke(invite: Invite, *, by: Any = None) -> None:
    if invite.revoked_at is not None:
        return
    invite.revoked_at = timezone.now()
    invite.save(update_fields=["revoked_at"])
    club_log(invite.club, ClubChange.Kind.INVITE_REVOKED, str(Role(invite.role).label), by=by)


@transaction.atomic
def club_join(invite: Invite, user: Any) -> Membership:
    """Make the account a member through an open invite; a member already keeps the higher of
    its role and the invite's. Two taps on the link make one membership."""
    if not invite.is_open():
        raise EntryError([problem(gettext_noop("this invite link no longer works"), "invite")])
    membership, created = Membership.objects.get_or_create(
        club=invite.club, user=user, defaults={"role": invite.role}
    )
    if created:
        club_log(
            invite.club,
            ClubChange.Kind.MEMBER_JOINED,
            user.get_username(),
            by=user,
            after={"role": invite.role},
        )
    elif not Role(membership.role).allows(Role(invite.role)):
        before = {"role": membership.role}
        membership.role = invite.role
        membership.save(update_fields=["role"])
        club_log(
            invite.club,
            ClubChange.Kind.ROLE_CHANGED,
            user.get_username(),
            by=user,
            before=before,
            after={"role": invite.role},
        )
    return membership


def _locked_membership(membership: Membership) -> Membership:
    """The membership re-read under a lock; one removed meanwhile (another owner's phone) is
    refused in words rather than a crash."""
    found = Membership.objects.select_for_update().filter(pk=membership.pk).first()
    if found is None:
        raise EntryError([problem(gettext_noop("that member is no longer in the club"), "member")])
    return found


def _owners_left(club: Club, without: Membership) -> bool:
    return club.memberships.filter(role=Role.OWNER).exclude(pk=without.pk).exists()


@transaction.atomic
def member_set_role(membership: Membership, role: str, *, by: Any = None) -> Membership:
    """Change a member's role; a club always keeps at least one owner."""
    # The club first, then the member: every membership write queues on the club's row, so
    # two owners stepping down at once cannot leave the club with none.
    Club.objects.select_for_update().get(pk=membership.club_id)
    membership = _locked_membership(membership)
    if (
        membership.role == Role.OWNER
        and role != Role.OWNER
        and not _owners_left(membership.club, membership)
    ):
        raise EntryError([problem(gettext_noop("a club keeps at least one owner"), "role")])
    before = {"role": membership.role}
    membership.role = Role(role)
    membership.save(update_fields=["role"])
    club_log(
        membership.club,
        ClubChange.Kind.ROLE_CHANGED,
        membership.user.get_username(),
        by=by,
        before=before,
        after={"role": str(role)},
    )
    return membership


@transaction.atomic
def member_remove(membership: Membership, *, by: Any = None) -> None:
    """Take a member out of the club (or leave it); the last owner cannot leave."""
    # The club first, then the member: every membership write queues on the club's row, so
    # two owners stepping down at once cannot leave the club with none.
    Club.objects.select_for_update().get(pk=membership.club_id)
    membership = _locked_membership(membership)
    if membership.role == Role.OWNER and not _owners_left(membership.club, membership):
        raise EntryError([problem(gettext_noop("a club keeps at least one owner"), "role")])
    before = {"role": membership.role}
    membership.delete()
    club_log(
        membership.club,
        ClubChange.Kind.MEMBER_REMOVED,
        membership.user.get_username(),
        by=by,
        before=before,
    )


@transaction.atomic
def club_owner_set(club: Club, user: Any) -> tuple[Membership, bool]:
    """Make the account an owner of the club, from the command line (nobody signed in, so the
    log names no one). A member already keeps its membership, raised to owner. Returns the
    membership and whether anything changed."""
    Club.objects.select_for_update().get(pk=club.pk)
    membership = Membership.objects.filter(club=club, user=user).first()
    if membership is None:
        membership = Membership.objects.create(club=club, user=user, role=Role.OWNER)
        club_log(
            club,
            ClubChange.Kind.MEMBER_JOINED,
            user.get_username(),
            after={"role": Role.OWNER.value},
        )
        return membership, True
    if membership.role == Role.OWNER:
        return membership, False
    return member_set_role(membership, Role.OWNER), True


@transaction.atomic
def guests_remove(older_than: date) -> tuple[int, int]:
    """Remove the guest accounts last seen before ``older_than``, and the clubs only they were
    members of, with everything in them. A club that keeps other members but loses its last
    owner gets its longest-standing remaining member as owner. Returns how many guest
    accounts and how many clubs went."""
    guests = list(
        GuestAccount.objects.select_for_update()
        .filter(last_seen__lt=older_than)
        .values_list("user_id", flat=True)
    )
    if not guests:
        return 0, 0
    # Not .distinct() over the join: PostgreSQL refuses FOR UPDATE with DISTINCT.
    club_pks = Membership.objects.filter(user__in=guests).values("club_id")
    removed_clubs = 0
    for club in Club.objects.select_for_update().filter(pk__in=club_pks).order_by("pk"):
        staying = club.memberships.exclude(user__in=guests)
        if not staying.exists():
            club_delete(club)
            removed_clubs += 1
            continue
        for membership in club.memberships.filter(user__in=guests).select_related("user"):
            club_log(
                club,
                ClubChange.Kind.MEMBER_REMOVED,
                membership.user.get_username(),
                before={"role": membership.role},
            )
        if not staying.filter(role=Role.OWNER).exists():
            heir = staying.select_related("user").order_by("joined_at", "pk").first()
            assert heir is not None
            before = {"role": heir.role}
            heir.role = Role.OWNER
            heir.save(update_fields=["role"])
            club_log(
                club,
                ClubChange.Kind.ROLE_CHANGED,
                heir.user.get_username(),
                before=before,
                after={"role": Role.OWNER.value},
            )
    get_user_model().objects.filter(pk__in=guests).delete()
    return len(guests), removed_clubs


@transaction.atomic
def watch_link_set(table: Table, *, on: bool, by: Any = None) -> Table:
    """Make a new watch link for the table (the old one stops working) or turn it off."""
    table = _locked(table)
    table.watch_token = new_link_token() if on else ""
    table.save(update_fields=["watch_token"])
    club_log(
        table.club,
        ClubChange.Kind.WATCH_LINK,
        f"{table.rules.name}",
        by=by,
        after={"table": table.public_id, "on": on},
    )
    return table


@transaction.atomic
def guest_merge(guest: Any, user: Any) -> None:
    """A guest who signs in to a full account: the guest's clubs become the account's (keeping
    the higher role where it is in both), its log entries name the account, and the guest
    account goes."""
    for membership in Membership.objects.filter(user=guest):
        mine = Membership.objects.filter(club=membership.club_id, user=user).first()
        if mine is None:
            membership.user = user
            membership.save(update_fields=["user"])
        elif not Role(mine.role).allows(Role(membership.role)):
            mine.role = membership.role
            mine.save(update_fields=["role"])
    TableChange.objects.filter(user=guest).update(user=user)
    ClubChange.objects.filter(user=guest).update(user=user)
    guest.delete()


@transaction.atomic
def club_delete(club: Club) -> None:
    """Delete the club with everything in it. Its tables go first: a seat protects its player
    from being deleted on its own, and the club's players go with the club."""
    Table.objects.filter(club=club).delete()
    club.delete()


@transaction.atomic
def table_delete(table: Table, *, version: int | None = None, by: Any = None) -> None:
    """Delete a table started by mistake. The club's log keeps it whole, as a scoresheet that
    the import page reads back. A table already deleted (a second tap, another phone) stays
    deleted: nothing more happens."""
    try:
        table = _locked(table)
    except TableGone:
        return
    _check_version(table, version)
    scoresheet = selectors.table_scoresheet(table)
    subject = _table_subject(table)
    club = table.club
    public_id = table.public_id
    table.delete()
    club_log(
        club,
        ClubChange.Kind.TABLE_DELETED,
        subject,
        by=by,
        before={"table": public_id, "scoresheet": scoresheet},
    )


def _table_subject(table: Table) -> str:
    return f"{table.rules.name}: {', '.join(table.setup().players)}"


@transaction.atomic
def table_abandon(table: Table, *, version: int | None = None, by: Any = None) -> Table:
    """Set aside a table nobody will finish: it leaves "In progress", counts in no league and
    takes no hands until it is taken up again (``table_take_up``). Abandoning it twice (a
    second tap, another phone) abandons it once."""
    table = _locked(table)
    if table.is_abandoned:
        return table
    _check_version(table, version)
    if table.is_finished:
        raise EntryError(
            [
                problem(
                    gettext_noop("the game is over; only an unfinished table is abandoned"), "table"
                )
            ]
        )
    table.abandoned_at = timezone.now()
    table.version += 1
    table.save(update_fields=["abandoned_at", "version", "updated_at"])
    _log_change(table, TableChange.Kind.ABANDONED, by=by)
    club_log(
        table.club,
        ClubChange.Kind.TABLE_ABANDONED,
        _table_subject(table),
        by=by,
        after={"table": table.public_id},
    )
    return table


@transaction.atomic
def table_take_up(table: Table, *, version: int | None = None, by: Any = None) -> Table:
    """Undo abandoning: the table is in progress again, as it was. Taking it up twice takes it
    up once."""
    table = _locked(table)
    if not table.is_abandoned:
        return table
    _check_version(table, version)
    table.abandoned_at = None
    table.version += 1
    table.save(update_fields=["abandoned_at", "version", "updated_at"])
    _log_change(table, TableChange.Kind.TAKEN_UP, by=by)
    club_log(
        table.club,
        ClubChange.Kind.TABLE_TAKEN_UP,
        _table_subject(table),
        by=by,
        after={"table": table.public_id},
    )
    return table
