"""The club's stored words are made in the visitor's language at the time: the default club a
guest gets ("My games") and the subjects of the club's log are stored as the visitor read them
(they are plain text beside names the players typed, and a club renamed keeps its new name), and
the log's kinds are translated for whoever reads the log."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.models import Club, ClubChange, Role
from tests.pages import html
from tests.test_access_matrix import make_world

pytestmark = pytest.mark.django_db

NEW_SCOPA = {"game": "scopa", "player_0": "Ann", "player_1": "Bob"}


def said(language: str, message: str) -> str:
    with translation.override(language):
        text = translation.gettext(message)
    assert text != message, f"{message!r} has no {language} translation"
    return text


@pytest.mark.parametrize("language", ["it", "de", "ja"])
def test_a_guests_first_club_is_named_in_the_guests_language(language: str) -> None:
    phone = Client(HTTP_ACCEPT_LANGUAGE=language)

    assert phone.post(reverse("games:table_new"), NEW_SCOPA).status_code == 302

    club = Club.objects.get()
    assert club.name == said(language, "My games")
    created = ClubChange.objects.get(kind=ClubChange.Kind.CLUB_CREATED)
    assert created.subject == club.name
    club_page = html(phone.get(reverse("games:club", kwargs={"club": club.public_id})))
    assert f"<h1>{club.name}</h1>" in club_page


def test_a_guest_who_picked_a_language_on_the_switch_gets_its_club_in_it() -> None:
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    phone.post(reverse("set_language"), {"language": "de", "next": "/"})

    phone.post(reverse("games:table_new"), NEW_SCOPA)

    assert Club.objects.get().name == "Meine Spiele"


def test_the_club_log_keeps_the_role_as_the_owner_read_it_and_each_reader_reads_the_kind() -> None:
    world = make_world()
    owner = Client(HTTP_ACCEPT_LANGUAGE="de")
    owner.force_login(world.users["owner"])

    owner.post(
        reverse("games:invite_create", kwargs={"club": world.club.public_id}),
        {"role": Role.VIEWER.value, "days": "7"},
    )

    entry = ClubChange.objects.filter(kind=ClubChange.Kind.INVITE_CREATED).latest("pk")
    assert entry.subject == "Zuschauer"
    club_url = reverse("games:club", kwargs={"club": world.club.public_id})
    german = html(owner.get(club_url))
    assert f"{said('de', 'invite link made')}: Zuschauer" in german
    italian = html(owner.get(club_url, HTTP_ACCEPT_LANGUAGE="it"))
    assert f"{said('it', 'invite link made')}: Zuschauer" in italian
