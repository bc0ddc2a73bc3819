"""Request hooks that belong to no single view."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from games import ratelimit
from games.clubs import access as club_access


class GuestSeenMiddleware:
    """Keeps a guest's session and last-seen day fresh, at most one write a day."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        club_access.touch_guest(request)
        return response


class RateLimitMiddleware:
    """Answers a write refused by a rate limit (games.ratelimit.RateLimited, raised before
    anything is saved) with its 429 page or htmx fragment."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, ratelimit.RateLimited):
            return ratelimit.refusal(request, exception)
        return None
