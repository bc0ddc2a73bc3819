"""Any other game: the rules as the app scores them (games/plugins/custom/rules.md).

A generic scorer, pure Python like ``games.scoring`` (an import-linter contract holds it to
that). The players or teams enter each hand's points; the table chooses how the game ends (a
target, or a number of hands), whether the highest or the lowest total wins, and whether a hand
may give negative points. One round is one hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.scoring.base import (
    GameState,
    PartnersOppositeGame,
    RoundScore,
    Side,
    TableSetup,
    Team,
    competition_places,
    first_decided,
    totals_after,
)
from games.scoring.breakdowns import PointsBreakdown
from games.scoring.errors import (
    EntryError,
    Problem,
    problem,
    raise_if_any,
    read_counts,
    side_problem,
    unknown_fields,
)
from games.scoring.i18n import gettext_noop as _
from games.scoring.options import OptionSpec, OptionValue

POINTS = "points"
# The most a side scores (or, where negative points are allowed, loses) in one hand: far more
# than any card game gives, and a bound on what a typo or a hand-made file can store (rules.md
# §2).
MOST_IN_A_HAND = 100_000
DEFAULT_TARGET = 100
# The ``hands`` option's "no fixed number": the target ends the game (rules.md §3).
PLAY_TO_TARGET = 0
# Two teams of partners opposite need exactly four players (rules.md §1).
TEAM_PLAYERS = 4


@dataclass(frozen=True)
class HandBreakdown(PointsBreakdown):
    """One hand: the points each side entered (rules.md §2).

    >>> HandBreakdown({"Ann": 30, "Bob": -5}).to_json()
    {'kind': 'hand', 'points': {'Ann': 30, 'Bob': -5}}
    """

    kind: ClassVar[str] = "hand"


def read_breakdown(data: object) -> HandBreakdown:
    """A stored hand's breakdown as its dataclass (see ``Game.read_breakdown``)."""
    return HandBreakdown.from_json(data)


def best_sides(totals: Mapping[Side, int], lowest_wins: bool) -> tuple[Side, ...]:
    """The sides with the best total, the highest or the lowest as the table chose; a tie
    shares it (rules.md §3).

    >>> best_sides({"Ann": 40, "Bob": 55, "Cy": 55}, lowest_wins=False)
    ('Bob', 'Cy')
    >>> best_sides({"Ann": 40, "Bob": 55, "Cy": 55}, lowest_wins=True)
    ('Ann',)
    """
    best = (min if lowest_wins else max)(totals.values())
    return tuple(side for side, total in totals.items() if total == best)


def is_decided(totals: Mapping[Side, int], hands_played: int, table: TableSetup) -> bool:
    """Whether the game ends once ``hands_played`` hands leave these totals (rules.md §3): after
    the table's number of hands where it chose one, else once any total reaches the target.

    >>> table = CustomGame().setup(["Ann", "Bob"], {"target": 50})
    >>> is_decided({"Ann": 49, "Bob": 10}, 3, table), is_decided({"Ann": 50, "Bob": 10}, 3, table)
    (False, True)
    >>> fixed = CustomGame().setup(["Ann", "Bob"], {"target": 50, "hands": 4})
    >>> is_decided({"Ann": 90, "Bob": 10}, 3, fixed), is_decided({"Ann": 0, "Bob": 0}, 4, fixed)
    (False, True)
    """
    hands = table.option_int("hands")
    if hands != PLAY_TO_TARGET:
        return hands_played >= hands
    target = table.option_int("target")
    return any(total >= target for total in totals.values())


