"""Hypothesis strategies: Scopa-family tables and whole-deck deals that respect the rules.

A deal gives every one of the 40 cards to exactly one side (scoresheet-format.md: "Every one of
the 40 cards is captured by exactly one side"); scopas and ace sweeps respect the sweep limit
(a sweep takes the played card and at least one more, so at most cards/2 sweeps; an ace sweep
needs an ace taken).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from games.scoring import TableSetup, get_game

from .helpers import ALL_CODES

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


# -- any game: a round as the table counted it ---------------------------------------------------


@st.composite
def counted_entries(draw: st.DrawFn, game: str, sides: Sequence[str]) -> dict[str, object]:
    """A round of any game for ``sides`` (those still in the game): points counted at the
    table, shaped as the game takes them (Schafkopf sums to zero, Swoops has one player out
    on 0), for Ciapanò often aces and thirds counted (a moon now and then), and now and then a
    bad entry (a side nobody plays, or a negative count) that the engine must refuse."""
    if draw(st.integers(0, 12)) == 0:
        return draw(st.sampled_from([{"points": {"Zed": 1}}, {"points": {sides[0]: -1}}]))
    if game == "schafkopf":
        values = [draw(st.integers(-60, 60)) for _side in sides[:-1]]
        return {"points": {**dict(zip(sides, values, strict=False)), sides[-1]: -sum(values)}}
    if game == "swoops":
        out = draw(st.sampled_from(sides))
        return {"points": {side: 0 if side == out else draw(st.integers(0, 25)) for side in sides}}
    if game == "ciapano" and draw(st.booleans()):
        return draw(penalty_counts(sides))
    if game == "ciapano":
        return {"points": {side: draw(st.integers(0, 7)) for side in sides}}
    return {"points": {side: draw(st.integers(0, 4)) for side in sides}}


@st.composite
def penalty_counts(draw: st.DrawFn, players: Sequence[str]) -> dict[str, object]:
    """Ciapanò's aces and thirds counted per player and the last trick's winner; often a moon
    (one player takes every penalty card, and the others pay)."""
    if draw(st.integers(0, 2)) == 0:
        moon = draw(st.sampled_from(players))
        aces = {player: 4 if player == moon else 0 for player in players}
        thirds = {player: 20 if player == moon else 0 for player in players}
        return {"aces": aces, "thirds": thirds, "last_trick": moon}
    aces, thirds = dict.fromkeys(players, 0), dict.fromkeys(players, 0)
    for _card in range(4):
        aces[draw(st.sampled_from(players))] += 1
    for _card in range(20):
        thirds[draw(st.sampled_from(players))] += 1
    return {"aces": aces, "thirds": thirds, "last_trick": draw(st.sampled_from(players))}
