"""How numbers, signed balances and money are written, in the language of the page.

One place for it, so a balance reads the same on the table, in the standings and in Settle up,
and the separators follow the active language ("3.40" in English, "3,40" in German and Italian).
The writing itself is pure Python (games/scoring/numbers.py), which the phone runs too for the
totals with the hands it kept offline; this module gives it the page's language.
"""

from __future__ import annotations

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.formats import get_format, number_format
from django.utils.translation import get_language

from games.scoring.numbers import (
    CURRENCIES,
    MINUS,
    NBSP,
    Currency,
    NumberStyle,
    currency_of,
    money_text,
    with_sign,
)

__all__ = [
    "CURRENCIES",
    "MINUS",
    "NBSP",
    "Currency",
    "currency_of",
    "money",
    "page_numbers",
    "signed",
]


def page_numbers() -> NumberStyle:
    """How the active language writes numbers, as the pure writers take it: worked out once
    per language (a scoreboard asks for each total, and Django's formats look the language's
    up anew each time), again after a change to the settings."""
    language = get_language() or "en"
    style = _STYLES.get(language)
    if style is None:
        style = NumberStyle(language.split("-")[0], str(get_format("DECIMAL_SEPARATOR")))
        _STYLES[language] = style
    return style


_STYLES: dict[str, NumberStyle] = {}


@receiver(setting_changed)
def _formats_changed(**_: object) -> None:
    _STYLES.clear()


def signed(value: float, digits: int = 0) -> str:
    """A balance with its sign: "+30", "−1.5" ("−1,5" in German) or "0"."""
    return with_sign(number_format(abs(value), digits, use_l10n=True), round(value, digits))


def money(points: int, per_point: int, code: str, *, sign: bool = True) -> str:
    """``points`` at ``per_point`` of the currency's smallest unit each, as money in the active
    language: "+3.40 €" (English), "+3,40 €" (German), "−¥150" (Japanese), "CHF 1.00"
    (unsigned). The sign goes in front of everything, as a balance is read."""
    return money_text(points, per_point, code, page_numbers(), sign=sign)
