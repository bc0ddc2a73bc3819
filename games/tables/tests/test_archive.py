"""A club's archive: one download holds everything the club owns, and restoring it makes the
same club: every page shows the same figures, the hands scored again by the engine."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import re
import sys
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import Client
from django.urls import reverse

from games.clubs import services as club_services
from games.demo import demo_league_create
from games.leagues import services as league_services
from games.models import (
    Club,
    ClubChange,
    League,
    Player,
    Rating,
    Role,
    Round,
    Table,
    TableChange,
)
from games.tables import archive_restore
from games.tables import selectors as table_selectors
from games.tables import services as table_services
from games.tables.archive import ArchiveError, encode
from tests.clubs import member
from tests.factories import points_entry

pytestmark = pytest.mark.django_db

OWNER = "archivist"


def build_club() -> tuple[Club, Any]:
    """The demo league, and beside it what the demo never makes: a league table mid-game with
    an edited hand and a deleted one in its log and its watch link on, an abandoned table, an
    ended Schafkopf evening, a deleted table, a second season."""
    club = Club.objects.create(name="Thursday table")
    owner = member(club, Role.OWNER, OWNER)
    league = demo_league_create(club=club, tables=24, seed=5)
    mid = table_services.table_create(
        club=club, game="scopa", players=["Ann", "Bruno"], league=league, by=owner
    )
    table_services.round_record(mid, points_entry(Ann=3, Bruno=1), by=owner)
    second = table_services.round_record(mid, points_entry(Ann=2, Bruno=2), by=owner)
    table_services.round_record(mid, points_entry(Ann=1, Bruno=4), by=owner)
    table_services.round_update(second, points_entry(Ann=2, Bruno=3), by=owner)
    table_services.round_delete(Round.objects.get(pk=second.pk), by=owner)
    table_services.watch_link_set(mid, on=True, by=owner)
    abandoned = table_services.table_create(
        club=club, game="ciapano", players=["Chiara", "Dieter", "Emi"], by=owner
    )
    table_services.round_record(abandoned, points_entry(Chiara=4, Dieter=4, Emi=3), by=owner)
    table_services.table_abandon(abandoned, by=owner)
    evening = table_services.table_create(
        club=club,
        game="schafkopf",
        players=["Ann", "Bruno", "Chiara", "Dieter"],
        options={"cents_per_point": 10},
        league=league,
        by=owner,
    )
    table_services.round_record(
        evening, points_entry(Ann=30, Bruno=-10, Chiara=-10, Dieter=-10), by=owner
    )
    table_services.table_stop(evening, by=owner)
    gone = table_services.table_create(club=club, game="scopa", players=["Ann", "Ilse"], by=owner)
    table_services.table_delete(gone, by=owner)
    return club, owner


@pytest.fixture(scope="module")
def built_club(django_db_setup: None, django_db_blocker: Any) -> Iterator[tuple[int, int]]:
    """The club of ``build_club`` (its pk and its owner's), built once for the module's tests
    in a transaction rolled back after the last, as the authorisation matrix builds its world
    (tests/test_access_matrix.py): each test runs in a savepoint of its own inside it, rolled
    back when it ends, so a test that deletes or restores the club leaves the next one the club
    as it was built. Building it was most of each test's time, on each database."""
    outer = transaction.atomic()
    with django_db_blocker.unblock():
        outer.__enter__()
        try:
            club, owner = build_club()
        except BaseException:
            outer.__exit__(*sys.exc_info())
            raise
    try:
        yield club.pk, owner.pk
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def archived(built_club: tuple[int, int]) -> tuple[Club, Any]:
    """The built club and its owner, read afresh for each test (a test changes its own)."""
    club, owner = built_club
    return Club.objects.get(pk=club), get_user_model().objects.get(pk=owner)


def archive_of(client: Client, club: Club) -> bytes:
    response = client.get(reverse("games:club_archive", args=[club.public_id]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip"
    return b"".join(response.streaming_content)


def restore(client: Client, archive: bytes) -> Any:
    upload = SimpleUploadedFile("club.jsonl.gz", archive, "application/gzip")
    return client.post(reverse("games:club_archive_restore"), {"archive": upload})


def page_urls(club: Club) -> list[str]:
    """Every page of the club that shows a figure."""
    urls = [reverse("games:home"), reverse("games:leagues")]
    urls.append(reverse("games:scoresheets_json", args=[club.public_id]))
    for league in League.objects.filter(club=club):
        url = reverse("games:league", kwargs={"league": league.public_id})
        urls += [url, url + "?game=schafkopf&sort=money", url + "?game=scopa"]
        urls += [url + f"?season={season.public_id}" for season in league.seasons.all()]
        urls.append(reverse("games:league_standings_csv", kwargs={"league": league.public_id}))
        urls.append(reverse("games:league_tables_csv", kwargs={"league": league.public_id}))
    for player in Player.objects.filter(club=club):
        urls.append(reverse("games:player", kwargs={"player": player.public_id}))
    for table in Table.objects.filter(club=club):
        for name in ("games:table", "games:table_changes", "games:table_export"):
            urls.append(reverse(name, kwargs={"table": table.public_id}))
    return sorted(urls)


# What differs from one rendering to the next whatever the data: the CSRF token and a new hand
# form's token.
VOLATILE = re.compile(
    r'((?:name="(?:csrfmiddlewaretoken|hand_token)" value=|"X-CSRFToken": )")[^"]*"'
)


def body(response: Any) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def pages(client: Client, club: Club) -> dict[str, str]:
    shown = {}
    for url in page_urls(club):
        response = client.get(url)
        assert response.status_code == 200, url
        shown[url] = VOLATILE.sub(r'\1"', body(response).decode())
    return shown


def test_a_restored_club_shows_every_page_as_the_original_did(
    archived: tuple[Club, Any], client: Client
) -> None:
    club, owner = archived
    client.force_login(owner)
    before = pages(client, club)
    ratings = sorted(Rating.objects.filter(league__club=club).values_list("scope", "mu", "sigma"))
    log = list(ClubChange.objects.filter(club=club).values_list("kind", "subject", "created_at"))
    archive = archive_of(client, club)
    public_id = club.public_id
    # Gone for good (deleted, and the trash emptied), so its ids are free again.
    club_services.club_delete(club)
    club_services.trash_purge(days=0)

    response = restore(client, archive)

    assert response.status_code == 302
    restored = Club.objects.get(name="Thursday table")
    # Restored where the club is gone: the same ids, so the same addresses.
    assert restored.public_id == public_id
    assert response["Location"] == reverse("games:club", args=[public_id])
    assert "Club restored." in client.get(response["Location"]).content.decode()
    after = pages(client, restored)
    assert after.keys() == before.keys()
    for url, page in before.items():
        assert after[url].splitlines() == page.splitlines(), url
    assert (
        sorted(Rating.objects.filter(league__club=restored).values_list("scope", "mu", "sigma"))
        == ratings
    )
    restored_log = ClubChange.objects.filter(club=restored).order_by("created_at", "pk")
    assert list(restored_log.values_list("kind", "subject", "created_at"))[:-1] == log
    last = restored_log.last()
    assert last is not None
    assert last.user == owner
    assert last.after == {"name": "Thursday table", "restored_from": public_id}


def test_a_club_restored_beside_itself_has_new_ids_and_the_same_figures(
    archived: tuple[Club, Any], client: Client
) -> None:
    club, owner = archived
    client.force_login(owner)
    archive = archive_of(client, club)

    assert restore(client, archive).status_code == 302

    copy = Club.objects.exclude(pk=club.pk).get(name="Thursday table")
    assert copy.public_id != club.public_id
    for model in (Player, League, Table):
        originals = set(model.objects.filter(club=club).values_list("public_id", flat=True))
        copies = set(model.objects.filter(club=copy).values_list("public_id", flat=True))
        assert len(copies) == len(originals)
        assert not copies & originals
    for original, restored in zip(
        Table.objects.filter(club=club).order_by("created_at", "pk"),
        Table.objects.filter(club=copy).order_by("created_at", "pk"),
        strict=True,
    ):
        assert table_selectors.table_scoresheet(restored) == table_selectors.table_scoresheet(
            original
        )
        for field in ("finished_at", "abandoned_at", "created_at", "winners", "version"):
            assert getattr(restored, field) == getattr(original, field), field
        assert bool(restored.watch_token) == bool(original.watch_token)
        assert restored.watch_token != original.watch_token or not original.watch_token
        # The log's hands are the copy's hands: a deleted one can be restored in the copy.
        hands = set(restored.rounds.values_list("public_id", flat=True))
        logged = {c.hand_id for c in restored.changes.all() if c.hand_id}
        deleted = {c.hand_id for c in restored.changes.all() if c.kind == TableChange.Kind.DELETED}
        assert logged - deleted <= hands
    for original, restored in zip(
        League.objects.filter(club=club), League.objects.filter(club=copy), strict=True
    ):
        standings = "games:league_standings_csv"
        assert body(client.get(reverse(standings, kwargs={"league": restored.public_id}))) == body(
            client.get(reverse(standings, kwargs={"league": original.public_id}))
        )
        # The tables' list names each table by its id: every other column is the same.
        tables = "games:league_tables_csv"
        assert without_first_column(
            body(client.get(reverse(tables, kwargs={"league": restored.public_id})))
        ) == without_first_column(
            body(client.get(reverse(tables, kwargs={"league": original.public_id})))
        )


def without_first_column(csv: bytes) -> list[bytes]:
    return [line.partition(b",")[2] for line in csv.splitlines()]


def test_a_deleted_hand_of_a_restored_table_can_be_restored(
    archived: tuple[Club, Any], client: Client
) -> None:
    club, owner = archived
    client.force_login(owner)
    archive = archive_of(client, club)
    restore(client, archive)
    copy = Club.objects.exclude(pk=club.pk).get(name="Thursday table")
    table = Table.objects.get(club=copy, watch_token__gt="", finished_at=None)
    deletion = table.changes.get(kind=TableChange.Kind.DELETED)

    table_services.round_restore(table, deletion.hand_id, version=table.version, by=owner)

    assert table.rounds.count() == 3
    # And a new hand is stored from the tally the restore left at the table's version.
    table_services.round_record(
        Table.objects.get(pk=table.pk), points_entry(Ann=1, Bruno=1), by=owner
    )
    assert Table.objects.get(pk=table.pk).hands_played == 4


def lines_of(archive: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in gzip.decompress(archive).splitlines()]


def plain(records: list[dict[str, Any]]) -> bytes:
    return b"".join(encode(record) for record in records)


def test_only_an_owner_downloads_the_archive(archived: tuple[Club, Any], client: Client) -> None:
    club, _owner = archived
    client.force_login(member(club, Role.SCORER, "scorer"))
    response = client.get(reverse("games:club_archive", args=[club.public_id]))
    assert response.status_code == 403


def each(kind: str, change: Any) -> Any:
    """A spoiler changing every record of one kind."""
    return lambda records: [{**r, **change(r)} if r["record"] == kind else r for r in records]


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        pytest.param(lambda records: records[:-1], "damaged or cut short", id="cut short"),
        pytest.param(lambda records: records[1:], "line 1 is out of order", id="no club first"),
        pytest.param(
            lambda records: [records[0], records[-2], *records[1:]],
            "line 3 is out of order",
            id="out of order",
        ),
        pytest.param(
            each("club", lambda r: {"format": "scorekeeper-archive/9"}),
            "not a Scorekeeper club archive",
            id="another format",
        ),
        pytest.param(
            each("player", lambda r: {"name": ["x"]}), "name is missing", id="a name not text"
        ),
        pytest.param(
            each("table", lambda r: {"public_id": "a/b"}), "public_id is missing", id="bad id"
        ),
        pytest.param(
            each("table", lambda r: {"finished_at": "yesterday"}),
            "finished_at is missing",
            id="a date that is none",
        ),
        pytest.param(
            each("table", lambda r: {"scoresheet": {**r["scoresheet"], "game": "poker"}}),
            ": game must be one of scopa",
            id="a game not supported",
        ),
        pytest.param(
            each(
                "table",
                lambda r: {
                    "scoresheet": {**r["scoresheet"], "rounds": [{"points": {"Ann": -5}}]},
                    "hands": [{"public_id": "x", "token": ""}],
                },
            ),
            ": round 1:",
            id="a hand the engine refuses",
        ),
        pytest.param(
            each("player", lambda r: {"name": "same"}),
            "contradicts itself",
            id="two players of one name",
        ),
        pytest.param(
            each("table", lambda r: {"changes": [*r["changes"], *r["changes"]]}),
            "contradicts itself",
            id="two changes of one version",
        ),
        pytest.param(
            each("table", lambda r: {"league": ["a", "list"]}),
            "league is missing",
            id="a table's league that is no id",
        ),
        pytest.param(
            each("season", lambda r: {"league": "nosuchleague"}),
            "league is missing",
            id="a season of no league",
        ),
    ],
)
def test_a_bad_archive_restores_nothing_and_says_why(
    archived: tuple[Club, Any], client: Client, spoil: Any, said: str
) -> None:
    club, owner = archived
    client.force_login(owner)
    records = lines_of(archive_of(client, club))
    counts = (Club.objects.count(), Table.objects.count(), ClubChange.objects.count())

    response = restore(client, plain(spoil(records)))

    assert response.status_code == 422
    assert b'id="form-errors"' in response.content
    assert said in response.content.decode()
    assert (Club.objects.count(), Table.objects.count(), ClubChange.objects.count()) == counts


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\x1f\x8b\x08\x00garbage",
        b"not json\n",
        b"[1,2]\n",
        b'{"record": "club"}\n',
        b'{"a": "\\u0000"}\n',
        b"[" * 100_000 + b"\n",
        b"\xff\xfe\n",
    ],
)
def test_a_file_that_is_no_archive_restores_nothing(
    archived: tuple[Club, Any], client: Client, content: bytes
) -> None:
    _club, owner = archived
    client.force_login(owner)
    clubs = Club.objects.count()
    response = restore(client, content)
    assert response.status_code == 422
    assert Club.objects.count() == clubs


