"""The demo club's Tressette tables (games.demo): each hand's 11 points as counted at the table,
the stronger side taking more of them, to 21 or 31 as the table chose."""

from __future__ import annotations

import random

from games.hands.demo_base import DemoGame, DemoTable, Entries
from games.plugins.tressette.engine import HAND_POINTS
from games.scoring import RoundScore


def _tressette_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    return {"target": rng.choice(("31", "31", "21"))}


def _tressette_hand(table: DemoTable) -> dict[str, object]:
    """The hand's points: the last trick and the thirds of the cards, 11 in all, shared by the
    sides' luck (rules.md: a hand is worth 11)."""
    first, second = table.setup.sides
    luck = table.luck([first, second], 0.5)
    share = luck[0] / (luck[0] + luck[1]) if luck[0] + luck[1] > 0 else 0.5
    mine = min(HAND_POINTS, max(0, round(HAND_POINTS * share + table.rng.uniform(-2, 2))))
    return {"points": {first: mine, second: HAND_POINTS - mine}}


def _play_tressette(table: DemoTable, hands: int | None) -> Entries:
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    if hands is None:
        while not table.rules.game_state(scores, table.setup).finished:
            entry = _tressette_hand(table)
            entries.append(entry)
            scores.append(table.score(entry, scores))
        return entries, scores
    # Exactly ``hands`` hands, the last one deciding: level hands first (7 card points to one
    # side, 4 and a napoletana to the other), on which the game goes on whatever the totals,
    # as level leaders play on; then the last hand all to one side, with the napoletane it
    # needs to reach the target.
    table.set_option("target", "21")
    first, second = table.setup.sides
    for _ in range(hands - 1):
        level = {"points": {first: 7, second: 4}, "declarations": {second: {"napoletane": 1}}}
        entries.append(level)
        scores.append(table.score(level, scores))
    short = 21 - 7 * (hands - 1) - HAND_POINTS
    last: dict[str, object] = {"points": {first: HAND_POINTS, second: 0}}
    if short > 0:
        last["declarations"] = {first: {"napoletane": -(-short // 3)}}
    entries.append(last)
    scores.append(table.score(last, scores))
    return entries, scores


TRESSETTE_DEMO = DemoGame(
    share=5,
    player_counts=(2, 2, 4),
    minutes_per_hand=7,
    options=_tressette_options,
    play=_play_tressette,
)
