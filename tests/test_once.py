"""``{% once %}`` (games/templatetags/once.py): the frame every page repeats is rendered once
per process for each language and given again, and a page is exactly what rendering it anew
gives, for anyone, in any language, on any page."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.templatetags import once
from tests.pages import signed_in_client

pytestmark = pytest.mark.django_db

# What differs between two renders of one page anyway.
TOKENS = re.compile(r'(name="csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]*"')


def page(client: Client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return TOKENS.sub(r'\1"', response.content.decode())


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_pages_given_the_remembered_frame_are_what_rendering_them_gives(language: str) -> None:
    signed_in, anonymous = signed_in_client(), Client()
    pages = [(signed_in, "/"), (anonymous, "/rules/"), (signed_in, "/rules/"), (anonymous, "/")]
    once._RENDERED.clear()
    # Each page after the first is given what the others left: other pages, other people.
    remembered = [page(client, url, language) for client, url in pages]
    assert once._RENDERED
    for (client, url), given in zip(pages, remembered, strict=True):
        once._RENDERED.clear()
        assert given == page(client, url, language), url


def test_the_frame_follows_the_language_and_the_account() -> None:
    signed_in, anonymous = signed_in_client(), Client()
    once._RENDERED.clear()

    english = page(signed_in, "/rules/", "en")
    german = page(anonymous, "/rules/", "de")
    german_signed_in = page(signed_in, "/rules/", "de")

    assert '<html lang="en"' in english
    assert "Sign out" in english
    assert '<html lang="de"' in german
    assert "Anmelden" in german
    assert "Abmelden" not in german
    assert "Abmelden" in german_signed_in
    assert "Anmelden" not in german_signed_in
    assert 'value="de" lang="de" selected' in german
    assert 'value="en" lang="en" selected' in english
