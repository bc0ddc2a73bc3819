"""The test kit of Briscola (tests/kits.py); its deals' strategies are in
games/plugins/briscola/tests/strategies.py."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st
from playwright.sync_api import Page, expect

from games.scoring import TableSetup
from tests.kits import Entry, GameKit

from .strategies import briscola_counted_points, briscola_entries


class BriscolaKit(GameKit):
    # A deal's card points give 1 to its winner, not the card points counted.
    scores_counted_points_as_given = False

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        count = draw(st.sampled_from([2, 4]))
        return count, {"best_of": draw(st.sampled_from(["1", "3", "5"]))}

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        return draw(briscola_entries(setup.sides))

    def mistake(self, setup: TableSetup) -> Entry:
        first = setup.sides[0]
        return {"points": {side: 60 if side == first else 0 for side in setup.sides}}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        return {"points": draw(briscola_counted_points(list(setup.sides)))}

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        sides = list(setup.sides)
        points = {name: legal["points"].get(name, 0) for name in sides}
        other = next(name for name in sides if name != side)
        points[other] = draw(
            st.integers(0, 120).filter(lambda value: value not in (1, 119, 120 - points[side]))
        )
        total = sum(points.values())
        return {"points": points}, f"the card points add up to {total}, not 120"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        return {"points": draw(briscola_counted_points(sides))}

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """Every deal drawn: 60-60 counts for nobody, and the match goes on."""
        return {"points": dict.fromkeys(setup.sides, 60)}

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        # Best of 3: two deals of all 120 card points.
        deal = {"points": {side: 120 if side == winner else 0 for side in setup.sides}}
        return [deal, deal]

    def site_players(self, game: str) -> int:
        # Four, as two teams of partners: the longest side names.
        return 4

    def half_enter(self, page: Page) -> None:
        # A table whose last hand was counted starts the next in points: tap cards instead.
        page.locator('label.segment:has(input[name="mode"][value="cards"])').click()
        for code in ("AD", "3C", "KB"):
            page.locator(f'.card[data-card="{code}"]').click()
        expect(page.locator("#preview")).to_contain_text("So far")

    def counted_hand(self, setup: TableSetup) -> Entry:
        """A deal of 70 card points to 50."""
        first, second = setup.sides
        return {"points": {first: 70, second: 50}}


KITS: dict[str, GameKit] = {"briscola": BriscolaKit()}
