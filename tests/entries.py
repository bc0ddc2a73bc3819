"""Hypothesis strategies for tables and round entries of every game, as a phone would send them
(docs/scoresheet.md): captured cards, penalty cards or counts, contracts, cards held, the hands
of docs/examples/, counted points (some steered to the game's line: the Scopa target, Ciapanò's
elimination, the Swoops limit), and now and then a mistake the engine refuses.

Tables are set up so that games end (or players go out) within a few hands. An entry is drawn
for the table as it stands before the hand: its totals, and who is out (Ciapanò); now and then a
Ciapanò entry is drawn as if nobody were out yet, as from a form rendered before a player went
out. The simplest choices come first, so that failing examples shrink to valid counted hands.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from games.plugins.ciapano.engine import PENALTY_CARDS
from games.plugins.schafkopf.engine import (
    MAX_KLOPFEN,
    contracts_at,
    fewest_card_points,
    laufende_count_in,
    most_card_points,
)
from games.plugins.scopa.engine import SCOPA_FAMILY
from games.plugins.swoops.engine import RANKS
from games.scoring import GAMES, TableSetup
from games.scoring.cards import DECK
from tests.plugins.briscola_strategies import briscola_entries
from tests.scoring.schafkopf_strategies import ramsch_entries
from tests.scoring.strategies import (
    ciapano_counted_points,
    scopa_counted_points,
    swoops_counted_points,
)

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve")
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
DECK_CODES: tuple[str, ...] = tuple(card.code for card in DECK)
PENALTY_CODES: tuple[str, ...] = tuple(card.code for card in PENALTY_CARDS)
ACE_CODES = frozenset(code for code in PENALTY_CODES if code.startswith("A"))

Entry = dict[str, Any]


@dataclass(frozen=True)
class TablePlan:
    """What ``services.table_create`` is called with."""

    game: str
    players: list[str]
    options: dict[str, object]
    first_dealer: int


# -- tables ---------------------------------------------------------------------------------------


@st.composite
def table_plans(draw: st.DrawFn, game: str) -> TablePlan:
    """A table of ``game`` where the game is decided (or players go out) within a few hands."""
    options: dict[str, object]
    if game in SCOPA_FAMILY:
        count = draw(player_counts(game, 2, 4))
        options = {"target": draw(st.sampled_from([5, 11, 16]))}
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
    elif game == "ciapano":
        count = draw(player_counts(game, 3, 5))
        options = {
            "elimination_at": draw(st.sampled_from([12, 15, 21])),
            "last_trick": draw(st.sampled_from(["remainder", "plus-one"])),
        }
    elif game == "swoops":
        count = draw(player_counts(game, 3, 5))
        options = {"limit": draw(st.sampled_from([40, 80, 150]))}
        if draw(st.integers(0, 4)) == 4:
            options["rounds"] = draw(st.integers(2, 5))
    elif game == "schafkopf":
        count = 4
        options = {
            "runners": draw(st.booleans()),
            "tout": draw(st.sampled_from(["flat", "double"])),
            "cents_per_point": draw(st.sampled_from([0, 10])),
            # The house games (issue 17): Ramsch instead of a redeal, Bettel, Klopfen.
            "ramsch": draw(st.booleans()),
            "bettel": draw(st.booleans()),
            "klopfen": draw(st.booleans()),
        }
    elif game == "briscola":
        count = draw(st.sampled_from([2, 4]))
        options = {"best_of": draw(st.sampled_from(["1", "3", "5"]))}
    else:
        raise AssertionError(f"tests/entries.py has no tables for {game}: add them")
    return TablePlan(game, list(NAMES[:count]), options, draw(st.integers(0, count - 1)))


def player_counts(game: str, fewest: int, most: int) -> st.SearchStrategy[int]:
    rules = GAMES[game]
    return st.integers(max(fewest, rules.min_players), min(most, rules.max_players))


# -- entries --------------------------------------------------------------------------------------


@st.composite
def entries(
    draw: st.DrawFn,
    setup: TableSetup,
    totals: Mapping[str, int] | None = None,
    out: Collection[str] = (),
) -> Entry:
    """One hand's entry for the table ``setup``, where ``totals`` are the totals before the
    hand and ``out`` the players already out of the game (Ciapanò)."""
    totals = totals or dict.fromkeys(setup.sides, 0)
    choice = draw(st.integers(0, 11))
    if choice == 11:  # the last choices, so that failing examples shrink away from them
        return draw(mistakes(setup))
    if choice >= 9 and setup.game not in ("schafkopf", "briscola"):
        return draw(steered(setup, totals, out))
    documented = documented_rounds(setup)
    if choice == 8 and documented:
        return copy.deepcopy(draw(st.sampled_from(documented)))
    game = setup.game
    if game in SCOPA_FAMILY:
        return draw(scopa_entries(setup))
    if game == "ciapano":
        players = [player for player in setup.players if player not in out] or list(setup.players)
        if draw(st.integers(0, 7)) == 7:
            # A form rendered before somebody went out: refused if it gives them anything.
            players = list(setup.players)
        return draw(ciapano_entries(setup, players))
    if game == "swoops":
        return draw(swoops_entries(setup))
    if game == "schafkopf":
        return draw(schafkopf_entries(setup))
    if game == "briscola":
        return draw(briscola_entries(setup.sides))
    raise AssertionError(f"tests/entries.py has no entries for {game}: add them")


@st.composite
def steered(
    draw: st.DrawFn, setup: TableSetup, totals: Mapping[str, int], out: Collection[str]
) -> Entry:
    """Counted points that take one side to its game's line, one below or one past it: the
    Scopa target, Ciapanò's elimination, the Swoops limit (exactly the limit plays on)."""
    game = setup.game
    sides = [side for side in setup.sides if side not in out] or list(setup.sides)
    if game in SCOPA_FAMILY:
        line = setup.option_int("target")
    elif game == "ciapano":
        line = setup.option_int("elimination_at")
    elif game == "swoops":
        line = setup.option_int("limit")
    else:
        raise AssertionError(f"tests/entries.py cannot steer {game}: add it")
    steered_side = draw(st.sampled_from(sides))
    others = [side for side in sides if side != steered_side]
    wanted = max(0, line - totals.get(steered_side, 0) + draw(st.integers(-1, 1)))
    if game == "ciapano":
        # A deal is worth 11 (games/plugins/ciapano/rules.md §3): at most 11 to the steered player,
        # the rest to others.
        points = dict.fromkeys(sides, 0)
        points[steered_side] = min(wanted, 11) if others else 11
        for _point in range(11 - points[steered_side]):
            points[draw(st.sampled_from(others))] += 1
        return {"points": points}
    points = {side: draw(st.integers(0, 2)) for side in sides}
    points[steered_side] = wanted
    if game == "swoops":
        # Somebody went out and scores 0; everyone else holds a card, 1 point or more.
        went_out = draw(st.sampled_from(others))
        points = {side: max(1, value) for side, value in points.items()}
        points[went_out] = 0
    elif sum(points.values()) == 0:
        # Somebody took the settebello: a hand gives a point at least.
        points[draw(st.sampled_from(sides))] = 1
    if game in SCOPA_FAMILY and setup.options.get("re_bello") and sum(points.values()) < 2:
        points[draw(st.sampled_from(sides))] += 1
    return {"points": points}


