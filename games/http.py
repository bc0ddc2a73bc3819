"""Typing for requests as the views receive them."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
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


def asked_for(request: HttpRequest) -> set[str]:
    """The entity tags a conditional GET names (``If-None-Match``), each as we sent it:
    GZipMiddleware weakened ours (W/"..."), and a weak match is all a GET needs (RFC 9110
    13.1.2)."""
    return {tag.removeprefix("W/") for tag in parse_etags(request.headers.get("If-None-Match", ""))}
