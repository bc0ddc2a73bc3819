"""Inputs that used to crash (HTTP 500): each gets a clear message and nothing is stored."""

from __future__ import annotations

import io
import json
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.handlers.wsgi import WSGIRequest
from django.test import Client, RequestFactory
from django.urls import reverse

from games.clubs import services as club_services
from games.leagues import services as league_services
from games.models import League, Player, Round, Seat, Table
from games.scoring import EntryError
from games.tables import services as table_services
from games.tables.forms import SCORESHEET_MAX_BYTES
from games.uploads import MAX_DEPTH, HoldsNul, TooDeep, check_document
from tests.clubs import home_club
from tests.factories import points_entry
from tests.pages import html

pytestmark = pytest.mark.django_db

SHEET = {
    "format": "scoresheet/1",
    "game": "scopa",
    "players": ["Ann", "Bob"],
    "rounds": [{"points": {"Ann": 3, "Bob": 1}}],
}

JOSE = {**SHEET, "players": ["José", "Bob"], "rounds": [{"points": {"José": 3, "Bob": 1}}]}


def upload(client: Client, content: bytes) -> str:
    response = client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("sheet.json", content, "application/json")},
    )
    assert response.status_code == 422
    assert Table.objects.count() == 0
    assert Player.objects.count() == 0
    return html(response)


def test_an_upload_over_2_mb_is_refused_unread(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unexpected(*args: object, **kwargs: object) -> None:
        raise AssertionError("an upload over 2 MB was read")

    monkeypatch.setattr("games.tables.table_views.json.load", unexpected)
    padded = json.dumps({**SHEET, "note": "x" * (2 * 1024 * 1024)}).encode()

    assert "The file is larger than 2 MB." in upload(client, padded)


def test_an_upload_between_2_mb_and_the_body_limit_gets_the_forms_own_message(
    client: Client,
) -> None:
    """The body limit sits above the form's 2 MB, so a 2.3 MB file still reaches the form."""
    padded = json.dumps({**SHEET, "note": "x" * (2_300_000)}).encode()
    assert SCORESHEET_MAX_BYTES < len(padded) < settings.REQUEST_BODY_MAX_BYTES - 1000

    assert "The file is larger than 2 MB." in upload(client, padded)


def test_a_10_mb_upload_is_refused_with_400_before_it_is_read(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unexpected(*args: object, **kwargs: object) -> None:
        raise AssertionError("a 10 MB upload was read")

    monkeypatch.setattr("scorekeeper.limits.RefuseLargeBodies.receive_data_chunk", unexpected)
    monkeypatch.setattr("games.tables.table_views.json.load", unexpected)
    padded = json.dumps({**SHEET, "note": "x" * (10 * 1024 * 1024)}).encode()

    response = client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("sheet.json", padded, "application/json")},
    )

    assert response.status_code == 400
    assert Table.objects.count() == 0


