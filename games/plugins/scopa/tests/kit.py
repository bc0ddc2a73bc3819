"""The test kit of the Scopa family: Scopa, Scopone and Pirate Scopa (tests/kits.py)."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st
from playwright.sync_api import Page, expect

from games.scoring import TableSetup
from games.scoring.cards import DECK
from tests.kits import Entry, GameKit, player_counts

from .strategies import scopa_counted_points

DECK_CODES: tuple[str, ...] = tuple(card.code for card in DECK)


class ScopaKit(GameKit):
    # Parts a table option adds (games/plugins/scopa/rules.md §7, pirate-scopa.md).
    optional_breakdown_keys = frozenset(
        {"ace_sweeps", "re_bello", "napoli", "capotto", "grande", "piccola", "declarations"}
    )

    def __init__(self, players: tuple[str, ...], options: dict[str, object] | None = None):
        self.sample_players = players
        self.sample_options = options or {}

    def table_plan(self, draw: st.DrawFn, game: str) -> tuple[int, dict[str, object]]:
        count = draw(player_counts(game, 2, 4))
        options: dict[str, object] = {"target": draw(st.sampled_from([5, 11, 16]))}
        if game in ("scopa", "scopone"):
            for flag in ("re_bello", "napoli", "capotto"):
                options[flag] = draw(st.booleans())
            if draw(st.booleans()):
                options["scopa_d_assi"] = True
                options["ace_sweep_is_scopa"] = draw(st.booleans())
        if game == "scopa" and count == 4:
            options["four_individuals"] = draw(st.booleans())
        if game == "pirate-scopa":
            options["prime_rule"] = draw(st.sampled_from(["sum", "most-sevens"]))
        if game == "cirulla":
            # Low targets as the others', so a drawn game ends in a few hands (CI time): a
            # Cirulla hand gives more points, and 51 is the default the sample table plays.
            options["ace_sweep_is_scopa"] = draw(st.booleans())
        return count, options

    def entry(self, draw: st.DrawFn, setup: TableSetup, out: Sequence[str]) -> Entry:
        """Captured cards (every card to one side, a few sweeps within the cards taken) or
        counted points; where capotto is played, now and then a counted hand that ends the game
        at once."""
        if draw(st.booleans()):
            return draw(scopa_captures(setup))
        # Counted as the rules award the points; where capotto is played, now and then one side
        # took all ten coins (and the game).
        return draw(scopa_counted_points(setup.game, setup.sides, setup.options))

    def steer_line(self, setup: TableSetup) -> int:
        return setup.option_int("target")

    def steered(
        self, draw: st.DrawFn, setup: TableSetup, sides: Sequence[str], side: str, wanted: int
    ) -> Entry:
        points = {name: draw(st.integers(0, 2)) for name in sides}
        points[side] = wanted
        if sum(points.values()) == 0:
            # Somebody took the settebello: a hand gives a point at least.
            points[draw(st.sampled_from(sides))] = 1
        if setup.options.get("re_bello") and sum(points.values()) < 2:
            points[draw(st.sampled_from(sides))] += 1
        return {"points": points}

    def mistake(self, setup: TableSetup) -> Entry:
        return {"points": dict.fromkeys(setup.sides, 0)}

    def legal_points(self, draw: st.DrawFn, setup: TableSetup) -> Entry:
        return draw(scopa_counted_points(setup.game, list(setup.sides), setup.options))

    def impossible_points(
        self, draw: st.DrawFn, setup: TableSetup, legal: Entry, side: str
    ) -> tuple[Entry, str]:
        sides = list(setup.sides)
        points = {name: legal["points"].get(name, 0) for name in sides}
        least, most = scopa_bounds(setup)
        if least > 1 and draw(st.booleans()):
            points = dict.fromkeys(sides, 0)
            points[side] = least - 1
        elif draw(st.booleans()):
            points = dict.fromkeys(sides, 0)
        else:
            points[side] += most - sum(points.values()) + draw(st.integers(1, 30))
        return {"points": points}, f"the points add up to {sum(points.values())}"

    def counted_entry(self, draw: st.DrawFn, game: str, sides: Sequence[str]) -> Entry:
        return draw(scopa_counted_points(game, sides, {}))

    def winning_entries(self, setup: TableSetup, winner: str) -> list[Entry]:
        # One hand at the target wins it: Cirulla's 51 is within what a hand can give.
        win = setup.option_int("target") if setup.game == "cirulla" else 11
        return [{"points": {side: win if side == winner else 3 for side in setup.sides}}]

    def site_players(self, game: str) -> int:
        # Scopa and Cirulla for two, Pirate Scopa for three, Scopone's four.
        return {"scopa": 2, "pirate-scopa": 3, "cirulla": 2}.get(game, 4)

    def half_enter(self, page: Page) -> None:
        # A table whose last hand was counted starts the next in points: tap cards instead.
        page.locator('label.segment:has(input[name="mode"][value="cards"])').click()
        for code in ("7D", "AC", "KB"):
            page.locator(f'.card[data-card="{code}"]').click()
        expect(page.locator("#preview")).to_contain_text("So far")


# What a hand can give, restated from the rules: games/plugins/scopa/rules.md §8 and
# pirate-scopa.md §7.
def scopa_bounds(setup: TableSetup) -> tuple[int, int]:
    """The settebello (and the re bello) always go to somebody; at most the four categories,
    the re bello, napoli's run of 10 and 20 sweeps of two cards or more."""
    pirate = setup.game == "pirate-scopa"
    re_bello = int(not pirate and bool(setup.options.get("re_bello")))
    napoli = 10 if not pirate and setup.options.get("napoli") else 0
    # Cirulla (cirulla.md §3, §6): the declarations the 40 cards make at most (ten three of a
    # kind of 10 and two low hands of 3), the grande's 5 and the piccola's 6.
    cirulla = 10 * 10 + 2 * 3 + 5 + 6 if setup.game == "cirulla" else 0
    return 1 + re_bello, 4 + re_bello + napoli + cirulla + 20


