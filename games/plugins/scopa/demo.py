"""The demo club's Scopa, Scopone, Pirate Scopa and Cirulla tables (games.demo): the captured
cards of every hand, with the sweeps (and Cirulla's declarations), and at some tables the points
counted by hand."""

from __future__ import annotations

import random

from games.hands.demo_base import BenchTable, DemoGame, DemoTable, Entries, scored
from games.plugins.scopa.engine import ScopaFamily, counted_range
from games.scoring import RoundScore
from games.scoring.cards import DECK

# The highest target a Scopa table can set: a game that must end on a given hand sets its
# target to what the leader reached then, so the totals before it must stay below this.
HIGHEST_TARGET = 99

DECK_CODES: tuple[str, ...] = tuple(card.code for card in DECK)


def _scopa_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    """Never capotto: it can end a game at any hand."""
    options: dict[str, object] = {}
    if rng.random() < 0.2:
        options["re_bello"] = True
    if rng.random() < 0.1:
        options["napoli"] = True
    if rng.random() < 0.15:
        options["target"] = 21
    return options


def _scopone_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    options: dict[str, object] = {}
    if rng.random() < 0.3:
        options["scientifico"] = True
    return options


def _pirate_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    options: dict[str, object] = {"deck": rng.choice(("standard", "standard", "tarot", "scopa"))}
    if rng.random() < 0.2:
        options["prime_rule"] = "most-sevens"
    return options


def _no_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    # Cirulla's own: to 51 with the Genoese (French-suited) cards.
    return {}


def _scopa_hand(table: DemoTable) -> dict[str, object]:
    """Every card goes to a side, the stronger side (and the luckier, this hand) taking more;
    sweeps come with the cards."""
    rng, sides = table.rng, list(table.setup.sides)
    luck = table.luck(sides, 0.5, shape=4.0)
    captures: dict[str, list[str]] = {side: [] for side in sides}
    for code, taker in zip(
        DECK_CODES, rng.choices(sides, weights=luck, k=len(DECK_CODES)), strict=True
    ):
        captures[taker].append(code)
    mean = sum(luck) / len(luck)
    scopas = {}
    for side, weight in zip(sides, luck, strict=True):
        sweeps = sum(rng.random() < 0.12 * weight / mean for _chance in range(4))
        # A sweep takes two cards or more.
        scopas[side] = min(sweeps, len(captures[side]) // 2)
    entry: dict[str, object] = {"captures": captures, "scopas": scopas}
    if isinstance(table.rules, ScopaFamily) and table.rules.declares:
        # Now and then a low hand, rarely three of a kind (cirulla.md §3).
        entry["low_hands"] = {side: int(rng.random() < 0.3) for side in sides}
        entry["three_of_a_kind"] = {side: int(rng.random() < 0.05) for side in sides}
    return entry


def _scopa_entry(
    table: DemoTable, scores: list[RoundScore]
) -> tuple[dict[str, object], RoundScore]:
    return scored(table, _scopa_hand(table), scores)


def _play_scopa(table: DemoTable, hands: int | None) -> Entries:
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    if hands is None:
        while not table.rules.game_state(scores, table.setup).finished:
            entry, score = _scopa_entry(table, scores)
            entries.append(entry)
            scores.append(score)
        return entries, scores
    # Exactly ``hands`` hands: play them, then set the target to what the leader reached with
    # the last one, above anything anybody had before, so the game ends there and not earlier.
    sides = table.setup.sides
    # Every hand gives at least the settebello (and the re bello where it is played).
    assert isinstance(table.rules, ScopaFamily)
    least = counted_range(table.setup.options, bool(table.rules.prime_rule_option)).least
    # So a game cannot last so long that the fewest points take the leader past the highest
    # target: a longer one is cut to the most hands that fit.
    hands = min(hands, len(sides) * ((HIGHEST_TARGET - 4) // least - 3))
    totals = dict.fromkeys(sides, 0)
    for number in range(hands - 1):
        # Keep the leader clear of the highest target, with room for the fewest points the
        # hands still to come give: a hand that would take them too close is dealt again (a
        # Napoli table scores a lot); where no hand fits, the hand is counted at the table and
        # its few points (the settebello, the re bello) go to the side furthest behind.
        later = hands - 1 - number
        room = HIGHEST_TARGET - 4 - least * (later // len(sides) + 2)
        for _attempt in range(20):
            entry, score = _scopa_entry(table, scores)
            if max(totals[side] + score.points[side] for side in sides) < room:
                break
        else:
            last = min(sides, key=lambda side: totals[side])
            entry = {"points": {side: least if side == last else 0 for side in sides}}
            score = table.score(entry, scores)
        entries.append(entry)
        scores.append(score)
        for side in sides:
            totals[side] += score.points[side]
    before = max(totals.values())
    for _attempt in range(30):
        entry, score = _scopa_entry(table, scores)
        after = {side: totals[side] + score.points[side] for side in sides}
        leader = max(sides, key=lambda side: after[side])
        alone = sum(total == after[leader] for total in after.values()) == 1
        if alone and before < after[leader] <= HIGHEST_TARGET:
            break
    else:
        leader = max(sides, key=lambda side: (totals[side], table.strength[side]))
        entry = {"points": {side: least if side == leader else 0 for side in sides}}
        score = table.score(entry, scores)
        after = {side: totals[side] + score.points[side] for side in sides}
    entries.append(entry)
    scores.append(score)
    table.set_option("target", after[leader])
    return entries, scores


# A Scopa table to 99 for ``manage.py bench``; its hands are legal Scopa hands that keep the
# game open however many are played: one point each, so nobody is ever alone in the lead
# (settebello to one side, primiera to the other).
SCOPA_BENCH = BenchTable(
    players=("Ann", "Bob"),
    options={"target": 99},
    entry={"points": {"Ann": 1, "Bob": 1}},
    save={"mode": "points", "points_0": "1", "points_1": "1"},
    # A half-entered hand: the first eight cards to Ann.
    preview={"mode": "cards", "action": "preview"}
    | {f"card_{rank}{suit}": "0" for suit in "D" for rank in (1, 2, 3, 4, 5, 6, 7, 8)},
)

SCOPA_DEMOS: dict[str, DemoGame] = {
    "scopa": DemoGame(
        share=25,
        player_counts=(2, 2, 2, 4, 4),
        minutes_per_hand=4,
        options=_scopa_options,
        play=_play_scopa,
        specialists={"Bruno": 0.6},
        bench=SCOPA_BENCH,
    ),
    "scopone": DemoGame(
        share=15,
        player_counts=(4,),
        minutes_per_hand=5,
        options=_scopone_options,
        play=_play_scopa,
        specialists={"Chiara": 0.7},
    ),
    "pirate-scopa": DemoGame(
        share=10,
        player_counts=(2, 3, 3, 4),
        minutes_per_hand=4,
        options=_pirate_options,
        play=_play_scopa,
        specialists={"Giulia": 0.7},
    ),
    "cirulla": DemoGame(
        share=5,
        player_counts=(2, 2, 3, 4),
        minutes_per_hand=5,
        options=_no_options,
        play=_play_scopa,
    ),
}
