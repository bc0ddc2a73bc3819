"""How a total, a signed balance and money are written: pure Python, so the server's pages
(games/formatting.py, which gives the page's language) and the phone scoring the hands it kept
with no signal (phone.py, the page's language sent along) write them with the same code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

MINUS = "\u2212"  # a real minus sign: a hyphen reads as a dash next to a number
NBSP = "\u00a0"


@dataclass(frozen=True)
class NumberStyle:
    """What the page's language changes in a number: where a currency's symbol goes, and the
    decimal separator ("3.40" in English, "3,40" in German and Italian), as Django's formats
    for the language give it (no grouping: the project groups no thousands)."""

    language: str = "en"
    decimal_separator: str = "."

    @classmethod
    def from_json(cls, data: object) -> NumberStyle:
        """The style a page sent (``{"language": "de", "decimal_separator": ","}``); English
        for anything else."""
        if not isinstance(data, Mapping):
            return cls()
        language = data.get("language")
        separator = data.get("decimal_separator")
        return cls(
            language if isinstance(language, str) and language else "en",
            separator if isinstance(separator, str) and separator else ".",
        )


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


def with_sign(text: str, value: float) -> str:
    """``text`` (a number written without its sign) with ``value``'s: "+30", "−30" or "0"."""
    if value > 0:
        return f"+{text}"
    if value < 0:
        return f"{MINUS}{text}"
    return text


def signed_points(points: int) -> str:
    """Whole points with their sign: "+30", "−30" or "0"."""
    return with_sign(str(abs(points)), points)


def currency_of(code: str) -> Currency:
    """A known currency, or a plain code with cents (an imported table's unknown currency)."""
    return CURRENCIES.get(code) or Currency(code, code, 2, always_before=True)


def money_text(
    points: int, per_point: int, code: str, style: NumberStyle, *, sign: bool = True
) -> str:
    """``points`` at ``per_point`` of the currency's smallest unit each, as money in the
    style's language: "+3.40 €" (English), "+3,40 €" (German), "−¥150" (Japanese),
    "CHF 1.00" (unsigned). The sign goes in front of everything, as a balance is read."""
    currency = currency_of(code)
    amount = Decimal(abs(points) * per_point).scaleb(-currency.decimals)
    number = f"{amount:.{currency.decimals}f}".replace(".", style.decimal_separator)
    after = not currency.always_before and code in _SYMBOL_AFTER.get(style.language, frozenset())
    if after:
        text = f"{number}{NBSP}{currency.symbol}"
    elif currency.always_before:
        text = f"{currency.symbol}{NBSP}{number}"
    else:
        text = f"{currency.symbol}{number}"
    return with_sign(text, points) if sign else text
