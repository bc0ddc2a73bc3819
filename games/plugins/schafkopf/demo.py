"""The demo club's Schafkopf evenings (games.demo): a contract each hand and how it went, and
on some evenings a value per point, settled at the end of the night."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

from games.hands.demo_base import DemoGame, DemoTable, Entries, scored
from games.plugins.schafkopf.engine import (
    TOTAL_CARD_POINTS,
    TRICKS,
    fewest_card_points,
    most_card_points,
)
from games.scoring import RoundScore

SCHAFKOPF_CONTRACTS: Mapping[str, float] = {
    "sauspiel": 60,
    "solo": 16,
    "wenz": 12,
    "passed": 8,
    "solo-tout": 2,
    "wenz-tout": 1,
    "sie": 0.3,
}
# The declarer side's odds (as a logit) at equal skill: a Solo or a Tout is only called on a
# strong hand.
SCHAFKOPF_ODDS: Mapping[str, float] = {
    "sauspiel": 0.4,
    "solo": 1.0,
    "wenz": 0.85,
    "solo-tout": 1.4,
    "wenz-tout": 1.4,
}
SAUSPIEL_SUITS = ("eichel", "gras", "schellen")
SOLO_SUITS = ("eichel", "gras", "herz", "herz", "schellen")


def _money(cents_per_point: int) -> dict[str, object]:
    return {"cents_per_point": cents_per_point, "currency": "EUR"}


def _schafkopf_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    options: dict[str, object] = {}
    if rng.random() < 0.3:
        options["runners"] = True
    if money_rate:
        options.update(_money(money_rate))
    return options


def _schafkopf_hand(table: DemoTable) -> dict[str, object]:
    """A contract, its declarer (the stronger players declare more) and how it went."""
    rng, players = table.rng, list(table.setup.players)
    contract = rng.choices(list(SCHAFKOPF_CONTRACTS), weights=list(SCHAFKOPF_CONTRACTS.values()))[0]
    if contract == "passed":
        return {"contract": "passed"}
    declarer = rng.choices(players, weights=table.luck(players, 0.5))[0]
    entry: dict[str, object] = {"contract": contract, "declarer": declarer}
    if contract == "sie":
        return entry
    side = [declarer]
    if contract == "sauspiel":
        partner = rng.choice([name for name in players if name != declarer])
        entry["partner"] = partner
        side.append(partner)
        entry["suit"] = rng.choice(SAUSPIEL_SUITS)
    elif contract in ("solo", "solo-tout"):
        entry["suit"] = rng.choice(SOLO_SUITS)
    opponents = [name for name in players if name not in side]
    edge = sum(table.strength[name] for name in side) / len(side) - sum(
        table.strength[name] for name in opponents
    ) / len(opponents)
    won = rng.random() < 1 / (1 + math.exp(-(SCHAFKOPF_ODDS[contract] + 1.2 * edge)))
    if contract.endswith("tout"):
        entry["declarer_tricks"] = TRICKS if won else rng.randint(3, TRICKS - 1)
    elif rng.random() < 0.1:
        # Some tables only say who won, and whether it was Schneider.
        entry["declarer_won"] = won
        entry["schneider"] = rng.random() < 0.15
    else:
        points, schwarz = _declarer_points(rng, won)
        entry["declarer_points"] = points
        if schwarz or rng.random() < 0.75:
            entry["declarer_tricks"] = _declarer_tricks(rng, points, schwarz)
    entry["doublings"] = rng.choices((0, 1, 2, 3), weights=(85, 11, 3, 1))[0]
    if table.setup.option_bool("runners") and not contract.endswith("tout"):
        lowest = 2 if contract == "wenz" else 3
        if rng.random() < 0.25:
            entry["laufende"] = rng.randint(lowest, lowest + 2)
    return entry


def _declarer_points(rng: random.Random, won: bool) -> tuple[int, bool]:
    """Card points of the declarer side, and whether one side took every trick."""
    chance = rng.random()
    if won:
        if chance < 0.03:
            return 120, True
        points = rng.randint(91, 119) if chance < 0.22 else rng.randint(61, 90)
        # No side takes 119 (rules.md §1); the draw stays as it was, so a seed's evening does.
        return min(points, TOTAL_CARD_POINTS - 2), False
    if chance < 0.01:
        return 0, True
    return (rng.randint(5, 30) if chance < 0.1 else rng.randint(31, 60)), False


def _declarer_tricks(rng: random.Random, points: int, schwarz: bool) -> int:
    """Tricks that can hold those card points, about one trick per 15 of them."""
    if schwarz:
        return TRICKS if points else 0
    possible = [
        tricks
        for tricks in range(1, TRICKS)
        if fewest_card_points(tricks) <= points <= most_card_points(tricks)
    ]
    return min(possible, key=lambda tricks: abs(tricks - points / 15 + rng.uniform(-0.7, 0.7)))


def _play_schafkopf(table: DemoTable, hands: int | None) -> Entries:
    # The evening ends when the players stop: after a couple of hours, or at ``hands``.
    count = hands if hands is not None else table.rng.randint(16, 40)
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    for _number in range(count):
        entry, score = scored(table, _schafkopf_hand(table), scores)
        entries.append(entry)
        scores.append(score)
    return entries, scores


SCHAFKOPF_DEMO = DemoGame(
    share=20,
    player_counts=(4,),
    minutes_per_hand=3,
    options=_schafkopf_options,
    play=_play_schafkopf,
    specialists={"Dieter": 0.9, "Emi": -0.6, "Franz": 0.6},
    # On a Schafkopf night, Schafkopf is this many times as likely.
    night_boost=3,
    money=_money,
)
