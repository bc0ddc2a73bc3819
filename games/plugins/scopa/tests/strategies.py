"""Hypothesis strategies: Scopa-family tables and whole-deck deals that respect the rules, and
the points a Scopa-family hand counted at the table can give.

A deal gives every one of the 40 cards to exactly one side (docs/scoresheet.md, "A round":
each card is captured by exactly one side); scopas and ace sweeps respect the sweep limit
(a sweep takes the played card and at least one more, so at most cards/2 sweeps; an ace sweep
needs an ace taken). Counted points are drawn from the rules, not from the engine: a
Scopa-family hand gives the settebello and what else its categories and sweeps give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from games.scoring import TableSetup, get_game
from tests.scoring.helpers import ALL_CODES

PLAYER_NAMES = ("Ann", "Bob", "Cy", "Di")


@dataclass(frozen=True)
class Hand:
    """One hand at one table, as the players would enter it."""

    at: TableSetup
    captures: dict[str, list[str]]
    scopas: dict[str, int]
    ace_sweeps: dict[str, int] = field(default_factory=dict)

    def entry(self) -> dict[str, Any]:
        """A fresh scoresheet entry with every side's list given; safe to change."""
        entry: dict[str, Any] = {
            "captures": {side: list(codes) for side, codes in self.captures.items()},
            "scopas": dict(self.scopas),
        }
        if self.ace_sweeps:
            entry["ace_sweeps"] = dict(self.ace_sweeps)
        return entry


@st.composite
def tables(
    draw: st.DrawFn,
    games: tuple[str, ...] = ("scopa", "scopone", "pirate-scopa"),
    default_options: bool = False,
) -> TableSetup:
    """A Scopa, Scopone or Pirate Scopa table with 2, 3 or 4 sides and random options."""
    game = draw(st.sampled_from(games))
    count = 4 if game == "scopone" else draw(st.integers(2, 4))
    options: dict[str, object] = {}
    if not default_options:
        if game in ("scopa", "scopone"):
            for flag in ("re_bello", "napoli", "capotto", "trentino", "scopa_d_assi"):
                options[flag] = draw(st.booleans())
            options["ace_sweep_is_scopa"] = draw(st.booleans())
            options["primiera_incomplete"] = draw(
                st.sampled_from(["best-partial", "void", "more-suits"])
            )
        if game == "scopa" and count == 4:
            options["four_individuals"] = draw(st.booleans())
        if game == "scopone":
            options["scientifico"] = draw(st.booleans())
        if game == "pirate-scopa":
            options["prime_rule"] = draw(st.sampled_from(["sum", "most-sevens"]))
        if draw(st.booleans()):
            options["target"] = draw(st.integers(1, 31))
    return get_game(game).setup(list(PLAYER_NAMES[:count]), options)


@st.composite
def deals(draw: st.DrawFn, sides: tuple[str, ...]) -> dict[str, list[str]]:
    """The 40 cards dealt among the sides.

    Each suit is either dealt card by card or taken whole by one side, so that capotto (all ten
    coins) and nobody-complete primieras (a side missing a suit) come up often.
    """
    owners = draw(st.lists(st.sampled_from(sides), min_size=40, max_size=40))
    whole_suit = {suit: draw(st.none() | st.sampled_from(sides)) for suit in "DCSB"}
    captures: dict[str, list[str]] = {side: [] for side in sides}
    for code, owner in zip(ALL_CODES, owners, strict=True):
        captures[whole_suit[code[-1]] or owner].append(code)
    return captures


@st.composite
def hands(
    draw: st.DrawFn,
    at: st.SearchStrategy[TableSetup] | None = None,
    sweeps: bool = True,
) -> Hand:
    table = draw(at if at is not None else tables())
    captures = draw(deals(table.sides))
    scopas: dict[str, int] = {}
    ace_sweeps: dict[str, int] = {}
    d_assi = bool(table.options.get("scopa_d_assi"))
    for side, codes in captures.items():
        limit = len(codes) // 2 if sweeps else 0
        scopas[side] = draw(st.integers(0, min(limit, 8)))
        if d_assi:
            aces = sum(code.startswith("A") for code in codes)
            ace_sweeps[side] = draw(st.integers(0, min(aces, limit - scopas[side])))
    return Hand(table, captures, scopas, ace_sweeps)


# -- points counted at the table, as the rules make them -----------------------------------------


@st.composite
def scopa_counted_points(
    draw: st.DrawFn, game: str, sides: Sequence[str], options: Mapping[str, object]
) -> dict[str, object]:
    """Points a Scopa, Scopone or Pirate Scopa hand can give, counted at the table, as the rules
    award them (games/plugins/scopa/rules.md §3, §7-§8; games/plugins/scopa/pirate-scopa.md §3, §7):
    the settebello (seven of coins) and, where played, the re bello to some side; most cards, most
    coins and the primiera each to a side or to nobody (a tie); napoli's run of 3 to 10 to a side or
    nobody; a few sweeps each. With capotto now and then one side takes all ten coins: most coins,
    the settebello, the re bello and a napoli of 10 are its, and the entry names it."""
    pirate = game == "pirate-scopa"
    capotto = None
    if options.get("capotto") and draw(st.integers(0, 5)) == 0:
        capotto = draw(st.sampled_from(sides))
    points = dict.fromkeys(sides, 0)
    always = ["settebello"] + ([] if pirate or not options.get("re_bello") else ["re bello"])
    for _category in always:
        points[capotto or draw(st.sampled_from(sides))] += 1
    for category in ("cards", "coins", "primiera"):
        if category == "coins" and capotto:
            winner: str | None = capotto
        else:
            winner = draw(st.none() | st.sampled_from(sides))
        if winner is not None:
            points[winner] += 1
    if not pirate and options.get("napoli"):
        if capotto:
            points[capotto] += 10
        else:
            napoli = draw(st.none() | st.sampled_from(sides))
            if napoli is not None:
                points[napoli] += draw(st.integers(3, 10))
    if game == "cirulla":
        # cirulla.md §3-§4: the grande, the piccola's run of 3 to 6, a declaration or so.
        for least, most in ((5, 5), (3, 6)):
            taker = draw(st.none() | st.sampled_from(sides))
            if taker is not None:
                points[taker] += draw(st.integers(least, most))
        for side in sides:
            points[side] += draw(st.sampled_from([0, 0, 3, 10]))
    for side in sides:
        points[side] += draw(st.integers(0, 3))
    entry: dict[str, object] = {"points": points}
    if capotto:
        entry["capotto"] = capotto
    return entry
