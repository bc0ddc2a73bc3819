"""Typed breakdowns: what every game's breakdown dataclasses share, and the reader they use.

A round's breakdown (``RoundScore.breakdown``) is the JSON object the engine stores with the hand
and shows in ``manage.py score`` (docs/scoresheet.md, "What ``score`` prints"). Each game describes
its breakdowns as frozen dataclasses (in its game package's engine.py, e.g.
games/plugins/scopa/engine.py): ``to_json()`` gives exactly the object the engine stores (the same
keys, in the same order, with the same values), and ``from_json(data)`` reads a stored one back, or
raises BreakdownError naming the bad key. So ``from_json(data).to_json() == data`` for every
breakdown the engine writes, after a JSON round trip too (tuples come back as lists, and PostgreSQL
may reorder the keys, which dict equality ignores). ``Game.read_breakdown`` picks the right
dataclass for a game.

The readers below check one JSON value each: ``Fields`` reads an object key by key, with a
reader per key.

>>> fields = Fields({"winner": "Ann", "counts": {"Ann": 3}}, "breakdown.cards", ("counts",),
...                 optional=("winner",))
>>> fields.read("counts", mapping_of(integer)), fields.maybe("winner", string)
({'Ann': 3}, 'Ann')
>>> fields.read("winner", integer)
Traceback (most recent call last):
...
games.scoring.errors.BreakdownError: breakdown.cards.winner must be a whole number, not "Ann"
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, Self, TypeVar

from .errors import BreakdownError

# A value as the json module reads and writes it: None, bool, int, str, list or dict.
JSON = object

T = TypeVar("T")

# Reads one JSON value found at a path (``breakdown.primiera.winner``) into a typed value, or
# raises BreakdownError naming the path.
Reader = Callable[[object, str], T]


class Breakdown(Protocol):
    """A round's breakdown as a typed value: ``to_json()`` is the object the engine stores."""

    def to_json(self) -> dict[str, JSON]: ...


def _shown(value: object) -> str:
    """A short JSON rendering of a bad value, for an error message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def wrong_value(path: str, expected: str, value: object) -> BreakdownError:
    """The error for a value at ``path`` that is not what was ``expected``."""
    return BreakdownError(f"{path} must be {expected}, not {_shown(value)}")


# -- readers of single values ---------------------------------------------------------------------


def string(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise wrong_value(path, "a string", value)
    return value


def integer(value: object, path: str) -> int:
    """A whole number; JSON's true and false are not numbers here, nor is 1.0."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise wrong_value(path, "a whole number", value)
    return value


def boolean(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise wrong_value(path, "true or false", value)
    return value


def nullable(read: Reader[T]) -> Reader[T | None]:
    """A reader that also takes JSON null, as None."""

    def read_nullable(value: object, path: str) -> T | None:
        return None if value is None else read(value, path)

    return read_nullable


def one_of(choices: Collection[str]) -> Reader[str]:
    """A reader of a string that must be one of ``choices``."""

    def read_choice(value: object, path: str) -> str:
        if not isinstance(value, str) or value not in choices:
            raise wrong_value(path, "one of " + ", ".join(sorted(choices)), value)
        return value

    return read_choice


def list_of(read: Reader[T]) -> Reader[tuple[T, ...]]:
    """A reader of a JSON list, each item read by ``read``, as a tuple."""

    def read_list(value: object, path: str) -> tuple[T, ...]:
        if not isinstance(value, list | tuple):
            raise wrong_value(path, "a list", value)
        return tuple(read(item, f"{path}[{index}]") for index, item in enumerate(value))

    return read_list


def mapping_of(read: Reader[T]) -> Reader[dict[str, T]]:
    """A reader of a JSON object keyed by names (sides, players, suits), each value read by
    ``read``, in the order given."""

    def read_mapping(value: object, path: str) -> dict[str, T]:
        if not isinstance(value, Mapping):
            raise wrong_value(path, "an object", value)
        return {
            string(key, f"{path} key"): read(item, f"{path}.{key}") for key, item in value.items()
        }

    return read_mapping


# -- objects --------------------------------------------------------------------------------------


class Fields:
    """One JSON object of a stored breakdown, read key by key.

    ``keys`` must all be there; ``optional`` keys may be (a part a table option adds); any
    other key is refused, so a value read without error writes back exactly as it was.
    """

    def __init__(
        self,
        data: object,
        path: str,
        keys: Sequence[str],
        optional: Collection[str] = (),
    ) -> None:
        if not isinstance(data, Mapping):
            raise wrong_value(path, "an object", data)
        missing = [key for key in keys if key not in data]
        if missing:
            raise BreakdownError(f"{path} lacks {', '.join(missing)}")
        unknown = [str(key) for key in data if key not in keys and key not in optional]
        if unknown:
            raise BreakdownError(f"{path} has unknown keys: {', '.join(unknown)}")
        self.data: Mapping[object, object] = data
        self.path = path

    def has(self, key: str) -> bool:
        return key in self.data

    def read(self, key: str, read: Reader[T]) -> T:
        """The value of a key that is there."""
        return read(self.data[key], f"{self.path}.{key}")

    def maybe(self, key: str, read: Reader[T]) -> T | None:
        """The value of an optional key, or None when it is left out."""
        return self.read(key, read) if key in self.data else None

    def expect(self, key: str, value: JSON) -> None:
        """A key whose value is always the same: a breakdown's ``kind``, or a null."""
        found = self.data[key]
        if type(found) is not type(value) or found != value:
            raise wrong_value(f"{self.path}.{key}", _shown(value), found)


def kind_of(data: object, kinds: Collection[str], path: str = "breakdown") -> str:
    """A breakdown's ``kind``, one of ``kinds``: which dataclass reads it.

    >>> kind_of({"kind": "points", "points": {}}, ("points", "cards"))
    'points'
    >>> kind_of({"points": {}}, ("points", "cards"))
    Traceback (most recent call last):
    ...
    games.scoring.errors.BreakdownError: breakdown lacks kind
    """
    if not isinstance(data, Mapping):
        raise wrong_value(path, "an object", data)
    if "kind" not in data:
        raise BreakdownError(f"{path} lacks kind")
    return one_of(kinds)(data["kind"], f"{path}.kind")


@dataclass(frozen=True)
class PointsBreakdown:
    """A round that is each side's points as entered, and nothing more:
    ``{"kind": <kind>, "points": {side: n}}``. A game names its own ``kind`` in a subclass (a
    Swoops round counted at the table, a hand of the custom game).

    >>> PointsBreakdown({"Ann": 3}).to_json()
    {'kind': 'points', 'points': {'Ann': 3}}
    """

    kind: ClassVar[str] = "points"

    points: Mapping[str, int]

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "points": dict(self.points)}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> Self:
        fields = Fields(data, path, ("kind", "points"))
        fields.expect("kind", cls.kind)
        return cls(fields.read("points", mapping_of(integer)))