def test_the_restore_page_takes_an_archive_larger_than_other_uploads(
    archived: tuple[Club, Any], client: Client, settings: Any
) -> None:
    club, owner = archived
    client.force_login(owner)
    settings.REQUEST_BODY_MAX_BYTES = 1000
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 1000
    archive = archive_of(client, club)
    assert len(archive) > 1000
    assert restore(client, archive).status_code == 302
    settings.ARCHIVE_MAX_BYTES = 1000
    assert restore(client, archive).status_code == 400


def test_the_restore_page_and_the_club_page_link_to_each_other(
    archived: tuple[Club, Any], client: Client
) -> None:
    club, owner = archived
    client.force_login(owner)
    page = client.get(reverse("games:club", args=[club.public_id])).content.decode()
    assert reverse("games:club_archive", args=[club.public_id]) in page
    assert (
        reverse("games:club_archive_restore") in client.get(reverse("games:clubs")).content.decode()
    )
    form = client.get(reverse("games:club_archive_restore"))
    assert form.status_code == 200
    assert b'enctype="multipart/form-data"' in form.content


def test_the_command_restores_a_plain_archive(
    archived: tuple[Club, Any], tmp_path: Any, client: Client
) -> None:
    club, owner = archived
    client.force_login(owner)
    path = tmp_path / "club.jsonl"
    path.write_bytes(gzip.decompress(archive_of(client, club)))
    out = io.StringIO()

    call_command("club_restore", str(path), "--owner", OWNER, stdout=out)

    copy = Club.objects.exclude(pk=club.pk).get(name="Thursday table")
    assert copy.public_id in out.getvalue()
    assert copy.tables.count() == club.tables.count()
    assert copy.memberships.get().user == owner


