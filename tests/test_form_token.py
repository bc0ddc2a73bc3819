"""The CSRF token a saved hand's answer carries (games.http.form_token): Django's get_token
with the mask's letters drawn from one read of the system's random source."""

from __future__ import annotations

import re
from collections import Counter
from unittest import mock

import pytest
from django.middleware.csrf import (
    CSRF_ALLOWED_CHARS,
    CSRF_SECRET_LENGTH,
    _get_new_csrf_string,
    _unmask_cipher_token,
)
from django.test import Client, RequestFactory
from django.urls import reverse

from games import http
from games.models import Role, Table
from games.tables import services as table_services
from tests.clubs import home_club, member
from tests.factories import points_entry
from tests.pages import HTMX, inputs


def test_it_is_the_requests_secret_masked_afresh_and_renews_the_cookie() -> None:
    request = RequestFactory().get("/")
    secret = _get_new_csrf_string()
    request.META["CSRF_COOKIE"] = secret

    tokens = [http.form_token(request) for _token in range(50)]

    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True
    assert all(len(token) == 2 * CSRF_SECRET_LENGTH for token in tokens)
    assert all(re.fullmatch("[a-zA-Z0-9]+", token) for token in tokens)
    assert {_unmask_cipher_token(token) for token in tokens} == {secret}
    assert len({token[:CSRF_SECRET_LENGTH] for token in tokens}) == 50


def test_without_a_secret_it_is_djangos_which_makes_one() -> None:
    request = RequestFactory().get("/")

    token = http.form_token(request)

    assert _unmask_cipher_token(token) == request.META["CSRF_COOKIE"]
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True


def test_each_letter_of_the_mask_is_equally_likely() -> None:
    # Every byte value once: the 248 below the largest multiple of 62 give each letter four
    # times, the 8 above it none (a letter they gave would come up more often than the rest).
    every_byte = bytes(range(256))
    with mock.patch.object(http.os, "urandom", side_effect=[every_byte]):
        letters = http._random_letters(248)

    assert Counter(letters) == dict.fromkeys(CSRF_ALLOWED_CHARS, 4)


def test_the_mask_reads_the_random_source_again_while_too_few_bytes_were_fair() -> None:
    unfair, fair = bytes([255] * 48), bytes(range(48))
    with mock.patch.object(http.os, "urandom", side_effect=[unfair, fair]) as read:
        letters = http._random_letters(CSRF_SECRET_LENGTH)

    assert read.call_count == 2
    assert letters == CSRF_ALLOWED_CHARS[:CSRF_SECRET_LENGTH]


@pytest.mark.django_db
def test_the_undo_in_a_saved_hands_answer_deletes_the_hand_with_its_csrf_token() -> None:
    table = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    table_services.round_record(table, points_entry(Ann=1, Bob=2))
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(member(home_club(), Role.SCORER))
    url = reverse("games:table", kwargs={"table": table.public_id})
    shown = inputs(phone.get(url)).values
    fields = {
        name: shown[name]
        for name in ("table_version", "hand_token", "form_signature", "csrfmiddlewaretoken")
    }
    hand = {"mode": "points", "scopas_0": "0", "scopas_1": "0", "points_0": "3", "points_1": "1"}
    answer = phone.post(url, {**fields, **hand}, **HTMX)
    assert answer.status_code == 200
    undo = re.search(
        r'<form method="post" action="([^"]+)"[^>]*>\s*<input type="hidden" '
        r'name="csrfmiddlewaretoken" value="([^"]+)"',
        answer.content.decode(),
    )
    assert undo is not None
    assert _unmask_cipher_token(undo[2]) == phone.cookies["csrftoken"].value

    deleted = phone.post(undo[1], {"csrfmiddlewaretoken": undo[2], "table_version": "2"})

    assert deleted.status_code == 302
    assert Table.objects.get(pk=table.pk).rounds.count() == 1
