"""Typing for requests as the views receive them."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it, so type checkers know ``htmx``
    (django-htmx's documented pattern). Only for annotations: no instance is ever made."""

    htmx: HtmxDetails