def test_the_command_refuses_a_bad_archive_with_its_problems(tmp_path: Any) -> None:
    member(Club.objects.create(name="x"), Role.OWNER, OWNER)
    path = tmp_path / "club.jsonl"
    path.write_bytes(b'{"record": "player"}\n')
    with pytest.raises(CommandError, match="line 1 is out of order"):
        call_command("club_restore", str(path), "--owner", OWNER)


def test_archive_error_is_an_entry_error() -> None:
    # The restore page shows it as it shows every problem with an upload.
    assert issubclass(ArchiveError, ValueError)


def small_archive() -> tuple[list[dict[str, Any]], Any]:
    """One record of every kind (and a table with a log), for trying every field."""
    club = Club.objects.create(name="Small")
    owner = member(club, Role.OWNER, "small-owner")
    league = league_services.league_create(club=club, name="L", games=["scopa"], members=["Ann"])
    league_services.season_create(
        league=league, name="S", starts_on=date(2026, 1, 1), ends_on=date(2026, 12, 31)
    )
    table = table_services.table_create(
        club=club, game="scopa", players=["Ann", "Bob"], league=league, by=owner
    )
    hand = table_services.round_record(table, points_entry(Ann=3, Bob=1), by=owner)
    table_services.round_delete(hand, by=owner)
    table_services.round_record(table, points_entry(Ann=11, Bob=1), by=owner)
    records = [encode(record) for record in table_selectors.club_archive(club)]
    return [json.loads(line) for line in records], owner