def documented_rounds(setup: TableSetup) -> list[Entry]:
    """The hands of the game's example scoresheet (docs/examples/), where the table has its
    players."""
    players, rounds = example_scoresheet(setup.game)
    return list(rounds) if players == setup.players else []


@functools.cache
def example_scoresheet(game: str) -> tuple[tuple[str, ...], tuple[Entry, ...]]:
    path = EXAMPLES / f"{game}.json"
    if not path.exists():
        return (), ()
    document = json.loads(path.read_text(encoding="utf-8"))
    if "teams" in document:
        return (), ()
    return tuple(document["players"]), tuple(document["rounds"])


def mistakes(setup: TableSetup) -> st.SearchStrategy[Entry]:
    """Entries every game refuses: nobody's side, a negative count, nothing at all, and
    counted points that no hand can give (a Scopa hand of 0, a Ciapanò deal of 12, two Swoops
    players on 0, a Schafkopf balance that does not add up to zero)."""
    first = setup.sides[0]
    bad: list[Entry] = [{"points": {"Zed": 1}}, {}, {"captures": 3, "points": {first: 1}}]
    if setup.game != "schafkopf":  # Schafkopf's points are a balance: negative is fine there
        bad.append({"points": {first: -1}})
    if setup.game in SCOPA_FAMILY:
        bad.append({"points": dict.fromkeys(setup.sides, 0)})
    elif setup.game == "ciapano":
        bad.append({"points": {first: 12}})
    elif setup.game == "swoops":
        bad.append({"points": {first: 5}})
    elif setup.game == "schafkopf":
        bad.append({"points": {first: 10}})
    elif setup.game == "briscola":
        bad.append({"points": {side: 60 if side == first else 0 for side in setup.sides}})
    return st.sampled_from(bad)


