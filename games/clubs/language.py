"""Which language a page is shown in, and the switch that changes it.

The browser's language comes first (Django's LocaleMiddleware reads ``Accept-Language``). A
language chosen with the switch is kept in a cookie on the phone and, for a signed-in account,
in the account, so it follows the player to every phone they sign in on: at sign-in it is copied
into the session, where ``AccountLanguageMiddleware`` finds it without a query.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from games.clubs import services
from games.models import AccountSettings

SESSION_KEY = "account_language"


def is_language(code: str) -> bool:
    return code in dict(settings.LANGUAGES)


def _remember_on_phone(response: HttpResponse, language: str) -> None:
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class AccountLanguageMiddleware:
    """Shows a signed-in account's chosen language, over the phone's cookie and browser, and
    leaves it in the phone's cookie so it stays after signing out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # A visitor without a session cookie costs no query here: the session stays empty.
        language = request.session.get(SESSION_KEY, "")
        if not is_language(language):
            return self.get_response(request)
        if language != request.LANGUAGE_CODE:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language:
            _remember_on_phone(response, language)
        return response


@receiver(user_logged_in)
def _account_language_to_session(
    sender: object, request: HttpRequest | None, user: User, **_: object
) -> None:
    if request is None or not hasattr(request, "session"):
        return
    chosen = AccountSettings.objects.filter(user=user).values_list("language", flat=True).first()
    if chosen:
        request.session[SESSION_KEY] = chosen


def _next_page(request: HttpRequest) -> str:
    asked = request.POST.get("next") or request.GET.get("next") or ""
    if asked and url_has_allowed_host_and_scheme(
        asked, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return asked
    return reverse("games:home")


@require_http_methods(["GET", "POST"])
def set_language(request: HttpRequest) -> HttpResponse:
    """The language switch (a plain form on every page): remembers the language on this phone
    and, when signed in, in the account, then goes back to the page it was on. A GET, or a
    language we have no catalog for, only goes back."""
    response = HttpResponseRedirect(_next_page(request))
    language = request.POST.get("language", "") if request.method == "POST" else ""
    if not is_language(language):
        return response
    _remember_on_phone(response, language)
    if request.user.is_authenticated:
        services.account_language_set(request.user, language)
        request.session[SESSION_KEY] = language
    else:
        request.session.pop(SESSION_KEY, None)
    return response
