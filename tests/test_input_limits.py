"""Inputs that used to crash (HTTP 500): each gets a clear message and nothing is stored."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games import services
from games.models import League, Player, Round, Seat, Table
from games.scoring import EntryError
from games.views import holds_nul
from tests.factories import points_entry
from tests.pages import html

pytestmark = pytest.mark.django_db

SHEET = {
    "format": "scoresheet/1",
    "game": "scopa",
    "players": ["Ann", "Bob"],
    "rounds": [{"points": {"Ann": 3, "Bob": 1}}],
}


def upload(client: Client, content: bytes) -> str:
    response = client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("sheet.json", content, "application/json")},
    )
    assert response.status_code == 422
    assert Table.objects.count() == 0 and Player.objects.count() == 0
    return html(response)


def test_an_upload_over_2_mb_is_refused(client: Client) -> None:
    padded = json.dumps({**SHEET, "note": "x" * (2 * 1024 * 1024)}).encode()

    assert "The file is larger than 2 MB." in upload(client, padded)


def test_deeply_nested_json_is_refused(client: Client) -> None:
    nested = b"[" * 100_000 + b"]" * 100_000

    assert "This file nests too deeply to be a scoresheet." in upload(client, nested)


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


def test_the_nul_check_walks_any_depth_without_recursion() -> None:
    deep: object = "fine"
    for _level in range(50_000):
        deep = [deep]
    assert not holds_nul(deep)
    assert holds_nul({"a": [{"b": ["x\u0000"]}]})


def test_a_scoresheet_with_a_utf8_bom_still_imports(client: Client) -> None:
    content = "\ufeff".encode() + json.dumps(SHEET).encode()

    response = client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("sheet.json", content, "application/json")},
    )

    assert response.status_code == 302
    assert Round.objects.count() == 1


def test_a_league_member_name_over_40_characters_is_refused() -> None:
    with pytest.raises(EntryError) as refused:
        services.league_create(name="Club", games=["scopa"], members=["A" * 41])

    assert refused.value.problems[0].field == "members"
    assert not League.objects.exists() and not Player.objects.exists()


def test_a_league_member_name_over_40_characters_is_shown_on_the_form(client: Client) -> None:
    response = client.post(
        reverse("games:leagues"), {"name": "Club", "games": ["scopa"], "members": "B" * 41}
    )

    assert response.status_code == 422
    assert f"{'B' * 41} is too long for a name" in html(response)
    assert not League.objects.exists()


def test_seasons_differing_only_in_case_are_one_name() -> None:
    club = services.league_create(name="Club", games=["scopa"])
    services.season_create(league=club, name="Autumn", starts_on="2026-09-01", ends_on="2026-12-31")

    with pytest.raises(EntryError):
        services.season_create(
            league=club, name="autumn", starts_on="2026-09-01", ends_on="2026-12-31"
        )


def test_an_evening_for_big_money_ends_with_its_money_kept() -> None:
    """A Schafkopf evening whose money is past what a 32-bit column holds."""
    table = services.table_create(
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"cents_per_point": 10_000},
    )
    for _hand in range(3):
        services.round_record(
            table, points_entry(Ann=300_000, Bob=-100_000, Cy=-100_000, Di=-100_000)
        )

    services.table_stop(table)

    ann = Seat.objects.get(table=table, player__name="Ann")
    assert ann.total == 900_000
    assert ann.money_cents == 9_000_000_000
    assert Table.objects.get().is_finished
