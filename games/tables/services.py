"""Every write to a table and its hands: atomic, validated by the scoring engine, all or
nothing. Each change to the hands goes through the one rescoring path (``write_path``); a new
hand is stored from the table's tally where it can be (``quick_save``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.clubs.services import (
    TrashStale,
    actor,
    club_log,
    in_trash_since,
    player_get_or_create,
    too_long,
)
from games.leagues import ratings as league_ratings
from games.models import (
    Club,
    ClubChange,
    League,
    Player,
    Round,
    Seat,
    Table,
    TableChange,
    new_link_token,
)
from games.scoring import (
    GAMES,
    EntryError,
    RoundScore,
    TableSetup,
    Team,
    score_table,
)
from games.scoring.errors import problem, raise_if_any
from games.scoring.i18n import gettext_noop
from games.scoring.scoresheet import Scoresheet, read_scoresheet
from games.tables import selectors
from games.tables.quick_save import round_append
from games.tables.selectors import StoredHand
from games.tables.write_path import (
    StoredHands,
    TableGone,
    change_hands,
    check_version,
    hand_snapshot,
    log_change,
    table_locked,
    tally_of,
)


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
    by: User | None = None,
    public_id: str | None = None,
) -> Table:
    """Create a table after the engine has checked the game, seats, teams and options.

    A table played for a league must be of a game the league counts; its players join the
    league, so nobody has to be added by hand before their first game.

    ``public_id`` is the address a phone chose for a table started with no signal (the shape
    of ``models.new_public_id``), so the address it showed offline is the table's: the same
    id with the same table (club, game, players, options) again answers with the table the
    first call made, and stores nothing; an id already another table's is refused, saying
    nothing about that table.
    """
    if public_id is not None and not CLIENT_TABLE_ID.fullmatch(public_id):
        raise EntryError([problem(gettext_noop("that is not a table's address"), "table")])
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
        too_long(players, Player, "name", gettext_noop("{name} is too long for a name"), "players")
    )
    options = _with_league_currency(game, options or {}, league)
    setup = GAMES[game].setup(players, options, teams)
    if not 0 <= first_dealer < len(players):
        raise EntryError(
            [problem(gettext_noop("the first dealer must sit at the table"), "dealer")]
        )
    wanted = _TableContent(club.pk, game, dict(options), first_dealer, league, setup)
    if public_id is not None:
        already = Table.with_deleted.filter(public_id=public_id).first()
        if already is not None:
            return wanted.same_as(already)
    # Imported team names may be longer than a seat can store (PostgreSQL would refuse them).
    team_names = [team.name for team in setup.teams]
    raise_if_any(
        too_long(
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
    try:
        # A savepoint: another phone's call with the same id, at the same moment, may store
        # its table first; this one then answers with it.
        with transaction.atomic():
            table = Table.objects.create(
                club=club,
                game=game,
                options=dict(options),
                first_dealer=first_dealer,
                league=league,
                tally=tally_of(0, 0, dict.fromkeys(setup.sides, 0), None),
                **({} if public_id is None else {"public_id": public_id}),
            )
    except IntegrityError:
        if public_id is None:
            raise
        return wanted.same_as(Table.with_deleted.get(public_id=public_id))
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


# A table's address as models.new_public_id makes it (80 bits in base32, lower case, unpadded):
# the only shape a phone may choose for a table it started offline.
CLIENT_TABLE_ID = re.compile(r"[a-z2-7]{16}")


class _TableContent:
    """What a table was started with, to tell a phone's retry from another table."""

    def __init__(
        self,
        club: int,
        game: str,
        options: dict[str, object],
        first_dealer: int,
        league: League | None,
        setup: TableSetup,
    ) -> None:
        self.key = (club, game, options, first_dealer, league.pk if league else None)
        self.seats = [
            (name.casefold(), setup.side_of(name) if setup.teams else "") for name in setup.players
        ]

    def same_as(self, table: Table) -> Table:
        """``table`` if it is the one asked for (a retry: the first answer again); else a
        refusal that says nothing of it (another club's, or in the trash)."""
        key = (table.club_id, table.game, table.options, table.first_dealer, table.league_id)
        if table.deleted_at is not None or key[0] != self.key[0]:
            raise EntryError(
                [problem(gettext_noop("that address is taken: start the table again"), "table")]
            )
        seats = [
            (seat.player.name.casefold(), seat.team)
            for seat in table.seats.select_related("player").order_by("position")
        ]
        if key != self.key or seats != self.seats:
            raise EntryError(
                [
                    problem(
                        gettext_noop(
                            "a table with other players or options was started at that "
                            "address: start this one again"
                        ),
                        "table",
                    )
                ]
            )
        return table


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


