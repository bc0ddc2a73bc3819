"""Request hooks that belong to no single view."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from games import access


class GuestSeenMiddleware:
    """Keeps a guest's session and last-seen day fresh, at most one write a day."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        access.touch_guest(request)
        return response
