"""A hand form's values read as the hand's scoresheet entry (docs/scoresheet.md), in pure Python:
the one mapping from a game's form fields to its round entry, which the server's hand forms use
on their cleaned values (``entry()``) and the phone uses, under Pyodide, on the fields a hand
kept offline would have posted (games/scoring/phone.py). A game package that has one names it
``<package>.posted.read_entry(values, setup)``; nothing here names a game.

Values are a form's cleaned ones (an int, a str, None) or the strings a phone posts; a string
is read as Django's ``IntegerField`` reads it, and what no form would accept raises
``NotScorable`` (the phone then waits for the server to say what is wrong).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .cards import DECK

Values = Mapping[str, object]

MODE_CARDS = "cards"
MODE_POINTS = "points"
_WHOLE = re.compile(r"[+-]?\d+")
_DECIMAL_ZEROS = re.compile(r"\.0*\s*$")


class NotScorable(ValueError):
    """Values no hand form accepts as they are."""


def number(value: object) -> int | None:
    """A whole number field's value: None when left blank."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = _DECIMAL_ZEROS.sub("", str(value).strip())
    if not text:
        return None
    if not text.isascii() or not _WHOLE.fullmatch(text):
        raise NotScorable(f"not a whole number: {value!r}")
    return int(text)


def count(values: Values, name: str) -> int:
    """A count left blank is 0, as ``BaseHandForm.count``."""
    return number(values.get(name)) or 0


def per_side(values: Values, name: str, sides: Sequence[str]) -> dict[str, int]:
    """``<name>_<index>`` of each side, by side."""
    return {side: count(values, f"{name}_{index}") for index, side in enumerate(sides)}


def side_at(values: Values, name: str, sides: Sequence[str]) -> str | None:
    """The side a choice of side indexes names, None when none is chosen."""
    value = values.get(name)
    if value in (None, ""):
        return None
    text = str(value)
    if not text.isascii() or not text.isdigit() or int(text) >= len(sides):
        raise NotScorable(f"{name}: no side {value!r}")
    return sides[int(text)]


def mode(values: Values) -> str:
    """A tap-the-cards form's mode (games/hands/tap_cards.py): a required choice."""
    chosen = values.get("mode")
    if chosen not in (MODE_CARDS, MODE_POINTS):
        raise NotScorable(f"mode: {chosen!r}")
    return str(chosen)


def captures(values: Values, sides: Sequence[str]) -> dict[str, list[str]]:
    """Each side's cards, in deck order, from the card radios (``card_<code>``: a side's
    index)."""
    found: dict[str, list[str]] = {side: [] for side in sides}
    for card in DECK:
        side = side_at(values, f"card_{card.code}", sides)
        if side is not None:
            found[side].append(card.code)
    return found


def form_values(fields: Sequence[Sequence[str]]) -> dict[str, str]:
    """A posted form's fields (name, value pairs, as a phone keeps them) as values: the last of
    a name wins, as Django's ``QueryDict.get``."""
    return {str(pair[0]): str(pair[1]) for pair in fields if len(pair) == 2}
