"""Every write to a table and its hands: atomic, validated by the scoring engine, all or
nothing. Each change to the hands goes through the one rescoring path (``write_path``); a new
hand is stored from the table's tally where it can be (``quick_save``)."""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO

from django.contrib.auth.models import User
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from games.clubs.services import (
    TrashStale,
    actor,
    club_create,
    club_log,
    in_trash_since,
    player_get_or_create,
    too_long,
)
from games.leagues import ratings as league_ratings
from games.models import (
    CURRENCY_CHOICES,
    Club,
    ClubChange,
    League,
    Player,
    Round,
    Season,
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
from games.scoring.scoresheet import GameNotSupported, Scoresheet, read_scoresheet
from games.tables import selectors
from games.tables.archive import (
    ArchiveError,
    PublicIds,
    Record,
    archive_problem,
    bad_field,
    problems_in_line,
    read_archive,
)
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
        too_long(players, Player, "name", gettext_noop("{name} is too long for a name"), "players")
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
        already = table.rounds.filter(hand_token=token).order_by().first()
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
    sheet, table = _table_from_sheet(document, club=club, by=by)
    entries = _entries_as_seated(sheet, table)
    stored = StoredHands([Round(table=table, entry=dict(entry)) for entry in entries], {}, {}, {})
    change_hands(table, stored, 0)
    log_change(table, TableChange.Kind.IMPORTED, after={"hands": len(stored.rounds)}, by=by)
    return table


def _table_from_sheet(
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


def _entries_as_seated(sheet: Scoresheet, table: Table) -> Sequence[Mapping[str, object]]:
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


# What a public id or a link's secret may hold: it goes into URLs.
_SLUG = re.compile(r"[-a-zA-Z0-9_]+")


def _slug(record: Record, key: str, max_length: int, *, blank: bool = False) -> str:
    value = record.text(key, max_length, blank=blank)
    if value and not _SLUG.fullmatch(value):
        raise bad_field(record.line, key)
    return value


# How many tables a restore writes between two full garbage collections (below).
COLLECT_EVERY = 50


class _IdsTaken(Exception):
    """The archive's public ids are taken on this server: restore with new ones."""


def club_archive_restore(open_archive: Callable[[], IO[bytes]], *, by: User) -> Club:
    """Make a new club, owned by ``by``, from a club's archive (docs/archive.md): its players,
    leagues with their members, seasons, every table with its hands and log, and the club's
    log; all of it, or nothing (ArchiveError naming the line).

    Nothing scored is taken from the archive: each table's hands go through the write path
    and are scored by the engine, which decides results, seats and ratings again. The
    archive's public ids are kept unless its club still lives on this server; then every id
    is new (``PublicIds``), so the copy's addresses never meet the original's.
    ``open_archive`` opens the file from its start: a second pass needs it again.
    """
    try:
        return _club_archive_restore_or_taken(open_archive(), by=by, ids=PublicIds(keep=True))
    except _IdsTaken:
        return _club_archive_restore_or_taken(open_archive(), by=by, ids=PublicIds(keep=False))


def _club_archive_restore_or_taken(file: IO[bytes], *, by: User, ids: PublicIds) -> Club:
    try:
        return _club_archive_restore(read_archive(file), by=by, ids=ids)
    except (IntegrityError, DataError):
        if ids.keep:
            # Most likely an id already here: another restore of the same club, say.
            raise _IdsTaken from None
        # Two players or leagues of one name, two changes of one version: not what an
        # export writes.
        raise ArchiveError(
            [problem(gettext_noop("the archive contradicts itself"), "archive")]
        ) from None


@transaction.atomic
def _club_archive_restore(records: Iterable[Record], *, by: User, ids: PublicIds) -> Club:
    club: Club | None = None
    players: dict[str, Player] = {}
    leagues: dict[str, League] = {}
    logged = False
    restored_from = ""
    restored = 0
    for record in records:
        if record.kind == "club":
            restored_from = _slug(record, "public_id", 16)
            if ids.keep and Club.objects.filter(public_id=restored_from).exists():
                raise _IdsTaken
            club = club_create(by, record.text("name", 60))
            club.public_id = ids.of(restored_from)
            club.created_at = record.moment("created_at")
            club.save(update_fields=["public_id", "created_at"])
            continue
        assert club is not None  # read_archive yields the club first
        if record.kind == "player":
            player = Player.objects.create(
                club=club,
                public_id=ids.of(_slug(record, "public_id", 16)),
                name=record.text("name", 40),
            )
            # auto_now_add: the date it was first seen is set after the row is made.
            Player.objects.filter(pk=player.pk).update(created_at=record.moment("created_at"))
            players[record.text("public_id", 16)] = player
        elif record.kind == "league":
            leagues[record.text("public_id", 16)] = _league_restore(record, club, players, ids)
        elif record.kind == "season":
            _season_restore(record, leagues, ids)
        elif record.kind == "table":
            league_id = record.raw("league")
            if league_id is not None and (
                not isinstance(league_id, str) or league_id not in leagues
            ):
                raise bad_field(record.line, "league")
            restored += 1
            if restored % COLLECT_EVERY == 0:
                # Each table leaves a few KB of Django's objects in reference cycles, which only
                # a full collection frees; left to itself it runs too seldom, and a long
                # restore's memory would grow with the tables.
                gc.collect()
            table_from_archive(
                record,
                club=club,
                league=leagues.get(league_id) if league_id else None,
                ids=ids,
                by=by,
            )
        elif record.kind == "club_change":
            if not logged:
                # The log made while restoring (the club, each table started) gives way to
                # the archived one, which says when each thing really happened.
                ClubChange.objects.filter(club=club).delete()
                logged = True
            _club_change_restore(record, club, ids, by)
    assert club is not None  # read_archive ends with the end record, after the club
    if not logged:
        ClubChange.objects.filter(club=club).delete()
    club_log(
        club,
        ClubChange.Kind.CLUB_CREATED,
        club.name,
        by=by,
        after={"name": club.name, "restored_from": restored_from},
    )
    return club


def _league_restore(
    record: Record, club: Club, players: Mapping[str, Player], ids: PublicIds
) -> League:
    games = record.texts("games", 20)
    if any(game not in GAMES for game in games):
        raise bad_field(record.line, "games")
    currency = record.text("currency", 3)
    if currency not in {value for value, _label in CURRENCY_CHOICES}:
        raise bad_field(record.line, "currency")
    members = record.texts("members", 16)
    if any(member not in players for member in members):
        raise bad_field(record.line, "members")
    league = League.objects.create(
        club=club,
        public_id=ids.of(_slug(record, "public_id", 16)),
        name=record.text("name", 60),
        games=games,
        currency=currency,
        version=record.number("version"),
    )
    League.objects.filter(pk=league.pk).update(created_at=record.moment("created_at"))
    league.members.set([players[member] for member in members])
    return league


def _season_restore(record: Record, leagues: Mapping[str, League], ids: PublicIds) -> None:
    league = leagues.get(record.text("league", 16))
    if league is None:
        raise bad_field(record.line, "league")
    starts_on, ends_on = record.day("starts_on"), record.day("ends_on")
    if ends_on < starts_on:
        raise bad_field(record.line, "ends_on")
    Season.objects.create(
        league=league,
        public_id=ids.of(_slug(record, "public_id", 16)),
        name=record.text("name", 60),
        starts_on=starts_on,
        ends_on=ends_on,
    )


def _by(record: Record, by: User) -> User | None:
    """Who made an archived change, where this server knows: the account restoring, if the
    archive names it; nobody otherwise (an account is not the archive's to make or name)."""
    return by if record.data.get("by") == by.get_username() else None


def _club_change_restore(record: Record, club: Club, ids: PublicIds, by: User) -> None:
    kind = record.text("kind", 20)
    if kind not in ClubChange.Kind.values:
        raise bad_field(record.line, "kind")
    ClubChange.objects.create(
        club=club,
        user=_by(record, by),
        kind=kind,
        subject=record.text("subject", 200, blank=True),
        before=ids.in_log(record.mapping_or_none("before")),
        after=ids.in_log(record.mapping_or_none("after")),
        created_at=record.moment("created_at"),
    )


@transaction.atomic
def table_from_archive(
    record: Record, *, club: Club, league: League | None, ids: PublicIds, by: User
) -> Table:
    """One archived table, its hands scored again by the engine through the write path (a
    finished league table is rated there, after the ones restored before it), then given back
    its ids, times, version, watch link and log as the archive has them."""
    line = record.line
    hands = record.records("hands")
    changes = record.records("changes")
    try:
        sheet, table = _table_from_sheet(
            record.raw("scoresheet"), club=club, first_dealer=record.number("first_dealer", 0, 15)
        )
    except GameNotSupported as error:
        raise archive_problem(
            line, gettext_noop("line {line}: {game} is not supported"), game=error.game
        ) from None
    except ArchiveError:
        raise
    except EntryError as error:
        raise problems_in_line(line, error.problems, lambda p: p.text(gettext)) from None
    if len(hands) != len(sheet.rounds):
        raise bad_field(line, "hands")
    finished_at = record.moment_or_none("finished_at")
    abandoned_at = record.moment_or_none("abandoned_at")
    table.public_id = ids.of(_slug(record, "public_id", 16))
    table.league = league
    # Kept by the write path when the hands finish the game: the date it finished decides its
    # season and its place in the ratings.
    table.finished_at = finished_at
    table.save(update_fields=["public_id", "league", "finished_at"])
    rounds = [
        Round(
            table=table,
            entry=dict(entry),
            public_id=ids.of(_slug(hand, "public_id", 16)),
            hand_token=hand.text("token", 64, blank=True),
        )
        for hand, entry in zip(hands, _entries_as_seated(sheet, table), strict=True)
    ]
    stopped = finished_at is not None and table.rules.ends_when_players_stop
    try:
        change_hands(table, StoredHands(list(rounds), {}, {}, {}), 0, stopped=stopped)
    except EntryError as error:
        raise problems_in_line(line, error.problems, lambda p: p.text(gettext)) from None
    log = [_table_change(change, table, ids, by) for change in changes]
    TableChange.objects.bulk_create(log, batch_size=500)
    version = max([record.number("version"), *(change.version for change in log)])
    watch_token = _slug(record, "watch_token", 32, blank=True)
    if watch_token and (not ids.keep or Table.objects.filter(watch_token=watch_token).exists()):
        # The link stays on, with a secret of its own: the original's is the original's.
        watch_token = new_link_token()
    tally = {**(table.tally or {}), "version": version}
    # update(), not save(): updated_at is the archive's, not now.
    Table.objects.filter(pk=table.pk).update(
        created_at=record.moment("created_at"),
        updated_at=record.moment("updated_at"),
        abandoned_at=abandoned_at,
        watch_token=watch_token,
        version=version,
        tally=tally,
    )
    return table


def _table_change(record: Record, table: Table, ids: PublicIds, by: User) -> TableChange:
    kind = record.text("kind", 12)
    if kind not in TableChange.Kind.values:
        raise bad_field(record.line, "kind")
    hand_id = _slug(record, "hand_id", 16, blank=True)
    hand_number = record.raw("hand_number")
    if hand_number is not None:
        hand_number = record.number("hand_number", 1)
    return TableChange(
        table=table,
        user=_by(record, by),
        version=record.number("version", 1),
        kind=kind,
        hand_id=ids.of(hand_id) if hand_id else "",
        hand_number=hand_number,
        before=record.mapping_or_none("before"),
        after=record.mapping_or_none("after"),
        created_at=record.moment("created_at"),
    )
