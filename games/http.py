"""Typing for requests as the views receive them."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

# Whoever is on the other end of a request: an account (a guest's too) or nobody signed in.
Visitor = User | AnonymousUser


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it, so type checkers know ``htmx``
    (django-htmx's documented pattern). Only for annotations: no instance is ever made."""

    htmx: HtmxDetails


def download_filename(*parts: str) -> str:
    words = "-".join(part for part in parts if part)
    safe = "".join(char if char.isalnum() else "-" for char in words.casefold())
    return "-".join(filter(None, safe.split("-"))) or "export"


def acting_user(request: HttpRequest) -> User | None:
    """The account a write names in the logs: the signed-in one, or None for a visitor who is
    not signed in."""
    user = request.user
    return user if isinstance(user, User) and user.is_authenticated else None