@st.composite
def scopa_entries(draw: st.DrawFn, setup: TableSetup) -> Entry:
    """Captured cards (every card to one side, a few sweeps within the cards taken) or counted
    points; where capotto is played, now and then a counted hand that ends the game at once."""
    if draw(st.booleans()):
        return draw(scopa_captures(setup))
    # Counted as the rules award the points; where capotto is played, now and then one side
    # took all ten coins (and the game).
    return draw(scopa_counted_points(setup.game, setup.sides, setup.options))


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
    return entry


@st.composite
def ciapano_entries(draw: st.DrawFn, setup: TableSetup, players: Sequence[str]) -> Entry:
    """The 24 penalty cards among ``players`` (often a moon), the same as counts, or points."""
    form = draw(st.sampled_from(["points", "counts", "cards"]))
    if form == "points":
        entry: Entry = {
            "points": draw(ciapano_counted_points(players, setup.option_str("last_trick")))
        }
        if draw(st.integers(0, 3)) == 0:
            # A player on 0 may be left out.
            entry["points"] = {p: value for p, value in entry["points"].items() if value}
        out = [player for player in setup.players if player not in players]
        if out and draw(st.booleans()):
            entry["points"].update(dict.fromkeys(out, 0))  # "or give him 0"
        return entry
    last_trick = draw(st.sampled_from(players))
    if draw(st.integers(0, 4)) == 4:
        # A moon: every penalty card and the last trick to one player.
        cards = {player: [] for player in players}
        cards[last_trick] = list(PENALTY_CODES)
    else:
        owners = draw(st.lists(st.sampled_from(players), min_size=24, max_size=24))
        cards = {player: [] for player in players}
        for code, owner in zip(PENALTY_CODES, owners, strict=True):
            cards[owner].append(code)
    if form == "cards":
        return {"penalty_cards": cards, "last_trick": last_trick}
    return {
        "aces": {player: sum(code in ACE_CODES for code in held) for player, held in cards.items()},
        "thirds": {
            player: sum(code not in ACE_CODES for code in held) for player, held in cards.items()
        },
        "last_trick": last_trick,
    }


@st.composite
def swoops_entries(draw: st.DrawFn, setup: TableSetup) -> Entry:
    """Who went out and the cards everybody else holds (or typed totals), or counted points."""
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


@st.composite
def schafkopf_entries(draw: st.DrawFn, setup: TableSetup) -> Entry:  # noqa: C901 - one branch per contract family and result form
    """A contract and how it went, in any of the accepted forms, or a counted balance."""
    players = list(setup.players)
    if draw(st.integers(0, 3)) == 0:
        values = [draw(st.integers(-60, 60)) for _player in players[:-1]]
        return {"points": {**dict(zip(players, values, strict=False)), players[-1]: -sum(values)}}
    contract = draw(st.sampled_from(contracts_at(setup)))
    key = contract.key
    knocks = draw(st.integers(0, MAX_KLOPFEN)) if setup.option_bool("klopfen") else 0
    if contract.ramsch:
        ramsch: Entry = draw(ramsch_entries(players))
        return {**ramsch, "klopfen": knocks} if knocks else ramsch
    entry: Entry = {"contract": key}
    if not contract.played:
        return entry
    if knocks:
        entry["klopfen"] = knocks
    seats = draw(st.permutations(players))
    entry["declarer"] = seats[0]
    if contract.has_partner:
        entry["partner"] = seats[1]
    if contract.suits and draw(st.booleans()):
        entry["suit"] = draw(st.sampled_from(contract.suits)).value
    if contract.can_be_doubled:
        entry["doublings"] = draw(st.integers(0, 2))
    if setup.options["runners"] and laufende_count_in(contract, setup.option_str("tout")):
        entry["laufende"] = draw(st.integers(0, contract.most_laufende))
    if key == "sie":
        return entry
    if contract.bettel:
        if draw(st.booleans()):
            entry["declarer_won"] = draw(st.booleans())
        else:
            entry["declarer_tricks"] = draw(st.sampled_from([0, 0, 1, 3]))
        return entry
    tricks = draw(st.integers(0, 8))
    points = draw(st.integers(fewest_card_points(tricks), most_card_points(tricks)))
    form = draw(st.sampled_from(["points", "points-and-tricks", "won"]))
    if form == "won":
        entry["declarer_won"] = draw(st.booleans())
        if not contract.tout:
            entry["schneider"] = draw(st.booleans())
    elif contract.tout or form == "points-and-tricks":
        entry["declarer_tricks"] = tricks
        if form == "points-and-tricks":
            entry["declarer_points"] = points
    else:
        entry["declarer_points"] = points
    return entry