class CustomGame(PartnersOppositeGame):
    """Two to eight players each for themselves, or four as two teams of partners sitting
    opposite (rules.md §1)."""

    resumes_from_totals = True

    key = "custom"
    name = _("Any other game")
    min_players = 2
    max_players = 8
    option_specs = (
        OptionSpec(
            "target",
            DEFAULT_TARGET,
            _("Target score"),
            _(
                "The game ends after the hand in which someone's total reaches this, unless the "
                "table plays a fixed number of hands."
            ),
            minimum=1,
            maximum=1_000_000,
        ),
        OptionSpec(
            "hands",
            PLAY_TO_TARGET,
            _("Fixed number of hands"),
            _(
                "0 plays to the target score; any other number ends the game after exactly that "
                "many hands, and the target no longer ends it."
            ),
            minimum=0,
            maximum=1000,
        ),
        OptionSpec(
            "lowest_wins",
            False,
            _("Lowest total wins"),
            _("At the end the lowest total wins, as in Hearts; otherwise the highest."),
        ),
        OptionSpec(
            "negative_points",
            False,
            _("Negative points"),
            _("A hand may give a side fewer than 0 points."),
        ),
        OptionSpec(
            "teams",
            False,
            _("Two teams"),
            _(
                "Four players play as two teams of partners sitting opposite: 1 and 3 against "
                "2 and 4."
            ),
        ),
    )

    # -- the table ------------------------------------------------------------------------------
    def plays_in_teams(self, player_count: int, options: Mapping[str, OptionValue]) -> bool:
        return bool(options.get("teams")) and player_count == TEAM_PLAYERS

    def check_teams(
        self, players: Sequence[str], teams: Sequence[Team], options: Mapping[str, OptionValue]
    ) -> list[Problem]:
        """Two teams only with four players (rules.md §1)."""
        if options.get("teams") and len(players) != TEAM_PLAYERS:
            return [problem(_("two teams need four players, partners sitting opposite"), "teams")]
        return super().check_teams(players, teams, options)

    # -- one hand -------------------------------------------------------------------------------
    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        """Each side's points as entered; a side left out scored 0 (rules.md §2)."""
        if not isinstance(entry, Mapping):
            raise_if_any([problem(_("a round must be an object"), "round")])
        raw = entry.get(POINTS)
        if not isinstance(raw, Mapping):
            raise EntryError([problem(_("points must give each side a number"), POINTS)])
        problems = unknown_fields(entry, (POINTS,))
        negative = table.option_bool("negative_points")
        lowest = -MOST_IN_A_HAND if negative else 0

        def out_of_range(side: str) -> Problem:
            return problem(
                _("points for {side} must be a whole number from {lowest} to {highest}"),
                POINTS,
                side=side,
                lowest=lowest,
                highest=MOST_IN_A_HAND,
            )

        points = dict.fromkeys(table.sides, 0)
        for side, value in read_counts(
            raw,
            table.sides,
            problems,
            unknown=lambda side: side_problem(side, POINTS),
            not_whole=out_of_range,
            negative=negative,
        ):
            if value is None:
                continue
            if not lowest <= value <= MOST_IN_A_HAND:
                problems.append(out_of_range(side))
            else:
                points[side] = value
        raise_if_any(problems)
        return RoundScore(points, HandBreakdown(points).to_json())

    def read_breakdown(self, data: object) -> HandBreakdown:
        return read_breakdown(data)

    # -- the game -------------------------------------------------------------------------------
    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """The totals are the sums of the hands; the game ends as ``is_decided`` says, and the
        best total then wins, a tie sharing the win (rules.md §3)."""
        lowest = table.option_bool("lowest_wins")
        return first_decided(
            table.sides,
            rounds,
            lambda totals, number: (
                best_sides(totals, lowest) if is_decided(totals, number, table) else None
            ),
        )

    def resume_state(
        self, totals: Mapping[Side, int], hands: int, score: RoundScore, table: TableSetup
    ) -> GameState:
        """As ``game_state``: the totals after the hand and the number of hands decide."""
        after = totals_after(table.sides, totals, score)
        if not is_decided(after, hands + 1, table):
            return GameState(after, (after,))
        winners = best_sides(after, table.option_bool("lowest_wins"))
        return GameState(after, (after,), True, winners, finished_after_round=hands + 1)

    def places(self, state: GameState, table: TableSetup) -> dict[Side, int]:
        """The winners first, then by total, the lowest first where the table chose so."""
        sign = 1 if table.option_bool("lowest_wins") else -1

        def key(side: Side) -> tuple[int, ...]:
            return (side not in state.winners, sign * state.totals.get(side, 0))

        return competition_places(table.sides, key)


GAMES = (CustomGame(),)
