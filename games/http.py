"""Typing for requests as the views receive them."""

from __future__ import annotations

import os

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.utils.http import parse_etags
from django_htmx.middleware import HtmxDetails

# Whoever is on the other end of a request: an account (a guest's too) or nobody signed in.
Visitor = User | AnonymousUser


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it, so type checkers know ``htmx``
    (django-htmx's documented pattern). Only for annotations: no instance is ever made."""

    htmx: HtmxDetails


# The header the service worker sends with the pages it fetches in the background to keep a copy
# for offline use (templates/pwa/service-worker.js, refresh).
KEPT_COPY_HEADER = "X-Kept-Copy"
KEPT_COPY_META = "HTTP_" + KEPT_COPY_HEADER.upper().replace("-", "_")


def kept_copy(request: HttpRequest) -> bool:
    """Whether the service worker asked for this page in the background, to keep a copy: such
    a request changes nothing the player would see next. It sets no cookie
    (middleware.KeptCopyMiddleware), shows no message, and leaves in the session whatever a
    page shows once (the Undo after abandoning a table), for the page the player opens."""
    # From META, not request.headers: that builds a dict of every header, on every request
    # (KeptCopyMiddleware asks on each one).
    return request.META.get(KEPT_COPY_META) == "1"


def download_filename(*parts: str) -> str:
    words = "-".join(part for part in parts if part)
    safe = "".join(char if char.isalnum() else "-" for char in words.casefold())
    return "-".join(filter(None, safe.split("-"))) or "export"


def acting_user(request: HttpRequest) -> User | None:
    """The account a write names in the logs: the signed-in one, or None for a visitor who is
    not signed in."""
    user = request.user
    return user if isinstance(user, User) and user.is_authenticated else None


# The CSRF alphabet's letters by their place in it, and the largest multiple of its length a byte
# holds: a random byte below it picks each letter equally often (byte % 62), one above is dropped.
_CSRF_PLACES = {letter: place for place, letter in enumerate(CSRF_ALLOWED_CHARS)}
_FAIR_BYTES = 256 - 256 % len(CSRF_ALLOWED_CHARS)


def form_token(request: HttpRequest) -> str:
    """Django's ``get_token``: the request's CSRF secret masked afresh (so a compressed answer
    tells nothing of it, BREACH) and the cookie renewed with the answer. Django draws each of the
    mask's 32 letters with a call of its own to the system's random source (0.09 ms a token, a
    thirtieth of a saved hand's answer, issue 31); here they come from one read of it, each
    letter still equally likely. Django's own where there is no secret yet (it makes one)."""
    secret = request.META.get("CSRF_COOKIE")
    if not isinstance(secret, str) or len(secret) != CSRF_SECRET_LENGTH:
        return get_token(request)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True
    mask = _random_letters(CSRF_SECRET_LENGTH)
    count = len(CSRF_ALLOWED_CHARS)
    cipher = "".join(
        CSRF_ALLOWED_CHARS[(_CSRF_PLACES[letter] + _CSRF_PLACES[masking]) % count]
        for letter, masking in zip(secret, mask, strict=True)
    )
    return mask + cipher


def _random_letters(length: int) -> str:
    """``length`` letters of the CSRF alphabet, each equally likely, from the system's random
    source (as ``get_random_string`` draws them)."""
    letters: list[str] = []
    count = len(CSRF_ALLOWED_CHARS)
    while len(letters) < length:
        # Half as many again as needed: a byte is dropped one time in 32.
        for byte in os.urandom(length + length // 2):
            if byte < _FAIR_BYTES:
                letters.append(CSRF_ALLOWED_CHARS[byte % count])
    return "".join(letters[:length])


def asked_for(request: HttpRequest) -> set[str]:
    """The entity tags a conditional GET names (``If-None-Match``), each as we sent it:
    GZipMiddleware weakened ours (W/"..."), and a weak match is all a GET needs (RFC 9110
    13.1.2)."""
    return {tag.removeprefix("W/") for tag in parse_etags(request.headers.get("If-None-Match", ""))}
