"""A club made again from its archive (docs/archive.md): read a record at a time, every
table's hands scored again by the engine through the write path, then given back its ids,
times, version and logs; all of it in one transaction, or nothing."""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterable, Mapping
from typing import IO

from django.contrib.auth.models import User
from django.db import DataError, IntegrityError, transaction
from django.utils.translation import gettext

from games.clubs.services import club_create, club_log
from games.leagues.ratings import league_ratings_replay
from games.models import (
    CURRENCY_CHOICES,
    Club,
    ClubChange,
    League,
    Player,
    Round,
    Season,
    Table,
    TableChange,
    has_token,
    new_link_token,
)
from games.scoring import GAMES
from games.scoring.errors import EntryError, problem
from games.scoring.i18n import gettext_noop
from games.scoring.scoresheet import GameNotSupported
from games.tables.archive import (
    ArchiveError,
    PublicIds,
    Record,
    archive_problem,
    bad_field,
    problems_in_line,
    read_archive,
)
from games.tables.services import entries_as_seated, table_from_sheet
from games.tables.write_path import StoredHands, change_hands

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
    for league in leagues.values():
        # Once per league, after its last table: rating after each table restored would
        # replay the league so far again and again (an archive's tables need not come in the
        # order they finished), a quarter of a big restore's time.
        league_ratings_replay(league)
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
    """One archived table, its hands scored again by the engine through the write path, then
    given back its ids, times, version, watch link and log as the archive has them. Its league
    is rated by the caller, once the league's tables are all restored."""
    line = record.line
    hands = record.records("hands")
    changes = record.records("changes")
    try:
        sheet, table = table_from_sheet(
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
        for hand, entry in zip(hands, entries_as_seated(sheet, table), strict=True)
    ]
    stopped = finished_at is not None and table.rules.ends_when_players_stop
    try:
        change_hands(
            table, StoredHands(list(rounds), {}, {}, {}), 0, stopped=stopped, rate_league=False
        )
    except EntryError as error:
        raise problems_in_line(line, error.problems, lambda p: p.text(gettext)) from None
    log = [_table_change(change, table, ids, by) for change in changes]
    TableChange.objects.bulk_create(log, batch_size=500)
    version = max([record.number("version"), *(change.version for change in log)])
    watch_token = _slug(record, "watch_token", 32, blank=True)
    taken = Table.objects.filter(has_token(Table, "watch_token"), watch_token=watch_token)
    if watch_token and (not ids.keep or taken.exists()):
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