def next_dealer(table: Table, setup: TableSetup, earlier: Sequence[RoundScore]) -> int:
    """The seat that deals the next hand, ``earlier`` being the hands already played."""
    last = table.rounds.order_by("-number").values_list("dealer", flat=True).first()
    return table.rules.next_dealer(setup, earlier, last, table.first_dealer)


def round_record(
    table: Table,
    entry: Mapping[str, object],
    *,
    version: int | None = None,
    token: str | None = None,
    by: User | None = None,
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
    reading the earlier hands (``round_append``); otherwise, and whenever that cannot be
    done safely, all of them are read and scored again.
    """
    appended = round_append(table, entry, version=version, token=token, by=by, setup=setup)
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
    by: User | None,
    hands: Sequence[StoredHand] | None,
    hands_version: int | None,
    setup: TableSetup | None,
) -> Round:
    """``round_record`` on the general path: the table locked, every hand read and scored
    again from the new one on."""
    table = table_locked(table)
    if token:
        already = selectors.hand_with_token(table, token)
        if already is not None:
            return already
    check_version(table, version)
    if table.is_finished:
        raise EntryError([problem(gettext_noop("the game is over; no more hands"), "round")])
    current = hands_version == table.version
    stored = StoredHands.read(table, hands if current else None)
    new = Round(table=table, entry=dict(entry), hand_token=token or "")
    stored.rounds.append(new)
    rescored = change_hands(
        table,
        stored,
        len(stored.rounds) - 1,
        entered=len(stored.rounds) - 1,
        setup=setup if current else None,
    )
    log_change(
        table,
        TableChange.Kind.RECORDED,
        new,
        after=hand_snapshot(new, rescored.points[-1]),
        by=by,
    )
    new.points_scored = dict(rescored.points[-1])
    new.state_after = rescored.state
    return new


@transaction.atomic
def round_update(
    round_: Round,
    entry: Mapping[str, object],
    *,
    version: int | None = None,
    by: User | None = None,
) -> Round:
    """Replace a hand's entry; every later hand is scored again, and the result follows."""
    table = table_locked(round_.table_id)
    check_version(table, version)
    stored = StoredHands.read(table)
    index = stored.index_of(round_)
    edited = stored.model(index)
    before = hand_snapshot(edited, stored.points[edited.pk])
    edited.entry = dict(entry)
    rescored = change_hands(table, stored, index, entered=index)
    log_change(
        table,
        TableChange.Kind.EDITED,
        edited,
        before=before,
        after=hand_snapshot(edited, rescored.points[index]),
        by=by,
    )
    return edited


@transaction.atomic
def round_delete(round_: Round, *, version: int | None = None, by: User | None = None) -> None:
    """Delete a hand and close the gap in the numbering; every later hand is scored again and
    the result is decided again."""
    table = table_locked(round_.table_id)
    check_version(table, version, round_)
    stored = StoredHands.read(table)
    index = stored.index_of(round_)
    gone = stored.model(index)
    stored.rounds.pop(index)
    before = hand_snapshot(gone, stored.points[gone.pk])
    gone.delete()
    change_hands(table, stored, index)
    log_change(table, TableChange.Kind.DELETED, gone, before=before, by=by)


@transaction.atomic
def round_restore(
    table: Table, hand_id: str, *, version: int | None = None, by: User | None = None
) -> Round:
    """Put a deleted hand back where it was (or last, if fewer hands are left), with its id and
    token; every later hand is scored again. Restoring it twice restores it once."""
    table = table_locked(table)
    already = table.rounds.filter(public_id=hand_id).first()
    if already is not None:
        return already
    check_version(table, version)
    deleted = (
        table.changes.filter(kind=TableChange.Kind.DELETED, hand_id=hand_id)
        .order_by("-version")
        .first()
    )
    if deleted is None or not deleted.before:
        raise Round.DoesNotExist(f"no deleted hand {hand_id} at table {table.pk}")
    if table.is_finished and not table.rules.ends_when_players_stop:
        raise EntryError([problem(gettext_noop("the game is over; no more hands"), "round")])
    stored = StoredHands.read(table)
    index = min((deleted.hand_number or 1) - 1, len(stored.rounds))
    snapshot = deleted.before
    back = Round(
        table=table,
        public_id=hand_id,
        entry=dict(snapshot["entry"]),
        hand_token=str(snapshot.get("token") or ""),
    )
    stored.rounds.insert(index, back)
    rescored = change_hands(table, stored, index, entered=index)
    log_change(
        table,
        TableChange.Kind.RESTORED,
        back,
        after=hand_snapshot(back, rescored.points[index]),
        by=by,
    )
    return back


@transaction.atomic
def table_stop(table: Table, *, version: int | None = None, by: User | None = None) -> Table:
    """End an evening whose rules set no end (Schafkopf): the best balance wins."""
    return _evening_set(table, stopped=True, version=version, by=by)


@transaction.atomic
def table_resume(table: Table, *, version: int | None = None, by: User | None = None) -> Table:
    """Take up an evening the players had ended, to play more hands: its result, seat results
    and ratings are taken back until it ends again."""
    return _evening_set(table, stopped=False, version=version, by=by)


def _evening_set(table: Table, *, stopped: bool, version: int | None, by: User | None) -> Table:
    """End an open-ended evening or take it up again, under the table's lock and from a page
    at its version; ending or resuming it twice does it once. Only a game without an end in
    its rules is ended this way, and only once a hand was played."""
    table = table_locked(table)
    check_version(table, version)
    if stopped and not table.rules.ends_when_players_stop:
        raise EntryError(
            [
                problem(
                    gettext_noop("{game} ends by its rules, not when the players stop"),
                    "table",
                    game=table.rules.name,
                )
            ]
        )
    if not table.rules.ends_when_players_stop or table.is_finished == stopped:
        return table
    stored = StoredHands.read(table)
    if stopped and not stored.rounds:
        raise EntryError([problem(gettext_noop("no hands were played yet"), "table")])
    change_hands(table, stored, len(stored.rounds), stopped=stopped)
    log_change(table, TableChange.Kind.STOPPED if stopped else TableChange.Kind.RESUMED, by=by)
    return table


@transaction.atomic
def table_import(document: object, *, club: Club, by: User | None = None) -> Table:
    """Create a table from a scoresheet document, with every round, or nothing at all."""
    sheet, table = table_from_sheet(document, club=club, by=by)
    entries = entries_as_seated(sheet, table)
    stored = StoredHands([Round(table=table, entry=dict(entry)) for entry in entries], {}, {}, {})
    change_hands(table, stored, 0)
    log_change(table, TableChange.Kind.IMPORTED, after={"hands": len(stored.rounds)}, by=by)
    return table


def table_from_sheet(
    document: object, *, club: Club, first_dealer: int = 0, by: User | None = None
) -> tuple[Scoresheet, Table]:
    """The scoresheet's table, made with no hands yet, once the engine accepted every hand."""
    sheet = read_scoresheet(document)
    # Every bad round named at once, as the CLI names them, before anything is stored.
    score_table(sheet.game, sheet.table, sheet.rounds)
    table = table_create(
        club=club,
        game=sheet.game.key,
        players=sheet.table.players,
        options=sheet.options,
        teams=sheet.table.teams,
        by=by,
        first_dealer=first_dealer,
    )
    return sheet, table


def entries_as_seated(sheet: Scoresheet, table: Table) -> Sequence[Mapping[str, object]]:
    """The sheet's rounds as the table stores them. A known player keeps the spelling already
    stored ("ann" sits down as "Ann"): where sides are player names, the rounds are stored
    under the table's sides, as a hand entered later."""
    setup = table.setup()
    respell = {
        old: new for old, new in zip(sheet.table.players, setup.players, strict=True) if old != new
    }
    if respell and not setup.teams:
        return tuple(_respell_sides(entry, respell) for entry in sheet.rounds)
    return sheet.rounds


@transaction.atomic
def watch_link_set(table: Table, *, on: bool, by: User | None = None) -> Table:
    """Make a new watch link for the table (the old one stops working) or turn it off."""
    table = table_locked(table)
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
def table_delete(table: Table, *, version: int | None = None, by: User | None = None) -> None:
    """Put a table started by mistake in the trash: found by no address and counted in no
    league, its hands and log kept, so the club's owners can restore it (``table_restore``)
    until ``manage.py trash_purge`` deletes it for good. The club's log keeps it whole too,
    as a scoresheet that the import page reads back, which outlives the purge. A table
    already deleted (a second tap, another phone) stays deleted: nothing more happens."""
    try:
        table = table_locked(table)
    except TableGone:
        return
    check_version(table, version)
    scoresheet = selectors.table_scoresheet(table)
    table.deleted_at = timezone.now()
    table.deleted_by = actor(by)
    # Not updated_at: the trash says when it was deleted, and a restored table keeps its place.
    Table.with_deleted.filter(pk=table.pk).update(
        deleted_at=table.deleted_at, deleted_by=table.deleted_by
    )
    _league_ratings_follow(table)
    club_log(
        table.club,
        ClubChange.Kind.TABLE_DELETED,
        _table_subject(table),
        by=by,
        before={"table": table.public_id, "scoresheet": scoresheet},
    )


@transaction.atomic
def table_restore(table: Table, *, listed: str | None = None, by: User | None = None) -> Table:
    """Take a table out of the trash as it was: its id, hands, log and version, and its place in
    its league's standings and ratings. Restoring it twice restores it once; TrashStale when
    it was restored and deleted again since the trash ``listed`` it."""
    found = Table.with_deleted.select_for_update().filter(pk=table.pk).first()
    if found is None:
        raise TableGone
    if found.deleted_at is None:
        return found
    if not in_trash_since(found.deleted_at, listed):
        raise TrashStale
    before = {"table": found.public_id, "deleted_at": found.deleted_at.isoformat()}
    found.deleted_at = None
    found.deleted_by = None
    Table.with_deleted.filter(pk=found.pk).update(deleted_at=None, deleted_by=None)
    _league_ratings_follow(found)
    club_log(
        found.club,
        ClubChange.Kind.TABLE_RESTORED,
        _table_subject(found),
        by=by,
        before=before,
        after={"table": found.public_id},
    )
    return found


def _league_ratings_follow(table: Table) -> None:
    """Rate the league again without a table just deleted, or with one just restored: only a
    finished table of a league is rated."""
    if table.league_id is not None and table.finished_at is not None:
        league = League.objects.get(pk=table.league_id)
        league_ratings.league_ratings_replay(league)


def _table_subject(table: Table) -> str:
    return f"{table.rules.name}: {', '.join(table.setup().players)}"


@transaction.atomic
def table_abandon(table: Table, *, version: int | None = None, by: User | None = None) -> Table:
    """Set aside a table nobody will finish: it leaves "In progress", counts in no league and
    takes no hands until it is taken up again (``table_take_up``). Abandoning it twice (a
    second tap, another phone) abandons it once."""
    return _table_set_aside(table, abandoned=True, version=version, by=by)


@transaction.atomic
def table_take_up(table: Table, *, version: int | None = None, by: User | None = None) -> Table:
    """Undo abandoning: the table is in progress again, as it was. Taking it up twice takes it
    up once."""
    return _table_set_aside(table, abandoned=False, version=version, by=by)


def _table_set_aside(
    table: Table, *, abandoned: bool, version: int | None, by: User | None
) -> Table:
    """Abandon the table or take it up again: under its lock, once however often it is asked,
    from a page at its version; the table's log and the club's say who."""
    table = table_locked(table)
    if table.is_abandoned == abandoned:
        return table
    check_version(table, version)
    if abandoned and table.is_finished:
        raise EntryError(
            [
                problem(
                    gettext_noop("the game is over; only an unfinished table is abandoned"), "table"
                )
            ]
        )
    table.abandoned_at = timezone.now() if abandoned else None
    table.version += 1
    table.save(update_fields=["abandoned_at", "version", "updated_at"])
    log_change(table, TableChange.Kind.ABANDONED if abandoned else TableChange.Kind.TAKEN_UP, by=by)
    club_log(
        table.club,
        ClubChange.Kind.TABLE_ABANDONED if abandoned else ClubChange.Kind.TABLE_TAKEN_UP,
        _table_subject(table),
        by=by,
        after={"table": table.public_id},
    )
    return table
