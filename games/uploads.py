"""Checks on an uploaded JSON document before anything reads it as a scoresheet.

Pure Python: the document is walked without recursion, so no nesting ``json.load`` accepts can
make the check itself fail, and a document that passes is shallow enough that nothing after it
(the engine, the JSON columns) can recurse deeply on it.
"""

from __future__ import annotations

from games.unfit_text import LONE_SURROGATE

# A scoresheet nests its objects and arrays 5 deep (the document, its rounds, a round, its
# captures, a side's cards), the "every table" export one more: anything much deeper is not one.
MAX_DEPTH = 32


class UnfitDocument(Exception):
    """An uploaded document that cannot be a scoresheet, whatever its fields say."""


class TooDeep(UnfitDocument):
    """Arrays and objects nested deeper than ``MAX_DEPTH``."""


class HoldsNul(UnfitDocument):
    """A NUL character in a string, key or value: PostgreSQL keeps none in a text or JSON
    column."""


class HoldsLoneSurrogate(UnfitDocument):
    """Half of a UTF-16 surrogate pair (a ``\\ud800`` escape with no partner): no page, log
    line or export can write it out as UTF-8."""


def check_document(
    document: object, max_depth: int = MAX_DEPTH, *, lone_surrogates_allowed: bool = False
) -> None:
    """Raise ``TooDeep``, ``HoldsNul`` or ``HoldsLoneSurrogate`` for a decoded JSON document
    that has one (the last only unless ``lone_surrogates_allowed``)."""
    pending: list[tuple[object, int]] = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise HoldsNul
            if not lone_surrogates_allowed and LONE_SURROGATE.search(value):
                raise HoldsLoneSurrogate
        elif isinstance(value, dict | list):
            if depth > max_depth:
                raise TooDeep
            if isinstance(value, dict):
                pending.extend((key, depth) for key in value)
                pending.extend((item, depth + 1) for item in value.values())
            else:
                pending.extend((item, depth + 1) for item in value)
