"""Problems with a table or a round entry, phrased for the players at the table."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass

from .i18n import Listed, Marked, gettext_noop

Translate = Callable[[str], str]


def _untranslated(message: str) -> str:
    return message


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input.

    ``message`` is an English template with ``{name}`` placeholders (marked for translation);
    ``params`` fills them, after the message is translated: a value that is itself marked (a
    game's or a contract's name) is translated too, and a ``Listed`` one is written as a list
    in the shown language. ``round_number`` names the hand it belongs
    to, if any.
    """

    message: str
    params: tuple[tuple[str, str | int | Listed], ...] = ()
    round_number: int | None = None
    field: str = ""

    def text(self, translate: Translate = _untranslated) -> str:
        params = {
            name: value.text(translate)
            if isinstance(value, Listed)
            else translate(value)
            if isinstance(value, Marked)
            else value
            for name, value in self.params
        }
        body = translate(self.message).format(**params)
        if self.round_number is None:
            return body
        return translate(gettext_noop("round {number}: {problem}")).format(
            number=self.round_number, problem=body
        )

    def in_round(self, round_number: int) -> Problem:
        return Problem(self.message, self.params, round_number, self.field)

    def __str__(self) -> str:
        return self.text()


def problem(message: str, field: str = "", /, **params: str | int | Listed) -> Problem:
    # Positional-only, so a message may use a ``{field}`` placeholder of its own.
    return Problem(message, tuple(params.items()), None, field)


def side_problem(side: object, field: str) -> Problem:
    """An entry naming a side the table does not have (a team game's or a score pad's)."""
    return problem(gettext_noop("{side} is not a side at this table"), field, side=str(side))


class EntryError(ValueError):
    """Raised with every problem found, so a player can fix them all at once."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))

    def in_round(self, round_number: int) -> EntryError:
        return EntryError(p.in_round(round_number) for p in self.problems)


class BreakdownError(ValueError):
    """A stored breakdown (``RoundScore.breakdown``, read back from JSON) that is not one the
    engine writes: not an object, a key missing or unknown, or a value of the wrong type or out
    of its choices. The message names where, as ``breakdown.primiera.winner``; it is for the
    logs and the developers, not the players, so it is not marked for translation."""


def raise_if_any(problems: list[Problem]) -> None:
    if problems:
        raise EntryError(problems)


def unknown_fields(given: Iterable[object], allowed: Collection[str]) -> list[Problem]:
    """One problem for each key of an entry or document that the format does not know."""
    return [
        problem(gettext_noop("unknown field {field}"), str(key), field=str(key))
        for key in given
        if key not in allowed
    ]


def says_nothing(value: object) -> bool:
    """Whether a field's value is a "nothing" value: null, false, 0, an empty string or list, or
    an object whose every value says nothing (``{}``, ``{"Ann": 0}``).

    A field that does not apply to an entry's kind is accepted with such a value (issue 17: a
    scoresheet may fill every field, with 0 where it does not apply), and refused otherwise.
    """
    if value is None or value is False:
        return True
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == 0
    if isinstance(value, str):
        # A spreadsheet or form writes an empty cell as "" (issue 34).
        return not value
    if isinstance(value, list):
        return not value
    if isinstance(value, Mapping):
        return all(says_nothing(inner) for inner in value.values())
    return False


def fields_not_applying(
    entry: Mapping[str, object], allowed: Collection[str], other_kinds: Collection[str]
) -> list[Problem]:
    """``unknown_fields`` for an entry of one kind: a field of another kind of entry
    (``other_kinds``) is accepted when it says nothing, and refused as unknown otherwise."""
    return unknown_fields(
        [key for key, value in entry.items() if not (key in other_kinds and says_nothing(value))],
        allowed,
    )


def read_counts(
    raw: Mapping[object, object],
    known: Collection[str],
    problems: list[Problem],
    *,
    unknown: Callable[[str], Problem],
    not_whole: Callable[[str], Problem],
    negative: bool = False,
) -> Iterator[tuple[str, int | None]]:
    """The entries of a ``{name: whole number}`` field (points counted at the table, scopas,
    aces), in the order given: each name with its number, or with ``None`` where the entry
    could not be read, ``problems`` having been told why as it went: a name not ``known``
    (``unknown``), or a value that is not a whole number, or is below 0 unless ``negative``
    (``not_whole``).

    >>> problems = []
    >>> entries = read_counts(
    ...     {"Ann": 3, "Bob": -1, "Eve": 2},
    ...     ("Ann", "Bob"),
    ...     problems,
    ...     unknown=lambda name: problem("{name} is not here", "points", name=name),
    ...     not_whole=lambda name: problem("{name} is not a count", "points", name=name),
    ... )
    >>> list(entries)
    [('Ann', 3), ('Bob', None), ('Eve', None)]
    >>> [str(p) for p in problems]
    ['Bob is not a count', 'Eve is not here']
    """
    for key, value in raw.items():
        name = str(key)
        if key not in known:
            problems.append(unknown(name))
            yield name, None
        elif isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not negative):
            problems.append(not_whole(name))
            yield name, None
        else:
            yield name, value
