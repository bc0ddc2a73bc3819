"""The demo club's tables of another game (games.demo): a score pad's hands, each side's points
for the hand, the stronger sides scoring more (or, where the lowest total wins, less)."""

from __future__ import annotations

import random

from games.hands.demo_base import DemoGame, DemoTable, Entries
from games.scoring import RoundScore


def _custom_options(rng: random.Random, money_rate: int) -> dict[str, object]:
    options: dict[str, object] = {}
    if rng.random() < 0.3:
        # A Hearts-like game: the first to 100 ends it, the lowest total wins.
        options["lowest_wins"] = True
    elif rng.random() < 0.3:
        options["target"] = rng.choice((500, 1000))
    return options


def _custom_hand(table: DemoTable) -> dict[str, object]:
    """Each side's points for the hand: its luck, on the scale of the table's target."""
    sides = list(table.setup.sides)
    # Where the lowest total wins, skill keeps the points down.
    skill = -0.5 if table.setup.option_bool("lowest_wins") else 0.5
    luck = table.luck(sides, skill)
    scale = table.setup.option_int("target") / 8
    return {
        "points": {side: round(scale * value / 3) for side, value in zip(sides, luck, strict=True)}
    }


def _play_custom(table: DemoTable, hands: int | None) -> Entries:
    if hands is not None:
        table.set_option("hands", hands)
    entries: list[dict[str, object]] = []
    scores: list[RoundScore] = []
    while not table.rules.game_state(scores, table.setup).finished:
        entry = _custom_hand(table)
        entries.append(entry)
        scores.append(table.score(entry, scores))
    return entries, scores


CUSTOM_DEMO = DemoGame(
    share=5,
    player_counts=(3, 4, 4, 5),
    minutes_per_hand=6,
    options=_custom_options,
    play=_play_custom,
)