@st.composite
def scopa_captures(draw: st.DrawFn, setup: TableSetup) -> Entry:
    """The 40 cards among the sides, as a hand is played (games/demo.py ``_scopa_hand``): a
    few sweeps each, now and then all ten coins to one side (a capotto where it is played)."""
    sides = list(setup.sides)
    owners = draw(st.lists(st.sampled_from(sides), min_size=40, max_size=40))
    coins_to = draw(st.sampled_from(sides)) if draw(st.integers(0, 9)) == 9 else None
    captures: dict[str, list[str]] = {side: [] for side in sides}
    for code, owner in zip(DECK_CODES, owners, strict=True):
        captures[coins_to if coins_to and code.endswith("D") else owner].append(code)
    scopas, ace_sweeps = {}, {}
    for side, taken in captures.items():
        # A sweep takes two cards or more; an ace sweep needs an ace taken.
        scopas[side] = draw(st.integers(0, min(2, len(taken) // 2)))
        if setup.options.get("scopa_d_assi"):
            aces = sum(code.startswith("A") for code in taken)
            room = len(taken) // 2 - scopas[side]
            ace_sweeps[side] = draw(st.integers(0, max(0, min(1, aces, room))))
    entry: Entry = {"captures": captures, "scopas": scopas}
    if ace_sweeps:
        entry["ace_sweeps"] = ace_sweeps
    if setup.game == "cirulla":
        # A declaration or two a side, well within the deals each side has (cirulla.md §3).
        entry["low_hands"] = {side: draw(st.integers(0, 1)) for side in sides}
        entry["three_of_a_kind"] = {side: draw(st.integers(0, 1)) for side in sides}
    return entry


# The small table of each game of the family (its players and options).
SAMPLE_TABLES: dict[str, tuple[tuple[str, ...], dict[str, object]]] = {
    "scopa": (("Ann", "Bob"), {"target": 21}),
    "scopone": (("Ann", "Bob", "Cy", "Di"), {}),
    "pirate-scopa": (("Ann", "Bob", "Cy"), {}),
    "cirulla": (("Ann", "Bob"), {}),
}

KITS: dict[str, GameKit] = {
    game: ScopaKit(players, options) for game, (players, options) in SAMPLE_TABLES.items()
}
