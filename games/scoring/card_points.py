"""What the games scored from the card points each side took share (Briscola, Tressette): two
players, or four in two pairs of partners opposite; a hand entered as the cards each side took
or as the card points counted at the table, which add up to what the deck holds; and the
breakdown's first fields, how the hand was entered and each side's card points.

Each game keeps its own card values and its own messages where they name its numbers (the
points one side may have, what they add up to), so its catalog says them in its words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .base import PartnersOppositeGame, Side, Team
from .breakdowns import JSON, Fields, integer, mapping_of, one_of
from .errors import (
    EntryError,
    Problem,
    problem,
    raise_if_any,
    read_counts,
    says_nothing,
    side_problem,
)
from .i18n import gettext_noop as _
from .options import OptionValue

CAPTURES, POINTS = "captures", "points"


class CardPointsGame(PartnersOppositeGame):
    """A game for 2, or for 4 in two pairs of partners sitting opposite, never 3, that resumes
    from its totals. ``three_players`` is its message refusing three."""

    resumes_from_totals = True
    min_players = 2
    max_players = 4
    player_counts = (2, 4)
    three_players: ClassVar[str]

    def plays_in_teams(self, player_count: int, options: Mapping[str, OptionValue]) -> bool:
        return player_count == 4

    def check_teams(
        self, players: Sequence[str], teams: Sequence[Team], options: Mapping[str, OptionValue]
    ) -> list[Problem]:
        if len(players) == 3:
            return [problem(self.three_players, "players")]
        return super().check_teams(players, teams, options)


def entered_as(entry: object) -> str:
    """How a hand was entered: ``POINTS`` (counted at the table) or ``CAPTURES`` (the cards each
    side took); raise EntryError when the entry is not an object or gives both or neither. A
    field that says nothing counts as not given (issue 17).

    >>> entered_as({"points": {"Ann": 61, "Bob": 59}, "captures": {}})
    'points'
    >>> entered_as({"captures": {"Ann": ["AD"]}, "points": ""})
    'captures'
    """
    if not isinstance(entry, Mapping):
        raise_if_any([problem(_("a round must be an object"), "round")])
    assert isinstance(entry, Mapping)
    has_points = POINTS in entry and not says_nothing(entry[POINTS])
    has_captures = CAPTURES in entry and not says_nothing(entry[CAPTURES])
    if has_points and has_captures:
        raise_if_any(
            [problem(_("give either the captured cards or the points, not both"), "round")]
        )
    if not has_points and not has_captures:
        raise_if_any([problem(_("a round needs the captured cards or the points"), "round")])
    return POINTS if has_points else CAPTURES


def read_card_points(
    raw: object,
    sides: Sequence[Side],
    problems: list[Problem],
    *,
    deck_points: int,
    out_of_range: str,
    adds_up_to: str,
    also: Callable[[Mapping[Side, int]], Iterable[Problem]] = lambda points: (),
) -> dict[Side, int]:
    """Card points counted at the table: a whole number from 0 to ``deck_points`` for every
    side, adding up to ``deck_points``; ``also`` adds the game's own problems with the numbers
    read. Raise EntryError with every problem, ``problems`` (those found before) first.

    ``out_of_range`` is the game's message for a number that is not one (``{side}``),
    ``adds_up_to`` its message for a wrong sum (``{total}``).
    """
    if not isinstance(raw, Mapping):
        raise EntryError([*problems, problem(_("points must give each side a number"), POINTS)])

    def not_whole(side: str) -> Problem:
        return problem(out_of_range, POINTS, side=side)

    points: dict[Side, int] = {}
    for side, value in read_counts(
        raw,
        sides,
        problems,
        unknown=lambda side: side_problem(side, POINTS),
        not_whole=not_whole,
    ):
        if value is None:
            continue
        if value > deck_points:
            problems.append(not_whole(side))
        points[side] = value
    problems.extend(also(points))
    for side in sides:
        if side not in raw:
            problems.append(problem(_("points for {side} are missing"), POINTS, side=side))
    if not problems and sum(points.values()) != deck_points:
        problems.append(problem(adds_up_to, POINTS, total=sum(points.values())))
    raise_if_any(problems)
    return {side: points[side] for side in sides}


@dataclass(frozen=True)
class CardPointsBreakdown:
    """A hand's breakdown's first fields: how it was entered (``captures`` or ``points``) and
    each side's card points; a game's breakdown adds its own after them (``more_json``,
    ``more_keys``) and reads them back with ``read_first``."""

    kind: ClassVar[str]
    more_keys: ClassVar[tuple[str, ...]] = ()

    entered: str
    card_points: Mapping[Side, int]

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "entered": self.entered,
            "card_points": dict(self.card_points),
            **self.more_json(),
        }

    def more_json(self) -> dict[str, JSON]:
        return {}

    @classmethod
    def read_first(cls, data: object, path: str) -> tuple[Fields, str, Mapping[Side, int]]:
        """The fields of a stored breakdown of this kind, with its first two read."""
        fields = Fields(data, path, ("kind", "entered", "card_points", *cls.more_keys))
        fields.expect("kind", cls.kind)
        entered = fields.read("entered", one_of((CAPTURES, POINTS)))
        return fields, entered, fields.read("card_points", mapping_of(integer))
