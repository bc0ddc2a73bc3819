"""Hypothesis strategies: Scopa-family tables and whole-deck deals that respect the rules, and
points counted at the table as the rules of every game make them.

A deal gives every one of the 40 cards to exactly one side (docs/scoresheet.md, "A round":
each card is captured by exactly one side); scopas and ace sweeps respect the sweep limit
(a sweep takes the played card and at least one more, so at most cards/2 sweeps; an ace sweep
needs an ace taken). Counted points are drawn from the rules, not from the engine: a Ciapanò
deal adds up to 11 (9 to 11 under plus-one) or is a moon, a Scopa-family hand gives the
settebello and what else its categories and sweeps give, a Swoops round has one player on 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from games.scoring import TableSetup, get_game
from tests.plugins.briscola_strategies import briscola_counted_points

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


# -- points counted at the table, as the rules make them -----------------------------------------

# Ciapanò (games/plugins/ciapano/rules.md §1, §3, §5): 32 thirds of penalty, each player drops 0, 1
# or 2 thirds of his own, and what is left is whole points. Under the default rule (`remainder`) the
# last trick makes the deal up to 11; under plus-one it adds 1 to (32 - dropped) / 3, where the
# dropped thirds are 2, 5 or 8 (32 - dropped a multiple of 3) and at most 2 per player.


def ciapano_totals(player_count: int, rule: str) -> tuple[int, ...]:
    """What an ordinary (not a moon) Ciapanò deal of ``player_count`` adds up to."""
    if rule != "plus-one":
        return (11,)
    return tuple((32 - dropped) // 3 + 1 for dropped in (2, 5, 8) if dropped <= 2 * player_count)


def is_ciapano_moon(points: dict[str, int]) -> bool:
    """A Ciapanò moon (games/plugins/ciapano/rules.md §4): 0 for one player, 11 for each of the
    others."""
    values = sorted(points.values())
    return len(values) >= 2 and values[0] == 0 and all(value == 11 for value in values[1:])


@st.composite
def ciapano_counted_points(draw: st.DrawFn, players: Sequence[str], rule: str) -> dict[str, int]:
    """Points a Ciapanò deal among ``players`` can give: now and then a moon (0 for one, 11
    for the others), otherwise a total the rules allow (``ciapano_totals``) split any way: the
    last trick's winner may hold no penalty card at all, and anyone may hold only fractions."""
    if draw(st.integers(0, 4)) == 0:
        moon = draw(st.sampled_from(players))
        return {player: 0 if player == moon else 11 for player in players}
    total = draw(st.sampled_from(ciapano_totals(len(players), rule)))
    points = dict.fromkeys(players, 0)
    for _point in range(total):
        points[draw(st.sampled_from(players))] += 1
    return points


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
    for side in sides:
        points[side] += draw(st.integers(0, 3))
    entry: dict[str, object] = {"points": points}
    if capotto:
        entry["capotto"] = capotto
    return entry


@st.composite
def swoops_counted_points(draw: st.DrawFn, players: Sequence[str]) -> dict[str, int]:
    """Points a Swoops round can give (games/plugins/swoops/rules.md §4): 0 for the one player
    who went out, and for everyone else the cards still held, 1 point or more."""
    out = draw(st.sampled_from(players))
    return {player: 0 if player == out else draw(st.integers(1, 120)) for player in players}


# -- any game: a round as the table counted it ---------------------------------------------------


@st.composite
def counted_entries(draw: st.DrawFn, game: str, sides: Sequence[str]) -> dict[str, object]:
    """A round of any game for ``sides`` (those still in the game): points counted at the
    table as the rules make them (Schafkopf sums to zero, Swoops has one player out on 0,
    Ciapanò adds up to 11 or is a moon, a Scopa hand gives at least the settebello), for
    Ciapanò often aces and thirds counted (a moon now and then), and now and then a bad entry
    (a side nobody plays, or a negative count) that the engine must refuse."""
    if draw(st.integers(0, 12)) == 0:
        return draw(st.sampled_from([{"points": {"Zed": 1}}, {"points": {sides[0]: -1}}]))
    if game == "schafkopf":
        values = [draw(st.integers(-60, 60)) for _side in sides[:-1]]
        return {"points": {**dict(zip(sides, values, strict=False)), sides[-1]: -sum(values)}}
    if game == "swoops":
        return {"points": draw(swoops_counted_points(sides))}
    if game == "briscola":
        return {"points": draw(briscola_counted_points(sides))}
    if game == "ciapano" and draw(st.booleans()):
        return draw(penalty_counts(sides))
    if game == "ciapano":
        # The tracker tests play the default last trick, `remainder` (games/plugins/ciapano/rules.md
        # §3).
        return {"points": draw(ciapano_counted_points(sides, "remainder"))}
    return draw(scopa_counted_points(game, sides, {}))


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