WRONG = (None, [1], {"a": 1}, -1, True, "x" * 300, "2026-13-01", "a b")


def test_no_field_of_any_record_crashes_a_restore() -> None:
    records, owner = small_archive()
    tried = 0
    for index, record in enumerate(records):
        for key in record:
            if key == "record":
                continue
            for wrong in WRONG:
                spoilt = [*records[:index], {**record, key: wrong}, *records[index + 1 :]]
                archive = plain(spoilt)
                # Restored, or refused for what is wrong: never another exception.
                with contextlib.suppress(ArchiveError):
                    archive_restore.club_archive_restore(lambda a=archive: io.BytesIO(a), by=owner)
                tried += 1
    assert tried > 200


def test_the_restore_page_still_checks_the_csrf_token(
    archived: tuple[Club, Any], client: Client
) -> None:
    # The view sets its own upload handlers, so its CSRF check runs inside it, not before.
    club, owner = archived
    client.force_login(owner)
    archive = archive_of(client, club)
    guarded = Client(enforce_csrf_checks=True)
    guarded.force_login(owner)
    clubs = Club.objects.count()
    upload = SimpleUploadedFile("club.jsonl.gz", archive, "application/gzip")
    response = guarded.post(reverse("games:club_archive_restore"), {"archive": upload})
    assert response.status_code == 403
    assert Club.objects.count() == clubs
