"""The one path every change to a table's hands takes: lock the table's row, check the
version the phone's page was rendered at (``StaleWrite`` when another write came first),
read the hands once, score them again from the first changed one, store only what changed,
decide the result (the table, its seats, a league's ratings), bump the version, keep the
tally and log the change."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.db.models import F
from django.utils import timezone

from games.clubs.services import actor
from games.leagues import ratings as league_ratings
from games.leagues import selectors as league_selectors
from games.models import (
    Round,
    RoundPoints,
    Seat,
    Table,
    TableChange,
)
from games.scoring import (
    EntryError,
    Game,
    GameState,
    RoundScore,
    TableSetup,
)
from games.scoring.errors import problem
from games.scoring.i18n import gettext_noop
from games.tables import selectors
from games.tables.selectors import StoredHand


def _seats_record_result(table: Table, setup: TableSetup, state: GameState | None) -> None:
    """Keep each seat's result (``None``: the game is not over) for standings to sum."""
    seats = list(table.seats.select_related("player"))
    results = seat_results(table.rules, setup, state) if state else {}
    for outcome in results.values():
        if any(
            isinstance(value, int) and abs(value) > LARGEST_STORED
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
    cents_per_point, currency = league_selectors.money_per_point(setup.game, setup.options)
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


class StaleWrite(Exception):
    """A write from a form rendered at an older version of the table: nothing was stored.

    ``changes`` are the table's changes since that version, oldest first, so the phone can say
    what happened meanwhile; empty when the form carried no version at all. ``hand`` is the
    hand the write was about, as the phone saw it, if it was about one.
    """

    def __init__(
        self, table: Table, changes: Sequence[TableChange], hand: Round | None = None
    ) -> None:
        super().__init__(f"table {table.pk} is at version {table.version}")
        self.table = table
        self.changes = list(changes)
        self.hand = hand


# The largest number a BigIntegerField keeps: points beyond it are refused, never stored
# wrapped around or crashing the database.
LARGEST_STORED = 2**63 - 1


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


def table_locked(table: Table | int) -> Table:
    """The table re-read under a row lock, so writes to one table queue up behind each other;
    TableGone when it was deleted meanwhile (it can be, since tables can be deleted)."""
    pk = table if isinstance(table, int) else table.pk
    found = Table.objects.select_for_update().filter(pk=pk).first()
    if found is None:
        raise TableGone
    return found


def check_version(table: Table, version: int | None, hand: Round | None = None) -> None:
    """Refuse a write from a form rendered at another version of the (locked) table.

    ``version`` None skips the check (imports, the demo, the services' own callers); a
    negative one is a form that carried no version, always out of date. ``hand``: the hand
    the write is about, if any, as the refusal names it.
    """
    if version is not None and version != table.version:
        raise StaleWrite(table, changes_since(table, version), hand)


def changes_since(table: Table, version: int) -> list[TableChange]:
    """The table's changes after ``version``, oldest first; none known for a negative one (a
    form that carried no version)."""
    return list(table.changes.filter(version__gt=version)) if version >= 0 else []


@dataclass
class StoredHands:
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
    def read(cls, table: Table, hands: Sequence[StoredHand] | None = None) -> StoredHands:
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


def hand_snapshot(round_: Round, points: Mapping[str, int]) -> dict[str, object]:
    """A hand as the audit log keeps it: enough to say what changed, and to restore it."""
    return {
        "entry": round_.entry,
        "points": dict(points),
        "dealer": round_.dealer,
        "token": round_.hand_token,
    }


def log_change(
    table: Table,
    kind: str,
    round_: Round | None = None,
    *,
    before: Mapping[str, object] | None = None,
    after: Mapping[str, object] | None = None,
    by: User | None = None,
) -> TableChange:
    change = change_row(table, kind, round_, before=before, after=after, by=by)
    change.save(force_insert=True)
    return change


def change_row(
    table: Table,
    kind: str,
    round_: Round | None = None,
    *,
    before: Mapping[str, object] | None = None,
    after: Mapping[str, object] | None = None,
    by: User | None = None,
) -> TableChange:
    """The audit log's row for a change, not yet stored (``log_change`` stores it; a hand
    stored from the tally writes it with the hand)."""
    return TableChange(
        table=table,
        user=actor(by),
        version=table.version,
        kind=kind,
        hand_id=round_.public_id if round_ else "",
        hand_number=round_.number if round_ else None,
        before=before,
        after=after,
    )


def as_stored(value: object) -> object:
    """A breakdown as the JSON column gives it back (tuples become lists), for comparing."""
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class Rescored:
    """What re-scoring a table's hands found: the game's state and each hand's points."""

    state: GameState
    points: list[dict[str, int]]


def _rescore(
    table: Table,
    setup: TableSetup,
    stored: StoredHands,
    first_changed: int,
    entered: int | None = None,
) -> Rescored:
    """What the engine makes of ``stored.rounds`` (the hands in their new order; new ones
    unsaved, changed ones with their new entry), in one pass.

    Hands before ``first_changed`` (an index) are taken as stored; from there to the end every
    hand is scored again against the ones before it and gets its number, dealer and breakdown;
    all but the one ``entered`` are stored hands replayed (``RoundTracker.rescore``). Raises
    EntryError when the entries no longer form a valid game: a hand that is now invalid (a
    Ciapanò player already out; named by its number unless it is the hand being ``entered``,
    whose form shows the problems), or hands after the game would end.
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
            score = tracker.add(round_.entry, stored=index != entered)
        except EntryError as error:
            raise (error if index == entered else error.in_round(index + 1)) from None
        if any(abs(value) > LARGEST_STORED for value in score.points.values()):
            raise EntryError(
                [problem(gettext_noop("these points are too large to keep"), "points")]
            ).in_round(index + 1)
        round_.number = index + 1
        round_.dealer = dealer
        round_.breakdown = as_stored(dict(score.breakdown))
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
    return Rescored(state, points)


def _store_rounds(
    table: Table, stored: StoredHands, first_changed: int, rescored: Rescored
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
    rescored: Rescored,
    *,
    stopped: bool,
    finished_before: bool,
    last_dealer: int | None,
    rate_league: bool,
) -> None:
    """Keep the result the hands give on the table and its seats, bump the table's version,
    and bring a league's ratings up to date (unless the caller rates the league itself).

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
    if (
        rate_league
        and table.league_id is not None
        and (finished_before or table.finished_at is not None)
    ):
        league_ratings.league_ratings_update(table.league_id, table)


def change_hands(
    table: Table,
    stored: StoredHands,
    first_changed: int,
    *,
    entered: int | None = None,
    stopped: bool | None = None,
    setup: TableSetup | None = None,
    rate_league: bool = True,
) -> Rescored:
    """The one path every change to a table takes: re-score from the first changed hand to
    the end, store what changed, decide the result again (seats, ratings), bump the version.

    ``stopped`` says whether an open-ended evening (Schafkopf) is over; by default it stays
    as it was. ``setup``: the table's setup, when the caller read it at the version the
    locked table still has (else it is read here). ``rate_league`` False: the caller rates
    the league once its writes are done (a restore of many tables), not after each table.
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
        rate_league=rate_league,
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
