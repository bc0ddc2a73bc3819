"""The test kit of Tressette (tests/kits.py); its hands' strategies are in
games/plugins/tressette/tests/strategies.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from hypothesis import strategies as st
from playwright.sync_api import Page, expect

from games.plugins.tressette.engine import HAND_POINTS
from games.scoring import TableSetup
from tests.kits import Entry, GameKit

from .strategies import tressette_counted_points, tressette_entries


class TressetteKit(GameKit):
    # Every hand gives 11 between the sides (rules.md §3), so no game lasts long: level
    # hands of 6-5 and 5-6 keep a game to 31 going for six hands (33-33).
    steady_rounds: ClassVar[tuple[int, int]] = (6, 2)
    counted_total_is_fixed = True

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        count = draw(st.sampled_from([2, 4]))
        return count, {
            "target": draw(st.sampled_from(["21", "31"])),
            "napoletana": draw(st.booleans()),
            "accuse": draw(st.booleans()),
        }

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        return draw(tressette_entries(setup.sides, setup.options))

    def steer_line(self, setup: TableSetup) -> int | None:
        return int(setup.option_str("target"))

    def steered(
        self, draw: st.DrawFn, setup: TableSetup, sides: Sequence[str], side: str, wanted: int
    ) -> Entry:
        mine = max(0, min(wanted, HAND_POINTS))
        return {"points": {name: mine if name == side else HAND_POINTS - mine for name in sides}}

    def mistake(self, setup: TableSetup) -> Entry:
        return {"points": dict.fromkeys(setup.sides, 6)}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        return {"points": draw(tressette_counted_points(list(setup.sides)))}

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        sides = list(setup.sides)
        points = {name: legal["points"].get(name, 0) for name in sides}
        other = next(name for name in sides if name != side)
        points[other] = draw(
            st.integers(0, HAND_POINTS).filter(lambda value: value != HAND_POINTS - points[side])
        )
        total = sum(points.values())
        return {"points": points}, f"the card points add up to {total}, not 11"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        return {"points": draw(tressette_counted_points(sides))}

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """6-5 and 5-6 by turns: the sides are level after every other hand."""
        first, second = setup.sides
        lead = 6 if number % 2 == 0 else 5
        return {"points": {first: lead, second: HAND_POINTS - lead}}

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        hand = {"points": {side: HAND_POINTS if side == winner else 0 for side in setup.sides}}
        target = int(setup.option_str("target"))
        return [hand] * -(-target // HAND_POINTS)

    def site_players(self, game: str) -> int:
        # Four, as two pairs of partners: the longest side names.
        return 4

    def half_enter(self, page: Page) -> None:
        # A table whose last hand was counted starts the next in points: tap cards instead.
        page.locator('label.segment:has(input[name="mode"][value="cards"])').click()
        for code in ("AD", "3C", "KB"):
            page.locator(f'.card[data-card="{code}"]').click()
        expect(page.locator("#preview")).to_contain_text("So far")

    def counted_hand(self, setup: TableSetup) -> Entry:
        """A hand of 6 card points to 5."""
        first, second = setup.sides
        return {"points": {first: 6, second: 5}}


KITS: dict[str, GameKit] = {"tressette": TressetteKit()}
