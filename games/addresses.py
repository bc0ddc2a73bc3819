"""A page's address by its URL name and slugs, reversed once per process.

Django's ``reverse`` looks the name up and fills the pattern in anew every time: some 0.04 ms,
and a saved hand's answer asked for six (issue 31). The addresses the table pages build most
take only slugs (public ids, tokens), which ``reverse`` writes as they are: here each name is
reversed once with stand-ins for them, and the stand-ins are replaced.
"""

from __future__ import annotations

import re

from django.urls import get_script_prefix, get_urlconf, reverse

# What Django's slug converter matches: a value of it is written into the address as it is.
SLUG = re.compile(r"[-a-zA-Z0-9_]+")
# Stands for the slug of that name in a reversed address: letters only (a slug), and no
# address of the project has capitals.
STAND_IN = "SlugStandIn{}"

_PATTERNS: dict[tuple[object, ...], str] = {}


def address(name: str, **slugs: str) -> str:
    """``reverse(name, kwargs=slugs)``, for a URL whose arguments are all slugs."""
    if not all(SLUG.fullmatch(value) for value in slugs.values()):
        return reverse(name, kwargs=slugs)
    key = (name, tuple(slugs), get_script_prefix(), get_urlconf())
    pattern = _PATTERNS.get(key)
    if pattern is None:
        stand_ins = {slug: STAND_IN.format(index) for index, slug in enumerate(slugs)}
        pattern = _PATTERNS[key] = reverse(name, kwargs=stand_ins)
    for index, value in enumerate(slugs.values()):
        pattern = pattern.replace(STAND_IN.format(index), value)
    return pattern
