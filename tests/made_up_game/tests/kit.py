"""The test kit of the made-up race (tests/kits.py): what the shared suites need to know about it,
restated from its rules (tests/made_up_game/rules.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from hypothesis import strategies as st

from games.scoring import TableSetup
from tests.kits import Entry, GameKit, player_counts

# The most a player makes in a hand (rules.md §1).
MOST = 10


def counted(draw: st.DrawFn, sides: Sequence[str]) -> Entry:
    return {"points": {side: draw(st.integers(0, MOST)) for side in sides}}


class RaceKit(GameKit):
    sample_players = ("Ann", "Bob", "Cy")

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        return draw(player_counts(game, 2, 4)), {"target": draw(st.sampled_from([10, 20, 30]))}

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        return counted(draw, setup.sides)

    def steer_line(self, setup: TableSetup) -> int:
        return setup.option_int("target")

    def steered(
        self, draw: st.DrawFn, setup: TableSetup, sides: Sequence[str], side: str, wanted: int
    ) -> Entry:
        points = counted(draw, sides)["points"]
        points[side] = max(0, min(MOST, wanted))
        return {"points": points}

    def mistake(self, setup: TableSetup) -> Entry:
        return {"points": dict.fromkeys(setup.sides, MOST + 1)}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        return counted(draw, setup.sides)

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        points = dict(legal["points"])
        points[side] = draw(st.integers(MOST + 1, 99))
        return {"points": points}, f"points for {side} must be a whole number from 0 to 10"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        return counted(draw, sides)

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """Nobody scores: the race never ends."""
        return {"points": dict.fromkeys(setup.sides, 0)}

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        hands = math.ceil(setup.option_int("target") / MOST)
        return [{"points": {side: MOST * (side == winner) for side in setup.sides}}] * hands


KITS = {"made-up-race": RaceKit()}