def test_an_oversized_form_post_is_refused_with_400(client: Client) -> None:
    body = urlencode({"game": "scopa", "player_0": "Ann", "player_1": "x" * 3_000_000})

    response = client.post(
        reverse("games:table_new"), body, content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 400
    assert Table.objects.count() == 0
    assert Player.objects.count() == 0


def test_an_oversized_body_is_refused_before_a_byte_is_read(rf: RequestFactory) -> None:
    """Django compares Content-Length with the limit first: the body is never read."""

    class Unreadable(io.BytesIO):
        def read(self, *args: object) -> bytes:
            raise AssertionError("the body was read")

        readline = read

    size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
    for content_type in ("application/x-www-form-urlencoded", "multipart/form-data; boundary=b"):
        environ = rf._base_environ(  # type: ignore[attr-defined]
            REQUEST_METHOD="POST",
            CONTENT_TYPE=content_type,
            CONTENT_LENGTH=str(size),
            **{"wsgi.input": Unreadable()},
        )
        request = WSGIRequest(environ)
        with pytest.raises(RequestDataTooBig):
            request.POST  # noqa: B018


def test_the_body_limits_are_set_explicitly() -> None:
    assert 2 * 1024 * 1024 < settings.REQUEST_BODY_MAX_BYTES <= 3 * 1024 * 1024
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.REQUEST_BODY_MAX_BYTES
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == settings.REQUEST_BODY_MAX_BYTES
    assert settings.FILE_UPLOAD_HANDLERS[0] == "scorekeeper.limits.RefuseLargeBodies"
    assert settings.DATA_UPLOAD_MAX_NUMBER_FIELDS == 1000


def test_deeply_nested_json_is_refused(client: Client) -> None:
    """Deeper than json.load goes: it raises RecursionError itself."""
    nested = b"[" * 100_000 + b"]" * 100_000

    assert "This file nests too deeply to be a scoresheet." in upload(client, nested)


@pytest.mark.parametrize("depth", [MAX_DEPTH, 900])
def test_nesting_json_load_accepts_is_refused_before_the_engine_reads_it(
    client: Client, depth: int
) -> None:
    """Shallow enough for json.load, too deep for a scoresheet: refused before anything after
    json.load could recurse on it."""
    nested = "[" * depth + "1" + "]" * depth
    content = json.dumps(SHEET)[:-1] + f', "options": {{"target": {nested}}}}}'
    json.loads(content)

    assert "This file nests too deeply to be a scoresheet." in upload(client, content.encode())


@pytest.mark.parametrize(
    "document",
    [
        {**SHEET, "players": ["Ann\u0000", "Bob"]},
        {**SHEET, "rounds": [{"points": {"Ann": 3, "Bob": 1}, "note\u0000": 1}]},
        [SHEET, {**SHEET, "options": {"target": "1\u00001"}}],
    ],
)
def test_a_nul_character_anywhere_is_refused(client: Client, document: object) -> None:
    content = json.dumps(document).encode()

    assert "This file holds a NUL character, which no name or value may." in upload(client, content)


def test_the_document_check_walks_any_depth_without_recursion() -> None:
    deep: object = "fine"
    for _level in range(50_000):
        deep = [deep]
    with pytest.raises(TooDeep):
        check_document(deep)
    with pytest.raises(TooDeep):
        check_document({"a": deep})


def test_the_document_check_finds_a_nul_in_any_key_or_string() -> None:
    for document in ({"a": [{"b": ["x\u0000"]}]}, {"a": {"\u0000": 1}}, "\u0000", ["ok", "x\x00y"]):
        with pytest.raises(HoldsNul):
            check_document(document)


def test_the_document_check_passes_every_documented_scoresheet_and_an_export() -> None:
    from pathlib import Path

    examples = sorted((Path(__file__).resolve().parent.parent / "docs/examples").glob("*.json"))
    documents = [json.loads(path.read_text()) for path in examples]
    assert documents
    for document in documents:
        check_document(document)
    check_document(documents)
    check_document([1, [2, [3]], {"a": None, "b": True, "c": 1.5}], max_depth=3)
    with pytest.raises(TooDeep):
        check_document([[[[]]]], max_depth=3)


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le"])
def test_a_scoresheet_with_a_bom_or_in_utf_16_still_imports(client: Client, encoding: str) -> None:
    content = json.dumps(JOSE, ensure_ascii=False)

    response = client.post(
        reverse("games:table_import"),
        {
            "scoresheet": SimpleUploadedFile(
                "sheet.json", content.encode(encoding), "application/json"
            )
        },
    )

    assert response.status_code == 302
    assert Round.objects.count() == 1
    assert Player.objects.filter(name="José").exists()


def test_a_scoresheet_not_in_utf_8_is_refused_as_not_json(client: Client) -> None:
    content = json.dumps(JOSE, ensure_ascii=False)

    assert "This file is not valid JSON." in upload(client, content.encode("latin-1"))


def test_a_league_member_name_over_40_characters_is_refused() -> None:
    with pytest.raises(EntryError) as refused:
        league_services.league_create(
            club=home_club(), name="Club", games=["scopa"], members=["A" * 41]
        )

    assert refused.value.problems[0].field == "members"
    assert not League.objects.exists()
    assert not Player.objects.exists()


def test_a_league_member_name_over_40_characters_is_refused_on_update() -> None:
    club = league_services.league_create(
        club=home_club(), name="Club", games=["scopa"], members=["Ann"]
    )

    with pytest.raises(EntryError) as refused:
        league_services.league_update(
            club, name="Club 2", games=["scopa"], members=["Ann", "C" * 41]
        )

    assert [p.field for p in refused.value.problems] == ["members"]
    club.refresh_from_db()
    assert club.name == "Club"
    assert list(club.members.values_list("name", flat=True)) == ["Ann"]
    assert Player.objects.count() == 1


def test_a_league_member_name_over_40_characters_is_shown_on_the_form(client: Client) -> None:
    response = client.post(
        reverse("games:leagues"), {"name": "Club", "games": ["scopa"], "members": "B" * 41}
    )

    assert response.status_code == 422
    assert f"{'B' * 41} is too long for a name" in html(response)
    assert not League.objects.exists()


def test_seasons_differing_only_in_case_are_one_name() -> None:
    club = league_services.league_create(club=home_club(), name="Club", games=["scopa"])
    league_services.season_create(
        league=club, name="Autumn", starts_on="2026-09-01", ends_on="2026-12-31"
    )

    with pytest.raises(EntryError):
        league_services.season_create(
            league=club, name="autumn", starts_on="2026-09-01", ends_on="2026-12-31"
        )


def test_an_evening_for_big_money_ends_with_its_money_kept() -> None:
    """A Schafkopf evening whose money is past what a 32-bit column holds."""
    table = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"cents_per_point": 10_000},
    )
    for _hand in range(3):
        table_services.round_record(
            table, points_entry(Ann=300_000, Bob=-100_000, Cy=-100_000, Di=-100_000)
        )

    table_services.table_stop(table)

    ann = Seat.objects.get(table=table, player__name="Ann")
    assert ann.total == 900_000
    assert ann.money_cents == 9_000_000_000
    assert Table.objects.get().is_finished


def test_a_name_the_same_only_in_lower_case_finds_that_player() -> None:
    """PostgreSQL lowers "İlker" to "ilker" (how the unique constraint compares names) but
    upper-cases them apart (how ``iexact`` compares): the second spelling used to meet the
    constraint, then miss the row by ``iexact``, and crash."""
    from django.db import connection

    ilker = club_services.player_get_or_create("ilker", club=home_club())
    club = league_services.league_create(
        club=home_club(), name="Club", games=["scopa"], members=["İlker"]
    )

    member = club.members.get()
    assert club_services.player_get_or_create("İlker", club=home_club()).pk == member.pk
    if connection.vendor == "postgresql":
        assert member.pk == ilker.pk
