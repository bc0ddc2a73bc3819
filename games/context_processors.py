"""Values every page's base template needs."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language, to_locale

from games.hands import TOOLS, Tool
from games.http import kept_copy


@cache
def _has_catalog(language: str) -> bool:
    locale = to_locale(language)
    names = {locale, locale.split("_")[0]}
    return any(
        (Path(path) / name / "LC_MESSAGES" / "django.mo").exists()
        for path in settings.LOCALE_PATHS
        for name in names
    )


def page_language(request: HttpRequest) -> dict[str, str]:
    """The language the page is written in, for ``<html lang>``: the active language only if
    the project has a catalog for it. A visitor whose browser asks for Italian activates
    Italian (Django's own formats follow it), but with no Italian catalog every sentence of
    ours is still the English source, and a screen reader must read it as English."""
    language = get_language() or settings.LANGUAGE_CODE
    source = settings.LANGUAGE_CODE
    if language.split("-")[0] == source.split("-")[0] or _has_catalog(language):
        return {"page_language": language}
    return {"page_language": source}


def game_tools(request: HttpRequest) -> dict[str, tuple[Tool, ...]]:
    """The pages the game packages offer beside their tables (``games.hands.TOOLS``, the Scopa
    family's referees), which the header, the home page and the rules index link to."""
    return {"game_tools": TOOLS}


def kept_copy_context(request: HttpRequest) -> dict[str, bool]:
    """``kept_copy``: the page is a copy the service worker keeps for offline use, which shows
    no message (a message shown there would be gone from the page the player opens)."""
    return {"kept_copy": kept_copy(request)}
