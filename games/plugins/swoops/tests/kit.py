"""The test kit of Swoops (tests/kits.py), and its points counted at the table as the rules make
them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import strategies as st
from playwright.sync_api import Page

from games.plugins.swoops.engine import RANKS
from games.scoring import GAMES, TableSetup
from tests.kits import Entry, GameKit, player_counts

# What a hand can give, restated from the rules: games/plugins/swoops/rules.md §1 (the decks, two
# jokers a pack) and §2 (the card values).
SWOOPS_VALUES = {"JOKER": 50, "10": 50, "K": 10, "Q": 10, "J": 10, "A": 1}
SWOOPS_VALUES.update({str(number): number for number in range(2, 10)})
SWOOPS_DECKS = {3: 3, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5}


class SwoopsKit(GameKit):
    sample_players = ("Ann", "Bob", "Cy")
    sample_options: Mapping[str, object] = {"limit": 60}

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        count = draw(player_counts(game, 3, 5))
        options: dict[str, object] = {"limit": draw(st.sampled_from([40, 80, 150]))}
        if draw(st.integers(0, 4)) == 4:
            options["rounds"] = draw(st.integers(2, 5))
        return count, options

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        """Who went out and the cards everybody else holds (or typed totals), or counted
        points."""
        players = list(setup.players)
        went_out = draw(st.sampled_from(players))
        others = [player for player in players if player != went_out]
        if draw(st.integers(0, 2)) == 0:
            return {"points": draw(swoops_counted_points(players))}
        entry: Entry = {"went_out": went_out, "remaining": {}}
        for player in others:
            if draw(st.integers(0, 5)) == 5:
                entry.setdefault("totals", {})[player] = draw(st.integers(1, 40))
            else:
                ranks = st.lists(st.sampled_from(RANKS), min_size=1, max_size=4)
                entry["remaining"][player] = draw(ranks)
        return entry

    def steer_line(self, setup: TableSetup) -> int:
        """The limit (exactly the limit plays on)."""
        return setup.option_int("limit")

    def steered(
        self, draw: st.DrawFn, setup: TableSetup, sides: Sequence[str], side: str, wanted: int
    ) -> Entry:
        others = [name for name in sides if name != side]
        points = {name: draw(st.integers(0, 2)) for name in sides}
        points[side] = wanted
        # Somebody went out and scores 0; everyone else holds a card, 1 point or more.
        went_out = draw(st.sampled_from(others))
        points = {name: max(1, value) for name, value in points.items()}
        points[went_out] = 0
        return {"points": points}

    def mistake(self, setup: TableSetup) -> Entry:
        return {"points": {setup.sides[0]: 5}}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        return {"points": draw(swoops_counted_points(list(setup.sides)))}

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        sides = list(setup.sides)
        points = {name: legal["points"].get(name, 0) for name in sides}
        holders = [player for player in sides if points[player]]
        if draw(st.booleans()):
            points[draw(st.sampled_from(holders))] = 0
            zeros = ", ".join(player for player in sides if not points[player])
            return {"points": points}, f"{zeros} all score 0, but only one player goes out"
        holder = draw(st.sampled_from(holders))
        points[holder] += swoops_most(len(sides)) - sum(points.values()) + draw(st.integers(1, 9))
        return {"points": points}, f"the points add up to {sum(points.values())}, more than"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        return {"points": draw(swoops_counted_points(sides))}

    def steady_setup(self, game: str) -> TableSetup:
        """A limit of 10,000."""
        return GAMES[game].setup(list(self.sample_players), {"limit": 10_000})

    def steady_entry(self, setup: TableSetup, number: int) -> Entry:
        """A different player goes out each round, the others hold an ace."""
        turn = setup.sides[number % len(setup.sides)]
        return {"points": {side: 0 if side == turn else 1 for side in setup.sides}}

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        # Someone passes 150; the winner holds nothing.
        sides = list(setup.sides)
        loser = next(side for side in sides if side != winner)
        points = {side: 0 if side == winner else 20 for side in sides}
        points[loser] = 151
        return [{"points": points}]

    def counted_hand(self, setup: TableSetup) -> Entry:
        """The first player went out; everyone else holds 12."""
        return {"points": {side: 0 if index == 0 else 12 for index, side in enumerate(setup.sides)}}

    def site_players(self, game: str) -> int:
        return 5

    def half_enter(self, page: Page) -> None:
        """At the phone pages' table (tests/phone_pages.py): Alessandra went out, Bartolomeo
        holds a king."""
        page.locator(".sw-out-tile", has_text="Alessandra").click()
        page.locator(".sw-pick", has=page.locator(".sw-pick-name", has_text="Bartolomeo")).click()
        page.locator('.sw-chip[data-rank="K"]').click()


def swoops_most(players: int) -> int:
    """The 19 cards dealt to each player, at best the costliest the decks hold."""
    decks = SWOOPS_DECKS[players]
    pool = sorted(
        value
        for rank, value in SWOOPS_VALUES.items()
        for _copy in range(decks * (2 if rank == "JOKER" else 4))
    )
    return sum(pool[-19 * players :])


@st.composite
def swoops_counted_points(draw: st.DrawFn, players: Sequence[str]) -> dict[str, int]:
    """Points a Swoops round can give (games/plugins/swoops/rules.md §4): 0 for the one player
    who went out, and for everyone else the cards still held, 1 point or more."""
    out = draw(st.sampled_from(players))
    return {player: 0 if player == out else draw(st.integers(1, 120)) for player in players}


KITS: dict[str, GameKit] = {"swoops": SwoopsKit()}
