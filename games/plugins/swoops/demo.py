"""The demo club's Swoops tables (games.demo): who went out each round and the cards the
others were left holding."""

from __future__ import annotations

import math
import random

from games.hands.demo_base import DemoGame, DemoTable, Entries, scored
from games.plugins.swoops.engine import JOKER, RANKS, copies_in_decks, decks_for, hand_points
from games.scoring import RoundScore

# Players are mostly left holding small cards, now and then a 10 or a joker.
SWOOPS_RANK_WEIGHTS: tuple[float, ...] = tuple(
    {JOKER: 0.6, "10": 1.2, "K": 2.5, "Q": 2.5, "J": 2.5}.get(rank, 4.0) for rank in RANKS
)


def _swoops_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    options: dict[str, object] = {}
    if rng.random() < 0.2:
        options["rounds"] = rng.randint(5, 8)
    return options


def _swoops_round(table: DemoTable) -> dict[str, object]:
    """One player goes out; the others hold a few cards, the weaker players more of them."""
    rng, players = table.rng, list(table.setup.players)
    went_out = rng.choices(players, weights=table.luck(players, 0.6))[0]
    left = {rank: copies_in_decks(rank, decks_for(len(players))) for rank in RANKS}
    remaining: dict[str, list[str]] = {}
    for name in players:
        if name == went_out:
            continue
        count = 1 + min(12, int(rng.expovariate(1 / (2.5 * math.exp(-0.4 * table.strength[name])))))
        held: list[str] = []
        while len(held) < count:
            rank = rng.choices(RANKS, weights=SWOOPS_RANK_WEIGHTS)[0]
            if left[rank]:
                left[rank] -= 1
                held.append(rank)
        remaining[name] = sorted(held, key=RANKS.index)
    entry: dict[str, object] = {"went_out": went_out, "remaining": remaining}
    if rng.random() < 0.08:
        # Somebody added up their own cards and typed the total (the app allows it).
        typist = rng.choice(list(remaining))
        entry["totals"] = {typist: hand_points(remaining.pop(typist))}
    return entry


def _play_swoops(table: DemoTable, hands: int | None) -> Entries:
    if hands is not None:
        # The rules' other way to end: a fixed number of rounds.
        table.set_option("rounds", hands)
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    while not table.rules.game_state(scores, table.setup).finished:
        entry, score = scored(table, _swoops_round(table), scores)
        entries.append(entry)
        scores.append(score)
    return entries, scores


SWOOPS_DEMO = DemoGame(
    share=15,
    player_counts=(3, 4, 4, 5, 5, 6, 6, 7, 8),
    minutes_per_hand=9,
    options=_swoops_options,
    play=_play_swoops,
    specialists={"Jack": 0.8},
)
