"""The test kit of the custom game (tests/kits.py): what the shared suites need to know about it,
restated from its rules (games/plugins/custom/rules.md)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st
from playwright.sync_api import Page, expect

from games.scoring import TableSetup
from tests.kits import Entry, GameKit, player_counts

# The most the kit's hands give a side: a few hands reach the kit's targets (rules.md §2-§3).
MOST = 10
# What no hand may give (rules.md §2).
TOO_MANY = 100_001


def counted(draw: st.DrawFn, sides: Sequence[str], lowest: int = 0) -> Entry:
    return {"points": {side: draw(st.integers(lowest, MOST)) for side in sides}}


class CustomKit(GameKit):
    sample_players = ("Ann", "Bob", "Cy")

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        """Two to five players, to a small target or a few hands, highest or lowest wins."""
        options: dict[str, object] = {
            "target": draw(st.sampled_from([10, 20, 30])),
            "lowest_wins": draw(st.booleans()),
        }
        if draw(st.booleans()):
            options["hands"] = draw(st.integers(1, 4))
        return draw(player_counts(game, 2, 5)), options

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        return counted(draw, setup.sides)

    def steer_line(self, setup: TableSetup) -> int | None:
        return setup.option_int("target") if setup.option_int("hands") == 0 else None

    def steered(
        self, draw: st.DrawFn, setup: TableSetup, sides: Sequence[str], side: str, wanted: int
    ) -> Entry:
        points = counted(draw, sides)["points"]
        points[side] = max(0, min(MOST, wanted))
        return {"points": points}

    def mistake(self, setup: TableSetup) -> Entry:
        return {"points": dict.fromkeys(setup.sides, TOO_MANY)}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        return counted(draw, setup.sides)

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        points = dict(legal["points"])
        points[side] = draw(st.sampled_from([-1, TOO_MANY]))
        return {"points": points}, f"points for {side} must be a whole number from 0 to 100000"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        return counted(draw, sides)

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """Nobody scores: the default target is never reached."""
        return {"points": dict.fromkeys(setup.sides, 0)}

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        """The target (or 1 a hand, for a number of hands) to the winner, or to everyone else
        where the lowest total wins."""
        hands = setup.option_int("hands")
        step = 1 if hands else setup.option_int("target")
        lowest = setup.option_bool("lowest_wins")
        hand = {"points": {side: step if (side == winner) != lowest else 0 for side in setup.sides}}
        return [hand] * (hands or 1)

    def half_enter(self, page: Page) -> None:
        """At the phone pages' table: the first side's points typed in."""
        page.locator("#id_points_0").fill("12")
        page.locator("#id_points_0").dispatch_event("change")
        expect(page.locator("#preview")).to_contain_text("+12")


KITS = {"custom": CustomKit()}
