"""How numbers, signed balances and money are written, in the language of the page.

One place for it, so a balance reads the same on the table, in the standings and in Settle up,
and the separators follow the active language ("3.40" in English, "3,40" in German and Italian).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import get_language

# The charts' minus sign (games.standings is pure Python and cannot import this module).
from games.standings.charts import MINUS

NBSP = "\u00a0"


@dataclass(frozen=True)
class Currency:
    """A currency as amounts are stored and shown: in its smallest unit (cents, or yen for the
    yen, which has no smaller one), and a symbol written before or after the number."""

    code: str
    symbol: str
    # Digits after the decimal separator: 2 for euro cents, 0 for the yen.
    decimals: int
    # A code-like symbol (CHF) goes before the number in every language.
    always_before: bool = False


CURRENCIES: Mapping[str, Currency] = {
    currency.code: currency
    for currency in (
        Currency("EUR", "€", 2),
        Currency("CHF", "CHF", 2, always_before=True),
        Currency("USD", "$", 2),
        Currency("GBP", "£", 2),
        Currency("JPY", "¥", 0),
    )
}

# Where a currency's symbol goes, by language: after the number in German and Italian
# ("3,40 €"); before it in Japanese ("¥150", "€3.40"). English keeps the euro after the number
# as our players have always read it ("3.40 €") and the other symbols before ("$0.50").
_SYMBOL_AFTER: Mapping[str, frozenset[str]] = {
    "en": frozenset({"EUR"}),
    "de": frozenset({"EUR", "USD", "GBP", "JPY"}),
    "it": frozenset({"EUR", "USD", "GBP", "JPY"}),
    "ja": frozenset(),
}


def signed(value: float, digits: int = 0) -> str:
    """A balance with its sign: "+30", "−1.5" ("−1,5" in German) or "0"."""
    text = number_format(abs(value), digits, use_l10n=True)
    if round(value, digits) > 0:
        return f"+{text}"
    if round(value, digits) < 0:
        return f"{MINUS}{text}"
    return text


def currency_of(code: str) -> Currency:
    """A known currency, or a plain code with cents (an imported table's unknown currency)."""
    return CURRENCIES.get(code) or Currency(code, code, 2, always_before=True)


def money(points: int, per_point: int, code: str, *, sign: bool = True) -> str:
    """``points`` at ``per_point`` of the currency's smallest unit each, as money in the active
    language: "+3.40 €" (English), "+3,40 €" (German), "−¥150" (Japanese), "CHF 1.00"
    (unsigned). The sign goes in front of everything, as a balance is read."""
    currency = currency_of(code)
    amount = Decimal(abs(points) * per_point).scaleb(-currency.decimals)
    number = number_format(amount, currency.decimals, use_l10n=True)
    language = (get_language() or "en").split("-")[0]
    after = not currency.always_before and code in _SYMBOL_AFTER.get(language, frozenset())
    if after:
        text = f"{number}{NBSP}{currency.symbol}"
    elif currency.always_before:
        text = f"{currency.symbol}{NBSP}{number}"
    else:
        text = f"{currency.symbol}{number}"
    if not sign or points == 0:
        return text
    return f"+{text}" if points > 0 else f"{MINUS}{text}"
