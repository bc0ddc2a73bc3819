"""A hand form's values read as the hand's scoresheet entry (docs/scoresheet.md), in pure Python:
the one mapping from a game's form fields to its round entry, which the server's hand forms use
on their cleaned values (``entry()``) and the phone uses, under Pyodide, on the fields a hand
kept offline would have posted (games/scoring/phone.py). A game package that has one names it
``<package>.posted.read_entry(values, setup, before)``; nothing here names a game. ``before``
is what the table holds before the hand, for a form that looks at it (``Before``).

Values are a form's cleaned ones (an int, a str, a bool, a list, None) or the strings a phone
posts; a string is read as the Django field the form has for it reads it, and what no form
would accept raises ``NotScorable`` (the phone then waits for the server to say what is wrong).
A reader may accept less than its form (a whole number in another script's digits), never
more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .base import RoundScore
from .cards import DECK

Values = Mapping[str, object]

MODE_CARDS = "cards"
MODE_POINTS = "points"
_WHOLE = re.compile(r"[+-]?\d+")
_DECIMAL_ZEROS = re.compile(r"\.0*\s*$")


class NotScorable(ValueError):
    """Values no hand form accepts as they are."""


@dataclass(frozen=True)
class Before:
    """The table before the hand a form reads, for the forms that look at it: the hands scored
    so far (Ciapanò's, who is still in) and the seat dealing this hand (Schafkopf's at five, who
    sits out), None where the page gave none."""

    scores: Sequence[RoundScore] = ()
    dealer: int | None = None


FIRST_HAND = Before()


def number(value: object) -> int | None:
    """A whole number field's value (as Django's ``IntegerField`` reads it): None when left
    blank."""
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = _DECIMAL_ZEROS.sub("", str(value)).strip()
    if not text.isascii() or not _WHOLE.fullmatch(text) or len(text) > _MOST_DIGITS:
        raise NotScorable(f"not a whole number: {value!r}")
    return int(text)


# Python reads no longer number from text (sys.get_int_max_str_digits), nor does the form.
_MOST_DIGITS = 4300


def bounded(
    values: Values, name: str, low: int | None = None, high: int | None = None
) -> int | None:
    """A whole number field with the bounds its form field has (``min_value``, ``max_value``):
    None when left blank."""
    value = number(values.get(name))
    if value is not None and (
        (low is not None and value < low) or (high is not None and value > high)
    ):
        raise NotScorable(f"{name}: {value} is out of {low}..{high}")
    return value


def choice(values: Values, name: str, allowed: Iterable[str]) -> str:
    """An optional choice field's value, "" when none is chosen; one not among ``allowed``
    (the form's choices) is refused, as Django's ``ChoiceField``."""
    value = values.get(name)
    if value is None or value == "":
        return ""
    text = str(value)
    if text not in allowed:
        raise NotScorable(f"{name}: no choice {value!r}")
    return text


def chosen(values: Values, name: str, allowed: Iterable[str]) -> list[str]:
    """A multiple choice field's values (checkboxes), as Django's ``MultipleChoiceField``:
    none when none is ticked, each among ``allowed``."""
    getlist = getattr(values, "getlist", None)
    found: object = getlist(name) if getlist is not None else values.get(name)
    if not found:
        return []
    if not isinstance(found, list | tuple):
        raise NotScorable(f"{name}: not a list")
    texts = [str(each) for each in found]
    options = set(allowed)
    if any(text not in options for text in texts):
        raise NotScorable(f"{name}: no choice among {texts!r}")
    return texts


def flag(values: Values, name: str) -> bool:
    """A checkbox (Django's ``BooleanField``, not required): ticked unless absent, blank or
    "false" (what its ``CheckboxInput`` reads as unticked)."""
    value = values.get(name)
    if isinstance(value, bool) or value is None:
        return bool(value)
    text = str(value)
    return text.lower() != "false" and text != ""


def text(values: Values, name: str, max_length: int) -> str:
    """A text field's value as Django's ``CharField`` cleans it: stripped, "" when blank, at
    most ``max_length`` characters and no null character."""
    value = values.get(name)
    if value is None:
        return ""
    cleaned = str(value).strip()
    if len(cleaned) > max_length or "\x00" in cleaned:
        raise NotScorable(f"{name}: not a text the form takes")
    return cleaned


def count(values: Values, name: str) -> int:
    """A count left blank is 0, as ``BaseHandForm.count``."""
    return number(values.get(name)) or 0


def per_side(
    values: Values,
    name: str,
    sides: Sequence[str],
    low: int | None = None,
    high: int | None = None,
) -> dict[str, int]:
    """``<name>_<index>`` of each side, by side, a blank 0; within the bounds of the form's
    fields (``bounded``)."""
    return {
        side: bounded(values, f"{name}_{index}", low, high) or 0 for index, side in enumerate(sides)
    }


def side_at(values: Values, name: str, sides: Sequence[str]) -> str | None:
    """The side a choice of side indexes names, None when none is chosen."""
    index = choice(values, name, indexes(sides))
    return sides[int(index)] if index else None


def indexes(items: Sequence[object]) -> list[str]:
    """The choices of a field whose values are indexes ("0", "1", ...), as the forms write them."""
    return [str(index) for index in range(len(items))]


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


def tapped(values: Values, sides: Sequence[str]) -> tuple[str, dict[str, list[str]]]:
    """A tap-the-cards form's mode and each side's cards (games/hands/tap_cards.py): the card
    radios are checked whatever the mode, as the form checks them, and cards left without a
    side are a hand still being entered (its ``incomplete``)."""
    chosen_mode = mode(values)
    taken = captures(values, sides)
    if chosen_mode == MODE_CARDS and sum(map(len, taken.values())) < len(DECK):
        raise NotScorable("cards not assigned to a side yet")
    return chosen_mode, taken


def check_hand_form(values: Values) -> None:
    """The fields every hand form has besides its game's (``BaseHandForm``): the table's version
    the page was at and the hand's token, each refused as the form refuses it."""
    bounded(values, "table_version", 0)
    text(values, "hand_token", _MOST_DIGITS)


class Posted(dict[str, str]):
    """A posted form's fields (name, value pairs, as a phone keeps them) as values: the last of
    a name wins, as Django's ``QueryDict.get``; ``getlist`` gives every value of a name (a
    multiple choice's ticked boxes), as ``QueryDict.getlist``."""

    def __init__(self, fields: Sequence[Sequence[str]]) -> None:
        pairs = [(str(pair[0]), str(pair[1])) for pair in fields if len(pair) == 2]
        super().__init__(pairs)
        self._lists: dict[str, list[str]] = {}
        for name, value in pairs:
            self._lists.setdefault(name, []).append(value)

    def getlist(self, name: str) -> list[str]:
        return list(self._lists.get(name, ()))


def form_values(fields: Sequence[Sequence[str]]) -> Posted:
    """A posted form's fields as values (``Posted``)."""
    return Posted(fields)
