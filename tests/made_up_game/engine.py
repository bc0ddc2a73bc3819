"""The made-up race: the rules as the app scores them (tests/made_up_game/rules.md).

The least a game's engine gives: its key, name, players, options, a round scored from the points
counted at the table, the stored breakdown read back, and the state of the game. It leaves
``resume_state`` to its default (a save replays the hands) and names no ``OFFERED_AFTER`` (it
comes last on the new-table form).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.scoring.base import Game, GameState, RoundScore, Side, TableSetup, running_totals
from games.scoring.breakdowns import JSON, Fields, integer, mapping_of
from games.scoring.errors import EntryError, problem, raise_if_any, read_counts, unknown_fields
from games.scoring.i18n import gettext_noop as _
from games.scoring.options import OptionSpec

POINTS = "points"
# The most one player makes in a hand (rules.md §1).
MOST_IN_A_HAND = 10


@dataclass(frozen=True)
class RaceBreakdown:
    """One hand: the points each player counted (rules.md §1).

    >>> RaceBreakdown({"Ann": 3, "Bob": 0}).to_json()
    {'kind': 'race', 'points': {'Ann': 3, 'Bob': 0}}
    """

    kind: ClassVar[str] = "race"

    points: Mapping[Side, int]

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "points": dict(self.points)}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> RaceBreakdown:
        fields = Fields(data, path, ("kind", "points"))
        fields.expect("kind", cls.kind)
        return cls(fields.read("points", mapping_of(integer)))


class MadeUpRace(Game):
    """Everyone for themselves, 2 to 4 players, first to the target (rules.md §2)."""

    key = "made-up-race"
    name = _("Made-up race")
    min_players = 2
    max_players = 4
    option_specs = (
        OptionSpec(
            "target",
            30,
            _("Target"),
            _("The first to reach this many points wins."),
            minimum=1,
            maximum=1000,
        ),
    )

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        """Every player's points, 0 to 10 (rules.md §1)."""
        raw = entry.get(POINTS) if isinstance(entry, Mapping) else None
        if not isinstance(raw, Mapping):
            raise EntryError([problem(_("points must give each player a number"), POINTS)])
        problems = unknown_fields(entry, (POINTS,))
        points: dict[Side, int] = {}
        for side, value in read_counts(
            raw,
            table.sides,
            problems,
            unknown=lambda side: problem(_("{side} is not at this table"), POINTS, side=side),
            not_whole=lambda side: problem(
                _("points for {side} must be a whole number from 0 to 10"), POINTS, side=side
            ),
        ):
            if value is not None and value > MOST_IN_A_HAND:
                problems.append(
                    problem(
                        _("points for {side} must be a whole number from 0 to 10"),
                        POINTS,
                        side=side,
                    )
                )
            elif value is not None:
                points[side] = value
        problems.extend(
            problem(_("points for {side} are missing"), POINTS, side=side)
            for side in table.sides
            if side not in raw
        )
        raise_if_any(problems)
        counted = {side: points[side] for side in table.sides}
        return RoundScore(counted, RaceBreakdown(counted).to_json())

    def read_breakdown(self, data: object) -> RaceBreakdown:
        return RaceBreakdown.from_json(data)

    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """Over once a player reaches the target; the best total wins, shared when level
        (rules.md §2)."""
        after_each = running_totals(table.sides, rounds)
        target = table.option_int("target")
        for number, totals in enumerate(after_each, start=1):
            best = max(totals.values())
            if best >= target:
                winners = tuple(side for side in table.sides if totals[side] == best)
                return GameState(
                    after_each[-1],
                    after_each,
                    finished=True,
                    winners=winners,
                    finished_after_round=number,
                )
        totals = after_each[-1] if after_each else dict.fromkeys(table.sides, 0)
        return GameState(totals, after_each)


GAMES: tuple[Game, ...] = (MadeUpRace(),)
